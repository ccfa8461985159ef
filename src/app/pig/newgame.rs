//! The 猪国杀 setup screen: the table (pigs, roles, deck size, card weights, seed, or an
//! input in the problem's format), watching or taking a seat, and the 猪国杀 save slots.
//! The last setup is remembered in the save folder (written atomically).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bw_rules::pig::engine::Table;
use bw_rules::pig::judge::parse;
use bw_rules::pig::record::PigRecord;
use bw_rules::pig::setup::PigSetup;
use bw_rules::pig::{Card, Role};

use super::{PigTextsRes, StartPig, TURN_CAP, card_name, role_goal, role_name};
use crate::app::Saves;
use crate::app::i18n::{Locale, damage};
use crate::app::screens::slots::confirm_delete;
use crate::app::state::{PigScreen, Screen};
use crate::app::theme::{self, setting_step, step};
use crate::saves::{FileState, PigSlot, SLOT_COUNT, SaveDir, read_ron, write_ron};
use crate::tr;

/// The remembered setup, in the save folder.
pub const SETUP_FILE: &str = "pig-setup.ron";

/// The setup being edited.
#[derive(Resource, Clone, Debug)]
pub struct PigSetupUi {
    pub setup: PigSetup,
    /// The pig a person plays in "take a seat".
    pub seat: usize,
    pub seed_text: String,
    /// A problem-format input file (the advanced way to set a table).
    pub file: String,
    pub message: Option<String>,
    /// The 猪国杀 save slots as last read.
    pub slots: Vec<PigSlot>,
    /// For each slot: a seated game left with its person to decide (it continues, it does
    /// not replay).
    pub awaiting: Vec<bool>,
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
            slots: Vec::new(),
            awaiting: Vec::new(),
            confirm_delete: None,
        }
    }
}

impl PigSetupUi {
    /// Reads the slots again.
    pub fn reload(&mut self, dir: &SaveDir) {
        self.slots = (0..SLOT_COUNT)
            .map(|i| dir.load::<PigRecord>(i, &()))
            .collect();
        self.awaiting = self
            .slots
            .iter()
            .map(|s| match s {
                PigSlot::Saved(r) => r.seat.is_some() && r.awaits_person(TURN_CAP).unwrap_or(false),
                _ => false,
            })
            .collect();
        self.confirm_delete = None;
        // What was said about the slots (all taken, a record that would not replay) was
        // said about the slots as they were.
        self.message = None;
    }

    /// The slot a new game goes to: the first empty one; `None` when all are taken.
    pub fn free_slot(&self) -> Option<usize> {
        (0..SLOT_COUNT).find(|&i| matches!(self.slots.get(i), None | Some(PigSlot::Empty)))
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<PigSetupUi>()
        .add_systems(OnEnter(PigScreen::Setup), (remember_setup, refresh_slots));
}

pub(super) fn ui_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        setup_screen.run_if(in_state(PigScreen::Setup)),
    );
}

/// Reads the remembered setup once (a damaged file is reported and ignored).
fn remember_setup(mut ui: ResMut<PigSetupUi>, saves: Res<Saves>, mut done: Local<bool>) {
    if std::mem::replace(&mut *done, true) {
        return;
    }
    match read_ron::<PigSetup>(&saves.0.dir.join(SETUP_FILE)) {
        FileState::Loaded(s) if s.validate().is_ok() => {
            // The same table, dealt anew: the remembered seed was played.
            ui.setup = s;
            ui.seed_text = fresh_seed().to_string();
        }
        FileState::Loaded(_) | FileState::Missing => {}
        FileState::Damaged(e) => warn!("{SETUP_FILE} ignored: {e}"),
    }
}

pub fn refresh_slots(mut ui: ResMut<PigSetupUi>, saves: Res<Saves>) {
    ui.reload(&saves.0);
}

/// A seed for a new table, from the clock (shown, and editable, before the table starts:
/// a table is replayed by typing its seed).
fn fresh_seed() -> u64 {
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64);
    // Short enough to read and type.
    bw_rules::rng::SplitMix64::new(nanos).below(1_000_000_000) + 1
}

/// How a table starts from the setup screen.
enum Start {
    Watch(Table),
    Seat(Table, usize),
}

fn setup_screen(
    mut starts: MessageWriter<StartPig>,
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    texts: Res<PigTextsRes>,
    saves: Res<Saves>,
    mut ui: ResMut<PigSetupUi>,
    mut screen: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut start = None;
    theme::page(ctx, |p| {
        p.add_space(24.0);
        theme::header(p, &tr!(loc, "pig-kill"));
        p.vertical_centered(|p| theme::hint(p, &tr!(loc, "settings-step-help")));
        p.add_space(16.0);
        let ui = &mut *ui;
        let s = &mut ui.setup;
        let n = s.roles.len();
        p.columns(5, |cols| {
            let by = setting_step(&mut cols[0], &tr!(loc, "pig-count"), &n.to_string());
            if by != 0 {
                let counts: Vec<usize> = (2..=10).collect();
                s.roles.resize(step(&counts, n, by), Role::FP);
            }
            let by = setting_step(
                &mut cols[1],
                &tr!(loc, "pig-deck-size"),
                &s.deck_size.to_string(),
            );
            if by != 0 {
                s.deck_size = step(&[50, 200, 500, 2000], s.deck_size, by);
            }
        });
        ui.seat = ui.seat.min(s.roles.len() - 1);
        p.add_space(12.0);
        p.label(tr!(loc, "pig-roles-help"));
        p.horizontal_wrapped(|h| {
            for (i, r) in s.roles.iter_mut().enumerate() {
                let label = format!("{} {}", i + 1, role_name(&texts.0, &loc, *r));
                let goal = role_goal(&loc, *r);
                if h.add_enabled(
                    i > 0,
                    egui::Button::new(label).min_size(egui::vec2(96.0, 36.0)),
                )
                .on_hover_text(goal.as_str())
                .on_disabled_hover_text(goal.as_str())
                .clicked()
                {
                    *r = if *r == Role::ZP { Role::FP } else { Role::ZP };
                }
            }
        });
        // What each role plays for, under the roles.
        for r in [Role::MP, Role::ZP, Role::FP] {
            theme::hint(p, &role_goal(&loc, r));
        }
        p.add_space(12.0);
        p.label(tr!(loc, "pig-card-weights"));
        p.horizontal_wrapped(|h| {
            for (i, c) in Card::ALL.iter().enumerate() {
                h.label(card_name(&texts.0, &loc, *c));
                h.add(egui::DragValue::new(&mut s.weights[i]).range(0..=99));
                h.add_space(8.0);
            }
        });
        p.add_space(12.0);
        p.horizontal(|h| {
            h.label(tr!(loc, "seed"));
            h.add(egui::TextEdit::singleline(&mut ui.seed_text).desired_width(140.0));
            if h.button(tr!(loc, "pig-new-seed")).clicked() {
                ui.seed_text = fresh_seed().to_string();
            }
        });
        if let Ok(seed) = ui.seed_text.trim().parse() {
            ui.setup.seed = seed;
        }
        p.add_space(16.0);
        p.horizontal(|h| {
            if h.add(egui::Button::new(
                egui::RichText::new(tr!(loc, "pig-watch")).size(22.0),
            ))
            .clicked()
            {
                match ui.setup.deal() {
                    Ok(t) => start = Some(Start::Watch(t)),
                    Err(e) => ui.message = Some(e),
                }
            }
            let seat_label = tr!(loc, "pig-take-seat", n = ui.seat + 1);
            if h.add(egui::Button::new(
                egui::RichText::new(seat_label).size(22.0),
            ))
            .clicked()
            {
                match ui.setup.deal() {
                    Ok(t) => start = Some(Start::Seat(t, ui.seat)),
                    Err(e) => ui.message = Some(e),
                }
            }
            let next = (ui.seat + 1) % ui.setup.roles.len();
            if h.button(tr!(loc, "pig-other-pig", n = next + 1)).clicked() {
                ui.seat = next;
            }
        });
        p.add_space(12.0);
        egui::CollapsingHeader::new(tr!(loc, "pig-advanced")).show(p, |p| {
            p.horizontal(|h| {
                h.label(tr!(loc, "pig-open-file"));
                h.add(egui::TextEdit::singleline(&mut ui.file).desired_width(360.0));
            });
            p.horizontal(|h| {
                let read = || {
                    std::fs::read_to_string(ui.file.trim())
                        .map_err(|e| e.to_string())
                        .and_then(|t| parse(&t).map_err(|e| e.to_string()))
                };
                if h.button(tr!(loc, "pig-watch")).clicked() {
                    match read() {
                        Ok(t) => start = Some(Start::Watch(t)),
                        Err(e) => ui.message = Some(e),
                    }
                }
                if h.button(tr!(loc, "pig-take-seat", n = ui.seat + 1))
                    .clicked()
                {
                    match read() {
                        Ok(t) if ui.seat < t.n() => start = Some(Start::Seat(t, ui.seat)),
                        Ok(t) => {
                            ui.message =
                                Some(tr!(loc, "pig-no-such-pig", n = ui.seat + 1, pigs = t.n()))
                        }
                        Err(e) => ui.message = Some(e),
                    }
                }
            });
        });
        if let Some(m) = &ui.message {
            theme::warning(p, m);
        }
        p.add_space(16.0);
        slots_row(p, &loc, ui, &mut starts);
        p.add_space(16.0);
        if p.button(tr!(loc, "back")).clicked() {
            screen.set(Screen::Menu);
        }
    });
    if confirm_delete::<PigRecord>(ctx, &loc, &mut ui.confirm_delete, &saves.0) {
        ui.reload(&saves.0);
    }
    if let Some(start) = start {
        // Remember the setup for next time.
        if let Err(e) = write_ron(&saves.0.dir.join(SETUP_FILE), &ui.setup) {
            warn!("{SETUP_FILE} not saved: {e}");
        }
        // Watching takes no slot (the seed shows it again); a seat keeps its game in one.
        let message = match start {
            Start::Watch(table) => {
                starts.write(StartPig::Watch { table, slot: None });
                None
            }
            Start::Seat(table, seat) => match ui.free_slot() {
                Some(slot) => {
                    starts.write(StartPig::Seat {
                        table,
                        seat,
                        slot: Some(slot),
                    });
                    None
                }
                None => Some(tr!(loc, "pig-slots-full")),
            },
        };
        // The next table is another one: a fresh seed, shown (and editable) for it.
        if message.is_none() {
            ui.seed_text = fresh_seed().to_string();
        }
        ui.message = message;
    }
    Ok(())
}

/// The 猪国杀 save slots: left click continues a seated game that has not ended, or replays
/// a finished or watched one; ▶ always replays; right click deletes (after a confirmation).
fn slots_row(
    p: &mut egui::Ui,
    loc: &Locale,
    ui: &mut PigSetupUi,
    starts: &mut MessageWriter<StartPig>,
) {
    p.horizontal(|h| {
        h.label(tr!(loc, "save-slots"));
        theme::hint(h, &tr!(loc, "pig-slot-help"));
    });
    p.horizontal_wrapped(|h| {
        for i in 0..ui.slots.len() {
            let text = match &ui.slots[i] {
                PigSlot::Empty => format!("#{} {}", i + 1, tr!(loc, "empty-slot")),
                PigSlot::Saved(r) => {
                    let pigs: usize = r
                        .input
                        .split_whitespace()
                        .next()
                        .and_then(|n| n.parse().ok())
                        .unwrap_or(0);
                    match r.seat {
                        Some(s) if ui.awaiting.get(i).copied().unwrap_or(false) => tr!(
                            loc,
                            "pig-slot-to-decide",
                            slot = i + 1,
                            pigs = pigs,
                            pig = s + 1
                        ),
                        Some(s) => tr!(
                            loc,
                            "pig-slot-seated",
                            slot = i + 1,
                            pigs = pigs,
                            pig = s + 1
                        ),
                        None => tr!(loc, "pig-slot-watched", slot = i + 1, pigs = pigs),
                    }
                }
                PigSlot::Damaged { damage: d, .. } => {
                    format!("#{} {}: {}", i + 1, tr!(loc, "damaged"), damage(loc, d))
                }
            };
            let response = h.add(egui::Button::new(text).min_size(egui::vec2(150.0, 32.0)));
            // A seated game left with the person to decide goes on where it stopped (its
            // replay would show the other pigs' hands and make up the person's answers).
            let unfinished = ui.awaiting.get(i).copied().unwrap_or(false);
            let replay = matches!(ui.slots[i], PigSlot::Saved(_))
                && h.add_enabled(!unfinished, egui::Button::new("▶"))
                    .on_disabled_hover_text(tr!(loc, "pig-slot-continue-first"))
                    .clicked();
            if let PigSlot::Saved(r) = &ui.slots[i]
                && (response.clicked() || replay)
            {
                // The slot was checked by replaying it when it was read.
                starts.write(if !replay && unfinished {
                    StartPig::Resume {
                        record: r.clone(),
                        slot: Some(i),
                    }
                } else {
                    StartPig::Replay { record: r.clone() }
                });
            }
            if response.secondary_clicked() && !matches!(ui.slots[i], PigSlot::Empty) {
                ui.confirm_delete = Some(i);
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "Every slot is taken" was said about the slots as they were: once one is freed and
    /// the slots are read again, the message is gone and a new game has a slot.
    #[test]
    fn the_slots_full_message_goes_once_a_slot_is_freed() {
        let tmp = tempfile::tempdir().unwrap();
        let dir = SaveDir::new(tmp.path());
        std::fs::create_dir_all(&dir.dir).unwrap();
        for i in 0..SLOT_COUNT {
            std::fs::write(dir.path::<PigRecord>(i), "not a record").unwrap();
        }
        let mut ui = PigSetupUi::default();
        ui.reload(&dir);
        assert_eq!(ui.free_slot(), None);
        ui.message = Some("every slot is taken".into());
        std::fs::remove_file(dir.path::<PigRecord>(2)).unwrap();
        ui.reload(&dir);
        assert_eq!(ui.free_slot(), Some(2));
        assert_eq!(ui.message, None);
    }
}
