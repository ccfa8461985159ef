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
    BracketDraft, BracketGame, BracketMove, BracketPlay, StartBracketGame,
};
use bracket_war::app::{AppOptions, BracketScreen, PigScreen, Screen, add_game};
use bracket_war::saves::{SaveDir, Slot};
use bw_players::bracket::{AiKind, Seat};
use bw_rules::bracket::ecs::{BracketBoard, BracketTurn};
use bw_rules::bracket::game::{Action, At, Settings};
use bw_rules::bracket::generate::BoardSettings;
use bw_rules::bracket::{Dir, KindTable, Tile};

pub(crate) fn app(_name: &str) -> (App, tempfile::TempDir) {
    let saves = tempfile::tempdir().unwrap();
    (app_in(saves.path()), saves)
}

/// A headless app on a save folder.
pub(crate) fn app_in(saves: &std::path::Path) -> App {
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
pub(crate) enum Here {
    Menu,
    Bracket(BracketScreen),
    Pig(PigScreen),
}

pub(crate) fn state(app: &App) -> Here {
    let w = app.world();
    match *w.resource::<State<Screen>>().get() {
        Screen::Bracket => Here::Bracket(*w.resource::<State<BracketScreen>>().get()),
        Screen::Pig => Here::Pig(*w.resource::<State<PigScreen>>().get()),
        Screen::Menu => Here::Menu,
        other => panic!("unexpected screen {other:?}"),
    }
}

pub(crate) fn go(app: &mut App, to: Here) {
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
pub(crate) fn wait_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(app) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        app.update();
        std::thread::yield_now();
    }
}

pub(crate) fn settings(turn_limit: Option<u32>) -> Settings {
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
        seats: vec![
            Seat::Computer(AiKind::Greedy),
            Seat::Computer(AiKind::Random),
        ],
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
    let moves = match SaveDir::new(saves.path()).load::<bracket_war::saves::SaveData>(2, &kinds) {
        Slot::Saved(bracket_war::saves::Saved { save: data, game }) => {
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
        seats: vec![Seat::Person, Seat::Person],
        coverage_hint: true,
        seed: 5,
    });
    app.update();
    app.update();
    assert_eq!(state(&app), Here::Bracket(BracketScreen::Playing));
    let angle = KindTable::builtin().by_glyph('>').unwrap();
    // What a drop does: the piece and cell from the drag, the facing from the mouse.
    app.world_mut().resource_mut::<BracketPlay>().facing = Dir::D;
    app.world_mut().write_message(BracketMove(Action::Place {
        at: At { row: 2, col: 1 },
        kind: angle,
        facing: None,
    }));
    app.update();
    let board = app.world().resource::<BracketBoard>().board.clone();
    match board.tile(board.index(2, 1)) {
        Tile::Piece(p) => assert_eq!((p.owner, p.facing), (1, Some(Dir::D))),
        other => panic!("{other:?}"),
    }
    // The log names the piece and its facing in words, never the glyph codes.
    let log = app.world().resource::<BracketPlay>().log.clone();
    assert!(
        log.last()
            .is_some_and(|l| l.contains("(2,1)") && l.contains("尖括号 ↓")),
        "{log:?}"
    );
    assert!(
        !log.iter().any(|l| l.contains(">D") || l.contains("((")),
        "{log:?}"
    );
    // P2 drops outside its coverage: refused, with the reason shown.
    app.world_mut().write_message(BracketMove(Action::Place {
        at: At { row: 5, col: 5 },
        kind: angle,
        facing: None,
    }));
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
fn computer_only_games_get_a_turn_limit_and_every_board_size_can_be_chosen() {
    use bracket_war::app::bracket::newgame::SIDES;
    use bracket_war::app::bracket::{COMPUTER_TURN_LIMIT, settings_for};
    use bracket_war::app::theme::step;
    let computers = [
        Seat::Computer(AiKind::Greedy),
        Seat::Computer(AiKind::Random),
    ];
    assert_eq!(
        settings_for(settings(None), &computers).turn_limit,
        Some(COMPUTER_TURN_LIMIT)
    );
    assert_eq!(
        settings_for(settings(Some(3)), &computers).turn_limit,
        Some(3)
    );
    let mixed = [Seat::Person, Seat::Computer(AiKind::Greedy)];
    assert_eq!(settings_for(settings(None), &mixed).turn_limit, None);
    // A left click steps forward round the end, a right click back.
    let sides: Vec<usize> = SIDES.collect();
    let mut side = 10;
    let mut seen = vec![side];
    for _ in 0..11 {
        side = step(&sides, side, 1);
        seen.push(side);
    }
    assert_eq!(seen, [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 10]);
    assert_eq!(step(&sides, 10, -1), 20);
    assert_eq!(step(&sides, 15, -1), 14);
}

/// A new game starts from the choices last started in its mode; a damaged or impossible
/// file means the defaults (and the other mode keeps its own).
#[test]
fn the_new_game_screen_remembers_the_last_choices_per_mode() {
    use bracket_war::app::bracket::newgame::BracketDraft;
    let dir = tempfile::tempdir().unwrap();
    let fresh = BracketDraft::remembered(0, false, dir.path());
    assert_eq!(fresh.settings.board.side, 10);
    let mut draft = fresh.clone();
    draft.settings.board.side = 14;
    draft.settings.board.players = 3;
    draft.settings.turn_limit = Some(20);
    draft.seats[1] = Seat::Computer(AiKind::Strong);
    draft.coverage_hint = false;
    draft.remember(dir.path());
    let again = BracketDraft::remembered(3, false, dir.path());
    assert_eq!(again.slot, 3);
    assert_eq!(again.settings, draft.settings);
    assert_eq!(again.seats, draft.seats);
    assert!(!again.coverage_hint);
    // 星号大战 keeps its own.
    let star = BracketDraft::remembered(0, true, dir.path());
    assert_eq!(star.settings.board.side, 10);
    // A damaged file: the defaults.
    std::fs::write(dir.path().join("bracket-setup.ron"), "(settings: oops").unwrap();
    assert_eq!(
        BracketDraft::remembered(0, false, dir.path())
            .settings
            .board
            .side,
        10
    );
}

#[test]
fn a_damaged_settings_file_means_defaults_and_a_notice() {
    use bracket_war::app::screens::Notices;
    use bracket_war::app::settings::UserSettings;
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

/// Surrender asks first (the button only opens the question): Esc keeps playing, Enter
/// surrenders (with two players, the other one wins).
#[test]
fn surrender_asks_for_confirmation() {
    let (mut app, _saves) = app("surrender");
    app.world_mut().write_message(StartBracketGame::New {
        slot: 0,
        settings: settings(None),
        seats: vec![Seat::Person, Seat::Person],
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
    use bracket_war::app::i18n::kind_stats;
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
        seats: vec![
            Seat::Computer(AiKind::Strong),
            Seat::Computer(AiKind::Greedy),
        ],
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
        seats: vec![Seat::Person, Seat::Person],
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
            app.world_mut().write_message(BracketMove(pick));
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
