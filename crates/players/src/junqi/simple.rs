//! The simple computer players: they decide from a [`PlayerView`] only (they never see hidden
//! ranks): a random player and a heuristic one.

use bw_rules::junqi::board::{Board, NodeId, NodeKind};
use bw_rules::junqi::game::Action;
use bw_rules::junqi::pieces::{Ability, PieceSet};
use bw_rules::junqi::view::{PlayerView, SeenPiece};
use bw_rules::rng::SplitMix64;

/// How a simple player picks its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Any legal move, uniformly.
    Random,
    /// Towards the nearest enemy headquarters, taking what it can, with a little noise.
    Heuristic,
}

/// A simple computer player with its own seeded generator: it decides from the seat's
/// [`PlayerView`] alone, one move at a time.
pub struct Ai {
    pub style: Style,
    rng: SplitMix64,
}

impl Ai {
    pub fn new(style: Style, seed: u64) -> Ai {
        Ai {
            style,
            rng: SplitMix64::new(seed),
        }
    }

    /// The move to make on this player's turn.
    pub fn choose(&mut self, board: &Board, set: &PieceSet, view: &PlayerView) -> Action {
        let moves = view.legal_moves(board, set);
        if moves.is_empty() {
            return Action::Resign { player: view.me };
        }
        let pick = match self.style {
            Style::Random => moves[self.rng.below(moves.len() as u64) as usize],
            Style::Heuristic => {
                let targets = enemy_headquarters(board, view);
                let dist = distances_to(board, &targets);
                let mut best = (i64::MIN, moves[0]);
                for &(from, to) in &moves {
                    let noise = self.rng.below(8) as i64;
                    let score = score_move(board, set, view, &dist, from, to) * 8 + noise;
                    if score > best.0 {
                        best = (score, (from, to));
                    }
                }
                best.1
            }
        };
        Action::Move {
            from: pick.0,
            to: pick.1,
        }
    }
}

fn enemy_headquarters(board: &Board, view: &PlayerView) -> Vec<NodeId> {
    board
        .ids()
        .filter(|&n| board.kind(n) == NodeKind::Hq)
        .filter(|&n| {
            let seat = board.node(n).seat;
            view.players.iter().enumerate().any(|(p, pl)| {
                Some(pl.seat) == seat
                    && p != view.me
                    && !view.allies(view.me, p)
                    && pl.lost.is_none()
            })
        })
        .collect()
}

/// Link distance from every node to the nearest of `targets` (`u32::MAX`: unreachable).
pub(crate) fn distances_to(board: &Board, targets: &[NodeId]) -> Vec<u32> {
    let mut dist = vec![u32::MAX; board.len()];
    let mut queue: std::collections::VecDeque<NodeId> = targets.iter().copied().collect();
    for &t in targets {
        dist[t.0 as usize] = 0;
    }
    while let Some(cur) = queue.pop_front() {
        for &(n, _) in board.adjacent(cur) {
            if dist[n.0 as usize] == u32::MAX {
                dist[n.0 as usize] = dist[cur.0 as usize] + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

fn score_move(
    board: &Board,
    set: &PieceSet,
    view: &PlayerView,
    dist: &[u32],
    from: NodeId,
    to: NodeId,
) -> i64 {
    let Some(SeenPiece {
        kind: Some(kind), ..
    }) = view.nodes[from.0 as usize]
    else {
        return 0;
    };
    let mover = set.get(kind);
    let d = |n: NodeId| dist[n.0 as usize].min(40) as i64;
    let mut score = (d(from) - d(to)) * 2;
    if let Some(target) = view.nodes[to.0 as usize] {
        score += match target.kind.map(|k| set.get(k).ability) {
            Some(Ability::Flag) => 1000,
            _ => match mover.ability {
                // A bomb is worth spending on a piece deep in the enemy's rear.
                Ability::Bomb => 6,
                // Engineers probe the back rows, where mines stand.
                Ability::Engineer if board.node(to).r >= 4 => 5,
                Ability::Engineer => -2,
                Ability::Commander => -4,
                _ => mover.rank as i64 - 3,
            },
        };
    }
    if board.kind(to) == NodeKind::Camp {
        score += 2;
    }
    if board.kind(to) == NodeKind::Hq {
        // A piece on an HQ never moves again: only worth it to take a flag.
        score -= 20;
    }
    score
}
