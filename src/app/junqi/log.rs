//! 军棋 in words: a public event as a line of the move list, and a game's outcome, for a
//! table at one computer and for an online room alike.

use bw_rules::junqi::game::{LossReason, Outcome, PublicEvent};

use super::JunqiTable;
use super::screens::seat_name;
use crate::app::i18n::Locale;
use crate::tr;

/// One public event as a line of the move list (node names and outcomes, never ranks).
pub fn describe(loc: &Locale, table: &JunqiTable, e: &PublicEvent) -> Option<String> {
    describe_with(loc, &table.game.board, &|p| seat_name(loc, table, p), e)
}

/// [`describe`] for any game shown by seat names (the online rooms use it too).
pub fn describe_with(
    loc: &Locale,
    b: &bw_rules::junqi::Board,
    who: &dyn Fn(usize) -> String,
    e: &PublicEvent,
) -> Option<String> {
    Some(match e {
        PublicEvent::Moved {
            player,
            path,
            combat,
            removed,
        } => {
            let from = b.name(*path.first()?);
            let to = b.name(*path.last()?);
            if *combat {
                tr!(
                    loc,
                    "junqi-log-attack",
                    player = who(*player),
                    from = from,
                    to = to,
                    n = removed.len()
                )
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
            LossReason::NoLegalMove => tr!(loc, "junqi-log-lost-no-move", player = who(*player)),
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
        PublicEvent::TurnForfeit { player } => tr!(loc, "junqi-log-forfeit", player = who(*player)),
        PublicEvent::Ended { outcome } => outcome_with(loc, who, outcome),
        _ => return None,
    })
}

pub fn outcome_text(loc: &Locale, table: &JunqiTable, outcome: &Outcome) -> String {
    outcome_with(loc, &|p| seat_name(loc, table, p), outcome)
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
