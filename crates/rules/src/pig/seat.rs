//! A seat played by someone outside the engine (a person at the table). The engine runs on
//! its own thread; whenever the seat has a decision to make, a [`Question`] goes out on a
//! channel and the engine waits for the [`Answer`]. Every other seat follows the problem's
//! behaviour, and every event goes out on a channel as it happens.

use std::sync::mpsc::{Receiver, Sender};

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

/// What the engine thread sends out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromTable {
    Event(Event),
    Ask(Question),
}

/// Sends every event out.
pub struct ChannelSink(pub Sender<FromTable>);

impl Sink for ChannelSink {
    fn emit(&mut self, event: Event) {
        let _ = self.0.send(FromTable::Event(event));
    }
}

/// Where a seat's answers come from: a person over a channel, or a saved record.
pub trait Asker {
    fn ask(&mut self, q: Question) -> Answer;
}

/// Asks over channels and waits; a closed channel (the table was left) answers "no".
pub struct ChannelAsker {
    pub out: Sender<FromTable>,
    pub answers: Receiver<Answer>,
}

impl Asker for ChannelAsker {
    fn ask(&mut self, q: Question) -> Answer {
        if self.out.send(FromTable::Ask(q)).is_err() {
            return Answer::No;
        }
        self.answers.recv().unwrap_or(Answer::No)
    }
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

/// Starts a table on its own thread with `seat` asked out. Returns the channel of events and
/// questions, the channel for answers, and the thread (which ends with the game, or when the
/// receiving side is dropped and a question cannot be asked).
pub fn play_seat(
    mut table: Table,
    seat: usize,
    max_turns: u64,
) -> (
    Receiver<FromTable>,
    Sender<Answer>,
    std::thread::JoinHandle<Table>,
) {
    let (out, from_table) = std::sync::mpsc::channel();
    let (to_table, answers) = std::sync::mpsc::channel();
    let handle = std::thread::spawn(move || {
        let mut conduct = SeatConduct {
            seat,
            asker: ChannelAsker {
                out: out.clone(),
                answers,
            },
        };
        let mut sink = ChannelSink(out);
        super::engine::run(&mut table, &mut conduct, &mut sink, max_turns);
        table
    });
    (from_table, to_table, handle)
}
