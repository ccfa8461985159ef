//! 猪国杀 at the table: set up a table (roles, a seeded random deck with card weights, or an
//! input in the problem's format; the last setup is remembered), watch the game step by step
//! — one event, one turn, play and pause at a chosen speed, jump to the end — or take a seat
//! and play one pig. Watching shows every pig face up (it is a simulation); a seated person
//! sees only what their pig may know.

mod cards;
mod game;
mod newgame;
mod seat;
pub mod sounds;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::EguiPrimaryContextPass;
use bw_rules::pig::content::PigTexts;
use bw_rules::pig::engine::{Outcome, Table, run};
use bw_rules::pig::judge::format;
use bw_rules::pig::view::TableView;
use bw_rules::pig::{Card, Event, EventLog, ProblemConduct, Role};

use bw_rules::pig::record::PigRecord;

use crate::app::Saves;
use crate::app::i18n::Locale;
use crate::app::state::{PigScreen, Screen};
pub use crate::saves::PIG_TURN_CAP as TURN_CAP;
pub use newgame::PigSetupUi;
pub use seat::{PigAnswer, PigSeat, SeatSlot};

/// Starts a 猪国杀 table, from the setup screen, the slots, a test or a screenshot: the one
/// way to start a game, as `StartBracketGame` and `StartJunqi` are for the other two games.
/// `slot`: the save slot that keeps the game (`None`: it is not kept).
#[derive(Message, Clone, Debug)]
pub enum StartPig {
    /// A new table, watched as it plays itself.
    Watch { table: Table, slot: Option<usize> },
    /// A new table with `seat` played by the person.
    Seat {
        table: Table,
        seat: usize,
        slot: Option<usize>,
    },
    /// A seated game continued from its record, where the person was left to decide.
    Resume {
        record: PigRecord,
        slot: Option<usize>,
    },
    /// A kept game replayed from its record.
    Replay { record: PigRecord },
}

/// A game and how far it is shown. A seated game holds only what the person's pig may see.
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
    /// How the game ended, once it has.
    pub outcome: Option<Outcome>,
}

/// The judge-format output of a finished table, or `None` when the turn cap stopped it.
pub fn result_of(end: &Table) -> Option<String> {
    end.outcome
        .filter(|o| *o != Outcome::NoResult)
        .map(|_| format(end))
}

impl PigGame {
    /// A game shown from its first event.
    pub fn new(start: &Table, events: Vec<Event>, end: Option<&Table>) -> PigGame {
        let start = TableView::start(start);
        PigGame {
            view: start.clone(),
            start,
            events,
            shown: 0,
            playing: false,
            speed: 4.0,
            carry: 0.0,
            result: end.and_then(result_of),
            outcome: end.and_then(|e| e.outcome),
        }
    }

    /// Plays the table to its end (or the turn cap), keeping every event.
    pub fn simulate(table: Table) -> PigGame {
        let mut end = table.clone();
        let mut log = EventLog::default();
        run(&mut end, &mut ProblemConduct, &mut log, TURN_CAP);
        PigGame::new(&table, log.0, Some(&end))
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

/// 猪国杀's logic: starting tables, playing them on, a person's seat, sounds.
pub fn plugin(app: &mut App) {
    app.insert_resource(PigTextsRes(PigTexts::builtin()))
        .add_message::<StartPig>()
        .add_message::<PigAnswer>()
        .add_plugins(newgame::plugin)
        .add_systems(Update, start_table)
        .add_systems(
            Update,
            (
                advance,
                seat::apply_answers,
                seat::pump,
                sounds::table_sounds,
            )
                .chain()
                .run_if(in_state(PigScreen::Table)),
        )
        .add_systems(OnExit(PigScreen::Table), seat::leave_table);
}

/// 猪国杀's screens: the setup and its slots, the table.
pub fn ui_plugin(app: &mut App) {
    app.add_plugins(newgame::ui_plugin).add_systems(
        EguiPrimaryContextPass,
        game::table_screen.run_if(in_state(PigScreen::Table)),
    );
}

/// Starts the tables asked for: keeps a new one in its slot, then shows the table.
fn start_table(
    mut starts: MessageReader<StartPig>,
    mut commands: Commands,
    saves: Res<Saves>,
    mut screen: ResMut<NextState<Screen>>,
    mut next: ResMut<NextState<PigScreen>>,
) {
    for start in starts.read().cloned() {
        let keep = |commands: &mut Commands, slot: Option<usize>| {
            if let Some(slot) = slot {
                commands.insert_resource(SeatSlot(saves.0.clone(), slot));
            }
        };
        match start {
            StartPig::Watch { table, slot } => {
                if let Some(slot) = slot {
                    let record = PigRecord::watched(&table, crate::saves::now());
                    if let Err(e) = saves.0.store(slot, &record) {
                        warn!("the table could not be saved: {e}");
                    }
                }
                commands.insert_resource(PigGame::simulate(table));
            }
            StartPig::Seat { table, seat, slot } => {
                seat::take_seat(&mut commands, table, seat);
                keep(&mut commands, slot);
            }
            StartPig::Resume { record, slot } => match record.replay(TURN_CAP) {
                Ok((table, _, _)) => {
                    seat::resume_seat(&mut commands, table, record);
                    keep(&mut commands, slot);
                }
                Err(e) => {
                    warn!("the game could not be continued: {e}");
                    continue;
                }
            },
            StartPig::Replay { record } => match record.replay(TURN_CAP) {
                Ok((start, events, end)) => {
                    commands.insert_resource(PigGame {
                        playing: true,
                        speed: 6.0,
                        ..PigGame::new(&start, events, Some(&end))
                    });
                }
                Err(e) => {
                    warn!("the game could not be replayed: {e}");
                    continue;
                }
            },
        }
        NextState::set_if_neq(&mut *screen, Screen::Pig);
        next.set(PigScreen::Table);
    }
}

/// Plays the game forward at its speed, keeping the reactive window awake while it plays.
fn advance(
    time: Res<Time>,
    game: Option<ResMut<PigGame>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(mut game) = game else { return };
    if !game.playing {
        return;
    }
    redraw.write(RequestRedraw);
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

pub fn role_name(texts: &PigTexts, loc: &Locale, role: Role) -> String {
    texts.role(role).get(&loc.code).to_string()
}

/// What a role plays for, in a sentence (hover text wherever a role is shown).
pub fn role_goal(loc: &Locale, role: Role) -> String {
    match role {
        Role::MP => crate::tr!(loc, "pig-role-goal-mp"),
        Role::ZP => crate::tr!(loc, "pig-role-goal-zp"),
        Role::FP => crate::tr!(loc, "pig-role-goal-fp"),
    }
}

pub fn card_name(texts: &PigTexts, loc: &Locale, card: Card) -> String {
    texts.card(card).name.get(&loc.code).to_string()
}
