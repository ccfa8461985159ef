//! What the referee tells one seat of a game ([`SeatFeed`]): built from the public events
//! and the initial layouts' owners only (allies' kinds under 友明), never from the full
//! position. Engines over pipes, the in-process hard level and the arena all read it.

use super::protocol::{EngineEvent, GameResult, MoveOutcome, OutReason, ToEngine};
use bw_rules::junqi::game::{Junqi, LossReason, Outcome, PlayerId, PublicEvent};

/// The messages one seat receives as a game goes on: built from the public events and the
/// seat's own view, never from the full position.
pub struct SeatFeed {
    pub me: PlayerId,
    /// How many of the game's public events were told already.
    told: usize,
}

impl SeatFeed {
    pub fn new(me: PlayerId) -> SeatFeed {
        SeatFeed { me, told: 0 }
    }

    /// The opening of a game for this seat: rules, seat, hand.
    pub fn opening(game: &Junqi, me: PlayerId) -> Vec<ToEngine> {
        vec![
            ToEngine::Rules(game.rules.clone()),
            ToEngine::Seat(game.players[me].seat),
            ToEngine::Pieces(game.players[me].hand.clone()),
        ]
    }

    /// When play starts: who moves first, every occupied node's owner, and what the seat
    /// may see besides its own pieces. Built from the initial layouts (their owners only,
    /// and allies' kinds under 友明), so it can be told again at any point of the game.
    pub fn start(&mut self, game: &Junqi) -> Vec<ToEngine> {
        let seat = |p: PlayerId| game.players[p].seat;
        let open = game.rules.open_allies_applies();
        let mut occupied = Vec::new();
        let mut known = Vec::new();
        for (p, layout) in game.layouts.iter().enumerate() {
            for &(n, k) in layout {
                occupied.push((n, seat(p)));
                if open && game.allies(self.me, p) {
                    known.push((n, k));
                }
            }
        }
        occupied.sort_by_key(|&(n, _)| n);
        known.sort_by_key(|&(n, _)| n);
        // Deployment events are not told; play events follow from here.
        self.told = game
            .events
            .iter()
            .take_while(|e| matches!(e, PublicEvent::Deployed { .. }))
            .count();
        let first = game.deploy_order.first().copied().unwrap_or(game.turn);
        vec![
            ToEngine::Start { first: seat(first) },
            ToEngine::Occupied(occupied),
            ToEngine::Known(known),
        ]
    }

    /// The events since the last call, in order, each once; ends with `gameover` when the
    /// game ended.
    pub fn events(&mut self, game: &Junqi) -> Vec<ToEngine> {
        let seat = |p: PlayerId| game.players[p].seat;
        let mut out = Vec::new();
        for e in &game.events[self.told..] {
            match e {
                PublicEvent::Moved {
                    player,
                    path,
                    combat,
                    removed,
                    ..
                } => {
                    let (from, to) = (path[0], *path.last().expect("a path has nodes"));
                    let outcome = match (*combat, removed.contains(&from), removed.contains(&to)) {
                        (false, _, _) => MoveOutcome::Empty,
                        (true, true, true) => MoveOutcome::Both,
                        (true, true, false) => MoveOutcome::Lost,
                        (true, false, _) => MoveOutcome::Won,
                    };
                    out.push(EngineEvent::Move {
                        seat: seat(*player),
                        from,
                        to,
                        outcome,
                    });
                }
                PublicEvent::FlagsRevealed { player, nodes } => out.push(EngineEvent::Reveal {
                    seat: seat(*player),
                    nodes: nodes.clone(),
                }),
                PublicEvent::Lost { player, reason } => out.push(EngineEvent::Out(
                    seat(*player),
                    match reason {
                        LossReason::FlagCaptured { by } => OutReason::Flag {
                            by: Some(seat(*by)),
                        },
                        LossReason::NoLegalMove => OutReason::NoMove,
                        LossReason::Resigned => OutReason::Resign,
                    },
                )),
                PublicEvent::DrawOffered { player } => out.push(EngineEvent::Offer(seat(*player))),
                PublicEvent::DrawAnswered { player, yes } => {
                    out.push(EngineEvent::Answer(seat(*player), *yes))
                }
                PublicEvent::TurnForfeit { player } => {
                    out.push(EngineEvent::Timeout(seat(*player)))
                }
                PublicEvent::Deployed { .. }
                | PublicEvent::FlagCaptured { .. }
                | PublicEvent::Ended { .. } => {}
            }
        }
        self.told = game.events.len();
        let mut out: Vec<ToEngine> = out.into_iter().map(ToEngine::Event).collect();
        if let bw_rules::junqi::game::Phase::Over(outcome) = &game.phase {
            out.push(game_over(game, self.me, outcome));
        }
        out
    }
}

/// The `gameover` message for one seat.
pub fn game_over(game: &Junqi, me: PlayerId, outcome: &Outcome) -> ToEngine {
    match outcome {
        Outcome::Won { winners } => {
            let mine = winners.contains(&me) || winners.iter().any(|&w| game.allies(me, w));
            let word = |r: LossReason| match r {
                LossReason::FlagCaptured { .. } => "flag",
                LossReason::NoLegalMove => "nomove",
                LossReason::Resigned => "resign",
            };
            // A loser says how it lost; a winner, how the last enemy went out.
            let last_loss = game.events.iter().rev().find_map(|e| match e {
                PublicEvent::Lost { reason, .. } => Some(*reason),
                _ => None,
            });
            let why = game.players[me].lost.or(last_loss).map_or("won", word);
            ToEngine::GameOver(
                if mine && game.players[me].lost.is_none() {
                    GameResult::Win
                } else {
                    GameResult::Loss
                },
                why.into(),
            )
        }
        Outcome::DrawAgreed => ToEngine::GameOver(GameResult::Draw, "agreed".into()),
        Outcome::DrawQuiet => ToEngine::GameOver(GameResult::Draw, "quiet".into()),
    }
}
