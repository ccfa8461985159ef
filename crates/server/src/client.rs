//! A blocking client for the protocol: one WebSocket over TCP (`ws://`) or TLS (`wss://`),
//! for tests, tools and the game's online screens (on a thread of their own).

use std::net::{TcpStream, ToSocketAddrs};
use std::sync::Arc;
use std::time::{Duration, Instant};

use tungstenite::client::IntoClientRequest;
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

use crate::tls;

/// How long reaching a server may take: the TCP connection, and the TLS and WebSocket
/// handshakes.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

use bw_online::protocol::*;

pub struct Client {
    ws: WebSocket<MaybeTlsStream<TcpStream>>,
}

/// What a receive saw.
#[derive(Debug)]
pub enum Received {
    Msg(ServerMsg),
    /// Nothing within the time.
    Nothing,
    /// The server closed the connection (or it broke).
    Closed,
}

impl Client {
    /// Connects to `ws://HOST:PORT` or `wss://HOST:PORT` (the server's certificate checked
    /// against the roots of [`tls::default_client_config`]).
    pub fn connect(url: &str) -> Result<Client, String> {
        Client::connect_with(url, tls::default_client_config())
    }

    /// [`Client::connect`] trusting what `tls` trusts (a test's self-signed certificate).
    pub fn connect_with(url: &str, tls: Arc<rustls::ClientConfig>) -> Result<Client, String> {
        let fail = |e: &dyn std::fmt::Display| format!("cannot reach {url}: {e}");
        let request = url.into_client_request().map_err(|e| fail(&e))?;
        let uri = request.uri();
        let host = uri.host().ok_or_else(|| fail(&"no host"))?;
        let port = match uri.port_u16() {
            Some(p) => p,
            None => match tungstenite::client::uri_mode(uri).map_err(|e| fail(&e))? {
                tungstenite::stream::Mode::Plain => 80,
                tungstenite::stream::Mode::Tls => 443,
            },
        };
        // `[::1]` in a URL is `::1` to the resolver.
        let host = host.trim_start_matches('[').trim_end_matches(']');
        let addrs = (host, port).to_socket_addrs().map_err(|e| fail(&e))?;
        let mut last = None;
        let mut stream = None;
        for addr in addrs {
            match TcpStream::connect_timeout(&addr, CONNECT_TIMEOUT) {
                Ok(s) => {
                    stream = Some(s);
                    break;
                }
                Err(e) => last = Some(e),
            }
        }
        let stream = match (stream, last) {
            (Some(s), _) => s,
            (None, Some(e)) => return Err(fail(&e)),
            (None, None) => return Err(fail(&"the host has no address")),
        };
        let _ = stream.set_nodelay(true);
        // A server that accepts and then says nothing cannot hold the handshake for ever.
        stream
            .set_read_timeout(Some(CONNECT_TIMEOUT))
            .and_then(|()| stream.set_write_timeout(Some(CONNECT_TIMEOUT)))
            .map_err(|e| fail(&e))?;
        let (ws, _) = tungstenite::client_tls_with_config(
            request,
            stream,
            None,
            Some(tungstenite::Connector::Rustls(tls)),
        )
        .map_err(|e| match e {
            tungstenite::HandshakeError::Failure(e) => fail(&e),
            tungstenite::HandshakeError::Interrupted(_) => fail(&"the handshake timed out"),
        })?;
        let mut client = Client { ws };
        if let Some(tcp) = client.tcp() {
            let _ = tcp.set_write_timeout(None);
        }
        Ok(client)
    }

    /// Connects and says `hello`; waits for `welcome`.
    pub fn join(url: &str, name: &str, resume: Option<String>) -> Result<Client, String> {
        Client::connect(url)?.hello(name, resume)
    }

    /// Says `hello` on a fresh connection; waits for `welcome`.
    pub fn hello(mut self, name: &str, resume: Option<String>) -> Result<Client, String> {
        let c = &mut self;
        c.send(&ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            name: name.into(),
            resume,
            session: None,
        })?;
        match c.expect(Duration::from_secs(10), |m| {
            matches!(m, ServerMsg::Welcome { .. })
        })? {
            ServerMsg::Welcome { .. } => Ok(self),
            other => Err(format!("no welcome: {other:?}")),
        }
    }

    /// Says `hello` with a session token; the name the server gives the connection, and
    /// whether it is logged in (an unknown or expired session leaves it a guest).
    pub fn hello_session(&mut self, name: &str, session: &str) -> Result<(String, bool), String> {
        self.send(&ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            name: name.into(),
            resume: None,
            session: Some(session.into()),
        })?;
        match self.expect(Duration::from_secs(10), |m| {
            matches!(m, ServerMsg::Welcome { .. })
        })? {
            ServerMsg::Welcome { name, account, .. } => Ok((name, account)),
            other => Err(format!("no welcome: {other:?}")),
        }
    }

    pub fn send(&mut self, msg: &ClientMsg) -> Result<(), String> {
        self.send_text(&to_json(msg))
    }

    /// Any text, for tests of bad input.
    pub fn send_text(&mut self, text: &str) -> Result<(), String> {
        self.ws
            .send(Message::text(text.to_string()))
            .map_err(|e| format!("send: {e}"))
    }

    /// Any frame, for tests of bad input.
    pub fn send_frame(&mut self, msg: Message) -> Result<(), String> {
        self.ws.send(msg).map_err(|e| format!("send: {e}"))
    }

    /// The TCP stream under the WebSocket (and under TLS, for `wss://`).
    fn tcp(&mut self) -> Option<&mut TcpStream> {
        match self.ws.get_mut() {
            MaybeTlsStream::Plain(s) => Some(s),
            MaybeTlsStream::Rustls(s) => Some(&mut s.sock),
            _ => None,
        }
    }

    fn set_timeout(&mut self, t: Option<Duration>) {
        if let Some(s) = self.tcp() {
            let _ = s.set_read_timeout(t);
        }
    }

    /// The next message, waiting at most `timeout`.
    pub fn recv(&mut self, timeout: Duration) -> Received {
        let deadline = Instant::now() + timeout;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Received::Nothing;
            }
            self.set_timeout(Some(left));
            match self.ws.read() {
                Ok(Message::Text(t)) => {
                    return match parse_server(t.as_str()) {
                        Ok(m) => Received::Msg(m),
                        Err(_) => Received::Closed,
                    };
                }
                Ok(Message::Close(_)) => return Received::Closed,
                Ok(_) => continue,
                Err(tungstenite::Error::Io(e))
                    if matches!(
                        e.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    return Received::Nothing;
                }
                Err(_) => return Received::Closed,
            }
        }
    }

    /// Waits for the first message `wanted` accepts (others are dropped); an error names
    /// what came instead.
    pub fn expect(
        &mut self,
        timeout: Duration,
        wanted: impl Fn(&ServerMsg) -> bool,
    ) -> Result<ServerMsg, String> {
        let deadline = Instant::now() + timeout;
        let mut last = None;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.recv(left) {
                Received::Msg(m) if wanted(&m) => return Ok(m),
                Received::Msg(m) => last = Some(m),
                Received::Nothing => {
                    return Err(format!("nothing wanted came in time; last: {last:?}"));
                }
                Received::Closed => return Err(format!("the connection closed; last: {last:?}")),
            }
        }
    }

    /// Waits until the server closes the connection; the messages before it.
    pub fn until_closed(&mut self, timeout: Duration) -> Result<Vec<ServerMsg>, Vec<ServerMsg>> {
        let deadline = Instant::now() + timeout;
        let mut seen = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.recv(left) {
                Received::Msg(m) => seen.push(m),
                Received::Nothing => return Err(seen),
                Received::Closed => return Ok(seen),
            }
        }
    }
}

/// Actions a [`BotClient`] sends a second on average, and in a burst: under the server's
/// message rate (docs/protocol.md: 20 a second, bursts of 60), which drops a message over
/// it. A computer answers in microseconds, so two of them alone in a room would go past it.
pub const BOT_ACTIONS_PER_SEC: f64 = 15.0;
pub const BOT_ACTION_BURST: f64 = 40.0;

/// A token bucket: how a bot keeps under the server's message rate.
struct Pace {
    tokens: f64,
    at: Instant,
}

impl Pace {
    fn new() -> Pace {
        Pace {
            tokens: BOT_ACTION_BURST,
            at: Instant::now(),
        }
    }

    /// Waits, when needed, until one more action keeps within the rate, and takes it.
    fn wait_for_one(&mut self) {
        let now = Instant::now();
        self.tokens = (self.tokens
            + now.duration_since(self.at).as_secs_f64() * BOT_ACTIONS_PER_SEC)
            .min(BOT_ACTION_BURST);
        self.at = now;
        if self.tokens < 1.0 {
            let short = (1.0 - self.tokens) / BOT_ACTIONS_PER_SEC;
            std::thread::sleep(Duration::from_secs_f64(short));
            self.tokens = 1.0;
            self.at = Instant::now();
        }
        self.tokens -= 1.0;
    }
}

/// A client with a computer player at its seat (tests and tools). It sends its actions
/// within the server's message rate ([`BOT_ACTIONS_PER_SEC`]).
pub struct BotClient {
    pub client: Client,
    pub bot: bw_online::bot::Bot,
    /// Actions sent so far.
    pub acted: usize,
    seq: u32,
    /// The game's record, once it ended.
    pub finished: Option<GameRecord>,
    /// The last view of the game the server sent.
    pub last_view: Option<GameView>,
    /// How the hall counted the finished game (`rated`), once told.
    pub rated: Option<Vec<SeatRating>>,
    /// Refusals and errors received.
    pub refusals: Vec<(RefusalCode, String)>,
    pub closed: bool,
    pace: Pace,
}

impl BotClient {
    pub fn new(client: Client, bot: bw_online::bot::Bot) -> BotClient {
        BotClient {
            client,
            bot,
            acted: 0,
            seq: 0,
            finished: None,
            last_view: None,
            rated: None,
            refusals: Vec::new(),
            closed: false,
            pace: Pace::new(),
        }
    }

    /// Handles what arrives within `wait`; false when nothing did.
    pub fn poll(&mut self, wait: Duration) -> Result<bool, String> {
        match self.client.recv(wait) {
            Received::Nothing => Ok(false),
            Received::Closed => {
                self.closed = true;
                Ok(false)
            }
            Received::Msg(msg) => {
                match &msg {
                    ServerMsg::Finished { record } => self.finished = Some(record.clone()),
                    ServerMsg::Game { view } => self.last_view = Some(view.clone()),
                    ServerMsg::Rated { results } => self.rated = Some(results.clone()),
                    ServerMsg::Refused { code, reason, .. } | ServerMsg::Error { code, reason } => {
                        self.refusals.push((*code, reason.clone()))
                    }
                    _ => {}
                }
                if let Some(action) = self.bot.on_message(&msg) {
                    self.pace.wait_for_one();
                    self.seq += 1;
                    self.acted += 1;
                    self.client.send(&ClientMsg::Act {
                        seq: self.seq,
                        action,
                    })?;
                }
                Ok(true)
            }
        }
    }
}

/// Lets every client play until each has the game's record (or `timeout` passes);
/// `stop(i, client)` true stops the loop early (to drop a connection at that point).
pub fn drive(
    clients: &mut [BotClient],
    timeout: Duration,
    mut stop: impl FnMut(usize, &BotClient) -> bool,
) -> Result<(), String> {
    let deadline = Instant::now() + timeout;
    while Instant::now() < deadline {
        if clients.iter().all(|c| c.finished.is_some()) {
            return Ok(());
        }
        let mut any = false;
        for (i, c) in clients.iter_mut().enumerate() {
            if c.closed {
                continue;
            }
            while c.poll(
                Duration::from_millis(if any { 0 } else { 5 }).max(Duration::from_millis(1)),
            )? {
                any = true;
                if stop(i, c) {
                    return Ok(());
                }
            }
        }
    }
    let state: Vec<String> = clients
        .iter()
        .map(|c| {
            format!(
                "acted {} finished {} closed {} refusals {:?}",
                c.acted,
                c.finished.is_some(),
                c.closed,
                c.refusals
            )
        })
        .collect();
    Err(format!(
        "the game did not end in time: {}",
        state.join("; ")
    ))
}
