//! The 军棋 turn schedule: pieces as entities, pathfinding and moves through the ordered
//! systems, in step with the headless kernel game for whole games.

use std::sync::Arc;

use bevy_app::App;
use bw_rules::junqi::ecs::{
    JunqiDestinations, JunqiMatch, JunqiMoveRequest, JunqiPiece, JunqiRefusal, JunqiRulesPlugin,
    JunqiSelected, OnNode, run_turn, spawn_match,
};
use bw_rules::junqi::game::{Action, Phase, Refusal};
use bw_rules::junqi::headless::setup;
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
            app.world_mut().resource_mut::<JunqiMoveRequest>().0 = Some((from, to));
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
    app.world_mut().resource_mut::<JunqiMoveRequest>().0 = Some((flag, next));
    run_turn(app.world_mut());
    assert_eq!(
        app.world().resource::<JunqiRefusal>().0,
        Some(Refusal::Immobile(flag))
    );
    assert_eq!(position_of(&mut app), before);
}
