//! What the hall needs of a room: whether its game is rated, and its end as the hall counts
//! it ([`crate::hall`]).

use bw_rules::junqi::{Outcome, Phase};

use super::{Holder, Room, Table};
use crate::hall::{self, Finish, FinishedGame, FinishedSeat, Sitter};
use crate::protocol::GameOptions;

impl Room {
    /// A rated 军棋 room (its every seat a logged-in person): its game moves ratings
    /// (unless it is won too quickly, [`hall::is_rated`]), and it cannot be resigned in its
    /// first plies.
    pub fn rated(&self) -> bool {
        self.options.rated
            && matches!(self.options.game, GameOptions::Junqi { .. })
            && self.seats.iter().all(|s| {
                matches!(
                    &s.holder,
                    Holder::Person {
                        account: Some(_),
                        ..
                    }
                )
            })
    }

    /// A finished 军棋 game as the hall counts it: who sat where, each seat's team, how it
    /// finished and its score (`None` before the end, and for 括号大战).
    pub fn finished_game(&self) -> Option<FinishedGame> {
        let Some(Table::Junqi(g)) = self.table.as_ref() else {
            return None;
        };
        let Phase::Over(outcome) = &g.phase else {
            return None;
        };
        let seats = self
            .seats
            .iter()
            .zip(&g.players)
            .enumerate()
            .map(|(i, (s, p))| {
                // An ally out before the end has lost, even when its side wins.
                let finish = match outcome {
                    _ if p.lost.is_some() => Finish::Lost,
                    Outcome::Won { winners } if winners.contains(&i) => Finish::Won,
                    Outcome::Won { .. } => Finish::Lost,
                    Outcome::DrawAgreed | Outcome::DrawQuiet => Finish::Drew,
                };
                let (name, sitter) = match &s.holder {
                    Holder::Person { name, account, .. } => (
                        name.clone(),
                        account.clone().map_or(Sitter::Guest, Sitter::Account),
                    ),
                    Holder::Computer(level) => {
                        (format!("computer ({level:?})"), Sitter::Computer(*level))
                    }
                    Holder::Empty => (String::new(), Sitter::Guest),
                };
                FinishedSeat {
                    seat: i as u8,
                    name,
                    sitter,
                    team: p.team,
                    finish,
                    score: p.score,
                }
            })
            .collect();
        Some(FinishedGame {
            rated: self.rated(),
            pool: hall::junqi_pool(g.players.len()),
            mode: hall::junqi_mode(&g.rules),
            plies: g.plies,
            seats,
        })
    }
}
