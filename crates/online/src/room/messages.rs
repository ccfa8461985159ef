//! What a room sends: each connection's seat token, the room's state, and the game as that
//! connection may see it.

use bw_rules::bracket;
use bw_rules::bracket::record::RecordedAction as BracketAction;
use bw_rules::junqi::PlayerView;

use super::{ConnId, Effects, Holder, Room, Table};
use crate::protocol::{
    BracketView, ClientMsg, GameView, JunqiView, OBSERVER_NAMES_SHOWN, Occupant, RoomState,
    RoomStatus, SeatInfo, ServerMsg,
};

/// A message's `type`, for refusals.
pub fn message_name(msg: &ClientMsg) -> &'static str {
    match msg {
        ClientMsg::Hello { .. } => "hello",
        ClientMsg::Register { .. } => "register",
        ClientMsg::Login { .. } => "login",
        ClientMsg::Logout { .. } => "logout",
        ClientMsg::Player { .. } => "player",
        ClientMsg::Leaderboard { .. } => "leaderboard",
        ClientMsg::Record { .. } => "record",
        ClientMsg::QuickMatch { .. } => "quick_match",
        ClientMsg::LeaveQueue => "leave_queue",
        ClientMsg::ListRooms => "list_rooms",
        ClientMsg::FindRooms { .. } => "find_rooms",
        ClientMsg::CreateRoom { .. } => "create_room",
        ClientMsg::Join { .. } => "join",
        ClientMsg::Sit { .. } => "sit",
        ClientMsg::Stand => "stand",
        ClientMsg::Leave => "leave",
        ClientMsg::Ready { .. } => "ready",
        ClientMsg::SetComputer { .. } => "set_computer",
        ClientMsg::Kick { .. } => "kick",
        ClientMsg::Chat { .. } => "chat",
        ClientMsg::Autoplay { .. } => "autoplay",
        ClientMsg::Act { .. } => "act",
    }
}

impl Room {
    /// A game that ended while the connection was away: its record.
    pub(super) fn send_record(&self, conn: ConnId, fx: &mut Effects) {
        if self.status == RoomStatus::Over
            && let Some(record) = self.record()
        {
            fx.send(conn, ServerMsg::Finished { record });
        }
    }

    /// The room's kept chat lines, to a connection that entered or came back (after the
    /// `room` message, which starts its chat afresh).
    pub(super) fn send_chat(&self, conn: ConnId, fx: &mut Effects) {
        let observer = self.members.get(&conn).is_some_and(|m| m.seat.is_none());
        for line in &self.chat {
            if line.observers && !observer {
                continue;
            }
            fx.send(
                conn,
                ServerMsg::Chat {
                    from: line.from.clone(),
                    text: line.text.clone(),
                    observers: line.observers,
                },
            );
        }
    }

    /// Tells a connection its seat and the seat's token (`raw`: the token itself, which the
    /// room does not keep — it was just made, or just given back).
    pub(super) fn send_token(&self, conn: ConnId, seat: u8, raw: &str, fx: &mut Effects) {
        if matches!(self.seats[seat as usize].holder, Holder::Person { .. }) {
            fx.send(
                conn,
                ServerMsg::Seated {
                    room: self.id,
                    seat,
                    token: raw.to_string(),
                },
            );
        }
    }

    /// The room as a member in seat `you` is told it (`None`: an observer).
    pub fn room_state(&self, you: Option<u8>) -> RoomState {
        RoomState {
            id: self.id,
            options: self.options.clone(),
            status: self.status,
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| {
                    let rating = self.shown_rating(&s.holder);
                    SeatInfo {
                        seat: i as u8,
                        occupant: match &s.holder {
                            Holder::Empty => Occupant::Empty,
                            Holder::Person { name, .. } => Occupant::Person { name: name.clone() },
                            Holder::Computer(level) => Occupant::Computer { level: *level },
                        },
                        ready: s.ready,
                        connected: s.conn.is_some(),
                        autoplay: s.taken_over,
                        rating,
                        rank: rating.map(crate::hall::Rank::of),
                    }
                })
                .collect(),
            observers: self
                .members
                .values()
                .filter(|m| m.seat.is_none())
                .take(OBSERVER_NAMES_SHOWN)
                .map(|m| m.name.clone())
                .collect(),
            observer_count: self.observer_count(),
            host: self.host(),
            you,
        }
    }

    pub(super) fn broadcast_room(&self, fx: &mut Effects) {
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
    pub(super) fn send_game(&mut self, now: u64, only: Option<ConnId>, fx: &mut Effects) {
        let Some(table) = &self.table else { return };
        let clock_ms = self.deadline.map(|d| d.saturating_sub(now));
        let total_ms = self.total_clocks(now);
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
                    // Once the game is over every kind is known: all its combats again.
                    let over = matches!(g.phase, bw_rules::junqi::Phase::Over(_));
                    let seat = m.seat.map(|s| s as usize);
                    GameView::Junqi(Box::new(JunqiView {
                        view,
                        observer: m.seat.is_none(),
                        first_event: first,
                        events: g.events[first..].to_vec(),
                        clock_ms,
                        total_ms: total_ms.clone(),
                        clashes: g.clashes_seen_by(seat, if over { 0 } else { first }),
                    }))
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
