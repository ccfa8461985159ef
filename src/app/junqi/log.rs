//! 军棋 in words: a public event as a line of the move list, and a game's outcome, for a
//! table at one computer and for an online room alike.

use bw_rules::junqi::Junqi;
use bw_rules::junqi::game::{LossReason, Outcome, PublicEvent};

use super::JunqiTable;
use crate::app::i18n::Locale;
use crate::tr;
use bw_players::junqi::{AiKind, Seat};

/// One public event as a line of the move list (node names and outcomes, never ranks).
pub fn event_line(
    loc: &Locale,
    table: &JunqiTable,
    game: &Junqi,
    e: &PublicEvent,
) -> Option<String> {
    event_line_with(loc, &game.board, &|p| seat_name(loc, table, game, p), e)
}

/// [`event_line`] for any game shown by seat names (the online rooms use it too).
pub fn event_line_with(
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
