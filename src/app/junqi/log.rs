//! 军棋 in words: a public event as a line of the move list, and a game's outcome, for a
//! table at one computer and for an online room alike.

use bw_rules::junqi::Junqi;
use bw_rules::junqi::game::{LossReason, Outcome, PublicEvent, SeenClash};

use super::JunqiTable;
use crate::app::i18n::Locale;
use crate::tr;
use bw_players::junqi::{AiKind, Seat};

/// What the move list needs to put a game's events in words: the board's node names,
/// the piece names, who sits where, and the combats as the reader may know them.
pub struct Words<'a> {
    pub loc: &'a Locale,
    pub board: &'a bw_rules::junqi::Board,
    pub set: &'a bw_rules::junqi::PieceSet,
    pub who: &'a dyn Fn(usize) -> String,
    /// The combats the reader may know the kinds of (others show as "a piece").
    pub clashes: &'a [SeenClash],
}

/// The move list of a table at one computer, for its viewer: every public event in words,
/// each combat with the kinds the viewer may know.
pub fn event_lines(
    loc: &Locale,
    table: &JunqiTable,
    game: &Junqi,
    events: &[PublicEvent],
) -> Vec<String> {
    let clashes = game.clashes_seen_by(table.viewer, 0);
    let who = |p| seat_name(loc, table, game, p);
    let words = Words {
        loc,
        board: &game.board,
        set: &game.set,
        who: &who,
        clashes: &clashes,
    };
    events
        .iter()
        .enumerate()
        .filter_map(|(i, e)| words.line(i, e))
        .collect()
}

impl Words<'_> {
    /// A seat's piece in words: "S · 玩家 的 连长" when its kind is known, else "S · 玩家
    /// 的棋子".
    fn piece(&self, owner: usize, kind: Option<bw_rules::junqi::PieceKindId>) -> String {
        let loc = self.loc;
        match kind {
            Some(k) => tr!(
                loc,
                "junqi-piece-of",
                player = (self.who)(owner),
                piece = self.set.get(k).name.get(&loc.code).to_string()
            ),
            None => tr!(loc, "junqi-piece-unknown", player = (self.who)(owner)),
        }
    }

    /// One public event (the `index`th of the game's log) as a line of the move list: node
    /// names, who met whom and who left the board, and the kinds the reader may know.
    pub fn line(&self, index: usize, e: &PublicEvent) -> Option<String> {
        let (loc, b, who) = (self.loc, self.board, self.who);
        Some(match e {
            PublicEvent::Moved {
                player,
                path,
                combat,
                removed,
                defender,
            } => {
                let (first, last) = (*path.first()?, *path.last()?);
                let (from, to) = (b.name(first), b.name(last));
                if *combat {
                    let seen = self.clashes.iter().find(|c| c.event == index);
                    let attacker = self.piece(*player, seen.and_then(|c| c.attacker));
                    let key = match (removed.contains(&first), removed.contains(&last)) {
                        (true, true) => "junqi-log-both",
                        (true, false) => "junqi-log-lost",
                        (false, _) => "junqi-log-won",
                    };
                    match defender {
                        Some(d) => {
                            let line = tr!(
                                loc,
                                key,
                                attacker = attacker,
                                defender = self.piece(*d, seen.and_then(|c| c.defender)),
                                from = from,
                                to = to
                            );
                            // What the reader may now mark the survivor as.
                            let hint = seen.and_then(|c| {
                                super::marks::combat_hint(
                                    self.set,
                                    c,
                                    removed.contains(&first),
                                    removed.contains(&last),
                                )
                            });
                            match hint {
                                Some(kinds) => {
                                    let kinds = super::board::kind_list(loc, self.set, &kinds);
                                    line + &tr!(loc, "junqi-log-hint", kinds = kinds)
                                }
                                None => line,
                            }
                        }
                        None => tr!(
                            loc,
                            "junqi-log-attack",
                            player = who(*player),
                            from = from,
                            to = to,
                            n = removed.len()
                        ),
                    }
                } else {
                    tr!(
                        loc,
                        "junqi-log-move",
                        player = who(*player),
                        from = from,
                        to = to
                    )
                }
            }
            PublicEvent::FlagCaptured { by, of } => {
                tr!(loc, "junqi-log-flag", by = who(*by), of = who(*of))
            }
            PublicEvent::FlagsRevealed { player, .. } => {
                tr!(loc, "junqi-log-flags-revealed", player = who(*player))
            }
            PublicEvent::Lost { player, reason } => match reason {
                LossReason::FlagCaptured { .. } => {
                    tr!(loc, "junqi-log-lost-flag", player = who(*player))
                }
                LossReason::NoLegalMove => {
                    tr!(loc, "junqi-log-lost-no-move", player = who(*player))
                }
                LossReason::Resigned => tr!(loc, "junqi-log-resigned", player = who(*player)),
            },
            PublicEvent::DrawOffered { player } => {
                tr!(loc, "junqi-log-draw-offered", player = who(*player))
            }
            PublicEvent::DrawAnswered { player, yes } => tr!(
                loc,
                if *yes {
                    "junqi-log-draw-yes"
                } else {
                    "junqi-log-draw-no"
                },
                player = who(*player)
            ),
            PublicEvent::TurnForfeit { player } => {
                tr!(loc, "junqi-log-forfeit", player = who(*player))
            }
            PublicEvent::Ended { outcome } => outcome_with(loc, who, outcome),
            _ => return None,
        })
    }
}

pub fn outcome_text(loc: &Locale, table: &JunqiTable, game: &Junqi, outcome: &Outcome) -> String {
    outcome_with(loc, &|p| seat_name(loc, table, game, p), outcome)
}

/// [`outcome_text`] for any game shown by seat names.
pub fn outcome_with(loc: &Locale, who: &dyn Fn(usize) -> String, outcome: &Outcome) -> String {
    match outcome {
        Outcome::Won { winners } => {
            let names: Vec<String> = winners.iter().map(|&p| who(p)).collect();
            tr!(
                loc,
                "junqi-won",
                players = names.join(&tr!(loc, "list-separator")),
                n = winners.len()
            )
        }
        Outcome::DrawAgreed => tr!(loc, "junqi-draw-agreed"),
        Outcome::DrawQuiet => tr!(loc, "junqi-draw-quiet"),
    }
}

/// A seat's name: its letter and the person's profile ("S · 玩家"), or the computer's
/// level ("E · 电脑（普通）").
pub fn seat_name(loc: &Locale, table: &JunqiTable, game: &Junqi, p: usize) -> String {
    let pl = &game.players[p];
    let who = match table.seats[p] {
        Seat::Person => pl.profile.clone(),
        Seat::Computer(AiKind::Random) => tr!(loc, "junqi-computer-easy"),
        Seat::Computer(AiKind::Heuristic) => tr!(loc, "junqi-computer-normal"),
        Seat::Computer(AiKind::Strong) => tr!(loc, "junqi-computer-hard"),
        Seat::Engine => tr!(loc, "junqi-engine-seat"),
    };
    format!("{} · {who}", pl.seat)
}
