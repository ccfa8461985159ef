//! The 括号大战 replay viewer: it opens playing, on a clean board (nothing of the game last
//! played: keyboard cursor, hovered cell, deletion mark) with every player's coverage
//! shown, and plays to the end with no input.

use std::time::Duration;

use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bracket_war::app::BracketScreen;
use bracket_war::app::bracket::replay::{BracketReplay, WatchBracketReplay};
use bracket_war::app::bracket::{BracketGame, BracketMove, BracketPlay, StartBracketGame};
use bw_players::bracket::Seat;
use bw_rules::bracket::ecs::BracketTurn;
use bw_rules::bracket::game::{Action, At, Settings};
use bw_rules::bracket::{Dir, KindTable};

use super::headless_game;

#[test]
fn the_replay_opens_playing_on_a_clean_board_with_coverage() {
    let (mut app, _saves) = headless_game();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        200,
    )));
    app.world_mut().write_message(StartBracketGame::New {
        slot: 0,
        settings: Settings::default(),
        seats: vec![Seat::Person, Seat::Person],
        coverage_hint: false,
        seed: 9,
    });
    app.update();
    app.update();
    let angle = KindTable::builtin().by_glyph('>').unwrap();
    for (row, col) in [(1, 1), (8, 8), (1, 2), (8, 7)] {
        app.world_mut().write_message(BracketMove(Action::Place {
            at: At { row, col },
            kind: angle,
            facing: Some(Dir::R),
        }));
        app.update();
    }
    assert_eq!(app.world().resource::<BracketTurn>().0.round, 2);
    // The player was using the keyboard and hovering a cell, with the hint off.
    {
        let mut ui = app.world_mut().resource_mut::<BracketPlay>();
        ui.cursor = Some(At { row: 4, col: 4 });
        ui.hovered = Some(3);
        ui.pending_delete = Some(At { row: 1, col: 1 });
    }
    let save = app.world().resource::<BracketGame>().save.clone();
    app.world_mut().write_message(WatchBracketReplay(save));
    app.update();
    app.update();
    assert_eq!(
        *app.world().resource::<State<BracketScreen>>().get(),
        BracketScreen::Replay
    );
    let ui = app.world().resource::<BracketPlay>();
    assert_eq!(
        (ui.cursor, ui.hovered, ui.pending_delete),
        (None, None, None)
    );
    assert!(ui.coverage_hint, "the replay shows every player's coverage");
    // It plays by itself (600 ms a move; a frame is 200 ms here) to the last move.
    for _ in 0..20 {
        app.update();
    }
    let replay = app.world().resource::<BracketReplay>();
    assert_eq!(replay.shown, 4);
    assert!(!replay.playing);
}
