//! A room: seats, observers, readiness, chat, and the game refereed by the rules crate.
//!
//! The room does no I/O and reads no clock: the server hands it every message with the
//! time (`now`, milliseconds on a monotonic clock) and sends what it returns. Every change
//! of lasting state is an [`Entry`]; [`Room::apply`] is the only place state changes, so
//! the server's journal of entries rebuilds a room exactly after a restart.
//!
//! Hidden information: every [`ServerMsg::Game`] is built for its connection alone, from
//! that seat's view ([`PlayerView::position`]) or the public one ([`PlayerView::public`]),
//! and the public events.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use bw_rules::bracket;
use bw_rules::bracket::KindTable;
use bw_rules::bracket::ai::SeatKind;
use bw_rules::bracket::record::RecordedAction as BracketAction;
use bw_rules::junqi::ai::{AiKind, Budget, Decision};
use bw_rules::junqi::record::{Record, RecordedAction as JunqiAction};
use bw_rules::junqi::setup::{Layout, deal};
use bw_rules::junqi::{self, Junqi, Phase, PieceSet, PlayerView};

use crate::protocol::*;

/// A connection, numbered by the server.
pub type ConnId = u64;

/// How long a dropped person keeps a seat before its turns time out or a computer takes
/// over (the default; the server may set another).
pub const DEFAULT_GRACE_MS: u64 = 60_000;
/// How long an absent person's turn waits when the room has no move timer.
pub const ABSENT_TURN_MS: u64 = 30_000;
/// How long the hard computer thinks a move on the server.
pub const HARD_THINKING_MS: u64 = 1_000;

/// The rule content every room plays with.
#[derive(Clone)]
pub struct Content {
    pub kinds: Arc<KindTable>,
    pub pieces: Arc<PieceSet>,
}

impl Content {
    /// The content built into the rules crate (online rooms play it: a client with other
    /// mods would not agree with the server).
    pub fn builtin() -> Content {
        Content {
            kinds: Arc::new(KindTable::builtin()),
            pieces: Arc::new(PieceSet::standard()),
        }
    }
}

/// A lasting change of a room, journaled by the server as one JSON line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "entry", rename_all = "snake_case")]
pub enum Entry {
    Created {
        id: RoomId,
        options: RoomOptions,
        seed: u64,
    },
    Sat {
        seat: u8,
        name: String,
        token: String,
    },
    /// A person left a seat before the game (stood up, left, was kicked, or stayed away).
    Vacated {
        seat: u8,
    },
    Computer {
        seat: u8,
        level: Option<Level>,
    },
    Ready {
        seat: u8,
        ready: bool,
    },
    Started,
    Deployed {
        seat: u8,
        layout: Vec<(String, String)>,
    },
    Junqi {
        action: JunqiAction,
    },
    Bracket {
        action: BracketAction,
    },
    /// A computer plays the seat of a person who stayed away.
    TakenOver {
        seat: u8,
    },
    /// The person came back to a taken-over seat.
    Returned {
        seat: u8,
    },
    Failed {
        reason: String,
    },
}

/// A message for one connection.
#[derive(Clone, Debug, PartialEq)]
pub struct Out {
    pub to: ConnId,
    pub msg: ServerMsg,
}

/// What a call asks the server to do: send, journal, and which connections are no longer
/// in the room.
#[derive(Debug, Default)]
pub struct Effects {
    pub out: Vec<Out>,
    pub journal: Vec<Entry>,
    pub removed: Vec<ConnId>,
}

impl Effects {
    fn send(&mut self, to: ConnId, msg: ServerMsg) {
        self.out.push(Out { to, msg });
    }
}

/// A refusal: its code and one line.
pub type Refused = (RefusalCode, String);

fn refuse<T>(code: RefusalCode, reason: impl Into<String>) -> Result<T, Refused> {
    Err((code, reason.into()))
}

#[derive(Clone, Debug, PartialEq)]
enum Holder {
    Empty,
    Person { name: String, token: String },
    Computer(Level),
}

#[derive(Clone, Debug)]
struct Seat {
    holder: Holder,
    ready: bool,
    conn: Option<ConnId>,
    /// When the person's connection dropped (server time).
    away_since: Option<u64>,
    /// A computer plays for the absent person.
    taken_over: bool,
}

impl Seat {
    fn empty() -> Seat {
        Seat {
            holder: Holder::Empty,
            ready: false,
            conn: None,
            away_since: None,
            taken_over: false,
        }
    }

    fn computer_level(&self) -> Option<Level> {
        match self.holder {
            Holder::Computer(level) => Some(level),
            Holder::Person { .. } if self.taken_over => Some(Level::Normal),
            _ => None,
        }
    }
}

#[derive(Clone, Debug)]
struct Member {
    name: String,
    seat: Option<u8>,
    /// Public events (军棋) or actions (括号大战) this connection has been sent.
    sent: usize,
}

enum Table {
    Junqi(Junqi),
    Bracket {
        game: bracket::Game,
        /// The seat of each action.
        by: Vec<u8>,
    },
}

/// Work for a computer seat, done off the room's thread ([`Job::run`]); its answer goes
/// back through [`Room::computer_acted`], which drops it if the room moved on.
pub struct Job {
    pub stamp: u64,
    pub seat: u8,
    work: Work,
}

enum Work {
    Layout(Box<Junqi>, AiKind, u64),
    Move(Box<Decision>, Arc<junqi::Board>),
    Bracket(Box<bracket::Game>, Arc<KindTable>, SeatKind, u64),
}

impl Job {
    pub fn run(self) -> GameAction {
        match self.work {
            Work::Layout(game, kind, seed) => {
                let layout = junqi::ai::computer_layout(&game, self.seat as usize, kind, seed);
                GameAction::Deploy {
                    layout: named_layout(&game, &layout),
                }
            }
            Work::Move(decision, board) => match decision.decide() {
                junqi::Action::Move { from, to } => GameAction::Move {
                    from: board.name(from).to_string(),
                    to: board.name(to).to_string(),
                },
                junqi::Action::OfferDraw => GameAction::OfferDraw,
                _ => GameAction::Resign,
            },
            Work::Bracket(game, kinds, kind, seed) => {
                match bracket::ai::choose(kind, &game, &kinds, seed) {
                    bracket::Action::Surrender => GameAction::Resign,
                    a => GameAction::Bracket {
                        action: BracketAction::of(&a, &kinds),
                    },
                }
            }
        }
    }
}

fn named_layout(game: &Junqi, layout: &Layout) -> Vec<(String, String)> {
    layout
        .iter()
        .map(|&(n, k)| (game.board.name(n).to_string(), game.set.get(k).id.clone()))
        .collect()
}

fn seed_for(seed: u64, seat: u8, stamp: u64) -> u64 {
    junqi::headless::stream(
        seed ^ stamp.wrapping_mul(0xA076_1D64_78BD_642F),
        seat as usize,
        2,
    )
}

/// One room.
pub struct Room {
    pub id: RoomId,
    pub options: RoomOptions,
    seed: u64,
    content: Content,
    seats: Vec<Seat>,
    members: BTreeMap<ConnId, Member>,
    table: Option<Table>,
    status: RoomStatus,
    /// When the running clock (deployment, or the current turn) ends.
    deadline: Option<u64>,
    /// Journal entries applied: a computer's answer for an older stamp is stale.
    stamp: u64,
    /// What the running clock is for (see [`Room::clock_key`]).
    clock_for: (u64, u64, u64),
    /// The server's grace period for dropped persons.
    pub grace_ms: u64,
}

impl Room {
    /// A new room; its first entry is in the returned effects (journal it).
    pub fn create(
        id: RoomId,
        options: RoomOptions,
        seed: u64,
        content: Content,
    ) -> Result<(Room, Entry), Refused> {
        options
            .game
            .validate()
            .or_else(|e| refuse(RefusalCode::BadOptions, e))?;
        let entry = Entry::Created {
            id,
            options: options.clone(),
            seed,
        };
        let room = Room {
            id,
            seats: vec![Seat::empty(); options.game.seats()],
            options,
            seed,
            content,
            members: BTreeMap::new(),
            table: None,
            status: RoomStatus::Waiting,
            deadline: None,
            stamp: 1,
            clock_for: (u64::MAX, 0, 0),
            grace_ms: DEFAULT_GRACE_MS,
        };
        Ok((room, entry))
    }

    /// Rebuilds a room from its journal (after a restart). Persons are away from `now`
    /// and get the grace period; clocks start again.
    pub fn restore(entries: &[Entry], content: Content, now: u64) -> Result<Room, String> {
        let Some(Entry::Created { id, options, seed }) = entries.first() else {
            return Err("the journal does not start with the room's creation".into());
        };
        let (mut room, _) =
            Room::create(*id, options.clone(), *seed, content).map_err(|(_, e)| e)?;
        for (i, e) in entries[1..].iter().enumerate() {
            room.apply(e, now)
                .map_err(|e| format!("journal entry {}: {e}", i + 2))?;
        }
        for s in &mut room.seats {
            if matches!(s.holder, Holder::Person { .. }) {
                s.away_since = Some(now);
            }
        }
        room.clock_for.0 = u64::MAX;
        room.restart_clock(now);
        Ok(room)
    }

    /// Changes applied so far (a computer's answer names the stamp it was asked at).
    pub fn stamp(&self) -> u64 {
        self.stamp
    }

    pub fn status(&self) -> RoomStatus {
        self.status
    }

    pub fn is_empty(&self) -> bool {
        self.members.is_empty()
    }

    pub fn summary(&self) -> RoomSummary {
        RoomSummary {
            id: self.id,
            options: self.options.clone(),
            seats: self.seats.len(),
            taken: self
                .seats
                .iter()
                .filter(|s| s.holder != Holder::Empty)
                .count(),
            observers: self.members.values().filter(|m| m.seat.is_none()).count(),
            status: self.status,
        }
    }

    /// The seat a token names.
    pub fn seat_of_token(&self, token: &str) -> Option<u8> {
        self.seats
            .iter()
            .position(|s| matches!(&s.holder, Holder::Person { token: t, .. } if t == token))
            .map(|i| i as u8)
    }

    fn host(&self) -> Option<u8> {
        self.seats
            .iter()
            .position(|s| matches!(s.holder, Holder::Person { .. }))
            .map(|i| i as u8)
    }

    fn in_game(&self) -> bool {
        self.status == RoomStatus::Playing
    }

    // ---- connections -------------------------------------------------------------

    /// A connection enters: `seat` sits in that free seat, none observes.
    pub fn enter(
        &mut self,
        now: u64,
        conn: ConnId,
        name: &str,
        seat: Option<u8>,
        token: impl FnOnce() -> String,
    ) -> Result<Effects, Refused> {
        if self.status == RoomStatus::Failed {
            return refuse(RefusalCode::NoRoom, "the room has closed");
        }
        let mut fx = Effects::default();
        if let Some(seat) = seat {
            self.check_free(seat)?;
            let entry = Entry::Sat {
                seat,
                name: name.to_string(),
                token: token(),
            };
            self.commit(now, entry, &mut fx);
            self.seats[seat as usize].conn = Some(conn);
        }
        self.members.insert(
            conn,
            Member {
                name: name.to_string(),
                seat,
                sent: 0,
            },
        );
        if let Some(seat) = seat {
            self.send_token(conn, seat, &mut fx);
        }
        self.broadcast_room(&mut fx);
        self.send_game(now, Some(conn), &mut fx);
        self.send_record(conn, &mut fx);
        Ok(fx)
    }

    /// A connection takes back the seat its token names.
    pub fn resume(&mut self, now: u64, conn: ConnId, token: &str) -> Result<Effects, Refused> {
        let Some(seat) = self.seat_of_token(token) else {
            return refuse(RefusalCode::BadToken, "the seat token names no seat here");
        };
        let mut fx = Effects::default();
        let s = &mut self.seats[seat as usize];
        if let Some(old) = s.conn.take() {
            // The same person on a new connection: the old one is no longer in the room.
            self.members.remove(&old);
            fx.removed.push(old);
            fx.send(
                old,
                ServerMsg::Left {
                    why: LeftWhy::Replaced,
                    reason: "the seat was taken back from another connection".into(),
                },
            );
        }
        let s = &mut self.seats[seat as usize];
        s.conn = Some(conn);
        s.away_since = None;
        let name = match &s.holder {
            Holder::Person { name, .. } => name.clone(),
            _ => unreachable!("a token names a person's seat"),
        };
        if s.taken_over {
            self.commit(now, Entry::Returned { seat }, &mut fx);
        }
        self.members.insert(
            conn,
            Member {
                name,
                seat: Some(seat),
                sent: 0,
            },
        );
        self.send_token(conn, seat, &mut fx);
        self.broadcast_room(&mut fx);
        self.send_game(now, Some(conn), &mut fx);
        self.send_record(conn, &mut fx);
        Ok(fx)
    }

    /// A game that ended while the connection was away: its record.
    fn send_record(&self, conn: ConnId, fx: &mut Effects) {
        if self.status == RoomStatus::Over
            && let Some(record) = self.record()
        {
            fx.send(conn, ServerMsg::Finished { record });
        }
    }

    /// The connection closed, or said `leave`. A person keeps a seat in a game (and for
    /// the grace period before one); `leave` before the game frees the seat at once.
    pub fn depart(&mut self, now: u64, conn: ConnId, said_leave: bool) -> Effects {
        let mut fx = Effects::default();
        let Some(member) = self.members.remove(&conn) else {
            return fx;
        };
        fx.removed.push(conn);
        if said_leave {
            fx.send(
                conn,
                ServerMsg::Left {
                    why: LeftWhy::Left,
                    reason: "you left the room".into(),
                },
            );
        }
        if let Some(seat) = member.seat {
            let s = &mut self.seats[seat as usize];
            s.conn = None;
            if self.status == RoomStatus::Waiting && said_leave {
                self.commit(now, Entry::Vacated { seat }, &mut fx);
            } else {
                s.away_since = Some(now);
                if s.ready && self.status == RoomStatus::Waiting {
                    self.commit(now, Entry::Ready { seat, ready: false }, &mut fx);
                }
            }
        }
        self.broadcast_room(&mut fx);
        fx
    }

    /// A message of a connection in the room.
    pub fn handle(
        &mut self,
        now: u64,
        conn: ConnId,
        msg: ClientMsg,
        token: impl FnOnce() -> String,
    ) -> Result<Effects, Refused> {
        let Some(member) = self.members.get(&conn).cloned() else {
            return refuse(RefusalCode::NoRoom, "you are not in this room");
        };
        let mut fx = Effects::default();
        match msg {
            ClientMsg::Sit { seat } => {
                self.before_game()?;
                self.check_free(seat)?;
                if let Some(old) = member.seat {
                    self.commit(now, Entry::Vacated { seat: old }, &mut fx);
                }
                let entry = Entry::Sat {
                    seat,
                    name: member.name.clone(),
                    token: token(),
                };
                self.commit(now, entry, &mut fx);
                self.seats[seat as usize].conn = Some(conn);
                self.members.get_mut(&conn).expect("member").seat = Some(seat);
                self.send_token(conn, seat, &mut fx);
            }
            ClientMsg::Stand => {
                self.before_game()?;
                let seat = self.seated(&member)?;
                self.commit(now, Entry::Vacated { seat }, &mut fx);
                self.members.get_mut(&conn).expect("member").seat = None;
            }
            ClientMsg::Ready { ready } => {
                self.before_game()?;
                let seat = self.seated(&member)?;
                if self.seats[seat as usize].ready != ready {
                    self.commit(now, Entry::Ready { seat, ready }, &mut fx);
                }
                self.maybe_start(now, &mut fx);
            }
            ClientMsg::SetComputer { seat, level } => {
                self.before_game()?;
                self.check_host(&member)?;
                let s = self
                    .seats
                    .get(seat as usize)
                    .ok_or((RefusalCode::SeatTaken, format!("no seat {seat}")))?;
                if matches!(s.holder, Holder::Person { .. }) {
                    return refuse(
                        RefusalCode::SeatTaken,
                        format!("a person sits in seat {seat}"),
                    );
                }
                self.commit(now, Entry::Computer { seat, level }, &mut fx);
                self.maybe_start(now, &mut fx);
            }
            ClientMsg::Kick { seat } => {
                self.before_game()?;
                self.check_host(&member)?;
                if member.seat == Some(seat) {
                    return refuse(RefusalCode::NotHost, "the host cannot kick itself");
                }
                let Some(Seat {
                    holder: Holder::Person { .. },
                    conn: kicked,
                    ..
                }) = self.seats.get(seat as usize).cloned()
                else {
                    return refuse(RefusalCode::SeatTaken, format!("no person in seat {seat}"));
                };
                self.commit(now, Entry::Vacated { seat }, &mut fx);
                if let Some(k) = kicked {
                    self.members.remove(&k);
                    fx.removed.push(k);
                    fx.send(
                        k,
                        ServerMsg::Left {
                            why: LeftWhy::Kicked,
                            reason: "the host asked you to leave the room".into(),
                        },
                    );
                }
            }
            ClientMsg::Chat { text } => {
                let text: String = text
                    .chars()
                    .filter(|c| !c.is_control())
                    .take(MAX_CHAT_CHARS)
                    .collect();
                if text.trim().is_empty() {
                    return refuse(RefusalCode::Malformed, "an empty chat line");
                }
                for &to in self.members.keys() {
                    fx.send(
                        to,
                        ServerMsg::Chat {
                            from: member.name.clone(),
                            text: text.clone(),
                        },
                    );
                }
                return Ok(fx);
            }
            ClientMsg::Act { seq, action } => {
                let seat = self.seated(&member)?;
                if !self.in_game() {
                    return refuse(RefusalCode::WrongPhase, "the game is not in play");
                }
                let entry = self.check_action(seat, &action)?;
                self.commit(now, entry, &mut fx);
                self.after_game_change(now, &mut fx);
                fx.send(conn, ServerMsg::Acted { seq });
                return Ok(fx);
            }
            other => {
                return refuse(
                    RefusalCode::Malformed,
                    format!("`{}` is not a message inside a room", message_name(&other)),
                );
            }
        }
        self.broadcast_room(&mut fx);
        Ok(fx)
    }

    /// Clocks and grace periods: call it often (the server does every 100 ms).
    pub fn tick(&mut self, now: u64) -> Effects {
        let mut fx = Effects::default();
        // Persons away for longer than the grace period.
        for seat in 0..self.seats.len() as u8 {
            let s = &self.seats[seat as usize];
            let expired = s.conn.is_none()
                && !s.taken_over
                && s.away_since.is_some_and(|t| now >= t + self.grace_ms);
            if !expired {
                continue;
            }
            match self.status {
                RoomStatus::Waiting => self.commit(now, Entry::Vacated { seat }, &mut fx),
                RoomStatus::Playing if self.options.computer_takes_over => {
                    self.commit(now, Entry::TakenOver { seat }, &mut fx);
                }
                RoomStatus::Playing => {
                    // The absent person's turns now time out.
                    self.seats[seat as usize].taken_over = false;
                    if self.deadline.is_none() {
                        self.clock_for.0 = u64::MAX;
                        self.restart_clock(now);
                    }
                }
                _ => {}
            }
            if self.status != RoomStatus::Playing {
                self.seats[seat as usize].away_since = None;
            }
            self.broadcast_room(&mut fx);
        }
        if self.status == RoomStatus::Playing && self.deadline.is_some_and(|d| now >= d) {
            for entry in self.timeout_entries() {
                self.commit(now, entry, &mut fx);
            }
            self.after_game_change(now, &mut fx);
        }
        fx
    }

    /// When the room must be ticked next, if at all.
    pub fn next_deadline(&self) -> Option<u64> {
        let grace = self
            .seats
            .iter()
            .filter(|s| s.conn.is_none() && !s.taken_over)
            .filter_map(|s| s.away_since.map(|t| t + self.grace_ms))
            .min();
        match (grace, self.deadline) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// Work for a computer seat, if one must act now.
    pub fn computer_job(&self) -> Option<Job> {
        let table = self.table.as_ref()?;
        if !self.in_game() {
            return None;
        }
        let level_of = |seat: usize| self.seats[seat].computer_level();
        let stamp = self.stamp;
        match table {
            Table::Junqi(game) => match game.phase {
                Phase::Deploying => (0..self.seats.len()).find_map(|p| {
                    let level = level_of(p)?;
                    (!game.players[p].deployed).then(|| Job {
                        stamp,
                        seat: p as u8,
                        work: Work::Layout(Box::new(game.clone()), junqi_ai(level), self.seed),
                    })
                }),
                Phase::Playing => {
                    let p = game.turn;
                    let level = level_of(p)?;
                    let budget = Budget::Time(std::time::Duration::from_millis(HARD_THINKING_MS));
                    Some(Job {
                        stamp,
                        seat: p as u8,
                        work: Work::Move(
                            Box::new(Decision::prepare(
                                game,
                                p,
                                junqi_ai(level),
                                seed_for(self.seed, p as u8, stamp),
                                budget,
                            )),
                            game.board.clone(),
                        ),
                    })
                }
                Phase::Over(_) => None,
            },
            Table::Bracket { game, .. } => {
                if game.turn.is_over() {
                    return None;
                }
                let seat = game.turn.current - 1;
                let level = level_of(seat as usize)?;
                Some(Job {
                    stamp,
                    seat,
                    work: Work::Bracket(
                        Box::new(game.clone()),
                        self.content.kinds.clone(),
                        bracket_ai(level),
                        seed_for(self.seed, seat, stamp),
                    ),
                })
            }
        }
    }

    /// A computer's answer to a [`Job`]; stale answers (the room moved on) are dropped.
    pub fn computer_acted(
        &mut self,
        now: u64,
        stamp: u64,
        seat: u8,
        action: GameAction,
    ) -> Effects {
        let mut fx = Effects::default();
        if stamp != self.stamp
            || !self.in_game()
            || self.seats[seat as usize].computer_level().is_none()
        {
            return fx;
        }
        match self.check_action(seat, &action) {
            Ok(entry) => {
                self.commit(now, entry, &mut fx);
                self.after_game_change(now, &mut fx);
            }
            Err((_, reason)) => {
                // A computer that errs resigns rather than stall the room.
                let entry = match self.table {
                    Some(Table::Junqi(_)) => Entry::Junqi {
                        action: JunqiAction::Resign {
                            player: seat as usize,
                        },
                    },
                    _ => Entry::Bracket {
                        action: BracketAction::Surrender,
                    },
                };
                let _ = reason;
                self.commit(now, entry, &mut fx);
                self.after_game_change(now, &mut fx);
            }
        }
        fx
    }

    /// Closes the room after a failure inside the server (its journal is kept).
    pub fn fail(&mut self, now: u64, reason: &str) -> Effects {
        let mut fx = Effects::default();
        self.commit(
            now,
            Entry::Failed {
                reason: reason.to_string(),
            },
            &mut fx,
        );
        for (&conn, _) in std::mem::take(&mut self.members).iter() {
            fx.removed.push(conn);
            fx.send(
                conn,
                ServerMsg::Refused {
                    seq: None,
                    code: RefusalCode::RoomFailed,
                    reason: format!("the room closed after a server fault: {reason}"),
                },
            );
            fx.send(
                conn,
                ServerMsg::Left {
                    why: LeftWhy::RoomFailed,
                    reason: "the room closed after a server fault".into(),
                },
            );
        }
        fx
    }

    // ---- state changes ---------------------------------------------------------------

    /// Applies an entry and journals it.
    fn commit(&mut self, now: u64, entry: Entry, fx: &mut Effects) {
        self.apply(&entry, now)
            .expect("an entry the room made applies");
        fx.journal.push(entry);
    }

    /// The one place a room's lasting state changes.
    pub fn apply(&mut self, entry: &Entry, now: u64) -> Result<(), String> {
        self.stamp += 1;
        let seat_mut = |seats: &mut Vec<Seat>, seat: u8| -> Result<usize, String> {
            if (seat as usize) < seats.len() {
                Ok(seat as usize)
            } else {
                Err(format!("no seat {seat}"))
            }
        };
        match entry {
            Entry::Created { .. } => return Err("a second creation".into()),
            Entry::Sat { seat, name, token } => {
                let i = seat_mut(&mut self.seats, *seat)?;
                self.seats[i] = Seat {
                    holder: Holder::Person {
                        name: name.clone(),
                        token: token.clone(),
                    },
                    ..Seat::empty()
                };
            }
            Entry::Vacated { seat } => {
                let i = seat_mut(&mut self.seats, *seat)?;
                self.seats[i] = Seat::empty();
            }
            Entry::Computer { seat, level } => {
                let i = seat_mut(&mut self.seats, *seat)?;
                self.seats[i] = Seat {
                    holder: level.map_or(Holder::Empty, Holder::Computer),
                    ready: level.is_some(),
                    ..Seat::empty()
                };
            }
            Entry::Ready { seat, ready } => {
                let i = seat_mut(&mut self.seats, *seat)?;
                self.seats[i].ready = *ready;
            }
            Entry::Started => self.start(now)?,
            Entry::Deployed { seat, layout } => {
                let Some(Table::Junqi(game)) = &mut self.table else {
                    return Err("a layout outside 军棋".into());
                };
                let layout = parse_layout(game, layout)?;
                game.deploy(*seat as usize, &layout)
                    .map_err(|e| e.to_string())?;
            }
            Entry::Junqi { action } => {
                let Some(Table::Junqi(game)) = &mut self.table else {
                    return Err("a 军棋 action outside 军棋".into());
                };
                let a = action.action(&game.board)?;
                game.act(a).map_err(|e| e.to_string())?;
            }
            Entry::Bracket { action } => {
                let Some(Table::Bracket { game, by }) = &mut self.table else {
                    return Err("a 括号大战 action outside 括号大战".into());
                };
                let kinds = &self.content.kinds;
                let seat = game.turn.current - 1;
                game.act(kinds, action.action(kinds)?)
                    .map_err(|e| e.to_string())?;
                by.push(seat);
            }
            Entry::TakenOver { seat } => {
                let i = seat_mut(&mut self.seats, *seat)?;
                self.seats[i].taken_over = true;
            }
            Entry::Returned { seat } => {
                let i = seat_mut(&mut self.seats, *seat)?;
                self.seats[i].taken_over = false;
            }
            Entry::Failed { .. } => {
                self.status = RoomStatus::Failed;
                self.deadline = None;
            }
        }
        if self.status == RoomStatus::Playing && self.game_over() {
            self.status = RoomStatus::Over;
            self.deadline = None;
        }
        Ok(())
    }

    fn start(&mut self, now: u64) -> Result<(), String> {
        if self.status != RoomStatus::Waiting {
            return Err("the game started twice".into());
        }
        let names: Vec<String> = self
            .seats
            .iter()
            .map(|s| match &s.holder {
                Holder::Person { name, .. } => name.clone(),
                Holder::Computer(level) => format!("{level:?}"),
                Holder::Empty => String::new(),
            })
            .collect();
        self.table = Some(match &self.options.game {
            GameOptions::Junqi { rules, .. } => {
                let hands = deal(rules, &self.content.pieces, self.seed);
                let mut game = Junqi::new(rules.clone(), self.content.pieces.clone(), hands)?;
                for (p, s) in self.seats.iter().enumerate() {
                    game.players[p].computer = matches!(s.holder, Holder::Computer(_));
                    game.players[p].profile = names[p].clone();
                }
                Table::Junqi(game)
            }
            GameOptions::Bracket { settings, .. } => Table::Bracket {
                game: bracket::Game::new(settings.clone(), self.seed),
                by: Vec::new(),
            },
        });
        self.status = RoomStatus::Playing;
        self.restart_clock(now);
        Ok(())
    }

    fn game_over(&self) -> bool {
        match &self.table {
            Some(Table::Junqi(g)) => matches!(g.phase, Phase::Over(_)),
            Some(Table::Bracket { game, .. }) => game.turn.is_over(),
            None => false,
        }
    }

    /// Who must act now: the players still to deploy, or the seat whose turn it is.
    fn to_act(&self) -> Vec<u8> {
        match &self.table {
            Some(Table::Junqi(g)) => match g.phase {
                Phase::Deploying => (0..g.players.len())
                    .filter(|&p| !g.players[p].deployed)
                    .map(|p| p as u8)
                    .collect(),
                Phase::Playing => vec![g.turn as u8],
                Phase::Over(_) => vec![],
            },
            Some(Table::Bracket { game, .. }) if !game.turn.is_over() => {
                vec![game.turn.current - 1]
            }
            _ => vec![],
        }
    }

    /// What a clock runs for: the phase, the ply and the player to move. Other changes
    /// (a draw answer) leave the clock running.
    fn clock_key(&self) -> (u64, u64, u64) {
        match &self.table {
            Some(Table::Junqi(g)) => (g.deploy_order.len() as u64, g.plies as u64, g.turn as u64),
            Some(Table::Bracket { game, .. }) => {
                (0, game.actions.len() as u64, game.turn.current as u64)
            }
            None => (0, 0, 0),
        }
    }

    /// Starts the clock for what must happen next (if that changed).
    fn restart_clock(&mut self, now: u64) {
        if self.status != RoomStatus::Playing {
            self.deadline = None;
            return;
        }
        let key = self.clock_key();
        if key == self.clock_for {
            return;
        }
        self.clock_for = key;
        let (deploying, limit) = match (&self.table, &self.options.game) {
            (
                Some(Table::Junqi(g)),
                GameOptions::Junqi {
                    deploy_secs,
                    move_secs,
                    ..
                },
            ) => {
                if g.phase == Phase::Deploying {
                    (true, *deploy_secs)
                } else {
                    (false, *move_secs)
                }
            }
            (_, GameOptions::Bracket { move_secs, .. }) => (false, *move_secs),
            _ => (false, None),
        };
        let absent = self.to_act().iter().any(|&s| {
            let seat = &self.seats[s as usize];
            seat.conn.is_none()
                && !seat.taken_over
                && matches!(seat.holder, Holder::Person { .. })
                && seat.away_since.is_some_and(|t| now >= t + self.grace_ms)
        });
        let limit_ms = limit.map(|s| s as u64 * 1000);
        self.deadline = match (limit_ms, absent) {
            (Some(ms), _) => Some(now + ms),
            (None, true) => Some(now + ABSENT_TURN_MS),
            (None, false) if deploying => None,
            (None, false) => None,
        };
    }

    /// What happens when the clock runs out.
    fn timeout_entries(&self) -> Vec<Entry> {
        match &self.table {
            Some(Table::Junqi(g)) => match g.phase {
                Phase::Deploying => (0..g.players.len())
                    .filter(|&p| !g.players[p].deployed)
                    .map(|p| Entry::Deployed {
                        seat: p as u8,
                        layout: named_layout(
                            g,
                            &junqi::headless::automatic_layout(g, p, self.seed),
                        ),
                    })
                    .collect(),
                Phase::Playing => vec![Entry::Junqi {
                    action: JunqiAction::Timeout,
                }],
                Phase::Over(_) => vec![],
            },
            Some(Table::Bracket { game, .. }) if !game.turn.is_over() => {
                let seat = game.turn.current - 1;
                let kinds = &self.content.kinds;
                let a = bracket::ai::choose(
                    SeatKind::GreedyComputer,
                    game,
                    kinds,
                    seed_for(self.seed, seat, self.stamp),
                );
                vec![Entry::Bracket {
                    action: BracketAction::of(&a, kinds),
                }]
            }
            _ => vec![],
        }
    }

    fn maybe_start(&mut self, now: u64, fx: &mut Effects) {
        let all = self.seats.iter().all(|s| match s.holder {
            Holder::Empty => false,
            Holder::Computer(_) => true,
            Holder::Person { .. } => s.ready && s.conn.is_some(),
        });
        if self.status == RoomStatus::Waiting && all {
            self.commit(now, Entry::Started, fx);
            self.after_game_change(now, fx);
        }
    }

    /// After the game changed: clocks, everyone's view, and the record at the end.
    fn after_game_change(&mut self, now: u64, fx: &mut Effects) {
        self.restart_clock(now);
        self.send_game(now, None, fx);
        if self.status == RoomStatus::Over {
            if let Some(record) = self.record() {
                for &to in self.members.keys() {
                    fx.send(
                        to,
                        ServerMsg::Finished {
                            record: record.clone(),
                        },
                    );
                }
            }
            self.broadcast_room(fx);
        }
    }

    /// The game's record, in the save formats.
    pub fn record(&self) -> Option<GameRecord> {
        Some(match self.table.as_ref()? {
            Table::Junqi(g) => GameRecord::Junqi {
                ron: Record::of(g).to_ron(),
            },
            Table::Bracket { game, .. } => GameRecord::Bracket {
                settings: game.settings.clone(),
                seed: game.seed,
                actions: game
                    .actions
                    .iter()
                    .map(|a| BracketAction::of(a, &self.content.kinds))
                    .collect(),
            },
        })
    }

    // ---- checks ------------------------------------------------------------------------

    fn before_game(&self) -> Result<(), Refused> {
        if self.status == RoomStatus::Waiting {
            Ok(())
        } else {
            refuse(RefusalCode::WrongPhase, "the game has started")
        }
    }

    fn seated(&self, member: &Member) -> Result<u8, Refused> {
        member.seat.ok_or((
            RefusalCode::NotSeated,
            "observers cannot do that".to_string(),
        ))
    }

    fn check_host(&self, member: &Member) -> Result<(), Refused> {
        if member.seat.is_some() && member.seat == self.host() {
            Ok(())
        } else {
            refuse(RefusalCode::NotHost, "only the host may do that")
        }
    }

    fn check_free(&self, seat: u8) -> Result<(), Refused> {
        match self.seats.get(seat as usize) {
            None => refuse(
                RefusalCode::SeatTaken,
                format!("the room has seats 0 to {}", self.seats.len() - 1),
            ),
            Some(s) if s.holder != Holder::Empty => {
                refuse(RefusalCode::SeatTaken, format!("seat {seat} is taken"))
            }
            _ if self.status != RoomStatus::Waiting => {
                refuse(RefusalCode::WrongPhase, "the game has started")
            }
            _ => Ok(()),
        }
    }

    /// The entry an action of `seat` makes, or why the rules refuse it.
    fn check_action(&self, seat: u8, action: &GameAction) -> Result<Entry, Refused> {
        let illegal = |e: String| (RefusalCode::Illegal, e);
        match (self.table.as_ref(), action) {
            (Some(Table::Junqi(g)), action) => {
                let p = seat as usize;
                let on_turn = || {
                    if g.phase != Phase::Playing {
                        refuse(RefusalCode::WrongPhase, "the armies are still deploying")
                    } else if g.turn != p {
                        refuse(RefusalCode::NotYourTurn, "it is not your turn")
                    } else {
                        Ok(())
                    }
                };
                let entry = match action {
                    GameAction::Deploy { layout } => {
                        if g.phase != Phase::Deploying {
                            return refuse(RefusalCode::WrongPhase, "the game is past deployment");
                        }
                        let parsed = parse_layout(g, layout).map_err(illegal)?;
                        let mut trial = g.clone();
                        trial
                            .deploy(p, &parsed)
                            .map_err(|e| illegal(e.to_string()))?;
                        return Ok(Entry::Deployed {
                            seat,
                            layout: layout.clone(),
                        });
                    }
                    GameAction::Move { from, to } => {
                        on_turn()?;
                        let node = |n: &str| {
                            g.board
                                .find(n)
                                .ok_or_else(|| illegal(format!("no node `{n}`")))
                        };
                        let a = junqi::Action::Move {
                            from: node(from)?,
                            to: node(to)?,
                        };
                        JunqiAction::of(&a, &g.board)
                    }
                    GameAction::OfferDraw => {
                        on_turn()?;
                        JunqiAction::OfferDraw
                    }
                    GameAction::AnswerDraw { yes } => JunqiAction::AnswerDraw {
                        player: p,
                        yes: *yes,
                    },
                    GameAction::Resign => JunqiAction::Resign { player: p },
                    GameAction::Bracket { .. } => {
                        return refuse(RefusalCode::Illegal, "a 括号大战 action in a 军棋 room");
                    }
                };
                if g.phase != Phase::Playing {
                    return refuse(RefusalCode::WrongPhase, "the armies are still deploying");
                }
                let mut trial = g.clone();
                trial
                    .act(entry.action(&g.board).map_err(illegal)?)
                    .map_err(|e| illegal(e.to_string()))?;
                Ok(Entry::Junqi { action: entry })
            }
            (Some(Table::Bracket { game, .. }), action) => {
                if game.turn.current != seat + 1 {
                    return refuse(RefusalCode::NotYourTurn, "it is not your turn");
                }
                let kinds = &self.content.kinds;
                let recorded = match action {
                    GameAction::Bracket { action } => action.clone(),
                    GameAction::Resign => BracketAction::Surrender,
                    _ => return refuse(RefusalCode::Illegal, "a 军棋 action in a 括号大战 room"),
                };
                let a = recorded.action(kinds).map_err(illegal)?;
                bracket::game::check(&game.settings, &game.board, &game.turn, kinds, &a)
                    .map_err(|e| illegal(e.to_string()))?;
                Ok(Entry::Bracket { action: recorded })
            }
            (None, _) => refuse(RefusalCode::WrongPhase, "the game has not started"),
        }
    }

    // ---- messages --------------------------------------------------------------------

    fn send_token(&self, conn: ConnId, seat: u8, fx: &mut Effects) {
        if let Holder::Person { token, .. } = &self.seats[seat as usize].holder {
            fx.send(
                conn,
                ServerMsg::Seated {
                    room: self.id,
                    seat,
                    token: token.clone(),
                },
            );
        }
    }

    fn room_state(&self, you: Option<u8>) -> RoomState {
        RoomState {
            id: self.id,
            options: self.options.clone(),
            status: self.status,
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatInfo {
                    seat: i as u8,
                    occupant: match &s.holder {
                        Holder::Empty => Occupant::Empty,
                        Holder::Person { name, .. } => Occupant::Person { name: name.clone() },
                        Holder::Computer(level) => Occupant::Computer { level: *level },
                    },
                    ready: s.ready,
                    connected: s.conn.is_some(),
                })
                .collect(),
            observers: self
                .members
                .values()
                .filter(|m| m.seat.is_none())
                .map(|m| m.name.clone())
                .collect(),
            host: self.host(),
            you,
        }
    }

    fn broadcast_room(&self, fx: &mut Effects) {
        for (&to, m) in &self.members {
            fx.send(
                to,
                ServerMsg::Room {
                    room: self.room_state(m.seat),
                },
            );
        }
    }

    /// Each member's (or one member's) view of the game.
    fn send_game(&mut self, now: u64, only: Option<ConnId>, fx: &mut Effects) {
        let Some(table) = &self.table else { return };
        let clock_ms = self.deadline.map(|d| d.saturating_sub(now));
        for (&to, m) in self.members.iter_mut() {
            if only.is_some_and(|o| o != to) {
                continue;
            }
            let view = match table {
                Table::Junqi(g) => {
                    let view = match m.seat {
                        Some(s) => PlayerView::position(g, s as usize),
                        None => PlayerView::public(g),
                    };
                    let first = m.sent.min(g.events.len());
                    m.sent = g.events.len();
                    GameView::Junqi(JunqiView {
                        view,
                        observer: m.seat.is_none(),
                        first_event: first,
                        events: g.events[first..].to_vec(),
                        clock_ms,
                    })
                }
                Table::Bracket { game, by } => {
                    let kinds = &self.content.kinds;
                    let first = m.sent.min(game.actions.len());
                    m.sent = game.actions.len();
                    GameView::Bracket(BracketView {
                        board: bracket::text::format_board(&game.board, kinds),
                        seed: game.seed,
                        turn: game.turn.clone(),
                        actions: game.actions.len(),
                        new_actions: game.actions[first..]
                            .iter()
                            .zip(&by[first..])
                            .map(|(a, &s)| (s, BracketAction::of(a, kinds)))
                            .collect(),
                        clock_ms,
                    })
                }
            };
            fx.send(to, ServerMsg::Game { view });
        }
    }
}

fn junqi_ai(level: Level) -> AiKind {
    match level {
        Level::Easy => AiKind::Random,
        Level::Normal => AiKind::Heuristic,
        Level::Hard => AiKind::Strong,
    }
}

fn bracket_ai(level: Level) -> SeatKind {
    match level {
        Level::Easy => SeatKind::RandomComputer,
        Level::Normal => SeatKind::GreedyComputer,
        Level::Hard => SeatKind::StrongComputer,
    }
}

fn parse_layout(game: &Junqi, layout: &[(String, String)]) -> Result<Layout, String> {
    layout
        .iter()
        .map(|(n, k)| {
            let node = game.board.find(n).ok_or_else(|| format!("no node `{n}`"))?;
            let kind = game.set.by_id(k).ok_or_else(|| format!("no piece `{k}`"))?;
            Ok((node, kind))
        })
        .collect()
}

/// A message's `type`, for refusals.
pub fn message_name(msg: &ClientMsg) -> &'static str {
    match msg {
        ClientMsg::Hello { .. } => "hello",
        ClientMsg::ListRooms => "list_rooms",
        ClientMsg::CreateRoom { .. } => "create_room",
        ClientMsg::Join { .. } => "join",
        ClientMsg::Sit { .. } => "sit",
        ClientMsg::Stand => "stand",
        ClientMsg::Leave => "leave",
        ClientMsg::Ready { .. } => "ready",
        ClientMsg::SetComputer { .. } => "set_computer",
        ClientMsg::Kick { .. } => "kick",
        ClientMsg::Chat { .. } => "chat",
        ClientMsg::Act { .. } => "act",
    }
}
