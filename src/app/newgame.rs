//! New-game settings: each column is one setting and clicking it changes it; `启动！` starts.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bw_rules::bracket::game::{Mode, Settings};
use bw_rules::bracket::generate::BoardSettings;

use super::AppState;
use super::game::StartGame;
use super::i18n::T;
use super::settings::{UserSettings, setting_column};
use crate::saves::SeatKind;

/// Which game the menu opened the slots for.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct NewGameMode {
    pub star_war: bool,
}

/// The settings being chosen, for the slot that will hold the game.
#[derive(Resource, Clone, Debug)]
pub struct NewGameDraft {
    pub slot: usize,
    pub settings: Settings,
    pub seats: Vec<SeatKind>,
    pub coverage_hint: bool,
    pub seed_text: String,
}

impl NewGameDraft {
    pub fn new(slot: usize, star_war: bool) -> NewGameDraft {
        NewGameDraft {
            slot,
            settings: Settings {
                board: BoardSettings::default(),
                mode: if star_war {
                    Mode::StarWar
                } else {
                    Mode::Classic
                },
                star_no_adjacent: false,
                turn_limit: None,
            },
            seats: vec![
                SeatKind::Human,
                SeatKind::GreedyComputer,
                SeatKind::GreedyComputer,
                SeatKind::GreedyComputer,
            ],
            coverage_hint: true,
            seed_text: (crate::saves::now() % 1_000_000).to_string(),
        }
    }
}

pub struct NewGamePlugin;

impl Plugin for NewGamePlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<NewGameMode>().add_systems(
            EguiPrimaryContextPass,
            new_game_screen.run_if(in_state(AppState::NewGame)),
        );
    }
}

fn cycle<T: Copy + PartialEq>(options: &[T], current: T) -> T {
    let i = options
        .iter()
        .position(|&o| o == current)
        .map_or(0, |i| (i + 1) % options.len());
    options[i]
}

fn new_game_screen(
    mut contexts: EguiContexts,
    settings: Res<UserSettings>,
    draft: Option<ResMut<NewGameDraft>>,
    mut next: ResMut<NextState<AppState>>,
    mut start: MessageWriter<StartGame>,
) -> Result {
    let Some(mut draft) = draft else {
        next.set(AppState::Slots);
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let lang = settings.lang;
    egui::CentralPanel::default().show(&mut super::root_ui(ctx), |ui| {
        ui.add_space(40.0);
        ui.vertical_centered(|ui| ui.heading(T::NewGame.tr(lang)));
        ui.add_space(30.0);
        let d = &mut *draft;
        let on_off = |b: bool| if b { T::On.tr(lang) } else { T::Off.tr(lang) };
        ui.columns(4, |cols| {
            if setting_column(
                &mut cols[0],
                T::Players.tr(lang),
                &d.settings.board.players.to_string(),
            ) {
                d.settings.board.players = cycle(&[2, 3, 4], d.settings.board.players);
            }
            let side = d.settings.board.side;
            if setting_column(
                &mut cols[1],
                T::BoardSize.tr(lang),
                &format!("{side}×{side}"),
            ) {
                d.settings.board.side = cycle(&[10, 12, 14, 16, 18, 20], side);
            }
            let m = d.settings.board.mirror_density;
            if setting_column(
                &mut cols[2],
                T::Mirrors.tr(lang),
                &format!("{:.1}%", m * 100.0),
            ) {
                d.settings.board.mirror_density = cycle(&[0.114, 0.2, 0.0, 0.05], m);
            }
            let g = d.settings.board.glass_density;
            if setting_column(
                &mut cols[3],
                T::Glass.tr(lang),
                &format!("{:.1}%", g * 100.0),
            ) {
                d.settings.board.glass_density = cycle(&[0.04, 0.1, 0.0], g);
            }
        });
        ui.add_space(20.0);
        ui.columns(4, |cols| {
            let mode = if d.settings.mode == Mode::StarWar {
                T::StarWar
            } else {
                T::BracketWar
            };
            if setting_column(&mut cols[0], T::Mode.tr(lang), mode.tr(lang)) {
                d.settings.mode = cycle(&[Mode::Classic, Mode::StarWar], d.settings.mode);
            }
            if setting_column(
                &mut cols[1],
                T::NoAdjacentStars.tr(lang),
                on_off(d.settings.star_no_adjacent),
            ) {
                d.settings.star_no_adjacent = !d.settings.star_no_adjacent;
            }
            if setting_column(
                &mut cols[2],
                T::CoverageHint.tr(lang),
                on_off(d.coverage_hint),
            ) {
                d.coverage_hint = !d.coverage_hint;
            }
            let limit = d
                .settings
                .turn_limit
                .map_or(T::None.tr(lang).to_string(), |l| l.to_string());
            if setting_column(&mut cols[3], T::TurnLimit.tr(lang), &limit) {
                d.settings.turn_limit =
                    cycle(&[None, Some(10), Some(20), Some(40)], d.settings.turn_limit);
            }
        });
        ui.add_space(20.0);
        let players = d.settings.board.players as usize;
        ui.columns(4, |cols| {
            for (p, col) in cols.iter_mut().enumerate().take(players) {
                let kind = match d.seats[p] {
                    SeatKind::Human => T::Human.tr(lang).to_string(),
                    SeatKind::RandomComputer => {
                        format!("{}·{}", T::Computer.tr(lang), T::Random.tr(lang))
                    }
                    SeatKind::GreedyComputer => {
                        format!("{}·{}", T::Computer.tr(lang), T::Greedy.tr(lang))
                    }
                };
                let title = format!("{} {}", T::Seat.tr(lang), p + 1);
                if setting_column(col, &title, &kind) {
                    d.seats[p] = cycle(
                        &[
                            SeatKind::Human,
                            SeatKind::GreedyComputer,
                            SeatKind::RandomComputer,
                        ],
                        d.seats[p],
                    );
                }
            }
        });
        ui.add_space(30.0);
        ui.vertical_centered(|ui| {
            ui.horizontal(|ui| {
                ui.add_space(ui.available_width() / 2.0 - 160.0);
                ui.label(T::Seed.tr(lang));
                ui.add(egui::TextEdit::singleline(&mut d.seed_text).desired_width(200.0));
            });
            ui.add_space(20.0);
            let seed = d.seed_text.trim().parse::<u64>();
            let go = egui::Button::new(egui::RichText::new(T::Start.tr(lang)).size(30.0))
                .min_size(egui::vec2(220.0, 60.0));
            if ui.add_enabled(seed.is_ok(), go).clicked() {
                start.write(StartGame::New {
                    slot: d.slot,
                    settings: d.settings.clone(),
                    seats: d.seats[..players].to_vec(),
                    coverage_hint: d.coverage_hint,
                    seed: seed.unwrap_or(0),
                });
            }
            ui.add_space(10.0);
            if ui.button(T::Back.tr(lang)).clicked() {
                next.set(AppState::Slots);
            }
        });
    });
    Ok(())
}
