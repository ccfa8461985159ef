//! A finished game in words: who won, and the scores (the end screen, the replay's result
//! and an online room's end show the same lines).

use bevy_egui::egui;
use bw_rules::bracket::game::Outcome;

use crate::app::i18n::{Locale, player_name};
use crate::app::theme::SeatColors;
use crate::tr;

/// Who won, and the scores when the game was scored.
pub fn outcome_lines(
    w: &mut egui::Ui,
    loc: &Locale,
    seats: &SeatColors,
    outcome: Option<&Outcome>,
) {
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
}
