//! The controls of the game on screen, over its board: the "操作说明 (F1)" button of the
//! game's panel, or F1 (or ?), opens and closes them; Esc or a click beside them puts them
//! away. The lines are the locale's `controls-<game>-<n>`, numbered from 1, so a language
//! is still just a folder.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::i18n::Locale;
use crate::app::state::Screen;
use crate::app::theme::{self, palette};
use crate::tr;

/// The controls shown over the board, and for which game (`bracket`, `junqi`).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ControlsHelp {
    pub open: Option<&'static str>,
}

impl ControlsHelp {
    pub fn is_open(&self) -> bool {
        self.open.is_some()
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ControlsHelp>().add_systems(
        OnEnter(Screen::Menu),
        |mut help: ResMut<ControlsHelp>| {
            help.open = None;
        },
    );
}

/// The lines of a game's controls, in order.
pub fn lines(loc: &Locale, game: &str) -> Vec<String> {
    (1..)
        .map(|n| format!("controls-{game}-{n}"))
        .take_while(|key| loc.has(key))
        .map(|key| loc.t(&key))
        .collect()
}

/// A game's board panel offers its controls: the button, F1 or ? (not while typing), and
/// the controls over the board while they are open.
pub fn offer(ui: &mut egui::Ui, loc: &Locale, help: &mut ControlsHelp, game: &'static str) {
    let ctx = ui.ctx().clone();
    let keyed = !ctx.egui_wants_keyboard_input()
        && ctx.input(|i| i.key_pressed(egui::Key::F1) || i.key_pressed(egui::Key::Questionmark));
    if ui.button(tr!(loc, "controls-button")).clicked() || keyed {
        help.open = if help.is_open() { None } else { Some(game) };
    }
    let Some(game) = help.open else {
        return;
    };
    let mut close = false;
    let asked = theme::dismissible_dialog(&ctx, &tr!(loc, "controls"), |w| {
        w.set_max_width(640.0);
        // A list reads from the left edge; the dialog centres only its button.
        w.with_layout(egui::Layout::top_down(egui::Align::Min), |w| {
            for line in lines(loc, game) {
                w.label(
                    egui::RichText::new(format!("· {line}"))
                        .size(16.0)
                        .color(palette::TEXT),
                );
            }
        });
        w.add_space(8.0);
        if w.button(tr!(loc, "close")).clicked() {
            close = true;
        }
    });
    if close || asked {
        help.open = None;
    }
}
