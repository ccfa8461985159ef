//! The main menu: the three games, online play, the rules, settings, quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Notices;
use crate::app::bracket::BracketMode;
use crate::app::i18n::Locale;
use crate::app::state::Screen;
use crate::app::texture_pack::PackImages;
use crate::app::theme::{self, big_button};
use crate::tr;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        main_menu.run_if(in_state(Screen::Menu)),
    );
}

fn main_menu(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    mut next: ResMut<NextState<Screen>>,
    mut mode: ResMut<BracketMode>,
    mut notices: ResMut<Notices>,
    mut exit: MessageWriter<AppExit>,
    pack: Option<Res<PackImages>>,
) -> Result {
    // The pack's logo (a UI element of the texture pack) above the title.
    let logo =
        pack.map(|p| contexts.add_image(bevy_egui::EguiTextureHandle::Strong(p.logo.clone())));
    let ctx = contexts.ctx_mut()?;
    egui::CentralPanel::default().show(&mut theme::root_ui(ctx), |ui| {
        // Made for 800 pixels of height: a shorter window shrinks the logo, the title and
        // the gaps (the buttons keep their size).
        let k = (ui.available_height() / 784.0).clamp(0.6, 1.0);
        let gap = 10.0 * k;
        ui.add_space(40.0 * k);
        ui.vertical_centered(|ui| {
            match logo {
                Some(id) => {
                    ui.add(egui::Image::new((id, egui::vec2(512.0, 128.0) * k)));
                }
                None => {
                    ui.add_space(128.0 * k);
                }
            }
            ui.label(
                egui::RichText::new(tr!(loc, "game-title"))
                    .size(64.0 * k)
                    .strong(),
            );
            ui.add_space(30.0 * k);
            if big_button(ui, true, &tr!(loc, "bracket-war")).clicked() {
                mode.star_war = false;
                next.set(Screen::Bracket);
            }
            ui.add_space(gap);
            if big_button(ui, true, &tr!(loc, "star-war")).clicked() {
                mode.star_war = true;
                next.set(Screen::Bracket);
            }
            ui.add_space(gap);
            if big_button(ui, true, &tr!(loc, "junqi")).clicked() {
                next.set(Screen::Junqi);
            }
            ui.add_space(gap);
            if big_button(ui, true, &tr!(loc, "pig-kill")).clicked() {
                next.set(Screen::Pig);
            }
            ui.add_space(gap);
            if big_button(ui, true, &tr!(loc, "online")).clicked() {
                next.set(Screen::Online);
            }
            ui.add_space(gap);
            // Two half-width buttons: the rules of every game, and the settings.
            ui.horizontal(|h| {
                let half = egui::vec2(155.0, 54.0);
                h.add_space(((h.available_width() - 2.0 * half.x - 10.0) / 2.0).max(0.0));
                let button = |text: String| {
                    egui::Button::new(egui::RichText::new(text).size(26.0)).min_size(half)
                };
                if h.add(button(tr!(loc, "rules"))).clicked() {
                    next.set(Screen::Rules);
                }
                h.add_space(10.0 - h.spacing().item_spacing.x);
                if h.add(button(tr!(loc, "settings"))).clicked() {
                    next.set(Screen::Settings);
                }
            });
            ui.add_space(gap);
            if big_button(ui, true, &tr!(loc, "quit")).clicked() {
                exit.write(AppExit::Success);
            }
        });
    });
    if !notices.0.is_empty() {
        let mut dismissed = false;
        egui::Window::new(tr!(loc, "notices"))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -16.0])
            .show(ctx, |w| {
                for n in &notices.0 {
                    theme::warning(w, n);
                }
                if w.button(tr!(loc, "ok")).clicked() {
                    dismissed = true;
                }
            });
        if dismissed {
            notices.0.clear();
        }
    }
    Ok(())
}
