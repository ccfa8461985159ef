//! The 军棋 turn schedule: pieces as entities, pathfinding and moves through the ordered
//! systems, in step with the headless kernel game for whole games.

use std::sync::Arc;

use bevy_app::App;
use bw_rules::junqi::Junqi;
use bw_rules::junqi::ecs::{
    JunqiDestinations, JunqiMatch, JunqiPiece, JunqiRefusal, JunqiRequest, JunqiRulesPlugin,
    JunqiSelected, JunqiWorld, OnNode, Request, run_turn, spawn_match,
};
use bw_rules::junqi::game::{Action, Phase, Refusal};
use bw_rules::junqi::headless::setup;
use bw_rules::junqi::setup::deal;
use bw_rules::junqi::{Alliance, BoardChoice, PieceSet, Rules};
use bw_rules::rng::SplitMix64;

mod common;

fn position_of(app: &mut App) -> Vec<(u8, usize, u8)> {
    let mut v: Vec<(u8, usize, u8)> = app
        .world_mut()
        .query::<(&JunqiPiece, &OnNode)>()
        .iter(app.world())
        .map(|(p, n)| (n.0.0, p.0.owner, p.0.kind.0))
        .collect();
    v.sort();
    v
}

#[test]
fn the_schedule_plays_whole_games_in_step_with_the_kernel() {
    for (players, board, alliance) in [
        (4, BoardChoice::FourPlayer, Alliance::Opposite),
        (2, BoardChoice::TwoPlayer, Alliance::None),
        (3, BoardChoice::FourPlayer, Alliance::None),
    ] {
        let rules = Rules {
            players,
            board,
            alliance,
            ..Rules::default()
        };
        let set = Arc::new(PieceSet::standard());
        let mut kernel = setup(rules, set, 5, true).unwrap();
        let mut app = App::new();
        app.add_plugins(JunqiRulesPlugin);
        spawn_match(app.world_mut(), kernel.clone());
        let mut rng = SplitMix64::new(5);
        while kernel.phase == Phase::Playing {
            let Action::Move { from, to } = common::random_action(&kernel, &mut rng) else {
                panic!("the seat to move always has a move");
            };
            // Pathfinding in the schedule agrees with the kernel.
            app.world_mut().resource_mut::<JunqiSelected>().0 = Some(from);
            run_turn(app.world_mut());
            assert_eq!(
                app.world().resource::<JunqiDestinations>().0,
                kernel.destinations(from)
            );
            kernel.act(Action::Move { from, to }).unwrap();
            app.world_mut().resource_mut::<JunqiRequest>().0 =
                Some(Request::Act(Action::Move { from, to }));
            run_turn(app.world_mut());
            assert_eq!(app.world().resource::<JunqiRefusal>().0, None);
            let m = &app.world().resource::<JunqiMatch>().0;
            assert_eq!(
                (m.turn, &m.phase, &m.events),
                (kernel.turn, &kernel.phase, &kernel.events)
            );
            let mut want: Vec<(u8, usize, u8)> = kernel
                .at
                .iter()
                .enumerate()
                .filter_map(|(i, p)| p.map(|p| (i as u8, p.owner, p.kind.0)))
                .collect();
            want.sort();
            assert_eq!(position_of(&mut app), want);
        }
    }
}

#[test]
fn an_illegal_request_is_refused_and_changes_nothing() {
    let rules = Rules {
        players: 2,
        board: BoardChoice::TwoPlayer,
        ..Rules::default()
    };
    let game = setup(rules, Arc::new(PieceSet::standard()), 9, false).unwrap();
    let flag = game
        .board
        .ids()
        .find(|&n| matches!(game.at[n.0 as usize], Some(p) if p.owner == game.turn && game.set.get(p.kind).id == "flag"))
        .unwrap();
    let mut app = App::new();
    app.add_plugins(JunqiRulesPlugin);
    spawn_match(app.world_mut(), game);
    let before = position_of(&mut app);
    let next = app.world().resource::<JunqiMatch>().0.board.adjacent(flag)[0].0;
    app.world_mut().resource_mut::<JunqiRequest>().0 = Some(Request::Act(Action::Move {
        from: flag,
        to: next,
    }));
    run_turn(app.world_mut());
    assert_eq!(
        app.world().resource::<JunqiRefusal>().0,
        Some(Refusal::Immobile(flag))
    );
    assert_eq!(position_of(&mut app), before);
}

fn pieces_of(world: &mut bevy_ecs::world::World) -> Vec<(u8, usize, u8)> {
    let mut v: Vec<(u8, usize, u8)> = world
        .query::<(&JunqiPiece, &OnNode)>()
        .iter(world)
        .map(|(p, n)| (n.0.0, p.0.owner, p.0.kind.0))
        .collect();
    v.sort();
    v
}

fn kernel_pieces(g: &Junqi) -> Vec<(u8, usize, u8)> {
    g.at.iter()
        .enumerate()
        .filter_map(|(i, p)| p.map(|p| (i as u8, p.owner, p.kind.0)))
        .collect()
}

/// From the deal to the end, every request (deployments, moves, draw offers and answers,
/// resignations, timeouts, refused ones too) through the schedule of a world of its own,
/// against the kernel: the same answers, events, actions, scores and pieces after each.
#[test]
fn a_world_plays_from_the_deal_to_the_end_as_the_kernel_does() {
    for (seed, players, board, alliance) in [
        (3, 4, BoardChoice::FourPlayer, Alliance::Opposite),
        (4, 2, BoardChoice::TwoPlayer, Alliance::None),
        (6, 3, BoardChoice::FourPlayer, Alliance::None),
        (8, 4, BoardChoice::FourPlayer, Alliance::None),
    ] {
        let rules = Rules {
            players,
            board,
            alliance,
            ..Rules::default()
        };
        let set = Arc::new(PieceSet::standard());
        let mut kernel = Junqi::new(rules.clone(), set.clone(), deal(&rules, &set, seed)).unwrap();
        let mut world = JunqiWorld::new(kernel.clone());
        // A move before deployment is refused by both.
        let early = Action::Timeout;
        assert_eq!(world.act(early), kernel.act(early));
        for p in (0..kernel.players.len()).rev() {
            let layout = kernel.auto_layout(p, seed);
            assert_eq!(world.deploy(p, layout.clone()), kernel.deploy(p, &layout));
            // Deploying twice is refused by both.
            assert_eq!(world.deploy(p, layout.clone()), kernel.deploy(p, &layout));
            assert_eq!(pieces_of(world.world_mut()), kernel_pieces(&kernel));
        }
        let mut rng = SplitMix64::new(seed);
        let mut n = 0u64;
        while kernel.phase == Phase::Playing && kernel.plies < 400 {
            n += 1;
            let me = kernel.turn;
            let other = (me + 1 + (rng.next_u64() % 3) as usize) % kernel.players.len();
            let action = match rng.next_u64() % 40 {
                0 => Action::OfferDraw,
                1 => Action::AnswerDraw {
                    player: other,
                    yes: rng.next_u64().is_multiple_of(2),
                },
                2 if n.is_multiple_of(7) => Action::Resign { player: other },
                3 => Action::Timeout,
                // A refused move: a piece of someone else's.
                4 => match kernel.legal_moves(other).first() {
                    Some(&(from, to)) if other != me => Action::Move { from, to },
                    _ => Action::Timeout,
                },
                _ => common::random_action(&kernel, &mut rng),
            };
            assert_eq!(world.act(action), kernel.act(action), "{action:?}");
            let g = world.game();
            assert_eq!(
                (g.turn, &g.phase, &g.events, &g.actions, g.plies, g.quiet),
                (
                    kernel.turn,
                    &kernel.phase,
                    &kernel.events,
                    &kernel.actions,
                    kernel.plies,
                    kernel.quiet
                ),
            );
            let scores: Vec<i64> = g.players.iter().map(|p| p.score as i64).collect();
            let want: Vec<i64> = kernel.players.iter().map(|p| p.score as i64).collect();
            assert_eq!(scores, want);
            assert_eq!(pieces_of(world.world_mut()), kernel_pieces(&kernel));
        }
        assert!(kernel.plies > 0);
    }
}
