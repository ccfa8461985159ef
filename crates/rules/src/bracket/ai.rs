//! Computer players: a random player and a greedy one-ply player that scores every legal
//! placement with the rule kernels. Pure functions of the game: the app runs them off the
//! main thread, tests and tools call them directly.

use crate::bracket::game::{Action, Game, legal_placements};
use crate::bracket::resolve::Resolver;
use crate::bracket::{Board, KindTable, Player, coverage::coverage_all};
use crate::rng::SplitMix64;

use serde::{Deserialize, Serialize};

/// Who plays a seat (saved with every game).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatKind {
    #[default]
    Human,
    RandomComputer,
    GreedyComputer,
}

impl SeatKind {
    pub fn is_computer(self) -> bool {
        self != SeatKind::Human
    }
}

/// The action a computer seat takes in this position.
pub fn choose(kind: SeatKind, game: &Game, kinds: &KindTable, seed: u64) -> Action {
    let me = game.turn.current;
    let moves = legal_placements(&game.settings, &game.board, kinds, me);
    if moves.is_empty() {
        return Action::Pass;
    }
    let mut rng = SplitMix64::new(seed);
    match kind {
        SeatKind::RandomComputer | SeatKind::Human => moves[rng.below(moves.len() as u64) as usize],
        SeatKind::GreedyComputer => {
            let mut resolver = Resolver::default();
            let mut best = (i64::MIN, moves[0]);
            for a in moves {
                let Action::Place { at, kind, facing } = a else {
                    continue;
                };
                let mut b = game.board.clone();
                let cell = b.index(at.row as usize, at.col as usize);
                b.set(
                    cell,
                    crate::bracket::Tile::Piece(crate::bracket::Piece {
                        owner: me,
                        kind,
                        facing,
                    }),
                );
                resolver.resolve(&mut b, kinds);
                let score = evaluate(&b, kinds, me) * 16 + rng.below(16) as i64;
                if score > best.0 {
                    best = (score, a);
                }
            }
            best.1
        }
    }
}

/// Own coverage and pieces against the best opponent's.
fn evaluate(board: &Board, kinds: &KindTable, me: Player) -> i64 {
    let cov = coverage_all(board, kinds);
    let pieces = |p: Player| board.pieces().filter(|(_, x)| x.owner == p).count() as i64;
    let mine = cov[me as usize - 1].len() as i64 + 2 * pieces(me);
    let theirs = board
        .seats()
        .filter(|&p| p != me)
        .map(|p| cov[p as usize - 1].len() as i64 + 2 * pieces(p))
        .max()
        .unwrap_or(0);
    mine - theirs
}
