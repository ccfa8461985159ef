//! The server over loopback: whole games, refusals, bad bytes, rate limits, idle
//! connections, reconnection at every point of a short game, and a room whose game
//! panics, each while other rooms finish.

use std::time::Duration;

use bw_online::bot::Bot;
use bw_online::protocol::*;
use bw_online::room::Content;
use bw_rules::bracket;
use bw_server::client::{BotClient, Client, Received, drive};
use bw_server::loadtest::room_options;
use tungstenite::Message;

mod common;
use common::*;

#[test]
fn two_clients_play_junqi_and_bracket_to_the_end_through_the_server() {
    let (_s, url, dir) = server(|_| {});
    let (mut junqi, jroom, _) = room_of_two(&url, room_options(GameKind::Junqi, 2), 1);
    drive(&mut junqi, Duration::from_secs(120), |_, _| false).unwrap();
    let (mut br, _, _) = room_of_two(&url, short_bracket(), 3);
    drive(&mut br, Duration::from_secs(60), |_, _| false).unwrap();
    for c in junqi.iter().chain(&br) {
        assert!(c.refusals.is_empty(), "{:?}", c.refusals);
    }
    // The record is kept in the database, in the save format, and replays.
    let (rt, store) = database(dir.path());
    let ron = rt.block_on(store.record(jroom)).unwrap().expect("a record");
    let record = bw_rules::junqi::record::Record::from_ron(&ron).unwrap();
    record
        .replay(std::sync::Arc::new(bw_rules::junqi::PieceSet::standard()))
        .unwrap();
    let Some(GameRecord::Junqi { ron: sent }) = &junqi[0].finished else {
        panic!("no record sent");
    };
    assert_eq!(*sent, ron);
}

#[test]
fn the_lobby_lists_rooms_and_refusals_keep_the_connection() {
    let (_s, url, _dir) = server(|_| {});
    let (mut clients, room, _) = room_of_two(&url, short_bracket(), 5);
    let mut o = Client::join(&url, "observer", None).unwrap();
    o.send(&ClientMsg::ListRooms).unwrap();
    let ServerMsg::Lobby { rooms, .. } = o
        .expect(WAIT, |m| matches!(m, ServerMsg::Lobby { .. }))
        .unwrap()
    else {
        unreachable!()
    };
    let listed = rooms
        .iter()
        .find(|r| r.id == room)
        .expect("the room is listed");
    assert_eq!((listed.seats, listed.taken), (2, 2));
    // A full room, a room that does not exist, acting while observing: refused, and the
    // connection goes on.
    for (msg, code) in [
        (
            ClientMsg::Join {
                room,
                seat: Some(0),
                password: None,
            },
            RefusalCode::SeatTaken,
        ),
        (
            ClientMsg::Join {
                room: 999,
                seat: None,
                password: None,
            },
            RefusalCode::NoRoom,
        ),
        (
            ClientMsg::Act {
                seq: 1,
                action: GameAction::Resign,
            },
            RefusalCode::NoRoom,
        ),
    ] {
        o.send(&msg).unwrap();
        let ServerMsg::Refused { code: got, .. } = o
            .expect(WAIT, |m| matches!(m, ServerMsg::Refused { .. }))
            .unwrap()
        else {
            unreachable!()
        };
        assert_eq!(got, code);
    }
    o.send(&ClientMsg::Join {
        room,
        seat: None,
        password: None,
    })
    .unwrap();
    o.expect(WAIT, |m| matches!(m, ServerMsg::Room { .. }))
        .unwrap();
    o.send(&ClientMsg::Act {
        seq: 2,
        action: GameAction::Resign,
    })
    .unwrap();
    let refused = o
        .expect(WAIT, |m| matches!(m, ServerMsg::Refused { .. }))
        .unwrap();
    assert!(
        matches!(
            refused,
            ServerMsg::Refused {
                seq: Some(2),
                code: RefusalCode::NotSeated,
                ..
            }
        ),
        "{refused:?}"
    );
    drive(&mut clients, Duration::from_secs(60), |_, _| false).unwrap();
    // The observer got the end too.
    o.expect(WAIT, |m| matches!(m, ServerMsg::Finished { .. }))
        .unwrap();
}

#[test]
fn bad_bytes_close_only_their_connection_while_a_game_finishes() {
    let (_s, url, _dir) = server(|_| {});
    let (mut clients, _, _) = room_of_two(&url, short_bracket(), 7);
    let closes_with = |send: &dyn Fn(&mut Client), code: RefusalCode| {
        let mut c = Client::connect(&url).unwrap();
        send(&mut c);
        let seen = c
            .until_closed(WAIT)
            .expect("the server closes the connection");
        assert!(
            seen.iter()
                .any(|m| matches!(m, ServerMsg::Error { code: got, .. } if *got == code)),
            "{code:?} expected, got {seen:?}"
        );
    };
    closes_with(
        &|c| {
            c.send_frame(Message::binary(vec![0xff, 0x00, 0x13, 0x37]))
                .unwrap()
        },
        RefusalCode::Malformed,
    );
    closes_with(
        &|c| c.send_text("{not json").unwrap(),
        RefusalCode::Malformed,
    );
    closes_with(
        &|c| c.send_text(r#"{"type":"list_rooms"}"#).unwrap(),
        RefusalCode::Malformed,
    );
    closes_with(
        &|c| {
            c.send(&ClientMsg::Hello {
                version: PROTOCOL_VERSION + 1,
                name: "x".into(),
                resume: None,
                session: None,
            })
            .unwrap()
        },
        RefusalCode::Version,
    );
    closes_with(
        &|c| {
            let _ = c.send_text(&"x".repeat(MAX_FRAME_BYTES + 10));
        },
        RefusalCode::TooLarge,
    );
    closes_with(
        &|c| {
            c.send(&ClientMsg::Hello {
                version: PROTOCOL_VERSION,
                name: "\u{7}bell".into(),
                resume: None,
                session: None,
            })
            .unwrap()
        },
        RefusalCode::Malformed,
    );
    // Out of turn: refused, the connection stays.
    let waiting = {
        let mut w = None;
        for (i, c) in clients.iter_mut().enumerate() {
            while c.poll(Duration::from_millis(200)).unwrap() {}
            let _ = i;
        }
        for (i, c) in clients.iter().enumerate() {
            if c.acted == 0 {
                w = Some(i);
            }
        }
        w
    };
    if let Some(i) = waiting {
        clients[i]
            .client
            .send(&ClientMsg::Act {
                seq: 999,
                action: GameAction::Bracket {
                    action: bracket::record::RecordedAction::Pass,
                },
            })
            .unwrap();
    }
    drive(&mut clients, Duration::from_secs(60), |_, _| false).unwrap();
    if let Some(i) = waiting {
        assert!(
            clients[i]
                .refusals
                .iter()
                .any(|(c, _)| *c == RefusalCode::NotYourTurn || *c == RefusalCode::Illegal),
            "{:?}",
            clients[i].refusals
        );
    }
}

#[test]
fn a_flood_is_rate_limited_and_a_silent_connection_times_out() {
    let (_s, url, _dir) = server(|c| {
        c.idle = Duration::from_millis(800);
        c.ping = Duration::from_secs(60);
    });
    let mut c = Client::join(&url, "flood", None).unwrap();
    for _ in 0..100 {
        c.send(&ClientMsg::ListRooms).unwrap();
    }
    let mut limited = false;
    for _ in 0..100 {
        if let Received::Msg(ServerMsg::Refused {
            code: RefusalCode::RateLimited,
            ..
        }) = c.recv(WAIT)
        {
            limited = true;
            break;
        }
    }
    assert!(limited, "no rate limit");
    // Still open; then silent until the idle limit closes it.
    c.send(&ClientMsg::ListRooms).unwrap();
    let seen = c.until_closed(WAIT).expect("an idle connection is closed");
    assert!(
        seen.iter().any(|m| matches!(
            m,
            ServerMsg::Error {
                code: RefusalCode::Idle,
                ..
            }
        )),
        "{seen:?}"
    );
}

#[test]
fn a_client_dropped_at_every_point_of_a_short_game_comes_back_and_it_finishes() {
    let (_s, url, _dir) = server(|_| {});
    // The short game: 3 rounds of 括号大战, 6 placements. Drop the guest after each of its
    // received messages in turn, up to well past the game's middle.
    for drop_after in 1..=14 {
        let (mut clients, _, tokens) = room_of_two(&url, short_bracket(), 100 + drop_after);
        let mut received = 0;
        drive(&mut clients, Duration::from_secs(30), |i, _| {
            if i == 1 {
                received += 1;
            }
            received >= drop_after
        })
        .unwrap();
        if clients.iter().all(|c| c.finished.is_some()) {
            continue;
        }
        // The connection drops; a new one takes the seat back with its token.
        let old = clients.remove(1);
        drop(old);
        let fresh = Client::join(&url, "guest", Some(tokens[1].clone())).unwrap();
        clients.push(BotClient::new(
            fresh,
            Bot::new(Content::builtin(), Level::Normal, 7),
        ));
        drive(&mut clients, Duration::from_secs(60), |_, _| false)
            .unwrap_or_else(|e| panic!("dropped after {drop_after} messages: {e}"));
        assert!(
            clients[1].refusals.is_empty(),
            "after {drop_after}: {:?}",
            clients[1].refusals
        );
    }
}

#[test]
fn a_panic_in_one_room_closes_that_room_only() {
    let (_s, url, dir) = server(|c| c.test_faults = true);
    let (mut bad, bad_room, _) = room_of_two(&url, short_bracket(), 11);
    let (mut good, _, _) = room_of_two(&url, room_options(GameKind::Junqi, 2), 12);
    bad[0]
        .client
        .send(&ClientMsg::Chat {
            text: "!panic".into(),
        })
        .unwrap();
    let left = bad[0]
        .client
        .expect(WAIT, |m| matches!(m, ServerMsg::Left { .. }))
        .unwrap();
    assert!(matches!(left, ServerMsg::Left { .. }));
    drive(&mut good, Duration::from_secs(120), |_, _| false).unwrap();
    // The server still takes new connections; the failed room's journal is kept.
    Client::join(&url, "later", None).unwrap();
    let (rt, store) = database(dir.path());
    let journal = rt.block_on(store.journal(bad_room)).unwrap();
    assert!(journal.last().unwrap().contains("failed"), "{journal:?}");
    let _ = &mut bad;
}

/// The database keeps a room's journal in order across group commits, says when an id was
/// taken, and with a page cap fails as a full disk does, keeping what it committed.
#[test]
fn the_database_keeps_journals_in_order_and_a_full_one_keeps_what_it_committed() {
    let dir = tempfile::tempdir().unwrap();
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    let url = format!("sqlite:{}", dir.path().join("server.db").display());
    rt.block_on(async {
        let store = bw_server::server::Store::open(&url, Some(35))
            .await
            .unwrap();
        keeps_journals_in_order(&store).await;
        // Fill the database: a write fails, and everything before it is there.
        let big = "x".repeat(3000);
        let mut n = 0u64;
        let error = loop {
            match store.append(1, 1 + n, vec![big.clone()]).await {
                Ok(()) => n += 1,
                Err(e) => break e,
            }
            assert!(n < 10_000, "the cap never held");
        };
        assert!(error.contains("full"), "{error}");
        assert_eq!(store.journal(1).await.unwrap().len() as u64, 1 + n);
        assert_eq!(store.max_room().await.unwrap(), 39);
    });
}

/// Rooms 1 to 39 created, 2 to 39 written to at once: each journal in order, ids never
/// given twice, several changes per commit.
async fn keeps_journals_in_order(store: &bw_server::server::Store) {
    assert!(store.create(1, vec!["a".into()]).await.unwrap());
    assert!(
        !store.create(1, vec!["b".into()]).await.unwrap(),
        "id 1 is taken"
    );
    // Many rooms at once: one commit carries several.
    let mut tasks = Vec::new();
    for room in 2..40u64 {
        let store = store.clone();
        tasks.push(tokio::spawn(async move {
            store.create(room, vec![format!("{room}:0")]).await.unwrap();
            for i in 1..5u64 {
                store
                    .append(room, i, vec![format!("{room}:{i}")])
                    .await
                    .unwrap();
            }
        }));
    }
    for t in tasks {
        t.await.unwrap();
    }
    assert_eq!(
        store.journal(7).await.unwrap(),
        (0..5).map(|i| format!("7:{i}")).collect::<Vec<_>>()
    );
    assert_eq!(store.max_room().await.unwrap(), 39);
    assert_eq!(store.open_rooms().await.unwrap().len(), 39);
    let stats = &store.stats;
    let commits = stats.commits.load(std::sync::atomic::Ordering::Relaxed);
    let changes = stats.changes.load(std::sync::atomic::Ordering::Relaxed);
    assert!(
        changes > commits,
        "group commits: {changes} changes in {commits} commits"
    );
}

fn scrape(addr: std::net::SocketAddr, path: &str) -> String {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).unwrap();
    write!(s, "GET {path} HTTP/1.1\r\nHost: x\r\n\r\n").unwrap();
    let mut out = String::new();
    s.read_to_string(&mut out).unwrap();
    out
}

/// `--metrics`: Prometheus text at /metrics — connections, rooms by status, refusals by
/// code, the database's commits — and nothing anywhere else.
#[test]
fn the_metrics_say_what_the_server_holds_and_refused() {
    let (s, url, _dir) = server(|c| c.metrics = Some("127.0.0.1:0".into()));
    let at = s.metrics.expect("metrics served");
    let mut c = Client::join(&url, "host", None).unwrap();
    c.send(&ClientMsg::CreateRoom {
        options: room_options(GameKind::Junqi, 2),
    })
    .unwrap();
    seated(&mut c);
    // Two refusals: joining another room without leaving this one, twice.
    for _ in 0..2 {
        c.send(&ClientMsg::Join {
            room: 999,
            seat: None,
            password: None,
        })
        .unwrap();
        c.expect(WAIT, |m| matches!(m, ServerMsg::Refused { .. }))
            .unwrap();
    }
    let text = scrape(at, "/metrics");
    assert!(text.starts_with("HTTP/1.1 200 OK"), "{text}");
    assert!(text.contains("text/plain; version=0.0.4"), "{text}");
    for line in [
        "bw_connections 1",
        "bw_refusals_total{code=\"wrong_phase\"} 2",
        "bw_rooms{status=\"waiting\"} 1",
        "# TYPE bw_db_commit_seconds summary",
        "bw_queued_bytes ",
        "bw_computer_thinking_seconds_count 0",
    ] {
        assert!(text.contains(line), "no `{line}` in:\n{text}");
    }
    let commits: f64 = text
        .lines()
        .find_map(|l| l.strip_prefix("bw_db_commit_seconds_count "))
        .unwrap()
        .parse()
        .unwrap();
    assert!(commits >= 1.0, "{text}");
    assert!(scrape(at, "/").starts_with("HTTP/1.1 404"));
}

/// Retention: a finished room's journal and record go once they are older than the
/// setting; the room's id stays taken; open rooms are untouched.
#[test]
fn finished_rooms_are_forgotten_after_the_retention_and_their_ids_stay_taken() {
    let dir = tempfile::tempdir().unwrap();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let url = format!("sqlite:{}", dir.path().join("server.db").display());
    rt.block_on(forgets_finished_rooms(&url));
}

async fn forgets_finished_rooms(url: &str) {
    let store = bw_server::server::Store::open(url, None).await.unwrap();
    for room in [1, 2] {
        assert!(store.create(room, vec![format!("{room}")]).await.unwrap());
    }
    store.keep_record(1, "record".into()).await.unwrap();
    store.close(1);
    // A day's retention keeps what closed a moment ago.
    store
        .forget_finished(Duration::from_secs(86_400))
        .await
        .unwrap();
    assert_eq!(store.journal(1).await.unwrap().len(), 1);
    assert!(store.record(1).await.unwrap().is_some());
    tokio::time::sleep(Duration::from_millis(20)).await;
    store.forget_finished(Duration::ZERO).await.unwrap();
    assert!(store.journal(1).await.unwrap().is_empty());
    assert_eq!(store.record(1).await.unwrap(), None);
    assert_eq!(
        store.journal(2).await.unwrap().len(),
        1,
        "an open room stays"
    );
    assert!(!store.create(1, vec![]).await.unwrap(), "id 1 stays taken");
}

#[test]
#[ignore = "needs PostgreSQL: BW_TEST_POSTGRES (scripts/test.sh starts one)"]
fn postgres_keeps_journals_in_order_and_forgets_finished_rooms() {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    rt.block_on(async {
        let url = postgres_database("order");
        let store = bw_server::server::Store::open(&url, None).await.unwrap();
        keeps_journals_in_order(&store).await;
        forgets_finished_rooms(&postgres_database("retention")).await;
    });
}

#[test]
#[ignore = "needs PostgreSQL: BW_TEST_POSTGRES (scripts/test.sh starts one)"]
fn postgres_serves_games_to_the_end_and_keeps_their_records() {
    let url = postgres_database("games");
    let (_s, ws, _dir) = server(|c| c.database = Some(url.clone()));
    let (mut junqi, room, _) = room_of_two(&ws, room_options(GameKind::Junqi, 2), 21);
    drive(&mut junqi, Duration::from_secs(120), |_, _| false).unwrap();
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let store = rt
        .block_on(bw_server::server::Store::open(&url, None))
        .unwrap();
    let ron = rt.block_on(store.record(room)).unwrap().expect("a record");
    let Some(GameRecord::Junqi { ron: sent }) = &junqi[0].finished else {
        panic!("no record sent");
    };
    assert_eq!(*sent, ron);
}

/// A self-signed certificate for `localhost`, made now: the certificate and key files.
fn self_signed(dir: &std::path::Path) -> (std::path::PathBuf, std::path::PathBuf) {
    let made = rcgen::generate_simple_self_signed(vec!["localhost".to_string()]).unwrap();
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    std::fs::write(&cert, made.cert.pem()).unwrap();
    std::fs::write(&key, made.signing_key.serialize_pem()).unwrap();
    (cert, key)
}

#[test]
fn a_wss_server_plays_with_clients_that_trust_its_certificate_and_no_other() {
    let certs = tempfile::tempdir().unwrap();
    let (cert, key) = self_signed(certs.path());
    let (s, _, _dir) = server(|c| {
        c.tls = Some(bw_server::server::TlsFiles {
            cert: cert.clone(),
            key: key.clone(),
        })
    });
    assert!(s.tls);
    let port = s.addr.port();
    let url = format!("wss://localhost:{port}");
    let trusting = bw_server::tls::client_config(&bw_server::tls::certificates(&cert).unwrap());

    // A client that does not trust the certificate (Mozilla's and the system's roots
    // only) is refused by its own check; so is one that reaches it by another name, and a
    // client speaking ws:// to it gets no game.
    let untrusted = Client::connect(&url)
        .err()
        .expect("an unknown issuer is refused");
    assert!(untrusted.contains("certificate"), "{untrusted}");
    let other_name = Client::connect_with(&format!("wss://127.0.0.1:{port}"), trusting.clone())
        .err()
        .expect("a certificate for another name is refused");
    assert!(other_name.contains("certificate"), "{other_name}");
    assert!(Client::join(&format!("ws://localhost:{port}"), "clear", None).is_err());

    // Clients that trust it play a game to the end over TLS.
    let (mut clients, _, _) = room_of_two_by(
        |name| {
            Client::connect_with(&url, trusting.clone())
                .unwrap()
                .hello(name, None)
                .unwrap()
        },
        short_bracket(),
        9,
    );
    drive(&mut clients, Duration::from_secs(60), |_, _| false).unwrap();
    assert!(clients.iter().all(|c| c.finished.is_some()));
    // The failed handshakes were counted, and the server still serves.
    let failed = s
        .hub
        .metrics()
        .tls_failures
        .load(std::sync::atomic::Ordering::Relaxed);
    assert!(failed >= 2, "{failed} failed TLS handshakes counted");
}

#[test]
fn bad_tls_files_stop_the_server_from_starting_with_a_reason() {
    let dir = tempfile::tempdir().unwrap();
    let (cert, key) = self_signed(dir.path());
    let other = tempfile::tempdir().unwrap();
    let (_, other_key) = self_signed(other.path());
    let garbage = dir.path().join("garbage.pem");
    std::fs::write(&garbage, "not a certificate\n").unwrap();
    let missing = dir.path().join("missing.pem");
    for (c, k, says) in [
        (&missing, &key, "cannot read the certificate file"),
        (&garbage, &key, "holds no certificate"),
        (&cert, &garbage, "cannot read a private key"),
        (&cert, &other_key, "does not go with the certificate"),
    ] {
        let mut config = bw_server::server::Config::new(dir.path());
        config.tls = Some(bw_server::server::TlsFiles {
            cert: c.clone(),
            key: k.clone(),
        });
        let err = bw_server::server::spawn("127.0.0.1:0", config)
            .err()
            .unwrap_or_else(|| panic!("{c:?} and {k:?} started a server"));
        assert!(err.contains(says), "{err}");
    }
}

// ---- The hall: accounts, sessions, standings and ratings (docs/hall.md) ----

const PASSWORD: &str = "correct horse";

/// A message that answers a request: the answer or a refusal.
fn answer(c: &mut Client) -> ServerMsg {
    c.expect(WAIT, |m| {
        matches!(
            m,
            ServerMsg::LoggedIn { .. }
                | ServerMsg::LoggedOut { .. }
                | ServerMsg::Player { .. }
                | ServerMsg::Leaderboard { .. }
                | ServerMsg::Refused { .. }
        )
    })
    .unwrap()
}

fn refusal(m: ServerMsg) -> (RefusalCode, String) {
    match m {
        ServerMsg::Refused { code, reason, .. } => (code, reason),
        other => panic!("not refused: {other:?}"),
    }
}

/// A fresh connection that registers `name` (or logs in, when it exists); its session.
fn logged_in(url: &str, name: &str, register: bool) -> (Client, String) {
    let mut c = Client::join(url, "someone", None).unwrap();
    let (name, password) = (name.to_string(), PASSWORD.to_string());
    c.send(&if register {
        ClientMsg::Register { name, password }
    } else {
        ClientMsg::Login { name, password }
    })
    .unwrap();
    match answer(&mut c) {
        ServerMsg::LoggedIn { session, .. } => (c, session),
        other => panic!("not logged in: {other:?}"),
    }
}

#[test]
fn accounts_register_log_in_keep_no_password_and_sessions_expire() {
    let (_s, url, dir) = server(|_| {});
    let mut a = Client::join(&url, "anyone", None).unwrap();
    a.send(&ClientMsg::Register {
        name: " Ada  Lovelace ".into(),
        password: PASSWORD.into(),
    })
    .unwrap();
    let ServerMsg::LoggedIn {
        name,
        session,
        expires_ms,
    } = answer(&mut a)
    else {
        panic!("not registered")
    };
    assert_eq!(name, "Ada  Lovelace", "the name as shown, trimmed");
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let days = (expires_ms - now_ms) as f64 / 86_400_000.0;
    assert!((29.9..=30.1).contains(&days), "{days} days");

    let mut b = Client::join(&url, "b", None).unwrap();
    let mut ask = |msg: ClientMsg| {
        b.send(&msg).unwrap();
        answer(&mut b)
    };
    let register = |name: &str, password: &str| ClientMsg::Register {
        name: name.into(),
        password: password.into(),
    };
    let login = |name: &str, password: &str| ClientMsg::Login {
        name: name.into(),
        password: password.into(),
    };
    // One account whatever the case, width or spaces.
    let (code, _) = refusal(ask(register("ＡＤＡ lovelace", "another password")));
    assert_eq!(code, RefusalCode::NameTaken);
    assert_eq!(
        refusal(ask(register("Bob", "short"))).0,
        RefusalCode::BadPassword
    );
    assert_eq!(
        refusal(ask(register("\u{200B}", PASSWORD))).0,
        RefusalCode::BadName
    );
    // A wrong password and an unknown name are told alike.
    let wrong = refusal(ask(login("ada lovelace", "not the password")));
    let unknown = refusal(ask(login("Nobody", PASSWORD)));
    assert_eq!(wrong, unknown);
    assert_eq!(wrong.0, RefusalCode::BadLogin);
    let ServerMsg::LoggedIn {
        name, session: s2, ..
    } = ask(login("ADA LOVELACE", PASSWORD))
    else {
        panic!("not logged in")
    };
    assert_eq!(name, "Ada  Lovelace");
    assert_ne!(s2, session, "each log-in has its own session");

    // A session logs a connection in again under the account's name.
    let mut c = Client::connect(&url).unwrap();
    let (name, account) = c.hello_session("whoever", &session).unwrap();
    assert_eq!((name.as_str(), account), ("Ada  Lovelace", true));

    // Neither the password nor a session token is in the database.
    let db = std::fs::read(dir.path().join("server.db")).unwrap();
    let wal = std::fs::read(dir.path().join("server.db-wal")).unwrap_or_default();
    for bytes in [&db, &wal] {
        for secret in [PASSWORD, session.as_str(), s2.as_str()] {
            assert!(
                !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
                "`{secret}` is in the database"
            );
        }
    }

    // Log-out ends that session only; an expired session logs nobody in.
    b.send(&ClientMsg::Logout {
        session: s2.clone(),
    })
    .unwrap();
    assert!(matches!(answer(&mut b), ServerMsg::LoggedOut { .. }));
    let (name, account) = Client::connect(&url)
        .unwrap()
        .hello_session("guest name", &s2)
        .unwrap();
    assert_eq!((name.as_str(), account), ("guest name", false));
    let (rt, store) = database(dir.path());
    rt.block_on(store.expire_sessions_of("ada lovelace"))
        .unwrap();
    let (name, account) = Client::connect(&url)
        .unwrap()
        .hello_session("later", &session)
        .unwrap();
    assert_eq!((name.as_str(), account), ("later", false));

    // Guessing is bounded: past 5 failed log-ins the connection closes.
    let mut g = Client::join(&url, "guesser", None).unwrap();
    for i in 0..5 {
        g.send(&login("Ada Lovelace", &format!("guess number {i}")))
            .unwrap();
        assert_eq!(refusal(answer(&mut g)).0, RefusalCode::BadLogin);
    }
    g.send(&login("Ada Lovelace", "guess number 6")).unwrap();
    let seen = g.until_closed(WAIT).expect("closed");
    assert!(seen.iter().any(|m| matches!(
        m,
        ServerMsg::Error {
            code: RefusalCode::RateLimited,
            ..
        }
    )));
}

/// What the hall told a client of its finished game (`rated`).
fn told(c: &mut BotClient) -> Vec<SeatRating> {
    let deadline = std::time::Instant::now() + WAIT;
    while c.rated.is_none() && std::time::Instant::now() < deadline {
        c.poll(Duration::from_millis(50)).unwrap();
    }
    c.rated.clone().expect("told how the game was counted")
}

/// The scores and plies of a finished 军棋 record.
fn junqi_result(ron: &str) -> bw_rules::junqi::Junqi {
    bw_rules::junqi::record::Record::from_ron(ron)
        .unwrap()
        .replay(std::sync::Arc::new(bw_rules::junqi::PieceSet::standard()))
        .unwrap()
}

#[test]
fn finished_games_count_in_standings_and_rated_ones_move_ratings_once() {
    // Fixed seeds: the same deals every run.
    let (_s, url, dir) = server(|c| c.fixed_seeds = Some(1));
    // Two accounts play a game to the end.
    let rated = RoomOptions {
        rated: true,
        ..room_options(GameKind::Junqi, 2)
    };
    let (mut clients, room, _) =
        room_of_two_by(|name| logged_in(&url, name, true).0, rated.clone(), 11);
    // Past 30 plies (16 moves each after the layouts) the second resigns: a rated win.
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
    let Some(GameRecord::Junqi { ron }) = clients[0].finished.clone() else {
        panic!("no record")
    };
    let game = junqi_result(&ron);
    let won = matches!(
        game.phase,
        bw_rules::junqi::Phase::Over(bw_rules::junqi::Outcome::Won { .. })
    );
    let rated = bw_online::hall::is_rated(game.plies, 2, won, true);
    assert!(rated, "34 plies and a win: rated");
    println!("{} plies, {:?}, rated {rated}", game.plies, game.phase);
    // Both are told their result.
    for c in &mut clients {
        let results = told(c);
        assert_eq!(results.len(), 2);
        for r in &results {
            assert_eq!(r.rated, rated);
            assert_eq!(r.score, game.players[r.seat as usize].score as i64);
            assert_eq!(r.before, 1500.0);
            // Equal ratings that draw stay equal (only the deviation narrows).
            assert_eq!(r.after != 1500.0, rated && won, "{r:?}");
        }
    }
    let (rt, store) = database(dir.path());
    let page = |name: &str| rt.block_on(store.player_page(name)).unwrap().unwrap();
    for (seat, name) in ["host", "guest"].into_iter().enumerate() {
        let p = page(name);
        let total = &p.totals[0];
        assert_eq!(total.mode, "2p");
        assert_eq!(total.score, game.players[seat].score as i64);
        assert_eq!(total.won + total.drawn + total.lost, 1);
        assert_eq!(p.recent.len(), 1);
        assert_eq!(p.recent[0].room, room);
        assert_eq!(p.ratings.len(), rated as usize, "{p:?}");
    }
    // The game's record opens from the page's room.
    assert_eq!(rt.block_on(store.record(room)).unwrap().unwrap(), ron);

    // An account against a guest: standings move, ratings do not.
    let (mut clients, _, _) = room_of_two_by(
        |name| {
            if name == "host" {
                logged_in(&url, "host", false).0
            } else {
                Client::join(&url, "a guest", None).unwrap()
            }
        },
        room_options(GameKind::Junqi, 2),
        12,
    );
    drive(&mut clients, Duration::from_secs(120), |_, _| false).unwrap();
    let results = told(&mut clients[0]);
    assert_eq!(results.len(), 1, "only the account's seat: {results:?}");
    assert!(!results[0].rated);
    assert_eq!(
        results[0].after, results[0].before,
        "an unrated game moves nothing"
    );
    let p = page("host");
    assert_eq!(p.recent.len(), 2);
    let games: u64 = p.totals.iter().map(|t| t.won + t.drawn + t.lost).sum();
    assert_eq!(games, 2);
    assert_eq!(p.ratings.iter().map(|r| r.games).sum::<u64>(), rated as u64);
}

#[test]
fn settling_is_glicko_2_by_hand_once_per_room_and_the_leaderboard_ranks_it() {
    let dir = tempfile::tempdir().unwrap();
    let (rt, store) = database(dir.path());
    settles_once_by_hand(&rt, &store);
}

#[test]
#[ignore = "needs PostgreSQL: BW_TEST_POSTGRES (scripts/test.sh starts one)"]
fn postgres_settles_once_by_hand_and_keeps_accounts() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let url = postgres_database("hall");
    let store = rt
        .block_on(bw_server::server::Store::open(&url, None))
        .unwrap();
    settles_once_by_hand(&rt, &store);
    // Accounts and sessions on PostgreSQL as on SQLite.
    let hashing = bw_server::server::accounts::Hashing::new(1);
    let (account, session) = rt
        .block_on(store.login(&hashing, "WINNER", PASSWORD))
        .unwrap();
    assert_eq!(account.name, "Winner");
    let back = rt.block_on(store.session(&session.token)).unwrap();
    assert_eq!(back, Some(account));
    assert!(matches!(
        rt.block_on(store.register(&hashing, "winner", PASSWORD)),
        Err(bw_server::server::accounts::AccountError::Taken)
    ));
}

/// Two accounts, a game settled twice and a quick win, on either database.
fn settles_once_by_hand(rt: &tokio::runtime::Runtime, store: &bw_server::server::Store) {
    use bw_online::hall::{Finish, FinishedGame, FinishedSeat, Sitter};
    use bw_server::server::accounts::{Hashing, Settlement};
    let hashing = Hashing::new(1);
    for name in ["Winner", "Loser"] {
        rt.block_on(store.register(&hashing, name, PASSWORD))
            .unwrap();
    }
    let seat = |seat: u8, name: &str, finish, score| FinishedSeat {
        seat,
        name: name.into(),
        sitter: Sitter::Account(name.to_lowercase()),
        team: seat,
        finish,
        score,
    };
    let game = |plies| FinishedGame {
        rated: true,
        pool: "junqi-2".into(),
        mode: "2p".into(),
        plies,
        seats: vec![
            seat(0, "Winner", Finish::Won, 10),
            seat(1, "Loser", Finish::Lost, -10),
        ],
    };
    let settled = rt
        .block_on(store.settle(&Settlement {
            room: 7,
            game: game(50),
        }))
        .unwrap();
    // By hand (hall.rs): from 1500 ± 350, one win: 1662.3; one loss: 1337.7.
    assert!(
        (settled[0].after.rating - 1662.3).abs() < 0.5,
        "{settled:?}"
    );
    assert!(
        (settled[1].after.rating - 1337.7).abs() < 0.5,
        "{settled:?}"
    );
    // The same room again (a retry): nothing counted twice.
    let again = rt
        .block_on(store.settle(&Settlement {
            room: 7,
            game: game(50),
        }))
        .unwrap();
    assert_eq!(again.len(), 2);
    assert_eq!(again[0].after.rating, settled[0].after.rating);
    let (r, games) = rt.block_on(store.rating("winner", "junqi-2")).unwrap();
    assert_eq!((r.rating, games), (settled[0].after.rating, 1));
    let page = rt.block_on(store.player_page("winner")).unwrap().unwrap();
    assert_eq!((page.totals[0].score, page.totals[0].won), (10, 1));
    // A quick win (under 30 plies) counts in the standings only.
    let quick = rt
        .block_on(store.settle(&Settlement {
            room: 8,
            game: game(29),
        }))
        .unwrap();
    assert!(!quick[0].rated);
    assert_eq!(quick[0].after, quick[0].before);
    let page = rt.block_on(store.player_page("winner")).unwrap().unwrap();
    assert_eq!((page.totals[0].score, page.totals[0].won), (20, 2));
    assert_eq!(page.ratings[0].games, 1);
    assert_eq!(page.ratings[0].rank, bw_online::hall::Rank::Brigade);
    // The leaderboard: best first, with ranks.
    let board = rt.block_on(store.leaderboard("junqi-2", 0)).unwrap();
    let names: Vec<&str> = board.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["Winner", "Loser"]);
    assert_eq!(board[1].place, 2);
    assert_eq!(board[1].rank, bw_online::hall::Rank::Company);
    assert!(
        rt.block_on(store.leaderboard("junqi-2", 1))
            .unwrap()
            .is_empty()
    );
}

#[test]
fn a_rated_game_cannot_be_resigned_in_its_first_plies_and_an_unrated_one_can() {
    let (_s, url, _dir) = server(|_| {});
    for accounts in [true, false] {
        let (mut clients, _, _) = room_of_two_by(
            |name| {
                if accounts {
                    logged_in(&url, &format!("{name} resigns"), true).0
                } else {
                    Client::join(&url, name, None).unwrap()
                }
            },
            RoomOptions {
                rated: accounts,
                ..room_options(GameKind::Junqi, 2)
            },
            13,
        );
        // Play until the armies are deployed and someone is to move.
        drive(&mut clients, Duration::from_secs(60), |_, c| {
            matches!(&c.last_view, Some(GameView::Junqi(v)) if v.view.phase == bw_rules::junqi::Phase::Playing)
        })
        .unwrap();
        let c = &mut clients[0].client;
        c.send(&ClientMsg::Act {
            seq: 999,
            action: GameAction::Resign,
        })
        .unwrap();
        let m = c
            .expect(WAIT, |m| {
                matches!(
                    m,
                    ServerMsg::Acted { seq: 999 } | ServerMsg::Refused { seq: Some(999), .. }
                )
            })
            .unwrap();
        if accounts {
            assert_eq!(refusal(m).0, RefusalCode::TooEarly);
        } else {
            assert_eq!(m, ServerMsg::Acted { seq: 999 });
        }
    }
}

/// The hall lists rooms by page and filter (game, status, free seats, rated, private), and
/// rooms keep their settings: a private room asks its password, a rated room seats only
/// logged-in players, a room may forbid watching.
#[test]
fn the_hall_finds_rooms_by_filter_and_rooms_keep_their_doors() {
    let (_s, url, _dir) = server(|_| {});
    let (mut host, _) = logged_in(&url, "Hall Host", true);
    let junqi = room_options(GameKind::Junqi, 2);
    let mut made = Vec::new();
    // Each room made by an account of its own (an account sits in one room at a time).
    let mut make = |options: RoomOptions| {
        let (mut c, _) = logged_in(&url, &format!("maker {}", made.len()), true);
        c.send(&ClientMsg::CreateRoom { options }).unwrap();
        let (room, _) = seated(&mut c);
        made.push(c);
        room
    };
    let public = make(RoomOptions {
        name: Some("新手房".into()),
        ..junqi.clone()
    });
    let private = make(RoomOptions {
        password: Some("open sesame".into()),
        ..junqi.clone()
    });
    let rated = make(RoomOptions {
        rated: true,
        ..junqi.clone()
    });
    let unwatched = make(RoomOptions {
        observers: false,
        ..junqi.clone()
    });
    let bracket = make(short_bracket());
    let find = |c: &mut Client, filter: LobbyFilter, page: u32| {
        c.send(&ClientMsg::FindRooms {
            filter: Some(filter),
            page,
        })
        .unwrap();
        match c
            .expect(WAIT, |m| matches!(m, ServerMsg::Lobby { .. }))
            .unwrap()
        {
            ServerMsg::Lobby { rooms, total, page } => (rooms, total, page),
            _ => unreachable!(),
        }
    };
    let mut g = Client::join(&url, "a guest", None).unwrap();
    let ids = |rooms: &[RoomSummary]| rooms.iter().map(|r| r.id).collect::<Vec<_>>();
    let (all, total, _) = find(&mut g, LobbyFilter::default(), 0);
    assert_eq!(total, 5);
    assert_eq!(ids(&all), [public, private, rated, unwatched, bracket]);
    assert_eq!(all[0].options.name.as_deref(), Some("新手房"));
    assert!(all[1].private && !all[0].private);
    assert!(
        all.iter().all(|r| r.options.password.is_none()),
        "no password in the lobby"
    );
    let mut only = |filter| ids(&find(&mut g, filter, 0).0);
    let filter = LobbyFilter {
        game: Some(GameKind::Bracket),
        ..Default::default()
    };
    assert_eq!(only(filter), [bracket]);
    let filter = LobbyFilter {
        rated: Some(true),
        ..Default::default()
    };
    assert_eq!(only(filter), [rated]);
    let filter = LobbyFilter {
        status: Some(RoomStatus::Playing),
        ..Default::default()
    };
    assert!(only(filter).is_empty());
    let (rooms, total, page) = find(&mut g, LobbyFilter::default(), 1);
    assert_eq!(
        (rooms.len(), total, page),
        (0, 5, 1),
        "page 1 of 5 rooms is empty"
    );
    // The doors.
    let join = |c: &mut Client, room, seat, password: Option<&str>| {
        c.send(&ClientMsg::Join {
            room,
            seat,
            password: password.map(String::from),
        })
        .unwrap();
        let m = c
            .expect(WAIT, |m| {
                matches!(m, ServerMsg::Room { .. } | ServerMsg::Refused { .. })
            })
            .unwrap();
        if matches!(m, ServerMsg::Room { .. }) {
            c.send(&ClientMsg::Leave).unwrap();
            c.expect(WAIT, |m| matches!(m, ServerMsg::Left { .. }))
                .unwrap();
            None
        } else {
            Some(refusal(m).0)
        }
    };
    assert_eq!(
        join(&mut g, private, None, None),
        Some(RefusalCode::WrongPassword)
    );
    assert_eq!(
        join(&mut g, private, None, Some("open sesame!")),
        Some(RefusalCode::WrongPassword)
    );
    assert_eq!(join(&mut g, private, None, Some("open sesame")), None);
    assert_eq!(
        join(&mut g, rated, Some(1), None),
        Some(RefusalCode::NotLoggedIn)
    );
    assert_eq!(join(&mut g, rated, None, None), None, "a guest may watch");
    assert_eq!(
        join(&mut g, unwatched, None, None),
        Some(RefusalCode::NoObservers)
    );
    assert_eq!(join(&mut g, unwatched, Some(1), None), None, "but may sit");
    // A rated room has no computers; a bad room name is refused.
    made[2]
        .send(&ClientMsg::SetComputer {
            seat: 1,
            level: Some(Level::Normal),
        })
        .unwrap();
    let m = made[2]
        .expect(WAIT, |m| matches!(m, ServerMsg::Refused { .. }))
        .unwrap();
    assert_eq!(refusal(m).0, RefusalCode::BadOptions);
    host.send(&ClientMsg::CreateRoom {
        options: RoomOptions {
            name: Some("\u{202E}evil".into()),
            ..junqi
        },
    })
    .unwrap();
    assert_eq!(refusal(answer(&mut host)).0, RefusalCode::BadOptions);
}

/// A logged-in player who drops comes back to the seat by saying `hello` with the session
/// alone (no seat token): the seat gets a new token, the game goes on to its end.
#[test]
fn a_logged_in_player_comes_back_to_the_seat_by_session_alone() {
    let (_s, url, _dir) = server(|_| {});
    let sessions = std::cell::RefCell::new(Vec::new());
    let (mut clients, room, tokens) = room_of_two_by(
        |name| {
            let (c, session) = logged_in(&url, &format!("{name} returns"), true);
            sessions.borrow_mut().push(session);
            c
        },
        room_options(GameKind::Junqi, 2),
        21,
    );
    let mut acted = [0; 2];
    drive(&mut clients, Duration::from_secs(60), |i, c| {
        acted[i] = c.acted;
        acted.iter().all(|&n| n > 5)
    })
    .unwrap();
    drop(clients.pop()); // seat 1's connection drops
    let mut c = Client::connect(&url).unwrap();
    let (name, account) = c.hello_session("anyone", &sessions.borrow()[1]).unwrap();
    assert_eq!((name.as_str(), account), ("guest returns", true));
    let ServerMsg::Seated {
        room: back,
        seat,
        token,
    } = c
        .expect(WAIT, |m| matches!(m, ServerMsg::Seated { .. }))
        .unwrap()
    else {
        unreachable!()
    };
    assert_eq!((back, seat), (room, 1));
    assert_ne!(token, tokens[1], "a new seat token");
    clients.push(BotClient::new(
        c,
        Bot::new(Content::builtin(), Level::Normal, 22),
    ));
    drive(&mut clients, Duration::from_secs(120), |_, _| false).unwrap();
    // The new token takes the seat back too; the old one names nothing.
    let mut old = Client::join(&url, "x", Some(tokens[1].clone())).unwrap();
    let m = old
        .expect(WAIT, |m| {
            matches!(m, ServerMsg::Refused { .. } | ServerMsg::Seated { .. })
        })
        .unwrap();
    assert!(
        matches!(
            m,
            ServerMsg::Refused {
                code: RefusalCode::BadToken,
                ..
            }
        ),
        "{m:?}"
    );
}

/// Password hashes are dear on purpose: an address gets a few attempts a minute (a named
/// limit, `--password-attempts-per-minute`), and an account keeps its newest sessions only.
#[test]
fn password_attempts_are_limited_per_address_and_sessions_per_account() {
    let (_s, url, _dir) = server(|c| c.password_attempts_per_minute = 3);
    let (mut c, _) = logged_in(&url, "Counted", true);
    for _ in 0..2 {
        c.send(&ClientMsg::Login {
            name: "Counted".into(),
            password: PASSWORD.into(),
        })
        .unwrap();
        assert!(matches!(answer(&mut c), ServerMsg::LoggedIn { .. }));
    }
    c.send(&ClientMsg::Login {
        name: "Counted".into(),
        password: PASSWORD.into(),
    })
    .unwrap();
    let (code, reason) = refusal(answer(&mut c));
    assert_eq!(code, RefusalCode::RateLimited, "{reason}");
    // The connection stays, and so does everything that needs no password.
    c.send(&ClientMsg::Player {
        name: "counted".into(),
    })
    .unwrap();
    assert!(matches!(answer(&mut c), ServerMsg::Player { .. }));

    let (_s, url, _dir) = server(|_| {});
    let sessions: Vec<String> = (0..=bw_online::hall::MAX_SESSIONS)
        .map(|i| logged_in(&url, "Many Devices", i == 0).1)
        .collect();
    let still = |s: &str| {
        Client::connect(&url)
            .unwrap()
            .hello_session("x", s)
            .unwrap()
            .1
    };
    assert!(!still(&sessions[0]), "the oldest session ended");
    assert!(sessions[1..].iter().all(|s| still(s)), "the newest 10 stay");
}

/// `--max-observers`: the room lets that many watch; one more is refused, a seat is not.
#[test]
fn the_observers_limit_is_the_servers_setting() {
    let (_s, url, _dir) = server(|c| c.max_observers = 2);
    let mut host = Client::join(&url, "host", None).unwrap();
    host.send(&ClientMsg::CreateRoom {
        options: room_options(GameKind::Junqi, 2),
    })
    .unwrap();
    let (room, _) = seated(&mut host);
    let mut watchers = Vec::new();
    for i in 0..3 {
        let mut c = Client::join(&url, &format!("watcher {i}"), None).unwrap();
        c.send(&ClientMsg::Join {
            room,
            seat: None,
            password: None,
        })
        .unwrap();
        let m = c
            .expect(WAIT, |m| {
                matches!(m, ServerMsg::Room { .. } | ServerMsg::Refused { .. })
            })
            .unwrap();
        if i < 2 {
            assert!(matches!(m, ServerMsg::Room { .. }), "{m:?}");
        } else {
            assert_eq!(refusal(m).0, RefusalCode::RoomFull);
            c.send(&ClientMsg::Join {
                room,
                seat: Some(1),
                password: None,
            })
            .unwrap();
            seated(&mut c);
        }
        watchers.push(c);
    }
}

/// What an attack on the hall found (session 15), each refused now: one account in two
/// seats of a room, names that are a computer's rating key or hide invisible characters,
/// a log-out of no session, and a null filter.
#[test]
fn the_hall_refuses_what_an_attacker_tried() {
    let (_s, url, _dir) = server(|_| {});
    let (mut a, session) = logged_in(&url, "Solo", true);
    a.send(&ClientMsg::CreateRoom {
        options: RoomOptions {
            rated: true,
            ..room_options(GameKind::Junqi, 2)
        },
    })
    .unwrap();
    let (room, _) = seated(&mut a);
    // A second connection of the same account (a bogus seat token keeps it from taking
    // the first seat back) may not sit in the other seat.
    let mut b = Client::connect(&url).unwrap();
    b.send(&ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        name: "x".into(),
        resume: Some("00".repeat(16)),
        session: Some(session),
    })
    .unwrap();
    b.expect(WAIT, |m| {
        matches!(m, ServerMsg::Welcome { account: true, .. })
    })
    .unwrap();
    b.send(&ClientMsg::Join {
        room,
        seat: Some(1),
        password: None,
    })
    .unwrap();
    let m = b
        .expect(WAIT, |m| {
            matches!(
                m,
                ServerMsg::Refused {
                    code: RefusalCode::SeatTaken,
                    ..
                } | ServerMsg::Seated { .. }
            )
        })
        .unwrap();
    assert!(matches!(m, ServerMsg::Refused { .. }), "{m:?}");
    // Names.
    let mut g = Client::join(&url, "g", None).unwrap();
    for name in [
        "computer:easy",
        "ｃｏｍｐｕｔｅｒ：ｅａｓｙ",
        "Bo\u{200B}b",
        "Al\u{2060}ice",
    ] {
        g.send(&ClientMsg::Register {
            name: name.into(),
            password: PASSWORD.into(),
        })
        .unwrap();
        assert_eq!(refusal(answer(&mut g)).0, RefusalCode::BadName, "{name}");
    }
    // A log-out of no session says so, and the connection stays logged in as it was.
    a.send(&ClientMsg::Leave).unwrap();
    a.expect(WAIT, |m| matches!(m, ServerMsg::Left { .. }))
        .unwrap();
    a.send(&ClientMsg::Logout {
        session: "garbage".into(),
    })
    .unwrap();
    assert_eq!(refusal(answer(&mut a)).0, RefusalCode::BadSession);
    // A null filter is no filter.
    g.send_text(r#"{"type":"find_rooms","filter":null}"#)
        .unwrap();
    let m = g
        .expect(WAIT, |m| matches!(m, ServerMsg::Lobby { .. }))
        .unwrap();
    // A lobby, not a close (the room may or may not have closed yet: its only person left).
    assert!(matches!(m, ServerMsg::Lobby { page: 0, .. }), "{m:?}");
    g.send(&ClientMsg::ListRooms).unwrap();
    g.expect(WAIT, |m| matches!(m, ServerMsg::Lobby { .. }))
        .expect("the connection stays");
}
