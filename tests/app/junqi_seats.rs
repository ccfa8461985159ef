//! Who sits at a 军棋 seat, headless: four persons behind hand-over screens, the hard
//! computer level thinking off the main thread, and an external engine through the
//! protocol (and one that cannot start).

use std::sync::Arc;

use bevy::prelude::*;
use bracket_war::app::JunqiScreen;
use bracket_war::app::junqi::{JunqiIntent, StartJunqi};
use bracket_war::saves::JunqiTimers;
use bw_players::junqi::{AiKind, Seat};
use bw_rules::junqi::game::{Outcome, Phase};
use bw_rules::junqi::{PlayerView, Rules};

use super::junqi::{app, game, intend, screen, start, table, two_players, wait_until};

/// Four persons at one computer: everyone deploys behind a hand-over screen, then play
/// goes round with a hand-over before each person's turn; no one sees another's army.
#[test]
fn four_persons_take_turns_behind_hand_over_screens() {
    let (mut app, _saves) = app();
    start(
        &mut app,
        StartJunqi::New {
            slot: 3,
            rules: Rules::default(),
            seats: vec![Seat::Person; 4],
            profiles: vec!["A".into(), "B".into(), "C".into(), "D".into()],
            seed: 5,
            timers: JunqiTimers {
                deploy: None,
                moves: None,
            },
        },
    );
    for p in 0..4 {
        assert_eq!(screen(&app), Some(JunqiScreen::Handover));
        assert_eq!((table(&app).handover, table(&app).viewer), (Some(p), None));
        intend(&mut app, JunqiIntent::TakeOver);
        assert_eq!(screen(&app), Some(JunqiScreen::Deploy));
        // Only the deploying person's own pieces can be on screen.
        let view = PlayerView::of(game(&app), p);
        assert!(view.nodes.iter().flatten().all(|n| n.owner == p));
        intend(&mut app, JunqiIntent::Confirm);
    }
    for ply in 0..8 {
        assert_eq!(
            screen(&app),
            Some(JunqiScreen::Handover),
            "before ply {ply}"
        );
        let next = table(&app).handover.unwrap();
        assert_eq!(next, game(&app).turn);
        intend(&mut app, JunqiIntent::TakeOver);
        assert_eq!(table(&app).viewer, Some(next));
        let (from, to) = table(&app).legal_moves(game(&app))[0];
        intend(&mut app, JunqiIntent::Move(from, to));
    }
}

#[test]
fn the_hard_level_plays_from_its_seat_off_the_main_thread() {
    let (mut app, _saves) = app();
    start(
        &mut app,
        two_players(vec![
            Seat::Computer(AiKind::Strong),
            Seat::Computer(AiKind::Heuristic),
        ]),
    );
    // Both computers lay out on the task pool (the strong one by its scored search).
    wait_until(&mut app, "both layouts", |app| {
        game(app).phase == Phase::Playing
    });
    wait_until(&mut app, "four plies", |app| game(app).plies >= 4);
    assert_eq!(game(&app).players[0].lost, None);
}

fn with_engine(app: &mut App, command: &str) {
    app.world_mut()
        .resource_mut::<bracket_war::app::settings::UserSettings>()
        .junqi_engine = command.to_string();
}

#[test]
fn an_external_engine_sits_at_a_seat_through_the_protocol() {
    let (mut app, saves) = app();
    let exe = env!("CARGO_BIN_EXE_bracket-war");
    with_engine(
        &mut app,
        &format!("'{exe}' junqi engine --ai heuristic --seed 5"),
    );
    start(
        &mut app,
        two_players(vec![Seat::Engine, Seat::Computer(AiKind::Heuristic)]),
    );
    // The engine lays out on its own time, off the main thread.
    wait_until(&mut app, "the engine's layout", |app| {
        game(app).players[0].deployed
    });
    wait_until(&mut app, "the game's end", |app| {
        matches!(game(app).phase, Phase::Over(_))
    });
    let t = table(&app);
    assert!(game(&app).plies > 4, "{}", game(&app).plies);
    assert_eq!(t.message, None, "no forfeit: {:?}", t.message);
    // Saved after every ply like any game, and it replays.
    let dir = bracket_war::saves::SaveDir::new(saves.path());
    let pieces = Arc::new(bw_rules::junqi::PieceSet::standard());
    match dir.load::<bracket_war::saves::JunqiSave>(0, &pieces) {
        bracket_war::saves::JunqiSlot::Saved(bracket_war::saves::Saved { save, game: saved }) => {
            assert_eq!(save.seats[0], Seat::Engine);
            assert_eq!(saved.plies, game(&app).plies);
        }
        _ => panic!("the game was not saved"),
    }
}

#[test]
fn an_engine_that_cannot_start_resigns_and_says_why() {
    let (mut app, _saves) = app();
    with_engine(&mut app, "/no/such/engine");
    start(
        &mut app,
        two_players(vec![Seat::Computer(AiKind::Heuristic), Seat::Engine]),
    );
    wait_until(&mut app, "the game's end", |app| {
        matches!(game(app).phase, Phase::Over(_))
    });
    let t = table(&app);
    assert!(
        matches!(&game(&app).phase, Phase::Over(Outcome::Won { winners }) if winners == &vec![0])
    );
    let message = t.message.clone().unwrap_or_default();
    assert!(message.contains("/no/such/engine"), "{message}");
}
