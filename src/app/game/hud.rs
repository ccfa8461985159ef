//! The game screen's panels (turn, palette, log, pause) and the end screen.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use bw_rules::bracket::Dir;
use bw_rules::bracket::ecs::{self as rules, Content, GameSetup, Turn};
use bw_rules::bracket::game::{Action, Mode, Outcome, check, placeable_kinds};

use super::{CurrentGame, PlayUi, QueuedActions, Thinking, replay, seat_color32};
use crate::app::AppState;
use crate::app::i18n::{Lang, T, player_name};
use crate::app::settings::UserSettings;
use crate::saves::SeatKind;

pub(super) fn hud(
    mut contexts: EguiContexts,
    settings: Res<UserSettings>,
    content: Res<Content>,
    turn: Res<Turn>,
    setup: Res<GameSetup>,
    current: Res<CurrentGame>,
    snapshot: Res<rules::BoardSnapshot>,
    thinking: Res<Thinking>,
    mut ui: ResMut<PlayUi>,
    mut queue: ResMut<QueuedActions>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.lang;
    let me = turn.0.current;
    let human = current
        .save
        .seats
        .get(me as usize - 1)
        .copied()
        .unwrap_or_default()
        == SeatKind::Human;
    let mut root = crate::app::root_ui(ctx);
    egui::Panel::top("turn").show(&mut root, |bar| {
        bar.horizontal(|bar| {
            let mode = if setup.settings.mode == Mode::StarWar {
                T::StarWar
            } else {
                T::BracketWar
            };
            bar.label(egui::RichText::new(mode.tr(lang)).strong());
            bar.separator();
            bar.label(format!("{} {}", T::Round.tr(lang), turn.0.round + 1));
            bar.separator();
            bar.label(T::Turn.tr(lang));
            bar.label(
                egui::RichText::new(player_name(lang, me))
                    .color(seat_color32(me))
                    .strong(),
            );
            if !human {
                bar.label(format!(
                    "({}) {}",
                    T::Computer.tr(lang),
                    if thinking.0.is_some() {
                        T::Thinking.tr(lang)
                    } else {
                        ""
                    }
                ));
            }
            bar.separator();
            bar.label(format!("{} {}", T::Seed.tr(lang), setup.seed));
            if let Some(m) = &ui.message {
                bar.separator();
                bar.colored_label(egui::Color32::from_rgb(250, 140, 120), m);
            }
        });
    });
    egui::Panel::left("palette")
        .exact_size(210.0)
        .show(&mut root, |p| {
            p.heading(T::Palette.tr(lang));
            p.label(egui::RichText::new(T::ClickToPlace.tr(lang)).small());
            p.add_space(6.0);
            for (id, facings) in placeable_kinds(&setup.settings, &content.0) {
                let k = content.0.get(id);
                let name = match lang {
                    Lang::Zh => &k.name.zh,
                    Lang::En => &k.name.en,
                };
                let selected = ui.kind == Some(id);
                let label = egui::RichText::new(format!("{}  {}", k.glyph, name))
                    .size(20.0)
                    .color(seat_color32(me));
                let button = egui::Button::selectable(selected, label)
                    .min_size(egui::vec2(190.0, 34.0))
                    .sense(egui::Sense::click_and_drag());
                let response = p.add_enabled(human, button);
                if response.clicked() {
                    ui.kind = Some(id);
                }
                if response.drag_started() {
                    ui.kind = Some(id);
                    ui.dragging = Some(id);
                }
                let _ = facings;
            }
            p.add_space(8.0);
            p.horizontal(|h| {
                for d in [Dir::U, Dir::D, Dir::L, Dir::R] {
                    let arrow = match d {
                        Dir::U => "↑",
                        Dir::D => "↓",
                        Dir::L => "←",
                        Dir::R => "→",
                    };
                    if h.selectable_label(ui.facing == d, arrow).clicked() {
                        ui.facing = d;
                    }
                }
            });
            p.add_space(12.0);
            let can_pass = human
                && check(
                    &setup.settings,
                    &snapshot.board,
                    &turn.0,
                    &content.0,
                    &Action::Pass,
                )
                .is_ok();
            if p.add_enabled(can_pass, egui::Button::new(T::Pass.tr(lang)))
                .clicked()
            {
                queue.0.push(Action::Pass);
            }
            if setup.settings.mode == Mode::Classic
                && p.add_enabled(human, egui::Button::new(T::Surrender.tr(lang)))
                    .clicked()
            {
                queue.0.push(Action::Surrender);
            }
            if p.button(T::Pause.tr(lang)).clicked() {
                ui.paused = true;
            }
            p.add_space(8.0);
            let mut beams = ui.show_beams;
            if p.checkbox(&mut beams, T::ShowBeams.tr(lang)).changed() {
                ui.show_beams = beams;
            }
            if let Some(reason) = &ui.preview.refusal {
                p.add_space(8.0);
                p.colored_label(egui::Color32::from_rgb(240, 150, 120), reason.clone());
            }
        });
    egui::Panel::right("log")
        .exact_size(280.0)
        .show(&mut root, |p| {
            p.heading(T::EventLog.tr(lang));
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .show(p, |s| {
                    for line in &ui.log {
                        s.label(egui::RichText::new(line).size(15.0));
                    }
                });
        });
    if ui.paused {
        egui::Window::new(T::Pause.tr(lang))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |w| {
                if w.button(T::Resume.tr(lang)).clicked() {
                    ui.paused = false;
                }
                if w.button(T::SaveAndQuit.tr(lang)).clicked() {
                    ui.paused = false;
                    next.set(AppState::MainMenu);
                }
            });
    }
    Ok(())
}

pub(super) fn end_screen(
    mut contexts: EguiContexts,
    settings: Res<UserSettings>,
    turn: Res<Turn>,
    current: Res<CurrentGame>,
    mut watch: MessageWriter<replay::WatchReplay>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.lang;
    egui::Window::new(T::Title.tr(lang))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |w| {
            match &turn.0.outcome {
                Some(Outcome::LastStanding(p)) => {
                    w.label(
                        egui::RichText::new(format!(
                            "{} {}",
                            player_name(lang, *p),
                            T::Winner.tr(lang)
                        ))
                        .size(30.0)
                        .color(seat_color32(*p)),
                    );
                }
                Some(Outcome::Scored { scores, winners }) => {
                    let names: Vec<String> =
                        winners.iter().map(|&p| player_name(lang, p)).collect();
                    w.label(
                        egui::RichText::new(format!("{} {}", names.join("、"), T::Winner.tr(lang)))
                            .size(28.0),
                    );
                    w.label(T::Scores.tr(lang));
                    for (p, s) in scores {
                        w.label(
                            egui::RichText::new(format!("{}: {s}", player_name(lang, *p)))
                                .color(seat_color32(*p)),
                        );
                    }
                }
                None => {}
            }
            w.add_space(10.0);
            if w.button(T::WatchReplay.tr(lang)).clicked() {
                watch.write(replay::WatchReplay(current.save.clone()));
            }
            if w.button(T::ToMenu.tr(lang)).clicked() {
                next.set(AppState::MainMenu);
            }
        });
    Ok(())
}
