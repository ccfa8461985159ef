//! A seat played by someone outside the engine (a person at the table), without a thread:
//! [`SeatedGame`] plays the table up to the seat's next decision ([`Question`]) and stops;
//! [`SeatedGame::answer`] gives the [`Answer`] and the next call goes on from there. Every
//! other seat follows the problem's conduct.
//!
//! The engine is deterministic, so the game at any moment is the starting table played
//! again with the answers given so far: that is how a seated game resumes from a save slot.
//! Between questions it keeps the table at the start of the current turn and plays only
//! that turn again with the new answer.

use std::cell::Cell;
use std::rc::Rc;

use super::cards::Card;
use super::conduct::{Conduct, ProblemConduct};
use super::engine::{Table, legal_plays};
use super::events::{Event, Sink};
use super::state::{NullifyAsk, Play};

/// A decision the seat must make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// Which card to play now (any of `legal`), or none to end the play phase.
    Play { legal: Vec<Play>, hand: Vec<Card> },
    /// Play 闪 against a 杀 from `attacker`?
    Dodge { attacker: usize },
    /// Answer an area card (`card` is N or W) from `user`?
    AreaAnswer { card: Card, user: usize },
    /// Discard 杀 in a duel against `opponent`?
    DuelKill { opponent: usize },
    /// Play 无懈可击?
    Nullify { ask: NullifyAsk },
    /// Eat a peach while dying?
    DyingPeach,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Play(Option<Play>),
    Yes,
    No,
}

/// Where a seat's answers come from: a person over a channel, or a saved record.
pub trait Asker {
    fn ask(&mut self, q: Question) -> Answer;
}

/// The problem's behaviour for every seat but `seat`, whose decisions go to the asker. An
/// answer that is not a legal play ends the play phase.
pub struct SeatConduct<A: Asker> {
    pub seat: usize,
    pub asker: A,
}

impl<A: Asker> SeatConduct<A> {
    fn yes(&mut self, q: Question) -> bool {
        self.asker.ask(q) == Answer::Yes
    }
}

impl<A: Asker> Conduct for SeatConduct<A> {
    fn next_play(&mut self, t: &Table, pig: usize, kill_used: bool) -> Option<Play> {
        if pig != self.seat {
            return ProblemConduct.next_play(t, pig, kill_used);
        }
        let legal = legal_plays(t, pig, kill_used);
        if legal.is_empty() {
            return None;
        }
        match self.asker.ask(Question::Play {
            legal: legal.clone(),
            hand: t.pigs[pig].hand.clone(),
        }) {
            Answer::Play(Some(p)) if legal.contains(&p) => Some(p),
            _ => None,
        }
    }

    fn dodge(&mut self, t: &Table, pig: usize, attacker: usize) -> bool {
        if pig != self.seat {
            return ProblemConduct.dodge(t, pig, attacker);
        }
        self.yes(Question::Dodge { attacker })
    }

    fn area_answer(&mut self, t: &Table, pig: usize, card: Card, user: usize) -> bool {
        if pig != self.seat {
            return ProblemConduct.area_answer(t, pig, card, user);
        }
        self.yes(Question::AreaAnswer { card, user })
    }

    fn duel_kill(&mut self, t: &Table, pig: usize, opponent: usize) -> bool {
        if pig != self.seat {
            return ProblemConduct.duel_kill(t, pig, opponent);
        }
        self.yes(Question::DuelKill { opponent })
    }

    fn nullify(&mut self, t: &Table, pig: usize, ask: NullifyAsk) -> bool {
        if pig != self.seat {
            return ProblemConduct.nullify(t, pig, ask);
        }
        self.yes(Question::Nullify { ask })
    }

    fn dying_peach(&mut self, t: &Table, pig: usize) -> bool {
        if pig != self.seat {
            return ProblemConduct.dying_peach(t, pig);
        }
        self.yes(Question::DyingPeach)
    }
}

/// A table with one seat played from outside, as far as the answers given so far take it.
///
/// It keeps the table at the start of the turn in which the seat was last asked, with the
/// events before it: playing on repeats that one turn, never the game.
#[derive(Clone, Debug)]
pub struct SeatedGame {
    pub seat: usize,
    max_turns: u64,
    answers: Vec<Answer>,
    /// The table at the start of a turn, how many answers were used before it, and how
    /// many events were sent before it.
    turn_start: Table,
    answers_before: usize,
    events_before: usize,
}

/// Where a seated game stands: the events of the turns played this time and the seat's
/// question, or the end.
#[derive(Clone, Debug)]
pub struct Progress {
    /// How many events the game sent before [`Progress::events`].
    pub from: usize,
    /// The events from the start of the turn played again, up to the question or the end
    /// (the events before `from` were returned before, and are the same).
    pub events: Vec<Event>,
    /// The decision the seat must make now; `None` once the game is over.
    pub question: Option<Question>,
    /// The table at the end of the game (`None` while a question waits).
    pub end: Option<Table>,
}

/// Gives the answers it holds; past them, notes the first question unanswered (and how
/// many events had been sent then) and answers "no" until the turn ends.
struct Scripted<'a> {
    answers: std::slice::Iter<'a, Answer>,
    used: usize,
    emitted: Rc<Cell<usize>>,
    paused: Option<(Question, usize)>,
}

impl Asker for Scripted<'_> {
    fn ask(&mut self, q: Question) -> Answer {
        if let Some(&a) = self.answers.next() {
            self.used += 1;
            return a;
        }
        if self.paused.is_none() {
            self.paused = Some((q, self.emitted.get()));
        }
        Answer::No
    }
}

/// Keeps the events and counts them for [`Scripted`].
struct Counted {
    events: Vec<Event>,
    emitted: Rc<Cell<usize>>,
}

impl Sink for Counted {
    fn emit(&mut self, event: Event) {
        self.events.push(event);
        self.emitted.set(self.events.len());
    }
}

impl SeatedGame {
    /// `seat` is asked every decision; the game stops as no result after `max_turns` turns.
    pub fn new(start: Table, seat: usize, max_turns: u64) -> SeatedGame {
        SeatedGame::resumed(start, seat, max_turns, Vec::new())
    }

    /// A game resumed with the answers it was given before.
    pub fn resumed(start: Table, seat: usize, max_turns: u64, answers: Vec<Answer>) -> Self {
        SeatedGame {
            seat,
            max_turns,
            answers,
            turn_start: start,
            answers_before: 0,
            events_before: 0,
        }
    }

    pub fn answers(&self) -> &[Answer] {
        &self.answers
    }

    /// Answers the question [`SeatedGame::progress`] returned.
    pub fn answer(&mut self, a: Answer) {
        self.answers.push(a);
    }

    /// Plays on with the answers given so far, up to the seat's next question or the end of
    /// the game.
    pub fn progress(&mut self) -> Progress {
        let from = self.events_before;
        let emitted = Rc::new(Cell::new(0));
        let mut conduct = SeatConduct {
            seat: self.seat,
            asker: Scripted {
                answers: self.answers[self.answers_before..].iter(),
                used: self.answers_before,
                emitted: emitted.clone(),
                paused: None,
            },
        };
        let mut sink = Counted {
            events: Vec::new(),
            emitted,
        };
        let mut table = self.turn_start.clone();
        while table.outcome.is_none() {
            let start = (table.clone(), conduct.asker.used, sink.events.len());
            // One turn (or the end at the turn cap).
            let once = Cell::new(true);
            super::engine::run_while(&mut table, &mut conduct, &mut sink, self.max_turns, |_| {
                once.replace(false)
            });
            if let Some((question, at)) = conduct.asker.paused.take() {
                // Next time, play this turn again with the answer.
                (self.turn_start, self.answers_before) = (start.0, start.1);
                self.events_before = from + start.2;
                sink.events.truncate(at);
                return Progress {
                    from,
                    events: sink.events,
                    question: Some(question),
                    end: None,
                };
            }
        }
        (self.turn_start, self.answers_before) = (table.clone(), conduct.asker.used);
        self.events_before = from + sink.events.len();
        Progress {
            from,
            events: sink.events,
            question: None,
            end: Some(table),
        }
    }
}
