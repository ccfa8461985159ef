//! Keyboard and mouse on the 括号大战 board: the keyboard cursor shows only while the
//! keyboard plays (the mouse resting over the board does not take the aim back), and
//! moving the mouse puts the cursor away.

use bevy::prelude::*;
use bracket_war::app::bracket::input::Pointer;
use bracket_war::app::bracket::preview::target;
use bracket_war::app::bracket::view::cell_center;
use bracket_war::app::bracket::{BracketPlay, StartBracketGame};
use bracket_war::saves::SeatKind;
use bw_rules::bracket::game::{At, Settings};

use super::{headless_game, tap};

fn pointer_at(app: &mut App, row: u8, col: u8) {
    app.world_mut().insert_resource(Pointer {
        world: Some(cell_center(10, row, col)),
        over_egui: false,
        typing: false,
    });
    app.update();
}

#[test]
fn the_keyboard_cursor_shows_only_while_the_keyboard_plays() {
    let (mut app, _saves) = headless_game();
    app.world_mut().write_message(StartBracketGame::New {
        slot: 0,
        settings: Settings::default(),
        seats: vec![SeatKind::Human, SeatKind::Human],
        coverage_hint: true,
        seed: 3,
    });
    app.update();
    app.update();
    let aim = |app: &App| {
        let ui = app.world().resource::<BracketPlay>();
        (ui.cursor, ui.hovered, target(ui, 10))
    };
    // The mouse rests over (5,5).
    pointer_at(&mut app, 5, 5);
    assert_eq!(aim(&app), (None, Some(55), Some(At { row: 5, col: 5 })));
    // S moves the keyboard cursor from P1's home (1,1) down to (2,1): it aims now, though
    // the mouse still rests over (5,5), and the hovered cell no longer shows.
    tap(&mut app, KeyCode::KeyS);
    app.update();
    let c = At { row: 2, col: 1 };
    assert_eq!(aim(&app), (Some(c), None, Some(c)));
    tap(&mut app, KeyCode::KeyD);
    let c = At { row: 2, col: 2 };
    assert_eq!(aim(&app), (Some(c), None, Some(c)));
    // The mouse moves: the cursor goes away and the mouse aims again.
    pointer_at(&mut app, 6, 5);
    app.update();
    assert_eq!(aim(&app), (None, Some(65), Some(At { row: 6, col: 5 })));
}
