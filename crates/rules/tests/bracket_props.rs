//! Property tests of the 括号大战 resolution and game rules on random boards.

use bevy_app::App;
use bw_rules::bracket::board::{Board, Piece, Tile};
use bw_rules::bracket::content::{Class, KindId, KindTable};
use bw_rules::bracket::coverage::coverage_all;
use bw_rules::bracket::ecs::{
    self, BoardCell, BracketBoard, BracketFrame, BracketRulesPlugin, resolve_world,
};
use bw_rules::bracket::game::{Action, Game, Mode, Settings, legal_placements};
use bw_rules::bracket::generate::BoardSettings;
use bw_rules::bracket::geometry::{Dir, Glass, Mirror};
use bw_rules::bracket::resolve;
use bw_rules::rng::SplitMix64;
use proptest::prelude::*;

/// A random board: `side`, `players`, and for each cell a draw that decides its tile.
fn random_board(side: usize, players: u8, seed: u64, density: u64) -> Board {
    let kinds = KindTable::builtin();
    let mut rng = SplitMix64::new(seed);
    let mut b = Board::new(side, players);
    for cell in 0..b.cells() {
        let roll = rng.below(100);
        let tile = if roll < density {
            let kind = KindId(rng.below(kinds.len() as u64) as u16);
            let facing = match kinds.get(kind).class {
                Class::Bracket => Some(Dir::ALL[rng.below(4) as usize]),
                Class::Shape => None,
            };
            Tile::Piece(Piece {
                owner: 1 + rng.below(players as u64) as u8,
                kind,
                facing,
            })
        } else if roll < density + 10 && b.home_owner(cell).is_none() {
            Tile::Mirror(if rng.below(2) == 0 {
                Mirror::Slash
            } else {
                Mirror::Backslash
            })
        } else if roll < density + 14 && b.home_owner(cell).is_none() {
            Tile::Glass([Glass::Horizontal, Glass::Vertical, Glass::Cross][rng.below(3) as usize])
        } else {
            Tile::Empty
        };
        b.set(cell, tile);
    }
    b
}

fn board_strategy() -> impl Strategy<Value = Board> {
    (
        prop_oneof![Just(10usize), 11usize..=14, Just(20usize)],
        2u8..=4,
        any::<u64>(),
        10u64..60,
    )
        .prop_map(|(side, players, seed, density)| random_board(side, players, seed, density))
}

/// Spawns the board's entities in the order given by `order` (a permutation seed).
fn ecs_resolve(board: &Board, order_seed: u64) -> Board {
    let mut app = App::new();
    app.add_plugins(BracketRulesPlugin);
    let world = app.world_mut();
    world.insert_resource(BracketFrame {
        side: board.side(),
        seats: board.seats().collect(),
    });
    let mut cells: Vec<usize> = (0..board.cells()).collect();
    let mut rng = SplitMix64::new(order_seed);
    for i in (1..cells.len()).rev() {
        cells.swap(i, rng.below(i as u64 + 1) as usize);
    }
    for cell in cells {
        let (r, c) = board.row_col(cell);
        ecs::spawn_tile(
            world,
            BoardCell {
                row: r as u8,
                col: c as u8,
            },
            board.tile(cell),
        );
    }
    resolve_world(world);
    world.resource::<BracketBoard>().board.clone()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn resolution_terminates_and_is_idempotent(board in board_strategy()) {
        let kinds = KindTable::builtin();
        let pieces = board.pieces().count();
        let mut once = board.clone();
        let r = resolve(&mut once, &kinds);
        prop_assert!(r.removed_count() <= pieces);
        prop_assert!(r.rounds.iter().all(|round| !round.removed.is_empty()));
        let mut twice = once.clone();
        let again = resolve(&mut twice, &kinds);
        prop_assert_eq!(again.removed_count(), 0);
        prop_assert_eq!(twice, once);
    }

    #[test]
    fn the_resolvers_coverage_is_the_stable_boards(board in board_strategy()) {
        let kinds = KindTable::builtin();
        let mut b = board;
        let mut resolver = bw_rules::bracket::resolve::Resolver::default();
        resolver.resolve(&mut b, &kinds);
        prop_assert_eq!(resolver.coverage(), &coverage_all(&b, &kinds));
    }

    #[test]
    fn no_survivor_stands_uncovered(board in board_strategy()) {
        let kinds = KindTable::builtin();
        let mut b = board;
        resolve(&mut b, &kinds);
        let cov = coverage_all(&b, &kinds);
        for (cell, p) in b.pieces() {
            prop_assert!(cov[p.owner as usize - 1].contains(cell), "piece at {cell} uncovered");
        }
    }

    #[test]
    fn ecs_schedule_agrees_with_kernel_whatever_the_spawn_order(
        board in board_strategy(),
        order_a in any::<u64>(),
        order_b in any::<u64>(),
    ) {
        let kinds = KindTable::builtin();
        let mut kernel = board.clone();
        resolve(&mut kernel, &kinds);
        let a = ecs_resolve(&board, order_a);
        let b = ecs_resolve(&board, order_b);
        prop_assert_eq!(&a, &kernel);
        prop_assert_eq!(&b, &kernel);
    }

    #[test]
    fn rotating_the_board_rotates_the_result(side in 10usize..=14, seed in any::<u64>(), density in 10u64..60) {
        // With four players, a quarter turn clockwise maps every home corner onto the next
        // one (P1 -> P3 -> P2 -> P4 -> P1): the rules have no preferred direction.
        let kinds = KindTable::builtin();
        let board = random_board(side, 4, seed, density);
        let mut a = rotate(&board);
        resolve(&mut a, &kinds);
        let mut b = board.clone();
        resolve(&mut b, &kinds);
        prop_assert_eq!(a, rotate(&b));
    }

    #[test]
    fn replaying_a_games_actions_reproduces_it(
        seed in any::<u64>(),
        players in 2u8..=4,
        star_war in any::<bool>(),
        moves in 1usize..40,
    ) {
        let kinds = KindTable::builtin();
        let settings = Settings {
            board: BoardSettings { side: 10, players, ..Default::default() },
            mode: if star_war { Mode::StarWar } else { Mode::Classic },
            star_no_adjacent: star_war && seed % 2 == 0,
            turn_limit: Some(12),
        };
        let mut game = Game::new(settings.clone(), seed);
        let mut rng = SplitMix64::new(seed ^ 77);
        for _ in 0..moves {
            if game.turn.is_over() { break; }
            let me = game.turn.current;
            let roll = rng.below(100);
            let action = if roll < 3 {
                Action::Surrender
            } else {
                let legal = legal_placements(&game.settings, &game.board, &kinds, me);
                if legal.is_empty() { Action::Pass } else { legal[rng.below(legal.len() as u64) as usize] }
            };
            game.act(&kinds, action).expect("legal actions are accepted");
        }
        let again = Game::replay(settings, seed, &game.actions, &kinds).expect("replay accepts its own actions");
        prop_assert_eq!(again.board, game.board);
        prop_assert_eq!(again.turn, game.turn);
    }
}

/// A quarter turn clockwise: (r, c) -> (c, n-1-r); U->R, R->D, D->L, L->U; `/` <-> `\`,
/// `-` <-> `|`; seats P1->P3, P3->P2, P2->P4, P4->P1.
fn rotate(board: &Board) -> Board {
    let n = board.side();
    let seat = |p: u8| match p {
        1 => 3,
        3 => 2,
        2 => 4,
        _ => 1,
    };
    let mut out = Board::new(n, 4);
    for cell in 0..board.cells() {
        let (r, c) = board.row_col(cell);
        let tile = match board.tile(cell) {
            Tile::Mirror(Mirror::Slash) => Tile::Mirror(Mirror::Backslash),
            Tile::Mirror(Mirror::Backslash) => Tile::Mirror(Mirror::Slash),
            Tile::Glass(Glass::Horizontal) => Tile::Glass(Glass::Vertical),
            Tile::Glass(Glass::Vertical) => Tile::Glass(Glass::Horizontal),
            Tile::Piece(p) => Tile::Piece(Piece {
                owner: seat(p.owner),
                kind: p.kind,
                facing: p.facing.map(Dir::clockwise),
            }),
            t => t,
        };
        out.set(out.index(c, n - 1 - r), tile);
    }
    out
}
