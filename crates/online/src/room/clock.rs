//! A room's clocks: deployment and move timers, grace periods for dropped persons, and
//! what happens when they run out.

use bw_players::bracket::{AiKind, Seat};
use bw_rules::bracket::record::RecordedAction as BracketAction;
use bw_rules::junqi::Phase;
use bw_rules::junqi::record::RecordedAction as JunqiAction;

use super::computers::{named_layout, seed_for};
use super::{ABSENT_TURN_MS, Effects, Entry, Holder, Room, Table};
use crate::protocol::{GameOptions, RoomStatus};

impl Room {
    /// Clocks and grace periods: call it often (the server does every 100 ms).
    pub fn tick(&mut self, now: u64) -> Effects {
        let mut fx = Effects::default();
        // Nobody in the room long enough: it closes.
        if self.close_at().is_some_and(|t| now >= t) {
            self.commit(now, Entry::Closed, &mut fx);
            return fx;
        }
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
                RoomStatus::Waiting => {
                    self.commit(now, Entry::Vacated { seat }, &mut fx);
                    self.maybe_start(now, &mut fx);
                }
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
            .filter_map(|s| s.away_since.map(|t| t + self.grace_ms));
        grace.chain(self.deadline).chain(self.close_at()).min()
    }

    /// When the room closes for want of anyone in it: at once before the game when no
    /// person holds a seat (only computers, or nobody), after the grace period otherwise.
    fn close_at(&self) -> Option<u64> {
        let since = self.empty_since?;
        if !self.members.is_empty()
            || !matches!(self.status, RoomStatus::Waiting | RoomStatus::Playing)
        {
            return None;
        }
        let person_seated = self
            .seats
            .iter()
            .any(|s| matches!(s.holder, Holder::Person { .. }));
        Some(if self.status == RoomStatus::Waiting && !person_seated {
            since
        } else {
            since + self.grace_ms
        })
    }

    /// What a clock runs for: the phase, the ply and the player to move. Other changes
    /// (a draw answer) leave the clock running.
    pub(super) fn clock_key(&self) -> (u64, u64, u64) {
        match &self.table {
            Some(Table::Junqi(g)) => (g.deploy_order.len() as u64, g.plies as u64, g.turn as u64),
            Some(Table::Bracket { game, .. }) => {
                (0, game.actions.len() as u64, game.turn.current as u64)
            }
            None => (0, 0, 0),
        }
    }

    /// Starts the clock for what must happen next (if that changed).
    pub(super) fn restart_clock(&mut self, now: u64) {
        if self.status != RoomStatus::Playing {
            self.deadline = None;
            return;
        }
        let key = self.clock_key();
        if key == self.clock_for {
            return;
        }
        // A clock restarted for the same turn (an absent player's turns now time out)
        // keeps counting the turn's time from its start.
        let same_turn = self.clock_for.0 == u64::MAX
            && self.clock_since.is_some()
            && (self.clock_for.1, self.clock_for.2) == (key.1, key.2);
        if !same_turn {
            self.clock_since = Some(now);
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
        // 局时: the mover's total clock first, then the move timer as 读秒.
        let total = if deploying {
            None
        } else {
            self.total_left_to_move()
        };
        self.deadline = match (total, limit_ms, absent) {
            (Some(left), per_move, _) => Some(now + left + per_move.unwrap_or(0)),
            (None, Some(ms), _) => Some(now + ms),
            (None, None, true) => Some(now + ABSENT_TURN_MS),
            (None, None, false) => None,
        };
    }

    /// 局时: what the total clock of the player to move has left (none without one).
    pub(super) fn total_left_to_move(&self) -> Option<u64> {
        match &self.table {
            Some(Table::Junqi(g)) if g.phase == Phase::Playing => {
                self.total_left.get(g.turn).copied()
            }
            _ => None,
        }
    }

    /// 局时: each player's total clock as it stands at `now` (the mover's running).
    pub(super) fn total_clocks(&self, now: u64) -> Vec<u64> {
        let mover = match &self.table {
            Some(Table::Junqi(g)) if g.phase == Phase::Playing => Some(g.turn),
            _ => None,
        };
        let used = now.saturating_sub(self.clock_since.unwrap_or(now));
        self.total_left
            .iter()
            .enumerate()
            .map(|(p, &left)| {
                if Some(p) == mover {
                    left.saturating_sub(used)
                } else {
                    left
                }
            })
            .collect()
    }

    /// What happens when the clock runs out.
    pub(super) fn timeout_entries(&self) -> Vec<Entry> {
        match &self.table {
            Some(Table::Junqi(g)) => match g.phase {
                Phase::Deploying => (0..g.players.len())
                    .filter(|&p| !g.players[p].deployed)
                    .map(|p| Entry::Deployed {
                        seat: p as u8,
                        layout: named_layout(g, &g.auto_layout(p, self.seed)),
                    })
                    .collect(),
                Phase::Playing => {
                    let (limit, per_move) = match &self.options.game {
                        GameOptions::Junqi {
                            timeouts_lose,
                            move_secs,
                            ..
                        } => (*timeouts_lose, *move_secs),
                        _ => (None, None),
                    };
                    let had = self.timeouts.get(g.turn).copied().unwrap_or(0);
                    // A total clock spent with no 读秒 after it: the seat loses on time.
                    let flag_fell = !self.total_left.is_empty() && per_move.is_none();
                    if flag_fell || limit.is_some_and(|n| had + 1 >= n) {
                        // The last timeout allowed: the seat resigns (QQ's "5 timeouts lose").
                        vec![
                            Entry::Junqi {
                                action: JunqiAction::Timeout,
                                ms: None,
                            },
                            Entry::Junqi {
                                action: JunqiAction::Resign { player: g.turn },
                                ms: None,
                            },
                        ]
                    } else {
                        vec![Entry::Junqi {
                            action: JunqiAction::Timeout,
                            ms: None,
                        }]
                    }
                }
                Phase::Over(_) => vec![],
            },
            Some(Table::Bracket { game, .. }) if !game.turn.is_over() => {
                let seat = game.turn.current - 1;
                let kinds = &self.content.kinds;
                let a = bw_players::bracket::choose(
                    Seat::Computer(AiKind::Greedy),
                    game,
                    kinds,
                    seed_for(self.seed, seat, self.stamp),
                    bw_players::THINKING,
                );
                vec![Entry::Bracket {
                    action: BracketAction::of(&a, kinds),
                }]
            }
            _ => vec![],
        }
    }
}
