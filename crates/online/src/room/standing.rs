//! What the hall needs of a room: whether its game is rated, and its end as the hall counts
//! it ([`crate::hall`]).

use bw_rules::junqi::{Outcome, Phase};

use super::{Effects, Holder, Room, Table};
use crate::hall::{self, Finish, FinishedGame, FinishedSeat, Sitter};
use crate::protocol::GameOptions;

impl Room {
    /// The pool whose ratings this room's seats show and its rated games move: a 军棋
    /// room's, by its players (`None` for 括号大战).
    pub fn pool(&self) -> Option<String> {
        match &self.options.game {
            GameOptions::Junqi { rules, .. } => Some(hall::junqi_pool(rules.players as usize)),
            GameOptions::Bracket { .. } => None,
        }
    }

    /// Notes the ratings of `account` (pool, rating), before it enters: its rating in this
    /// room's pool shows beside its name. Only accounts that hold a seat are kept.
    pub fn note_ratings(&mut self, account: &str, ratings: &[(String, f64)]) {
        let Some(pool) = self.pool() else { return };
        let rating = ratings
            .iter()
            .find(|(p, _)| *p == pool)
            .map_or(hall::Rating::default().rating, |&(_, r)| r);
        let seats = &self.seats;
        self.ratings.retain(|k, _| {
            seats
                .iter()
                .any(|s| matches!(&s.holder, Holder::Person { account: Some(a), .. } if a == k))
        });
        self.ratings.insert(account.to_string(), rating);
    }

    /// A rated game moved the ratings of the accounts in these seats (seat, new rating):
    /// everyone in the room is told the room with them.
    pub fn rated_seats(&mut self, rated: &[(u8, f64)]) -> Effects {
        for &(seat, rating) in rated {
            if let Some(Holder::Person {
                account: Some(a), ..
            }) = self.seats.get(seat as usize).map(|s| &s.holder)
            {
                self.ratings.insert(a.clone(), rating);
            }
        }
        let mut fx = Effects::default();
        self.broadcast_room(&mut fx);
        fx
    }

    /// The rating shown beside a seat's holder.
    pub(super) fn shown_rating(&self, holder: &Holder) -> Option<f64> {
        match holder {
            Holder::Person {
                account: Some(a), ..
            } => self.ratings.get(a).copied(),
            _ => None,
        }
    }

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
