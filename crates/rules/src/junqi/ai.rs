//! Computer players that decide from a [`PlayerView`] only (they never see hidden ranks):
//! a random player and a simple heuristic one.

use super::board::{Board, NodeId, NodeKind};
use super::game::Action;
use super::pieces::{Ability, PieceSet};
use super::view::{PlayerView, SeenPiece};
use crate::rng::SplitMix64;

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum AiKind {
    Random,
    Heuristic,
    /// The sampling search player ([`super::strong`]): it decides through [`Decision`].
    Strong,
}

impl AiKind {
    /// The name on the command line and in the protocol (`random`, `heuristic`, `strong`).
    pub fn id(self) -> &'static str {
        match self {
            AiKind::Random => "random",
            AiKind::Heuristic => "heuristic",
            AiKind::Strong => "strong",
        }
    }

    pub fn parse(s: &str) -> Option<AiKind> {
        match s {
            "random" => Some(AiKind::Random),
            "heuristic" => Some(AiKind::Heuristic),
            "strong" => Some(AiKind::Strong),
            _ => None,
        }
    }
}

/// Who plays a seat (saved with a game in the app).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Seat {
    Person,
    Computer(AiKind),
    /// An external program speaking the engine protocol (its command is a setting).
    Engine,
}

/// A computer player with its own seeded generator.
pub struct Ai {
    pub kind: AiKind,
    rng: SplitMix64,
}

impl Ai {
    pub fn new(kind: AiKind, seed: u64) -> Ai {
        Ai {
            kind,
            rng: SplitMix64::new(seed),
        }
    }

    /// A seed for a decision made elsewhere (the strong player's [`Decision`]).
    pub fn next_seed(&mut self) -> u64 {
        self.rng.next_u64()
    }

    /// The move to make on this player's turn (random and heuristic players; the strong
    /// player needs the seat's history and decides through [`Decision`]).
    pub fn choose(&mut self, board: &Board, set: &PieceSet, view: &PlayerView) -> Action {
        let moves = view.legal_moves(board, set);
        if moves.is_empty() {
            return Action::Resign { player: view.me };
        }
        let pick = match self.kind {
            AiKind::Strong => unreachable!("strong players decide through ai::Decision"),
            AiKind::Random => moves[self.rng.below(moves.len() as u64) as usize],
            AiKind::Heuristic => {
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

/// How long the strong player may think, or how much it searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    Time(std::time::Duration),
    /// Sampled positions per move: the same seed makes the same choice.
    Samples(u32),
}

/// A computer seat's decision: prepared on the game's thread from what the seat may know,
/// then made anywhere (a task, a thread).
pub enum Decision {
    Simple {
        ai: Ai,
        board: std::sync::Arc<Board>,
        set: std::sync::Arc<PieceSet>,
        view: PlayerView,
    },
    Strong {
        model: Box<super::engine::SeatModel>,
        seed: u64,
        budget: Budget,
    },
}

impl Decision {
    pub fn prepare(
        game: &super::Junqi,
        me: usize,
        kind: AiKind,
        seed: u64,
        budget: Budget,
    ) -> Decision {
        match kind {
            AiKind::Strong => Decision::Strong {
                model: Box::new(super::engine::seat_model(game, me)),
                seed,
                budget,
            },
            k => Decision::Simple {
                ai: Ai::new(k, seed),
                board: game.board.clone(),
                set: game.set.clone(),
                view: PlayerView::position(game, me),
            },
        }
    }

    /// Decides (this may take the strong player's whole budget).
    pub fn decide(self) -> Action {
        match self {
            Decision::Simple {
                mut ai,
                board,
                set,
                view,
            } => ai.choose(&board, &set, &view),
            Decision::Strong {
                model,
                seed,
                budget,
            } => {
                use super::engine::{Brain, Choice};
                let (nodes, time) = match budget {
                    Budget::Time(t) => (None, t),
                    Budget::Samples(n) => (Some(n), std::time::Duration::from_secs(3600)),
                };
                match super::strong::Strong::new(seed, nodes).choose(&model, time) {
                    Choice::Move(from, to) => Action::Move { from, to },
                    Choice::Offer => Action::OfferDraw,
                    Choice::Resign => Action::Resign { player: model.me },
                }
            }
        }
    }
}

/// A computer seat's layout for a game seed: the strong player's scored search, else the
/// automatic layout (the same one headless games deploy).
pub fn computer_layout(
    game: &super::Junqi,
    me: usize,
    kind: AiKind,
    game_seed: u64,
) -> super::setup::Layout {
    match kind {
        AiKind::Strong => {
            use super::engine::Brain;
            let model = super::engine::SeatModel::new(
                game.rules.clone(),
                game.set.clone(),
                me,
                game.players[me].hand.clone(),
            );
            super::strong::Strong::new(super::headless::stream(game_seed, me, 1), Some(1))
                .layout(&model, std::time::Duration::from_millis(100))
        }
        _ => super::headless::automatic_layout(game, me, game_seed),
    }
}
