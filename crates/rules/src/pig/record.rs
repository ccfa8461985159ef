//! A 猪国杀 game as a record: the table in the problem's input format, the seat a person
//! played (if any) and that person's answers in order. Replaying runs the engine again with
//! the answers, so a record rebuilds its game exactly.

use serde::{Deserialize, Serialize};

use super::conduct::ProblemConduct;
use super::engine::{Table, run};
use super::events::{Event, EventLog};
use super::judge::parse;
use super::seat::{Answer, Asker, Question, SeatConduct};
use super::state::Play;

pub const PIG_RECORD_VERSION: u32 = 1;

/// One answer of the person's pig.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RecordedAnswer {
    Play(Option<(usize, Option<usize>)>),
    Yes,
    No,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PigRecord {
    pub version: u32,
    /// The table in the problem's input format.
    pub input: String,
    pub seat: Option<usize>,
    pub answers: Vec<RecordedAnswer>,
    /// Seconds since the Unix epoch.
    pub last_played: u64,
}

/// The problem's input format for a table (the inverse of [`parse`]).
pub fn write_input(t: &Table) -> String {
    let mut out = format!("{} {}\n", t.n(), t.deck.len());
    for p in &t.pigs {
        let hand: Vec<String> = p.hand.iter().map(|c| c.letter().to_string()).collect();
        out.push_str(&format!("{} {}\n", p.role, hand.join(" ")));
    }
    let deck: Vec<String> = t.deck.iter().map(|c| c.letter().to_string()).collect();
    out.push_str(&deck.join(" "));
    out.push('\n');
    out
}

impl From<Answer> for RecordedAnswer {
    fn from(a: Answer) -> RecordedAnswer {
        match a {
            Answer::Play(p) => RecordedAnswer::Play(p.map(|p| (p.index, p.target))),
            Answer::Yes => RecordedAnswer::Yes,
            Answer::No => RecordedAnswer::No,
        }
    }
}

impl From<RecordedAnswer> for Answer {
    fn from(a: RecordedAnswer) -> Answer {
        match a {
            RecordedAnswer::Play(p) => {
                Answer::Play(p.map(|(index, target)| Play { index, target }))
            }
            RecordedAnswer::Yes => Answer::Yes,
            RecordedAnswer::No => Answer::No,
        }
    }
}

/// Gives the recorded answers back in order (running out answers "no").
struct Recorded {
    answers: std::vec::IntoIter<RecordedAnswer>,
    /// The person was asked more than the record answers: the game was left there.
    ran_out: bool,
}

impl Asker for Recorded {
    fn ask(&mut self, _: Question) -> Answer {
        self.answers.next().map_or_else(
            || {
                self.ran_out = true;
                Answer::No
            },
            Answer::from,
        )
    }
}

impl PigRecord {
    pub fn watched(table: &Table, last_played: u64) -> PigRecord {
        PigRecord {
            version: PIG_RECORD_VERSION,
            input: write_input(table),
            seat: None,
            answers: vec![],
            last_played,
        }
    }

    /// Replays the record: the starting table, every event, and the final table.
    pub fn replay(&self, max_turns: u64) -> Result<(Table, Vec<Event>, Table), String> {
        self.replay_checked(max_turns)
            .map(|(start, events, end, _)| (start, events, end))
    }

    /// Whether a person's seat was left with a decision to make: the record's answers run
    /// out before the game ends, so the game goes on from there (a replay would only make
    /// up the person's answers).
    pub fn awaits_person(&self, max_turns: u64) -> Result<bool, String> {
        self.replay_checked(max_turns).map(|(.., ran_out)| ran_out)
    }

    fn replay_checked(&self, max_turns: u64) -> Result<(Table, Vec<Event>, Table, bool), String> {
        if self.version != PIG_RECORD_VERSION {
            return Err(format!(
                "record format {} (this game reads {PIG_RECORD_VERSION})",
                self.version
            ));
        }
        let start = parse(&self.input).map_err(|e| e.to_string())?;
        let mut table = start.clone();
        let mut log = EventLog::default();
        match self.seat {
            Some(seat) if seat < table.n() => {
                let mut conduct = SeatConduct {
                    seat,
                    asker: Recorded {
                        answers: self.answers.clone().into_iter(),
                        ran_out: false,
                    },
                };
                run(&mut table, &mut conduct, &mut log, max_turns);
                return Ok((start, log.0, table, conduct.asker.ran_out));
            }
            Some(seat) => return Err(format!("seat {seat} is not at this table")),
            None => {
                run(&mut table, &mut ProblemConduct, &mut log, max_turns);
            }
        }
        Ok((start, log.0, table, false))
    }
}
