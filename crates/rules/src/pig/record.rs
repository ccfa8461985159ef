//! A 猪国杀 game as a record: the table in the problem's input format, the seat a person
//! played (if any) and that person's answers in order. Replaying runs the engine again with
//! the answers, so a record rebuilds its game exactly.

use std::sync::Arc;
use std::sync::Mutex;

use serde::{Deserialize, Serialize};

use super::brain::{Brain, NullifyAsk, Play, ProblemBrain};
use super::cards::Card;
use super::engine::{Table, run};
use super::events::{Event, EventLog};
use super::judge::parse;

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

/// Answers the seat's questions from a list, in order (running out answers "no").
struct Scripted {
    seat: usize,
    answers: Vec<RecordedAnswer>,
    next: usize,
}

impl Scripted {
    fn take(&mut self) -> RecordedAnswer {
        let a = self
            .answers
            .get(self.next)
            .copied()
            .unwrap_or(RecordedAnswer::No);
        self.next += 1;
        a
    }
}

impl Brain for Scripted {
    fn next_play(&mut self, t: &Table, pig: usize, kill_used: bool) -> Option<Play> {
        if pig != self.seat {
            return ProblemBrain.next_play(t, pig, kill_used);
        }
        if super::engine::legal_plays(t, pig, kill_used).is_empty() {
            return None;
        }
        match self.take() {
            RecordedAnswer::Play(Some((index, target))) => Some(Play { index, target }),
            _ => None,
        }
    }
    fn dodge(&mut self, t: &Table, pig: usize, a: usize) -> bool {
        if pig != self.seat {
            ProblemBrain.dodge(t, pig, a)
        } else {
            self.take() == RecordedAnswer::Yes
        }
    }
    fn area_answer(&mut self, t: &Table, pig: usize, c: Card, u: usize) -> bool {
        if pig != self.seat {
            ProblemBrain.area_answer(t, pig, c, u)
        } else {
            self.take() == RecordedAnswer::Yes
        }
    }
    fn duel_kill(&mut self, t: &Table, pig: usize, o: usize) -> bool {
        if pig != self.seat {
            ProblemBrain.duel_kill(t, pig, o)
        } else {
            self.take() == RecordedAnswer::Yes
        }
    }
    fn nullify(&mut self, t: &Table, pig: usize, ask: NullifyAsk) -> bool {
        if pig != self.seat {
            ProblemBrain.nullify(t, pig, ask)
        } else {
            self.take() == RecordedAnswer::Yes
        }
    }
    fn dying_peach(&mut self, t: &Table, pig: usize) -> bool {
        if pig != self.seat {
            ProblemBrain.dying_peach(t, pig)
        } else {
            self.take() == RecordedAnswer::Yes
        }
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
                let mut brain = Scripted {
                    seat,
                    answers: self.answers.clone(),
                    next: 0,
                };
                run(&mut table, &mut brain, &mut log, max_turns);
            }
            Some(seat) => return Err(format!("seat {seat} is not at this table")),
            None => {
                run(&mut table, &mut ProblemBrain, &mut log, max_turns);
            }
        }
        Ok((start, log.0, table))
    }
}

/// The answers of a live seat, shared with the thread that records them.
pub type SharedAnswers = Arc<Mutex<Vec<RecordedAnswer>>>;
