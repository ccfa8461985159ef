//! The 军棋 engine protocol, version 1 (`docs/junqi-engine.md`): its messages as types,
//! parsed from and written to lines, and what the referee tells one seat of a game.
//!
//! Both sides use this module: the engine ([`super::engine`]) parses [`ToEngine`] and writes
//! [`FromEngine`]; the referee (the `bracket-war-referee` crate) does the opposite, and
//! builds every message a seat receives with [`SeatFeed`], from public events and that
//! seat's own view only.

use std::fmt;

use bw_rules::junqi::board::{Board, NodeId};
use bw_rules::junqi::pieces::{PieceKindId, PieceSet};
use bw_rules::junqi::setup::{Alliance, BoardChoice, Layout, Rules};

pub const PROTOCOL_VERSION: u32 = 1;

/// What a move did, as everyone sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveOutcome {
    /// The target was empty.
    Empty,
    /// The target's piece left the board; the mover stands on the target.
    Won,
    /// The mover left the board.
    Lost,
    /// Both left the board.
    Both,
}

impl MoveOutcome {
    pub fn word(self) -> &'static str {
        match self {
            MoveOutcome::Empty => "empty",
            MoveOutcome::Won => "won",
            MoveOutcome::Lost => "lost",
            MoveOutcome::Both => "both",
        }
    }

    fn parse(s: &str) -> Result<MoveOutcome, String> {
        Ok(match s {
            "empty" => MoveOutcome::Empty,
            "won" => MoveOutcome::Won,
            "lost" => MoveOutcome::Lost,
            "both" => MoveOutcome::Both,
            _ => return Err(format!("unknown outcome `{s}` (empty, won, lost, both)")),
        })
    }
}

/// Why a seat lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OutReason {
    Flag { by: Option<char> },
    NoMove,
    Resign,
}

/// A public event, in protocol terms (seats by letter).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineEvent {
    Move {
        seat: char,
        from: NodeId,
        to: NodeId,
        outcome: MoveOutcome,
    },
    Reveal {
        seat: char,
        nodes: Vec<NodeId>,
    },
    Offer(char),
    Answer(char, bool),
    Timeout(char),
    Out(char, OutReason),
}

/// The game's end for one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    Win,
    Loss,
    Draw,
}

/// A message from the referee to an engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToEngine {
    Protocol(u32),
    /// The rule flags, and the seats in turn order.
    Rules(Rules),
    Seat(char),
    Pieces(Vec<PieceKindId>),
    Deploy(u64),
    LayoutOk,
    LayoutRefused(String),
    Start {
        first: char,
    },
    Occupied(Vec<(NodeId, char)>),
    Known(Vec<(NodeId, PieceKindId)>),
    Event(EngineEvent),
    Go(u64),
    DrawQuery,
    GameOver(GameResult, String),
    Quit,
}

/// A message from an engine to the referee.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromEngine {
    Engine(String),
    Ok,
    Layout(Layout),
    Move(NodeId, NodeId),
    Offer,
    Resign,
    Yes,
    No,
    Info(String),
    Error(String),
}

/// The board and the piece set that node names and piece codes refer to.
#[derive(Clone, Copy)]
pub struct Codes<'a> {
    pub board: &'a Board,
    pub set: &'a PieceSet,
}

impl Codes<'_> {
    pub fn node(&self, name: &str) -> Result<NodeId, String> {
        self.board
            .find(name)
            .ok_or_else(|| format!("unknown node `{name}` on the {} board", self.board.name))
    }

    pub fn kind(&self, code: &str) -> Result<PieceKindId, String> {
        self.set
            .by_code(code)
            .ok_or_else(|| format!("unknown piece code `{code}`"))
    }

    fn pair<T>(
        &self,
        word: &str,
        right: impl Fn(&str) -> Result<T, String>,
    ) -> Result<(NodeId, T), String> {
        let (node, value) = word
            .split_once('=')
            .ok_or_else(|| format!("`{word}` is not NODE=VALUE"))?;
        Ok((self.node(node)?, right(value)?))
    }
}

fn seat_letter(s: &str) -> Result<char, String> {
    let mut chars = s.chars();
    match (chars.next(), chars.next()) {
        (Some(c @ ('S' | 'E' | 'N' | 'W' | 'A' | 'B')), None) => Ok(c),
        _ => Err(format!("`{s}` is not a seat letter (S, E, N, W, A, B)")),
    }
}

fn on_off(s: &str) -> Result<bool, String> {
    match s {
        "on" => Ok(true),
        "off" => Ok(false),
        _ => Err(format!("`{s}` is neither on nor off")),
    }
}

fn number(s: &str) -> Result<u64, String> {
    s.parse()
        .map_err(|_| format!("`{s}` is not a whole number"))
}

fn on(b: bool) -> &'static str {
    if b { "on" } else { "off" }
}

/// The `rules` line of a game.
pub fn rules_line(rules: &Rules) -> String {
    let seats: Vec<String> = rules.seat_letters().iter().map(|c| c.to_string()).collect();
    format!(
        "rules board={} seats={} alliance={} deal={} open_allies={} reveal_flag={} bombs_not_front={} quiet_limit={}",
        match rules.board {
            BoardChoice::TwoPlayer => "2p",
            BoardChoice::FourPlayer => "4p",
        },
        seats.join(","),
        match rules.alliance {
            Alliance::Opposite => "opposite",
            Alliance::Adjacent => "adjacent",
            Alliance::None => "none",
        },
        if rules.deal_random {
            "random"
        } else {
            "standard"
        },
        on(rules.open_allies),
        on(rules.reveal_flag),
        on(rules.bombs_not_front),
        rules.quiet_limit,
    )
}

fn parse_rules(words: &[&str]) -> Result<Rules, String> {
    let mut rules = Rules::default();
    let mut seats: Option<Vec<char>> = None;
    let mut board = None;
    for word in words {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| format!("`{word}` is not KEY=VALUE"))?;
        match key {
            "board" => {
                board = Some(match value {
                    "2p" => BoardChoice::TwoPlayer,
                    "4p" => BoardChoice::FourPlayer,
                    _ => return Err(format!("unknown board `{value}` (2p, 4p)")),
                })
            }
            "seats" => {
                seats = Some(
                    value
                        .split(',')
                        .map(seat_letter)
                        .collect::<Result<_, _>>()?,
                )
            }
            "alliance" => {
                rules.alliance = match value {
                    "opposite" => Alliance::Opposite,
                    "adjacent" => Alliance::Adjacent,
                    "none" => Alliance::None,
                    _ => {
                        return Err(format!(
                            "unknown alliance `{value}` (opposite, adjacent, none)"
                        ));
                    }
                }
            }
            "deal" => {
                rules.deal_random = match value {
                    "standard" => false,
                    "random" => true,
                    _ => return Err(format!("unknown deal `{value}` (standard, random)")),
                }
            }
            "open_allies" => rules.open_allies = on_off(value)?,
            "reveal_flag" => rules.reveal_flag = on_off(value)?,
            "bombs_not_front" => rules.bombs_not_front = on_off(value)?,
            "quiet_limit" => {
                rules.quiet_limit = u32::try_from(number(value)?)
                    .map_err(|_| format!("quiet_limit {value} is too large"))?
            }
            _ => return Err(format!("unknown rule `{key}`")),
        }
    }
    rules.board = board.ok_or("rules without board=")?;
    let seats = seats.ok_or("rules without seats=")?;
    rules.players = seats.len() as u8;
    rules.validate()?;
    if rules.seat_letters() != seats {
        let want: Vec<String> = rules.seat_letters().iter().map(|c| c.to_string()).collect();
        return Err(format!(
            "seats={} cannot be played: {} players sit at {}",
            words
                .iter()
                .find_map(|w| w.strip_prefix("seats="))
                .unwrap_or_default(),
            rules.players,
            want.join(",")
        ));
    }
    Ok(rules)
}

impl ToEngine {
    /// Parses one line. Messages that name nodes or pieces need `names` (the game's board
    /// and set, known once `rules` came).
    pub fn parse(line: &str, names: Option<Codes>) -> Result<ToEngine, String> {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let words: Vec<&str> = line.split(' ').filter(|w| !w.is_empty()).collect();
        let Some((&head, rest)) = words.split_first() else {
            return Err("empty message".into());
        };
        let need = || names.ok_or_else(|| format!("`{head}` before `rules`"));
        let exactly = |n: usize| {
            if rest.len() == n {
                Ok(())
            } else {
                Err(format!("`{head}` takes {n} word(s), not {}", rest.len()))
            }
        };
        Ok(match head {
            "protocol" => {
                exactly(1)?;
                ToEngine::Protocol(
                    u32::try_from(number(rest[0])?).map_err(|_| "version too large")?,
                )
            }
            "rules" => ToEngine::Rules(parse_rules(rest)?),
            "seat" => {
                exactly(1)?;
                ToEngine::Seat(seat_letter(rest[0])?)
            }
            "pieces" => {
                let n = need()?;
                ToEngine::Pieces(rest.iter().map(|c| n.kind(c)).collect::<Result<_, _>>()?)
            }
            "deploy" => {
                exactly(1)?;
                ToEngine::Deploy(number(rest[0])?)
            }
            "layout" => match rest {
                ["ok"] => ToEngine::LayoutOk,
                ["refused", why @ ..] => ToEngine::LayoutRefused(why.join(" ")),
                _ => return Err("`layout` is followed by ok or refused".into()),
            },
            "start" => {
                exactly(1)?;
                let first = rest[0]
                    .strip_prefix("first=")
                    .ok_or("`start` takes first=SEAT")?;
                ToEngine::Start {
                    first: seat_letter(first)?,
                }
            }
            "occupied" => {
                let n = need()?;
                ToEngine::Occupied(
                    rest.iter()
                        .map(|w| n.pair(w, seat_letter))
                        .collect::<Result<_, _>>()?,
                )
            }
            "known" => {
                let n = need()?;
                ToEngine::Known(
                    rest.iter()
                        .map(|w| n.pair(w, |c| n.kind(c)))
                        .collect::<Result<_, _>>()?,
                )
            }
            "event" => ToEngine::Event(parse_event(rest, need()?)?),
            "go" => {
                exactly(1)?;
                ToEngine::Go(number(rest[0])?)
            }
            "draw?" => {
                exactly(0)?;
                ToEngine::DrawQuery
            }
            "gameover" => {
                let (&result, why) = rest.split_first().ok_or("`gameover` without a result")?;
                let result = match result {
                    "win" => GameResult::Win,
                    "loss" => GameResult::Loss,
                    "draw" => GameResult::Draw,
                    _ => return Err(format!("unknown result `{result}` (win, loss, draw)")),
                };
                ToEngine::GameOver(result, why.join(" "))
            }
            "quit" => ToEngine::Quit,
            _ => return Err(format!("unknown message `{head}`")),
        })
    }
}

fn parse_event(words: &[&str], n: Codes) -> Result<EngineEvent, String> {
    let wrong = |what: &str| format!("`event {what}` has the wrong words");
    Ok(match words {
        ["move", seat, from, to, outcome] => EngineEvent::Move {
            seat: seat_letter(seat)?,
            from: n.node(from)?,
            to: n.node(to)?,
            outcome: MoveOutcome::parse(outcome)?,
        },
        ["move", ..] => return Err(wrong("move")),
        ["reveal", seat, pairs @ ..] => EngineEvent::Reveal {
            seat: seat_letter(seat)?,
            nodes: pairs
                .iter()
                .map(|w| {
                    n.pair(w, |c| match c {
                        "FLAG" => Ok(()),
                        _ => Err(format!("`{c}`: only flags are revealed")),
                    })
                    .map(|(node, ())| node)
                })
                .collect::<Result<_, _>>()?,
        },
        ["offer", seat] => EngineEvent::Offer(seat_letter(seat)?),
        ["answer", seat, yes] => EngineEvent::Answer(
            seat_letter(seat)?,
            match *yes {
                "yes" => true,
                "no" => false,
                _ => return Err(format!("`{yes}` is neither yes nor no")),
            },
        ),
        ["timeout", seat] => EngineEvent::Timeout(seat_letter(seat)?),
        ["out", seat, why, by @ ..] => {
            let by = match by {
                [] => None,
                [b] => Some(seat_letter(
                    b.strip_prefix("by=").ok_or("`out` ends with by=SEAT")?,
                )?),
                _ => return Err(wrong("out")),
            };
            EngineEvent::Out(
                seat_letter(seat)?,
                match *why {
                    "flag" => OutReason::Flag { by },
                    "nomove" => OutReason::NoMove,
                    "resign" => OutReason::Resign,
                    _ => return Err(format!("unknown reason `{why}` (flag, nomove, resign)")),
                },
            )
        }
        [what, ..] => return Err(format!("unknown event `{what}`")),
        [] => return Err("`event` without a kind".into()),
    })
}

/// Writes a message as its line (without the newline).
pub struct Line<'a, T>(pub &'a T, pub Codes<'a>);

impl fmt::Display for Line<'_, ToEngine> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.1;
        let name = |id: NodeId| n.board.name(id);
        let code = |k: PieceKindId| n.set.get(k).code.as_str();
        match self.0 {
            ToEngine::Protocol(v) => write!(f, "protocol {v}"),
            ToEngine::Rules(r) => write!(f, "{}", rules_line(r)),
            ToEngine::Seat(s) => write!(f, "seat {s}"),
            ToEngine::Pieces(ks) => {
                write!(f, "pieces")?;
                ks.iter().try_for_each(|&k| write!(f, " {}", code(k)))
            }
            ToEngine::Deploy(ms) => write!(f, "deploy {ms}"),
            ToEngine::LayoutOk => write!(f, "layout ok"),
            ToEngine::LayoutRefused(why) => write!(f, "layout refused {why}"),
            ToEngine::Start { first } => write!(f, "start first={first}"),
            ToEngine::Occupied(pairs) => {
                write!(f, "occupied")?;
                pairs
                    .iter()
                    .try_for_each(|&(node, s)| write!(f, " {}={s}", name(node)))
            }
            ToEngine::Known(pairs) => {
                write!(f, "known")?;
                pairs
                    .iter()
                    .try_for_each(|&(node, k)| write!(f, " {}={}", name(node), code(k)))
            }
            ToEngine::Event(e) => match e {
                EngineEvent::Move {
                    seat,
                    from,
                    to,
                    outcome,
                } => write!(
                    f,
                    "event move {seat} {} {} {}",
                    name(*from),
                    name(*to),
                    outcome.word()
                ),
                EngineEvent::Reveal { seat, nodes } => {
                    write!(f, "event reveal {seat}")?;
                    nodes
                        .iter()
                        .try_for_each(|&node| write!(f, " {}=FLAG", name(node)))
                }
                EngineEvent::Offer(s) => write!(f, "event offer {s}"),
                EngineEvent::Answer(s, yes) => {
                    write!(f, "event answer {s} {}", if *yes { "yes" } else { "no" })
                }
                EngineEvent::Timeout(s) => write!(f, "event timeout {s}"),
                EngineEvent::Out(s, why) => match why {
                    OutReason::Flag { by: Some(by) } => write!(f, "event out {s} flag by={by}"),
                    OutReason::Flag { by: None } => write!(f, "event out {s} flag"),
                    OutReason::NoMove => write!(f, "event out {s} nomove"),
                    OutReason::Resign => write!(f, "event out {s} resign"),
                },
            },
            ToEngine::Go(ms) => write!(f, "go {ms}"),
            ToEngine::DrawQuery => write!(f, "draw?"),
            ToEngine::GameOver(result, why) => write!(
                f,
                "gameover {} {why}",
                match result {
                    GameResult::Win => "win",
                    GameResult::Loss => "loss",
                    GameResult::Draw => "draw",
                }
            ),
            ToEngine::Quit => write!(f, "quit"),
        }
    }
}

impl fmt::Display for Line<'_, FromEngine> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.1;
        match self.0 {
            FromEngine::Engine(name) => write!(f, "engine {name}"),
            FromEngine::Ok => write!(f, "ok"),
            FromEngine::Layout(layout) => {
                write!(f, "layout")?;
                layout.iter().try_for_each(|&(node, k)| {
                    write!(f, " {}={}", n.board.name(node), n.set.get(k).code)
                })
            }
            FromEngine::Move(a, b) => write!(f, "move {} {}", n.board.name(*a), n.board.name(*b)),
            FromEngine::Offer => write!(f, "offer"),
            FromEngine::Resign => write!(f, "resign"),
            FromEngine::Yes => write!(f, "yes"),
            FromEngine::No => write!(f, "no"),
            FromEngine::Info(text) => write!(f, "info {text}"),
            FromEngine::Error(text) => write!(f, "error {text}"),
        }
    }
}

impl FromEngine {
    /// Parses an engine's line. `None`: an empty line (ignored).
    pub fn parse(line: &str, names: Codes) -> Option<Result<FromEngine, String>> {
        let line = line.strip_suffix('\r').unwrap_or(line).trim_end();
        let words: Vec<&str> = line.split(' ').filter(|w| !w.is_empty()).collect();
        let (&head, rest) = words.split_first()?;
        let text = || line[head.len()..].trim_start().to_string();
        Some(Ok(match (head, rest) {
            ("engine", _) => FromEngine::Engine(text()),
            ("info", _) => FromEngine::Info(text()),
            ("error", _) => FromEngine::Error(text()),
            ("ok", []) => FromEngine::Ok,
            ("offer", []) => FromEngine::Offer,
            ("resign", []) => FromEngine::Resign,
            ("yes", []) => FromEngine::Yes,
            ("no", []) => FromEngine::No,
            ("move", [a, b]) => match (names.node(a), names.node(b)) {
                (Ok(a), Ok(b)) => FromEngine::Move(a, b),
                (Err(e), _) | (_, Err(e)) => return Some(Err(e)),
            },
            ("layout", pairs) => {
                match pairs
                    .iter()
                    .map(|w| names.pair(w, |c| names.kind(c)))
                    .collect::<Result<Layout, String>>()
                {
                    Ok(l) => FromEngine::Layout(l),
                    Err(e) => return Some(Err(e)),
                }
            }
            _ => return Some(Err(format!("not a reply: `{line}`"))),
        }))
    }
}

#[cfg(test)]
mod tests;
