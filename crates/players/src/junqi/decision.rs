//! One way for the game to ask a computer seat: a [`Decision`] is prepared on the game's thread
//! from what the seat may know (its model, built from the public messages), then
//! made anywhere (a task of the task pool, a thread); [`computer_layout`] is the seat's army.

use std::time::Duration;

use bw_rules::junqi::game::{Action, Junqi, PlayerId};
use bw_rules::junqi::setup::Layout;

use super::brain::{Brain, Choice};
use super::seat::AiKind;
use super::seat_model::SeatModel;
use super::simple::Ai;
use super::strong::Strong;

/// How long the strong player may think, or how much it searches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    Time(Duration),
    /// Sampled positions per move: the same seed makes the same choice.
    Samples(u32),
}

/// A computer seat's decision, ready to be made away from the game.
pub enum Decision {
    Simple {
        ai: Ai,
        model: Box<SeatModel>,
    },
    Strong {
        model: Box<SeatModel>,
        seed: u64,
        budget: Budget,
    },
}

impl Decision {
    /// Seat `me`'s decision in `game`, from what that seat may know only.
    pub fn prepare(
        game: &Junqi,
        me: PlayerId,
        kind: AiKind,
        seed: u64,
        budget: Budget,
    ) -> Decision {
        let model = Box::new(SeatModel::of(game, me));
        match kind.style() {
            None => Decision::Strong {
                model,
                seed,
                budget,
            },
            Some(style) => Decision::Simple {
                ai: Ai::new(style, seed),
                model,
            },
        }
    }

    /// Decides (this may take the strong player's whole budget).
    pub fn decide(self) -> Action {
        match self {
            Decision::Simple { mut ai, model } => ai.choose_for(&model),
            Decision::Strong {
                model,
                seed,
                budget,
            } => {
                let (nodes, time) = match budget {
                    Budget::Time(t) => (None, t),
                    Budget::Samples(n) => (Some(n), Duration::from_secs(3600)),
                };
                match Strong::new(seed, nodes).choose(&model, time) {
                    Choice::Move(from, to) => Action::Move { from, to },
                    Choice::Offer => Action::OfferDraw,
                    Choice::Resign => Action::Resign { player: model.me },
                }
            }
        }
    }
}

/// A computer seat's layout for a game seed: the game's automatic layout (the one headless
/// games deploy, [`Junqi::auto_layout`]); the strong player's own, from its seed stream,
/// is automatic too.
pub fn computer_layout(game: &Junqi, me: PlayerId, kind: AiKind, game_seed: u64) -> Layout {
    match kind {
        AiKind::Strong => {
            let model = SeatModel::new(
                game.rules.clone(),
                game.set.clone(),
                me,
                game.players[me].hand.clone(),
            );
            Strong::new(bw_rules::rng::stream(game_seed, me, 1), Some(1))
                .layout(&model, Duration::from_millis(100))
        }
        AiKind::Random | AiKind::Heuristic => game.auto_layout(me, game_seed),
    }
}
