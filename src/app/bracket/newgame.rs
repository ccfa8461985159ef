//! New-game settings: each column is one setting and clicking it changes it; `启动！` starts.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bw_players::bracket::{AiKind, Seat};
use bw_rules::bracket::game::{Mode, Settings};
use bw_rules::bracket::generate::BoardSettings;

use super::StartBracketGame;
use crate::app::i18n::Locale;
use crate::app::state::BracketScreen;
use crate::app::theme::{self, setting_column, setting_step, step};
use crate::saves::{FileState, read_ron, write_ron};
use crate::tr;

/// Which game the menu opened the slots for.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct BracketMode {
    pub star_war: bool,
}

/// The settings being chosen, for the slot that will hold the game.
#[derive(Resource, Clone, Debug)]
pub struct BracketDraft {
    pub slot: usize,
    pub settings: Settings,
    pub seats: Vec<Seat>,
    pub coverage_hint: bool,
    pub seed_text: String,
}

/// The smallest and largest board sides (spec: 10x10 up to 20x20).
pub const SIDES: std::ops::RangeInclusive<usize> = 10..=20;

impl BracketDraft {
    pub fn new(slot: usize, star_war: bool) -> BracketDraft {
        BracketDraft {
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
                Seat::Person,
                Seat::Computer(AiKind::Greedy),
                Seat::Computer(AiKind::Greedy),
                Seat::Computer(AiKind::Greedy),
            ],
            coverage_hint: true,
            seed_text: (crate::saves::now() % 1_000_000).to_string(),
        }
    }

    /// The seed: a number as written, any other text hashed (so every seed text plays).
    pub fn seed(&self) -> u64 {
        bw_rules::rng::seed_from_text(&self.seed_text)
    }

    /// A new game's draft from the choices last started in this mode (kept in the save
    /// folder `dir`); the defaults when there are none, or when the file is damaged or
    /// holds choices the game would refuse (it is then reported and ignored). The seed is
    /// always a fresh one.
    pub fn remembered(slot: usize, star_war: bool, dir: &std::path::Path) -> BracketDraft {
        let mut draft = BracketDraft::new(slot, star_war);
        let path = dir.join(choices_file(star_war));
        match read_ron::<Choices>(&path) {
            FileState::Loaded(c) if c.fits(star_war) => {
                draft.settings = c.settings;
                draft.seats[..c.seats.len()].copy_from_slice(&c.seats);
                draft.coverage_hint = c.coverage_hint;
            }
            FileState::Loaded(_) => warn!("{} ignored: choices out of range", path.display()),
            FileState::Missing => {}
            FileState::Damaged(e) => warn!("{} ignored: {e}", path.display()),
        }
        draft
    }

    /// Keeps these choices for the next new game of this mode (written atomically).
    pub fn remember(&self, dir: &std::path::Path) {
        let star_war = self.settings.mode == Mode::StarWar;
        let choices = Choices {
            settings: self.settings.clone(),
            seats: self.seats.clone(),
            coverage_hint: self.coverage_hint,
        };
        if let Err(e) = write_ron(&dir.join(choices_file(star_war)), &choices) {
            warn!("{} not saved: {e}", choices_file(star_war));
        }
    }
}

/// The last choices started, per mode.
#[derive(serde::Serialize, serde::Deserialize)]
struct Choices {
    settings: Settings,
    seats: Vec<Seat>,
    coverage_hint: bool,
}

impl Choices {
    /// Choices the new-game screen could have made for this mode.
    fn fits(&self, star_war: bool) -> bool {
        let b = &self.settings.board;
        (self.settings.mode == Mode::StarWar) == star_war
            && SIDES.contains(&b.side)
            && (2..=4).contains(&b.players)
            && (0.0..=0.5).contains(&b.mirror_density)
            && (0.0..=0.5).contains(&b.glass_density)
            && self.seats.len() <= 4
    }
}

/// Where a mode's last choices are kept, in the save folder.
fn choices_file(star_war: bool) -> &'static str {
    if star_war {
        "star-war-setup.ron"
    } else {
        "bracket-setup.ron"
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BracketMode>().add_systems(
        EguiPrimaryContextPass,
        new_game_screen.run_if(in_state(BracketScreen::NewGame)),
    );
}

fn seat_label(loc: &Locale, seat: Seat) -> String {
    match seat {
        Seat::Person => tr!(loc, "seat-human"),
        Seat::Computer(AiKind::Random) => tr!(loc, "seat-computer-random"),
        Seat::Computer(AiKind::Greedy) => tr!(loc, "seat-computer-greedy"),
        Seat::Computer(AiKind::Strong) => tr!(loc, "seat-computer-strong"),
    }
}

/// The board and rule options of a 括号大战 game (the new-game screen and the online rooms
/// use it); the coverage hint is a local option only.
pub fn settings_editor(
    ui: &mut egui::Ui,
    loc: &Locale,
    settings: &mut Settings,
    coverage_hint: Option<&mut bool>,
) {
    let on_off = |b: bool| if b { tr!(loc, "on") } else { tr!(loc, "off") };
    ui.columns(4, |cols| {
        let by = setting_step(
            &mut cols[0],
            &tr!(loc, "players"),
            &settings.board.players.to_string(),
        );
        if by != 0 {
            settings.board.players = step(&[2, 3, 4], settings.board.players, by);
        }
        let side = settings.board.side;
        let by = setting_step(
            &mut cols[1],
            &tr!(loc, "board-size"),
            &format!("{side}×{side}"),
        );
        if by != 0 {
            let sides: Vec<usize> = SIDES.collect();
            settings.board.side = step(&sides, side, by);
        }
        let m = settings.board.mirror_density;
        let by = setting_step(
            &mut cols[2],
            &tr!(loc, "mirror-density"),
            &format!("{:.1}%", m * 100.0),
        );
        if by != 0 {
            settings.board.mirror_density = step(&[0.114, 0.2, 0.0, 0.05], m, by);
        }
        let g = settings.board.glass_density;
        let by = setting_step(
            &mut cols[3],
            &tr!(loc, "glass-density"),
            &format!("{:.1}%", g * 100.0),
        );
        if by != 0 {
            settings.board.glass_density = step(&[0.04, 0.1, 0.0], g, by);
        }
    });
    ui.add_space(20.0);
    ui.columns(4, |cols| {
        let star_war = settings.mode == Mode::StarWar;
        let mode = if star_war {
            tr!(loc, "star-war")
        } else {
            tr!(loc, "bracket-war")
        };
        if setting_column(&mut cols[0], &tr!(loc, "mode"), &mode) {
            settings.mode = step(&[Mode::Classic, Mode::StarWar], settings.mode, 1);
        }
        // The no-touching rule exists only in 星号大战.
        if star_war
            && setting_column(
                &mut cols[1],
                &tr!(loc, "no-touching-stars"),
                &on_off(settings.star_no_adjacent),
            )
        {
            settings.star_no_adjacent = !settings.star_no_adjacent;
        }
        if let Some(hint) = coverage_hint
            && setting_column(&mut cols[2], &tr!(loc, "coverage-hint"), &on_off(*hint))
        {
            *hint = !*hint;
        }
        let limit = settings
            .turn_limit
            .map_or(tr!(loc, "none"), |l| l.to_string());
        let by = setting_step(&mut cols[3], &tr!(loc, "turn-limit"), &limit);
        if by != 0 {
            settings.turn_limit = step(
                &[None, Some(10), Some(20), Some(40)],
                settings.turn_limit,
                by,
            );
        }
    });
}

fn new_game_screen(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    draft: Option<ResMut<BracketDraft>>,
    mut next: ResMut<NextState<BracketScreen>>,
    mut start: MessageWriter<StartBracketGame>,
    saves: Res<crate::app::Saves>,
) -> Result {
    let Some(mut draft) = draft else {
        next.set(BracketScreen::Slots);
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    theme::page(ctx, |ui| {
        ui.add_space(40.0);
        theme::header(ui, &tr!(loc, "new-game"));
        ui.vertical_centered(|ui| theme::hint(ui, &tr!(loc, "settings-step-help")));
        ui.add_space(30.0);
        let d = &mut *draft;
        settings_editor(ui, &loc, &mut d.settings, Some(&mut d.coverage_hint));
        ui.add_space(20.0);
        let players = d.settings.board.players as usize;
        ui.columns(4, |cols| {
            for (p, col) in cols.iter_mut().enumerate().take(players) {
                let title = tr!(loc, "seat-n", n = p + 1);
                let by = setting_step(col, &title, &seat_label(&loc, d.seats[p]));
                if by != 0 {
                    d.seats[p] = step(
                        &[
                            Seat::Person,
                            Seat::Computer(AiKind::Greedy),
                            Seat::Computer(AiKind::Strong),
                            Seat::Computer(AiKind::Random),
                        ],
                        d.seats[p],
                        by,
                    );
                }
            }
        });
        let seats = d.seats[..players].to_vec();
        if seats.iter().all(|s| s.is_computer()) && d.settings.turn_limit.is_none() {
            ui.vertical_centered(|ui| {
                theme::hint(
                    ui,
                    &tr!(
                        loc,
                        "computers-only-turn-limit",
                        n = super::COMPUTER_TURN_LIMIT
                    ),
                )
            });
        }
        ui.add_space(30.0);
        ui.vertical_centered(|ui| {
            ui.horizontal(|ui| {
                ui.add_space(ui.available_width() / 2.0 - 160.0);
                ui.label(tr!(loc, "seed"));
                ui.add(egui::TextEdit::singleline(&mut d.seed_text).desired_width(200.0));
            });
            ui.add_space(20.0);
            let go = egui::Button::new(egui::RichText::new(tr!(loc, "start")).size(30.0))
                .min_size(egui::vec2(220.0, 60.0));
            if ui.add(go).clicked() {
                d.remember(&saves.0.dir);
                start.write(StartBracketGame::New {
                    slot: d.slot,
                    settings: d.settings.clone(),
                    seats: seats.clone(),
                    coverage_hint: d.coverage_hint,
                    seed: d.seed(),
                });
            }
            ui.add_space(10.0);
            if ui.button(tr!(loc, "back")).clicked() {
                next.set(BracketScreen::Slots);
            }
        });
    });
    Ok(())
}
