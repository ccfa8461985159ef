//! Computer seats: a random player and a greedy one-ply player that scores every legal
//! placement with the rule kernels. They think on the task pool, never on the main thread.

use bw_rules::bracket::game::{Action, Game, legal_placements};
use bw_rules::bracket::resolve::Resolver;
use bw_rules::bracket::{Board, KindTable, Player, coverage::coverage_all};
use bw_rules::rng::SplitMix64;

use crate::saves::SeatKind;

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
                    bw_rules::bracket::Tile::Piece(bw_rules::bracket::Piece {
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
