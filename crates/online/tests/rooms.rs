//! Rooms without a network: seats, readiness, whole games between bot clients, refusals,
//! journals that rebuild a room, and what each seat may see. (A player away: absence.rs.)

mod common;

use bw_online::protocol::*;
use bw_online::room::{CHAT_HISTORY_LINES, Content, Effects, Entry, Room};
use bw_rules::bracket;
use bw_rules::junqi::{self, Phase};
use common::*;

#[test]
fn two_people_sit_raise_hands_and_play_junqi_to_the_end() {
    let mut h = Harness::new(junqi_2p(), 7);
    let mut b = bots(&[(1, 1), (2, 2)]);
    h.enter(1, "甲", Some(0));
    h.enter(2, "乙", Some(1));
    h.enter(3, "watcher", None);
    assert_eq!(h.room.status(), RoomStatus::Waiting);
    h.send(1, ClientMsg::Ready { ready: true }).unwrap();
    assert_eq!(
        h.room.status(),
        RoomStatus::Waiting,
        "one hand is not a start"
    );
    h.send(2, ClientMsg::Ready { ready: true }).unwrap();
    assert_eq!(h.room.status(), RoomStatus::Playing);
    h.play(&mut b, 5_000);
    assert_eq!(h.room.status(), RoomStatus::Over);
    // Everyone, the observer too, gets the record; it replays to the same end.
    let Some(GameRecord::Junqi { ron }) = finished(&h, 3) else {
        panic!("no record for the observer");
    };
    let record = junqi::record::Record::from_ron(&ron).unwrap();
    let game = record
        .replay(std::sync::Arc::new(junqi::PieceSet::standard()))
        .unwrap();
    assert!(matches!(game.phase, Phase::Over(_)));
    assert_eq!(game.players[0].profile, "甲");
    // After the end the observer sees every piece.
    let Some(GameView::Junqi(v)) = h.last_game(3) else {
        panic!()
    };
    assert!(v.view.nodes.iter().flatten().all(|p| p.kind.is_some()));
}

#[test]
fn bracket_rooms_play_to_the_turn_limit_and_offer_the_record() {
    let mut h = Harness::new(bracket_2p(), 3);
    let mut b = bots(&[(1, 1), (2, 2)]);
    h.two_ready();
    h.play(&mut b, 1_000);
    assert_eq!(h.room.status(), RoomStatus::Over);
    let Some(GameRecord::Bracket {
        settings,
        seed,
        actions,
    }) = finished(&h, 1)
    else {
        panic!("no record");
    };
    let kinds = bracket::KindTable::builtin();
    let actions: Vec<_> = actions.iter().map(|a| a.action(&kinds).unwrap()).collect();
    let game = bracket::Game::replay(settings, seed, &actions, &kinds).unwrap();
    assert!(game.turn.is_over());
}

#[test]
fn a_computer_fills_a_seat_at_the_hosts_word_and_plays() {
    let mut h = Harness::new(bracket_2p(), 5);
    let mut b = bots(&[(1, 1)]);
    h.enter(1, "host", Some(0));
    h.enter(2, "guest", None);
    let e = h
        .send(
            2,
            ClientMsg::SetComputer {
                seat: 1,
                level: Some(Level::Easy),
            },
        )
        .unwrap_err();
    assert_eq!(e.0, RefusalCode::NotHost);
    h.send(
        1,
        ClientMsg::SetComputer {
            seat: 1,
            level: Some(Level::Normal),
        },
    )
    .unwrap();
    h.send(1, ClientMsg::Ready { ready: true }).unwrap();
    assert_eq!(h.room.status(), RoomStatus::Playing);
    h.play(&mut b, 1_000);
    assert_eq!(h.room.status(), RoomStatus::Over);
}

#[test]
fn refusals_name_their_reason_and_the_room_goes_on() {
    let mut h = Harness::new(junqi_2p(), 9);
    h.enter(1, "a", Some(0));
    h.enter(2, "b", Some(1));
    h.enter(3, "o", None);
    let act = |seq, action| ClientMsg::Act { seq, action };
    assert_eq!(
        h.send(1, act(1, GameAction::Resign)).unwrap_err().0,
        RefusalCode::WrongPhase
    );
    assert_eq!(
        h.send(2, ClientMsg::Sit { seat: 0 }).unwrap_err().0,
        RefusalCode::SeatTaken
    );
    assert_eq!(
        h.send(2, ClientMsg::Sit { seat: 9 }).unwrap_err().0,
        RefusalCode::SeatTaken
    );
    h.send(1, ClientMsg::Ready { ready: true }).unwrap();
    h.send(2, ClientMsg::Ready { ready: true }).unwrap();
    // Observers cannot act; a bad layout is refused by the rules.
    assert_eq!(
        h.send(3, act(2, GameAction::OfferDraw)).unwrap_err().0,
        RefusalCode::NotSeated
    );
    let e = h
        .send(
            1,
            act(
                3,
                GameAction::Deploy {
                    layout: vec![("nowhere".into(), "flag".into())],
                },
            ),
        )
        .unwrap_err();
    assert_eq!(e.0, RefusalCode::Illegal);
    assert!(e.1.contains("nowhere"), "{}", e.1);
    // Deploy both by the bots, then try out-of-turn and impossible moves.
    let mut b = bots(&[(1, 1), (2, 2)]);
    for (&c, bot) in b.iter_mut() {
        for m in std::mem::take(h.inbox.get_mut(&c).unwrap()) {
            if let Some(GameAction::Deploy { layout }) = bot.on_message(&m) {
                h.send(c, act(4, GameAction::Deploy { layout })).unwrap();
            }
        }
    }
    let Some(GameView::Junqi(v)) = h.last_game(1) else {
        panic!()
    };
    assert_eq!(v.view.phase, Phase::Playing);
    let waiting = if v.view.turn == 0 { 2 } else { 1 };
    let e = h
        .send(
            waiting,
            act(
                5,
                GameAction::Move {
                    from: "A1,1".into(),
                    to: "A2,1".into(),
                },
            ),
        )
        .unwrap_err();
    assert_eq!(e.0, RefusalCode::NotYourTurn);
    let mover = 3 - waiting;
    let e = h
        .send(
            mover,
            act(
                6,
                GameAction::Move {
                    from: "B99".into(),
                    to: "A1".into(),
                },
            ),
        )
        .unwrap_err();
    assert_eq!(e.0, RefusalCode::Illegal);
    // The game goes on to its end.
    h.play(&mut b, 5_000);
    assert_eq!(h.room.status(), RoomStatus::Over);
}

#[test]
fn a_journal_rebuilds_the_room_exactly() {
    let mut h = Harness::new(junqi_2p(), 23);
    let mut b = bots(&[(1, 1), (2, 2)]);
    h.two_ready();
    h.play(&mut b, 30);
    // Through JSON lines, as the server keeps them.
    let lines: Vec<String> = h
        .journal
        .iter()
        .map(|e| serde_json::to_string(e).unwrap())
        .collect();
    let entries: Vec<Entry> = lines
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let mut restored = Room::restore(&entries, Content::builtin(), 0).unwrap();
    // Both rooms show the same position to the same seat.
    let fx_a = h.room.resume(h.now, 50, &seat_token(&h, 0)).unwrap();
    let fx_b = restored.resume(0, 50, &seat_token(&h, 0)).unwrap();
    let views = |fx: Effects| {
        fx.out
            .into_iter()
            .filter_map(|o| match o.msg {
                ServerMsg::Game {
                    view: GameView::Junqi(v),
                } => Some((v.view, v.events)),
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(views(fx_a), views(fx_b));
    assert!(Room::restore(&entries[1..], Content::builtin(), 0).is_err());
}

/// Chat lines are journaled: a connection that comes back, to this room or to the room
/// rebuilt from its journal after a restart, is sent the last [`CHAT_HISTORY_LINES`] lines
/// after the room's state; talk does not make a thinking computer's answer stale.
#[test]
fn chat_survives_a_reconnection_and_a_restart_up_to_its_limit() {
    let mut h = Harness::new(junqi_2p(), 5);
    h.two_ready();
    let stamp = h.room.stamp();
    let lines = CHAT_HISTORY_LINES + 5;
    for i in 0..lines {
        h.send(
            1 + (i as u64 % 2),
            ClientMsg::Chat {
                text: format!("line {i}"),
            },
        )
        .unwrap();
    }
    assert_eq!(h.room.stamp(), stamp, "chat is not a change of the game");
    let chat_of = |fx: Effects| {
        let mut seen_room = false;
        fx.out
            .into_iter()
            .filter(|o| o.to == 50)
            .filter_map(|o| match o.msg {
                ServerMsg::Room { .. } => {
                    seen_room = true;
                    None
                }
                ServerMsg::Chat { from, text, .. } => {
                    assert!(seen_room, "the chat lines come after the room's state");
                    Some(format!("{from}: {text}"))
                }
                _ => None,
            })
            .collect::<Vec<_>>()
    };
    let want: Vec<String> = (lines - CHAT_HISTORY_LINES..lines)
        .map(|i| format!("{}: line {i}", if i % 2 == 0 { "a" } else { "b" }))
        .collect();
    let fx = h.room.resume(h.now, 50, &seat_token(&h, 0)).unwrap();
    assert_eq!(chat_of(fx), want, "after a reconnection");
    let entries: Vec<Entry> = h
        .journal
        .iter()
        .map(|e| serde_json::from_str(&serde_json::to_string(e).unwrap()).unwrap())
        .collect();
    let mut restored = Room::restore(&entries, Content::builtin(), 0).unwrap();
    let fx = restored.resume(0, 50, &seat_token(&h, 0)).unwrap();
    assert_eq!(chat_of(fx), want, "after a restart");
    // An observer entering gets them too.
    let fx = restored
        .enter(0, 60, "watcher", None, || unreachable!())
        .unwrap();
    assert_eq!(
        fx.out
            .iter()
            .filter(|o| o.to == 60 && matches!(o.msg, ServerMsg::Chat { .. }))
            .count(),
        CHAT_HISTORY_LINES
    );
}

/// The no-leak check: seat 1's layout with two officers swapped must not change one byte of
/// what seat 0 or an observer receives, while neither piece is revealed. Seat 1 itself
/// must see the difference (the check can fail).
#[test]
fn swapping_pieces_a_seat_may_not_see_changes_nothing_it_receives() {
    let run = |swap: bool| -> (Vec<String>, Vec<String>, Vec<String>) {
        let mut h = Harness::new(junqi_2p(), 29);
        h.enter(1, "a", Some(0));
        h.enter(2, "b", Some(1));
        h.enter(3, "o", None);
        h.send(1, ClientMsg::Ready { ready: true }).unwrap();
        h.send(2, ClientMsg::Ready { ready: true }).unwrap();
        let set = junqi::PieceSet::standard();
        let rules = match &junqi_2p().game {
            GameOptions::Junqi { rules, .. } => rules.clone(),
            _ => unreachable!(),
        };
        let board = rules.make_board();
        let hand = set.standard_hand();
        let layout = |seat: usize, seed| {
            junqi::setup::auto_layout(
                &rules,
                &board,
                &set,
                rules.seat_letters()[seat],
                &hand,
                seed,
            )
        };
        let l0 = layout(0, 1);
        let mut l1 = layout(1, 2);
        // Two officers of different ranks, at the back (row 4/5 of the arm): swap them.
        let officer = |k: junqi::PieceKindId| {
            let kind = set.get(k);
            kind.mobile() && kind.ability == junqi::Ability::None
        };
        let idx: Vec<usize> = (0..l1.len()).filter(|&i| officer(l1[i].1)).collect();
        let (i, j) = idx
            .iter()
            .flat_map(|&i| idx.iter().map(move |&j| (i, j)))
            .find(|&(i, j)| l1[i].1 != l1[j].1)
            .unwrap();
        let hidden = [l1[i].0, l1[j].0];
        if swap {
            let (a, b) = (l1[i].1, l1[j].1);
            l1[i].1 = b;
            l1[j].1 = a;
        }
        let named = |l: &junqi::setup::Layout| {
            l.iter()
                .map(|&(n, k)| (board.name(n).to_string(), set.get(k).id.clone()))
                .collect::<Vec<_>>()
        };
        let act = |seq, action| ClientMsg::Act { seq, action };
        h.send(1, act(1, GameAction::Deploy { layout: named(&l0) }))
            .unwrap();
        h.send(2, act(2, GameAction::Deploy { layout: named(&l1) }))
            .unwrap();
        // Quiet moves only: no combat, and the two swapped pieces never move.
        for ply in 0..40 {
            let Some(GameView::Junqi(v)) = h.last_game(1 + (ply % 2)) else {
                panic!()
            };
            if v.view.phase != Phase::Playing {
                break;
            }
            let me = v.view.turn;
            let conn = me as u64 + 1;
            let Some(GameView::Junqi(mine)) = h.last_game(conn) else {
                panic!()
            };
            let mv = mine
                .view
                .legal_moves(&board, &set)
                .into_iter()
                .find(|&(from, to)| {
                    mine.view.nodes[to.0 as usize].is_none() && !hidden.contains(&from)
                });
            let Some((from, to)) = mv else { break };
            h.send(
                conn,
                act(
                    10 + ply as u32,
                    GameAction::Move {
                        from: board.name(from).into(),
                        to: board.name(to).into(),
                    },
                ),
            )
            .unwrap();
        }
        (
            h.wire.remove(&1).unwrap(),
            h.wire.remove(&3).unwrap(),
            h.wire.remove(&2).unwrap(),
        )
    };
    let (seat0_a, observer_a, seat1_a) = run(false);
    let (seat0_b, observer_b, seat1_b) = run(true);
    assert!(
        seat0_a.len() > 40,
        "the game went on: {} messages",
        seat0_a.len()
    );
    assert_eq!(
        seat0_a, seat0_b,
        "seat 0 learned something about seat 1's hidden pieces"
    );
    assert_eq!(
        observer_a, observer_b,
        "the observer learned something hidden"
    );
    assert_ne!(
        seat1_a, seat1_b,
        "seat 1 sees its own pieces: the swap must show there"
    );
}

#[test]
fn a_chat_line_over_the_limit_is_refused_not_cut() {
    let mut h = Harness::new(junqi_2p(), 5);
    h.two_ready();
    let long = "长".repeat(MAX_CHAT_CHARS + 1);
    let refused = h.send(1, ClientMsg::Chat { text: long }).unwrap_err();
    assert_eq!(refused.0, RefusalCode::TooLarge);
    assert!(
        h.send(
            1,
            ClientMsg::Chat {
                text: "长".repeat(MAX_CHAT_CHARS)
            }
        )
        .is_ok()
    );
}

#[test]
fn observers_are_bounded_and_the_room_message_names_only_the_first_few() {
    let mut h = Harness::new(junqi_2p(), 5);
    h.two_ready();
    let mut sent = 0;
    for i in 0..MAX_OBSERVERS as u64 {
        let fx = h
            .room
            .enter(h.now, 100 + i, &format!("watcher {i}"), None, || "t".into())
            .expect("an observer enters");
        sent += fx.out.len();
        h.take(fx);
    }
    // Every join tells every member: bounded by the limit, at most MAX² messages.
    assert!(
        sent <= (MAX_OBSERVERS + 2) * (MAX_OBSERVERS + 4),
        "{sent} messages"
    );
    let refused = h
        .room
        .enter(h.now, 999, "one too many", None, || "t".into())
        .map(|_| ())
        .unwrap_err();
    assert_eq!(refused.0, RefusalCode::RoomFull);
    // What a seated player was told last, through the wire.
    let state = h.inbox[&1]
        .iter()
        .rev()
        .find_map(|m| match m {
            ServerMsg::Room { room } => Some(room.clone()),
            _ => None,
        })
        .expect("the seats hear of the observers");
    assert_eq!(state.observer_count, MAX_OBSERVERS);
    assert_eq!(state.observers.len(), OBSERVER_NAMES_SHOWN);
}

/// A waiting room's journal compacts to its creation, its seats, its hands and its chat:
/// the compacted journal rebuilds the same room (seats, readiness, chat, tokens), however
/// many times seats changed hands and hands went up and down before.
#[test]
fn a_waiting_rooms_journal_compacts_to_the_same_room() {
    let options = RoomOptions {
        game: GameOptions::Junqi {
            rules: junqi::Rules::default(),
            deploy_secs: None,
            move_secs: None,
            timeouts_lose: None,
            total_secs: None,
            any_count: false,
        },
        computer_takes_over: false,
        name: None,
        rated: false,
        observers: true,
        password: None,
    };
    let mut h = Harness::new(options, 3);
    h.enter(1, "甲", Some(0));
    h.enter(2, "乙", Some(1));
    for i in 0..50 {
        h.send(2, ClientMsg::Ready { ready: i % 2 == 0 }).unwrap();
        h.send(
            2,
            ClientMsg::Sit {
                seat: 2 + (i % 2) as u8,
            },
        )
        .unwrap();
    }
    h.send(
        1,
        ClientMsg::SetComputer {
            seat: 1,
            level: Some(Level::Hard),
        },
    )
    .unwrap();
    h.send(1, ClientMsg::Chat { text: "好".into() }).unwrap();
    let token = seat_token(&h, 0);
    let compact = h.room.compacted().expect("a waiting room compacts");
    assert!(compact.len() < 8, "{compact:?}");
    assert!(h.journal.len() > 100);
    let again = Room::restore(&compact, Content::builtin(), h.now).unwrap();
    let whole = Room::restore(&h.journal, Content::builtin(), h.now).unwrap();
    assert_eq!(again.summary(), whole.summary());
    assert_eq!(again.room_state(None), whole.room_state(None));
    assert_eq!(again.seat_of_token(&token), Some(0));
    // Once the game starts, the journal is the game's record: no compaction.
    h.send(
        1,
        ClientMsg::SetComputer {
            seat: 2,
            level: Some(Level::Easy),
        },
    )
    .unwrap();
    h.send(1, ClientMsg::Ready { ready: true }).unwrap();
    h.send(2, ClientMsg::Ready { ready: true }).unwrap();
    assert_eq!(h.room.status(), RoomStatus::Playing);
    assert!(h.room.compacted().is_none());
}

/// A private room keeps only its password's hash, in the journal too, and asks for it
/// after a restart and after compaction as before.
#[test]
fn a_private_room_asks_its_password_before_and_after_a_restart() {
    let options = RoomOptions {
        password: Some("open sesame".into()),
        ..junqi_2p()
    };
    let mut h = Harness::new(options, 3);
    let wrong = h
        .room
        .enter_as(0, 1, "a", None, Some(0), Some("nope"), || "t".into())
        .unwrap_err();
    assert_eq!(wrong.0, RefusalCode::WrongPassword);
    let fx = h
        .room
        .enter_as(0, 1, "a", None, Some(0), Some("open sesame"), || {
            "t1".into()
        })
        .unwrap();
    h.take(fx);
    assert!(h.room.summary().private);
    assert_eq!(h.room.summary().options.password, None);
    let journal = serde_json::to_string(&h.journal).unwrap();
    assert!(!journal.contains("open sesame"), "{journal}");
    for entries in [h.journal.clone(), h.room.compacted().unwrap()] {
        let mut back = Room::restore(&entries, Content::builtin(), 0).unwrap();
        assert!(back.summary().private);
        assert!(
            back.enter_as(0, 2, "b", None, Some(1), None, || "t2".into())
                .is_err()
        );
        assert!(
            back.enter_as(0, 2, "b", None, Some(1), Some("open sesame"), || "t2"
                .into())
                .is_ok()
        );
    }
}

/// Observers have their own chat while a game is played (they cannot coach the players);
/// before it, everyone talks together. The journal keeps which chat a line was in.
#[test]
fn observers_talk_among_themselves_during_the_game() {
    let mut h = Harness::new(junqi_2p(), 4);
    h.two_ready();
    h.enter(3, "watcher", None);
    let heard = |h: &Harness, conn: bw_online::room::ConnId, text: &str| {
        h.inbox.get(&conn).is_some_and(|msgs| {
            msgs.iter()
                .any(|m| matches!(m, ServerMsg::Chat { text: t, .. } if t == text))
        })
    };
    h.send(
        3,
        ClientMsg::Chat {
            text: "his flag is left".into(),
        },
    )
    .unwrap();
    assert!(heard(&h, 3, "his flag is left"));
    assert!(!heard(&h, 1, "his flag is left") && !heard(&h, 2, "his flag is left"));
    h.send(
        1,
        ClientMsg::Chat {
            text: "good luck".into(),
        },
    )
    .unwrap();
    assert!(heard(&h, 2, "good luck") && heard(&h, 3, "good luck"));
    // A later observer reads the observers' line; a player coming back does not.
    h.enter(4, "late watcher", None);
    assert!(heard(&h, 4, "his flag is left") && heard(&h, 4, "good luck"));
    let restored = Room::restore(&h.journal, Content::builtin(), h.now).unwrap();
    let mut back = Harness {
        room: restored,
        ..Harness::new(junqi_2p(), 4)
    };
    let token = "token-1".to_string();
    let fx = back.room.resume(back.now, 9, &token).unwrap();
    back.take(fx);
    assert!(heard(&back, 9, "good luck"));
    assert!(
        !heard(&back, 9, "his flag is left"),
        "the player never reads it"
    );
}
