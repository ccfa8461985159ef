//! Headless games between computer players: every seat a computer, played to the end.

use bw_rules::junqi::game::{Action, Junqi, Phase, PlayerId};
use bw_rules::rng::{SplitMix64, stream};

use super::decision::{Budget, Decision};
use super::feed::SeatFeed;
use super::seat::AiKind;
use super::seat_model::SeatModel;
use super::simple::Ai;

/// A computer seat of a headless game: a simple player keeps its generator and its seat's
/// model from move to move (the model is told each ply's events, not built again); the
/// strong player draws a seed from its own for every decision and searches a fixed number
/// of samples, so the same game seed plays the same game.
pub enum Computer {
    Simple {
        ai: Ai,
        seat: Option<Box<(SeatModel, SeatFeed)>>,
    },
    Strong(SplitMix64),
}

impl Computer {
    pub fn new(kind: AiKind, seed: u64) -> Computer {
        match kind.style() {
            Some(style) => Computer::Simple {
                ai: Ai::new(style, seed),
                seat: None,
            },
            None => Computer::Strong(SplitMix64::new(seed)),
        }
    }

    /// Seat `me`'s action in `game`, decided from what that seat may know.
    pub fn act(&mut self, game: &Junqi, me: PlayerId) -> Action {
        match self {
            Computer::Simple { ai, seat } => {
                let (model, feed) =
                    &mut **seat.get_or_insert_with(|| Box::new(SeatModel::following(game, me)));
                debug_assert_eq!(feed.me, me, "a computer plays one seat");
                model.catch_up(feed, game);
                ai.choose_for(model)
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
