//! The save-slot screen: a grid of slots with mode, players, turn, last played time and a
//! miniature of the board. Left click opens (an empty slot opens the new-game settings);
//! right click deletes after a confirmation. A damaged slot offers restore and delete.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bw_rules::bracket::Board;
use bw_rules::bracket::board::Tile;
use bw_rules::bracket::ecs::BracketContent;
use bw_rules::bracket::game::{Mode, Outcome};

use super::StartBracketGame;
use super::newgame::{BracketDraft, BracketMode};
use super::replay::WatchBracketReplay;
use crate::app::Saves;
use crate::app::i18n::{Locale, ago};
use crate::app::screens::slots::confirm_delete;
use crate::app::state::{BracketScreen, Screen};
use crate::app::theme::{self, SeatColors, palette};
use crate::saves::{BracketSlot, Damage, SLOT_COUNT, SaveData, Saved, Slot};
use crate::tr;

/// The slots as last read from disk.
#[derive(Resource, Default)]
pub struct BracketSlots {
    pub slots: Vec<BracketSlot>,
    pub confirm_delete: Option<usize>,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BracketSlots>()
        .add_systems(OnEnter(BracketScreen::Slots), refresh_slots)
        .add_systems(
            EguiPrimaryContextPass,
            slots_screen.run_if(in_state(BracketScreen::Slots)),
        );
}

pub fn refresh_slots(
    mut list: ResMut<BracketSlots>,
    saves: Res<Saves>,
    content: Res<BracketContent>,
) {
    list.slots = saves.0.load_all::<SaveData>(&content.0);
    list.confirm_delete = None;
}

/// Draws a board in miniature into `rect`.
pub fn miniature(painter: &egui::Painter, rect: egui::Rect, board: &Board, seats: &SeatColors) {
    let n = board.side();
    let cell = rect.width().min(rect.height()) / n as f32;
    let origin = rect.center() - egui::vec2(cell * n as f32 / 2.0, cell * n as f32 / 2.0);
    painter.rect_filled(
        egui::Rect::from_min_size(origin, egui::vec2(cell * n as f32, cell * n as f32)),
        2.0,
        palette::PAPER,
    );
    for (i, tile) in board.tiles().iter().enumerate() {
        let (r, c) = board.row_col(i);
        let min = origin + egui::vec2(c as f32 * cell, r as f32 * cell);
        let rect = egui::Rect::from_min_size(min, egui::vec2(cell, cell)).shrink(0.5);
        let color = match tile {
            Tile::Empty => match board.home_owner(i) {
                Some(p) => seats.egui(p).gamma_multiply(0.35),
                None => continue,
            },
            Tile::Mirror(_) => palette::MIRROR,
            Tile::Glass(_) => palette::GLASS,
            Tile::Piece(p) => seats.egui(p.owner),
        };
        painter.rect_filled(rect, 1.0, color);
    }
}

fn slots_screen(
    mut commands: Commands,
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    seats: Res<SeatColors>,
    mode: Res<BracketMode>,
    saves: Res<Saves>,
    content: Res<BracketContent>,
    mut list: ResMut<BracketSlots>,
    mut next: ResMut<NextState<BracketScreen>>,
    mut screen: ResMut<NextState<Screen>>,
    mut start: MessageWriter<StartBracketGame>,
    mut watch: MessageWriter<WatchBracketReplay>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut reload = false;
    egui::CentralPanel::default().show(&mut crate::app::theme::root_ui(ctx), |ui| {
        ui.add_space(24.0);
        ui.vertical_centered(|ui| {
            let title = if mode.star_war {
                tr!(loc, "star-war")
            } else {
                tr!(loc, "bracket-war")
            };
            ui.heading(format!("{title} · {}", tr!(loc, "save-slots")));
            theme::hint(ui, &tr!(loc, "slot-help"));
        });
        ui.add_space(16.0);
        // The grid (four cards of 280x300 with gaps of 18) in the middle of the window; a
        // smaller window shrinks the cards and everything on them alike (f).
        let f = ((ui.available_width() - 3.0 * 18.0 - 16.0) / (4.0 * 280.0))
            .min((ui.available_height() - 18.0 - 60.0) / (2.0 * 300.0))
            .clamp(0.4, 1.0);
        let at = |min: egui::Pos2, x: f32, y: f32| min + egui::vec2(x, y) * f;
        let pad = ((ui.available_width() - (4.0 * 280.0 * f + 3.0 * 18.0)) / 2.0).max(0.0);
        ui.horizontal(|ui| {
            ui.add_space(pad);
            egui::Grid::new("slots")
                .spacing([18.0, 18.0])
                .show(ui, |ui| {
                    for i in 0..SLOT_COUNT {
                        let size = egui::vec2(280.0, 300.0) * f;
                        let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click());
                        let painter = ui.painter_at(rect);
                        let hovered = response.hovered();
                        painter.rect_filled(
                            rect,
                            8.0,
                            if hovered {
                                palette::CARD_HOVER
                            } else {
                                palette::CARD
                            },
                        );
                        // What the card says is also its name for screen readers (and
                        // for the tests that drive the window).
                        let mut said: Vec<String> = Vec::new();
                        let mut text = |pos: egui::Pos2, s: String, size: f32| {
                            said.push(s.clone());
                            painter.text(
                                pos,
                                egui::Align2::LEFT_TOP,
                                s,
                                egui::FontId::proportional(size * f),
                                palette::TEXT,
                            );
                        };
                        text(at(rect.min, 12.0, 10.0), format!("#{}", i + 1), 20.0);
                        match list.slots.get(i) {
                            None | Some(Slot::Empty) => {
                                text(
                                    at(rect.min, 12.0, 140.0),
                                    format!("＋ {}", tr!(loc, "empty-slot")),
                                    22.0,
                                );
                            }
                            Some(Slot::Saved(Saved { save: data, game })) => {
                                let m = if data.settings.mode == Mode::StarWar {
                                    tr!(loc, "star-war")
                                } else {
                                    tr!(loc, "bracket-war")
                                };
                                text(at(rect.min, 60.0, 12.0), m, 18.0);
                                let info = if game.turn.is_over() {
                                    tr!(
                                        loc,
                                        "slot-finished",
                                        players = data.settings.board.players,
                                        round = ended_in(game)
                                    )
                                } else {
                                    tr!(
                                        loc,
                                        "slot-info",
                                        players = data.settings.board.players,
                                        round = game.turn.round + 1,
                                        turn = game.turn.current
                                    )
                                };
                                // Who won, on the card (beside when it was last played).
                                let winners: Vec<u8> = match game.turn.outcome.as_ref() {
                                    Some(Outcome::LastStanding(p)) => vec![*p],
                                    Some(Outcome::Scored { winners, .. }) => winners.clone(),
                                    None => vec![],
                                };
                                let won = (!winners.is_empty()).then(|| {
                                    let names: Vec<String> = winners
                                        .iter()
                                        .map(|&p| crate::app::i18n::player_name(&loc, p))
                                        .collect();
                                    tr!(
                                        loc,
                                        "winner",
                                        players = names.join(&tr!(loc, "list-separator")),
                                        n = winners.len()
                                    )
                                });
                                text(at(rect.min, 12.0, 40.0), info, 15.0);
                                let since = crate::saves::now().saturating_sub(data.last_played);
                                let played = tr!(loc, "last-played", when = ago(&loc, since));
                                text(
                                    at(rect.min, 12.0, 62.0),
                                    match won {
                                        Some(won) => format!("{won} · {played}"),
                                        None => played,
                                    },
                                    15.0,
                                );
                                let mini = egui::Rect::from_min_size(
                                    at(rect.min, 40.0, 90.0),
                                    egui::vec2(200.0, 200.0) * f,
                                );
                                miniature(&painter, mini, &game.board, &seats);
                            }
                            Some(Slot::Damaged { damage, .. }) => {
                                // A save that only lacks a mod is not damaged: it says what
                                // it needs and offers nothing that would change it.
                                let title = match damage {
                                    Damage::MissingKinds(_) => tr!(loc, "needs-mods"),
                                    _ => tr!(loc, "damaged"),
                                };
                                text(at(rect.min, 12.0, 50.0), format!("⚠ {title}"), 20.0);
                                let colour = palette::WARNING;
                                let galley = painter.layout(
                                    crate::app::i18n::damage(&loc, damage),
                                    egui::FontId::proportional(13.0 * f),
                                    colour,
                                    rect.width() - 24.0,
                                );
                                painter.galley(at(rect.min, 12.0, 84.0), galley, colour);
                            }
                        }
                        let name = said.join(" ");
                        response.widget_info(|| {
                            egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &name)
                        });
                        // Damaged slots get their own buttons; the others open and delete by
                        // click; a saved slot also has a replay button.
                        let corner = |w: f32, h: f32| {
                            egui::Rect::from_min_size(
                                rect.max - egui::vec2(w + 10.0, h + 10.0) * f,
                                egui::vec2(w, h) * f,
                            )
                        };
                        let mut on_button = false;
                        if let Some(Slot::Damaged { damage, .. }) = list.slots.get(i)
                            && matches!(damage, Damage::MissingKinds(_))
                        {
                            on_button = true;
                        } else if let Some(Slot::Damaged { backup, .. }) = list.slots.get(i) {
                            let backup = *backup;
                            let restore = egui::Rect::from_min_size(
                                at(rect.min, 12.0, 230.0),
                                egui::vec2(120.0, 30.0) * f,
                            );
                            if backup
                                && ui
                                    .new_child(egui::UiBuilder::new().max_rect(restore))
                                    .add(egui::Button::new(tr!(loc, "restore-backup")))
                                    .clicked()
                            {
                                if let Err(e) = saves.0.restore_backup::<SaveData>(i) {
                                    warn!("restore failed: {e}");
                                }
                                reload = true;
                            }
                            if ui
                                .new_child(egui::UiBuilder::new().max_rect(corner(80.0, 30.0)))
                                .add(egui::Button::new(tr!(loc, "delete")))
                                .clicked()
                            {
                                list.confirm_delete = Some(i);
                            }
                            on_button = true;
                        } else if let Some(Slot::Saved(Saved { save: data, .. })) =
                            list.slots.get(i)
                        {
                            let replay = ui
                                .new_child(egui::UiBuilder::new().max_rect(corner(44.0, 30.0)))
                                .add(egui::Button::new("▶"));
                            if replay.clicked() {
                                watch.write(WatchBracketReplay(data.clone()));
                            }
                            on_button = replay.hovered();
                        }
                        if on_button {
                        } else if response.clicked() {
                            match list.slots.get(i) {
                                Some(Slot::Saved { .. }) => {
                                    start.write(StartBracketGame::Load { slot: i });
                                }
                                _ => {
                                    commands.insert_resource(BracketDraft::remembered(
                                        i,
                                        mode.star_war,
                                        &saves.0.dir,
                                    ));
                                    next.set(BracketScreen::NewGame);
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
        });
        ui.add_space(16.0);
        ui.vertical_centered(|ui| {
            if ui.button(tr!(loc, "back")).clicked() {
                screen.set(Screen::Menu);
            }
        });
    });
    reload |= confirm_delete::<SaveData>(ctx, &loc, &mut list.confirm_delete, &saves.0);
    if reload {
        list.slots = saves.0.load_all::<SaveData>(&content.0);
        list.confirm_delete = None;
    }
    Ok(())
}

/// The round a finished game ended in, as the top bar showed it then: the turn limit's
/// last round, or the round in progress (a surrender in round 6 ended round 6, though only
/// 5 were complete).
pub fn ended_in(game: &bw_rules::bracket::game::Game) -> u32 {
    match game.settings.turn_limit {
        Some(limit) if game.turn.round >= limit => limit,
        _ => game.turn.round + 1,
    }
}
