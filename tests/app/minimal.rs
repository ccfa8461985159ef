//! The rules as Bevy systems in an `App` with `MinimalPlugins`: a board spawned as
//! entities, the resolve schedule run, the surviving entities checked.

use bevy::prelude::*;
use bw_rules::bracket::ecs::{
    self, BoardCell, BracketContent, BracketRemovals, BracketRulesPlugin, BracketSetup,
    BracketTurn, Kind, Owner,
};
use bw_rules::bracket::game::{Action, At, Settings};
use bw_rules::bracket::generate::BoardSettings;
use bw_rules::bracket::text::parse_board;

fn app() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, BracketRulesPlugin));
    app.update();
    app
}

#[test]
fn spawned_board_resolves_to_the_surviving_entities() {
    let mut app = app();
    let kinds = app.world().resource::<BracketContent>().0.clone();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/bracket/cases/28_cascade.board"
    ))
    .unwrap();
    let board = parse_board(&text, &kinds).unwrap();
    ecs::spawn_board(app.world_mut(), &board);
    let before = app.world_mut().query::<&Owner>().iter(app.world()).count();
    assert_eq!(before, 5);
    ecs::resolve_world(app.world_mut());
    app.update();
    let mut survivors: Vec<(BoardCell, u8, char)> = app
        .world_mut()
        .query::<(&BoardCell, &Owner, &Kind)>()
        .iter(app.world())
        .map(|(c, o, k)| (*c, o.0, kinds.get(k.0).glyph))
        .collect();
    survivors.sort_by_key(|s| s.0);
    assert_eq!(
        survivors,
        vec![
            (BoardCell { row: 2, col: 7 }, 2, '>'),
            (BoardCell { row: 7, col: 7 }, 2, '>'),
        ]
    );
    // The cascade: first the side-hit bracket, then the two pieces it covered, together.
    let log = &app.world().resource::<BracketRemovals>().0;
    let rounds: Vec<usize> = log.iter().map(|r| r.len()).collect();
    assert_eq!(rounds, vec![1, 2]);
}

#[test]
fn actions_through_the_world_move_the_turn_and_keep_the_log() {
    let mut app = app();
    let settings = Settings {
        board: BoardSettings {
            mirror_density: 0.0,
            glass_density: 0.0,
            ..Default::default()
        },
        ..Default::default()
    };
    ecs::start_game(app.world_mut(), settings, 9);
    let kinds = app.world().resource::<BracketContent>().0.clone();
    let angle = kinds.by_glyph('>').unwrap();
    let place = Action::Place {
        at: At { row: 2, col: 2 },
        kind: angle,
        facing: Some(bw_rules::bracket::Dir::R),
    };
    ecs::act(app.world_mut(), place).unwrap();
    assert_eq!(app.world().resource::<BracketTurn>().0.current, 2);
    let refused = ecs::act(app.world_mut(), place);
    assert!(refused.is_err(), "P2 cannot place outside its coverage");
    assert_eq!(app.world().resource::<ecs::BracketActions>().0, vec![place]);
    assert_eq!(app.world().resource::<BracketSetup>().seed, 9);
}
