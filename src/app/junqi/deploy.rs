//! The 军棋 deployment at one computer: the hand-over screen between two persons, and the
//! layout screen with its panel (automatic layout, mirror, named layouts, 出征), whose
//! controls an online room uses too.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use bw_rules::junqi::ecs::JunqiMatch;
use bw_rules::junqi::view::SeenPiece;
use bw_rules::junqi::{Junqi, NodeId};

use super::board::art;
use super::board::{self, Marks};
use super::layouts::Army;
use super::log::seat_name;
use super::{JunqiIntent, JunqiTable, layout_problem};
use crate::app::Saves;
use crate::app::i18n::Locale;
use crate::app::theme::{self, JunqiBoardColor, SeatColors};
use crate::tr;

/// Between two persons at one computer: the board is covered until the next one clicks.
pub(super) fn handover_screen(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    table: Option<Res<JunqiTable>>,
    game: Option<Res<JunqiMatch>>,
    seats: Res<SeatColors>,
    mut intents: MessageWriter<JunqiIntent>,
    mut screen: ResMut<NextState<crate::app::Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (Some(table), Some(game)) = (table, game) else {
        return Ok(());
    };
    let game = &game.0;
    let Some(p) = table.handover else {
        return Ok(());
    };
    egui::CentralPanel::default().show(&mut theme::root_ui(ctx), |ui| {
        ui.add_space(260.0);
        ui.vertical_centered(|ui| {
            ui.label(
                egui::RichText::new(tr!(
                    loc,
                    "junqi-handover",
                    player = seat_name(&loc, &table, game, p)
                ))
                .size(34.0)
                .color(seats.egui(p as u8 + 1)),
            );
            ui.add_space(20.0);
            theme::hint(ui, &tr!(loc, "junqi-handover-hint"));
            ui.add_space(20.0);
            if theme::big_button(ui, true, &tr!(loc, "junqi-handover-go")).clicked() {
                intents.write(JunqiIntent::TakeOver);
            }
            ui.add_space(16.0);
            // The game is kept in its slot at every move: the menu is always a way out.
            if ui.button(tr!(loc, "save-and-quit")).clicked() {
                screen.set(crate::app::Screen::Menu);
            }
        });
    });
    Ok(())
}

/// The pieces of the viewer's layout as the scene of a deployment (only their own).
fn layout_scene(table: &JunqiTable, game: &Junqi, lang: &str) -> Vec<board::DrawnPiece> {
    let Some(me) = table.viewer else {
        return vec![];
    };
    let mut nodes: Vec<Option<SeenPiece>> = vec![None; game.board.len()];
    for &(n, k) in &table.layout {
        nodes[n.0 as usize] = Some(SeenPiece {
            owner: me,
            kind: Some(k),
        });
    }
    board::scene(&nodes, &game.set, lang)
}

pub(super) fn deploy_screen(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    table: Option<Res<JunqiTable>>,
    game: Option<Res<JunqiMatch>>,
    seats: Res<SeatColors>,
    wood: Res<JunqiBoardColor>,
    pack: Option<Res<crate::app::texture_pack::PackImages>>,
    saves: Res<Saves>,
    mut intents: MessageWriter<JunqiIntent>,
    mut name: Local<String>,
    mut cursor: Local<Option<NodeId>>,
) -> Result {
    let junqi_art = art(&mut contexts, pack.as_deref());
    let ctx = contexts.ctx_mut()?;
    let (Some(table), Some(game)) = (table, game) else {
        return Ok(());
    };
    let game = &game.0;
    let Some(me) = table.viewer else {
        return Ok(());
    };
    let problem = layout_problem(&table, game, &loc);
    let mut root = theme::root_ui(ctx);
    egui::Panel::right("junqi_deploy")
        .exact_size(300.0)
        .show(&mut root, |p| {
            p.heading(tr!(loc, "junqi-deploy"));
            p.label(
                egui::RichText::new(seat_name(&loc, &table, game, me))
                    .color(seats.egui(me as u8 + 1))
                    .strong(),
            );
            theme::hint(p, &tr!(loc, "junqi-deploy-help"));
            if let Some(c) = table.clock {
                let left = tr!(loc, "junqi-clock", n = c.ceil().max(0.0) as u32);
                p.label(egui::RichText::new(left).size(20.0));
            }
            // Read again on every redraw (the window redraws only on input): a layout saved
            // a moment ago shows at once.
            let saved = super::layouts::fitting(&saves.0.dir, Army::of(game, me));
            let ask = deploy_controls(
                p,
                &loc,
                &mut name,
                &saved,
                problem.as_deref(),
                table.message.as_deref(),
            );
            if let Some(ask) = ask {
                intents.write(match ask {
                    DeployAsk::Auto => JunqiIntent::AutoLayout,
                    DeployAsk::Mirror => JunqiIntent::Mirror,
                    DeployAsk::Save(n) => JunqiIntent::SaveLayout(n),
                    DeployAsk::Load(n) => JunqiIntent::LoadLayout(n),
                    DeployAsk::Confirm => JunqiIntent::Confirm,
                });
            }
        });
    egui::CentralPanel::default().show(&mut root, |ui| {
        let rect = ui.max_rect();
        let seat = game.players[me].seat;
        // Keyboard: the arrows walk the arm, Enter picks a piece and then swaps it.
        if let Some(dir) = board::arrow(ui) {
            let from = cursor
                .or(table.selected)
                .or_else(|| table.layout.first().map(|l| l.0));
            if let Some(from) = from {
                *cursor = board::step(&game.board, Some(seat), rect, from, dir).or(Some(from));
            }
        }
        if ui.input(|i| i.key_pressed(egui::Key::Enter))
            && let Some(n) = *cursor
        {
            intents.write(JunqiIntent::DeployClick(n));
        }
        let marks = Marks {
            wood: Some(theme::to_egui(wood.0)),
            art: junqi_art,
            selected: table.selected,
            cursor: *cursor,
            ..Default::default()
        };
        let input = board::paint(
            ui,
            rect,
            &game.board,
            Some(seat),
            &layout_scene(&table, game, &loc.code),
            &seats,
            &marks,
        );
        if let Some((a, b)) = input.dropped {
            intents.write(JunqiIntent::Swap(a, b));
        } else if let Some(n) = input.clicked {
            intents.write(JunqiIntent::DeployClick(n));
        }
    });
    Ok(())
}

/// What the deployment panel asks for (at one computer and in an online room alike).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeployAsk {
    /// A new automatic layout.
    Auto,
    /// Left and right swapped.
    Mirror,
    /// Keep the layout under a name.
    Save(String),
    /// Put back a named layout.
    Load(String),
    /// March out (出征).
    Confirm,
}

/// The deployment panel's controls: automatic layout, mirror, the named layouts that fit
/// (`saved`), the layout's problem if the rules would refuse it, and 出征.
pub fn deploy_controls(
    p: &mut egui::Ui,
    loc: &Locale,
    name: &mut String,
    saved: &[String],
    problem: Option<&str>,
    message: Option<&str>,
) -> Option<DeployAsk> {
    let mut ask = None;
    p.add_space(10.0);
    if p.button(tr!(loc, "junqi-auto-layout")).clicked() {
        ask = Some(DeployAsk::Auto);
    }
    if p.button(tr!(loc, "junqi-mirror")).clicked() {
        ask = Some(DeployAsk::Mirror);
    }
    p.add_space(10.0);
    // Named layouts: keep this one, or put back one that fits this hand.
    p.horizontal(|h| {
        h.add(
            egui::TextEdit::singleline(name)
                .hint_text(tr!(loc, "junqi-layout-name"))
                .desired_width(150.0),
        );
        if h.button(tr!(loc, "junqi-save-layout")).clicked() {
            ask = Some(DeployAsk::Save(name.clone()));
        }
    });
    if !saved.is_empty() {
        p.label(tr!(loc, "junqi-load-layout"));
        p.horizontal_wrapped(|h| {
            for n in saved {
                if h.button(n).clicked() {
                    ask = Some(DeployAsk::Load(n.clone()));
                }
            }
        });
    }
    p.add_space(10.0);
    if let Some(why) = problem {
        theme::warning(p, why);
    }
    if let Some(m) = message {
        theme::warning(p, m);
    }
    p.add_space(10.0);
    let go = egui::Button::new(egui::RichText::new(tr!(loc, "junqi-confirm-layout")).size(26.0))
        .min_size(egui::vec2(200.0, 50.0));
    if p.add_enabled(problem.is_none(), go).clicked() {
        ask = Some(DeployAsk::Confirm);
    }
    ask
}
