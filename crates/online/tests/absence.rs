//! Rooms without a network, when a player is away: resuming a seat with its token, a
//! computer taking over after the grace period (when the room said so), turns timing out
//! without one, and the deployment clock.

mod common;

use bw_online::protocol::*;
use bw_online::room::{ABSENT_TURN_MS, Entry};
use bw_rules::junqi::Phase;
use common::*;

#[test]
fn a_dropped_player_resumes_with_the_seat_token_and_sees_everything_again() {
    let mut h = Harness::new(junqi_2p(), 11);
    let mut b = bots(&[(1, 1), (2, 2)]);
    h.two_ready();
    h.play(&mut b, 20);
    let token = seat_token(&h, 0);
    let fx = h.room.depart(h.now, 1, false);
    h.take(fx);
    h.advance(10_000);
    // Within the grace period: the seat waits.
    assert!(h.room.computer_job().is_none());
    let fx = h.room.resume(h.now, 10, &token).unwrap();
    h.take(fx);
    let Some(GameView::Junqi(v)) = h.last_game(10) else {
        panic!("no view after resuming")
    };
    assert_eq!(
        v.first_event, 0,
        "a resumed connection gets the whole event log"
    );
    assert_eq!(v.view.me, 0);
    assert!(h.room.resume(h.now, 11, "no-such-token").is_err());
    // The bot for seat 0 now listens on connection 10.
    let bot = b.remove(&1).unwrap();
    b.insert(10, bot);
    h.play(&mut b, 5_000);
    assert_eq!(h.room.status(), RoomStatus::Over);
}

#[test]
fn after_the_grace_period_a_computer_takes_over_if_the_room_said_so() {
    let mut options = junqi_2p();
    options.computer_takes_over = true;
    let mut h = Harness::new(options, 13);
    let mut b = bots(&[(2, 2)]);
    h.two_ready();
    let fx = h.room.depart(h.now, 1, false);
    h.take(fx);
    h.play(&mut b, 5);
    assert!(
        h.room.computer_job().is_none(),
        "no takeover within the grace"
    );
    h.advance(61_000);
    assert!(
        h.journal
            .iter()
            .any(|e| matches!(e, Entry::TakenOver { seat: 0 }))
    );
    h.play(&mut b, 5_000);
    assert_eq!(h.room.status(), RoomStatus::Over);
}

#[test]
fn without_a_takeover_an_absent_players_turns_time_out() {
    let mut h = Harness::new(bracket_2p(), 17);
    h.two_ready();
    let fx = h.room.depart(h.now, 1, false);
    h.take(fx);
    let fx = h.room.depart(h.now, 2, false);
    h.take(fx);
    // Someone watches, so the room stays open.
    h.enter(30, "watcher", None);
    // Both players gone: every turn times out after the room's 30 s, and the game ends.
    for _ in 0..100 {
        h.advance(ABSENT_TURN_MS + 1_000);
    }
    assert_eq!(h.room.status(), RoomStatus::Over);
}

#[test]
fn the_deployment_clock_deploys_the_automatic_layout() {
    let mut h = Harness::new(junqi_2p(), 19);
    h.two_ready();
    h.advance(119_000);
    let Some(GameView::Junqi(v)) = h.last_game(1) else {
        panic!()
    };
    assert_eq!(v.view.phase, Phase::Deploying);
    assert_eq!(v.clock_ms, Some(120_000));
    h.advance(1_000);
    let Some(GameView::Junqi(v)) = h.last_game(1) else {
        panic!()
    };
    assert_eq!(v.view.phase, Phase::Playing);
}

#[test]
fn computers_wait_in_a_room_with_nobody_in_it_and_go_on_when_someone_comes() {
    // A computer (seat 0, to move first) against a person (seat 1), whose connection drops.
    let mut h = Harness::new(bracket_2p(), 19);
    h.enter(1, "a", Some(1));
    h.send(
        1,
        ClientMsg::SetComputer {
            seat: 0,
            level: Some(Level::Normal),
        },
    )
    .unwrap();
    h.send(1, ClientMsg::Ready { ready: true }).unwrap();
    assert_eq!(h.room.status(), RoomStatus::Playing);
    assert!(h.room.computer_job().is_some());
    let fx = h.room.depart(h.now, 1, false);
    h.take(fx);
    assert!(h.room.is_empty());
    assert!(
        h.room.computer_job().is_none(),
        "nobody is there: the computer waits"
    );
    // Someone comes to watch: the game goes on; they leave: it waits again.
    h.enter(30, "watcher", None);
    assert!(h.room.computer_job().is_some());
    let fx = h.room.depart(h.now, 30, false);
    h.take(fx);
    assert!(h.room.computer_job().is_none());
}

#[test]
fn a_room_with_nobody_in_it_closes_after_the_grace_period_and_stays_closed() {
    let mut h = Harness::new(junqi_2p(), 23);
    h.two_ready();
    for conn in [1, 2] {
        let fx = h.room.depart(h.now, conn, false);
        h.take(fx);
    }
    h.advance(59_000);
    assert_eq!(h.room.status(), RoomStatus::Playing, "within the grace");
    h.advance(2_000);
    assert_eq!(h.room.status(), RoomStatus::Closed);
    assert_eq!(h.journal.last(), Some(&Entry::Closed));
    // Rebuilt from its journal (a restart), it is closed: the server does not launch it.
    let back =
        bw_online::room::Room::restore(&h.journal, bw_online::room::Content::builtin(), h.now)
            .unwrap();
    assert_eq!(back.status(), RoomStatus::Closed);
    // Before a game, a room whose only seats are computers closes as soon as it empties.
    let mut w = Harness::new(bracket_2p(), 29);
    w.enter(1, "a", Some(0));
    w.send(
        1,
        ClientMsg::SetComputer {
            seat: 1,
            level: Some(Level::Easy),
        },
    )
    .unwrap();
    let fx = w.room.depart(w.now, 1, true);
    w.take(fx);
    assert_eq!(w.room.next_deadline(), Some(w.now));
    w.advance(0);
    assert_eq!(w.room.status(), RoomStatus::Closed);
}

#[test]
fn an_online_junqi_room_ends_by_the_quiet_limit_it_must_set() {
    use bw_online::room::{Content, Room};
    let with_quiet = |quiet_limit: u32| {
        let mut options = junqi_2p();
        if let GameOptions::Junqi { rules, .. } = &mut options.game {
            rules.quiet_limit = quiet_limit;
        }
        Room::create(1, options, 1, Content::builtin()).map(|_| ())
    };
    for refused in [0, MAX_QUIET_LIMIT + 1, u32::MAX] {
        assert!(
            matches!(with_quiet(refused), Err((RefusalCode::BadOptions, _))),
            "quiet limit {refused}"
        );
    }
    for fine in [1, 60, MAX_QUIET_LIMIT] {
        assert!(with_quiet(fine).is_ok(), "quiet limit {fine}");
    }
}

/// 托管: a seated person hands the seat to the server's computer, which plays it (the
/// person's own moves are refused meanwhile), and takes it back; everyone sees the badge.
#[test]
fn a_person_hands_the_seat_to_the_computer_and_takes_it_back() {
    let mut h = Harness::new(junqi_2p(), 12);
    let mut b = bots(&[(1, 1), (2, 2)]);
    h.two_ready();
    assert_eq!(
        h.send(1, ClientMsg::Autoplay { on: false }).unwrap_err().0,
        RefusalCode::WrongPhase,
        "seat 0 plays its seat already"
    );
    h.play(&mut b, 10);
    h.send(1, ClientMsg::Autoplay { on: true }).unwrap();
    assert!(
        h.journal
            .iter()
            .any(|e| matches!(e, Entry::TakenOver { seat: 0 })),
        "journaled: a restart keeps the seat on 托管"
    );
    let autoplay = |h: &Harness, conn| {
        h.inbox[&conn]
            .iter()
            .rev()
            .find_map(|m| match m {
                ServerMsg::Room { room } => Some(room.seats[0].autoplay),
                _ => None,
            })
            .unwrap()
    };
    assert!(autoplay(&h, 2), "the other player sees seat 0 on 托管");
    // The person's own move is refused; the computer plays seat 0 (the person's bot rests).
    let refused = h.send(
        1,
        ClientMsg::Act {
            seq: 1,
            action: GameAction::Resign,
        },
    );
    assert_eq!(refused.unwrap_err().0, RefusalCode::WrongPhase);
    b.remove(&1);
    let plies = |h: &Harness| match h.last_game(2) {
        Some(GameView::Junqi(v)) => v.first_event + v.events.len(),
        _ => 0,
    };
    let before = plies(&h);
    h.play(&mut b, 6);
    assert!(plies(&h) >= before + 4, "the computer and seat 1 moved");
    // Taken back: no computer for seat 0, and the person moves again.
    h.inbox.get_mut(&1).unwrap().clear();
    h.send(1, ClientMsg::Autoplay { on: false }).unwrap();
    assert!(!autoplay(&h, 2));
    assert!(
        h.room.computer_job().is_none_or(|j| j.seat != 0),
        "no computer plays seat 0"
    );
    // The person plays on (a bot that starts from the room and view it is sent).
    b.insert(
        1,
        bw_online::bot::Bot::new(bw_online::room::Content::builtin(), Level::Normal, 1),
    );
    let inbox = std::mem::take(h.inbox.get_mut(&1).unwrap());
    for m in &inbox {
        if let Some(action) = b.get_mut(&1).unwrap().on_message(m) {
            h.send(1, ClientMsg::Act { seq: 2, action }).unwrap();
        }
    }
    h.play(&mut b, 5_000);
    assert_eq!(h.room.status(), RoomStatus::Over);
}

/// "N timeouts lose" (QQ: 5): a seat whose turn times out that many times resigns.
#[test]
fn the_nth_timeout_loses_the_game() {
    let mut options = junqi_2p();
    let GameOptions::Junqi {
        move_secs,
        timeouts_lose,
        ..
    } = &mut options.game
    else {
        unreachable!()
    };
    *move_secs = Some(10);
    *timeouts_lose = Some(2);
    let mut h = Harness::new(options, 14);
    // Seat 0's person never acts; seat 1's bot plays.
    let mut b = bots(&[(2, 2)]);
    h.two_ready();
    h.play(&mut b, 10);
    h.advance(120_000); // the deployment clock lays seat 0 out
    let timeouts = |h: &Harness| {
        h.journal
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Entry::Junqi {
                        action: bw_rules::junqi::record::RecordedAction::Timeout,
                        ..
                    }
                )
            })
            .count()
    };
    let mut waited = 0;
    while h.room.status() == RoomStatus::Playing && waited < 20 {
        h.play(&mut b, 10);
        h.advance(10_000);
        waited += 1;
    }
    assert_eq!(h.room.status(), RoomStatus::Over, "the game ended");
    assert_eq!(timeouts(&h), 2, "after the second timeout, not later");
    let Some(GameView::Junqi(v)) = h.last_game(2) else {
        panic!("no view")
    };
    assert!(
        matches!(&v.view.phase, Phase::Over(bw_rules::junqi::Outcome::Won { winners }) if winners == &vec![1]),
        "{:?}",
        v.view.phase
    );
}

/// 托管 toggled without end would grow the game's journal without end: a seat may be handed
/// to the computer `MAX_HANDOVERS` times in a room, then `autoplay on` is refused.
#[test]
fn handing_a_seat_over_is_capped() {
    let mut h = Harness::new(junqi_2p(), 15);
    let mut b = bots(&[(1, 1), (2, 2)]);
    h.two_ready();
    h.play(&mut b, 4);
    b.clear();
    for _ in 0..bw_online::room::MAX_HANDOVERS {
        h.send(2, ClientMsg::Autoplay { on: true }).unwrap();
        h.send(2, ClientMsg::Autoplay { on: false }).unwrap();
    }
    let refused = h.send(2, ClientMsg::Autoplay { on: true }).unwrap_err();
    assert_eq!(refused.0, RefusalCode::RateLimited, "{}", refused.1);
    let rows = h
        .journal
        .iter()
        .filter(|e| matches!(e, Entry::TakenOver { .. } | Entry::Returned { .. }))
        .count();
    assert_eq!(rows, 2 * bw_online::room::MAX_HANDOVERS as usize);
}
