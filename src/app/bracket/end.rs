//! A finished game in words: who won, and the scores (the end screen, the replay's result
//! and an online room's end show the same lines).

use bevy_egui::egui;
use bw_rules::bracket::game::{Outcome, Settings, TurnState};

use crate::app::i18n::{Locale, player_name};
use crate::app::theme::SeatColors;
use crate::tr;

/// Who won, why the game ended, and the scores when it was scored.
pub fn outcome_lines(
    w: &mut egui::Ui,
    loc: &Locale,
    seats: &SeatColors,
    turn: &TurnState,
    settings: &Settings,
) {
    let outcome = turn.outcome.as_ref();
    match outcome {
        Some(Outcome::LastStanding(p)) => {
            w.label(
                egui::RichText::new(tr!(loc, "winner", players = player_name(loc, *p), n = 1))
                    .size(30.0)
                    .color(seats.egui(*p)),
            );
        }
        Some(Outcome::Scored { scores, winners }) => {
            let names: Vec<String> = winners.iter().map(|&p| player_name(loc, p)).collect();
            w.label(
                egui::RichText::new(tr!(
                    loc,
                    "winner",
                    players = names.join(&tr!(loc, "list-separator")),
                    n = winners.len()
                ))
                .size(28.0),
            );
            w.label(tr!(loc, "scores"));
            for (p, s) in scores {
                w.label(
                    egui::RichText::new(tr!(
                        loc,
                        "score-line",
                        player = player_name(loc, *p),
                        score = *s
                    ))
                    .color(seats.egui(*p)),
                );
            }
        }
        None => {}
    }
    if let Some(why) = end_reason(loc, turn, settings) {
        w.label(egui::RichText::new(why).italics());
    }
}

/// Why a finished game ended, in words: everyone else surrendered, the turn limit came, or
/// (星号大战) nobody could place a star any more.
pub fn end_reason(loc: &Locale, turn: &TurnState, settings: &Settings) -> Option<String> {
    Some(match turn.outcome.as_ref()? {
        Outcome::LastStanding(_) => tr!(loc, "bracket-end-surrendered"),
        Outcome::Scored { .. } => match settings.turn_limit {
            Some(n) if turn.round >= n => tr!(loc, "bracket-end-turn-limit", n = n),
            _ => tr!(loc, "bracket-end-no-star-fits"),
        },
    })
}
