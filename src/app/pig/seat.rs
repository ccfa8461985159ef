//! Taking a seat at the 猪国杀 table: the engine runs on its own thread; the person's pig
//! is asked every decision (which card and target, 闪, 杀 in a duel, 无懈可击, 桃 when
//! dying); every other pig follows the problem's behaviour. A seated game saves after every
//! answer and can be resumed from its slot: its recorded answers are given again first.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::egui;
use bw_rules::pig::conduct::NullifyAsk;
use bw_rules::pig::engine::Table;
use bw_rules::pig::record::{PigRecord, RecordedAnswer};
use bw_rules::pig::seat::{Answer, FromTable, Question, play_seat};
use bw_rules::pig::view::seen_event;
use bw_rules::pig::{Card, Event};

use super::{PigGame, PigTextsRes, TURN_CAP, card_name};
use crate::app::i18n::Locale;
use crate::saves::SaveDir;
use crate::tr;

/// Where a seated game saves itself after every answer.
#[derive(Resource, Clone, Debug)]
pub struct SeatSlot(pub SaveDir, pub usize);

/// The person's seat and the line to the engine thread.
#[derive(Resource)]
pub struct PigSeat {
    pub seat: usize,
    from_table: Mutex<Receiver<FromTable>>,
    to_table: Sender<Answer>,
    thread: Mutex<Option<JoinHandle<Table>>>,
    /// Answers of a resumed game, given again before the person is asked.
    replaying: VecDeque<RecordedAnswer>,
    /// The decision waiting for the person.
    pub question: Option<Question>,
    /// The game is over (or was stopped at the turn cap) and the thread has ended.
    pub finished: bool,
    /// The game so far as a record (the table and the person's answers).
    pub record: PigRecord,
}

impl PigSeat {
    pub fn answer(&mut self, a: Answer) {
        self.record.answers.push(a.into());
        self.record.last_played = crate::saves::now();
        let _ = self.to_table.send(a);
        self.question = None;
    }
}

/// Starts a live table with `seat` played by the person.
pub fn take_seat(commands: &mut Commands, table: Table, seat: usize) {
    let mut record = PigRecord::watched(&table, crate::saves::now());
    record.seat = Some(seat);
    resume_seat(commands, table, record);
}

/// Continues a seated game from its record: the engine starts again and is given the
/// recorded answers, then asks the person.
pub fn resume_seat(commands: &mut Commands, table: Table, mut record: PigRecord) {
    let seat = record.seat.unwrap_or(0);
    let replaying: VecDeque<RecordedAnswer> = std::mem::take(&mut record.answers).into();
    let game = PigGame::new(&table, Vec::new(), None);
    let (from_table, to_table, thread) = play_seat(table, seat, TURN_CAP);
    commands.insert_resource(game);
    commands.insert_resource(PigSeat {
        seat,
        from_table: Mutex::new(from_table),
        to_table,
        thread: Mutex::new(Some(thread)),
        replaying,
        question: None,
        finished: false,
        record,
    });
}

/// Takes in what the engine thread sent: events (only as the person's pig sees them) and
/// questions (answered from the record while a resumed game catches up).
pub fn pump(
    seat: Option<ResMut<PigSeat>>,
    game: Option<ResMut<PigGame>>,
    slot: Option<Res<SeatSlot>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let (Some(mut seat), Some(mut game)) = (seat, game) else {
        return;
    };
    // Save the game as it stands after each answer.
    if seat.is_changed()
        && seat.replaying.is_empty()
        && let Some(slot) = slot
        && let Err(e) = slot.0.store_pig(slot.1, &seat.record)
    {
        warn!("the table could not be saved: {e}");
    }
    if seat.question.is_some() || seat.finished {
        return;
    }
    // The engine thread is working: keep the window awake until it asks or ends.
    redraw.write(RequestRedraw);
    loop {
        let msg = seat.from_table.lock().expect("one reader").try_recv();
        match msg {
            Ok(FromTable::Event(e)) => {
                game.events.push(seen_event(&e, seat.seat));
                let n = game.events.len();
                game.show(n);
            }
            Ok(FromTable::Ask(q)) => {
                if let Some(a) = seat.replaying.pop_front() {
                    seat.answer(a.into());
                    continue;
                }
                seat.question = Some(q);
                return;
            }
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => {
                seat.finished = true;
                if let Some(handle) = seat.thread.lock().expect("one owner").take()
                    && let Ok(end) = handle.join()
                {
                    game.result = super::result_of(&end);
                    game.outcome = end.outcome;
                }
                return;
            }
        }
    }
}

/// Leaving the table ends a seated game's thread (dropping the channels ends it) and the
/// game; it stays in its slot.
pub fn leave_table(mut commands: Commands) {
    commands.remove_resource::<PigSeat>();
    commands.remove_resource::<SeatSlot>();
}

/// Whether a game event ended the game.
pub fn ended(events: &[Event]) -> bool {
    matches!(events.last(), Some(Event::End { .. }))
}

/// The question panel; returns the answer the person gave, if any.
pub fn question_panel(
    ui: &mut egui::Ui,
    loc: &Locale,
    texts: &PigTextsRes,
    seat: usize,
    q: &Question,
) -> Option<Answer> {
    let pig = |p: usize| tr!(loc, "pig-n", n = p + 1);
    let card = |c: Card| card_name(&texts.0, loc, c);
    let yes_no = |ui: &mut egui::Ui, text: String| -> Option<Answer> {
        ui.label(egui::RichText::new(text).size(18.0));
        let mut a = None;
        ui.horizontal(|h| {
            if h.button(tr!(loc, "yes")).clicked() {
                a = Some(Answer::Yes);
            }
            if h.button(tr!(loc, "no")).clicked() {
                a = Some(Answer::No);
            }
        });
        a
    };
    ui.label(egui::RichText::new(tr!(loc, "pig-you-are", pig = pig(seat))).strong());
    match q {
        Question::Play { legal, hand } => {
            ui.label(tr!(loc, "pig-which-card"));
            let mut a = None;
            for play in legal {
                let c = hand[play.index];
                let text = match play.target {
                    Some(t) => tr!(loc, "pig-play-on", card = card(c), target = pig(t)),
                    None => card(c),
                };
                if ui.button(text).clicked() {
                    a = Some(Answer::Play(Some(*play)));
                }
            }
            if ui.button(tr!(loc, "pig-end-turn")).clicked() {
                a = Some(Answer::Play(None));
            }
            a
        }
        Question::Dodge { attacker } => {
            yes_no(ui, tr!(loc, "pig-ask-dodge", attacker = pig(*attacker)))
        }
        Question::AreaAnswer { card: c, user } => {
            let answer = if *c == Card::N { Card::K } else { Card::D };
            yes_no(
                ui,
                tr!(
                    loc,
                    "pig-ask-area",
                    user = pig(*user),
                    card = card(*c),
                    answer = card(answer)
                ),
            )
        }
        Question::DuelKill { opponent } => {
            yes_no(ui, tr!(loc, "pig-ask-duel", opponent = pig(*opponent)))
        }
        Question::Nullify { ask } => yes_no(
            ui,
            match ask {
                NullifyAsk::Protect { target } => {
                    tr!(loc, "pig-ask-nullify-protect", target = pig(*target))
                }
                NullifyAsk::Counter { user } => {
                    tr!(loc, "pig-ask-nullify-counter", user = pig(*user))
                }
            },
        ),
        Question::DyingPeach => yes_no(ui, tr!(loc, "pig-ask-peach")),
    }
}
