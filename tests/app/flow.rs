//! The app's screens as states, without a window: menu -> slots -> new-game settings ->
//! game -> end -> replay, with computer seats playing, automatic saves, loading a save, and
//! a human placement through the same queue the mouse and keyboard fill.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bracket_war::app::bracket::replay::{BracketReplay, WatchBracketReplay};
use bracket_war::app::bracket::slots::BracketSlots;
use bracket_war::app::bracket::{
    BracketDraft, BracketGame, BracketPlay, BracketQueue, StartBracketGame,
};
use bracket_war::app::{AppOptions, BracketScreen, PigScreen, Screen, add_game};
use bracket_war::saves::{SaveDir, SeatKind, Slot};
use bw_rules::bracket::ecs::{BracketBoard, BracketTurn};
use bw_rules::bracket::game::{Action, At, Settings};
use bw_rules::bracket::generate::BoardSettings;
use bw_rules::bracket::{Dir, KindTable, Tile};

fn app(_name: &str) -> (App, tempfile::TempDir) {
    let saves = tempfile::tempdir().unwrap();
    (app_in(saves.path()), saves)
}

/// A headless app on a save folder.
fn app_in(saves: &std::path::Path) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, bevy::input::InputPlugin));
    let options = AppOptions {
        saves: saves.to_path_buf(),
        ..Default::default()
    };
    add_game(&mut app, options, Arc::new(KindTable::builtin()), false);
    app.update();
    app
}

/// Where the app is: the top-level screen and, inside a game, that game's screen.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Here {
    Menu,
    Bracket(BracketScreen),
    Pig(PigScreen),
}

fn state(app: &App) -> Here {
    let w = app.world();
    match *w.resource::<State<Screen>>().get() {
        Screen::Bracket => Here::Bracket(*w.resource::<State<BracketScreen>>().get()),
        Screen::Pig => Here::Pig(*w.resource::<State<PigScreen>>().get()),
        Screen::Menu => Here::Menu,
        other => panic!("unexpected screen {other:?}"),
    }
}

fn go(app: &mut App, to: Here) {
    let w = app.world_mut();
    match to {
        Here::Menu => w.resource_mut::<NextState<Screen>>().set(Screen::Menu),
        Here::Bracket(b) => {
            w.resource_mut::<NextState<Screen>>().set(Screen::Bracket);
            app.update();
            app.world_mut()
                .resource_mut::<NextState<BracketScreen>>()
                .set(b);
        }
        Here::Pig(p) => {
            w.resource_mut::<NextState<Screen>>().set(Screen::Pig);
            app.update();
            app.world_mut()
                .resource_mut::<NextState<PigScreen>>()
                .set(p);
        }
    }
    app.update();
}

/// Updates the app until `done` holds (computer players think on other threads), failing
/// after a minute.
fn wait_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(app) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        app.update();
        std::thread::yield_now();
    }
}

fn settings(turn_limit: Option<u32>) -> Settings {
    Settings {
        board: BoardSettings {
            side: 10,
            players: 2,
            mirror_density: 0.1,
            glass_density: 0.04,
        },
        turn_limit,
        ..Default::default()
    }
}

#[test]
fn menu_slots_settings_game_end_replay() {
    let (mut app, saves) = app("flow");
    assert_eq!(state(&app), Here::Menu);
    go(&mut app, Here::Bracket(BracketScreen::Slots));
    assert_eq!(state(&app), Here::Bracket(BracketScreen::Slots));
    let list = app.world().resource::<BracketSlots>();
    assert_eq!(list.slots.len(), 8);
    assert!(list.slots.iter().all(|s| matches!(s, Slot::Empty)));

    // An empty slot opens the new-game settings.
    app.world_mut().insert_resource(BracketDraft::new(2, false));
    go(&mut app, Here::Bracket(BracketScreen::NewGame));
    assert_eq!(state(&app), Here::Bracket(BracketScreen::NewGame));

    // `启动！`: two computer seats, a turn limit so the game ends.
    app.world_mut().write_message(StartBracketGame::New {
        slot: 2,
        settings: settings(Some(3)),
        seats: vec![SeatKind::GreedyComputer, SeatKind::RandomComputer],
        coverage_hint: true,
        seed: 99,
    });
    app.update();
    app.update();
    assert_eq!(state(&app), Here::Bracket(BracketScreen::Playing));
    wait_until(&mut app, "the computers to finish the game", |app| {
        state(app) == Here::Bracket(BracketScreen::GameOver)
    });
    assert!(app.world().resource::<BracketTurn>().0.is_over());
    // The end of the game keeps the board on screen: its pieces are still entities.
    let pieces = |app: &mut App| {
        app.world_mut()
            .query::<&bw_rules::bracket::ecs::Owner>()
            .iter(app.world())
            .count()
    };
    let on_board = app
        .world()
        .resource::<BracketBoard>()
        .board
        .pieces()
        .count();
    assert!(on_board > 0);
    assert_eq!(pieces(&mut app), on_board);

    // Saved after every action: the slot holds the finished game.
    let kinds = KindTable::builtin();
    let moves = match SaveDir::new(saves.path()).load(2, &kinds) {
        Slot::Saved { data, game } => {
            assert!(game.turn.is_over());
            data.actions.len()
        }
        other => panic!("{other:?}"),
    };
    assert_eq!(moves, 6, "3 rounds of 2 players");

    // Watch the replay, step to the end.
    let save = app.world().resource::<BracketGame>().save.clone();
    app.world_mut().write_message(WatchBracketReplay(save));
    app.update();
    app.update();
    assert_eq!(state(&app), Here::Bracket(BracketScreen::Replay));
    {
        let mut r = app.world_mut().resource_mut::<BracketReplay>();
        r.playing = false;
        r.shown = 4;
    }
    app.update();
    assert_eq!(app.world().resource::<BracketGame>().save.actions.len(), 4);
    go(&mut app, Here::Menu);
    assert_eq!(state(&app), Here::Menu);
    // Leaving the board takes every board entity (pieces, mirrors, glass, grid) with it.
    let cells = app
        .world_mut()
        .query::<&bw_rules::bracket::ecs::BoardCell>()
        .iter(app.world())
        .count();
    assert_eq!(cells, 0);

    // Opening the slot again shows the finished game.
    app.world_mut()
        .write_message(StartBracketGame::Load { slot: 2 });
    app.update();
    app.update();
    assert_eq!(state(&app), Here::Bracket(BracketScreen::GameOver));
}

#[test]
fn a_human_placement_takes_the_chosen_facing_and_a_refusal_says_why() {
    let (mut app, _saves) = app("human");
    app.world_mut().write_message(StartBracketGame::New {
        slot: 0,
        settings: settings(None),
        seats: vec![SeatKind::Human, SeatKind::Human],
        coverage_hint: true,
        seed: 5,
    });
    app.update();
    app.update();
    assert_eq!(state(&app), Here::Bracket(BracketScreen::Playing));
    let angle = KindTable::builtin().by_glyph('>').unwrap();
    // What a drop does: the piece and cell from the drag, the facing from the mouse.
    app.world_mut().resource_mut::<BracketPlay>().facing = Dir::D;
    app.world_mut()
        .resource_mut::<BracketQueue>()
        .0
        .push(Action::Place {
            at: At { row: 2, col: 1 },
            kind: angle,
            facing: None,
        });
    app.update();
    let board = app.world().resource::<BracketBoard>().board.clone();
    match board.tile(board.index(2, 1)) {
        Tile::Piece(p) => assert_eq!((p.owner, p.facing), (1, Some(Dir::D))),
        other => panic!("{other:?}"),
    }
    // P2 drops outside its coverage: refused, with the reason shown.
    app.world_mut()
        .resource_mut::<BracketQueue>()
        .0
        .push(Action::Place {
            at: At { row: 5, col: 5 },
            kind: angle,
            facing: None,
        });
    app.update();
    let message = app
        .world()
        .resource::<BracketPlay>()
        .message
        .clone()
        .unwrap_or_default();
    assert!(message.contains("不在你的信号覆盖区域内"), "{message}");
    assert_eq!(app.world().resource::<BracketTurn>().0.current, 2);
}

#[test]
fn dragging_turns_the_piece_towards_the_pointer_and_cells_map_back() {
    use bracket_war::app::bracket::view::{cell_at, cell_center, cell_size, facing_from_offset};
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

#[test]
fn the_pig_table_steps_by_event_and_turn_and_ends_with_the_judge_output() {
    use bracket_war::app::pig::PigGame;
    use bw_rules::pig::Event;
    let input = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/pig/cases/hack5.in"
    ))
    .unwrap();
    let answer = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/pig/cases/hack5.ans"
    ))
    .unwrap();
    let mut game = PigGame::simulate(bw_rules::pig::judge::parse(&input).unwrap());
    let trim = |s: &str| {
        s.lines()
            .map(|l| l.trim_end().to_string())
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
    };
    assert_eq!(trim(game.result.as_deref().unwrap()), trim(&answer));
    // One turn at a time: each stop is just before the next turn starts.
    let mut stops = 0;
    while game.shown < game.events.len() {
        let to = game.next_turn();
        game.show(to);
        stops += 1;
        if game.shown < game.events.len() {
            assert!(matches!(game.events[game.shown], Event::TurnStart { .. }));
        }
    }
    let turns = game
        .events
        .iter()
        .filter(|e| matches!(e, Event::TurnStart { .. }))
        .count();
    assert_eq!(stops, turns);
    // Stepping back rebuilds the table from the start.
    let end = game.view.clone();
    game.show(3);
    game.show(game.events.len());
    assert_eq!(game.view, end);
    // Through the app: the setup screen's state leads to the table.
    let (mut app, _saves) = app("pig");
    app.world_mut().insert_resource(game);
    go(&mut app, Here::Pig(PigScreen::Table));
    assert_eq!(state(&app), Here::Pig(PigScreen::Table));
}

/// Drag and drop through Bevy's input: a piece picked up from the palette is carried over
/// the board (the pointer moves, the piece turns towards it) and dropped by releasing the
/// mouse button; a drop on an illegal cell places nothing and says why.
#[test]
fn drag_and_drop_through_simulated_input() {
    use bevy::input::ButtonState;
    use bevy::input::mouse::MouseButtonInput;
    use bracket_war::app::bracket::input::Pointer;
    use bracket_war::app::bracket::view::{cell_center, cell_size};
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
        seats: vec![SeatKind::Human, SeatKind::Human],
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

#[test]
fn taking_a_seat_asks_the_person_and_the_game_still_ends() {
    use bevy::ecs::system::RunSystemOnce;
    use bracket_war::app::pig::{PigGame, PigSeat};
    use bw_rules::pig::seat::{Answer, Question};
    let input =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pig/cases/0.in"))
            .unwrap();
    let table = bw_rules::pig::judge::parse(&input).unwrap();
    let (mut app, _saves) = app("seat");
    app.world_mut()
        .run_system_once(move |mut c: Commands| {
            bracket_war::app::pig::take_seat(&mut c, table.clone(), 0)
        })
        .unwrap();
    go(&mut app, Here::Pig(PigScreen::Table));
    let mut asked = 0;
    let deadline = Instant::now() + Duration::from_secs(60);
    while !app.world().resource::<PigSeat>().finished {
        assert!(
            Instant::now() < deadline,
            "timed out waiting for the game to end"
        );
        app.update();
        let mut seat = app.world_mut().resource_mut::<PigSeat>();
        if let Some(q) = seat.question.clone() {
            asked += 1;
            // A loyal pig's player who never plays a card and never answers.
            seat.answer(match q {
                Question::Play { .. } => Answer::Play(None),
                _ => Answer::No,
            });
        }
        std::thread::yield_now();
    }
    assert!(app.world().resource::<PigSeat>().finished, "the game ended");
    let game = app.world().resource::<PigGame>();
    assert!(asked > 0, "the person's pig was asked");
    assert_eq!(
        game.shown,
        game.events.len(),
        "the table follows the game live"
    );
    match game.events.last() {
        Some(bw_rules::pig::Event::End { outcome }) => {
            use bw_rules::pig::engine::Outcome;
            // A result in the judge's format, unless the turn cap stopped the game.
            assert_eq!(game.result.is_some(), *outcome != Outcome::NoResult);
        }
        other => panic!("the log ends with the end of the game, not {other:?}"),
    }
}

#[test]
fn computer_only_games_get_a_turn_limit_and_every_board_size_can_be_chosen() {
    use bracket_war::app::bracket::newgame::next_side;
    use bracket_war::app::bracket::{COMPUTER_TURN_LIMIT, settings_for};
    let computers = [SeatKind::GreedyComputer, SeatKind::RandomComputer];
    assert_eq!(
        settings_for(settings(None), &computers).turn_limit,
        Some(COMPUTER_TURN_LIMIT)
    );
    assert_eq!(
        settings_for(settings(Some(3)), &computers).turn_limit,
        Some(3)
    );
    let mixed = [SeatKind::Human, SeatKind::GreedyComputer];
    assert_eq!(settings_for(settings(None), &mixed).turn_limit, None);
    let mut side = 10;
    let mut seen = vec![side];
    for _ in 0..11 {
        side = next_side(side);
        seen.push(side);
    }
    assert_eq!(seen, [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 10]);
}

#[test]
fn a_damaged_settings_file_means_defaults_and_a_notice() {
    use bracket_war::app::screens::Notices;
    use bracket_war::app::screens::settings::UserSettings;
    let saves = tempfile::tempdir().unwrap();
    std::fs::write(saves.path().join("settings.ron"), "(lang: \"en\", pack: 7").unwrap();
    // The first format (`lang: En`) still loads.
    let old = tempfile::tempdir().unwrap();
    std::fs::write(
        old.path().join("settings.ron"),
        "(lang: En, pack: \"JoKing\")",
    )
    .unwrap();
    let (s, damaged) = UserSettings::load(old.path());
    assert_eq!(
        (s.lang.as_str(), s.pack.as_str(), damaged),
        ("en", "JoKing", None)
    );
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, bevy::input::InputPlugin));
    let options = AppOptions {
        saves: saves.path().to_path_buf(),
        ..Default::default()
    };
    add_game(&mut app, options, Arc::new(KindTable::builtin()), false);
    app.update();
    assert_eq!(
        *app.world().resource::<UserSettings>(),
        UserSettings::default()
    );
    let notices = &app.world().resource::<Notices>().0;
    assert!(
        notices.iter().any(|n| n.contains("settings.ron")),
        "{notices:?}"
    );
}

/// The hint tints each cell in the colours of every player who covers it, not only the
/// player to move, and can be switched off during the game.
#[test]
fn the_coverage_hint_shows_every_players_coverage_in_their_colour() {
    use bracket_war::app::bracket::view::cell_color;
    use bracket_war::app::theme::SeatColors;
    use bw_rules::bracket::CellSet;
    use bw_rules::bracket::ecs::{BracketFrame, SignalCoverage};
    let frame = BracketFrame {
        side: 10,
        seats: vec![1, 2],
    };
    let mut coverage = SignalCoverage(std::array::from_fn(|_| CellSet::new()));
    let (p1_only, p2_only, both, none) = (45, 54, 55, 44);
    coverage.0[0].insert(p1_only);
    coverage.0[1].insert(p2_only);
    coverage.0[0].insert(both);
    coverage.0[1].insert(both);
    let seats = SeatColors::default();
    let ui = BracketPlay::default();
    assert!(ui.coverage_hint, "on by default");
    let tint = |cell: usize, ui: &BracketPlay| cell_color(cell, &frame, &coverage, ui, &seats, 1);
    let plain = tint(none, &ui);
    assert_eq!(plain, Color::WHITE);
    // P1 is to move, and P2's coverage still shows, in P2's colour.
    assert_eq!(tint(p1_only, &ui), Color::WHITE.mix(&seats.get(1), 0.22));
    assert_eq!(tint(p2_only, &ui), Color::WHITE.mix(&seats.get(2), 0.22));
    assert_ne!(tint(both, &ui), tint(p1_only, &ui));
    assert_ne!(tint(both, &ui), tint(p2_only, &ui));
    // Off: only the plain board.
    let off = BracketPlay {
        coverage_hint: false,
        ..BracketPlay::default()
    };
    assert_eq!(tint(p2_only, &off), plain);
}

/// A seated game left in the middle continues from its record: the engine is given the
/// recorded answers again and asks the person the same next question, with the same table.
#[test]
fn a_seated_pig_game_resumes_where_it_was_left() {
    use bevy::ecs::system::RunSystemOnce;
    use bracket_war::app::pig::{PigGame, PigSeat};
    use bw_rules::pig::seat::{Answer, Question};
    let input =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pig/cases/0.in"))
            .unwrap();
    let table = bw_rules::pig::judge::parse(&input).unwrap();
    let (mut app, _saves) = app("resume");
    let start = table.clone();
    app.world_mut()
        .run_system_once(move |mut c: Commands| {
            bracket_war::app::pig::take_seat(&mut c, start.clone(), 0)
        })
        .unwrap();
    go(&mut app, Here::Pig(PigScreen::Table));
    // Answer three questions (play the first legal card each time), then wait for the fourth.
    let question = |app: &App| app.world().resource::<PigSeat>().question.clone();
    for _ in 0..3 {
        wait_until(&mut app, "a question", |app| question(app).is_some());
        let q = question(&app).unwrap();
        app.world_mut().resource_mut::<PigSeat>().answer(match q {
            Question::Play { legal, .. } => Answer::Play(legal.first().copied()),
            _ => Answer::Yes,
        });
    }
    wait_until(&mut app, "the fourth question", |app| {
        question(app).is_some()
    });
    let (record, asked, events) = {
        let seat = app.world().resource::<PigSeat>();
        let game = app.world().resource::<PigGame>();
        (
            seat.record.clone(),
            seat.question.clone(),
            game.events.clone(),
        )
    };
    assert_eq!(record.answers.len(), 3);
    // Leave the table, then continue from the record.
    go(&mut app, Here::Pig(PigScreen::Setup));
    assert!(app.world().get_resource::<PigSeat>().is_none());
    app.world_mut()
        .run_system_once(move |mut c: Commands| {
            bracket_war::app::pig::resume_seat(&mut c, table.clone(), record.clone())
        })
        .unwrap();
    go(&mut app, Here::Pig(PigScreen::Table));
    wait_until(&mut app, "the resumed question", |app| {
        question(app).is_some()
    });
    assert_eq!(question(&app), asked);
    assert_eq!(app.world().resource::<PigGame>().events, events);
    assert_eq!(app.world().resource::<PigSeat>().record.answers.len(), 3);
}

/// Surrender asks first (the button only opens the question): Esc keeps playing, Enter
/// surrenders (with two players, the other one wins).
#[test]
fn surrender_asks_for_confirmation() {
    let (mut app, _saves) = app("surrender");
    app.world_mut().write_message(StartBracketGame::New {
        slot: 0,
        settings: settings(None),
        seats: vec![SeatKind::Human, SeatKind::Human],
        coverage_hint: true,
        seed: 5,
    });
    app.update();
    app.update();
    let press = crate::tap;
    // What the Surrender button does.
    app.world_mut()
        .resource_mut::<BracketPlay>()
        .confirm_surrender = true;
    app.update();
    assert_eq!(state(&app), Here::Bracket(BracketScreen::Playing));
    assert!(app.world().resource::<BracketPlay>().confirm_surrender);
    press(&mut app, KeyCode::Escape);
    assert!(!app.world().resource::<BracketPlay>().confirm_surrender);
    assert_eq!(state(&app), Here::Bracket(BracketScreen::Playing));
    assert!(!app.world().resource::<BracketTurn>().0.is_over());
    // Asked again and confirmed: player 1 leaves, player 2 wins.
    app.world_mut()
        .resource_mut::<BracketPlay>()
        .confirm_surrender = true;
    press(&mut app, KeyCode::Enter);
    app.update();
    assert_eq!(state(&app), Here::Bracket(BracketScreen::GameOver));
    assert_eq!(
        app.world().resource::<BracketTurn>().0.outcome,
        Some(bw_rules::bracket::game::Outcome::LastStanding(2))
    );
}

/// The wheel turns the piece one quarter per notch, and only over the board (scrolling
/// the log leaves it); Esc opens and closes the pause menu.
#[test]
fn the_wheel_turns_once_per_notch_over_the_board_and_esc_pauses() {
    use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
    use bracket_war::app::bracket::input::Pointer;
    use bracket_war::app::bracket::view::cell_center;
    let (mut app, _saves) = app("wheel");
    app.world_mut().write_message(StartBracketGame::New {
        slot: 0,
        settings: settings(None),
        seats: vec![SeatKind::Human, SeatKind::Human],
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

/// The preview shows the enemy beams that would reach the placed piece: here P2's `>`
/// at (7,7) fires up column 7 into a piece of P1's standing at (2,7); a player's own beams
/// are never threats.
#[test]
fn the_preview_shows_the_enemy_beams_that_reach_the_placed_piece() {
    use bracket_war::app::bracket::preview::threats_to;
    use bw_rules::bracket::text::parse_board;
    let kinds = KindTable::builtin();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/bracket/cases/03_side_hit_destroys.board"
    ))
    .unwrap();
    let board = parse_board(&text, &kinds).unwrap();
    let at = board.index(2, 7);
    let threats = threats_to(&board, &kinds, 1, at);
    assert_eq!(threats.len(), 1, "{threats:?}");
    let (from, cells) = &threats[0];
    assert_eq!(*from, board.index(7, 7));
    assert_eq!(
        cells.last(),
        Some(&at),
        "the beam ends in the piece it hits"
    );
    // Seen as P2's piece, the threat is P1's `>` at (2,2) firing along row 2, not P2's own.
    let for_p2 = threats_to(&board, &kinds, 2, at);
    assert_eq!(
        for_p2.iter().map(|t| t.0).collect::<Vec<_>>(),
        [board.index(2, 2)]
    );
    // A cell no enemy beam reaches has no threats.
    assert!(threats_to(&board, &kinds, 1, board.index(5, 3)).is_empty());
}

/// The preview says when the placed piece itself would be destroyed at once.
#[test]
fn the_preview_knows_when_the_placed_piece_dies() {
    use bracket_war::app::bracket::preview::Preview;
    let mut p = Preview {
        at: Some(At { row: 1, col: 2 }),
        side: 10,
        destroyed: vec![40, 12],
        ..Default::default()
    };
    assert!(p.placed_dies());
    p.destroyed = vec![40];
    assert!(!p.placed_dies());
}

/// The palette's tooltip tells a kind's stats from the content, mods included.
#[test]
fn the_palette_tooltip_reads_the_stats_from_the_content() {
    use bracket_war::app::bracket::hud::kind_stats;
    let (app, _saves) = app("stats");
    let loc = app.world().resource::<bracket_war::app::i18n::Locale>();
    let kinds = KindTable::builtin();
    let angle = kinds.get(kinds.by_glyph('>').unwrap());
    let text = kind_stats(loc, angle);
    assert!(text.contains(&angle.attack.to_string()), "{text}");
    let star = kinds.get(kinds.by_glyph('*').unwrap());
    assert_ne!(kind_stats(loc, star), text);
    // A mod's kind is described the same way.
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let report = KindTable::load(&dir.join("content"), &[dir.join("tests/mods/good")]);
    let book = report.table.get(report.table.by_glyph('》').unwrap());
    assert!(kind_stats(loc, book).starts_with('》'));
}

#[test]
fn the_hard_level_plays_off_the_main_thread_to_the_end() {
    let (mut app, _saves) = app("hard");
    app.world_mut().write_message(StartBracketGame::New {
        slot: 0,
        settings: settings(Some(2)),
        seats: vec![SeatKind::StrongComputer, SeatKind::GreedyComputer],
        coverage_hint: true,
        seed: 7,
    });
    app.update();
    app.update();
    assert_eq!(state(&app), Here::Bracket(BracketScreen::Playing));
    wait_until(
        &mut app,
        "the strong and greedy computers to finish",
        |app| state(app) == Here::Bracket(BracketScreen::GameOver),
    );
    let game = &app.world().resource::<BracketGame>().save;
    assert_eq!(game.actions.len(), 4, "2 rounds of 2 players");
}

/// 星号大战: a person with no legal placement passes by itself with a line in the log, and
/// the game ends when every player has passed in a round. The test only ever places stars
/// (it never presses 跳过): without the automatic pass the game could not end.
#[test]
fn star_war_passes_by_itself_when_nothing_fits() {
    use bracket_war::app::bracket::game_of;
    use bw_rules::bracket::ecs::BracketContent;
    use bw_rules::bracket::game::{Mode, legal_placements};
    let (mut app, _saves) = app("star war");
    let mut s = settings(None);
    s.mode = Mode::StarWar;
    app.world_mut().write_message(StartBracketGame::New {
        slot: 0,
        settings: s,
        seats: vec![SeatKind::Human, SeatKind::Human],
        coverage_hint: true,
        seed: 12,
    });
    app.update();
    app.update();
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut placed = 0u64;
    while !app.world().resource::<BracketTurn>().0.is_over() {
        assert!(Instant::now() < deadline, "the game did not end");
        let game = game_of(app.world());
        let kinds = app.world().resource::<BracketContent>().0.clone();
        let moves = legal_placements(&game.settings, &game.board, &kinds, game.turn.current);
        if !moves.is_empty() {
            let pick = moves[(placed as usize * 7919) % moves.len()];
            app.world_mut().resource_mut::<BracketQueue>().0.push(pick);
            placed += 1;
        }
        app.update();
    }
    assert!(placed > 4, "{placed} stars");
    let log = &app.world().resource::<BracketPlay>().log;
    assert!(
        log.iter()
            .any(|l| l.contains("passed automatically") || l.contains("自动跳过")),
        "{log:#?}"
    );
    app.update();
    assert_eq!(state(&app), Here::Bracket(BracketScreen::GameOver));
}
