//! Attacks from the issue "A game server you can put on the internet", replayed over
//! loopback against a server in this process: the server closes the attacker, its memory
//! stays bounded, and another client's game goes on.

use std::io::ErrorKind;
use std::net::TcpStream;
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
    let (_s, url, _dir) = server(|_| {});
    let before = resident();
    // Before `hello` (the issue saw 2.3 GB grow there) and after it.
    for hello in [false, true] {
        let mut ws = raw(&url);
        if hello {
            let text = serde_json::to_string(&ClientMsg::Hello {
                version: PROTOCOL_VERSION,
                name: "pinger".into(),
                resume: None,
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
    let grown = resident().saturating_sub(before);
    assert!(
        grown < 64 << 20,
        "the server grew by {} MiB under a ping flood",
        grown >> 20
    );
    still_served(&url);
}

#[test]
fn a_client_that_does_not_read_is_closed_once_its_queued_bytes_pass_the_limit() {
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
    })
    .unwrap();
    ws.send(Message::text(hello)).unwrap();
    let list = Message::text(serde_json::to_string(&ClientMsg::ListRooms).unwrap());
    let before = resident();
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
    let grown = resident().saturating_sub(before);
    assert!(grown < 64 << 20, "the server grew by {} MiB", grown >> 20);
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
    };
    let mut journals: Vec<(RoomId, Vec<String>)> = vec![(1, vec![created(1), line(&seated)])];
    let bad = [
        Entry::Sat {
            seat: 99,
            name: "x".into(),
            token: "t".into(),
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
    let mut last: [Option<GameView>; 2] = [None, None];
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

/// A real full disk: the database may not grow past a few pages (SQLite's page-count cap).
/// The room plays until a commit fails, then stops and says why; after a restart with room
/// to write, it is back exactly as its players were last told.
#[test]
fn a_full_database_stops_the_room_and_loses_nothing_acknowledged() {
    let (running, url, dir) = server(|c| c.database_page_cap = Some(10));
    let (mut clients, _room, tokens) = room_of_two(
        &url,
        bw_server::loadtest::room_options(GameKind::Junqi, 2),
        7,
    );
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
    // Hard computers think a second a move: three of them at once would show.
    bw_server::client::drive(&mut hosts, WAIT * 6, |_, c| c.acted >= 3).unwrap();
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
