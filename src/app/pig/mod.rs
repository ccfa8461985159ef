//! 猪国杀 at the table: set up a table (roles, a seeded random deck with card weights, or
//! an input file in the problem's format; setups save and load), then watch the game step
//! by step — one event, one turn, play and pause at a chosen speed, jump to the end. Every
//! pig is shown face up (it is a simulation) with what it has revealed and whether the MP
//! takes it for a rebel (类反). The end shows the result exactly as judge mode prints it.

mod seat;
mod table;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bw_rules::pig::content::PigTexts;
use bw_rules::pig::engine::{Outcome, Table, run};
use bw_rules::pig::judge::{format, parse};
use bw_rules::pig::setup::PigSetup;
use bw_rules::pig::view::TableView;
use bw_rules::pig::{Card, Event, EventLog, ProblemBrain, Role};

use super::i18n::{Lang, T};
use super::settings::{UserSettings, setting_column};
use super::{AppState, Saves};

/// Random decks can make endless games: the app stops them here as "no result".
pub const TURN_CAP: u64 = 10_000;

/// The setup being edited.
#[derive(Resource, Clone, Debug)]
pub struct PigSetupUi {
    pub setup: PigSetup,
    /// The pig a person plays in "take a seat".
    pub seat: usize,
    pub seed_text: String,
    pub file: String,
    pub message: Option<String>,
    /// The slot new games save to.
    pub slot: usize,
    /// The 猪国杀 save slots as last read.
    pub slots: Vec<crate::saves::PigSlot>,
    pub confirm_delete: Option<usize>,
}

impl Default for PigSetupUi {
    fn default() -> Self {
        PigSetupUi {
            setup: PigSetup::default(),
            seat: 0,
            seed_text: "1".into(),
            file: String::new(),
            message: None,
            slot: 0,
            slots: Vec::new(),
            confirm_delete: None,
        }
    }
}

pub use seat::{PigSeat, take_seat};

/// A simulated game and how far it is shown.
#[derive(Resource, Clone, Debug)]
pub struct PigGame {
    pub start: TableView,
    pub events: Vec<Event>,
    pub shown: usize,
    pub view: TableView,
    pub playing: bool,
    /// Events per second while playing.
    pub speed: f32,
    pub carry: f32,
    /// The judge-mode output, or `None` when the turn cap stopped the game.
    pub result: Option<String>,
}

/// The judge-format output of a finished table, or `None` when the turn cap stopped it.
pub fn result_of(end: &Table) -> Option<String> {
    end.outcome
        .filter(|o| *o != Outcome::NoResult)
        .map(|_| format(end))
}

impl PigGame {
    /// A game shown from its first event.
    pub fn new(start: &Table, events: Vec<Event>, result: Option<String>) -> PigGame {
        let start = TableView::start(start);
        PigGame {
            view: start.clone(),
            start,
            events,
            shown: 0,
            playing: false,
            speed: 4.0,
            carry: 0.0,
            result,
        }
    }

    /// Plays the table to its end (or the turn cap), keeping every event.
    pub fn simulate(table: Table) -> PigGame {
        let mut end = table.clone();
        let mut log = EventLog::default();
        run(&mut end, &mut ProblemBrain, &mut log, TURN_CAP);
        PigGame::new(&table, log.0, result_of(&end))
    }

    pub fn show(&mut self, n: usize) {
        let n = n.min(self.events.len());
        if n < self.shown {
            self.view = TableView::after(&self.start, &self.events, n);
        } else {
            for e in &self.events[self.shown..n] {
                self.view.apply(e);
            }
        }
        self.shown = n;
    }

    /// The index just after the next turn's last event.
    pub fn next_turn(&self) -> usize {
        self.events[self.shown.min(self.events.len())..]
            .iter()
            .skip(1)
            .position(|e| matches!(e, Event::TurnStart { .. }))
            .map_or(self.events.len(), |i| self.shown + 1 + i)
    }
}

#[derive(Resource)]
pub struct PigTextsRes(pub PigTexts);

pub struct PigPlugin {
    pub ui: bool,
}

impl Plugin for PigPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<PigSetupUi>()
            .insert_resource(PigTextsRes(PigTexts::builtin()))
            .add_systems(
                Update,
                (advance, seat::pump).run_if(in_state(AppState::PigTable)),
            )
            .add_systems(OnEnter(AppState::PigSetup), refresh_slots);
        if self.ui {
            app.add_systems(
                EguiPrimaryContextPass,
                setup_screen.run_if(in_state(AppState::PigSetup)),
            )
            .add_systems(
                EguiPrimaryContextPass,
                table::table_screen.run_if(in_state(AppState::PigTable)),
            );
        }
    }
}

fn advance(time: Res<Time>, game: Option<ResMut<PigGame>>) {
    let Some(mut game) = game else { return };
    if !game.playing {
        return;
    }
    game.carry += time.delta_secs() * game.speed;
    let steps = game.carry.floor() as usize;
    if steps > 0 {
        game.carry -= steps as f32;
        let to = game.shown + steps;
        game.show(to);
        if game.shown >= game.events.len() {
            game.playing = false;
        }
    }
}

fn role_name(texts: &PigTexts, lang: Lang, role: Role) -> String {
    let n = texts.role(role);
    match lang {
        Lang::Zh => n.zh.clone(),
        Lang::En => n.en.clone(),
    }
}

pub fn card_name(texts: &PigTexts, lang: Lang, card: Card) -> String {
    let n = &texts.card(card).name;
    match lang {
        Lang::Zh => n.zh.clone(),
        Lang::En => n.en.clone(),
    }
}

fn setup_path(saves: &Saves) -> std::path::PathBuf {
    saves.0.dir.join("pig-setup.ron")
}

fn setup_screen(
    mut commands: Commands,
    mut contexts: EguiContexts,
    settings: Res<UserSettings>,
    texts: Res<PigTextsRes>,
    saves: Res<Saves>,
    mut ui: ResMut<PigSetupUi>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.lang;
    let zh = lang == Lang::Zh;
    egui::CentralPanel::default().show(&mut super::root_ui(ctx), |p| {
        p.add_space(24.0);
        p.vertical_centered(|p| p.heading(T::PigKill.tr(lang)));
        p.add_space(16.0);
        let s = &mut ui.setup;
        let n = s.roles.len();
        p.columns(5, |cols| {
            if setting_column(
                &mut cols[0],
                if zh { "猪的数量" } else { "Pigs" },
                &n.to_string(),
            ) {
                let m = if n >= 10 { 2 } else { n + 1 };
                s.roles.resize(m, Role::FP);
            }
            if setting_column(
                &mut cols[1],
                if zh { "牌堆张数" } else { "Deck size" },
                &s.deck_size.to_string(),
            ) {
                s.deck_size = match s.deck_size {
                    0..=99 => 200,
                    100..=399 => 500,
                    400..=1999 => 2000,
                    _ => 50,
                };
            }
        });
        p.add_space(12.0);
        p.label(if zh {
            "身份（点击切换；1 号猪总是主猪）"
        } else {
            "Roles (click to change; pig 1 is always the MP)"
        });
        p.horizontal_wrapped(|h| {
            for (i, r) in s.roles.iter_mut().enumerate() {
                let label = format!("{} {}", i + 1, role_name(&texts.0, lang, *r));
                if h.add_enabled(
                    i > 0,
                    egui::Button::new(label).min_size(egui::vec2(96.0, 36.0)),
                )
                .clicked()
                {
                    *r = if *r == Role::ZP { Role::FP } else { Role::ZP };
                }
            }
        });
        p.add_space(12.0);
        p.label(if zh {
            "牌的权重（随机牌堆）"
        } else {
            "Card weights (random deck)"
        });
        p.horizontal_wrapped(|h| {
            for (i, c) in Card::ALL.iter().enumerate() {
                h.label(format!("{} {}", c.letter(), card_name(&texts.0, lang, *c)));
                h.add(egui::DragValue::new(&mut s.weights[i]).range(0..=99));
                h.add_space(8.0);
            }
        });
        p.add_space(12.0);
        p.horizontal(|h| {
            h.label(T::Seed.tr(lang));
            h.add(egui::TextEdit::singleline(&mut ui.seed_text).desired_width(140.0));
        });
        if let Ok(seed) = ui.seed_text.trim().parse() {
            ui.setup.seed = seed;
        }
        p.add_space(8.0);
        p.horizontal(|h| {
            if h.button(if zh { "保存设置" } else { "Save setup" })
                .clicked()
            {
                let path = setup_path(&saves);
                let r = std::fs::create_dir_all(&saves.0.dir)
                    .and_then(|_| std::fs::write(&path, ui.setup.to_ron()));
                ui.message = Some(match r {
                    Ok(()) => format!("→ {}", path.display()),
                    Err(e) => e.to_string(),
                });
            }
            if h.button(if zh { "读取设置" } else { "Load setup" })
                .clicked()
            {
                let loaded = std::fs::read_to_string(setup_path(&saves))
                    .map_err(|e| e.to_string())
                    .and_then(|t| PigSetup::from_ron(&t));
                match loaded {
                    Ok(s) => {
                        ui.seed_text = s.seed.to_string();
                        ui.setup = s;
                        ui.message = None;
                    }
                    Err(e) => ui.message = Some(e),
                }
            }
        });
        p.add_space(16.0);
        let pig_saves = crate::saves::SaveDir::pig(&saves.0.dir);
        let slot = ui.slot;
        let start = |table: Table, commands: &mut Commands, next: &mut NextState<AppState>| {
            let record = bw_rules::pig::record::PigRecord::watched(&table, crate::saves::now());
            if let Err(e) = pig_saves.store_pig(slot, &record) {
                warn!("the table could not be saved: {e}");
            }
            commands.remove_resource::<PigSeat>();
            commands.insert_resource(PigGame::simulate(table));
            next.set(AppState::PigTable);
        };
        p.horizontal(|h| {
            if h.add(egui::Button::new(
                egui::RichText::new(if zh {
                    "观看（随机牌堆）"
                } else {
                    "Watch (random deck)"
                })
                .size(22.0),
            ))
            .clicked()
            {
                match ui.setup.deal() {
                    Ok(t) => start(t, &mut commands, &mut next),
                    Err(e) => ui.message = Some(e),
                }
            }
            let seat_label = if zh {
                format!("执掌 {} 号猪", ui.seat + 1)
            } else {
                format!("Take pig {}", ui.seat + 1)
            };
            if h.add(egui::Button::new(
                egui::RichText::new(seat_label).size(22.0),
            ))
            .clicked()
            {
                match ui.setup.deal() {
                    Ok(t) => {
                        seat::take_seat(&mut commands, t, ui.seat);
                        commands.insert_resource(seat::SeatSlot(
                            crate::saves::SaveDir::pig(&saves.0.dir),
                            ui.slot,
                        ));
                        next.set(AppState::PigTable);
                    }
                    Err(e) => ui.message = Some(e),
                }
            }
            if h.button(if zh { "换一只" } else { "Other pig" }).clicked() {
                ui.seat = (ui.seat + 1) % ui.setup.roles.len();
            }
        });
        p.add_space(12.0);
        p.horizontal(|h| {
            h.label(if zh {
                "或打开题目格式的输入文件："
            } else {
                "Or open an input in the problem's format:"
            });
            h.add(egui::TextEdit::singleline(&mut ui.file).desired_width(360.0));
            if h.button(if zh { "打开" } else { "Open" }).clicked() {
                let read = std::fs::read_to_string(ui.file.trim())
                    .map_err(|e| e.to_string())
                    .and_then(|t| parse(&t).map_err(|e| e.to_string()));
                match read {
                    Ok(t) => start(t, &mut commands, &mut next),
                    Err(e) => ui.message = Some(e),
                }
            }
        });
        if let Some(m) = &ui.message {
            p.colored_label(egui::Color32::from_rgb(240, 160, 120), m);
        }
        p.add_space(16.0);
        slots_row(p, lang, &mut ui, &saves, &mut commands, &mut next);
        p.add_space(16.0);
        if p.button(T::Back.tr(lang)).clicked() {
            next.set(AppState::MainMenu);
        }
    });
    Ok(())
}

fn refresh_slots(mut ui: ResMut<PigSetupUi>, saves: Res<Saves>) {
    let dir = crate::saves::SaveDir::pig(&saves.0.dir);
    ui.slots = (0..crate::saves::SLOT_COUNT)
        .map(|i| dir.load_pig(i))
        .collect();
    ui.confirm_delete = None;
}

/// The 猪国杀 save slots: left click replays a saved game, right click deletes (after a
/// confirmation); new games go to the chosen slot.
fn slots_row(
    p: &mut egui::Ui,
    lang: Lang,
    ui: &mut PigSetupUi,
    saves: &Saves,
    commands: &mut Commands,
    next: &mut NextState<AppState>,
) {
    use crate::saves::PigSlot;
    let zh = lang == Lang::Zh;
    let dir = crate::saves::SaveDir::pig(&saves.0.dir);
    p.horizontal(|h| {
        h.label(T::SaveSlots.tr(lang));
        let target = if zh {
            format!("新游戏存到 #{}", ui.slot + 1)
        } else {
            format!("New games go to #{}", ui.slot + 1)
        };
        if h.button(target).clicked() {
            ui.slot = (ui.slot + 1) % crate::saves::SLOT_COUNT;
        }
    });
    let mut reload = false;
    p.horizontal_wrapped(|h| {
        for i in 0..ui.slots.len() {
            let text = match &ui.slots[i] {
                PigSlot::Empty => format!("#{} {}", i + 1, T::EmptySlot.tr(lang)),
                PigSlot::Saved(r) => {
                    let pigs = r.input.split_whitespace().next().unwrap_or("?");
                    match (r.seat, zh) {
                        (Some(s), true) => format!("#{} {pigs} 只猪 · 执掌 {} 号", i + 1, s + 1),
                        (Some(s), false) => {
                            format!("#{} {pigs} pigs · played pig {}", i + 1, s + 1)
                        }
                        (None, true) => format!("#{} {pigs} 只猪 · 观看", i + 1),
                        (None, false) => format!("#{} {pigs} pigs · watched", i + 1),
                    }
                }
                PigSlot::Damaged { .. } => format!("#{} {}", i + 1, T::Damaged.tr(lang)),
            };
            let response = h.add(egui::Button::new(text).min_size(egui::vec2(150.0, 32.0)));
            if response.clicked()
                && let PigSlot::Saved(r) = &ui.slots[i]
            {
                match r.replay(TURN_CAP) {
                    Ok((start, events, end)) => {
                        commands.remove_resource::<PigSeat>();
                        commands.insert_resource(PigGame {
                            playing: true,
                            speed: 6.0,
                            ..PigGame::new(&start, events, result_of(&end))
                        });
                        next.set(AppState::PigTable);
                    }
                    Err(e) => ui.message = Some(e),
                }
            }
            if response.secondary_clicked() && !matches!(ui.slots[i], PigSlot::Empty) {
                ui.confirm_delete = Some(i);
            }
        }
    });
    if let Some(i) = ui.confirm_delete {
        p.horizontal(|h| {
            h.label(format!("#{} {}", i + 1, T::ConfirmDelete.tr(lang)));
            if h.button(T::Yes.tr(lang)).clicked() {
                if let Err(e) = dir.delete(i) {
                    warn!("delete failed: {e}");
                }
                reload = true;
            }
            if h.button(T::No.tr(lang)).clicked() {
                ui.confirm_delete = None;
            }
        });
    }
    if reload {
        ui.slots = (0..crate::saves::SLOT_COUNT)
            .map(|i| dir.load_pig(i))
            .collect();
        ui.confirm_delete = None;
    }
}
