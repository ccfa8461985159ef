//! A refereed game: the rules crate decides everything, each seat's player only gets the
//! protocol's messages for that seat ([`SeatFeed`]) and answers with intentions.
//!
//! Forfeits follow `docs/junqi-engine.md`: a late, illegal or malformed reply to `go` loses
//! that turn (`event timeout`); a layout refused twice loses the game (the seat is given the
//! automatic layout and resigns when play starts); a player whose program went away resigns.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bw_players::junqi::feed::SeatFeed;
use bw_players::junqi::protocol::{Codes, FromEngine, Line, ToEngine};
use bw_rules::junqi::game::{Action, Junqi, Phase, PlayerId};
use bw_rules::junqi::setup::{Layout, Rules, deal};
use bw_rules::junqi::{PieceSet, setup::validate_layout};

use crate::contestant::{Contestant, Silence};

/// How long a referee waits past a budget for pipes and scheduling before a reply is late.
pub const GRACE: Duration = Duration::from_millis(50);

/// The settings of one refereed game.
#[derive(Clone, Debug)]
pub struct GameSettings {
    pub rules: Rules,
    /// Deals the hands (乱战) and breaks nothing else: engines bring their own layouts.
    pub seed: u64,
    /// `go MS`.
    pub move_ms: u64,
    /// `deploy MS`.
    pub deploy_ms: u64,
}

/// What happened in a refereed game.
pub struct Played {
    pub game: Junqi,
    /// Turns each seat lost by a late, illegal or malformed reply.
    pub forfeits: Vec<u32>,
    /// One line per forfeit, refusal or departure, for the log.
    pub notes: Vec<String>,
    /// Seats whose player was late or went away: a late reply may still be on its way, so
    /// such a player should not sit at the next game.
    pub unreliable: Vec<bool>,
}

/// `protocol 1` and its answer: the engine's name.
pub fn handshake(c: &mut dyn Contestant, timeout: Duration) -> Result<String, String> {
    let who = c.label().to_string();
    c.send("protocol 1")
        .map_err(|_| format!("{who}: the engine is not running"))?;
    let deadline = Instant::now() + timeout;
    let mut name = None;
    loop {
        match c.recv(deadline) {
            Ok(line) if line.starts_with("engine") => {
                name = Some(line["engine".len()..].trim().to_string());
            }
            Ok(line) if line.trim() == "ok" => {
                return Ok(name.unwrap_or_else(|| who.clone()));
            }
            Ok(line) => return Err(format!("{who}: answered `protocol 1` with `{line}`")),
            Err(Silence::Late) => {
                return Err(format!(
                    "{who}: no `ok` to `protocol 1` within {} ms",
                    timeout.as_millis()
                ));
            }
            Err(Silence::Closed) => return Err(format!("{who}: exited during the handshake")),
        }
    }
}

/// One seat at the table.
struct Seat<'a> {
    player: &'a mut dyn Contestant,
    feed: SeatFeed,
    gone: bool,
    late: bool,
}

impl Seat<'_> {
    fn send(&mut self, line: String) {
        if !self.gone && self.player.send(&line).is_err() {
            self.gone = true;
        }
    }

    /// Drops what a late engine said after its deadline.
    fn drain(&mut self) {
        while self.player.recv(Instant::now()).is_ok() {}
    }

    fn ask(&mut self, line: String, ms: u64) -> Result<String, Silence> {
        if self.gone {
            return Err(Silence::Closed);
        }
        self.drain();
        self.send(line);
        let r = self
            .player
            .recv(Instant::now() + Duration::from_millis(ms) + GRACE);
        match r {
            Err(Silence::Closed) => self.gone = true,
            Err(Silence::Late) => {
                self.late = true;
                // Its answer is probably still coming: wait for it once more and drop
                // it, so that it is not taken for the answer to the next question.
                let again = Instant::now() + Duration::from_millis(ms) + GRACE;
                if self.player.recv(again) == Err(Silence::Closed) {
                    self.gone = true;
                }
            }
            Ok(_) => {}
        }
        r
    }
}

/// Plays one game between `players` (one per seat, in turn order) and returns it.
pub fn play(settings: &GameSettings, players: Vec<&mut dyn Contestant>) -> Result<Played, String> {
    let set = Arc::new(PieceSet::standard());
    let rules = settings.rules.clone();
    if players.len() != rules.players as usize {
        return Err(format!(
            "{} players for {} seats",
            players.len(),
            rules.players
        ));
    }
    let hands = deal(&rules, &set, settings.seed);
    let mut game = Junqi::new(rules, set.clone(), hands)?;
    game.players.iter_mut().for_each(|p| p.computer = true);
    let board = game.board.clone();
    let codes = Codes {
        board: &board,
        set: &set,
    };
    let line = |m: &ToEngine| Line(m, codes).to_string();
    let mut seats: Vec<Seat> = players
        .into_iter()
        .enumerate()
        .map(|(p, player)| Seat {
            player,
            feed: SeatFeed::new(p),
            gone: false,
            late: false,
        })
        .collect();
    let n = seats.len();
    let mut forfeits = vec![0u32; n];
    let mut notes = Vec::new();
    let letter = |game: &Junqi, p: PlayerId| game.players[p].seat;

    // Deployment: every seat at once.
    for (p, seat) in seats.iter_mut().enumerate() {
        for m in SeatFeed::opening(&game, p) {
            seat.send(line(&m));
        }
    }
    let mut layouts: Vec<Option<Layout>> = vec![None; n];
    let mut resign_at_start = Vec::new();
    for attempt in 0..2 {
        let waiting: Vec<PlayerId> = (0..n).filter(|&p| layouts[p].is_none()).collect();
        if waiting.is_empty() {
            break;
        }
        for &p in &waiting {
            seats[p].drain();
            seats[p].send(line(&ToEngine::Deploy(settings.deploy_ms)));
        }
        let deadline = Instant::now() + Duration::from_millis(settings.deploy_ms) + GRACE;
        for &p in &waiting {
            let seat = &mut seats[p];
            let reply = if seat.gone {
                Err("has gone".to_string())
            } else {
                match seat.player.recv(deadline) {
                    Ok(text) => match FromEngine::parse(&text, codes) {
                        Some(Ok(FromEngine::Layout(l))) => {
                            let me = &game.players[p];
                            validate_layout(&game.rules, &board, &set, me.seat, &me.hand, &l)
                                .map(|()| l)
                                .map_err(|e| e.to_string())
                        }
                        Some(Ok(other)) => Err(format!(
                            "answered `{}` instead of a layout",
                            Line(&other, codes)
                        )),
                        Some(Err(e)) => Err(e),
                        None => Err("sent an empty line".into()),
                    },
                    Err(Silence::Late) => {
                        seat.late = true;
                        Err("sent no layout in time".into())
                    }
                    Err(Silence::Closed) => {
                        seat.gone = true;
                        Err("has gone".into())
                    }
                }
            };
            match reply {
                Ok(l) => {
                    seat.send(line(&ToEngine::LayoutOk));
                    layouts[p] = Some(l);
                }
                Err(why) => {
                    notes.push(format!("{}: layout refused: {why}", letter(&game, p)));
                    seat.send(line(&ToEngine::LayoutRefused(why)));
                    if attempt == 1 || seat.gone {
                        // Refused twice: the seat loses the game when play starts.
                        layouts[p] = Some(game.auto_layout(p, settings.seed));
                        resign_at_start.push(p);
                    }
                }
            }
        }
    }
    // Ties (everyone at once) go to the earliest seat in turn order.
    for (p, layout) in layouts.into_iter().enumerate() {
        let layout = layout.expect("every seat has a layout");
        game.deploy(p, &layout).map_err(|e| e.to_string())?;
    }
    for seat in seats.iter_mut() {
        for m in seat.feed.start(&game) {
            seat.send(line(&m));
        }
    }
    for p in resign_at_start {
        if game.phase == Phase::Playing && game.players[p].in_game() {
            game.act(Action::Resign { player: p })
                .map_err(|e| e.to_string())?;
        }
    }

    let tell_all = |seats: &mut Vec<Seat>, game: &Junqi| {
        for seat in seats.iter_mut() {
            for m in seat.feed.events(game) {
                seat.send(line(&m));
            }
        }
    };
    while game.phase == Phase::Playing {
        tell_all(&mut seats, &game);
        let me = game.turn;
        let reply = seats[me].ask(line(&ToEngine::Go(settings.move_ms)), settings.move_ms);
        let action = match reply {
            Err(Silence::Closed) => {
                notes.push(format!(
                    "{}: the engine went away; it resigns",
                    letter(&game, me)
                ));
                Action::Resign { player: me }
            }
            Err(Silence::Late) => {
                forfeits[me] += 1;
                notes.push(format!(
                    "{}: no reply within {} ms; turn forfeited",
                    letter(&game, me),
                    settings.move_ms
                ));
                Action::Timeout
            }
            Ok(text) => match FromEngine::parse(&text, codes) {
                Some(Ok(FromEngine::Move(from, to))) => Action::Move { from, to },
                Some(Ok(FromEngine::Offer)) => Action::OfferDraw,
                Some(Ok(FromEngine::Resign)) => Action::Resign { player: me },
                _ => {
                    forfeits[me] += 1;
                    notes.push(format!(
                        "{}: `{text}` is not a reply to go; turn forfeited",
                        letter(&game, me)
                    ));
                    Action::Timeout
                }
            },
        };
        if let Err(refusal) = game.act(action) {
            forfeits[me] += 1;
            notes.push(format!(
                "{}: illegal ({refusal}); turn forfeited",
                letter(&game, me)
            ));
            game.act(Action::Timeout).map_err(|e| e.to_string())?;
        }
        if action == Action::OfferDraw {
            // Everyone else still in answers, in turn order from the offerer.
            for step in 1..n {
                let p = (me + step) % n;
                if game.phase != Phase::Playing || !game.players[p].in_game() {
                    continue;
                }
                tell_all(&mut seats, &game);
                let yes = match seats[p].ask(line(&ToEngine::DrawQuery), settings.move_ms) {
                    Ok(text) => {
                        matches!(FromEngine::parse(&text, codes), Some(Ok(FromEngine::Yes)))
                    }
                    Err(Silence::Closed) => {
                        game.act(Action::Resign { player: p })
                            .map_err(|e| e.to_string())?;
                        continue;
                    }
                    Err(Silence::Late) => false,
                };
                game.act(Action::AnswerDraw { player: p, yes })
                    .map_err(|e| e.to_string())?;
                if !yes {
                    break;
                }
            }
        }
    }
    tell_all(&mut seats, &game);
    Ok(Played {
        game,
        forfeits,
        notes,
        unreliable: seats.iter().map(|s| s.gone || s.late).collect(),
    })
}
