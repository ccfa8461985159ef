//! The save-slot screen: a grid of slots with mode, players, turn, last played time and a
//! miniature of the board. Left click opens (an empty slot opens the new-game settings);
//! right click deletes after a confirmation. A damaged slot offers restore and delete.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bw_rules::bracket::Board;
use bw_rules::bracket::board::Tile;
use bw_rules::bracket::ecs::Content;
use bw_rules::bracket::game::Mode;

use super::game::{StartGame, seat_color32};
use super::i18n::{Lang, T};
use super::newgame::{NewGameDraft, NewGameMode};
use super::settings::UserSettings;
use super::{AppState, Saves};
use crate::saves::{SLOT_COUNT, Slot};

/// The slots as last read from disk.
#[derive(Resource, Default)]
pub struct SlotList {
    pub slots: Vec<Slot>,
    pub confirm_delete: Option<usize>,
}

pub struct SlotsPlugin;

impl Plugin for SlotsPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<SlotList>()
            .add_systems(OnEnter(AppState::Slots), refresh_slots)
            .add_systems(
                EguiPrimaryContextPass,
                slots_screen.run_if(in_state(AppState::Slots)),
            );
    }
}

pub fn refresh_slots(mut list: ResMut<SlotList>, saves: Res<Saves>, content: Res<Content>) {
    list.slots = saves.0.load_all(&content.0);
    list.confirm_delete = None;
}

fn when(lang: Lang, secs: u64) -> String {
    let ago = crate::saves::now().saturating_sub(secs);
    let (n, zh, en) = match ago {
        0..60 => (ago, "秒前", "s ago"),
        60..3600 => (ago / 60, "分钟前", " min ago"),
        3600..86400 => (ago / 3600, "小时前", " h ago"),
        _ => (ago / 86400, "天前", " days ago"),
    };
    match lang {
        Lang::Zh => format!("{n}{zh}"),
        Lang::En => format!("{n}{en}"),
    }
}

/// Draws a board in miniature into `rect`.
pub fn miniature(painter: &egui::Painter, rect: egui::Rect, board: &Board) {
    let n = board.side();
    let cell = rect.width().min(rect.height()) / n as f32;
    let origin = rect.center() - egui::vec2(cell * n as f32 / 2.0, cell * n as f32 / 2.0);
    painter.rect_filled(
        egui::Rect::from_min_size(origin, egui::vec2(cell * n as f32, cell * n as f32)),
        2.0,
        egui::Color32::from_rgb(236, 234, 226),
    );
    for (i, tile) in board.tiles().iter().enumerate() {
        let (r, c) = board.row_col(i);
        let min = origin + egui::vec2(c as f32 * cell, r as f32 * cell);
        let rect = egui::Rect::from_min_size(min, egui::vec2(cell, cell)).shrink(0.5);
        let color = match tile {
            Tile::Empty => match board.home_owner(i) {
                Some(p) => seat_color32(p).gamma_multiply(0.35),
                None => continue,
            },
            Tile::Mirror(_) => egui::Color32::from_rgb(120, 170, 200),
            Tile::Glass(_) => egui::Color32::from_rgb(90, 190, 200),
            Tile::Piece(p) => seat_color32(p.owner),
        };
        painter.rect_filled(rect, 1.0, color);
    }
}

fn slots_screen(
    mut commands: Commands,
    mut contexts: EguiContexts,
    settings: Res<UserSettings>,
    mode: Res<NewGameMode>,
    saves: Res<Saves>,
    content: Res<Content>,
    mut list: ResMut<SlotList>,
    mut next: ResMut<NextState<AppState>>,
    mut start: MessageWriter<StartGame>,
    mut watch: MessageWriter<super::game::replay::WatchReplay>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.lang;
    let mut reload = false;
    egui::CentralPanel::default().show(&mut super::root_ui(ctx), |ui| {
        ui.add_space(24.0);
        ui.vertical_centered(|ui| {
            let title = if mode.star_war {
                T::StarWar
            } else {
                T::BracketWar
            };
            ui.heading(format!("{} · {}", title.tr(lang), T::SaveSlots.tr(lang)));
            ui.label(T::SlotHelp.tr(lang));
        });
        ui.add_space(16.0);
        egui::Grid::new("slots")
            .spacing([18.0, 18.0])
            .show(ui, |ui| {
                for i in 0..SLOT_COUNT {
                    let size = egui::vec2(280.0, 300.0);
                    let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
                    let painter = ui.painter_at(rect);
                    let hovered = response.hovered();
                    painter.rect_filled(
                        rect,
                        8.0,
                        if hovered {
                            egui::Color32::from_gray(70)
                        } else {
                            egui::Color32::from_gray(50)
                        },
                    );
                    let text = |pos: egui::Pos2, s: String, size: f32| {
                        painter.text(
                            pos,
                            egui::Align2::LEFT_TOP,
                            s,
                            egui::FontId::proportional(size),
                            egui::Color32::from_gray(230),
                        );
                    };
                    text(
                        rect.min + egui::vec2(12.0, 10.0),
                        format!("#{}", i + 1),
                        20.0,
                    );
                    match list.slots.get(i) {
                        None | Some(Slot::Empty) => {
                            text(
                                rect.min + egui::vec2(12.0, 140.0),
                                format!("＋ {}", T::EmptySlot.tr(lang)),
                                22.0,
                            );
                        }
                        Some(Slot::Saved { data, game }) => {
                            let m = if data.settings.mode == Mode::StarWar {
                                T::StarWar
                            } else {
                                T::BracketWar
                            };
                            text(
                                rect.min + egui::vec2(60.0, 12.0),
                                m.tr(lang).to_string(),
                                18.0,
                            );
                            let info = format!(
                                "{} {} · {} {} · {} {}",
                                T::Players.tr(lang),
                                data.settings.board.players,
                                T::Round.tr(lang),
                                game.turn.round + 1,
                                T::Turn.tr(lang),
                                game.turn.current
                            );
                            text(rect.min + egui::vec2(12.0, 40.0), info, 15.0);
                            text(
                                rect.min + egui::vec2(12.0, 62.0),
                                format!(
                                    "{} {}",
                                    T::LastPlayed.tr(lang),
                                    when(lang, data.last_played)
                                ),
                                15.0,
                            );
                            let mini = egui::Rect::from_min_size(
                                rect.min + egui::vec2(40.0, 90.0),
                                egui::vec2(200.0, 200.0),
                            );
                            miniature(&painter, mini, &game.board);
                        }
                        Some(Slot::Damaged { damage, .. }) => {
                            text(
                                rect.min + egui::vec2(12.0, 50.0),
                                format!("⚠ {}", T::Damaged.tr(lang)),
                                20.0,
                            );
                            let colour = egui::Color32::from_rgb(240, 170, 150);
                            let galley = painter.layout(
                                super::i18n::damage(lang, damage),
                                egui::FontId::proportional(13.0),
                                colour,
                                rect.width() - 24.0,
                            );
                            painter.galley(rect.min + egui::vec2(12.0, 84.0), galley, colour);
                        }
                    }
                    // Damaged slots get their own buttons; the others open and delete by
                    // click; a saved slot also has a replay button.
                    let corner = |w: f32, h: f32| {
                        egui::Rect::from_min_size(
                            rect.max - egui::vec2(w + 10.0, h + 10.0),
                            egui::vec2(w, h),
                        )
                    };
                    let mut on_button = false;
                    if let Some(Slot::Damaged { backup, .. }) = list.slots.get(i) {
                        let backup = *backup;
                        let restore = egui::Rect::from_min_size(
                            rect.min + egui::vec2(12.0, 230.0),
                            egui::vec2(120.0, 30.0),
                        );
                        if backup
                            && ui
                                .new_child(egui::UiBuilder::new().max_rect(restore))
                                .add(egui::Button::new(T::RestoreBackup.tr(lang)))
                                .clicked()
                        {
                            if let Err(e) = saves.0.restore_backup(i) {
                                warn!("restore failed: {e}");
                            }
                            reload = true;
                        }
                        if ui
                            .new_child(egui::UiBuilder::new().max_rect(corner(80.0, 30.0)))
                            .add(egui::Button::new(T::Delete.tr(lang)))
                            .clicked()
                        {
                            list.confirm_delete = Some(i);
                        }
                        on_button = true;
                    } else if let Some(Slot::Saved { data, .. }) = list.slots.get(i) {
                        let replay = ui
                            .new_child(egui::UiBuilder::new().max_rect(corner(44.0, 30.0)))
                            .add(egui::Button::new("▶"));
                        if replay.clicked() {
                            watch.write(super::game::replay::WatchReplay(data.clone()));
                        }
                        on_button = replay.hovered();
                    }
                    if on_button {
                    } else if response.clicked() {
                        match list.slots.get(i) {
                            Some(Slot::Saved { .. }) => {
                                start.write(StartGame::Load { slot: i });
                            }
                            _ => {
                                commands.insert_resource(NewGameDraft::new(i, mode.star_war));
                                next.set(AppState::NewGame);
                            }
                        }
                    } else if response.secondary_clicked()
                        && matches!(list.slots.get(i), Some(Slot::Saved { .. }))
                    {
                        list.confirm_delete = Some(i);
                    }
                    if i % 4 == 3 {
                        ui.end_row();
                    }
                }
            });
        ui.add_space(16.0);
        ui.vertical_centered(|ui| {
            if ui.button(T::Back.tr(lang)).clicked() {
                next.set(AppState::MainMenu);
            }
        });
    });
    if let Some(i) = list.confirm_delete {
        egui::Window::new(T::Delete.tr(lang))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.label(format!("#{} {}", i + 1, T::ConfirmDelete.tr(lang)));
                ui.horizontal(|ui| {
                    if ui.button(T::Yes.tr(lang)).clicked() {
                        if let Err(e) = saves.0.delete(i) {
                            warn!("delete failed: {e}");
                        }
                        reload = true;
                    }
                    if ui.button(T::No.tr(lang)).clicked() {
                        list.confirm_delete = None;
                    }
                });
            });
    }
    if reload {
        list.slots = saves.0.load_all(&content.0);
        list.confirm_delete = None;
    }
    Ok(())
}
