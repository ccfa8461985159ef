//! The game server: WebSocket connections ([`connection`]), the lobby, one task per room
//! ([`room`]), the rooms' journals in a database ([`store`]: SQLite under `--data`, or
//! PostgreSQL), the metrics, and the limits that keep one bad connection from hurting the
//! others (frame size, message rate, idle time, queued bytes). Rooms are
//! [`bw_online::room::Room`]s: the rules crate referees them; this file holds the settings,
//! the hub and starting the server.

use std::collections::HashMap;
use std::io::Write;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::net::TcpListener;
use tokio::sync::{mpsc, oneshot};

use bw_online::protocol::*;
use bw_online::room::{ConnId, Content, Refused};

/// Server settings; [`Config::default`] is what `bracket-war serve` uses.
#[derive(Clone, Debug)]
pub struct Config {
    /// The folder of the embedded database (`server.db`) when no `database` is given.
    pub data: PathBuf,
    /// The database of rooms, journals and records: `sqlite:PATH` or `postgres://…`
    /// (`None`: SQLite in `data`).
    pub database: Option<String>,
    /// This server's address as clients reach it (`serve --public-url`). Servers sharing
    /// one database each give theirs: it names the rooms a server holds, and a client
    /// asked to join a room on another server is sent there (`directory`). `None`: a
    /// server alone.
    pub public_url: Option<String>,
    /// SQLite only: the most pages (4 KiB each) the database may grow to; past it every
    /// write fails as on a full disk (the fault tests' full disk).
    pub database_page_cap: Option<u32>,
    /// How long a dropped person keeps a seat.
    pub grace: Duration,
    /// A connection that sends nothing (not even a pong) for this long is closed.
    pub idle: Duration,
    /// How often the server pings each connection.
    pub ping: Duration,
    /// Messages a connection may send per second, on average, and in a burst. Control frames
    /// (pings, pongs) count too.
    pub rate_per_sec: f64,
    pub rate_burst: f64,
    /// Bytes the server may hold for one connection that does not read: messages waiting to
    /// be written and the WebSocket's own write buffer (its pongs included). Over it, the
    /// connection closes; no other client notices.
    pub max_queued_bytes: usize,
    /// Open connections, in all and from one address; one more is closed at once.
    pub max_connections: usize,
    pub max_connections_per_ip: usize,
    /// Rooms open at once; one more is refused (`server_full`).
    pub max_rooms: usize,
    /// Observers in one room at once; one more is refused (`room_full`). Every change of a
    /// room is sent to each of them.
    pub max_observers: usize,
    /// Accounts the server keeps; a registration past it is refused (`server_full`): the
    /// database does not grow without end.
    pub max_accounts: u64,
    /// The certificate chain and private key (PEM files) to serve `wss://` with; `None`:
    /// `ws://`, in clear.
    pub tls: Option<TlsFiles>,
    /// Where to serve the Prometheus metrics (`http://ADDR/metrics`); `None`: nowhere.
    pub metrics: Option<String>,
    /// Finished rooms' journals and records are deleted this long after the room closed
    /// (checked at start and every hour); `None`: kept for ever.
    pub keep_finished: Option<Duration>,
    /// A waiting room's journal is compacted (rewritten as its seats, hands and chat) once
    /// it holds this many entries: toggling readiness cannot grow the database.
    pub compact_after: u64,
    /// Computers thinking at once, server-wide (each on a core for up to its think time);
    /// the others wait their turn. Default: the machine's cores.
    pub max_thinking: usize,
    /// How long a hard computer thinks a move (within [`bw_players::THINKING_MS`]): with
    /// `max_thinking`, what the server's computers may cost.
    pub hard_think: Duration,
    /// Passwords checked or hashed (log-ins and registrations) per address and minute; one
    /// more is refused (`rate_limited`) and the connection stays. Password hashes are dear
    /// on purpose: this keeps one address from spending the server's cores on them.
    pub password_attempts_per_minute: u32,
    /// Test builds only: a chat line `!panic` makes the room's game panic, `!full` makes its
    /// journal fail every write as on a full disk (fault tests).
    pub test_faults: bool,
    /// Rooms' seeds drawn from this number and the room's id instead of the server's
    /// secret, so that the same requests make the same games (the `screenshot` command's
    /// pictures). A public server leaves it unset: its games' seeds are unguessable.
    pub fixed_seeds: Option<u64>,
}

impl Config {
    /// What this server's rooms take from its settings: a new room's and a restored one's.
    pub(crate) fn configure(&self, room: &mut bw_online::room::Room) {
        room.grace_ms = self.grace.as_millis() as u64;
        room.max_observers = self.max_observers;
        room.hard_think = self.hard_think;
    }

    pub fn new(data: impl Into<PathBuf>) -> Config {
        Config {
            data: data.into(),
            database: None,
            public_url: None,
            database_page_cap: None,
            grace: Duration::from_millis(bw_online::room::DEFAULT_GRACE_MS),
            idle: Duration::from_secs(60),
            ping: Duration::from_secs(20),
            rate_per_sec: 20.0,
            rate_burst: 60.0,
            max_queued_bytes: DEFAULT_MAX_QUEUED_BYTES,
            max_connections: DEFAULT_MAX_CONNECTIONS,
            max_connections_per_ip: DEFAULT_MAX_CONNECTIONS_PER_IP,
            max_rooms: DEFAULT_MAX_ROOMS,
            max_observers: bw_online::protocol::MAX_OBSERVERS,
            hard_think: bw_players::THINKING,
            max_accounts: DEFAULT_MAX_ACCOUNTS,
            tls: None,
            metrics: None,
            compact_after: DEFAULT_COMPACT_AFTER,
            keep_finished: None,
            max_thinking: std::thread::available_parallelism().map_or(2, |n| n.get()),
            password_attempts_per_minute: DEFAULT_PASSWORD_ATTEMPTS_PER_MINUTE,
            test_faults: false,
            fixed_seeds: None,
        }
    }
}

/// The PEM files of `serve --tls-cert FILE --tls-key FILE`.
#[derive(Clone, Debug)]
pub struct TlsFiles {
    pub cert: PathBuf,
    pub key: PathBuf,
}

/// How long a new connection has for its TLS handshake, and then for its WebSocket
/// handshake.
const HANDSHAKE: Duration = Duration::from_secs(10);

/// How many messages a slow reader may have waiting before it is disconnected (the bytes
/// are bounded by [`Config::max_queued_bytes`]).
const OUTBOX: usize = 1024;

/// The default of [`Config::max_queued_bytes`]: 1 MiB, sixteen of the largest frames.
pub const DEFAULT_MAX_QUEUED_BYTES: usize = 1 << 20;
/// The defaults of [`Config::max_connections`], [`Config::max_connections_per_ip`] and
/// [`Config::max_rooms`] (each connection holds a descriptor: under the common limit of
/// 4,096 with room to spare).
pub const DEFAULT_MAX_CONNECTIONS: usize = 2_000;
pub const DEFAULT_MAX_CONNECTIONS_PER_IP: usize = 32;
/// Accounts a server keeps unless told otherwise (`serve --max-accounts`).
pub const DEFAULT_MAX_ACCOUNTS: u64 = 100_000;

pub const DEFAULT_MAX_ROOMS: usize = 2_000;
/// The default of [`Config::compact_after`].
pub const DEFAULT_COMPACT_AFTER: u64 = 256;

enum Outgoing {
    Text(String),
    /// Closes the connection after the messages before it.
    Close,
}

/// A connection as a room knows it.
#[derive(Clone)]
struct Link {
    id: ConnId,
    out: mpsc::Sender<Outgoing>,
    /// The room the connection is in (0: none); the room clears it when the connection
    /// leaves.
    room: Arc<AtomicU64>,
    /// Told when the connection's outbox overflowed: its reader ends the connection.
    overflow: Arc<tokio::sync::Notify>,
    /// Bytes of messages sent to the connection and not yet written, and their limit; and
    /// the same over every connection.
    queued: Arc<AtomicUsize>,
    max_queued: usize,
    all_queued: Arc<AtomicUsize>,
    metrics: Arc<metrics::Metrics>,
}

impl Link {
    fn send(&self, msg: &ServerMsg) {
        if let ServerMsg::Refused { code, .. } | ServerMsg::Error { code, .. } = msg {
            self.metrics.refused(*code);
        }
        self.send_text(to_json(msg));
    }

    /// A message already in JSON (the lobby, made once for many).
    fn send_text(&self, text: String) {
        let len = text.len();
        let over = self.queued.fetch_add(len, Ordering::AcqRel) + len > self.max_queued;
        let sent = !over && {
            match self.out.try_send(Outgoing::Text(text)) {
                Ok(()) => true,
                // The connection is gone: nothing to end.
                Err(mpsc::error::TrySendError::Closed(_)) => {
                    self.queued.fetch_sub(len, Ordering::AcqRel);
                    return;
                }
                Err(mpsc::error::TrySendError::Full(_)) => false,
            }
        };
        if sent {
            self.all_queued.fetch_add(len, Ordering::AcqRel);
        } else {
            self.queued.fetch_sub(len, Ordering::AcqRel);
            // A reader that does not keep up would miss messages: end the connection (it
            // can come back with its seat token and get everything again).
            self.overflow.notify_one();
        }
    }
}

enum RoomCmd {
    Enter {
        link: Link,
        name: String,
        /// The account's key when the connection is logged in, and its ratings (pool,
        /// rating).
        account: Option<(String, Vec<(String, f64)>)>,
        seat: Option<u8>,
        /// A private room's password, as the client said it.
        password: Option<String>,
        reply: oneshot::Sender<Result<(), Refused>>,
    },
    Resume {
        link: Link,
        token: String,
        reply: oneshot::Sender<Result<(), Refused>>,
    },
    /// A logged-in connection takes back its account's seat.
    ResumeAccount {
        link: Link,
        account: String,
        ratings: Vec<(String, f64)>,
        reply: oneshot::Sender<Result<(), Refused>>,
    },
    Msg {
        conn: ConnId,
        msg: ClientMsg,
    },
    Depart {
        conn: ConnId,
        said_leave: bool,
    },
    Computer {
        stamp: u64,
        seat: u8,
        action: Option<GameAction>,
    },
}

struct RoomHandle {
    tx: mpsc::UnboundedSender<RoomCmd>,
    summary: RoomSummary,
}

/// Everything the connections share.
pub struct Hub {
    config: Config,
    content: Content,
    epoch: Instant,
    rooms: Mutex<HashMap<RoomId, RoomHandle>>,
    /// Raised whenever a room comes, goes or changes its line in the lobby; and the lobby
    /// message as made at a version (a flood of `list_rooms` costs a copy each, not a
    /// serialisation of every room).
    rooms_version: AtomicU64,
    lobby_made: Mutex<(u64, Option<String>)>,
    /// `find_rooms` pages as made at a version, by filter and page (at most
    /// [`FOUND_PAGES_KEPT`]; all forgotten when a room changes).
    found_made: Mutex<(u64, HashMap<(LobbyFilter, u32), String>)>,
    tokens: Mutex<HashMap<String, RoomId>>,
    /// The room where each logged-in account last sat (its seat may be gone since: the
    /// room says so).
    seated_accounts: Mutex<HashMap<String, RoomId>>,
    next_room: AtomicU64,
    next_conn: AtomicU64,
    secret: std::collections::hash_map::RandomState,
    /// Bytes of messages waiting to be written, over every connection.
    queued_bytes: Arc<AtomicUsize>,
    /// Open connections by address.
    connections: Mutex<HashMap<std::net::IpAddr, usize>>,
    store: Store,
    metrics: Arc<metrics::Metrics>,
    /// Permits to think ([`Config::max_thinking`]).
    thinking: Arc<tokio::sync::Semaphore>,
    /// Password hashes computed at once (half the cores: games keep the rest).
    hashing: accounts::Hashing,
    /// Password attempts left per address ([`Config::password_attempts_per_minute`]): a
    /// bucket each, refilled over the minute.
    password_attempts: Mutex<HashMap<std::net::IpAddr, (f64, Instant)>>,
    /// Quick match's queues.
    quick: quick::Queues,
    /// The rooms other servers of this hall list (several servers on one database; their
    /// `server` says where), by id.
    remote: Mutex<Vec<RoomSummary>>,
}

/// A connection counted open until it is dropped.
struct Counted {
    hub: Arc<Hub>,
    ip: std::net::IpAddr,
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut open = self.hub.connections.lock().expect("connections");
        if let Some(n) = open.get_mut(&self.ip) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.ip);
            }
        }
    }
}

/// A token (a seat's, a session's): 128 bits from the operating system's random source, as
/// hex.
fn new_token() -> String {
    let mut bits = [0u8; 16];
    getrandom::fill(&mut bits).expect("the operating system's random source");
    bits.iter().map(|b| format!("{b:02x}")).collect()
}

/// The address limits count by: an IPv4 address, or an IPv6 address's /64 (one subscriber
/// holds a whole /64, so counting single IPv6 addresses would bound nobody).
fn address_key(ip: std::net::IpAddr) -> std::net::IpAddr {
    match ip {
        std::net::IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => std::net::IpAddr::V4(v4),
            None => {
                let bits = u128::from(v6) & !((1u128 << 64) - 1);
                std::net::IpAddr::V6(std::net::Ipv6Addr::from(bits))
            }
        },
        v4 => v4,
    }
}

/// [`Config::password_attempts_per_minute`]'s default.
pub const DEFAULT_PASSWORD_ATTEMPTS_PER_MINUTE: u32 = 20;

/// Addresses whose password attempts are remembered at once; past it, the full buckets are
/// forgotten (an address that had none left stays remembered).
const PASSWORD_BUCKETS: usize = 10_000;

impl Hub {
    /// Takes one password attempt from the address's bucket; false when it has none left.
    fn password_attempt(&self, ip: std::net::IpAddr) -> bool {
        let ip = address_key(ip);
        let per_minute = self.config.password_attempts_per_minute.max(1) as f64;
        let now = Instant::now();
        let mut buckets = self.password_attempts.lock().expect("attempts");
        if buckets.len() >= PASSWORD_BUCKETS {
            buckets.retain(|_, (left, at)| {
                *left + now.duration_since(*at).as_secs_f64() * per_minute / 60.0 < per_minute
            });
        }
        let (left, at) = buckets.entry(ip).or_insert((per_minute, now));
        *left = (*left + now.duration_since(*at).as_secs_f64() * per_minute / 60.0).min(per_minute);
        *at = now;
        if *left >= 1.0 {
            *left -= 1.0;
            true
        } else {
            false
        }
    }

    /// Counts a new connection from `ip` in, unless the server or that address is full.
    fn admit(self: &Arc<Hub>, ip: std::net::IpAddr) -> Option<Counted> {
        let mut open = self.connections.lock().expect("connections");
        let total: usize = open.values().sum();
        let mine = open.get(&ip).copied().unwrap_or(0);
        if total >= self.config.max_connections || mine >= self.config.max_connections_per_ip {
            self.metrics
                .connections_refused
                .fetch_add(1, Ordering::Relaxed);
            return None;
        }
        open.insert(ip, mine + 1);
        Some(Counted {
            hub: self.clone(),
            ip,
        })
    }

    /// A room leaves the server: out of the lobby, and its seat tokens forgotten (the token
    /// table holds only open rooms' seats).
    fn close_room(&self, id: RoomId) {
        self.rooms.lock().expect("rooms").remove(&id);
        self.rooms_changed();
        self.tokens
            .lock()
            .expect("tokens")
            .retain(|_, room| *room != id);
        self.seated_accounts
            .lock()
            .expect("accounts")
            .retain(|_, room| *room != id);
    }

    /// Seat tokens the server knows (those of its open rooms).
    pub fn seat_tokens(&self) -> usize {
        self.tokens.lock().expect("tokens").len()
    }

    /// Connections open now.
    pub fn connections(&self) -> usize {
        self.connections.lock().expect("connections").values().sum()
    }
}

impl Hub {
    /// Bytes of messages waiting to be written to clients, over every connection.
    pub fn queued_bytes(&self) -> usize {
        self.queued_bytes.load(Ordering::Acquire)
    }

    fn now(&self) -> u64 {
        self.epoch.elapsed().as_millis() as u64
    }

    /// A seat token: [`new_token`]. Only its hash is kept
    /// ([`bw_online::room::token_hash`]); it lasts as long as its room.
    fn token(&self) -> String {
        new_token()
    }

    /// The server's counters (what `--metrics` shows).
    pub fn metrics(&self) -> &metrics::Metrics {
        &self.metrics
    }

    /// The database (rooms, journals, records).
    pub fn store(&self) -> &Store {
        &self.store
    }

    /// The lobby message: the rooms by id, as many as fit in one frame (rooms waiting for
    /// players first), with how many there are in all.
    pub fn lobby(&self) -> ServerMsg {
        let rooms = self.rooms.lock().expect("rooms");
        let mut list: Vec<RoomSummary> = rooms.values().map(|r| r.summary.clone()).collect();
        drop(rooms);
        list.extend(self.remote.lock().expect("remote").iter().cloned());
        let total = list.len();
        list.sort_by_key(|r| (r.status != RoomStatus::Waiting, r.id));
        fit_lobby(list, total)
    }

    /// The lobby message in JSON, made again only when a room has changed since.
    pub fn lobby_text(&self) -> String {
        let version = self.rooms_version.load(Ordering::Acquire);
        if let (made, Some(text)) = &*self.lobby_made.lock().expect("lobby")
            && *made == version
        {
            return text.clone();
        }
        let text = to_json(&self.lobby());
        *self.lobby_made.lock().expect("lobby") = (version, Some(text.clone()));
        text
    }

    /// A page of the rooms that pass `filter`, waiting rooms first, as the `lobby` message
    /// in JSON; made again only when a room has changed since.
    pub fn find_rooms_text(&self, filter: &LobbyFilter, page: u32) -> String {
        let version = self.rooms_version.load(Ordering::Acquire);
        {
            let made = self.found_made.lock().expect("found");
            if made.0 == version
                && let Some(text) = made.1.get(&(filter.clone(), page))
            {
                return text.clone();
            }
        }
        let rooms = self.rooms.lock().expect("rooms");
        let mut list: Vec<RoomSummary> = rooms
            .values()
            .filter(|r| filter.passes(&r.summary))
            .map(|r| r.summary.clone())
            .collect();
        drop(rooms);
        let remote = self.remote.lock().expect("remote");
        list.extend(remote.iter().filter(|r| filter.passes(r)).cloned());
        drop(remote);
        let total = list.len();
        list.sort_by_key(|r| (r.status != RoomStatus::Waiting, r.id));
        let from = (page as usize).saturating_mul(LOBBY_PAGE).min(list.len());
        let on_page: Vec<RoomSummary> = list.drain(from..).take(LOBBY_PAGE).collect();
        let ServerMsg::Lobby { rooms, total, .. } = fit_lobby(on_page, total) else {
            unreachable!("fit_lobby makes a lobby")
        };
        let text = to_json(&ServerMsg::Lobby { rooms, total, page });
        let mut made = self.found_made.lock().expect("found");
        if made.0 != version || made.1.len() >= FOUND_PAGES_KEPT {
            *made = (version, HashMap::new());
        }
        made.1.insert((filter.clone(), page), text.clone());
        text
    }

    fn rooms_changed(&self) {
        self.rooms_version.fetch_add(1, Ordering::AcqRel);
    }

    /// The address of the other server of this hall that holds room `id`, if one does.
    fn elsewhere(&self, id: RoomId) -> Option<String> {
        self.remote
            .lock()
            .expect("remote")
            .iter()
            .find(|r| r.id == id)
            .and_then(|r| r.server.clone())
    }

    fn room_tx(&self, id: RoomId) -> Option<mpsc::UnboundedSender<RoomCmd>> {
        self.rooms
            .lock()
            .expect("rooms")
            .get(&id)
            .map(|r| r.tx.clone())
    }
}

/// A running server: its address, its metrics' address, and the hub (for tests).
pub struct Running {
    pub addr: SocketAddr,
    /// Whether the server speaks `wss://` (TLS) or `ws://`.
    pub tls: bool,
    pub metrics: Option<SocketAddr>,
    pub hub: Arc<Hub>,
}

/// Binds, restores every unfinished room from `config.data`, and serves on the current
/// Tokio runtime until the runtime ends.
pub async fn start(addr: &str, config: Config) -> Result<Running, String> {
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let local = listener
        .local_addr()
        .map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    let tls = match &config.tls {
        Some(files) => Some(tokio_rustls::TlsAcceptor::from(crate::tls::server_config(
            &files.cert,
            &files.key,
        )?)),
        None => None,
    };
    let store = open_store(&config).await?;
    let store = match &config.public_url {
        Some(me) => store.for_server(me),
        None => store,
    };
    let metrics_listener = match &config.metrics {
        Some(at) => Some(
            TcpListener::bind(at)
                .await
                .map_err(|e| format!("cannot serve the metrics on {at}: {e}"))?,
        ),
        None => None,
    };
    let max_thinking = config.max_thinking.max(1);
    let hub = Arc::new(Hub {
        config,
        content: Content::builtin(),
        epoch: Instant::now(),
        rooms: Mutex::new(HashMap::new()),
        rooms_version: AtomicU64::new(0),
        lobby_made: Mutex::new((0, None)),
        found_made: Mutex::new((0, HashMap::new())),
        tokens: Mutex::new(HashMap::new()),
        seated_accounts: Mutex::new(HashMap::new()),
        next_room: AtomicU64::new(1),
        queued_bytes: Arc::new(AtomicUsize::new(0)),
        connections: Mutex::new(HashMap::new()),
        next_conn: AtomicU64::new(1),
        secret: std::collections::hash_map::RandomState::new(),
        store,
        metrics: Arc::new(metrics::Metrics::default()),
        thinking: Arc::new(tokio::sync::Semaphore::new(max_thinking)),
        hashing: accounts::Hashing::new(
            std::thread::available_parallelism().map_or(2, |n| n.get()) / 2,
        ),
        password_attempts: Mutex::new(HashMap::new()),
        quick: quick::Queues::default(),
        remote: Mutex::new(Vec::new()),
    });
    restore_rooms(&hub).await?;
    if hub.config.public_url.is_some() {
        directory::start(&hub).await?;
    }
    tokio::spawn(quick::matchmaker(hub.clone()));
    if let Some(age) = hub.config.keep_finished {
        hub.store.forget_finished(age).await?;
        let store = hub.store.clone();
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(Duration::from_secs(3600)).await;
                if let Err(e) = store.forget_finished(age).await {
                    eprintln!("cannot delete finished rooms' journals: {e}");
                }
            }
        });
    }
    let metrics_addr = match metrics_listener {
        Some(listener) => {
            let addr = listener.local_addr().ok();
            tokio::spawn(metrics::serve(listener, hub.clone()));
            addr
        }
        None => None,
    };
    let accept_hub = hub.clone();
    tokio::spawn(async move {
        loop {
            match listener.accept().await {
                Ok((stream, peer)) => {
                    // Over a limit, the connection is closed at once (its descriptor freed).
                    let Some(counted) = accept_hub.admit(address_key(peer.ip())) else {
                        drop(stream);
                        continue;
                    };
                    let _ = stream.set_nodelay(true);
                    let hub = accept_hub.clone();
                    let tls = tls.clone();
                    tokio::spawn(async move {
                        match tls {
                            // The TLS handshake has the WebSocket handshake's deadline.
                            Some(tls) => {
                                let shake = tokio::time::timeout(HANDSHAKE, tls.accept(stream));
                                match shake.await {
                                    Ok(Ok(stream)) => connection(hub, stream, peer).await,
                                    _ => hub.metrics.tls_failed(),
                                }
                            }
                            None => connection(hub, stream, peer).await,
                        }
                        drop(counted);
                    });
                }
                Err(e) => {
                    // Out of descriptors or a transient error: wait a little, go on.
                    eprintln!("accept: {e}");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                }
            }
        }
    });
    Ok(Running {
        addr: local,
        tls: hub.config.tls.is_some(),
        metrics: metrics_addr,
        hub,
    })
}

/// `bracket-war serve`: prints `listening ws://HOST:PORT` (`wss://` with TLS) first, then
/// serves until killed.
pub fn run(addr: &str, config: Config) -> Result<(), String> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| format!("cannot start the server's runtime: {e}"))?;
    runtime.block_on(async {
        let running = start(addr, config).await?;
        let scheme = if running.tls { "wss" } else { "ws" };
        println!("listening {scheme}://{}", running.addr);
        if let Some(m) = running.metrics {
            println!("metrics http://{m}/metrics");
        }
        if !running.tls {
            eprintln!(
                "note: the connections are not encrypted (ws://): names, chat and seat \
                 tokens cross the network in clear; give --tls-cert and --tls-key to serve \
                 wss://"
            );
        }
        let _ = std::io::stdout().flush();
        std::future::pending::<()>().await;
        Ok(())
    })
}

/// Starts a server on a thread of its own (tests, and a room hosted from the game).
pub fn spawn(addr: &str, config: Config) -> Result<Running, String> {
    let (tx, rx) = std::sync::mpsc::channel();
    let addr = addr.to_string();
    std::thread::Builder::new()
        .name("bw-server".into())
        .spawn(move || {
            let runtime = match tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
            {
                Ok(r) => r,
                Err(e) => {
                    let _ = tx.send(Err(e.to_string()));
                    return;
                }
            };
            runtime.block_on(async move {
                let r = start(&addr, config).await;
                let ok = r.is_ok();
                let _ = tx.send(r);
                if ok {
                    std::future::pending::<()>().await;
                }
            });
        })
        .map_err(|e| e.to_string())?;
    rx.recv().map_err(|e| e.to_string())?
}

pub mod accounts;
mod connection;
mod directory;
mod journal;
pub mod metrics;
mod quick;
mod room;
pub mod store;
pub use bw_online::protocol::clean_name;
pub use store::Store;
/// The lobby message with as many of `rooms` as fit in one frame ([`MAX_FRAME_BYTES`]).
/// `find_rooms` pages kept made at once (a flood of different filters costs a page each,
/// never unbounded memory).
const FOUND_PAGES_KEPT: usize = 64;

fn fit_lobby(mut rooms: Vec<RoomSummary>, total: usize) -> ServerMsg {
    let mut size = to_json(&ServerMsg::Lobby {
        rooms: Vec::new(),
        total,
        page: u32::MAX,
    })
    .len();
    let mut keep = 0;
    for r in &rooms {
        // The room's JSON and the comma before it.
        let n = serde_json::to_string(r).map_or(usize::MAX, |s| s.len() + 1);
        if size.saturating_add(n) > MAX_FRAME_BYTES {
            break;
        }
        size += n;
        keep += 1;
    }
    rooms.truncate(keep);
    ServerMsg::Lobby {
        rooms,
        total,
        page: 0,
    }
}

use connection::connection;
use journal::{open_store, restore_rooms};
use room::create_room;

#[cfg(test)]
mod tests {
    #[test]
    fn limits_count_an_ipv6_subscribers_64_as_one_address() {
        use std::net::IpAddr;
        let key = |s: &str| super::address_key(s.parse::<IpAddr>().unwrap());
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2:ffff::9"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("2001:db8:1:2:aaaa::1"), key("2001:db8:1:2::"));
        assert_eq!(key("192.0.2.7"), "192.0.2.7".parse::<IpAddr>().unwrap());
        assert_eq!(key("::ffff:192.0.2.7"), key("192.0.2.7"));
    }

    use super::*;

    #[test]
    fn the_lobby_fits_in_one_frame_however_many_rooms_there_are() {
        let room = |id: RoomId, status| RoomSummary {
            id,
            options: bw_server_test_options(),
            seats: 4,
            taken: 1,
            observers: 0,
            status,
            private: false,
            server: None,
        };
        let rooms: Vec<RoomSummary> = (1..=5000)
            .map(|id| {
                room(
                    id,
                    if id % 2 == 0 {
                        RoomStatus::Waiting
                    } else {
                        RoomStatus::Playing
                    },
                )
            })
            .collect();
        let msg = fit_lobby(rooms, 5000);
        assert!(to_json(&msg).len() <= MAX_FRAME_BYTES);
        let ServerMsg::Lobby { rooms, total, .. } = msg else {
            unreachable!()
        };
        assert_eq!(total, 5000);
        assert!(rooms.len() > 50, "a full frame of rooms: {}", rooms.len());
    }

    fn bw_server_test_options() -> RoomOptions {
        crate::loadtest::room_options(GameKind::Junqi, 4)
    }
}
