//! The one trait behind every 军棋 computer player that keeps a model of its seat: the engine
//! protocol's session drives it, and so do the game's own strong seats.

use std::time::Duration;

use bw_rules::junqi::board::NodeId;
use bw_rules::junqi::game::Action;
use bw_rules::junqi::setup::{Layout, auto_layout};
use bw_rules::rng::SplitMix64;

use super::seat_model::SeatModel;
use super::simple::{Ai, Style};

/// What a computer player does on its turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice {
    Move(NodeId, NodeId),
    Offer,
    Resign,
}

/// A computer player behind the protocol: it sees only its seat's model.
pub trait Brain: Send {
    /// Its name after `engine` (`bracket-war heuristic 0.1.0`).
    fn name(&self) -> String;
    fn layout(&mut self, model: &SeatModel, budget: Duration) -> Layout;
    fn choose(&mut self, model: &SeatModel, budget: Duration) -> Choice;
    fn answer_draw(&mut self, _model: &SeatModel) -> bool {
        false
    }
    /// Diagnostics about the last decision (written as an `info` line).
    fn info(&self) -> Option<String> {
        None
    }
}

/// The game's simple players (random, heuristic) behind the protocol.
pub struct SimpleBrain {
    ai: Ai,
    rng: SplitMix64,
}

impl SimpleBrain {
    pub fn new(style: Style, seed: u64) -> SimpleBrain {
        SimpleBrain {
            ai: Ai::new(style, seed),
            rng: SplitMix64::new(seed ^ 0x5EED),
        }
    }
}

impl Brain for SimpleBrain {
    fn name(&self) -> String {
        let kind = match self.ai.style {
            Style::Random => "random",
            Style::Heuristic => "heuristic",
        };
        format!("bracket-war {kind} {}", env!("CARGO_PKG_VERSION"))
    }

    fn layout(&mut self, m: &SeatModel, _budget: Duration) -> Layout {
        let seed = self.rng.next_u64();
        auto_layout(&m.rules, &m.board, &m.set, m.seats[m.me], &m.hand, seed)
    }

    fn choose(&mut self, m: &SeatModel, _budget: Duration) -> Choice {
        match self.ai.choose_for(m) {
            Action::Move { from, to } => Choice::Move(from, to),
            Action::OfferDraw => Choice::Offer,
            _ => Choice::Resign,
        }
    }
}
