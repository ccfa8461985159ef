//! Attacks from the issue "A game server you can put on the internet", replayed over
//! loopback against a server in this process: the server closes the attacker, its memory
//! stays bounded, and another client's game goes on.

use std::io::ErrorKind;
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use bw_online::protocol::*;
use bw_server::client::Client;
use bw_server::server::{Config, spawn};
use tungstenite::stream::MaybeTlsStream;
use tungstenite::{Message, WebSocket};

mod common;
use common::*;

/// This process's resident memory, in bytes (Linux; elsewhere 0, and the bound holds).
fn resident() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmRSS:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        })
        .map_or(0, |kb| kb * 1024)
}

/// A raw connection that writes with a deadline (a closed connection fails the write).
fn raw(url: &str) -> WebSocket<MaybeTlsStream<TcpStream>> {
    let (ws, _) = tungstenite::connect(url).unwrap();
    if let MaybeTlsStream::Plain(s) = ws.get_ref() {
        s.set_write_timeout(Some(Duration::from_secs(2))).unwrap();
    }
    ws
}

/// Writes `frame` again and again for up to `limit`, never reading; how long until the server
/// closed the connection (`None`: it stayed open).
fn flood(
    ws: &mut WebSocket<MaybeTlsStream<TcpStream>>,
    frame: Message,
    limit: Duration,
) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < limit {
        match ws.send(frame.clone()) {
            Ok(()) => {}
            Err(tungstenite::Error::Io(e)) if e.kind() == ErrorKind::WouldBlock => {}
            Err(_) => return Some(start.elapsed()),
        }
    }
    None
}

/// This process's open descriptors (Linux; elsewhere 0, and the bound holds).
fn descriptors() -> usize {
    std::fs::read_dir("/proc/self/fd").map_or(0, |d| d.count())
}

/// One attack at a time in this process: the server runs in it, so its memory and
/// descriptors are the server's only while no other attack runs beside.
fn one_at_a_time() -> std::sync::MutexGuard<'static, ()> {
    static SERIAL: std::sync::Mutex<()> = std::sync::Mutex::new(());
    SERIAL.lock().unwrap_or_else(|e| e.into_inner())
}

/// How far an attack may push the server: resident memory and open descriptors above where
/// they were when it began, and the worst round trip of a bystander's room.
struct Bounds {
    memory: u64,
    descriptors: usize,
    round_trip: Duration,
}

/// The usual bounds: 64 MiB, 16 descriptors more than the attack's own connections hold
/// (the attacker's side and the server's side of each), and half a second.
fn bounds(connections: usize) -> Bounds {
    Bounds {
        memory: 64 << 20,
        descriptors: 2 * connections + 16,
        round_trip: Duration::from_millis(500),
    }
}

/// Watches the server while an attack runs, from outside the attacker: the process's
/// resident memory and descriptors (sampled every 10 ms), and a bystander — a person in a
/// room of their own who says a numbered line every 100 ms and waits for it to come back.
struct Watch {
    name: &'static str,
    stop: Arc<AtomicBool>,
    rss: u64,
    fds: usize,
    sampler: std::thread::JoinHandle<(u64, usize)>,
    bystander: std::thread::JoinHandle<(Duration, u32)>,
}

/// What a [`Watch`] saw.
#[derive(Debug)]
struct Seen {
    memory: u64,
    descriptors: usize,
    worst_round_trip: Duration,
}

impl Watch {
    fn start(url: &str, name: &'static str) -> Watch {
        let mut c = Client::join(url, "bystander", None).unwrap();
        c.send(&ClientMsg::CreateRoom {
            options: bw_server::loadtest::room_options(GameKind::Junqi, 2),
        })
        .unwrap();
        seated(&mut c);
        let stop = Arc::new(AtomicBool::new(false));
        let (rss, fds) = (resident(), descriptors());
        let sampler = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let (mut rss, mut fds) = (0, 0);
                while !stop.load(Relaxed) {
                    rss = rss.max(resident());
                    fds = fds.max(descriptors());
                    std::thread::sleep(Duration::from_millis(10));
                }
                (rss, fds)
            })
        };
        let bystander = {
            let stop = stop.clone();
            std::thread::spawn(move || {
                let (mut worst, mut trips) = (Duration::ZERO, 0u32);
                // At least one round trip, however short the attack (under load this thread
                // may start only after the attack ended).
                loop {
                    let line = format!("line {trips}");
                    let said = Instant::now();
                    c.send(&ClientMsg::Chat { text: line.clone() }).unwrap();
                    c.expect(
                        WAIT,
                        |m| matches!(m, ServerMsg::Chat { text, .. } if *text == line),
                    )
                    .unwrap_or_else(|e| panic!("the bystander's line did not come back: {e}"));
                    worst = worst.max(said.elapsed());
                    trips += 1;
                    if stop.load(Relaxed) {
                        break;
                    }
                    std::thread::sleep(Duration::from_millis(100));
                }
                (worst, trips)
            })
        };
        Watch {
            name,
            stop,
            rss,
            fds,
            sampler,
            bystander,
        }
    }

    /// Ends the watch, says what it saw (`--nocapture` shows it: BENCHMARKS.md's figures)
    /// and checks it against `bounds`.
    fn finish(self, bounds: Bounds) -> Seen {
        self.stop.store(true, Relaxed);
        let (rss, fds) = self.sampler.join().unwrap();
        let (worst, trips) = self.bystander.join().unwrap();
        let seen = Seen {
            memory: rss.saturating_sub(self.rss),
            descriptors: fds.saturating_sub(self.fds),
            worst_round_trip: worst,
        };
        println!(
            "attack `{}`: resident memory +{:.1} MiB at most (from {:.1} MiB), descriptors +{} \
             at most (from {}), the bystander's worst round trip {} ms in {trips} trips",
            self.name,
            seen.memory as f64 / (1 << 20) as f64,
            self.rss as f64 / (1 << 20) as f64,
            seen.descriptors,
            self.fds,
            worst.as_millis()
        );
        assert!(trips > 0, "{}: the bystander never spoke", self.name);
        assert!(
            seen.memory <= bounds.memory,
            "{}: the server grew by {} MiB",
            self.name,
            seen.memory >> 20
        );
        assert!(
            seen.descriptors <= bounds.descriptors,
            "{}: {} descriptors more",
            self.name,
            seen.descriptors
        );
        assert!(
            seen.worst_round_trip <= bounds.round_trip,
            "{}: another room waited {} ms",
            self.name,
            seen.worst_round_trip.as_millis()
        );
        seen
    }
}

/// A game between two clients that keeps going while an attack runs: a chat line goes
/// round within a second.
fn still_served(url: &str) {
    let mut a = Client::join(url, "host", None).unwrap();
    a.send(&ClientMsg::ListRooms).unwrap();
    a.expect(WAIT, |m| matches!(m, ServerMsg::Lobby { .. }))
        .expect("another client is still served");
}

#[test]
fn a_flood_of_pings_that_never_reads_is_closed_and_memory_stays_bounded() {
    let _one = one_at_a_time();
    let (_s, url, _dir) = server(|_| {});
    let watch = Watch::start(&url, "ping flood, never reading");
    // Before `hello` (the issue saw 2.3 GB grow there) and after it.
    for hello in [false, true] {
        let mut ws = raw(&url);
        if hello {
            let text = serde_json::to_string(&ClientMsg::Hello {
                version: PROTOCOL_VERSION,
                name: "pinger".into(),
                resume: None,
                session: None,
            })
            .unwrap();
            ws.send(Message::text(text)).unwrap();
        }
        let closed = flood(
            &mut ws,
            Message::Ping(vec![7u8; 125].into()),
            Duration::from_secs(8),
        );
        assert!(closed.is_some(), "a ping flood is closed (hello: {hello})");
    }
    watch.finish(bounds(1));
    still_served(&url);
}

#[test]
fn a_client_that_does_not_read_is_closed_once_its_queued_bytes_pass_the_limit() {
    let _one = one_at_a_time();
    // Rate limits out of the way, and a limit of bytes far below what the outbox's count of
    // messages would allow (1,024 lobby answers of about 30 bytes): the bytes decide.
    const LIMIT: usize = 4 * 1024;
    let (s, url, _dir) = server(|c| {
        c.rate_per_sec = 1e9;
        c.rate_burst = 1e9;
        c.max_queued_bytes = LIMIT;
    });
    let mut ws = raw(&url);
    let hello = serde_json::to_string(&ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        name: "reader-never".into(),
        resume: None,
        session: None,
    })
    .unwrap();
    ws.send(Message::text(hello)).unwrap();
    let list = Message::text(serde_json::to_string(&ClientMsg::ListRooms).unwrap());
    let watch = Watch::start(&url, "lobby requests, never reading");
    let hub = s.hub.clone();
    let watching = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let peak = {
        let watching = watching.clone();
        std::thread::spawn(move || {
            let mut peak = 0;
            while watching.load(std::sync::atomic::Ordering::Relaxed) {
                peak = peak.max(hub.queued_bytes());
                std::thread::yield_now();
            }
            peak
        })
    };
    let closed = flood(&mut ws, list, Duration::from_secs(20));
    watching.store(false, std::sync::atomic::Ordering::Relaxed);
    let peak = peak.join().unwrap();
    assert!(closed.is_some(), "a client that never reads is closed");
    assert!(peak <= LIMIT, "{peak} bytes were queued for one client");
    watch.finish(bounds(1));
    still_served(&url);
    // Nothing stays counted for the closed connection.
    let start = Instant::now();
    while s.hub.queued_bytes() > 0 && start.elapsed() < WAIT {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(s.hub.queued_bytes(), 0);
}

#[test]
fn one_bad_journal_stops_no_other_room_and_no_journal_id_is_given_again() {
    use bw_online::room::{Content, Entry, Room};
    let dir = tempfile::tempdir().unwrap();
    let options = bw_server::loadtest::room_options(GameKind::Junqi, 2);
    let created = |id: RoomId| {
        let (_, entry) = Room::create(id, options.clone(), 9, Content::builtin()).unwrap();
        serde_json::to_string(&entry).unwrap()
    };
    let line = |e: &Entry| serde_json::to_string(e).unwrap();
    // Room 1 is fine and waiting. Rooms 2, 4 and 6 to 9 name seat 99 in one entry each (the
    // issue saw one such journal panic the whole server); 3 is not JSON; 5 says it is room 1.
    // (Room 1 has a person seated: a room rebuilt with nobody seated closes at once.)
    let seated = Entry::Sat {
        seat: 0,
        name: "ada".into(),
        token: "ada-token".into(),
        account: None,
    };
    let mut journals: Vec<(RoomId, Vec<String>)> = vec![(1, vec![created(1), line(&seated)])];
    let bad = [
        Entry::Sat {
            seat: 99,
            name: "x".into(),
            token: "t".into(),
            account: None,
        },
        Entry::Ready {
            seat: 99,
            ready: true,
        },
        Entry::Vacated { seat: 99 },
        Entry::Computer {
            seat: 99,
            level: None,
        },
        Entry::TakenOver { seat: 99 },
        Entry::Deployed {
            seat: 99,
            layout: vec![],
        },
    ];
    for (id, entry) in [2, 4, 6, 7, 8, 9].into_iter().zip(&bad) {
        journals.push((id, vec![created(id), line(entry)]));
    }
    journals.push((3, vec!["not a journal".into()]));
    journals.push((5, vec![created(1)]));
    {
        let (rt, store) = database(dir.path());
        for (id, rows) in journals {
            assert!(rt.block_on(store.create(id, rows)).unwrap());
        }
    }
    let running = spawn("127.0.0.1:0", Config::new(dir.path())).expect("the server starts");
    let url = format!("ws://{}", running.addr);
    let mut c = Client::join(&url, "host", None).unwrap();
    c.send(&ClientMsg::ListRooms).unwrap();
    let Ok(ServerMsg::Lobby { rooms: listed, .. }) =
        c.expect(WAIT, |m| matches!(m, ServerMsg::Lobby { .. }))
    else {
        panic!("no lobby");
    };
    let ids: Vec<RoomId> = listed.iter().map(|r| r.id).collect();
    assert_eq!(ids, vec![1], "the good room comes back, and only it");
    // A new room takes an id no journal has.
    c.send(&ClientMsg::CreateRoom { options }).unwrap();
    let Ok(ServerMsg::Seated { room, .. }) =
        c.expect(WAIT, |m| matches!(m, ServerMsg::Seated { .. }))
    else {
        panic!("the room was not made");
    };
    assert_eq!(room, 10);
    // The damaged journal is left as it was.
    let (rt, store) = database(dir.path());
    assert_eq!(
        rt.block_on(store.journal(3)).unwrap(),
        vec!["not a journal".to_string()]
    );
}

#[test]
fn a_text_frame_that_is_not_utf8_gets_an_error_before_the_close() {
    use tungstenite::protocol::frame::Frame;
    use tungstenite::protocol::frame::coding::{Data, OpCode};
    let (_s, url, _dir) = server(|_| {});
    let mut ws = raw(&url);
    let bad = Frame::message(vec![0x66, 0xff, 0xfe, 0x6f], OpCode::Data(Data::Text), true);
    ws.send(Message::Frame(bad)).unwrap();
    let mut error = None;
    while let Ok(m) = ws.read() {
        if let Message::Text(t) = m
            && let Ok(ServerMsg::Error { code, .. }) = parse_server(t.as_str())
        {
            error = Some(code);
        }
    }
    assert_eq!(error, Some(RefusalCode::Malformed));
    still_served(&url);
}

/// Plays a bot client's side for what arrives, keeping the last game view it was sent.
fn pump(
    c: &mut bw_server::client::BotClient,
    seq: &mut u32,
    last: &mut Option<GameView>,
    left: &mut bool,
) {
    while let bw_server::client::Received::Msg(msg) = c.client.recv(Duration::from_millis(20)) {
        match &msg {
            ServerMsg::Game { view } => *last = Some(view.clone()),
            ServerMsg::Left { why, .. } => {
                assert_eq!(*why, LeftWhy::RoomFailed);
                *left = true;
            }
            _ => {}
        }
        if !*left && let Some(action) = c.bot.on_message(&msg) {
            *seq += 1;
            let _ = c.client.send(&ClientMsg::Act { seq: *seq, action });
        }
    }
}

#[test]
fn a_full_disk_stops_the_room_and_loses_nothing_acknowledged() {
    let (running, url, dir) = server(|c| c.test_faults = true);
    let (mut clients, _room, tokens) = room_of_two(
        &url,
        bw_server::loadtest::room_options(GameKind::Junqi, 2),
        7,
    );
    // A few moves each, every one acknowledged.
    bw_server::client::drive(&mut clients, WAIT * 3, |_, c| c.acted >= 4).unwrap();
    let mut seqs = [100, 100];
    // What each seat was last told so far: the other seat's next move may be the change
    // that cannot be journaled, and then no view comes after this one.
    let mut last: [Option<GameView>; 2] =
        [clients[0].last_view.clone(), clients[1].last_view.clone()];
    let mut left = [false, false];
    // The disk fills: the next change cannot be journaled.
    clients[0]
        .client
        .send(&ClientMsg::Chat {
            text: "!full".into(),
        })
        .unwrap();
    let start = Instant::now();
    while !(left[0] && left[1]) {
        assert!(start.elapsed() < WAIT * 3, "the room did not stop");
        for (i, c) in clients.iter_mut().enumerate() {
            pump(c, &mut seqs[i], &mut last[i], &mut left[i]);
        }
    }
    let told = last[0].clone().expect("seat 0 saw the game");
    // The operator frees the disk and restarts the server on the same data.
    drop(running);
    back_as_told(dir.path(), &tokens[0], &told);
}

/// After a restart on the same data, seat 0's token takes its seat back and the 军棋 game
/// is exactly as its players were last told (`told`).
fn back_as_told(dir: &std::path::Path, token: &str, told: &GameView) {
    let again = spawn("127.0.0.1:0", Config::new(dir)).unwrap();
    let url = format!("ws://{}", again.addr);
    let mut back = Client::join(&url, "host", Some(token.to_string())).unwrap();
    let Ok(ServerMsg::Game { view }) = back.expect(WAIT, |m| matches!(m, ServerMsg::Game { .. }))
    else {
        panic!("no game after resuming");
    };
    let (GameView::Junqi(now), GameView::Junqi(then)) = (&view, told) else {
        panic!("a 军棋 room");
    };
    assert_eq!(
        now.view.nodes, then.view.nodes,
        "the game is back exactly as the players were last told"
    );
    assert_eq!(
        now.first_event + now.events.len(),
        then.first_event + then.events.len()
    );
}

/// A real full disk: the database may not grow past a few pages beyond its schema's 26
/// (SQLite's page-count cap).
/// The room plays until a commit fails, then stops and says why; after a restart with room
/// to write, it is back exactly as its players were last told.
#[test]
fn a_full_database_stops_the_room_and_loses_nothing_acknowledged() {
    let (running, url, dir) = server(|c| c.database_page_cap = Some(29));
    let (mut clients, _room, tokens) = room_of_two(
        &url,
        bw_server::loadtest::room_options(GameKind::Junqi, 2),
        7,
    );
    // Random players: their game lasts long enough to fill the pages (two normal players
    // may take a flag before it does).
    for (c, seed) in clients.iter_mut().zip(7..) {
        c.bot = bw_online::bot::Bot::new(bw_online::room::Content::builtin(), Level::Easy, seed);
    }
    let mut seqs = [100, 100];
    let mut last: [Option<GameView>; 2] = [None, None];
    let mut left = [false, false];
    let start = Instant::now();
    while !(left[0] && left[1]) {
        assert!(start.elapsed() < WAIT * 6, "the database never filled");
        for (i, c) in clients.iter_mut().enumerate() {
            pump(c, &mut seqs[i], &mut last[i], &mut left[i]);
        }
    }
    let told = last[0].clone().expect("seat 0 saw the game");
    let GameView::Junqi(then) = &told else {
        panic!("a 军棋 room");
    };
    assert!(
        then.view.phase == bw_rules::junqi::Phase::Playing,
        "the disk filled during play: {:?}",
        then.view.phase
    );
    drop(running);
    back_as_told(dir.path(), &tokens[0], &told);
}

#[test]
fn connections_and_rooms_are_capped_and_a_freed_place_is_taken_again() {
    let (s, url, _dir) = server(|c| {
        c.max_connections_per_ip = 3;
        c.max_rooms = 2;
    });
    let mut open: Vec<Client> = (0..3)
        .map(|i| Client::join(&url, &format!("p{i}"), None).unwrap())
        .collect();
    assert_eq!(s.hub.connections(), 3);
    // A fourth from the same address is closed at once.
    assert!(
        Client::join(&url, "one too many", None).is_err(),
        "over the per-address limit"
    );
    // Two rooms fill the server; the third is refused, and the connection stays.
    let options = bw_server::loadtest::room_options(GameKind::Junqi, 2);
    for c in open.iter_mut().take(2) {
        c.send(&ClientMsg::CreateRoom {
            options: options.clone(),
        })
        .unwrap();
        c.expect(WAIT, |m| matches!(m, ServerMsg::Seated { .. }))
            .unwrap();
    }
    open[2]
        .send(&ClientMsg::CreateRoom {
            options: options.clone(),
        })
        .unwrap();
    let refused = open[2]
        .expect(WAIT, |m| matches!(m, ServerMsg::Refused { .. }))
        .unwrap();
    assert!(
        matches!(
            refused,
            ServerMsg::Refused {
                code: RefusalCode::ServerFull,
                ..
            }
        ),
        "{refused:?}"
    );
    // One connection closes: its place is free again.
    drop(open.pop());
    let start = Instant::now();
    while s.hub.connections() > 2 && start.elapsed() < WAIT {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert!(Client::join(&url, "next", None).is_ok());
}

#[test]
fn journals_are_private_and_a_closed_rooms_tokens_are_forgotten() {
    let (s, url, dir) = server(|_| {});
    let mut c = Client::join(&url, "host", None).unwrap();
    c.send(&ClientMsg::CreateRoom {
        options: bw_server::loadtest::room_options(GameKind::Junqi, 2),
    })
    .unwrap();
    let Ok(ServerMsg::Seated { room, token, .. }) =
        c.expect(WAIT, |m| matches!(m, ServerMsg::Seated { .. }))
    else {
        panic!("not seated");
    };
    assert_eq!(s.hub.seat_tokens(), 1);
    // 128 bits, and the database keeps only their hash.
    assert_eq!(token.len(), 32, "{token}");
    {
        let (rt, store) = database(dir.path());
        let journal = rt.block_on(store.journal(room)).unwrap();
        assert!(
            journal.iter().all(|row| !row.contains(&token)),
            "{journal:?}"
        );
        let hash = bw_online::room::token_hash(&token);
        assert!(journal.iter().any(|row| row.contains(&hash)), "{journal:?}");
    }
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        for file in ["server.db", "server.db-wal"] {
            let path = dir.path().join(file);
            let mode = std::fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o077, 0, "{file} holds seat tokens: {mode:o}");
        }
    }
    // The host leaves the room before the game: nobody is seated, it closes.
    c.send(&ClientMsg::Leave).unwrap();
    let start = Instant::now();
    while s.hub.seat_tokens() > 0 && start.elapsed() < WAIT {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(s.hub.seat_tokens(), 0, "the closed room's tokens are gone");
}

/// Computers' thinking is bounded server-wide: with `max_thinking` 1, three rooms whose
/// computers all want to think take turns — never two at once — and every game goes on.
#[test]
fn computers_think_one_at_a_time_when_the_server_says_so() {
    use std::sync::atomic::Ordering::Relaxed;
    let (s, url, _dir) = server(|c| c.max_thinking = 1);
    let mut hosts = Vec::new();
    for i in 0..3u64 {
        let mut c = Client::join(&url, &format!("host{i}"), None).unwrap();
        c.send(&ClientMsg::CreateRoom {
            options: bw_server::loadtest::room_options(GameKind::Junqi, 2),
        })
        .unwrap();
        seated(&mut c);
        c.send(&ClientMsg::SetComputer {
            seat: 1,
            level: Some(Level::Hard),
        })
        .unwrap();
        c.send(&ClientMsg::Ready { ready: true }).unwrap();
        hosts.push(bw_server::client::BotClient::new(
            c,
            bw_online::bot::Bot::new(bw_online::room::Content::builtin(), Level::Normal, i),
        ));
    }
    // Hard computers think a second a move: three of them at once would show. Each host
    // acts a fourth time (its layout, then a third move) only once its room's computer
    // answered its first two moves: every room's computer has moved twice by then (a
    // third act could come before the second answer was counted, under load).
    bw_server::client::drive(&mut hosts, WAIT * 6, |_, c| c.acted >= 4).unwrap();
    let m = s.hub.metrics();
    assert!(
        m.computer_moves.load(Relaxed) >= 3 * 2,
        "{} computer moves",
        m.computer_moves.load(Relaxed)
    );
    assert_eq!(m.computers_thinking_peak.load(Relaxed), 1);
}

/// Toggling readiness cannot grow the database: a waiting room's journal is rewritten as
/// it stands once it is long, and the room comes back from it after a restart.
#[test]
fn a_waiting_rooms_journal_stays_short_however_often_hands_go_up_and_down() {
    let (running, url, dir) = server(|c| c.compact_after = 16);
    let options = bw_server::loadtest::room_options(GameKind::Junqi, 4);
    let mut host = Client::join(&url, "host", None).unwrap();
    host.send(&ClientMsg::CreateRoom { options }).unwrap();
    let (room, token) = seated(&mut host);
    let mut guest = Client::join(&url, "guest", None).unwrap();
    guest
        .send(&ClientMsg::Join {
            room,
            seat: Some(1),
            password: None,
        })
        .unwrap();
    seated(&mut guest);
    for i in 0..40 {
        guest.send(&ClientMsg::Ready { ready: i % 2 == 0 }).unwrap();
    }
    // The last toggle is in once the guest's own chat line after it comes back.
    guest
        .send(&ClientMsg::Chat {
            text: "done".into(),
        })
        .unwrap();
    guest
        .expect(
            WAIT,
            |m| matches!(m, ServerMsg::Chat { text, .. } if text == "done"),
        )
        .unwrap();
    let (rt, store) = database(dir.path());
    let rows = rt.block_on(store.journal(room)).unwrap();
    assert!(rows.len() < 16, "{} rows: {rows:?}", rows.len());
    drop((rt, store));
    drop(running);
    let again = spawn("127.0.0.1:0", Config::new(dir.path())).unwrap();
    let url = format!("ws://{}", again.addr);
    let mut back = Client::join(&url, "host", Some(token)).unwrap();
    let Ok(ServerMsg::Room { room: state }) =
        back.expect(WAIT, |m| matches!(m, ServerMsg::Room { .. }))
    else {
        panic!("no room after the restart");
    };
    let people = state
        .seats
        .iter()
        .filter(|s| matches!(s.occupant, Occupant::Person { .. }))
        .count();
    assert_eq!(people, 2, "{state:?}");
}

/// "`list_rooms` amplification": with more rooms than one frame holds, every lobby answer
/// fits in 64 KiB and says how many there are; eight clients that ask and never read are
/// closed at their byte limit, and the server gives back what they held.
#[test]
fn lobby_requests_from_clients_that_never_read_cost_a_bounded_frame_each() {
    let _one = one_at_a_time();
    const ROOMS: usize = 300;
    let (s, url, _dir) = server(|c| {
        c.max_connections_per_ip = 64;
        c.rate_per_sec = 1e9;
        c.rate_burst = 1e9;
    });
    // Rooms whose person dropped keep their seat for the grace period (60 s): one
    // connection at a time makes them all.
    for i in 0..ROOMS {
        let mut c = Client::join(&url, &format!("p{i}"), None).unwrap();
        c.send(&ClientMsg::CreateRoom {
            options: bw_server::loadtest::room_options(GameKind::Junqi, 2),
        })
        .unwrap();
        seated(&mut c);
    }
    let mut reader = Client::join(&url, "reader", None).unwrap();
    reader.send(&ClientMsg::ListRooms).unwrap();
    let lobby = reader
        .expect(WAIT, |m| matches!(m, ServerMsg::Lobby { .. }))
        .unwrap();
    let ServerMsg::Lobby { rooms, total, .. } = &lobby else {
        unreachable!()
    };
    assert!(total >= &ROOMS, "{total} rooms");
    assert!(
        rooms.len() < *total,
        "{} of {total} rooms in one frame",
        rooms.len()
    );
    assert!(serde_json::to_string(&lobby).unwrap().len() <= MAX_FRAME_BYTES);

    let watch = Watch::start(&url, "lobby amplification: 8 clients ask, never read");
    let list = Message::text(serde_json::to_string(&ClientMsg::ListRooms).unwrap());
    let attackers: Vec<_> = (0..8)
        .map(|i| {
            let url = url.clone();
            let list = list.clone();
            std::thread::spawn(move || {
                let mut ws = raw(&url);
                let hello = ClientMsg::Hello {
                    version: PROTOCOL_VERSION,
                    name: format!("amplifier {i}"),
                    resume: None,
                    session: None,
                };
                ws.send(Message::text(serde_json::to_string(&hello).unwrap()))
                    .unwrap();
                flood(&mut ws, list, Duration::from_secs(15))
            })
        })
        .collect();
    for a in attackers {
        assert!(
            a.join().unwrap().is_some(),
            "a client that never reads is closed"
        );
    }
    watch.finish(bounds(8));
    let start = Instant::now();
    while s.hub.queued_bytes() > 0 && start.elapsed() < WAIT {
        std::thread::sleep(Duration::from_millis(10));
    }
    assert_eq!(
        s.hub.queued_bytes(),
        0,
        "the closed clients' bytes are given back"
    );
}

/// "Rooms that never end": 25 connections make rooms with a computer in a seat and leave
/// them, again and again. A room nobody is in closes at once; no room keeps a descriptor;
/// the open rooms never outnumber the connections.
#[test]
fn rooms_left_to_computers_close_and_cost_no_descriptor() {
    let _one = one_at_a_time();
    let (s, url, _dir) = server(|c| c.max_connections_per_ip = 64);
    let open_rooms = |s: &bw_server::server::Running| match s.hub.lobby() {
        ServerMsg::Lobby { rooms, .. } => rooms
            .iter()
            .filter(|r| matches!(r.status, RoomStatus::Waiting | RoomStatus::Playing))
            .count(),
        _ => unreachable!(),
    };
    let watch = Watch::start(&url, "rooms left to computers, 25 connections");
    let stop = Arc::new(AtomicBool::new(false));
    let made = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let attackers: Vec<_> = (0..25)
        .map(|i| {
            let (url, stop, made) = (url.clone(), stop.clone(), made.clone());
            std::thread::spawn(move || {
                let mut c = Client::join(&url, &format!("leaver {i}"), None).unwrap();
                while !stop.load(Relaxed) {
                    c.send(&ClientMsg::CreateRoom {
                        options: bw_server::loadtest::room_options(GameKind::Junqi, 2),
                    })
                    .unwrap();
                    seated(&mut c);
                    c.send(&ClientMsg::SetComputer {
                        seat: 1,
                        level: Some(Level::Hard),
                    })
                    .unwrap();
                    c.send(&ClientMsg::Leave).unwrap();
                    c.expect(WAIT, |m| matches!(m, ServerMsg::Left { .. }))
                        .unwrap();
                    made.fetch_add(1, Relaxed);
                    // Under the message rate: 4 a round, 5 rounds a second.
                    std::thread::sleep(Duration::from_millis(200));
                }
            })
        })
        .collect();
    let start = Instant::now();
    let mut most = 0;
    while start.elapsed() < Duration::from_secs(6) {
        most = most.max(open_rooms(&s));
        std::thread::sleep(Duration::from_millis(20));
    }
    stop.store(true, Relaxed);
    for a in attackers {
        a.join().unwrap();
    }
    let made = made.load(Relaxed);
    assert!(made >= 100, "only {made} rooms were made");
    // The bystander's room, and at most one room per attacker at a time.
    assert!(most <= 26, "{most} rooms open at once out of {made} made");
    watch.finish(bounds(25));
    assert_eq!(open_rooms(&s), 1, "only the bystander's room is left");
}

/// "Observers cost O(N²)": observers join a room until it is full. What each join sends is
/// bounded (the room message names the first few observers), the 51st is refused, and
/// the room's players hear about each join in a message of bounded size.
#[test]
fn observers_cost_a_bounded_message_each_and_a_full_room_refuses_more() {
    let _one = one_at_a_time();
    let (_s, url, _dir) = server(|c| c.max_connections_per_ip = 128);
    let (mut clients, room, _) = room_of_two(&url, short_bracket(), 11);
    let watch = Watch::start(&url, "observers fill a room (50, then one more)");
    let mut observers = Vec::new();
    for i in 0..MAX_OBSERVERS {
        let mut o = Client::join(&url, &format!("watcher {i}"), None).unwrap();
        o.send(&ClientMsg::Join {
            room,
            seat: None,
            password: None,
        })
        .unwrap();
        o.expect(WAIT, |m| matches!(m, ServerMsg::Room { .. }))
            .unwrap();
        observers.push(o);
    }
    let mut late = Client::join(&url, "one too many", None).unwrap();
    late.send(&ClientMsg::Join {
        room,
        seat: None,
        password: None,
    })
    .unwrap();
    let refused = late
        .expect(WAIT, |m| matches!(m, ServerMsg::Refused { .. }))
        .unwrap();
    assert!(
        matches!(
            refused,
            ServerMsg::Refused {
                code: RefusalCode::RoomFull,
                ..
            }
        ),
        "{refused:?}"
    );
    // A player heard of every join; the largest message is small.
    let mut largest = 0;
    let mut heard = 0;
    while let bw_server::client::Received::Msg(m) =
        clients[0].client.recv(Duration::from_millis(200))
    {
        if let ServerMsg::Room { .. } = &m {
            heard += 1;
            largest = largest.max(serde_json::to_string(&m).unwrap().len());
        }
    }
    assert!(heard >= MAX_OBSERVERS, "{heard} room messages");
    assert!(largest < 4096, "a room message of {largest} bytes");
    watch.finish(bounds(MAX_OBSERVERS + 3));
}

/// "Computers play on with nobody there": a person and three hard computers play 四国军棋;
/// once the person leaves and nobody watches, the computers stop (no thinking, no moves),
/// and the room closes after the grace period.
#[test]
fn computers_stop_when_the_last_person_leaves() {
    let _one = one_at_a_time();
    let (s, url, _dir) = server(|c| c.grace = Duration::from_secs(3));
    let watch = Watch::start(&url, "a person leaves three hard computers");
    let mut c = Client::join(&url, "host", None).unwrap();
    c.send(&ClientMsg::CreateRoom {
        options: bw_server::loadtest::room_options(GameKind::Junqi, 4),
    })
    .unwrap();
    seated(&mut c);
    for seat in 1..4 {
        c.send(&ClientMsg::SetComputer {
            seat,
            level: Some(Level::Hard),
        })
        .unwrap();
    }
    c.send(&ClientMsg::Ready { ready: true }).unwrap();
    let mut host = vec![bw_server::client::BotClient::new(
        c,
        bw_online::bot::Bot::new(bw_online::room::Content::builtin(), Level::Normal, 3),
    )];
    // Deployed and a move or two in: the computers are thinking.
    bw_server::client::drive(&mut host, WAIT * 6, |_, c| c.acted >= 2).unwrap();
    let m = s.hub.metrics();
    assert!(m.computer_moves.load(Relaxed) > 0);
    drop(host);
    // What was being thought when the person left may finish; then nothing more.
    std::thread::sleep(Duration::from_millis(1500));
    let moves = m.computer_moves.load(Relaxed);
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(
        m.computer_moves.load(Relaxed),
        moves,
        "computers went on with nobody there"
    );
    assert_eq!(m.computers_thinking.load(Relaxed), 0);
    watch.finish(bounds(2));
}

/// "Spec drift", over the wire: unknown fields are refused, for messages without fields
/// too; a chat line over 300 characters is refused, not cut; names that are only invisible
/// characters or carry a bidirectional override are refused at `hello`.
#[test]
fn what_the_protocol_does_not_allow_is_refused_not_bent() {
    let _one = one_at_a_time();
    let (_s, url, _dir) = server(|_| {});
    let watch = Watch::start(&url, "messages the protocol does not allow");
    // A malformed message is a fault: `error` `malformed`, and the connection closes.
    for text in [
        r#"{"type":"list_rooms","rooms":1}"#,
        r#"{"type":"leave","now":true}"#,
        r#"{"type":"ready","ready":true,"extra":0}"#,
    ] {
        let mut c = Client::join(&url, "host", None).unwrap();
        c.send_text(text).unwrap();
        let said = c.until_closed(WAIT).expect("the connection closes");
        assert!(
            said.iter().any(|m| matches!(
                m,
                ServerMsg::Error {
                    code: RefusalCode::Malformed,
                    ..
                }
            )),
            "{text}: {said:?}"
        );
    }
    let mut c = Client::join(&url, "host", None).unwrap();
    c.send(&ClientMsg::CreateRoom {
        options: bw_server::loadtest::room_options(GameKind::Junqi, 2),
    })
    .unwrap();
    seated(&mut c);
    c.send(&ClientMsg::Chat {
        text: "x".repeat(301),
    })
    .unwrap();
    let refused = c
        .expect(WAIT, |m| {
            matches!(m, ServerMsg::Refused { .. } | ServerMsg::Chat { .. })
        })
        .unwrap();
    assert!(
        matches!(
            refused,
            ServerMsg::Refused {
                code: RefusalCode::TooLarge,
                ..
            }
        ),
        "{refused:?}"
    );
    for name in ["\u{200b}\u{200b}", "ab\u{202e}cd", "tab\there"] {
        let err = Client::join(&url, name, None).err();
        assert!(err.is_some(), "{name:?} was welcomed");
    }
    watch.finish(bounds(4));
}
