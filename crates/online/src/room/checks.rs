//! What a room refuses, and the entry an accepted action makes (the rules crate decides).

use bw_rules::bracket;
use bw_rules::bracket::record::RecordedAction as BracketAction;
use bw_rules::junqi::record::RecordedAction as JunqiAction;
use bw_rules::junqi::setup::Layout;
use bw_rules::junqi::{self, Junqi, Phase};

use super::{Entry, Holder, Member, Refused, Room, Table, refuse};
use crate::protocol::{GameAction, RefusalCode, RoomStatus};

pub(super) fn parse_layout(game: &Junqi, layout: &[(String, String)]) -> Result<Layout, String> {
    layout
        .iter()
        .map(|(n, k)| {
            let node = game.board.find(n).ok_or_else(|| format!("no node `{n}`"))?;
            let kind = game.set.by_id(k).ok_or_else(|| format!("no piece `{k}`"))?;
            Ok((node, kind))
        })
        .collect()
}

impl Room {
    pub(super) fn before_game(&self) -> Result<(), Refused> {
        if self.status == RoomStatus::Waiting {
            Ok(())
        } else {
            refuse(RefusalCode::WrongPhase, "the game has started")
        }
    }

    /// An account sits in one seat of a room (`moving_from`: the seat it leaves for this
    /// one); a rated room seats logged-in persons only.
    pub(super) fn check_may_sit(
        &self,
        account: Option<&str>,
        moving_from: Option<u8>,
    ) -> Result<(), Refused> {
        if let Some(key) = account
            && self.seats.iter().enumerate().any(|(i, s)| {
                Some(i as u8) != moving_from
                    && matches!(&s.holder, Holder::Person { account: Some(a), .. } if a == key)
            })
        {
            return refuse(
                RefusalCode::SeatTaken,
                "your account sits in this room already: one seat an account",
            );
        }
        if self.options.rated && account.is_none() {
            return refuse(
                RefusalCode::NotLoggedIn,
                "a rated room's seats are for logged-in players: log in, or watch",
            );
        }
        Ok(())
    }

    pub(super) fn seated(&self, member: &Member) -> Result<u8, Refused> {
        member.seat.ok_or((
            RefusalCode::NotSeated,
            "observers cannot do that".to_string(),
        ))
    }

    pub(super) fn check_host(&self, member: &Member) -> Result<(), Refused> {
        if member.seat.is_some() && member.seat == self.host() {
            Ok(())
        } else {
            refuse(RefusalCode::NotHost, "only the host may do that")
        }
    }

    pub(super) fn check_free(&self, seat: u8) -> Result<(), Refused> {
        match self.seats.get(seat as usize) {
            None => refuse(
                RefusalCode::SeatTaken,
                format!("the room has seats 0 to {}", self.seats.len() - 1),
            ),
            Some(s) if s.holder != Holder::Empty => {
                refuse(RefusalCode::SeatTaken, format!("seat {seat} is taken"))
            }
            _ if self.status != RoomStatus::Waiting => {
                refuse(RefusalCode::WrongPhase, "the game has started")
            }
            _ => Ok(()),
        }
    }

    /// The entry an action of `seat` makes, or why the rules refuse it.
    pub(super) fn check_action(&self, seat: u8, action: &GameAction) -> Result<Entry, Refused> {
        let illegal = |e: String| (RefusalCode::Illegal, e);
        match (self.table.as_ref(), action) {
            (Some(Table::Junqi(g)), action) => {
                let p = seat as usize;
                let on_turn = || {
                    if g.phase != Phase::Playing {
                        refuse(RefusalCode::WrongPhase, "the armies are still deploying")
                    } else if g.turn != p {
                        refuse(RefusalCode::NotYourTurn, "it is not your turn")
                    } else {
                        Ok(())
                    }
                };
                let entry = match action {
                    GameAction::Deploy { layout } => {
                        if g.phase != Phase::Deploying {
                            return refuse(RefusalCode::WrongPhase, "the game is past deployment");
                        }
                        let parsed = parse_layout(g, layout).map_err(illegal)?;
                        let mut trial = g.game().clone();
                        trial
                            .deploy(p, &parsed)
                            .map_err(|e| illegal(e.to_string()))?;
                        return Ok(Entry::Deployed {
                            seat,
                            layout: layout.clone(),
                        });
                    }
                    GameAction::Move { from, to } => {
                        on_turn()?;
                        let node = |n: &str| {
                            g.board
                                .find(n)
                                .ok_or_else(|| illegal(format!("no node `{n}`")))
                        };
                        let a = junqi::Action::Move {
                            from: node(from)?,
                            to: node(to)?,
                        };
                        JunqiAction::of(&a, &g.board)
                    }
                    GameAction::OfferDraw => {
                        on_turn()?;
                        JunqiAction::OfferDraw
                    }
                    GameAction::AnswerDraw { yes } => JunqiAction::AnswerDraw {
                        player: p,
                        yes: *yes,
                    },
                    GameAction::Resign => {
                        if self.rated() && g.plies < crate::hall::NO_RESIGN_PLIES {
                            return refuse(
                                RefusalCode::TooEarly,
                                format!(
                                    "a rated game cannot be resigned in its first {} plies",
                                    crate::hall::NO_RESIGN_PLIES
                                ),
                            );
                        }
                        JunqiAction::Resign { player: p }
                    }
                    GameAction::Bracket { .. } => {
                        return refuse(RefusalCode::Illegal, "a 括号大战 action in a 军棋 room");
                    }
                };
                if g.phase != Phase::Playing {
                    return refuse(RefusalCode::WrongPhase, "the armies are still deploying");
                }
                let mut trial = g.game().clone();
                trial
                    .act(entry.action(&g.board).map_err(illegal)?)
                    .map_err(|e| illegal(e.to_string()))?;
                Ok(Entry::Junqi {
                    action: entry,
                    ms: None,
                })
            }
            (Some(Table::Bracket { game, .. }), action) => {
                if game.turn.current != seat + 1 {
                    return refuse(RefusalCode::NotYourTurn, "it is not your turn");
                }
                let kinds = &self.content.kinds;
                let recorded = match action {
                    GameAction::Bracket { action } => action.clone(),
                    GameAction::Resign => BracketAction::Surrender,
                    _ => return refuse(RefusalCode::Illegal, "a 军棋 action in a 括号大战 room"),
                };
                let a = recorded.action(kinds).map_err(illegal)?;
                bracket::game::check(&game.settings, &game.board, &game.turn, kinds, &a)
                    .map_err(|e| illegal(e.to_string()))?;
                Ok(Entry::Bracket { action: recorded })
            }
            (None, _) => refuse(RefusalCode::WrongPhase, "the game has not started"),
        }
    }
}
