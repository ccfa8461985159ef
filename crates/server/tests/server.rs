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
            },
            RefusalCode::SeatTaken,
        ),
        (
            ClientMsg::Join {
                room: 999,
                seat: None,
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
    o.send(&ClientMsg::Join { room, seat: None }).unwrap();
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
        let store = bw_server::server::Store::open(&url, Some(24))
            .await
            .unwrap();
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
        let stats = &store.stats;
        let commits = stats.commits.load(std::sync::atomic::Ordering::Relaxed);
        let changes = stats.changes.load(std::sync::atomic::Ordering::Relaxed);
        assert!(
            changes > commits,
            "group commits: {changes} changes in {commits} commits"
        );
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
    rt.block_on(async {
        let store = bw_server::server::Store::open(&url, None).await.unwrap();
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
    });
}
