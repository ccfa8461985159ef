//! Connections in a room: entering (to a seat or to watch), taking a seat back with its
//! token, departing, and every message of a connection inside the room.

use super::{
    ConnId, Effects, Entry, Holder, MAX_HANDOVERS, Member, Refused, Room, Seat, message_name,
    refuse, token_hash,
};
use crate::protocol::{ClientMsg, LeftWhy, MAX_CHAT_CHARS, RefusalCode, RoomStatus, ServerMsg};

impl Room {
    /// A guest's connection enters: `seat` sits in that free seat, none observes.
    pub fn enter(
        &mut self,
        now: u64,
        conn: ConnId,
        name: &str,
        seat: Option<u8>,
        token: impl FnOnce() -> String,
    ) -> Result<Effects, Refused> {
        self.enter_as(now, conn, name, None, seat, None, token)
    }

    /// A connection enters, logged in as `account` (its key) or a guest (none), with the
    /// room's password when it is private.
    pub fn enter_as(
        &mut self,
        now: u64,
        conn: ConnId,
        name: &str,
        account: Option<String>,
        seat: Option<u8>,
        password: Option<&str>,
        token: impl FnOnce() -> String,
    ) -> Result<Effects, Refused> {
        if self.status == RoomStatus::Failed {
            return refuse(RefusalCode::NoRoom, "the room has closed");
        }
        if let Some(hash) = &self.password
            && password.map(token_hash).as_ref() != Some(hash)
        {
            return refuse(
                RefusalCode::WrongPassword,
                "the room's password is not that",
            );
        }
        // A logged-in player who left their seat mid-game and enters again (to watch, as
        // the hall offers for a game being played) is back in the seat.
        if self.status == RoomStatus::Playing
            && let Some(key) = account.as_deref()
            && self.seats.iter().any(|s| {
                s.conn.is_none()
                    && matches!(&s.holder, Holder::Person { account: Some(a), .. } if a == key)
            })
        {
            return self.resume_account(now, conn, key, token);
        }
        if seat.is_none() && !self.options.observers {
            return refuse(
                RefusalCode::NoObservers,
                "the host lets nobody watch this room",
            );
        }
        if seat.is_some() {
            self.check_may_sit(account.as_deref(), None)?;
        }
        if seat.is_none() && self.observer_count() >= self.max_observers {
            return refuse(
                RefusalCode::RoomFull,
                format!("the room has its {} observers", self.max_observers),
            );
        }
        let mut fx = Effects::default();
        let mut raw = None;
        if let Some(seat) = seat {
            self.check_free(seat)?;
            let t = token();
            let entry = Entry::Sat {
                seat,
                name: name.to_string(),
                token: token_hash(&t),
                account: account.clone(),
            };
            raw = Some(t);
            self.commit(now, entry, &mut fx);
            self.seats[seat as usize].conn = Some(conn);
        }
        self.empty_since = None;
        self.members.insert(
            conn,
            Member {
                name: name.to_string(),
                account,
                seat,
                sent: 0,
            },
        );
        if let (Some(seat), Some(raw)) = (seat, raw) {
            self.send_token(conn, seat, &raw, &mut fx);
        }
        self.broadcast_room(&mut fx);
        self.send_chat(conn, &mut fx);
        self.send_game(now, Some(conn), &mut fx);
        self.send_record(conn, &mut fx);
        Ok(fx)
    }

    /// A logged-in person's connection takes back the seat their account holds here (after
    /// a dropped connection, without the seat token: their session stands for it). The seat
    /// gets a new token, sent as after `resume`.
    pub fn resume_account(
        &mut self,
        now: u64,
        conn: ConnId,
        account: &str,
        token: impl FnOnce() -> String,
    ) -> Result<Effects, Refused> {
        if !matches!(self.status, RoomStatus::Waiting | RoomStatus::Playing) {
            return refuse(RefusalCode::NoRoom, "that room's game is over");
        }
        let Some(seat) = self.seats.iter().position(
            |s| matches!(&s.holder, Holder::Person { account: Some(a), .. } if a == account),
        ) else {
            return refuse(RefusalCode::BadToken, "your account holds no seat here");
        };
        if self.handovers[seat] >= MAX_HANDOVERS {
            return refuse(
                RefusalCode::RateLimited,
                "this seat was taken back by session too often: use its seat token",
            );
        }
        let raw = token();
        let mut fx = Effects::default();
        let entry = Entry::Rekeyed {
            seat: seat as u8,
            token: token_hash(&raw),
        };
        self.commit(now, entry, &mut fx);
        let more = self.resume(now, conn, &raw)?;
        Ok(fx.then(more))
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
        let (name, account) = match &s.holder {
            Holder::Person { name, account, .. } => (name.clone(), account.clone()),
            _ => unreachable!("a token names a person's seat"),
        };
        if s.taken_over {
            self.commit(now, Entry::Returned { seat }, &mut fx);
        }
        self.empty_since = None;
        self.members.insert(
            conn,
            Member {
                name,
                account,
                seat: Some(seat),
                sent: 0,
            },
        );
        self.send_token(conn, seat, token, &mut fx);
        self.broadcast_room(&mut fx);
        self.send_chat(conn, &mut fx);
        self.send_game(now, Some(conn), &mut fx);
        self.send_record(conn, &mut fx);
        Ok(fx)
    }

    /// The connection closed, or said `leave`. A person keeps a seat in a game (and for
    /// the grace period before one); `leave` before the game frees the seat at once.
    pub fn depart(&mut self, now: u64, conn: ConnId, said_leave: bool) -> Effects {
        let mut fx = Effects::default();
        let Some(member) = self.members.remove(&conn) else {
            return fx;
        };
        fx.removed.push(conn);
        if self.members.is_empty() {
            self.empty_since = Some(now);
        }
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
                // 任意人数: those left may be a table that starts.
                self.maybe_start(now, &mut fx);
            } else if self.status == RoomStatus::Over && said_leave {
                // One who leaves a game's end has seen it: nothing to come back to.
                s.away_since = None;
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
                self.check_may_sit(member.account.as_deref(), member.seat)?;
                if let Some(old) = member.seat {
                    self.commit(now, Entry::Vacated { seat: old }, &mut fx);
                }
                let raw = token();
                let entry = Entry::Sat {
                    seat,
                    name: member.name.clone(),
                    token: token_hash(&raw),
                    account: member.account.clone(),
                };
                self.commit(now, entry, &mut fx);
                self.seats[seat as usize].conn = Some(conn);
                self.members.get_mut(&conn).expect("member").seat = Some(seat);
                self.send_token(conn, seat, &raw, &mut fx);
            }
            ClientMsg::Stand => {
                self.before_game()?;
                let seat = self.seated(&member)?;
                self.commit(now, Entry::Vacated { seat }, &mut fx);
                self.members.get_mut(&conn).expect("member").seat = None;
                self.maybe_start(now, &mut fx);
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
                if self.options.rated && level.is_some() {
                    return refuse(RefusalCode::BadOptions, "a rated room has no computers");
                }
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
                self.maybe_start(now, &mut fx);
            }
            ClientMsg::Chat { text } => {
                if text.chars().count() > MAX_CHAT_CHARS {
                    return refuse(
                        RefusalCode::TooLarge,
                        format!("a chat line of more than {MAX_CHAT_CHARS} characters"),
                    );
                }
                let text: String = text.chars().filter(|c| !c.is_control()).collect();
                if text.trim().is_empty() {
                    return refuse(RefusalCode::Malformed, "an empty chat line");
                }
                let from = member.name.clone();
                // During the game observers talk among themselves only.
                let observers = member.seat.is_none() && self.in_game();
                for (&to, m) in &self.members {
                    if observers && m.seat.is_some() {
                        continue;
                    }
                    fx.send(
                        to,
                        ServerMsg::Chat {
                            from: from.clone(),
                            text: text.clone(),
                            observers,
                        },
                    );
                }
                let entry = Entry::Chat {
                    from,
                    text,
                    observers,
                };
                self.commit(now, entry, &mut fx);
                return Ok(fx);
            }
            ClientMsg::Autoplay { on } => {
                let seat = self.seated(&member)?;
                if !self.in_game() {
                    return refuse(RefusalCode::WrongPhase, "托管 is for a game in play");
                }
                if self.seats[seat as usize].taken_over == on {
                    return refuse(
                        RefusalCode::WrongPhase,
                        if on {
                            "the computer plays this seat already"
                        } else {
                            "you play this seat already"
                        },
                    );
                }
                if on && self.handovers[seat as usize] >= MAX_HANDOVERS {
                    return refuse(
                        RefusalCode::RateLimited,
                        format!("托管 was asked {MAX_HANDOVERS} times in this game: no more"),
                    );
                }
                let entry = if on {
                    Entry::TakenOver { seat }
                } else {
                    Entry::Returned { seat }
                };
                self.commit(now, entry, &mut fx);
                self.broadcast_room(&mut fx);
                // The turn's clock and the computer's job follow the seat's new player;
                // everyone's view comes after the room that says who plays the seat.
                self.after_game_change(now, &mut fx);
                return Ok(fx);
            }
            ClientMsg::Act { seq, action } => {
                let seat = self.seated(&member)?;
                if !self.in_game() {
                    return refuse(RefusalCode::WrongPhase, "the game is not in play");
                }
                if self.seats[seat as usize].taken_over {
                    return refuse(
                        RefusalCode::WrongPhase,
                        "the computer plays this seat (托管): take it back first",
                    );
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
}
