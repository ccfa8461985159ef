//! Keyboard and mouse on the 括号大战 board, through Bevy's input: dragging a piece from
//! the palette (the facing follows the pointer), the wheel (one notch, one quarter turn,
//! only over the board), Esc, and the keyboard cursor, which shows only while the keyboard
//! plays (the mouse resting over the board does not take the aim back).

use bevy::prelude::*;
use bracket_war::app::bracket::geometry::cell_center;
use bracket_war::app::bracket::input::Pointer;
use bracket_war::app::bracket::preview::target;
use bracket_war::app::bracket::{BracketPlay, StartBracketGame};
use bw_players::bracket::Seat;
use bw_rules::bracket::ecs::BracketBoard;
use bw_rules::bracket::game::{At, Settings};
use bw_rules::bracket::{Dir, KindTable, Tile};

use super::flow::{app, settings};
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
        seats: vec![Seat::Person, Seat::Person],
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

#[test]
fn dragging_turns_the_piece_towards_the_pointer_and_cells_map_back() {
    use bracket_war::app::bracket::geometry::{
        cell_at, cell_center, cell_size, facing_from_offset,
    };
    let cs = cell_size(10);
    assert_eq!(
        facing_from_offset(Vec2::new(cs * 0.4, 0.05), cs),
        Some(Dir::R)
    );
    assert_eq!(
        facing_from_offset(Vec2::new(-cs * 0.4, 0.0), cs),
        Some(Dir::L)
    );
    assert_eq!(
        facing_from_offset(Vec2::new(0.0, cs * 0.3), cs),
        Some(Dir::U),
        "world y points up"
    );
    assert_eq!(
        facing_from_offset(Vec2::new(2.0, -cs * 0.3), cs),
        Some(Dir::D)
    );
    assert_eq!(
        facing_from_offset(Vec2::new(1.0, 1.0), cs),
        None,
        "near the centre: keep the facing"
    );
    for (r, c) in [(0u8, 0u8), (3, 7), (9, 9)] {
        let centre = cell_center(10, r, c);
        assert_eq!(cell_at(10, centre), Some((r, c)));
        assert_eq!(cell_at(10, centre + Vec2::splat(cs * 0.45)), Some((r, c)));
    }
    assert_eq!(
        cell_at(10, cell_center(10, 0, 0) - Vec2::new(cs, 0.0)),
        None
    );
}

/// Drag and drop through Bevy's input: a piece picked up from the palette is carried over
/// the board (the pointer moves, the piece turns towards it) and dropped by releasing the
/// mouse button; a drop on an illegal cell places nothing and says why.
#[test]
fn drag_and_drop_through_simulated_input() {
    use bevy::input::ButtonState;
    use bevy::input::mouse::MouseButtonInput;
    use bracket_war::app::bracket::geometry::{cell_center, cell_size};
    use bracket_war::app::bracket::input::Pointer;
    let button = |app: &mut App, state: ButtonState| {
        app.world_mut().write_message(MouseButtonInput {
            button: MouseButton::Left,
            state,
            window: Entity::PLACEHOLDER,
        });
    };
    let (mut app, _saves) = app("drag");
    app.world_mut().write_message(StartBracketGame::New {
        slot: 0,
        settings: settings(None),
        seats: vec![Seat::Person, Seat::Person],
        coverage_hint: true,
        seed: 5,
    });
    app.update();
    app.update();
    let angle = KindTable::builtin().by_glyph('>').unwrap();
    let cs = cell_size(10);
    let pointer_at = |app: &mut App, p: Vec2| {
        app.world_mut().insert_resource(Pointer {
            world: Some(p),
            over_egui: false,
            typing: false,
        });
        app.update();
    };
    // Picked up from the palette (egui starts the drag).
    {
        let mut ui = app.world_mut().resource_mut::<BracketPlay>();
        ui.kind = Some(angle);
        ui.dragging = Some(angle);
    }
    button(&mut app, ButtonState::Pressed);
    // Over the board, then towards the lower edge of cell (2,1): the piece faces down.
    pointer_at(&mut app, cell_center(10, 1, 1));
    pointer_at(&mut app, cell_center(10, 2, 1) + Vec2::new(0.0, -cs * 0.35));
    assert_eq!(app.world().resource::<BracketPlay>().facing, Dir::D);
    assert_eq!(app.world().resource::<BracketPlay>().hovered, Some(21));
    button(&mut app, ButtonState::Released);
    app.update();
    let board = app.world().resource::<BracketBoard>().board.clone();
    match board.tile(board.index(2, 1)) {
        Tile::Piece(p) => assert_eq!((p.owner, p.kind, p.facing), (1, angle, Some(Dir::D))),
        other => panic!("the drop placed nothing: {other:?}"),
    }
    assert_eq!(app.world().resource::<BracketPlay>().dragging, None);
    // P2 drags onto a cell it does not cover: refused, with the reason, nothing placed.
    app.world_mut().resource_mut::<BracketPlay>().dragging = Some(angle);
    button(&mut app, ButtonState::Pressed);
    pointer_at(&mut app, cell_center(10, 5, 5));
    button(&mut app, ButtonState::Released);
    app.update();
    let board = app.world().resource::<BracketBoard>().board.clone();
    assert_eq!(board.tile(board.index(5, 5)), Tile::Empty);
    let message = app
        .world()
        .resource::<BracketPlay>()
        .message
        .clone()
        .unwrap_or_default();
    assert!(message.contains("不在你的信号覆盖区域内"), "{message}");
}

/// The wheel turns the piece one quarter per notch, and only over the board (scrolling
/// the log leaves it); Esc opens and closes the pause menu.
#[test]
fn the_wheel_turns_once_per_notch_over_the_board_and_esc_pauses() {
    use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
    use bracket_war::app::bracket::geometry::cell_center;
    use bracket_war::app::bracket::input::Pointer;
    let (mut app, _saves) = app("wheel");
    app.world_mut().write_message(StartBracketGame::New {
        slot: 0,
        settings: settings(None),
        seats: vec![Seat::Person, Seat::Person],
        coverage_hint: true,
        seed: 5,
    });
    app.update();
    app.update();
    let wheel = |app: &mut App, unit: MouseScrollUnit, y: f32| {
        app.world_mut().write_message(MouseWheel {
            unit,
            x: 0.0,
            y,
            window: Entity::PLACEHOLDER,
            phase: bevy::input::touch::TouchPhase::Moved,
        });
        app.update();
    };
    let facing = |app: &App| app.world().resource::<BracketPlay>().facing;
    app.world_mut().insert_resource(Pointer {
        world: Some(cell_center(10, 4, 4)),
        over_egui: false,
        typing: false,
    });
    app.update();
    assert_eq!(facing(&app), Dir::R);
    wheel(&mut app, MouseScrollUnit::Line, 1.0);
    assert_eq!(
        facing(&app),
        Dir::R.clockwise(),
        "one notch, one quarter turn"
    );
    // On X11 a wheel without smooth scrolling reports each notch twice (the wheel button's
    // press and its release, in one frame): still one quarter turn per notch.
    std::thread::sleep(std::time::Duration::from_millis(40));
    for _ in 0..2 {
        app.world_mut().write_message(MouseWheel {
            unit: MouseScrollUnit::Line,
            x: 0.0,
            y: 1.0,
            window: Entity::PLACEHOLDER,
            phase: bevy::input::touch::TouchPhase::Moved,
        });
    }
    app.update();
    assert_eq!(
        facing(&app),
        Dir::R.clockwise().clockwise(),
        "a notch reported twice is one quarter turn"
    );
    std::thread::sleep(std::time::Duration::from_millis(40));
    wheel(&mut app, MouseScrollUnit::Line, -1.0);
    assert_eq!(facing(&app), Dir::R.clockwise(), "a notch back");
    // A touchpad's notch comes as several pixel events.
    for _ in 0..5 {
        wheel(&mut app, MouseScrollUnit::Pixel, 10.0);
    }
    assert_eq!(facing(&app), Dir::R.clockwise().clockwise());
    // Over the log (egui has the pointer): scrolling it turns nothing.
    app.world_mut().insert_resource(Pointer {
        world: Some(cell_center(10, 4, 4)),
        over_egui: true,
        typing: false,
    });
    wheel(&mut app, MouseScrollUnit::Line, 3.0);
    assert_eq!(facing(&app), Dir::R.clockwise().clockwise());
    let esc = |app: &mut App| crate::tap(app, KeyCode::Escape);
    esc(&mut app);
    assert!(app.world().resource::<BracketPlay>().paused);
    esc(&mut app);
    assert!(!app.world().resource::<BracketPlay>().paused);
}

/// Right click marks an own piece in the home corner for deletion; a piece outside it is
/// not marked, and the top bar says why at once (it used to be marked, then refused on the
/// confirming click).
#[test]
fn a_piece_that_cannot_be_deleted_is_refused_when_marked() {
    use bracket_war::app::bracket::BracketMove;
    use bw_rules::bracket::game::Action;
    let (mut app, _saves) = headless_game();
    // Two people on a board without mirrors or glass.
    super::sound::two_people(&mut app);
    let kinds = KindTable::builtin();
    let place = |app: &mut App, row: u8, col: u8, glyph: char, facing: Dir| {
        app.world_mut().resource_mut::<BracketPlay>().facing = facing;
        app.world_mut().write_message(BracketMove(Action::Place {
            at: At { row, col },
            kind: kinds.by_glyph(glyph).unwrap(),
            facing: None,
        }));
        app.update();
    };
    // P1's angle bracket on (0,2) shoots along row 0; P2 plays in its corner; P1 puts a
    // circle on (0,5), outside its home; P2 again.
    place(&mut app, 0, 2, '>', Dir::R);
    place(&mut app, 9, 9, 'o', Dir::R);
    place(&mut app, 0, 5, 'o', Dir::R);
    place(&mut app, 8, 8, 'o', Dir::R);
    let board = app.world().resource::<BracketBoard>().board.clone();
    assert!(matches!(board.tile(board.index(0, 5)), Tile::Piece(p) if p.owner == 1));
    let right_click = |app: &mut App, row: u8, col: u8| {
        use bevy::input::ButtonState;
        use bevy::input::mouse::MouseButtonInput;
        pointer_at(app, row, col);
        for state in [ButtonState::Pressed, ButtonState::Released] {
            app.world_mut().write_message(MouseButtonInput {
                button: MouseButton::Right,
                state,
                window: Entity::PLACEHOLDER,
            });
            app.update();
        }
    };
    right_click(&mut app, 0, 5);
    let ui = app.world().resource::<BracketPlay>();
    assert_eq!(
        ui.pending_delete, None,
        "outside the home corner: not marked"
    );
    assert!(ui.message.is_some(), "and the reason is shown at once");
    right_click(&mut app, 0, 2);
    let ui = app.world().resource::<BracketPlay>();
    assert_eq!(ui.pending_delete, Some(At { row: 0, col: 2 }));
    assert_eq!(ui.message, None, "the reason goes once a piece is marked");
}

/// A refusal in the top bar is about the cell it was made on: once the pointer is over
/// another cell it goes (the preview speaks for the cell under the pointer).
#[test]
fn a_refusal_leaves_the_top_bar_when_the_pointer_moves_on() {
    use bracket_war::app::bracket::BracketMove;
    use bw_rules::bracket::game::Action;
    let (mut app, _saves) = headless_game();
    super::sound::two_people(&mut app);
    pointer_at(&mut app, 5, 5);
    app.world_mut().write_message(BracketMove(Action::Place {
        at: At { row: 5, col: 5 },
        kind: KindTable::builtin().by_glyph('o').unwrap(),
        facing: None,
    }));
    app.update();
    assert!(
        app.world().resource::<BracketPlay>().message.is_some(),
        "(5,5) is outside player 1's coverage: refused, with the reason"
    );
    pointer_at(&mut app, 1, 1);
    assert_eq!(app.world().resource::<BracketPlay>().message, None);
}
