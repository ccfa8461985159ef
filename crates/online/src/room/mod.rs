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

mod checks;
mod clock;
mod computers;
mod connections;
mod messages;
mod standing;

use checks::parse_layout;
pub use computers::Job;
pub use messages::message_name;

use std::collections::BTreeMap;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use bw_rules::bracket;
use bw_rules::bracket::KindTable;
use bw_rules::bracket::record::RecordedAction as BracketAction;
use bw_rules::junqi::ecs::JunqiWorld;
use bw_rules::junqi::record::{Record, RecordedAction as JunqiAction};
use bw_rules::junqi::setup::{any_count_players, deal};
use bw_rules::junqi::{Junqi, Phase, PieceSet};

use crate::protocol::*;

/// A connection, numbered by the server.
pub type ConnId = u64;

/// How long a dropped person keeps a seat before its turns time out or a computer takes
/// over (the default; the server may set another).
pub const DEFAULT_GRACE_MS: u64 = 60_000;
/// How long an absent person's turn waits when the room has no move timer.
pub const ABSENT_TURN_MS: u64 = 30_000;
/// The chat lines a room keeps: the last ones are sent to every connection that enters
/// (or comes back to) the room.
pub const CHAT_HISTORY_LINES: usize = 100;

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
        /// The options without the password (`password` keeps its hash).
        options: RoomOptions,
        seed: u64,
        /// A private room's password, as its SHA-256 ([`token_hash`]).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        password: Option<String>,
    },
    Sat {
        seat: u8,
        name: String,
        /// The seat token's SHA-256 ([`token_hash`]): the journal never holds a token
        /// itself (journals written before hold the token; they still resume).
        token: String,
        /// The account's key of a logged-in person (none: a guest).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        account: Option<String>,
    },
    /// A logged-in person took the seat back by their session, without the seat token:
    /// the seat's token is now this one (its hash).
    Rekeyed {
        seat: u8,
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
    /// The game began. A 任意人数 room names the seats that play, in turn order (the
    /// others stay out and the room has that many seats from then on).
    Started {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        players: Option<Vec<u8>>,
    },
    Deployed {
        seat: u8,
        layout: Vec<(String, String)>,
    },
    Junqi {
        action: JunqiAction,
        /// With a total clock (局时): the milliseconds since the turn began; a move that
        /// ends the turn takes them from the mover's total.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ms: Option<u64>,
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
    /// Nobody was in the room (no person seated before the game, or no connection at all
    /// for the grace period during it): it closed, and a restart leaves it closed.
    Closed,
    /// A chat line (kept so that it survives a reconnection and a server restart).
    Chat {
        from: String,
        text: String,
        /// Said by an observer during the game: for observers only.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        observers: bool,
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

    /// These effects, then `more`.
    fn then(mut self, more: Effects) -> Effects {
        self.out.extend(more.out);
        self.journal.extend(more.journal);
        self.removed.extend(more.removed);
        self
    }
}

/// Times a seat may be handed to the computer (托管) or given a new token by a session in
/// one room; past it `autoplay on` is refused and a session no longer takes the seat back
/// (its seat token still does). Each is a journal row that a game never compacts.
pub const MAX_HANDOVERS: u32 = 50;

/// A kept chat line.
#[derive(Clone, Debug)]
struct ChatLine {
    from: String,
    text: String,
    /// The observers' own chat.
    observers: bool,
}

/// A refusal: its code and one line.
pub type Refused = (RefusalCode, String);

fn refuse<T>(code: RefusalCode, reason: impl Into<String>) -> Result<T, Refused> {
    Err((code, reason.into()))
}

#[derive(Clone, Debug, PartialEq)]
enum Holder {
    Empty,
    Person {
        name: String,
        token: String,
        /// The account's key ([`crate::hall::name_key`]) of a logged-in person.
        account: Option<String>,
    },
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
    account: Option<String>,
    seat: Option<u8>,
    /// Public events (军棋) or actions (括号大战) this connection has been sent.
    sent: usize,
}

// One table per room: the variants' sizes do not matter.
#[allow(clippy::large_enum_variant)]
enum Table {
    /// 军棋 runs through the rules crate's schedule, in a world of the room's own.
    Junqi(JunqiWorld),
    Bracket {
        game: bracket::Game,
        /// The seat of each action.
        by: Vec<u8>,
    },
}

/// The length of the tokens journals held before they held hashes (128 bits as hex).
const LEGACY_TOKEN_LEN: usize = 32;

/// What a room, its journal and the server's token table keep of a seat token: its SHA-256,
/// as hex. A stolen journal or database gives no one a seat.
pub fn token_hash(token: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
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
    /// Observers the room lets in at once (the server's `--max-observers`; default
    /// [`MAX_OBSERVERS`](crate::protocol::MAX_OBSERVERS)).
    pub max_observers: usize,
    /// How long a hard computer thinks a move (the server's `--hard-think-ms`; default
    /// [`bw_players::THINKING`]).
    pub hard_think: std::time::Duration,
    /// Since when nobody has been in the room (no connection), if nobody is.
    empty_since: Option<u64>,
    /// The last [`CHAT_HISTORY_LINES`] chat lines: who said it, and what.
    chat: std::collections::VecDeque<ChatLine>,
    /// A private room's password, as its SHA-256.
    password: Option<String>,
    /// 军棋: how many times each seat's turn timed out.
    timeouts: Vec<u32>,
    /// 军棋 with a total clock (局时): each seat's time left, in milliseconds.
    total_left: Vec<u64>,
    /// When the running clock started (server time).
    clock_since: Option<u64>,
    /// How many times each seat was handed to the computer, or given a new token by a
    /// session: each is a journal row, so each is capped ([`MAX_HANDOVERS`]).
    handovers: Vec<u32>,
    /// The ratings the seated accounts show in this room's pool (told by the server as
    /// they enter, and after a rated game): shown beside their names, never journaled.
    ratings: BTreeMap<String, f64>,
}

impl Room {
    /// A new room; its first entry is in the returned effects (journal it).
    pub fn create(
        id: RoomId,
        mut options: RoomOptions,
        seed: u64,
        content: Content,
    ) -> Result<(Room, Entry), Refused> {
        options
            .validate()
            .or_else(|e| refuse(RefusalCode::BadOptions, e))?;
        let password = options.password.take().map(|p| token_hash(&p));
        let (room, entry) = Room::made(id, options, seed, content, password);
        Ok((room, entry))
    }

    /// A room as created, from options already checked (creation, and a journal's first
    /// entry).
    fn made(
        id: RoomId,
        options: RoomOptions,
        seed: u64,
        content: Content,
        password: Option<String>,
    ) -> (Room, Entry) {
        let entry = Entry::Created {
            id,
            options: options.clone(),
            seed,
            password: password.clone(),
        };
        let seats = options.game.seats();
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
            max_observers: crate::protocol::MAX_OBSERVERS,
            hard_think: bw_players::THINKING,
            empty_since: None,
            chat: Default::default(),
            password,
            timeouts: vec![0; seats],
            total_left: Vec::new(),
            clock_since: None,
            handovers: vec![0; seats],
            ratings: BTreeMap::new(),
        };
        (room, entry)
    }

    /// Rebuilds a room from its journal (after a restart). Persons are away from `now`
    /// and get the grace period; clocks start again.
    pub fn restore(entries: &[Entry], content: Content, now: u64) -> Result<Room, String> {
        let Some(Entry::Created {
            id,
            options,
            seed,
            password,
        }) = entries.first()
        else {
            return Err("the journal does not start with the room's creation".into());
        };
        options.game.validate()?;
        let (mut room, _) = Room::made(*id, options.clone(), *seed, content, password.clone());
        for (i, e) in entries[1..].iter().enumerate() {
            room.apply(e, now)
                .map_err(|e| format!("journal entry {}: {e}", i + 2))?;
        }
        for s in &mut room.seats {
            if matches!(s.holder, Holder::Person { .. }) {
                s.away_since = Some(now);
            }
        }
        // Nobody is in a room just rebuilt: it closes unless someone comes back in time.
        room.empty_since = Some(now);
        room.clock_for.0 = u64::MAX;
        room.restart_clock(now);
        Ok(room)
    }

    /// Before the game, the shortest journal that rebuilds the room as it is: its
    /// creation, who sits where, who is ready, and the chat it keeps. (Seats changing hands
    /// and readiness toggled back and forth leave nothing behind.) `None` once the game has
    /// started: a game's journal is its record.
    pub fn compacted(&self) -> Option<Vec<Entry>> {
        if self.status != RoomStatus::Waiting {
            return None;
        }
        let mut out = vec![Entry::Created {
            password: self.password.clone(),
            id: self.id,
            options: self.options.clone(),
            seed: self.seed,
        }];
        for (i, s) in self.seats.iter().enumerate() {
            let seat = i as u8;
            match &s.holder {
                Holder::Empty => {}
                Holder::Person {
                    name,
                    token,
                    account,
                } => {
                    out.push(Entry::Sat {
                        seat,
                        name: name.clone(),
                        token: token.clone(),
                        account: account.clone(),
                    });
                    if s.ready {
                        out.push(Entry::Ready { seat, ready: true });
                    }
                }
                Holder::Computer(level) => out.push(Entry::Computer {
                    seat,
                    level: Some(*level),
                }),
            }
        }
        out.extend(self.chat.iter().map(|line| Entry::Chat {
            from: line.from.clone(),
            text: line.text.clone(),
            observers: line.observers,
        }));
        Some(out)
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

    /// A person whose connection dropped may still come back within the grace period (to
    /// a game's end too: one who was not told of it learns it then).
    pub fn awaits_return(&self) -> bool {
        self.seats.iter().any(|s| {
            matches!(s.holder, Holder::Person { .. })
                && s.conn.is_none()
                && !s.taken_over
                && s.away_since.is_some()
        })
    }

    /// Connections in the room without a seat.
    pub fn observer_count(&self) -> usize {
        self.members.values().filter(|m| m.seat.is_none()).count()
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
            observers: self.observer_count(),
            status: self.status,
            private: self.password.is_some(),
            server: None,
        }
    }

    /// The seat a token names (the room keeps only tokens' hashes).
    pub fn seat_of_token(&self, token: &str) -> Option<u8> {
        let hash = token_hash(token);
        self.seats
            .iter()
            .position(|s| {
                matches!(&s.holder, Holder::Person { token: t, .. }
                    if *t == hash || (t.len() == LEGACY_TOKEN_LEN && t == token))
            })
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

    /// Applies an entry and journals it.
    fn commit(&mut self, now: u64, mut entry: Entry, fx: &mut Effects) {
        if let Entry::Junqi { ms, .. } = &mut entry
            && !self.total_left.is_empty()
            && matches!(&self.table, Some(Table::Junqi(g)) if g.phase == Phase::Playing)
        {
            *ms = Some(now.saturating_sub(self.clock_since.unwrap_or(now)));
        }
        self.apply(&entry, now)
            .expect("an entry the room made applies");
        fx.journal.push(entry);
    }

    /// The one place a room's lasting state changes.
    pub fn apply(&mut self, entry: &Entry, now: u64) -> Result<(), String> {
        if let Entry::Chat {
            from,
            text,
            observers,
        } = entry
        {
            // Talk changes nothing a computer is thinking about: the stamp stays.
            if self.chat.len() == CHAT_HISTORY_LINES {
                self.chat.pop_front();
            }
            self.chat.push_back(ChatLine {
                from: from.clone(),
                text: text.clone(),
                observers: *observers,
            });
            return Ok(());
        }
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
            Entry::Sat {
                seat,
                name,
                token,
                account,
            } => {
                let i = seat_mut(&mut self.seats, *seat)?;
                self.seats[i] = Seat {
                    holder: Holder::Person {
                        name: name.clone(),
                        token: token.clone(),
                        account: account.clone(),
                    },
                    ..Seat::empty()
                };
            }
            Entry::Vacated { seat } => {
                let i = seat_mut(&mut self.seats, *seat)?;
                self.seats[i] = Seat::empty();
            }
            Entry::Rekeyed { seat, token } => {
                let i = seat_mut(&mut self.seats, *seat)?;
                let Holder::Person { token: t, .. } = &mut self.seats[i].holder else {
                    return Err(format!("seat {seat} holds no person to give a new token"));
                };
                *t = token.clone();
                self.handovers[i] += 1;
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
            Entry::Started { players } => {
                if let Some(players) = players {
                    self.seat_players(players)?;
                }
                self.start(now)?
            }
            Entry::Deployed { seat, layout } => {
                let Some(Table::Junqi(game)) = &mut self.table else {
                    return Err("a layout outside 军棋".into());
                };
                let layout = parse_layout(game, layout)?;
                game.deploy(*seat as usize, layout)
                    .map_err(|e| e.to_string())?;
            }
            Entry::Junqi { action, ms } => {
                let Some(Table::Junqi(game)) = &mut self.table else {
                    return Err("a 军棋 action outside 军棋".into());
                };
                let a = action.action(&game.board)?;
                let (turn, plies) = (game.turn, game.plies);
                game.act(a).map_err(|e| e.to_string())?;
                // The mover's total clock pays for a turn that ended.
                if let (Some(ms), Some(left)) = (ms, self.total_left.get_mut(turn))
                    && (game.plies != plies || game.turn != turn)
                {
                    *left = left.saturating_sub(*ms);
                }
                if matches!(action, JunqiAction::Timeout)
                    && let Some(n) = self.timeouts.get_mut(turn)
                {
                    *n += 1;
                }
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
                self.handovers[i] += 1;
            }
            Entry::Returned { seat } => {
                let i = seat_mut(&mut self.seats, *seat)?;
                self.seats[i].taken_over = false;
            }
            Entry::Failed { .. } => {
                self.status = RoomStatus::Failed;
                self.deadline = None;
            }
            Entry::Closed => {
                self.status = RoomStatus::Closed;
                self.deadline = None;
            }
            Entry::Chat { .. } => unreachable!("taken above"),
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
                Table::Junqi(JunqiWorld::new(game))
            }
            GameOptions::Bracket { settings, .. } => Table::Bracket {
                game: bracket::Game::new(settings.clone(), self.seed),
                by: Vec::new(),
            },
        });
        if let GameOptions::Junqi {
            total_secs: Some(total),
            ..
        } = &self.options.game
        {
            self.total_left = vec![*total as u64 * 1000; self.seats.len()];
        }
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

    pub(super) fn maybe_start(&mut self, now: u64, fx: &mut Effects) {
        if self.status != RoomStatus::Waiting {
            return;
        }
        let ready = |s: &Seat| match s.holder {
            Holder::Empty => false,
            Holder::Computer(_) => true,
            Holder::Person { .. } => s.ready && s.conn.is_some(),
        };
        let players = if self.any_count() {
            // 任意人数: everyone seated has a hand up, and two of them face each other.
            let seated: Vec<bool> = self
                .seats
                .iter()
                .map(|s| s.holder != Holder::Empty)
                .collect();
            let all_ready = self
                .seats
                .iter()
                .all(|s| s.holder == Holder::Empty || ready(s));
            let Ok(seated) = <[bool; 4]>::try_from(seated) else {
                return;
            };
            match any_count_players(seated) {
                Some(players) if all_ready => Some(players.iter().map(|&p| p as u8).collect()),
                _ => return,
            }
        } else if self.seats.iter().all(ready) {
            None
        } else {
            return;
        };
        let some_seats = players.is_some();
        self.commit(now, Entry::Started { players }, fx);
        if some_seats {
            // Everyone learns their seat in the game before its first view.
            self.broadcast_room(fx);
        }
        self.after_game_change(now, fx);
    }

    /// A 任意人数 room waiting for its players (its seats are S, E, N and W).
    pub fn any_count(&self) -> bool {
        self.status == RoomStatus::Waiting && self.options.game.any_count()
    }

    /// 任意人数: the seats named play, in that order; the room keeps only them, and the
    /// game is set for that many players.
    fn seat_players(&mut self, players: &[u8]) -> Result<(), String> {
        let GameOptions::Junqi {
            rules, any_count, ..
        } = &mut self.options.game
        else {
            return Err("only 军棋 rooms start with some of their seats".into());
        };
        let mut seated = [false; 4];
        for &p in players {
            if let Some(s) = seated.get_mut(p as usize) {
                *s = true;
            }
        }
        let expected: Option<Vec<u8>> =
            any_count_players(seated).map(|v| v.iter().map(|&p| p as u8).collect());
        if !*any_count || self.seats.len() != 4 || expected.as_deref() != Some(players) {
            return Err(format!("seats {players:?} cannot start this room's game"));
        }
        if let Some(s) = (0..4u8)
            .find(|s| !players.contains(s) && self.seats[*s as usize].holder != Holder::Empty)
        {
            return Err(format!("seat {s} is taken but would not play"));
        }
        rules.players = players.len() as u8;
        let seats = std::mem::take(&mut self.seats);
        self.seats = players.iter().map(|&p| seats[p as usize].clone()).collect();
        let new_seat = |old: u8| players.iter().position(|&p| p == old).map(|i| i as u8);
        for m in self.members.values_mut() {
            m.seat = m.seat.and_then(new_seat);
        }
        self.timeouts = vec![0; players.len()];
        self.handovers = players
            .iter()
            .map(|&p| self.handovers[p as usize])
            .collect();
        Ok(())
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
}
