//! Computer seats: the work a computer must do ([`Job`]), done off the room's thread, and
//! its answer taken back.

use std::sync::Arc;

use bw_players::junqi::{AiKind, Budget, Decision};
use bw_rules::bracket;
use bw_rules::bracket::KindTable;
use bw_rules::bracket::record::RecordedAction as BracketAction;
use bw_rules::junqi::record::RecordedAction as JunqiAction;
use bw_rules::junqi::setup::Layout;
use bw_rules::junqi::{self, Junqi, Phase};

use super::{Effects, Entry, Room, Table};
use crate::protocol::{GameAction, Level};

pub(super) fn junqi_ai(level: Level) -> AiKind {
    match level {
        Level::Easy => AiKind::Random,
        Level::Normal => AiKind::Heuristic,
        Level::Hard => AiKind::Strong,
    }
}

pub(super) fn bracket_ai(level: Level) -> bw_players::bracket::Seat {
    match level {
        Level::Easy => bw_players::bracket::Seat::Computer(bw_players::bracket::AiKind::Random),
        Level::Normal => bw_players::bracket::Seat::Computer(bw_players::bracket::AiKind::Greedy),
        Level::Hard => bw_players::bracket::Seat::Computer(bw_players::bracket::AiKind::Strong),
    }
}

pub(super) fn named_layout(game: &Junqi, layout: &Layout) -> Vec<(String, String)> {
    layout
        .iter()
        .map(|&(n, k)| (game.board.name(n).to_string(), game.set.get(k).id.clone()))
        .collect()
}

pub(super) fn seed_for(seed: u64, seat: u8, stamp: u64) -> u64 {
    bw_rules::rng::stream(
        seed ^ stamp.wrapping_mul(0xA076_1D64_78BD_642F),
        seat as usize,
        2,
    )
}

/// Work for a computer seat, done off the room's thread ([`Job::run`]); its answer goes
/// back through [`Room::computer_acted`], which drops it if the room moved on.
pub struct Job {
    pub stamp: u64,
    pub seat: u8,
    work: Work,
}

pub(super) enum Work {
    Layout(Box<Junqi>, AiKind, u64),
    Move(Box<Decision>, Arc<junqi::Board>),
    Bracket(
        Box<bracket::Game>,
        Arc<KindTable>,
        bw_players::bracket::Seat,
        u64,
        std::time::Duration,
    ),
}

impl Job {
    pub fn run(self) -> GameAction {
        match self.work {
            Work::Layout(game, kind, seed) => {
                let layout =
                    bw_players::junqi::computer_layout(&game, self.seat as usize, kind, seed);
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
            Work::Bracket(game, kinds, kind, seed, think) => {
                match bw_players::bracket::choose(kind, &game, &kinds, seed, think) {
                    bracket::Action::Surrender => GameAction::Resign,
                    a => GameAction::Bracket {
                        action: BracketAction::of(&a, &kinds),
                    },
                }
            }
        }
    }
}

impl Room {
    /// Work for a computer seat, if one must act now. With nobody in the room (no person,
    /// no observer connected) computers wait: no one would see their moves, and a server
    /// full of such rooms would think for no one.
    pub fn computer_job(&self) -> Option<Job> {
        let table = self.table.as_ref()?;
        if !self.in_game() || self.is_empty() {
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
                        work: Work::Layout(
                            Box::new(game.game().clone()),
                            junqi_ai(level),
                            self.seed,
                        ),
                    })
                }),
                Phase::Playing => {
                    let p = game.turn;
                    let level = level_of(p)?;
                    let budget = Budget::Time(self.hard_think);
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
                        self.hard_think,
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
            Err(_) => {
                // A computer that errs resigns rather than stall the room.
                let entry = match self.table {
                    Some(Table::Junqi(_)) => Entry::Junqi {
                        action: JunqiAction::Resign {
                            player: seat as usize,
                        },
                        ms: None,
                    },
                    _ => Entry::Bracket {
                        action: BracketAction::Surrender,
                    },
                };
                self.commit(now, entry, &mut fx);
                self.after_game_change(now, &mut fx);
            }
        }
        fx
    }
}
