//! The board screen's panels (turn, palette, log, pause) and the end of a game.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use bw_rules::bracket::Dir;
use bw_rules::bracket::ecs::{BracketBoard, BracketContent, BracketSetup, BracketTurn};
use bw_rules::bracket::game::{Action, Mode, check, placeable_kinds};

use super::end::outcome_lines;
use super::{BracketGame, BracketMove, BracketPlay, BracketThinking, is_human_turn, replay};
use crate::app::AssetsDir;
use crate::app::i18n::{Locale, player_name};
use crate::app::screens::controls::{self, ControlsHelp};
use crate::app::screens::settings::{PauseChoice, pause_menu};
use crate::app::settings::UserSettings;
use crate::app::state::{BracketScreen, Screen};
use crate::app::theme::{self, Answer, SeatColors};
use crate::tr;

fn mode_name(loc: &Locale, mode: Mode) -> String {
    match mode {
        Mode::StarWar => tr!(loc, "star-war"),
        Mode::Classic => tr!(loc, "bracket-war"),
    }
}

pub(super) fn hud(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    assets: Res<AssetsDir>,
    mut settings: ResMut<UserSettings>,
    seats: Res<SeatColors>,
    content: Res<BracketContent>,
    turn: Res<BracketTurn>,
    setup: Res<BracketSetup>,
    current: Res<BracketGame>,
    snapshot: Res<BracketBoard>,
    thinking: Res<BracketThinking>,
    mut ui: ResMut<BracketPlay>,
    mut moves: MessageWriter<BracketMove>,
    mut next: ResMut<NextState<Screen>>,
    mut board_panels: ResMut<super::view::BoardPanels>,
    mut controls_help: ResMut<ControlsHelp>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let me = turn.0.current;
    let human = is_human_turn(&turn, &current);
    // Online, the room's panel holds the log and the way out, and the game never pauses.
    let online = current.online.is_some();
    let mut root = theme::root_ui(ctx);
    let top = egui::Panel::top("turn").show(&mut root, |bar| {
        bar.horizontal(|bar| {
            bar.label(egui::RichText::new(mode_name(&loc, setup.settings.mode)).strong());
            bar.separator();
            bar.label(tr!(loc, "round-n", n = turn.0.round + 1));
            bar.separator();
            bar.label(tr!(loc, "turn-of"));
            bar.label(
                egui::RichText::new(player_name(&loc, me))
                    .color(seats.egui(me))
                    .strong(),
            );
            if online && !human && !turn.0.is_over() {
                bar.label(tr!(loc, "online-their-move"));
            } else if !human {
                bar.label(if thinking.0.busy() {
                    tr!(loc, "computer-thinking")
                } else {
                    tr!(loc, "computer-seat")
                });
            }
            bar.separator();
            bar.label(tr!(loc, "seed-n", seed = setup.seed.to_string()));
            if let Some(m) = &ui.message {
                bar.separator();
                theme::warning(bar, m);
            }
        });
    });
    board_panels.0.push(top.response.rect);
    let palette = egui::Panel::left("palette")
        .exact_size(210.0)
        .show(&mut root, |p| {
            p.heading(tr!(loc, "palette"));
            // Stars do not turn: 星号大战's help says nothing of turning.
            let help = if setup.settings.mode == Mode::StarWar {
                "palette-help-star"
            } else {
                "palette-help"
            };
            p.label(egui::RichText::new(tr!(loc, help)).small());
            p.add_space(6.0);
            // The kinds scroll when mods add more than the window's height holds (what
            // follows them keeps the height it took last frame); a drag still takes a
            // piece, not the list.
            let below_id = egui::Id::new("palette: height below the kinds");
            let below = p.data(|d| d.get_temp::<f32>(below_id)).unwrap_or(330.0);
            let room = (p.available_height() - below - 8.0).max(120.0);
            egui::ScrollArea::vertical()
                .id_salt("palette kinds")
                .max_height(room)
                .scroll_source(egui::containers::scroll_area::ScrollSource {
                    drag: egui::containers::scroll_area::DragScroll::Never,
                    ..Default::default()
                })
                .show(p, |list| {
                    for (id, _) in placeable_kinds(&setup.settings, &content.0) {
                        let k = content.0.get(id);
                        let selected = ui.kind == Some(id);
                        let label = egui::RichText::new(format!(
                            "{}  {}",
                            crate::app::fonts::kind_mark(k, &loc.code),
                            k.name.get(&loc.code)
                        ))
                        .size(20.0)
                        .color(seats.egui(me));
                        let button = egui::Button::selectable(selected, label)
                            .min_size(egui::vec2(190.0, 34.0))
                            .sense(egui::Sense::click_and_drag());
                        let response = list
                            .add_enabled(human, button)
                            .on_hover_text(crate::app::i18n::kind_stats(&loc, k))
                            .on_disabled_hover_text(crate::app::i18n::kind_stats(&loc, k));
                        if response.clicked() {
                            ui.kind = Some(id);
                        }
                        if response.drag_started() {
                            ui.kind = Some(id);
                            ui.dragging = Some(id);
                        }
                    }
                });
            let below_top = p.cursor().top();
            p.add_space(8.0);
            // The facing, for brackets only: a shape (a star) has no front to choose, and
            // 星号大战 places nothing else.
            if setup.settings.mode != Mode::StarWar
                && ui.kind.is_none_or(|k| content.0.get(k).is_bracket())
            {
                p.horizontal(|h| {
                    for (d, arrow) in [(Dir::U, "↑"), (Dir::D, "↓"), (Dir::L, "←"), (Dir::R, "→")]
                    {
                        if h.selectable_label(ui.facing == d, arrow).clicked() {
                            ui.facing = d;
                        }
                    }
                });
            }
            p.add_space(12.0);
            let pass = check(
                &setup.settings,
                &snapshot.board,
                &turn.0,
                &content.0,
                &Action::Pass,
            );
            let can_pass = human && pass.is_ok();
            // A 跳过 that cannot be pressed says why (on the player's turn).
            let why_not = match &pass {
                Err(e) if human => Some(crate::app::i18n::refusal(&loc, e)),
                _ => None,
            };
            let button = p.add_enabled(can_pass, egui::Button::new(tr!(loc, "pass")));
            if let Some(why) = &why_not {
                button.on_disabled_hover_text(why.as_str());
                // In 星号大战 a player never passes by hand: the line says so.
                if setup.settings.mode == Mode::StarWar {
                    theme::hint(p, why);
                }
            } else if button.clicked() {
                moves.write(BracketMove(Action::Pass));
            }
            if p.add_enabled(human, egui::Button::new(tr!(loc, "surrender")))
                .clicked()
            {
                ui.confirm_surrender = true;
            }
            let pause = if online { "settings" } else { "pause" };
            if p.button(tr!(loc, pause)).clicked() {
                ui.paused = true;
            }
            let game = match setup.settings.mode {
                Mode::StarWar => "star",
                _ => "bracket",
            };
            controls::offer(p, &loc, &mut controls_help, game);
            p.add_space(8.0);
            // Stars neither face nor attack: 星号大战 has no attacks to show.
            let mut beams = ui.show_beams;
            if setup.settings.mode != Mode::StarWar
                && p.checkbox(&mut beams, tr!(loc, "show-beams")).changed()
            {
                ui.show_beams = beams;
            }
            let mut hint = ui.coverage_hint;
            if p.checkbox(&mut hint, tr!(loc, "coverage-hint-key"))
                .changed()
            {
                ui.coverage_hint = hint;
            }
            // What the cell under the pointer would do: a hint, not an error, until the
            // player really tries (a refused action shows in the top bar).
            if let Some(reason) = &ui.preview.refusal {
                p.add_space(8.0);
                theme::hint(p, reason);
            }
            if ui.preview.placed_dies() {
                p.add_space(8.0);
                theme::warning(p, &tr!(loc, "preview-dies"));
            }
            if ui.pending_delete.is_some() {
                p.add_space(8.0);
                theme::warning(p, &tr!(loc, "delete-mark-help"));
            }
            let below = p.cursor().top() - below_top;
            p.data_mut(|d| d.insert_temp(below_id, below));
        });
    board_panels.0.push(palette.response.rect);
    if !online {
        let log_panel = egui::Panel::right("log")
            .exact_size(280.0)
            .show(&mut root, |p| {
                p.heading(tr!(loc, "event-log"));
                log(p, &ui.log);
            });
        board_panels.0.push(log_panel.response.rect);
    }
    if ui.confirm_surrender
        && let Some(answer) = theme::confirm(
            ctx,
            &tr!(loc, "surrender"),
            &tr!(loc, "surrender-confirm", player = player_name(&loc, me)),
            &tr!(loc, "yes"),
            &tr!(loc, "no"),
        )
    {
        ui.answer_surrender(answer == Answer::Yes && human, &mut moves);
    }
    if ui.paused {
        // Online the room's panel is the way out, and the game never pauses.
        let title = tr!(loc, if online { "settings" } else { "pause" });
        match pause_menu(ctx, &loc, &title, &mut settings, &assets.0, !online) {
            Some(PauseChoice::Resume) => ui.paused = false,
            Some(PauseChoice::Quit) => {
                ui.paused = false;
                next.set(Screen::Menu);
            }
            None => {}
        }
    }
    Ok(())
}

/// The game's log, newest at the bottom (also shown in an online room's panel).
pub fn log(p: &mut egui::Ui, lines: &[String]) {
    egui::ScrollArea::vertical()
        .id_salt("bracket_log")
        .stick_to_bottom(true)
        .show(p, |s| {
            for line in lines {
                s.label(egui::RichText::new(line).size(15.0));
            }
        });
}

/// The end of a game, beside the final board (which it never covers): who won and why, the
/// scores, the log, and the replay, the slots or the menu.
pub(super) fn end_screen(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    seats: Res<SeatColors>,
    turn: Res<BracketTurn>,
    setup: Res<BracketSetup>,
    current: Res<BracketGame>,
    ui: Res<BracketPlay>,
    mut watch: MessageWriter<replay::WatchBracketReplay>,
    mut next: ResMut<NextState<Screen>>,
    mut slots: ResMut<NextState<BracketScreen>>,
    mut board_panels: ResMut<super::view::BoardPanels>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = theme::root_ui(ctx);
    let panel = egui::Panel::right("bracket_end")
        .exact_size(320.0)
        .show(&mut root, |p| {
            p.add_space(8.0);
            p.heading(tr!(
                loc,
                "game-over-title",
                mode = mode_name(&loc, setup.settings.mode)
            ));
            p.separator();
            outcome_lines(p, &loc, &seats, &turn.0, &setup.settings);
            p.add_space(10.0);
            if p.button(tr!(loc, "watch-replay")).clicked() {
                watch.write(replay::WatchBracketReplay(current.save.clone()));
            }
            if p.button(tr!(loc, "to-slots")).clicked() {
                slots.set(BracketScreen::Slots);
            }
            if p.button(tr!(loc, "to-menu")).clicked() {
                next.set(Screen::Menu);
            }
            p.separator();
            p.label(egui::RichText::new(tr!(loc, "event-log")).strong());
            log(p, &ui.log);
        });
    board_panels.0.push(panel.response.rect);
    Ok(())
}
