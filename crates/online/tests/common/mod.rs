//! The rooms' test harness: one room driven without a network, every message each
//! connection was sent kept as JSON, the journal kept, and bots to play seats.
#![allow(dead_code)] // each test binary uses its own part of it

use std::collections::BTreeMap;

use bw_online::bot::Bot;
use bw_online::protocol::*;
use bw_online::room::{ConnId, Content, Effects, Entry, Room};
use bw_rules::{bracket, junqi};

pub struct Harness {
    pub room: Room,
    pub now: u64,
    pub inbox: BTreeMap<ConnId, Vec<ServerMsg>>,
    /// Everything each connection was sent, as JSON lines.
    pub wire: BTreeMap<ConnId, Vec<String>>,
    pub journal: Vec<Entry>,
    pub tokens: u32,
}

impl Harness {
    pub fn new(options: RoomOptions, seed: u64) -> Harness {
        let (room, entry) = Room::create(1, options, seed, Content::builtin()).unwrap();
        Harness {
            room,
            now: 0,
            inbox: BTreeMap::new(),
            wire: BTreeMap::new(),
            journal: vec![entry],
            tokens: 0,
        }
    }

    pub fn take(&mut self, fx: Effects) {
        for o in fx.out {
            self.wire.entry(o.to).or_default().push(to_json(&o.msg));
            self.inbox.entry(o.to).or_default().push(o.msg);
        }
        self.journal.extend(fx.journal);
    }

    pub fn token(&mut self) -> String {
        self.tokens += 1;
        format!("token-{}", self.tokens)
    }

    /// Two players, "a" (connection 1) at seat 0 and "b" (connection 2) at seat 1, both
    /// with their hands raised: the game starts.
    pub fn two_ready(&mut self) {
        self.enter(1, "a", Some(0));
        self.enter(2, "b", Some(1));
        self.send(1, ClientMsg::Ready { ready: true }).unwrap();
        self.send(2, ClientMsg::Ready { ready: true }).unwrap();
    }

    pub fn enter(&mut self, conn: ConnId, name: &str, seat: Option<u8>) {
        let t = self.token();
        let fx = self.room.enter(self.now, conn, name, seat, || t).unwrap();
        self.take(fx);
    }

    pub fn send(&mut self, conn: ConnId, msg: ClientMsg) -> Result<(), (RefusalCode, String)> {
        let t = self.token();
        let fx = self.room.handle(self.now, conn, msg, || t)?;
        self.take(fx);
        Ok(())
    }

    pub fn run_computers(&mut self) {
        while let Some(job) = self.room.computer_job() {
            let (stamp, seat) = (job.stamp, job.seat);
            let action = job.run();
            let fx = self.room.computer_acted(self.now, stamp, seat, action);
            if fx.journal.is_empty() {
                break;
            }
            self.take(fx);
        }
    }

    pub fn advance(&mut self, ms: u64) {
        self.now += ms;
        let fx = self.room.tick(self.now);
        self.take(fx);
    }

    /// Lets the bots answer their messages until nothing more happens.
    pub fn play(&mut self, bots: &mut BTreeMap<ConnId, Bot>, max_steps: usize) {
        let mut seq = 0;
        for _ in 0..max_steps {
            self.run_computers();
            let mut acted = false;
            for (&conn, bot) in bots.iter_mut() {
                let msgs = std::mem::take(self.inbox.entry(conn).or_default());
                for m in &msgs {
                    if let Some(action) = bot.on_message(m) {
                        seq += 1;
                        let t = String::new();
                        let fx = self
                            .room
                            .handle(self.now, conn, ClientMsg::Act { seq, action }, || t)
                            .unwrap_or_else(|e| panic!("a bot's action was refused: {e:?}"));
                        for o in fx.out {
                            self.wire.entry(o.to).or_default().push(to_json(&o.msg));
                            self.inbox.entry(o.to).or_default().push(o.msg);
                        }
                        self.journal.extend(fx.journal);
                        acted = true;
                    }
                }
            }
            if !acted && self.room.computer_job().is_none() {
                return;
            }
        }
    }

    pub fn last_game(&self, conn: ConnId) -> Option<GameView> {
        self.wire
            .get(&conn)?
            .iter()
            .rev()
            .find_map(|line| match parse_server(line) {
                Ok(ServerMsg::Game { view }) => Some(view),
                _ => None,
            })
    }
}

pub fn junqi_2p() -> RoomOptions {
    RoomOptions {
        game: GameOptions::Junqi {
            rules: junqi::Rules {
                board: junqi::BoardChoice::TwoPlayer,
                players: 2,
                ..junqi::Rules::default()
            },
            deploy_secs: Some(120),
            move_secs: None,
            timeouts_lose: None,
            total_secs: None,
            any_count: false,
        },
        computer_takes_over: false,
        name: None,
        rated: false,
        observers: true,
        password: None,
    }
}

pub fn bracket_2p() -> RoomOptions {
    RoomOptions {
        game: GameOptions::Bracket {
            settings: bracket::Settings {
                turn_limit: Some(8),
                ..bracket::Settings::default()
            },
            move_secs: Some(30),
        },
        computer_takes_over: false,
        name: None,
        rated: false,
        observers: true,
        password: None,
    }
}

pub fn bots(seeds: &[(ConnId, u64)]) -> BTreeMap<ConnId, Bot> {
    seeds
        .iter()
        .map(|&(c, s)| (c, Bot::new(Content::builtin(), Level::Normal, s)))
        .collect()
}

pub fn finished(h: &Harness, conn: ConnId) -> Option<GameRecord> {
    h.wire
        .get(&conn)?
        .iter()
        .find_map(|line| match parse_server(line) {
            Ok(ServerMsg::Finished { record }) => Some(record),
            _ => None,
        })
}

/// The token the room last sent for `seat` (the journal holds only its hash).
pub fn seat_token(h: &Harness, seat: u8) -> String {
    let token = h
        .wire
        .values()
        .flatten()
        .rev()
        .find_map(|line| match parse_server(line) {
            Ok(ServerMsg::Seated { seat: s, token, .. }) if s == seat => Some(token),
            _ => None,
        })
        .expect("the seat was told its token");
    let hash = bw_online::room::token_hash(&token);
    assert!(
        h.journal
            .iter()
            .any(|e| matches!(e, Entry::Sat { seat: s, token: t, .. } if *s == seat && *t == hash)),
        "the journal holds the token's hash"
    );
    token
}
