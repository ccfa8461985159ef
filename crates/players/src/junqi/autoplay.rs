//! Headless games between computer players: every seat a computer, played to the end.

use bw_rules::junqi::game::{Action, Junqi, Phase, PlayerId};
use bw_rules::junqi::view::PlayerView;
use bw_rules::rng::{SplitMix64, stream};

use super::decision::{Budget, Decision};
use super::seat::AiKind;
use super::simple::Ai;

/// A computer seat of a headless game: a simple player keeps its generator from move to
/// move; the strong player draws a seed from its own for every decision and searches a fixed
/// number of samples, so the same game seed plays the same game.
pub enum Computer {
    Simple(Ai),
    Strong(SplitMix64),
}

impl Computer {
    pub fn new(kind: AiKind, seed: u64) -> Computer {
        match kind.style() {
            Some(style) => Computer::Simple(Ai::new(style, seed)),
            None => Computer::Strong(SplitMix64::new(seed)),
        }
    }

    /// Seat `me`'s action in `game`, decided from what that seat may know.
    pub fn act(&mut self, game: &Junqi, me: PlayerId) -> Action {
        match self {
            Computer::Simple(ai) => {
                ai.choose(&game.board, &game.set, &PlayerView::position(game, me))
            }
            Computer::Strong(rng) => {
                let seed = rng.next_u64();
                Decision::prepare(game, me, AiKind::Strong, seed, Budget::Samples(24)).decide()
            }
        }
    }
}

/// Computer players for every seat.
pub fn computer_players(kinds: &[AiKind], seed: u64) -> Vec<Computer> {
    kinds
        .iter()
        .enumerate()
        .map(|(p, &k)| Computer::new(k, stream(seed, p, 2)))
        .collect()
}

/// Plays until the game ends (the quiet limit ends every game between computers) or
/// `max_plies` plies were played.
pub fn play_out(game: &mut Junqi, computers: &mut [Computer], max_plies: u32) {
    while game.phase == Phase::Playing && game.plies < max_plies {
        let me = game.turn;
        let action = computers[me].act(game, me);
        game.act(action)
            .expect("computer players choose legal actions");
    }
}
