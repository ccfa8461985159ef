//! The engine side of the 军棋 engine protocol: a session that reads the referee's lines and
//! answers them ([`EngineSession`]) with a computer player behind it ([`Brain`]). The seat's
//! own model of the game, built from the public messages only ([`SeatModel`]), is in
//! [`super::seat_model`].

use std::sync::Arc;
use std::time::Duration;

use bw_rules::junqi::board::Board;
use bw_rules::junqi::pieces::PieceSet;
use bw_rules::junqi::setup::Rules;

use super::brain::{Brain, Choice, SimpleBrain};
use super::protocol::{Codes, FromEngine, Line, PROTOCOL_VERSION, ToEngine};
use super::seat_model::SeatModel;
use super::simple::Style;
use super::strong::Strong;

/// The brain for a computer-player name (`random`, `heuristic`, `strong`); `nodes` fixes
/// the strong player's work per move (samples) instead of the clock.
pub fn brain(name: &str, seed: u64, nodes: Option<u32>) -> Result<Box<dyn Brain>, String> {
    Ok(match name {
        "strong" => Box::new(Strong::new(seed, nodes)),
        "random" => Box::new(SimpleBrain::new(Style::Random, seed)),
        "heuristic" => Box::new(SimpleBrain::new(Style::Heuristic, seed)),
        other => {
            return Err(format!(
                "unknown computer player `{other}` (random, heuristic or strong)"
            ));
        }
    })
}

/// A game being set up or played by the session.
struct Table {
    model: SeatModel,
    started: bool,
}

/// The engine side of a session: one line in, the lines to answer out.
pub struct EngineSession {
    brain: Box<dyn Brain>,
    set: Arc<PieceSet>,
    greeted: bool,
    rules: Option<Rules>,
    board: Option<Arc<Board>>,
    seat: Option<char>,
    table: Option<Table>,
    /// The session ended (`quit`).
    pub done: bool,
    /// Thinks at most this long per move, whatever `go` allows (to measure what time buys).
    pub max_ms: Option<u64>,
}

/// How much of a `go MS` budget the brain may spend: all but a tenth, and at least 20 ms,
/// kept for the pipes, the scheduler and the last sample or playout running past the
/// brain's deadline, so that the reply comes within `MS` itself (the protocol's 50 ms of
/// grace is the referee's, not the engine's to spend).
pub fn thinking_time(ms: u64) -> Duration {
    Duration::from_millis(ms.saturating_sub((ms / 10).max(20)).max(1))
}

/// The brain's time for a `go MS`, capped at `max_ms` of thinking when one is set. The cap
/// is on the thinking itself, not on the budget: `--ms 30` under `go 100` thinks 30 ms.
fn move_time(go_ms: u64, max_ms: Option<u64>) -> Duration {
    let allowed = thinking_time(go_ms);
    max_ms.map_or(allowed, |cap| {
        allowed.min(Duration::from_millis(cap.max(1)))
    })
}

impl EngineSession {
    pub fn new(brain: Box<dyn Brain>, set: Arc<PieceSet>) -> EngineSession {
        EngineSession {
            brain,
            set,
            greeted: false,
            rules: None,
            board: None,
            seat: None,
            table: None,
            done: false,
            max_ms: None,
        }
    }

    fn codes(&self) -> Option<Codes<'_>> {
        self.board.as_deref().map(|board| Codes {
            board,
            set: &self.set,
        })
    }

    fn reply(&self, r: FromEngine) -> String {
        match self.codes() {
            Some(c) => Line(&r, c).to_string(),
            None => match r {
                FromEngine::Engine(n) => format!("engine {n}"),
                FromEngine::Ok => "ok".into(),
                FromEngine::Error(e) => format!("error {e}"),
                FromEngine::Info(e) => format!("info {e}"),
                other => format!("error cannot write {other:?} before rules"),
            },
        }
    }

    /// Handles one line from the referee; returns the lines to write (each to be flushed).
    pub fn handle(&mut self, line: &str) -> Vec<String> {
        if line.trim().is_empty() {
            return vec![];
        }
        let message = match ToEngine::parse(line, self.codes()) {
            Ok(m) => m,
            Err(e) => return vec![format!("error {e}")],
        };
        match self.step(message) {
            Ok(replies) => replies.into_iter().map(|r| self.reply(r)).collect(),
            Err(e) => vec![format!("error {e}")],
        }
    }

    fn table(&mut self) -> Result<&mut Table, String> {
        self.table
            .as_mut()
            .ok_or_else(|| "no game: `rules`, `seat` and `pieces` first".into())
    }

    fn step(&mut self, message: ToEngine) -> Result<Vec<FromEngine>, String> {
        Ok(match message {
            ToEngine::Protocol(v) if v == PROTOCOL_VERSION => {
                self.greeted = true;
                vec![FromEngine::Engine(self.brain.name()), FromEngine::Ok]
            }
            ToEngine::Protocol(v) => {
                return Err(format!(
                    "protocol {v} is not spoken here (protocol {PROTOCOL_VERSION})"
                ));
            }
            ToEngine::Rules(r) => {
                self.board = Some(Arc::new(r.make_board()));
                self.rules = Some(r);
                self.seat = None;
                self.table = None;
                vec![]
            }
            ToEngine::Seat(s) => {
                let rules = self.rules.as_ref().ok_or("`seat` before `rules`")?;
                if !rules.seat_letters().contains(&s) {
                    return Err(format!("seat {s} does not play this game"));
                }
                self.seat = Some(s);
                vec![]
            }
            ToEngine::Pieces(hand) => {
                let rules = self.rules.clone().ok_or("`pieces` before `rules`")?;
                let seat = self.seat.ok_or("`pieces` before `seat`")?;
                if hand.len() != 25 {
                    return Err(format!("a hand has 25 pieces, not {}", hand.len()));
                }
                let me = rules
                    .seat_letters()
                    .iter()
                    .position(|&c| c == seat)
                    .expect("checked");
                let model = SeatModel::new(rules, self.set.clone(), me, hand);
                self.table = Some(Table {
                    model,
                    started: false,
                });
                vec![]
            }
            ToEngine::Deploy(ms) => {
                let budget = thinking_time(ms);
                let table = self.table.as_ref().ok_or("`deploy` before `pieces`")?;
                let layout = self.brain.layout(&table.model, budget);
                self.table()?.model.layout = layout.clone();
                vec![FromEngine::Layout(layout)]
            }
            ToEngine::LayoutOk | ToEngine::LayoutRefused(_) => vec![],
            ToEngine::Start { .. }
            | ToEngine::Occupied(_)
            | ToEngine::Known(_)
            | ToEngine::Event(_) => {
                let t = self.table()?;
                t.model.tell(&message)?;
                if matches!(message, ToEngine::Start { .. }) {
                    t.started = true;
                }
                vec![]
            }
            ToEngine::Go(ms) => {
                let t = self.table.as_ref().ok_or("`go` without a game")?;
                if !t.started {
                    return Err("`go` before `start`".into());
                }
                let choice = self.brain.choose(&t.model, move_time(ms, self.max_ms));
                let info = self.brain.info().map(FromEngine::Info);
                info.into_iter()
                    .chain([match choice {
                        Choice::Move(a, b) => FromEngine::Move(a, b),
                        Choice::Offer => FromEngine::Offer,
                        Choice::Resign => FromEngine::Resign,
                    }])
                    .collect()
            }
            ToEngine::DrawQuery => {
                let t = self.table.as_ref().ok_or("`draw?` without a game")?;
                vec![if self.brain.answer_draw(&t.model) {
                    FromEngine::Yes
                } else {
                    FromEngine::No
                }]
            }
            ToEngine::GameOver(..) => {
                self.table = None;
                vec![]
            }
            ToEngine::Quit => {
                self.done = true;
                vec![]
            }
        })
    }
}

/// Runs a session over a reader and a writer until `quit` or the end of input.
pub fn serve(
    session: &mut EngineSession,
    input: impl std::io::BufRead,
    mut output: impl std::io::Write,
) -> std::io::Result<()> {
    for line in input.lines() {
        let line = match line {
            Ok(l) => l,
            // Bytes that are not UTF-8: say so and go on.
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                writeln!(output, "error the line is not UTF-8")?;
                output.flush()?;
                continue;
            }
            Err(e) => return Err(e),
        };
        for reply in session.handle(&line) {
            writeln!(output, "{reply}")?;
            output.flush()?;
        }
        if session.done {
            break;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::{move_time, thinking_time};

    #[test]
    fn a_thinking_cap_caps_the_thinking_not_the_budget() {
        let ms = Duration::from_millis;
        assert_eq!(thinking_time(100), ms(80), "20 ms kept for pipes");
        assert_eq!(thinking_time(1000), ms(900), "a tenth kept for pipes");
        assert_eq!(thinking_time(15), ms(1));
        assert_eq!(move_time(100, None), ms(80));
        // A cap of 30 ms thinks 30 ms, not what a 30 ms budget leaves (10 ms).
        assert_eq!(move_time(100, Some(30)), ms(30));
        assert_eq!(move_time(300, Some(100)), ms(100));
        // The budget still bounds it.
        assert_eq!(move_time(100, Some(500)), ms(80));
        assert_eq!(move_time(100, Some(0)), ms(1));
    }
}
