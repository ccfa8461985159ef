//! Taking a seat at the 猪国杀 table: the person's pig is asked every decision (which card
//! and target, 闪, 杀 in a duel, 无懈可击, 桃 when dying); every other pig follows the
//! problem's conduct. The table plays on to the person's next question on the task pool
//! ([`Thinking`], as every computer in the window thinks), from the rules crate's resumable
//! [`SeatedGame`]. A seated game saves after every answer and resumes from its slot with the
//! answers it was given.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::egui;
use bw_rules::pig::conduct::NullifyAsk;
use bw_rules::pig::engine::Table;
use bw_rules::pig::record::PigRecord;
use bw_rules::pig::seat::{Answer, Progress, Question, SeatedGame};
use bw_rules::pig::view::seen_event;
use bw_rules::pig::{Card, Event};

use super::{PigGame, PigTextsRes, TURN_CAP, card_name};
use crate::app::i18n::Locale;
use crate::app::thinking::Thinking;
use crate::saves::SaveDir;
use crate::tr;

/// Where a seated game saves itself after every answer.
#[derive(Resource, Clone, Debug)]
pub struct SeatSlot(pub SaveDir, pub usize);

/// The person's seat and the table played on to their next question.
#[derive(Resource)]
pub struct PigSeat {
    pub seat: usize,
    game: SeatedGame,
    /// The table playing on to the next question (the game comes back with it).
    playing: Thinking<(SeatedGame, Progress)>,
    /// Events already shown.
    shown: usize,
    /// The decision waiting for the person.
    pub question: Option<Question>,
    /// The game is over (or was stopped at the turn cap).
    pub finished: bool,
    /// The game so far as a record (the table and the person's answers).
    pub record: PigRecord,
}

/// The person's decision at the 猪国杀 table: the one way a seated game moves on, as
/// `BracketMove` and `JunqiIntent` are for the other two games.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PigAnswer(pub Answer);

/// Carries out the person's answer to the question they were asked (an answer when nothing
/// was asked is dropped), and lets the table play on.
pub fn apply_answers(mut answers: MessageReader<PigAnswer>, seat: Option<ResMut<PigSeat>>) {
    let Some(mut seat) = seat else {
        answers.clear();
        return;
    };
    for PigAnswer(a) in answers.read().copied() {
        if seat.question.is_some() {
            seat.answer(a);
        }
    }
}

impl PigSeat {
    fn answer(&mut self, a: Answer) {
        self.record.answers.push(a.into());
        self.record.last_played = crate::saves::now();
        self.game.answer(a);
        self.question = None;
        self.play_on();
    }

    fn play_on(&mut self) {
        let mut game = self.game.clone();
        self.playing.start(move || {
            let progress = game.progress();
            (game, progress)
        });
    }
}

/// Starts a live table with `seat` played by the person.
pub fn take_seat(commands: &mut Commands, table: Table, seat: usize) {
    let mut record = PigRecord::watched(&table, crate::saves::now());
    record.seat = Some(seat);
    resume_seat(commands, table, record);
}

/// Continues a seated game from its record: the table plays again with the recorded
/// answers, up to the person's next question.
pub fn resume_seat(commands: &mut Commands, table: Table, record: PigRecord) {
    let seat = record.seat.unwrap_or(0);
    let answers = record.answers.iter().map(|&a| a.into()).collect();
    let mut seat = PigSeat {
        seat,
        game: SeatedGame::resumed(table.clone(), seat, TURN_CAP, answers),
        playing: Thinking::default(),
        shown: 0,
        question: None,
        finished: false,
        record,
    };
    seat.play_on();
    commands.insert_resource(PigGame::new(&table, Vec::new(), None));
    commands.insert_resource(seat);
}

/// Takes in where the table stands once it played on: the new events (only as the person's
/// pig sees them), then the question, or the end.
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
        && let Some(slot) = slot
        && let Err(e) = slot.0.store(slot.1, &seat.record)
    {
        warn!("the table could not be saved: {e}");
    }
    if !seat.playing.busy() {
        return;
    }
    // The table is playing on: keep the window awake until it asks or ends.
    redraw.write(RequestRedraw);
    let Some((played, progress)) = seat.playing.poll() else {
        return;
    };
    seat.game = played;
    // The turn played again starts at or before what is shown.
    let skip = (seat.shown - progress.from.min(seat.shown)).min(progress.events.len());
    for e in &progress.events[skip..] {
        game.events.push(seen_event(e, seat.seat));
    }
    seat.shown = progress.from + progress.events.len();
    let n = game.events.len();
    game.show(n);
    match (progress.question, progress.end) {
        (Some(q), _) => seat.question = Some(q),
        (None, end) => {
            seat.finished = true;
            if let Some(end) = end {
                game.result = super::result_of(&end);
                game.outcome = end.outcome;
            }
        }
    }
}

/// Leaving the table ends a seated game (work still running is dropped); it stays in its
/// slot.
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
