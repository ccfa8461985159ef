//! `bracket-war serve` and `bracket-war loadtest` as programs: the fixed first and last
//! lines, bad command lines, and a server killed (SIGKILL) mid-game and started again on
//! the same data, after which every game resumes and finishes.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use bw_online::bot::Bot;
use bw_online::protocol::*;
use bw_online::room::Content;
use bw_server::client::{BotClient, Client, drive};
use bw_server::loadtest::room_options;

fn exe() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bracket-war"))
}

/// A running `serve`, killed when dropped (also when a test fails half-way).
struct Server(Child);

impl Server {
    /// SIGKILL, and wait for the process to be gone.
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Starts `serve` on a free port; the server and its URL (from the fixed first line).
fn serve(data: &std::path::Path) -> (Server, String) {
    serve_with(data, &[])
}

/// [`serve`] with more arguments (`--database URL`).
fn serve_with(data: &std::path::Path, more: &[String]) -> (Server, String) {
    serve_at("127.0.0.1:0", data, more)
}

/// [`serve_with`] on a given address.
fn serve_at(addr: &str, data: &std::path::Path, more: &[String]) -> (Server, String) {
    let mut child = exe()
        .args(["serve", "--addr", addr, "--data"])
        .arg(data)
        .args(more)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let url = first
        .strip_prefix("listening ")
        .unwrap_or_else(|| panic!("first line: {first:?}"))
        .trim()
        .to_string();
    assert!(url.starts_with("ws://127.0.0.1:"), "{url}");
    (Server(child), url)
}

/// A room made with `options` by "a", joined at seat 1 by "b", both hands up: the two
/// clients, the room and both seat tokens.
fn two_seated(url: &str, options: RoomOptions) -> (Client, Client, RoomId, [String; 2]) {
    let mut a = Client::join(url, "a", None).unwrap();
    a.send(&ClientMsg::CreateRoom { options }).unwrap();
    let (room, ta) = seated(&mut a);
    let mut b = Client::join(url, "b", None).unwrap();
    b.send(&ClientMsg::Join {
        room,
        seat: Some(1),
        password: None,
    })
    .unwrap();
    let (_, tb) = seated(&mut b);
    for c in [&mut a, &mut b] {
        c.send(&ClientMsg::Ready { ready: true }).unwrap();
    }
    (a, b, room, [ta, tb])
}

fn seated(c: &mut Client) -> (RoomId, String) {
    match c
        .expect(Duration::from_secs(10), |m| {
            matches!(m, ServerMsg::Seated { .. })
        })
        .unwrap()
    {
        ServerMsg::Seated { room, token, .. } => (room, token),
        _ => unreachable!(),
    }
}

#[test]
fn a_server_killed_mid_game_resumes_every_game_after_a_restart() {
    let data = tempfile::tempdir().unwrap();
    let (mut server, url) = serve(data.path());
    let mut games = Vec::new();
    for (game, seed) in [(GameKind::Junqi, 1), (GameKind::Bracket, 2)] {
        let (a, b, room, [ta, tb]) = two_seated(&url, room_options(game, 2));
        let bot = |s| Bot::new(Content::builtin(), Level::Normal, s);
        let mut clients = vec![
            BotClient::new(a, bot(seed)),
            BotClient::new(b, bot(seed + 10)),
        ];
        // Into the game: a few actions each.
        drive(&mut clients, Duration::from_secs(60), |_, c| c.acted >= 3).unwrap();
        games.push((room, [ta, tb]));
    }
    server.kill(); // SIGKILL

    let (mut server, url) = serve(data.path());
    for (room, tokens) in games {
        let mut clients: Vec<BotClient> = tokens
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let c = Client::join(&url, "back", Some(t.clone())).unwrap();
                BotClient::new(
                    c,
                    Bot::new(Content::builtin(), Level::Normal, 50 + i as u64),
                )
            })
            .collect();
        drive(&mut clients, Duration::from_secs(180), |_, _| false)
            .unwrap_or_else(|e| panic!("room {room} after the restart: {e}"));
        let record = bw_server::server::store::record_in(data.path(), room).unwrap();
        assert!(record.is_some(), "room {room} has its record");
    }
    server.kill();
}

/// A game's end reaches a player whose connection dropped as it ended: the room waits for
/// them (the grace period) after the other player left, and comes back after a SIGKILL with
/// the end in it; once both have seen it and left, the room is gone.
#[test]
fn a_game_over_waits_for_a_player_who_dropped_and_comes_back_after_a_kill() {
    let data = tempfile::tempdir().unwrap();
    let (mut server, url) = serve(data.path());
    let short = RoomOptions {
        game: GameOptions::Bracket {
            settings: bw_rules::bracket::Settings {
                turn_limit: Some(3),
                ..bw_rules::bracket::Settings::default()
            },
            move_secs: None,
        },
        computer_takes_over: false,
        name: None,
        rated: false,
        observers: true,
        password: None,
    };
    let (a, b, _, [host_token, token]) = two_seated(&url, short);
    let bot = |s| Bot::new(Content::builtin(), Level::Normal, s);
    let mut clients = vec![BotClient::new(a, bot(1)), BotClient::new(b, bot(2))];
    drive(&mut clients, Duration::from_secs(60), |_, _| false).unwrap();
    // The guest's connection drops at the end; the host leaves.
    drop(clients.pop());
    let mut host = clients.pop().unwrap().client;
    host.send(&ClientMsg::Leave).unwrap();
    host.expect(Duration::from_secs(10), |m| {
        matches!(m, ServerMsg::Left { .. })
    })
    .unwrap();
    let ended = |c: &mut Client| {
        c.expect(Duration::from_secs(10), |m| {
            matches!(m, ServerMsg::Finished { .. })
        })
        .unwrap_or_else(|e| panic!("no game's end: {e}"))
    };
    // The room waited: the guest comes back to the end.
    let mut back = Client::join(&url, "b", Some(token.clone())).unwrap();
    ended(&mut back);
    // The server dies with the guest at the end; after the restart, the end is there for
    // both (the journal does not say who had left).
    server.kill();
    let (mut server, url) = serve(data.path());
    for t in [&token, &host_token] {
        let mut back = Client::join(&url, "b", Some(t.clone())).unwrap();
        ended(&mut back);
        back.send(&ClientMsg::Leave).unwrap();
        back.expect(Duration::from_secs(10), |m| {
            matches!(m, ServerMsg::Left { .. })
        })
        .unwrap();
    }
    // Seen and left: the room is gone, and its token names nothing.
    let start = std::time::Instant::now();
    loop {
        let mut again = Client::join(&url, "b", Some(token.clone())).unwrap();
        match again.expect(Duration::from_secs(10), |m| {
            matches!(m, ServerMsg::Refused { .. } | ServerMsg::Finished { .. })
        }) {
            Ok(ServerMsg::Refused {
                code: RefusalCode::BadToken,
                ..
            }) => break,
            other => assert!(
                start.elapsed() < Duration::from_secs(5),
                "the room stayed after its last player left: {other:?}"
            ),
        }
    }
    server.kill();
}

#[test]
fn loadtest_prints_its_fixed_last_line() {
    let data = tempfile::tempdir().unwrap();
    let (mut server, url) = serve(data.path());
    for game in ["junqi", "bracket"] {
        let out = exe()
            .args([
                "loadtest", "--server", &url, "--game", game, "--rooms", "3", "--seed", "4",
            ])
            .env("BW_LOADTEST_THINK_MS", "40")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{stdout} {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let last = stdout.lines().last().unwrap();
        let words: Vec<&str> = last.split(' ').collect();
        assert_eq!(
            [
                words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[8]
            ],
            [
                "rooms", "3", "finished", "3", "errors", "0", "p50_ms", "p99_ms"
            ],
            "{last}"
        );
        let p50: f64 = words[7].parse().unwrap();
        let p99: f64 = words[9].parse().unwrap();
        assert!(p50 > 0.0 && p99 >= p50, "{last}");
    }
    let out = exe()
        .args([
            "loadtest",
            "--server",
            &url,
            "--game",
            "junqi",
            "--rooms",
            "1",
            "--players",
            "4",
        ])
        .env("BW_LOADTEST_THINK_MS", "40")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // 快速开始: four accounts registered and seated at two tables by the server.
    let out = exe()
        .args([
            "loadtest",
            "--server",
            &url,
            "--game",
            "junqi",
            "--rooms",
            "2",
            "--seed",
            "9",
            "--quick-match",
        ])
        .env("BW_LOADTEST_THINK_MS", "40")
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let lines: Vec<&str> = stdout.lines().collect();
    assert!(
        lines[lines.len() - 2].starts_with("quick match: 4 seated, queue to seat p50_ms "),
        "{stdout}"
    );
    assert!(
        lines[lines.len() - 1].starts_with("rooms 2 finished 2 errors 0 p50_ms "),
        "{stdout}"
    );
    server.kill();
}

#[test]
fn bad_command_lines_fail_in_one_line() {
    for (args, code) in [
        (
            vec![
                "loadtest",
                "--server",
                "ws://127.0.0.1:9",
                "--game",
                "chess",
                "--rooms",
                "1",
            ],
            2,
        ),
        (
            vec![
                "loadtest",
                "--server",
                "ws://127.0.0.1:9",
                "--game",
                "junqi",
                "--rooms",
                "1",
                "--players",
                "3",
            ],
            2,
        ),
        (
            vec![
                "loadtest",
                "--server",
                "ws://127.0.0.1:9",
                "--game",
                "junqi",
                "--rooms",
                "1",
            ],
            1,
        ),
        (
            vec![
                "loadtest",
                "--server",
                "ws://127.0.0.1:9",
                "--game",
                "bracket",
                "--rooms",
                "1",
                "--quick-match",
            ],
            2,
        ),
        (vec!["serve", "--addr", "not-an-address"], 1),
        // A limit below one frame would close every client that is sent the lobby.
        (vec!["serve", "--max-queued-bytes", "1000"], 2),
        (vec!["serve", "--max-queued-bytes", "lots"], 2),
        // Only SQLite and PostgreSQL; a database that cannot be opened says so.
        (vec!["serve", "--database", "mysql://db/rooms"], 2),
        (vec!["serve", "--keep-finished-days", "0"], 2),
        (vec!["serve", "--max-thinking", "0"], 2),
        (vec!["serve", "--hard-think-ms", "99"], 2),
        (vec!["serve", "--hard-think-ms", "10001"], 2),
        (vec!["serve", "--password-attempts-per-minute", "0"], 2),
        (vec!["serve", "--max-observers", "1001"], 2),
        (vec!["serve", "--max-accounts", "0"], 2),
        // A public address players' clients can open: ws:// or wss://, a host and a port.
        (vec!["serve", "--public-url", "http://example.org:7878"], 2),
        (vec!["serve", "--public-url", "ws://example.org"], 2),
        (vec!["serve", "--public-url", "ws://example.org:0"], 2),
        // TLS needs both files, and files it can read.
        (vec!["serve", "--tls-cert", "cert.pem"], 2),
        (
            vec![
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--tls-cert",
                "/no/such/cert.pem",
                "--tls-key",
                "/no/such/key.pem",
            ],
            1,
        ),
        (
            vec![
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--database",
                "sqlite:/no/such/folder/rooms.db",
            ],
            1,
        ),
    ] {
        let out = exe().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}

#[test]
fn serve_with_a_certificate_says_wss_first_and_serves_it() {
    let dir = tempfile::tempdir().unwrap();
    let made = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
    let (cert, key) = (dir.path().join("cert.pem"), dir.path().join("key.pem"));
    std::fs::write(&cert, made.cert.pem()).unwrap();
    std::fs::write(&key, made.signing_key.serialize_pem()).unwrap();
    let mut child = exe()
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(dir.path().join("data"))
        .arg("--tls-cert")
        .arg(&cert)
        .arg("--tls-key")
        .arg(&key)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let mut server = Server(child);
    let port = first
        .trim()
        .strip_prefix("listening wss://127.0.0.1:")
        .unwrap_or_else(|| panic!("first line: {first:?}"));
    let trust = bw_server::tls::client_config(&bw_server::tls::certificates(&cert).unwrap());
    let url = format!("wss://localhost:{port}");
    let mut c = Client::connect_with(&url, trust)
        .unwrap()
        .hello("tls", None)
        .unwrap();
    c.send(&ClientMsg::ListRooms).unwrap();
    c.expect(Duration::from_secs(10), |m| {
        matches!(m, ServerMsg::Lobby { .. })
    })
    .unwrap();
    // The load test over wss://, trusting the certificate as the README says a player
    // does: SSL_CERT_FILE names it.
    let out = exe()
        .args([
            "loadtest", "--server", &url, "--game", "bracket", "--rooms", "1",
        ])
        .env("BW_LOADTEST_THINK_MS", "40")
        .env("SSL_CERT_FILE", &cert)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout
            .lines()
            .last()
            .unwrap_or("")
            .starts_with("rooms 1 finished 1 errors 0"),
        "{stdout} {}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Without it, the certificate is not trusted: a one-line failure.
    let out = exe()
        .args([
            "loadtest", "--server", &url, "--game", "bracket", "--rooms", "1",
        ])
        .env_remove("SSL_CERT_FILE")
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("certificate"), "{err}");
    server.kill();
    // With TLS there is no note that traffic is in clear.
    let mut err = String::new();
    std::io::Read::read_to_string(&mut server.0.stderr.take().unwrap(), &mut err).unwrap();
    assert!(!err.contains("not encrypted"), "{err}");
}

#[test]
fn serve_without_a_certificate_says_its_traffic_is_in_clear() {
    let dir = tempfile::tempdir().unwrap();
    let mut child = exe()
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(dir.path())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut err = BufReader::new(child.stderr.take().unwrap());
    let mut server = Server(child);
    let mut line = String::new();
    err.read_line(&mut line).unwrap();
    assert!(line.contains("not encrypted (ws://)"), "{line}");
    server.kill();
}

/// How far a seat's game had gone in a view: 军棋's public events, 括号大战's actions.
fn progress(view: &GameView) -> usize {
    match view {
        GameView::Junqi(v) => v.first_event + v.events.len(),
        GameView::Bracket(v) => v.actions,
    }
}

/// Twenty rooms (军棋 and 括号大战) play; the server is killed (SIGKILL) at a random moment,
/// twice, and started again on the same database. Every seat comes back with its token, to
/// a game at least as far along as its player was last told — a move is acknowledged only
/// once committed — and identical where it is just as far; then every room plays on.
fn rooms_killed_at_random_moments_come_back_with_all_they_told(more: &[String]) {
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{Arc, Mutex};
    use std::time::Instant;
    const ROOMS: u64 = 20;
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .subsec_nanos() as u64;
    let mut rng = seed | 1;
    let mut next = move |below: u64| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        rng % below
    };
    eprintln!("kill moments drawn from seed {seed}");
    // Forty players from one address: over the default per-address limit.
    let mut more = more.to_vec();
    more.extend(["--max-connections-per-ip".to_string(), "128".to_string()]);
    let more = &more[..];
    let data = tempfile::tempdir().unwrap();
    let (server, mut url) = serve_with(data.path(), more);
    let server = Arc::new(Mutex::new(server));
    let bot = |s: u64| Bot::new(Content::builtin(), Level::Normal, s);
    let mut clients = Vec::new();
    let mut tokens = Vec::new();
    for i in 0..ROOMS {
        let game = if i % 2 == 0 {
            GameKind::Junqi
        } else {
            GameKind::Bracket
        };
        let (a, b, _, [ta, tb]) = two_seated(&url, room_options(game, 2));
        clients.push(BotClient::new(a, bot(2 * i)));
        clients.push(BotClient::new(b, bot(2 * i + 1)));
        tokens.extend([ta, tb]);
    }
    for round in 0..2 {
        // Play until the kill, at a moment between 0.3 and 3.3 s from now.
        let after = Duration::from_millis(300 + next(3000));
        let killed = Arc::new(AtomicBool::new(false));
        let killer = {
            let (server, killed) = (server.clone(), killed.clone());
            std::thread::spawn(move || {
                std::thread::sleep(after);
                server.lock().unwrap().kill();
                killed.store(true, Ordering::SeqCst);
            })
        };
        while !killed.load(Ordering::SeqCst) {
            for c in clients.iter_mut().filter(|c| !c.closed) {
                c.poll(Duration::from_millis(1)).unwrap_or_default();
            }
        }
        killer.join().unwrap();
        // What was sent before the kill is read to the end: what each player was told.
        for c in clients.iter_mut() {
            let start = Instant::now();
            while !c.closed && start.elapsed() < Duration::from_secs(10) {
                c.poll(Duration::from_millis(50)).unwrap_or_default();
            }
        }
        let told: Vec<Option<GameView>> = clients.iter().map(|c| c.last_view.clone()).collect();
        let steps: usize = told.iter().flatten().map(progress).sum();
        eprintln!(
            "round {round}: killed after {} ms; the seats had been told of {steps} steps",
            after.as_millis()
        );
        assert!(steps > 0, "seed {seed}: nothing was played before the kill");
        let (again, new_url) = serve_with(data.path(), more);
        *server.lock().unwrap() = again;
        url = new_url;
        for (i, c) in clients.iter_mut().enumerate() {
            if c.finished.is_some() {
                continue;
            }
            let back = Client::join(&url, "back", Some(tokens[i].clone()))
                .unwrap_or_else(|e| panic!("seed {seed}, round {round}: seat {i}: {e}"));
            let mut fresh = BotClient::new(back, bot(100 * (round + 1) + i as u64));
            let start = Instant::now();
            while fresh.last_view.is_none() {
                assert!(
                    start.elapsed() < Duration::from_secs(10) && !fresh.closed,
                    "seed {seed}, round {round}: seat {i} came back to no game"
                );
                fresh.poll(Duration::from_millis(50)).unwrap();
            }
            let view = fresh.last_view.clone().unwrap();
            if let Some(then) = &told[i] {
                let (now, was) = (progress(&view), progress(then));
                assert!(
                    now >= was,
                    "seed {seed}, round {round}: seat {i} was told of {was} steps, came back to {now}"
                );
                if now == was {
                    match (&view, then) {
                        (GameView::Junqi(a), GameView::Junqi(b)) => {
                            assert_eq!(a.view.nodes, b.view.nodes, "seed {seed}: seat {i}")
                        }
                        (GameView::Bracket(a), GameView::Bracket(b)) => {
                            assert_eq!(a.board, b.board, "seed {seed}: seat {i}")
                        }
                        _ => panic!("seed {seed}: seat {i} came back to another game"),
                    }
                }
            }
            *c = fresh;
        }
    }
    // After the second restart every room plays on: each unfinished seat acts again.
    let start = Instant::now();
    while clients
        .iter()
        .any(|c| c.finished.is_none() && c.acted == 0 && !c.closed)
    {
        assert!(
            start.elapsed() < Duration::from_secs(120),
            "seed {seed}: a room did not play on after the restart"
        );
        for c in clients.iter_mut() {
            c.poll(Duration::from_millis(1)).unwrap_or_default();
        }
    }
    server.lock().unwrap().kill();
}

#[test]
fn twenty_rooms_killed_at_random_moments_come_back_with_all_they_told() {
    rooms_killed_at_random_moments_come_back_with_all_they_told(&[]);
}

#[test]
#[ignore = "needs PostgreSQL: BW_TEST_POSTGRES (scripts/test.sh starts one)"]
fn on_postgres_twenty_rooms_killed_at_random_moments_come_back_with_all_they_told() {
    rooms_killed_at_random_moments_come_back_with_all_they_told(&[
        "--database".to_string(),
        postgres_database("killed"),
    ]);
}

/// A new, empty PostgreSQL database on the server `BW_TEST_POSTGRES` names: its URL.
fn postgres_database(what: &str) -> String {
    let admin = std::env::var("BW_TEST_POSTGRES")
        .expect("BW_TEST_POSTGRES names a PostgreSQL server (scripts/postgres.sh start DIR)");
    let name = format!("bw_{what}_{}", std::process::id());
    let out = Command::new("psql")
        .arg(&admin)
        .args(["-v", "ON_ERROR_STOP=1", "-c"])
        .arg(format!("CREATE DATABASE {name}"))
        .output()
        .expect("psql runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (base, _) = admin.rsplit_once('/').unwrap();
    format!("{base}/{name}")
}

/// A loopback port free a moment ago (bound, then let go for a server to take).
fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// The answer to a hall request (or a refusal).
fn hall_answer(c: &mut Client) -> ServerMsg {
    c.expect(Duration::from_secs(10), |m| {
        matches!(
            m,
            ServerMsg::LoggedIn { .. }
                | ServerMsg::Player { .. }
                | ServerMsg::Lobby { .. }
                | ServerMsg::Elsewhere { .. }
                | ServerMsg::Refused { .. }
        )
    })
    .unwrap()
}

/// A connection to `url` that registers `name`; its session.
fn registered(url: &str, name: &str) -> (Client, String) {
    let mut c = Client::join(url, "someone", None).unwrap();
    c.send(&ClientMsg::Register {
        name: name.into(),
        password: "correct horse".into(),
    })
    .unwrap();
    match hall_answer(&mut c) {
        ServerMsg::LoggedIn { session, .. } => (c, session),
        other => panic!("not registered: {other:?}"),
    }
}

/// Several servers on one database (docs/hall.md): two `serve` processes on one
/// PostgreSQL database. A room on A is listed by B with A's address; joining it on B sends
/// the player to A, whose session works there; a rated game finished on A moves the
/// ratings that B shows; the finished room leaves B's list.
#[test]
#[ignore = "needs PostgreSQL: BW_TEST_POSTGRES (scripts/test.sh starts one)"]
fn on_postgres_two_servers_share_the_hall_and_send_players_to_each_others_rooms() {
    let database = postgres_database("two_servers");
    let (data_a, data_b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
    let start = |data: &std::path::Path| {
        let addr = format!("127.0.0.1:{}", free_port());
        let more = [
            "--database".to_string(),
            database.clone(),
            "--public-url".to_string(),
            format!("ws://{addr}"),
        ];
        serve_at(&addr, data, &more)
    };
    let (_a, url_a) = start(data_a.path());
    let (_b, url_b) = start(data_b.path());

    // Alice registers on A and opens a rated room there; Bob registers on B.
    let (mut alice, _) = registered(&url_a, "Alice");
    let (mut bob_on_b, session) = registered(&url_b, "Bob");
    let rated = RoomOptions {
        rated: true,
        ..room_options(GameKind::Junqi, 2)
    };
    alice
        .send(&ClientMsg::CreateRoom { options: rated })
        .unwrap();
    let (room, _) = seated(&mut alice);

    // B lists the room, with A's address.
    let listed = |c: &mut Client| -> Option<RoomSummary> {
        c.send(&ClientMsg::FindRooms {
            filter: None,
            page: 0,
        })
        .unwrap();
        match hall_answer(c) {
            ServerMsg::Lobby { rooms, .. } => rooms.into_iter().find(|r| r.id == room),
            other => panic!("no lobby: {other:?}"),
        }
    };
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    let on_b = loop {
        if let Some(r) = listed(&mut bob_on_b) {
            break r;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "B never listed A's room"
        );
        std::thread::sleep(Duration::from_millis(200));
    };
    assert_eq!(on_b.server.as_deref(), Some(url_a.as_str()));
    assert_eq!((on_b.seats, on_b.taken), (2, 1));

    // Joining it on B: B says where it is.
    bob_on_b
        .send(&ClientMsg::Join {
            room,
            seat: Some(1),
            password: None,
        })
        .unwrap();
    match hall_answer(&mut bob_on_b) {
        ServerMsg::Elsewhere { room: r, server } => {
            assert_eq!((r, server.as_str()), (room, url_a.as_str()))
        }
        other => panic!("not sent to A: {other:?}"),
    }
    // Bob goes to A with the session B gave him, and joins there.
    let mut bob = Client::connect(&url_a).unwrap();
    let (name, logged_in) = bob.hello_session("someone", &session).unwrap();
    assert_eq!((name.as_str(), logged_in), ("Bob", true));
    bob.send(&ClientMsg::Join {
        room,
        seat: Some(1),
        password: None,
    })
    .unwrap();
    seated(&mut bob);
    for c in [&mut alice, &mut bob] {
        c.send(&ClientMsg::Ready { ready: true }).unwrap();
    }
    // Random players: two normal ones may take a flag inside the 30 plies of an unrated win.
    let bot = |s| Bot::new(Content::builtin(), Level::Easy, s);
    let mut clients = vec![BotClient::new(alice, bot(31)), BotClient::new(bob, bot(32))];
    // Past 30 plies Bob resigns: a rated win for Alice.
    let mut acted = [0; 2];
    drive(&mut clients, Duration::from_secs(120), |i, c| {
        acted[i] = c.acted;
        acted.iter().all(|&n| n > 17)
    })
    .unwrap();
    clients[1]
        .client
        .send(&ClientMsg::Act {
            seq: 1000,
            action: GameAction::Resign,
        })
        .unwrap();
    drive(&mut clients, Duration::from_secs(120), |_, _| false).unwrap();
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while clients[0].rated.is_none() && std::time::Instant::now() < deadline {
        clients[0].poll(Duration::from_millis(50)).unwrap();
    }
    let results = clients[0].rated.clone().expect("told how the game counted");
    let alice_after = results.iter().find(|r| r.name == "Alice").unwrap();
    assert!(
        alice_after.rated && alice_after.after > 1500.0,
        "{results:?}"
    );

    // B shows Alice's new rating, and the finished room leaves its list.
    bob_on_b
        .send(&ClientMsg::Player {
            name: "Alice".into(),
        })
        .unwrap();
    match hall_answer(&mut bob_on_b) {
        ServerMsg::Player { page } => {
            assert_eq!(page.ratings.len(), 1, "{page:?}");
            assert_eq!(page.ratings[0].rating, alice_after.after);
            assert_eq!(page.recent[0].room, room);
        }
        other => panic!("no page: {other:?}"),
    }
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while listed(&mut bob_on_b).is_none_or(|r| r.status != RoomStatus::Over) {
        assert!(
            std::time::Instant::now() < deadline,
            "B never saw the game end"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    // Both leave: the room closes on A and leaves B's list.
    for c in &mut clients {
        c.client.send(&ClientMsg::Leave).unwrap();
    }
    let deadline = std::time::Instant::now() + Duration::from_secs(10);
    while listed(&mut bob_on_b).is_some() {
        assert!(
            std::time::Instant::now() < deadline,
            "B still lists the closed room"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    // A room made on B does not take an id A used.
    bob_on_b
        .send(&ClientMsg::CreateRoom {
            options: room_options(GameKind::Junqi, 2),
        })
        .unwrap();
    let (on_b_room, _) = seated(&mut bob_on_b);
    assert_ne!(on_b_room, room);
}

/// A server alone that is given a name later (`--public-url`, to join a hall of several
/// servers) keeps the rooms it made without one: killed, started again with its name, its
/// waiting room is back and the seat token still takes the seat.
#[test]
fn a_server_given_a_public_url_later_keeps_its_rooms() {
    let data = tempfile::tempdir().unwrap();
    let (mut server, url) = serve(data.path());
    let mut a = Client::join(&url, "a", None).unwrap();
    a.send(&ClientMsg::CreateRoom {
        options: room_options(GameKind::Junqi, 2),
    })
    .unwrap();
    let (room, token) = seated(&mut a);
    server.kill();
    let addr = format!("127.0.0.1:{}", free_port());
    let (_server, url) = serve_at(
        &addr,
        data.path(),
        &["--public-url".to_string(), format!("ws://{addr}")],
    );
    let mut back = Client::join(&url, "a", Some(token)).unwrap();
    match back
        .expect(Duration::from_secs(10), |m| {
            matches!(m, ServerMsg::Seated { .. })
        })
        .unwrap()
    {
        ServerMsg::Seated { room: r, seat, .. } => assert_eq!((r, seat), (room, 0)),
        _ => unreachable!(),
    }
}
