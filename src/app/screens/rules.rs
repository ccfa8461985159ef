//! The rules page: one tab per game, each a list of sections read from the locale files
//! (`rules-<game>-<n>-title` and `rules-<game>-<n>`, numbered from 1), so a language is
//! still just a folder and the page grows by adding keys.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use bw_rules::bracket::ecs::BracketContent;

use crate::app::i18n::{Locale, kind_stats};
use crate::app::state::Screen;
use crate::app::theme::{self, palette};
use crate::tr;

/// The games with a rules tab: the key part and the title's key.
pub const GAMES: [(&str, &str); 4] = [
    ("bracket", "bracket-war"),
    ("star", "star-war"),
    ("junqi", "junqi"),
    ("pig", "pig-kill"),
];

/// Which tab is open.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RulesTab(pub usize);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RulesTab>().add_systems(
        EguiPrimaryContextPass,
        rules_screen.run_if(in_state(Screen::Rules)),
    );
}

/// The sections of a game's rules, in order: (title, text).
pub fn sections(loc: &Locale, game: &str) -> Vec<(String, String)> {
    (1..)
        .map(|n| format!("rules-{game}-{n}"))
        .take_while(|key| loc.has(key) || loc.has(&format!("{key}-title")))
        .map(|key| (loc.t(&format!("{key}-title")), loc.t(&key)))
        .collect()
}

fn rules_screen(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    content: Res<BracketContent>,
    mut tab: ResMut<RulesTab>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::CentralPanel::default().show(&mut theme::root_ui(ctx), |ui| {
        ui.add_space(24.0);
        theme::header(ui, &tr!(loc, "rules"));
        ui.add_space(12.0);
        ui.vertical_centered(|ui| {
            ui.horizontal(|h| {
                // Centre the row of tabs.
                let width = 4.0 * 150.0;
                h.add_space(((h.available_width() - width) / 2.0).max(0.0));
                for (i, (_, title)) in GAMES.iter().enumerate() {
                    let label = egui::RichText::new(tr!(loc, title)).size(20.0);
                    if h.add_sized([140.0, 36.0], egui::Button::selectable(tab.0 == i, label))
                        .clicked()
                    {
                        tab.0 = i;
                    }
                }
            });
        });
        ui.add_space(12.0);
        let width = 760.0_f32.min(ui.available_width() - 40.0);
        let side = ((ui.available_width() - width) / 2.0).max(0.0);
        egui::ScrollArea::vertical()
            .max_height(ui.available_height() - 56.0)
            .auto_shrink([false, false])
            .show(ui, |s| {
                s.horizontal(|h| {
                    h.add_space(side);
                    h.vertical(|v| {
                        v.set_max_width(width);
                        for (title, text) in sections(&loc, GAMES[tab.0.min(3)].0) {
                            v.label(egui::RichText::new(title).size(20.0).color(palette::ACCENT));
                            v.add_space(2.0);
                            v.label(egui::RichText::new(text).size(16.0).color(palette::TEXT));
                            v.add_space(14.0);
                        }
                        // A game's own note (括号大战's numbers come from the content).
                        let hint = format!("rules-{}-hint", GAMES[tab.0.min(3)].0);
                        if loc.has(&hint) {
                            theme::hint(v, &loc.t(&hint));
                        }
                        // 括号大战: every kind loaded (mods too) with its numbers.
                        if GAMES[tab.0.min(3)].0 == "bracket" {
                            v.add_space(10.0);
                            v.label(
                                egui::RichText::new(tr!(loc, "rules-kinds"))
                                    .size(20.0)
                                    .color(palette::ACCENT),
                            );
                            for (_, kind) in content.0.iter() {
                                v.add_space(6.0);
                                v.label(
                                    egui::RichText::new(kind_stats(&loc, kind))
                                        .size(16.0)
                                        .color(palette::TEXT),
                                );
                            }
                        }
                    });
                });
            });
        ui.add_space(8.0);
        ui.vertical_centered(|ui| {
            if ui.button(tr!(loc, "back")).clicked() {
                next.set(Screen::Menu);
            }
        });
    });
    Ok(())
}
