//! External engines at 军棋 seats: a program speaking the engine protocol
//! (`docs/junqi-engine.md`), refereed by the rules crate exactly as in the arena.
//!
//! The game thread prepares what the seat is told ([`SeatFeed`]: public events and the
//! seat's own view, never more) and the question; a task on the compute pool starts the
//! program if needed, writes the lines, and waits for the answer, so the window never waits
//! for an engine. The seat's process travels with the task and comes back with the answer.
//!
//! Where the app differs from the arena: a refused layout is replaced by the automatic one
//! (a person is watching; losing on the spot helps nobody), and a game continued from its
//! slot is told to a fresh engine as `start`, `occupied`, a `known` that includes the
//! engine's own pieces, then every event so far (the protocol has no resume message).

use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, futures_lite::future};
use bw_players::junqi::feed::SeatFeed;
use bw_players::junqi::protocol::{Codes, FromEngine, Line, ToEngine};
use bw_referee::contestant::{Contestant, EngineProcess, Silence};
use bw_referee::referee::{GRACE, handshake};
use bw_rules::junqi::board::Board;
use bw_rules::junqi::game::{Action, PlayerId};
use bw_rules::junqi::setup::Layout;
use bw_rules::junqi::{Junqi, PieceSet};

/// One external engine's seat: its program (once started) and what it was told.
pub struct EngineSeat {
    process: Option<EngineProcess>,
    feed: SeatFeed,
    /// `rules`, `seat`, `pieces` were sent.
    opened: bool,
    /// `start`, `occupied`, `known` were sent.
    started: bool,
    /// It laid its pieces out in this session (else it is told them at the start).
    deployed_here: bool,
    /// Lines waiting for the next exchange (`layout ok`, …).
    outbox: Vec<String>,
    /// It was asked about the draw offer standing now.
    pub asked_draw: bool,
    /// The engine's name from its handshake.
    pub name: Option<String>,
}

/// What an engine is asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    Deploy(u64),
    Go(u64),
    Draw(u64),
}

/// What came back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    Layout(Layout),
    Action(Action),
    DrawAnswer(bool),
    /// Late, illegal or malformed: the reason (the turn is forfeited, the layout replaced).
    Forfeit(String),
    /// The program could not start, or went away: the reason.
    Gone(String),
}

/// The external engines of the game on the table, and their exchanges in flight.
#[derive(Resource, Default)]
pub struct JunqiEngines {
    pub seats: Vec<Option<EngineSeat>>,
    pub busy: Vec<Option<Task<(EngineSeat, Answer)>>>,
    pub command: String,
}

impl JunqiEngines {
    /// Engine seats for a game: `command` is the program to start for each.
    pub fn for_game(seats: &[bw_players::junqi::Seat], command: &str) -> JunqiEngines {
        JunqiEngines {
            seats: seats
                .iter()
                .enumerate()
                .map(|(p, s)| {
                    (*s == bw_players::junqi::Seat::Engine).then(|| EngineSeat {
                        process: None,
                        feed: SeatFeed::new(p),
                        opened: false,
                        started: false,
                        deployed_here: false,
                        outbox: Vec::new(),
                        asked_draw: false,
                        name: None,
                    })
                })
                .collect(),
            busy: seats.iter().map(|_| None).collect(),
            command: command.to_string(),
        }
    }

    /// An exchange is in flight for seat `p`.
    pub fn is_busy(&self, p: PlayerId) -> bool {
        self.busy.get(p).is_some_and(|b| b.is_some())
    }

    /// Asks seat `p`'s engine (if it is home): prepares the lines here, waits on a task.
    pub fn ask(&mut self, game: &Junqi, p: PlayerId, ask: Ask) {
        let Some(mut seat) = self.seats.get_mut(p).and_then(Option::take) else {
            return;
        };
        let lines = seat.lines_for(game, p, ask);
        let (board, set) = (game.board.clone(), game.set.clone());
        let command = self.command.clone();
        self.busy[p] = Some(
            AsyncComputeTaskPool::get()
                .spawn(async move { exchange(seat, &command, lines, ask, board, set, p) }),
        );
    }

    /// Answers that came back: (seat, answer).
    pub fn poll(&mut self) -> Vec<(PlayerId, Answer)> {
        let mut out = Vec::new();
        for p in 0..self.busy.len() {
            let Some(task) = self.busy[p].as_mut() else {
                continue;
            };
            if let Some((seat, answer)) = block_on(future::poll_once(task)) {
                self.busy[p] = None;
                self.seats[p] = Some(seat);
                out.push((p, answer));
            }
        }
        out
    }

    /// A line for seat `p` to read with its next exchange.
    pub fn tell(&mut self, p: PlayerId, line: String) {
        if let Some(Some(seat)) = self.seats.get_mut(p) {
            seat.outbox.push(line);
        }
    }

    pub fn seat(&mut self, p: PlayerId) -> Option<&mut EngineSeat> {
        self.seats.get_mut(p).and_then(Option::as_mut)
    }

    /// The game ended or the table is left: tell every engine at home what happened, then
    /// let it go (dropping a process sends `quit`).
    pub fn finish(&mut self, game: Option<&Junqi>) {
        for seat in self.seats.iter_mut() {
            let Some(seat) = seat.as_mut() else { continue };
            if let (Some(game), Some(process)) = (game, seat.process.as_mut())
                && seat.started
            {
                let codes = Codes {
                    board: &game.board,
                    set: &game.set,
                };
                let mut lines = std::mem::take(&mut seat.outbox);
                lines.extend(
                    seat.feed
                        .events(game)
                        .iter()
                        .map(|m| Line(m, codes).to_string()),
                );
                for line in lines {
                    let _ = process.send(&line);
                }
            }
            seat.process = None;
        }
    }
}

impl EngineSeat {
    /// Everything the seat must hear before `ask`, then the question itself.
    fn lines_for(&mut self, game: &Junqi, me: PlayerId, ask: Ask) -> Vec<String> {
        let codes = Codes {
            board: &game.board,
            set: &game.set,
        };
        let line = |m: &ToEngine| Line(m, codes).to_string();
        let mut lines = Vec::new();
        if !self.opened {
            lines.extend(SeatFeed::opening(game, me).iter().map(line));
            self.opened = true;
        }
        lines.append(&mut self.outbox);
        if !matches!(ask, Ask::Deploy(_)) && !self.started {
            let mut start = self.feed.start(game);
            if !self.deployed_here {
                // A continued game: the engine learns its own pieces with `known`.
                if let Some(ToEngine::Known(known)) = start.get_mut(2) {
                    known.extend(game.layouts[me].iter().copied());
                    known.sort_by_key(|&(n, _)| n);
                }
            }
            lines.extend(start.iter().map(line));
            self.started = true;
        }
        if self.started {
            lines.extend(self.feed.events(game).iter().map(line));
        }
        lines.push(match ask {
            Ask::Deploy(ms) => {
                self.deployed_here = true;
                line(&ToEngine::Deploy(ms))
            }
            Ask::Go(ms) => line(&ToEngine::Go(ms)),
            Ask::Draw(_) => {
                self.asked_draw = true;
                line(&ToEngine::DrawQuery)
            }
        });
        lines
    }
}

/// One exchange, off the game thread: start the program if needed, write, wait, read.
fn exchange(
    mut seat: EngineSeat,
    command: &str,
    lines: Vec<String>,
    ask: Ask,
    board: Arc<Board>,
    set: Arc<PieceSet>,
    me: PlayerId,
) -> (EngineSeat, Answer) {
    if seat.process.is_none() {
        let started = EngineProcess::start(command).and_then(|mut p| {
            let name = handshake(&mut p, Duration::from_secs(10))?;
            Ok((p, name))
        });
        match started {
            Ok((p, name)) => {
                seat.process = Some(p);
                seat.name = Some(name);
            }
            Err(e) => return (seat, Answer::Gone(e)),
        }
    }
    let process = seat.process.as_mut().expect("started");
    // A late answer to an earlier question is not taken for this one.
    while process.recv(Instant::now()).is_ok() {}
    for line in &lines {
        if process.send(line).is_err() {
            return (seat, Answer::Gone(format!("`{command}` went away")));
        }
    }
    let ms = match ask {
        Ask::Deploy(ms) | Ask::Go(ms) | Ask::Draw(ms) => ms,
    };
    let reply = process.recv(Instant::now() + Duration::from_millis(ms) + GRACE);
    let codes = Codes {
        board: &board,
        set: &set,
    };
    let answer = match reply {
        Err(Silence::Closed) => Answer::Gone(format!("`{command}` went away")),
        Err(Silence::Late) => Answer::Forfeit(format!("no answer within {ms} ms")),
        Ok(text) => match (ask, FromEngine::parse(&text, codes)) {
            (Ask::Deploy(_), Some(Ok(FromEngine::Layout(l)))) => Answer::Layout(l),
            (Ask::Go(_), Some(Ok(FromEngine::Move(from, to)))) => {
                Answer::Action(Action::Move { from, to })
            }
            (Ask::Go(_), Some(Ok(FromEngine::Offer))) => Answer::Action(Action::OfferDraw),
            (Ask::Go(_), Some(Ok(FromEngine::Resign))) => {
                Answer::Action(Action::Resign { player: me })
            }
            (Ask::Draw(_), Some(Ok(FromEngine::Yes))) => Answer::DrawAnswer(true),
            (Ask::Draw(_), _) => Answer::DrawAnswer(false),
            _ => Answer::Forfeit(format!("`{text}` does not answer that")),
        },
    };
    (seat, answer)
}
