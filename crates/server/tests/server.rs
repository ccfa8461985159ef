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
            assert_eq!(hall::refusal(m).0, RefusalCode::RoomFull);
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

/// The hall's players: accounts, sessions, standings, ratings and the hall's rooms.
#[path = "server/hall.rs"]
mod hall;
