//! The end of a 军棋 game: the outcome, the scores, and every initial layout revealed (as
//! the original shows them); the replay, the slots or the menu from here.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use bw_rules::junqi::ecs::JunqiMatch;
use bw_rules::junqi::game::Phase;

use super::JunqiTable;
use super::board::{self, Marks, art};
use super::log::{outcome_text, seat_name};
use crate::app::i18n::Locale;
use crate::app::state::{JunqiScreen, Screen};
use crate::app::theme::{self, JunqiBoardColor, SeatColors};
use crate::tr;

pub(super) fn end_screen(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    table: Option<Res<JunqiTable>>,
    game: Option<Res<JunqiMatch>>,
    seats: Res<SeatColors>,
    wood: Res<JunqiBoardColor>,
    pack: Option<Res<crate::app::texture_pack::PackImages>>,
    mut screen: ResMut<NextState<Screen>>,
    mut next: ResMut<NextState<JunqiScreen>>,
    mut watch: MessageWriter<super::replay::WatchJunqi>,
) -> Result {
    let junqi_art = art(&mut contexts, pack.as_deref());
    let ctx = contexts.ctx_mut()?;
    let (Some(table), Some(game)) = (table, game) else {
        return Ok(());
    };
    let game = &game.0;
    let mut root = theme::root_ui(ctx);
    // Every initial layout, revealed (the original shows them at the end).
    let nodes = board::initial_layouts(game);
    egui::Panel::right("junqi_end")
        .exact_size(320.0)
        .show(&mut root, |p| {
            if let Phase::Over(outcome) = &game.phase {
                p.label(
                    egui::RichText::new(outcome_text(&loc, &table, game, outcome))
                        .size(24.0)
                        .strong(),
                );
            }
            p.label(tr!(loc, "junqi-layouts-revealed"));
            p.separator();
            for (i, pl) in game.players.iter().enumerate() {
                p.label(
                    egui::RichText::new(format!(
                        "{}  {}",
                        seat_name(&loc, &table, game, i),
                        tr!(loc, "junqi-score", score = pl.score)
                    ))
                    .color(seats.egui(i as u8 + 1)),
                );
            }
            p.separator();
            theme::hint(p, &tr!(loc, "junqi-saved"));
            if p.button(tr!(loc, "watch-replay")).clicked() {
                watch.write(super::replay::WatchJunqi(table.save(game).record));
            }
            if p.button(tr!(loc, "to-slots")).clicked() {
                next.set(JunqiScreen::Slots);
            }
            if p.button(tr!(loc, "to-menu")).clicked() {
                screen.set(Screen::Menu);
            }
        });
    egui::CentralPanel::default().show(&mut root, |ui| {
        let rect = ui.max_rect();
        let bottom = table
            .viewer
            .or(table.persons().first().copied())
            .map(|p| game.players[p].seat);
        board::paint(
            ui,
            rect,
            &game.board,
            bottom,
            &board::scene(&nodes, &game.set, &loc.code),
            &seats,
            &Marks {
                wood: Some(theme::to_egui(wood.0)),
                art: junqi_art,
                ..Default::default()
            },
        );
    });
    Ok(())
}
