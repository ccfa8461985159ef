//! Rooms as a 四国军棋 hall has them, without a network: 任意人数 rooms that start as a 2-,
//! 3- or 4-player game depending on who sat down and raised a hand, and the total clock
//! (局时) with 读秒 after it.

mod common;

use std::collections::BTreeMap;

use bw_online::protocol::*;
use bw_online::room::{ConnId, Content, Entry, Room};
use bw_rules::junqi;
use bw_rules::junqi::{Outcome, Phase};
use common::*;

/// A 任意人数 room on the four-player board (标准, opposite allies).
fn any_count_room() -> RoomOptions {
    RoomOptions::of(GameOptions::Junqi {
        rules: junqi::Rules::default(),
        deploy_secs: Some(60),
        move_secs: None,
        timeouts_lose: None,
        total_secs: None,
        any_count: true,
    })
}

/// The room as `conn` last heard of it.
fn last_room(h: &Harness, conn: ConnId) -> RoomState {
    h.inbox[&conn]
        .iter()
        .rev()
        .find_map(|m| match m {
            ServerMsg::Room { room } => Some(room.clone()),
            _ => None,
        })
        .expect("the connection was told of the room")
}

/// Persons sit at `seats` (connection = seat + 1, named after the seat's letter) and
/// raise their hands, one after the other.
fn sit_and_raise(h: &mut Harness, seats: &[u8]) {
    for &s in seats {
        let name = ["south", "east", "north", "west"][s as usize];
        h.enter(s as ConnId + 1, name, Some(s));
    }
    for &s in seats {
        h.send(s as ConnId + 1, ClientMsg::Ready { ready: true })
            .unwrap();
    }
}

/// The players of the game that started, in turn order (as the room's seats name them).
fn players_of(h: &Harness, conn: ConnId) -> Vec<String> {
    assert!(h.last_game(conn).is_some(), "no game view for {conn}");
    last_room(h, conn)
        .seats
        .iter()
        .map(|s| match &s.occupant {
            Occupant::Person { name } => name.clone(),
            Occupant::Computer { level } => format!("{level:?}"),
            Occupant::Empty => String::new(),
        })
        .collect()
}

#[test]
fn two_facing_players_start_a_two_player_game_on_the_four_player_board() {
    // East and west face each other: they play as S and N.
    let mut h = Harness::new(any_count_room(), 1);
    sit_and_raise(&mut h, &[1, 3]);
    assert_eq!(h.room.status(), RoomStatus::Playing);
    assert_eq!(players_of(&h, 2), ["east", "west"]);
    let room = last_room(&h, 4);
    assert_eq!(room.seats.len(), 2, "the room has the seats that play");
    assert_eq!(room.you, Some(1), "west is the second player");
    let GameOptions::Junqi {
        rules, any_count, ..
    } = &room.options.game
    else {
        unreachable!()
    };
    assert_eq!((rules.players, *any_count), (2, true));
    let Some(GameView::Junqi(v)) = h.last_game(2) else {
        unreachable!()
    };
    assert_eq!(v.view.me, 0);
    assert_eq!(
        v.view.players.iter().map(|p| p.seat).collect::<String>(),
        "SN"
    );
    assert_eq!(
        h.journal
            .iter()
            .find(|e| matches!(e, Entry::Started { .. })),
        Some(&Entry::Started {
            players: Some(vec![1, 3])
        })
    );
}

#[test]
fn two_side_by_side_do_not_start_until_someone_faces_them() {
    let mut h = Harness::new(any_count_room(), 2);
    sit_and_raise(&mut h, &[0, 1]);
    assert_eq!(
        h.room.status(),
        RoomStatus::Waiting,
        "S and E are neighbours"
    );
    assert_eq!(last_room(&h, 1).seats.len(), 4);
    // North sits: still waiting for north's hand.
    h.enter(3, "north", Some(2));
    assert_eq!(h.room.status(), RoomStatus::Waiting);
    h.send(3, ClientMsg::Ready { ready: true }).unwrap();
    assert_eq!(h.room.status(), RoomStatus::Playing);
    assert_eq!(players_of(&h, 1), ["south", "east", "north"]);
    let Some(GameView::Junqi(v)) = h.last_game(3) else {
        unreachable!()
    };
    assert_eq!(
        v.view.players.iter().map(|p| p.seat).collect::<String>(),
        "SEN"
    );
    assert_eq!(v.view.me, 2);
}

#[test]
fn three_players_are_turned_to_start_at_south() {
    // W, S and E: the seat after the empty one (N) is W, who moves first.
    let mut h = Harness::new(any_count_room(), 3);
    sit_and_raise(&mut h, &[3, 0, 1]);
    assert_eq!(h.room.status(), RoomStatus::Playing);
    assert_eq!(players_of(&h, 1), ["west", "south", "east"]);
    assert_eq!(last_room(&h, 4).you, Some(0));
    assert_eq!(last_room(&h, 2).you, Some(2));
}

#[test]
fn four_players_start_as_they_sit_and_a_computer_counts_as_seated() {
    let mut h = Harness::new(any_count_room(), 4);
    // Everyone sits first; the last hand raised starts the game with all four.
    sit_and_raise(&mut h, &[0, 1, 2, 3]);
    assert_eq!(h.room.status(), RoomStatus::Playing);
    assert_eq!(players_of(&h, 1), ["south", "east", "north", "west"]);
    assert_eq!(
        h.journal
            .iter()
            .find(|e| matches!(e, Entry::Started { .. })),
        Some(&Entry::Started {
            players: Some(vec![0, 1, 2, 3])
        })
    );
}

#[test]
fn a_hand_not_raised_holds_the_start() {
    let mut h = Harness::new(any_count_room(), 5);
    h.enter(1, "south", Some(0));
    h.enter(2, "east", Some(1));
    h.enter(3, "north", Some(2));
    h.send(1, ClientMsg::Ready { ready: true }).unwrap();
    h.send(3, ClientMsg::Ready { ready: true }).unwrap();
    assert_eq!(
        h.room.status(),
        RoomStatus::Waiting,
        "east sits without a raised hand"
    );
    h.send(
        1,
        ClientMsg::SetComputer {
            seat: 3,
            level: Some(Level::Easy),
        },
    )
    .unwrap();
    assert_eq!(h.room.status(), RoomStatus::Waiting);
    h.send(2, ClientMsg::Ready { ready: true }).unwrap();
    assert_eq!(h.room.status(), RoomStatus::Playing);
    assert_eq!(players_of(&h, 1), ["south", "east", "north", "Easy"]);
}

#[test]
fn one_who_stands_up_unready_lets_the_others_start() {
    let mut h = Harness::new(any_count_room(), 12);
    h.enter(1, "south", Some(0));
    h.enter(2, "east", Some(1));
    h.enter(3, "north", Some(2));
    h.send(1, ClientMsg::Ready { ready: true }).unwrap();
    h.send(3, ClientMsg::Ready { ready: true }).unwrap();
    assert_eq!(h.room.status(), RoomStatus::Waiting);
    h.send(2, ClientMsg::Stand).unwrap();
    assert_eq!(h.room.status(), RoomStatus::Playing);
    assert_eq!(players_of(&h, 1), ["south", "north"]);
    assert_eq!(last_room(&h, 2).you, None, "east watches");
}

#[test]
fn a_started_any_count_room_rebuilds_from_its_journal_and_plays_to_the_end() {
    let mut h = Harness::new(any_count_room(), 6);
    sit_and_raise(&mut h, &[1, 3]);
    let mut b = bots(&[(2, 7), (4, 8)]);
    h.play(&mut b, 20);
    let restored = Room::restore(&h.journal, Content::builtin(), h.now).unwrap();
    assert_eq!(restored.summary().seats, 2);
    assert_eq!(restored.summary().taken, 2);
    h.play(&mut b, 5_000);
    assert_eq!(h.room.status(), RoomStatus::Over);
    let restored = Room::restore(&h.journal, Content::builtin(), h.now).unwrap();
    assert_eq!(restored.status(), RoomStatus::Over);
    assert_eq!(restored.record(), h.room.record());
}

#[test]
fn a_journal_cannot_start_seats_that_do_not_face() {
    let h = Harness::new(any_count_room(), 8);
    let mut journal = h.journal.clone();
    journal.push(Entry::Sat {
        seat: 0,
        name: "a".into(),
        token: "t".into(),
        account: None,
    });
    journal.push(Entry::Sat {
        seat: 1,
        name: "b".into(),
        token: "u".into(),
        account: None,
    });
    journal.push(Entry::Started {
        players: Some(vec![0, 1]),
    });
    let e = Room::restore(&journal, Content::builtin(), 0)
        .err()
        .unwrap();
    assert!(e.contains("cannot start"), "{e}");
}

#[test]
fn any_count_needs_the_four_player_board_set_for_four() {
    let mut options = junqi_2p();
    let GameOptions::Junqi { any_count, .. } = &mut options.game else {
        unreachable!()
    };
    *any_count = true;
    assert!(options.validate().unwrap_err().contains("任意人数"));
}

/// A two-player room with a total clock of `total` seconds and `per_move` seconds of 读秒.
fn clocked(total: u32, per_move: Option<u32>) -> RoomOptions {
    let mut options = junqi_2p();
    let GameOptions::Junqi {
        move_secs,
        total_secs,
        ..
    } = &mut options.game
    else {
        unreachable!()
    };
    *move_secs = per_move;
    *total_secs = Some(total);
    options
}

fn view(h: &Harness, conn: ConnId) -> Box<JunqiView> {
    let Some(GameView::Junqi(v)) = h.last_game(conn) else {
        panic!("no view")
    };
    v
}

/// Both seats deployed by the clock; then it is seat 0's turn.
fn deployed(options: RoomOptions, seed: u64) -> Harness {
    let mut h = Harness::new(options, seed);
    h.two_ready();
    h.advance(120_000);
    assert_eq!(view(&h, 1).view.phase, Phase::Playing);
    h
}

/// Seat `conn - 1` makes its first legal move (by the normal bot's choice).
fn move_once(h: &mut Harness, conn: ConnId) {
    let mut bot = bw_online::bot::Bot::new(Content::builtin(), Level::Normal, 3);
    bot.on_message(&ServerMsg::Room {
        room: last_room(h, conn),
    });
    let v = view(h, conn);
    let action = bot
        .on_message(&ServerMsg::Game {
            view: GameView::Junqi(v),
        })
        .expect("the bot moves on its turn");
    h.send(conn, ClientMsg::Act { seq: 1, action }).unwrap();
}

#[test]
fn a_move_takes_its_time_from_the_movers_total_clock() {
    let mut h = deployed(clocked(600, Some(30)), 9);
    let v = view(&h, 1);
    assert_eq!(v.total_ms, [600_000, 600_000]);
    assert_eq!(v.clock_ms, Some(630_000), "the total, then 30 s of 读秒");
    h.now += 7_000;
    move_once(&mut h, 1);
    let v = view(&h, 2);
    assert_eq!(v.total_ms, [593_000, 600_000]);
    assert_eq!(v.clock_ms, Some(630_000), "seat 1's own total");
    // The clocks survive a restart of the server.
    let restored = Room::restore(&h.journal, Content::builtin(), h.now).unwrap();
    let mut r = Harness {
        room: restored,
        now: h.now,
        inbox: BTreeMap::new(),
        wire: BTreeMap::new(),
        journal: h.journal.clone(),
        tokens: 10,
    };
    // An observer sees both totals, seat 1's running.
    r.now += 1_000;
    r.enter(9, "watcher", None);
    assert_eq!(view(&r, 9).total_ms, [593_000, 599_000]);
}

#[test]
fn a_spent_total_leaves_the_move_timer_as_reading_seconds() {
    let mut h = deployed(clocked(20, Some(10)), 10);
    // Seat 0 thinks past its total and 8 s into 读秒, and moves.
    h.advance(28_000);
    assert_eq!(h.room.status(), RoomStatus::Playing);
    move_once(&mut h, 1);
    assert_eq!(view(&h, 2).total_ms, [0, 20_000]);
    move_once(&mut h, 2);
    // Now seat 0 has 10 s a move: at 10 s its turn times out.
    assert_eq!(view(&h, 1).clock_ms, Some(10_000));
    h.advance(10_000);
    let timeouts = h
        .journal
        .iter()
        .filter(|e| {
            matches!(
                e,
                Entry::Junqi {
                    action: junqi::record::RecordedAction::Timeout,
                    ..
                }
            )
        })
        .count();
    assert_eq!(timeouts, 1);
    assert_eq!(h.room.status(), RoomStatus::Playing);
}

#[test]
fn with_no_reading_seconds_a_spent_total_loses_the_game() {
    let mut h = deployed(clocked(30, None), 11);
    assert_eq!(view(&h, 1).clock_ms, Some(30_000));
    h.advance(29_999);
    assert_eq!(h.room.status(), RoomStatus::Playing);
    h.advance(1);
    assert_eq!(h.room.status(), RoomStatus::Over);
    assert!(
        matches!(&view(&h, 2).view.phase, Phase::Over(Outcome::Won { winners }) if winners == &vec![1]),
        "seat 0 lost on time"
    );
}

/// A logged-in player who leaves a game being played, and enters the room again from the
/// hall (as the hall offers: to watch), is back in their seat; a guest who does the same
/// only watches.
#[test]
fn a_player_who_left_mid_game_and_enters_again_is_back_in_the_seat() {
    let mut h = Harness::new(junqi_2p(), 13);
    for (conn, name, seat) in [(1, "ann", 0u8), (2, "bo", 1u8)] {
        let t = h.token();
        let fx = h
            .room
            .enter_as(h.now, conn, name, Some(name.into()), Some(seat), None, || t)
            .unwrap();
        h.take(fx);
        h.send(conn, ClientMsg::Ready { ready: true }).unwrap();
    }
    assert_eq!(h.room.status(), RoomStatus::Playing);
    let fx = h.room.depart(h.now, 2, true);
    h.take(fx);
    h.now += 5_000;
    let t = h.token();
    let fx = h
        .room
        .enter_as(h.now, 7, "bo", Some("bo".into()), None, None, || t)
        .unwrap();
    h.take(fx);
    assert_eq!(last_room(&h, 7).you, Some(1), "bo is back in seat 1");
    assert!(last_room(&h, 7).seats[1].connected);
    // A guest named like a seated account only watches.
    let t = h.token();
    let fx = h
        .room
        .enter_as(h.now, 8, "ann", None, None, None, || t)
        .unwrap();
    h.take(fx);
    assert_eq!(last_room(&h, 8).you, None);
}
