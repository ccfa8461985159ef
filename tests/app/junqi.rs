//! 军棋 in the app, headless: a person deploys (swaps two pieces, confirms) and plays a
//! whole 2-player game against a computer; a hot-seat game covers the board between
//! persons; a draw offer accepted by all ends a game; a resignation ends one; a saved game
//! continues from its slot; and what a seat is shown holds no hidden rank.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bracket_war::app::i18n::Locale;
use bracket_war::app::junqi::board::scene;
use bracket_war::app::junqi::{JunqiIntent, JunqiTable, StartJunqi};
use bracket_war::app::{JunqiScreen, Screen};
use bracket_war::saves::JunqiTimers;
use bw_players::junqi::{AiKind, Seat};
use bw_rules::junqi::ecs::JunqiMatch;
use bw_rules::junqi::game::{Outcome, Phase};
use bw_rules::junqi::{Alliance, BoardChoice, Junqi, PlayerView, Rules};

pub(crate) fn app() -> (App, tempfile::TempDir) {
    crate::headless_game()
}

pub(crate) fn screen(app: &App) -> Option<JunqiScreen> {
    (*app.world().resource::<State<Screen>>().get() == Screen::Junqi)
        .then(|| *app.world().resource::<State<JunqiScreen>>().get())
}

pub(crate) fn table(app: &App) -> &JunqiTable {
    app.world().resource::<JunqiTable>()
}

/// The game on the table: the rules' match in the app's world.
pub(crate) fn game(app: &App) -> &Junqi {
    &app.world().resource::<JunqiMatch>().0
}

pub(crate) fn intend(app: &mut App, i: JunqiIntent) {
    app.world_mut().write_message(i);
    app.update();
    app.update();
}

pub(crate) fn two_players(seats: Vec<Seat>) -> StartJunqi {
    StartJunqi::New {
        slot: 0,
        rules: Rules {
            board: BoardChoice::TwoPlayer,
            players: 2,
            alliance: Alliance::None,
            quiet_limit: 30,
            ..Rules::default()
        },
        seats,
        profiles: vec!["Ann".into(), "Bo".into()],
        seed: 42,
        timers: JunqiTimers {
            deploy: None,
            moves: None,
        },
    }
}

pub(crate) fn start(app: &mut App, s: StartJunqi) {
    app.world_mut().write_message(s);
    app.update();
    app.update();
}

/// Updates until `done`, failing after a minute (computers think on other threads).
pub(crate) fn wait_until(app: &mut App, what: &str, done: impl Fn(&App) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(60);
    while !done(app) {
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        app.update();
        std::thread::yield_now();
    }
}

#[test]
fn a_person_deploys_and_plays_a_whole_game_against_a_computer() {
    let (mut app, saves) = app();
    start(
        &mut app,
        two_players(vec![Seat::Person, Seat::Computer(AiKind::Heuristic)]),
    );
    // One person: no hand-over, straight to the deployment on the automatic layout.
    assert_eq!(screen(&app), Some(JunqiScreen::Deploy));
    assert_eq!(table(&app).viewer, Some(0));
    // The computer lays out on the task pool, while the person's screen stays.
    wait_until(&mut app, "the computer's layout", |app| {
        game(app).players[1].deployed
    });
    assert_eq!(screen(&app), Some(JunqiScreen::Deploy));
    // Swap two back-row pieces by clicking one, then the other.
    let (a, b) = {
        let t = table(&app);
        let back: Vec<_> = t
            .layout
            .iter()
            .filter(|(n, _)| game(&app).board.node(*n).r == 2)
            .copied()
            .collect();
        (back[0], back[1])
    };
    intend(&mut app, JunqiIntent::DeployClick(a.0));
    assert_eq!(table(&app).selected, Some(a.0));
    intend(&mut app, JunqiIntent::DeployClick(b.0));
    let kind_at = |app: &App, n| table(app).layout.iter().find(|(m, _)| *m == n).unwrap().1;
    assert_eq!((kind_at(&app, a.0), kind_at(&app, b.0)), (b.1, a.1));
    intend(&mut app, JunqiIntent::Confirm);
    assert_eq!(game(&app).phase, Phase::Playing);
    assert_eq!(
        game(&app).layouts[0]
            .iter()
            .find(|(n, _)| *n == a.0)
            .unwrap()
            .1,
        b.1
    );
    // Play: the person makes the first legal move whenever it is their turn, by clicking
    // the piece and then its destination.
    let deadline = Instant::now() + Duration::from_secs(120);
    while screen(&app) != Some(JunqiScreen::GameOver) {
        assert!(
            Instant::now() < deadline,
            "timed out waiting for the end of the game"
        );
        let t = table(&app);
        if t.person_to_act(game(&app)) == Some(0) && screen(&app) == Some(JunqiScreen::Playing) {
            let (from, to) = t.legal_moves(game(&app))[0];
            app.world_mut().write_message(JunqiIntent::BoardClick(from));
            app.world_mut().write_message(JunqiIntent::BoardClick(to));
        }
        app.update();
        std::thread::yield_now();
    }
    assert!(matches!(game(&app).phase, Phase::Over(_)));
    assert!(game(&app).plies > 2);
    // Saved after every ply: the slot replays to the same end.
    let dir = bracket_war::saves::SaveDir::new(saves.path());
    match dir.load::<bracket_war::saves::JunqiSave>(0, &game(&app).set) {
        bracket_war::saves::JunqiSlot::Saved(bracket_war::saves::Saved { game: saved, .. }) => {
            assert_eq!(saved.phase, game(&app).phase);
            assert_eq!(saved.plies, game(&app).plies);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn hot_seat_covers_the_board_between_persons_and_a_draw_accepted_by_all_ends_it() {
    let (mut app, _saves) = app();
    start(&mut app, two_players(vec![Seat::Person, Seat::Person]));
    assert_eq!(screen(&app), Some(JunqiScreen::Handover));
    assert_eq!(table(&app).handover, Some(0));
    assert_eq!(table(&app).viewer, None, "nobody's pieces are on screen");
    intend(&mut app, JunqiIntent::TakeOver);
    assert_eq!(screen(&app), Some(JunqiScreen::Deploy));
    intend(&mut app, JunqiIntent::Confirm);
    assert_eq!(screen(&app), Some(JunqiScreen::Handover));
    assert_eq!(table(&app).handover, Some(1));
    intend(&mut app, JunqiIntent::TakeOver);
    intend(&mut app, JunqiIntent::Confirm);
    // Ann confirmed first and moves first: the computer is handed back to her.
    assert_eq!(game(&app).turn, 0);
    assert_eq!(screen(&app), Some(JunqiScreen::Handover));
    intend(&mut app, JunqiIntent::TakeOver);
    assert_eq!(screen(&app), Some(JunqiScreen::Playing));
    let (from, to) = table(&app).legal_moves(game(&app))[0];
    intend(&mut app, JunqiIntent::Move(from, to));
    assert_eq!(
        screen(&app),
        Some(JunqiScreen::Handover),
        "covered before Bo looks"
    );
    intend(&mut app, JunqiIntent::TakeOver);
    intend(&mut app, JunqiIntent::OfferDraw);
    assert!(game(&app).players[1].dove);
    // Ann answers yes (on the hand-over screen's panel or the board's): the game is drawn.
    intend(
        &mut app,
        JunqiIntent::AnswerDraw {
            player: 0,
            yes: true,
        },
    );
    assert_eq!(game(&app).phase, Phase::Over(Outcome::DrawAgreed));
    assert_eq!(screen(&app), Some(JunqiScreen::GameOver));
}

#[test]
fn resigning_ends_the_game_and_a_saved_game_continues_from_its_slot() {
    let (mut app, saves) = app();
    start(
        &mut app,
        two_players(vec![Seat::Person, Seat::Computer(AiKind::Random)]),
    );
    intend(&mut app, JunqiIntent::Confirm);
    for _ in 0..3 {
        wait_until(&mut app, "the person's turn", |app| {
            table(app).person_to_act(game(app)) == Some(0)
        });
        let (from, to) = table(&app).legal_moves(game(&app))[0];
        intend(&mut app, JunqiIntent::Move(from, to));
    }
    wait_until(&mut app, "the person's turn", |app| {
        table(app).person_to_act(game(app)) == Some(0)
    });
    let plies = game(&app).plies;
    // Leave and open the slot again: the same game, the person to move.
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Menu);
    app.update();
    assert!(app.world().get_resource::<JunqiTable>().is_none());
    start(&mut app, StartJunqi::Load { slot: 0 });
    assert_eq!(screen(&app), Some(JunqiScreen::Playing));
    assert_eq!(game(&app).plies, plies);
    assert_eq!(table(&app).viewer, Some(0));
    intend(&mut app, JunqiIntent::Resign(0));
    assert_eq!(
        game(&app).phase,
        Phase::Over(Outcome::Won { winners: vec![1] })
    );
    assert_eq!(screen(&app), Some(JunqiScreen::GameOver));
    // The scores went to the profiles, once: opening the finished game again adds nothing.
    app.update();
    let totals = || bracket_war::saves::load_junqi_profiles(saves.path()).unwrap();
    assert_eq!(totals().totals.get("Ann"), Some(&-5));
    assert_eq!(totals().games.get("Ann"), Some(&1));
    // The side panel's total for Ann is the profile's.
    assert_eq!(table(&app).profile_totals.get("Ann"), Some(&-5));
    start(&mut app, StartJunqi::Load { slot: 0 });
    app.update();
    assert_eq!(screen(&app), Some(JunqiScreen::GameOver));
    assert_eq!(totals().games.get("Ann"), Some(&1));
    // A new game shows Ann's total from the start.
    start(
        &mut app,
        two_players(vec![Seat::Person, Seat::Computer(AiKind::Heuristic)]),
    );
    assert_eq!(table(&app).profile_totals.get("Ann"), Some(&-5));
}

/// What the screen shows a seat (its pieces scene and its move list) holds no hidden rank:
/// swapping the ranks of the pieces the seat may not see changes nothing it is shown.
#[test]
fn a_seat_is_shown_nothing_it_may_not_see() {
    let (mut app, _saves) = app();
    start(
        &mut app,
        StartJunqi::New {
            slot: 1,
            rules: Rules::default(),
            seats: vec![
                Seat::Person,
                Seat::Computer(AiKind::Heuristic),
                Seat::Computer(AiKind::Heuristic),
                Seat::Computer(AiKind::Heuristic),
            ],
            profiles: vec!["Ann".into()],
            seed: 9,
            timers: JunqiTimers::default(),
        },
    );
    intend(&mut app, JunqiIntent::Confirm);
    // Play some plies (the person moves too), so combats and removals are in the log.
    while game(&app).plies < 12 && game(&app).phase == Phase::Playing {
        wait_until(&mut app, "the person's turn", |app| {
            table(app).person_to_act(game(app)) == Some(0) || game(app).phase != Phase::Playing
        });
        if let Some(&(from, to)) = table(&app).legal_moves(game(&app)).first() {
            intend(&mut app, JunqiIntent::Move(from, to));
        }
    }
    let loc = app.world().resource::<Locale>();
    let t = table(&app).clone();
    let shown = |g: &Junqi| {
        let view = PlayerView::of(g, 0);
        let pieces = scene(&view.nodes, &g.set, "en");
        let moves = bracket_war::app::junqi::log::event_lines(loc, &t, g, &view.events);
        (pieces, moves)
    };
    let (pieces, moves) = shown(game(&app));
    assert!(pieces.iter().any(|p| p.owner == 0 && p.face.is_some()));
    for p in pieces.iter().filter(|p| p.owner != 0) {
        assert_eq!((&p.face, &p.name), (&None, &None), "S must not see {p:?}");
    }
    // Every enemy piece turned into another rank: the same picture, the same move list.
    let mut other = game(&app).clone();
    let kinds = other.set.standard_hand();
    for (i, slot) in other.at.iter_mut().enumerate() {
        if let Some(p) = slot
            && p.owner != 0
            && !other.players[p.owner].flags_revealed
        {
            p.kind = kinds[(i * 7) % kinds.len()];
        }
    }
    assert_ne!(other.at, game(&app).at);
    assert_eq!(shown(&other), (pieces, moves));
}

/// The deployment timer runs down while the person lays out, and at zero the layout on
/// the board marches out; the move timer then loses turns that run out.
#[test]
fn timers_run_out_into_the_automatic_layout_and_a_lost_turn() {
    use bevy::time::TimeUpdateStrategy;
    let (mut app, _saves) = app();
    // Every update is a quarter of a second (virtual time's largest step).
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        250,
    )));
    let mut s = two_players(vec![Seat::Person, Seat::Computer(AiKind::Random)]);
    if let StartJunqi::New { timers, .. } = &mut s {
        *timers = JunqiTimers {
            deploy: Some(3),
            moves: Some(2),
        };
    }
    start(&mut app, s);
    assert_eq!(screen(&app), Some(JunqiScreen::Deploy));
    assert!(table(&app).clock.is_some_and(|c| c <= 3.0));
    for _ in 0..8 {
        app.update();
    }
    assert!(
        !game(&app).players[0].deployed,
        "two seconds in, still deploying"
    );
    for _ in 0..8 {
        app.update();
    }
    assert!(
        game(&app).players[0].deployed,
        "the automatic layout marched out"
    );
    let said = |app: &App, key: &str| {
        let loc = app.world().resource::<Locale>();
        table(app).message.as_deref() == Some(loc.t(key).as_str())
    };
    assert!(said(&app, "junqi-deploy-timed-out"), "a line says so");
    // S's turn comes; nobody moves; the turn is lost when the clock runs out.
    wait_until(&mut app, "the person's turn", |app| {
        table(app).person_to_act(game(app)) == Some(0)
    });
    let plies = game(&app).plies;
    for _ in 0..12 {
        app.update();
    }
    assert!(game(&app).plies > plies);
    assert!(
        game(&app)
            .events
            .iter()
            .any(|e| matches!(e, bw_rules::junqi::PublicEvent::TurnForfeit { player: 0 }))
    );
    assert!(said(&app, "junqi-move-timed-out"), "a line says so");
}

/// A click on one's own piece that cannot move says why: the flag, a mine, a piece in a
/// headquarters; a piece that can move is picked and says nothing.
#[test]
fn a_piece_that_cannot_move_says_why() {
    use bw_rules::junqi::pieces::Ability;
    let (mut app, _saves) = app();
    start(
        &mut app,
        two_players(vec![Seat::Person, Seat::Computer(AiKind::Random)]),
    );
    intend(&mut app, JunqiIntent::Confirm);
    wait_until(&mut app, "the person's turn", |app| {
        table(app).person_to_act(game(app)) == Some(0)
    });
    let g = game(&app);
    let node_of = |f: &dyn Fn(bw_rules::junqi::NodeId, &Ability) -> bool| {
        g.board
            .ids()
            .find(|&n| {
                g.at[n.0 as usize].is_some_and(|p| p.owner == 0 && f(n, &g.set.get(p.kind).ability))
            })
            .unwrap()
    };
    let flag = node_of(&|_, a| *a == Ability::Flag);
    let mine = node_of(&|_, a| *a == Ability::Mine);
    let in_hq = g.board.ids().find(|&n| {
        g.board.kind(n) == bw_rules::junqi::NodeKind::Hq
            && g.at[n.0 as usize].is_some_and(|p| {
                p.owner == 0 && !matches!(g.set.get(p.kind).ability, Ability::Flag | Ability::Mine)
            })
    });
    let movable = table(&app).legal_moves(g)[0].0;
    let mut cases = vec![(flag, "junqi-why-flag"), (mine, "junqi-why-mine")];
    if let Some(n) = in_hq {
        cases.push((n, "junqi-why-hq"));
    }
    for (node, key) in cases {
        intend(&mut app, JunqiIntent::BoardClick(node));
        let loc = app.world().resource::<Locale>();
        assert_eq!(table(&app).message.as_deref(), Some(loc.t(key).as_str()));
        assert_eq!(table(&app).selected, None);
    }
    intend(&mut app, JunqiIntent::BoardClick(movable));
    assert_eq!(table(&app).selected, Some(movable));
    assert_eq!(table(&app).message, None, "a piece that moves says nothing");
}

/// A layout kept under a name comes back for a later game (another seat, the same hand);
/// a name that is only punctuation is refused with a reason.
#[test]
fn layouts_are_saved_by_name_and_loaded_when_they_fit() {
    use bracket_war::app::junqi::layouts;
    let (mut app, saves) = app();
    start(
        &mut app,
        two_players(vec![Seat::Person, Seat::Computer(AiKind::Random)]),
    );
    intend(&mut app, JunqiIntent::Mirror);
    let mine = table(&app).layout.clone();
    intend(&mut app, JunqiIntent::SaveLayout("左翼 strong".into()));
    assert!(saves.path().join("junqi_layouts/左翼 strong.ron").is_file());
    intend(&mut app, JunqiIntent::SaveLayout("///".into()));
    assert!(
        table(&app)
            .message
            .as_deref()
            .unwrap_or("")
            .contains("name")
    );
    intend(&mut app, JunqiIntent::AutoLayout);
    let auto = table(&app).layout.clone();
    assert_ne!(auto, mine);
    // Every press deals a new layout.
    intend(&mut app, JunqiIntent::AutoLayout);
    assert_ne!(table(&app).layout, auto);
    let game = game(&app).clone();
    assert_eq!(
        layouts::fitting(saves.path(), layouts::Army::of(&game, 0)),
        vec!["左翼 strong".to_string()]
    );
    intend(&mut app, JunqiIntent::LoadLayout("左翼 strong".into()));
    assert_eq!(table(&app).layout, mine);
    // Another seat's arm: the same layout, in that arm's coordinates.
    let other = layouts::load(saves.path(), "左翼 strong", layouts::Army::of(&game, 1)).unwrap();
    assert_eq!(other.len(), mine.len());
    assert!(
        other
            .iter()
            .all(|(n, _)| game.board.node(*n).seat == Some(game.players[1].seat))
    );
}

/// A finished game replays ply for ply from its slot's record; the replay shows every
/// piece, or exactly what one seat saw at that ply (no hidden rank).
#[test]
fn a_saved_game_replays_ply_for_ply_in_either_view() {
    use bracket_war::app::junqi::replay::{JunqiReplay, WatchJunqi};
    let (mut app, _saves) = app();
    start(
        &mut app,
        two_players(vec![Seat::Person, Seat::Computer(AiKind::Random)]),
    );
    intend(&mut app, JunqiIntent::Confirm);
    for _ in 0..4 {
        wait_until(&mut app, "the person's turn", |app| {
            table(app).person_to_act(game(app)) == Some(0)
        });
        let (from, to) = table(&app).legal_moves(game(&app))[0];
        intend(&mut app, JunqiIntent::Move(from, to));
    }
    let live = game(&app).clone();
    let record = table(&app).save(game(&app)).record;
    app.world_mut().write_message(WatchJunqi(record));
    app.update();
    app.update();
    assert_eq!(screen(&app), Some(JunqiScreen::Replay));
    let mut r = app.world_mut().resource_mut::<JunqiReplay>();
    r.playing = false;
    let n = r.total();
    assert_eq!(n, live.actions.len());
    assert_eq!(
        r.total_plies, live.plies,
        "the replay counts plies as the slot does"
    );
    r.show(n);
    assert_eq!(r.game.at, live.at, "the replay ends where the game is");
    r.show(2);
    assert_eq!(r.game.plies, 2);
    // The game is not over: the replay opens as the person saw it, and nothing else.
    assert_eq!(
        r.seat,
        Some(0),
        "an unfinished game replays in the person's view"
    );
    assert!(!r.all_open && r.open_seats == vec![0]);
    r.seat = None;
    assert!(
        r.nodes().iter().all(Option::is_none),
        "no view with every piece revealed before the end"
    );
    r.seat = Some(0);
    let seen = r.nodes();
    assert!(
        seen.iter()
            .flatten()
            .filter(|p| p.owner == 1)
            .all(|p| p.kind.is_none())
    );
    assert!(
        seen.iter()
            .flatten()
            .filter(|p| p.owner == 0)
            .all(|p| p.kind.is_some())
    );
    // Once the game is over, every view opens, the one with everything revealed too.
    intend(&mut app, JunqiIntent::Resign(0));
    wait_until(&mut app, "the end", |app| {
        matches!(game(app).phase, bw_rules::junqi::Phase::Over(_))
    });
    let record = table(&app).save(game(&app)).record;
    app.world_mut().write_message(WatchJunqi(record));
    app.update();
    app.update();
    let mut r = app.world_mut().resource_mut::<JunqiReplay>();
    assert!(r.all_open && r.open_seats == vec![0, 1] && r.seat.is_none());
    r.playing = false;
    r.show(2);
    assert!(r.nodes().iter().flatten().all(|p| p.kind.is_some()));
}

/// Starting from the new-game screen (already inside 军棋) keeps the new game: the game's
/// own screen comes, not a fresh 军棋 that drops it.
#[test]
fn a_game_started_from_the_new_game_screen_is_kept() {
    use bracket_war::app::junqi::JunqiDraft;
    let (mut app, _saves) = app();
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Junqi);
    app.update();
    app.world_mut().insert_resource(JunqiDraft::new(0));
    app.world_mut()
        .resource_mut::<NextState<JunqiScreen>>()
        .set(JunqiScreen::NewGame);
    app.update();
    assert_eq!(screen(&app), Some(JunqiScreen::NewGame));
    let start_request = app.world().resource::<JunqiDraft>().start();
    start(&mut app, start_request);
    app.update();
    assert_eq!(screen(&app), Some(JunqiScreen::Deploy));
    assert!(app.world().get_resource::<JunqiTable>().is_some());
}

/// The game on the table is the rules' ECS match: after the deployment and after every ply
/// of a 4-player game (a person and three computers, moves, combats, a player out), the
/// board's nodes and the piece entities are exactly the match's position, and what the
/// person is shown is built from those pieces: the same owner on every node, and a rank
/// only where the entity has that rank.
#[test]
fn the_pieces_are_entities_and_the_view_is_theirs_after_every_ply() {
    use bw_rules::junqi::ecs::{BoardNode, JunqiPiece, OnNode};
    let (mut app, _saves) = app();
    start(
        &mut app,
        StartJunqi::New {
            slot: 1,
            rules: Rules::default(),
            seats: vec![
                Seat::Person,
                Seat::Computer(AiKind::Heuristic),
                Seat::Computer(AiKind::Random),
                Seat::Computer(AiKind::Heuristic),
            ],
            profiles: vec!["Ann".into()],
            seed: 11,
            timers: JunqiTimers::default(),
        },
    );
    let check = |app: &mut App| {
        let world = app.world_mut();
        let nodes = world.query::<&BoardNode>().iter(world).count();
        let mut pieces: Vec<(u8, usize, u8)> = world
            .query::<(&JunqiPiece, &OnNode)>()
            .iter(world)
            .map(|(p, n)| (n.0.0, p.0.owner, p.0.kind.0))
            .collect();
        pieces.sort();
        let g = game(app);
        assert_eq!(nodes, g.board.len());
        let want: Vec<(u8, usize, u8)> =
            g.at.iter()
                .enumerate()
                .filter_map(|(i, p)| p.map(|p| (i as u8, p.owner, p.kind.0)))
                .collect();
        assert_eq!(pieces, want, "the entities are the position");
        let view = table(app).view(g);
        for (i, seen) in view.nodes.iter().enumerate() {
            let entity = pieces.iter().find(|p| p.0 as usize == i);
            match (seen, entity) {
                (None, None) => {}
                (Some(s), Some(&(_, owner, kind))) => {
                    assert_eq!(s.owner, owner, "node {i}");
                    if let Some(k) = s.kind {
                        assert_eq!(k.0, kind, "node {i}");
                    }
                }
                _ => panic!("node {i}: shown {seen:?}, entity {entity:?}"),
            }
        }
        pieces.len()
    };
    wait_until(&mut app, "the computers' layouts", |app| {
        (1..4).all(|p| game(app).players[p].deployed)
    });
    intend(&mut app, JunqiIntent::Confirm);
    assert_eq!(game(&app).phase, Phase::Playing);
    let first = check(&mut app);
    assert_eq!(first, 4 * 25);
    let mut seen_plies = game(&app).plies;
    let mut checked = 0;
    let deadline = Instant::now() + Duration::from_secs(120);
    while game(&app).phase == Phase::Playing && game(&app).plies < 120 {
        assert!(Instant::now() < deadline, "timed out at ply {seen_plies}");
        if table(&app).person_to_act(game(&app)) == Some(0)
            && screen(&app) == Some(JunqiScreen::Playing)
        {
            match table(&app).legal_moves(game(&app)).first() {
                Some(&(from, to)) => intend(&mut app, JunqiIntent::Move(from, to)),
                None => intend(&mut app, JunqiIntent::Resign(0)),
            }
        } else {
            app.update();
            std::thread::yield_now();
        }
        if game(&app).plies != seen_plies {
            seen_plies = game(&app).plies;
            check(&mut app);
            checked += 1;
        }
    }
    let last = check(&mut app);
    assert!(checked >= 60, "{checked} plies checked");
    assert!(last < first, "pieces left the board");
    assert!(
        game(&app)
            .events
            .iter()
            .any(|e| matches!(e, bw_rules::junqi::PublicEvent::Moved { combat: true, .. }))
    );
}
