//! One connection: the WebSocket handshake with the size limits, the writer with its pings,
//! and the reader with the idle limit, the rate limit and the lobby's messages; messages
//! for a room go to the room's task.

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Instant;

use futures_util::{SinkExt, StreamExt};
use tokio::io::{AsyncRead, AsyncWrite};
use tokio::sync::{mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;

use bw_online::protocol::{
    ClientMsg, GameRecord, MAX_FRAME_BYTES, PROTOCOL_VERSION, Rank, RefusalCode, RoomId, ServerMsg,
    clean_name, parse_client,
};
use bw_online::room::Refused;

use super::accounts::{Account, AccountError};
use super::{HANDSHAKE, Hub, Link, OUTBOX, Outgoing, RoomCmd, create_room};

/// Failed log-ins a connection may make; one more closes it (`rate_limited`). With the
/// connections an address may open and the hashes computed at once, it bounds how fast
/// anyone can guess passwords.
pub const MAX_FAILED_LOGINS: u32 = 5;

const TOO_MANY_ATTEMPTS: &str = "too many log-ins from your address: wait a minute";

/// Frames of at most 64 KiB both ways; the WebSocket's write buffer (what the peer has not
/// read yet, pongs included) holds at most `max_queued` bytes, beyond which writing fails and
/// the connection closes.
fn ws_config(max_queued: usize) -> WebSocketConfig {
    WebSocketConfig::default()
        .max_message_size(Some(MAX_FRAME_BYTES))
        .max_frame_size(Some(MAX_FRAME_BYTES))
        .read_buffer_size(8 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(max_queued)
}

/// A token bucket.
struct Rate {
    tokens: f64,
    last: Instant,
    per_sec: f64,
    burst: f64,
}

impl Rate {
    fn allow(&mut self) -> bool {
        let now = Instant::now();
        let dt = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + dt * self.per_sec).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Serves one connection: a TCP stream, or a TLS stream over one.
pub(super) async fn connection<S>(hub: Arc<Hub>, stream: S, peer: SocketAddr)
where
    S: AsyncRead + AsyncWrite + Unpin + Send + 'static,
{
    let handshake = tokio::time::timeout(
        HANDSHAKE,
        tokio_tungstenite::accept_async_with_config(
            stream,
            Some(ws_config(hub.config.max_queued_bytes)),
        ),
    )
    .await;
    let Ok(Ok(ws)) = handshake else {
        return;
    };
    let (mut sink, mut source) = ws.split();
    let (out_tx, mut out_rx) = mpsc::channel::<Outgoing>(OUTBOX);
    let queued = Arc::new(AtomicUsize::new(0));
    let written = (queued.clone(), hub.queued_bytes.clone());
    let ping_every = hub.config.ping;
    let writer = tokio::spawn(async move {
        let mut ping = tokio::time::interval(ping_every);
        ping.tick().await;
        loop {
            tokio::select! {
                out = out_rx.recv() => match out {
                    Some(Outgoing::Text(t)) => {
                        let len = t.len();
                        let sent = sink.send(Message::text(t)).await;
                        written.0.fetch_sub(len, Ordering::AcqRel);
                        written.1.fetch_sub(len, Ordering::AcqRel);
                        if sent.is_err() {
                            break;
                        }
                    }
                    Some(Outgoing::Close) | None => {
                        let _ = sink.send(Message::Close(None)).await;
                        break;
                    }
                },
                _ = ping.tick() => {
                    if sink.send(Message::Ping(Vec::new().into())).await.is_err() {
                        break;
                    }
                }
            }
        }
        // What was never written leaves the counts.
        out_rx.close();
        while let Ok(out) = out_rx.try_recv() {
            if let Outgoing::Text(t) = out {
                written.0.fetch_sub(t.len(), Ordering::AcqRel);
                written.1.fetch_sub(t.len(), Ordering::AcqRel);
            }
        }
        let _ = sink.close().await;
    });
    let link = Link {
        id: hub.next_conn.fetch_add(1, Ordering::Relaxed),
        out: out_tx,
        room: Arc::new(AtomicU64::new(0)),
        overflow: Arc::new(tokio::sync::Notify::new()),
        queued,
        max_queued: hub.config.max_queued_bytes,
        all_queued: hub.queued_bytes.clone(),
        metrics: hub.metrics.clone(),
    };
    let mut session = Session {
        hub: hub.clone(),
        link: link.clone(),
        name: None,
        ip: peer.ip(),
        account: None,
        failed_logins: 0,
        rate: Rate {
            tokens: hub.config.rate_burst,
            last: Instant::now(),
            per_sec: hub.config.rate_per_sec,
            burst: hub.config.rate_burst,
        },
        refused_in_a_row: 0,
    };
    loop {
        let next = tokio::select! {
            next = tokio::time::timeout(hub.config.idle, source.next()) => next,
            _ = link.overflow.notified() => break,
        };
        let fatal = match next {
            Err(_) => Some((
                RefusalCode::Idle,
                "the connection was silent too long".to_string(),
            )),
            Ok(None) => break,
            Ok(Some(Err(tungstenite::Error::Capacity(e)))) => Some((
                RefusalCode::TooLarge,
                format!("{e} (at most {MAX_FRAME_BYTES} bytes)"),
            )),
            Ok(Some(Err(tungstenite::Error::Utf8(_)))) => Some((
                RefusalCode::Malformed,
                "a text frame that is not UTF-8".to_string(),
            )),
            Ok(Some(Err(_))) => break,
            Ok(Some(Ok(Message::Text(text)))) => session.on_text(text.as_str()).await.err(),
            Ok(Some(Ok(Message::Binary(_)))) => Some((
                RefusalCode::Malformed,
                "binary frames are not part of the protocol".to_string(),
            )),
            Ok(Some(Ok(Message::Close(_)))) => break,
            // Pings and pongs count against the rate like messages: each ping makes the
            // server queue a pong, so a flood of them would fill its memory.
            Ok(Some(Ok(_))) => (!session.rate.allow()).then(|| {
                (
                    RefusalCode::RateLimited,
                    "too many control frames".to_string(),
                )
            }),
        };
        if let Some((code, reason)) = fatal {
            link.send(&ServerMsg::Error { code, reason });
            break;
        }
    }
    // Out of the quick-match queue; a table being set for it is waited for, so that the
    // room it sits in hears that it left.
    if !hub.quick.leave(link.id) {
        let deadline = Instant::now() + std::time::Duration::from_secs(10);
        while hub.quick.seating(link.id) && Instant::now() < deadline {
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
    }
    session.depart(false);
    let _ = link.out.try_send(Outgoing::Close);
    drop(session);
    drop(link);
    let _ = writer.await;
}

/// One connection's state in the lobby.
struct Session {
    hub: Arc<Hub>,
    link: Link,
    /// Set by `hello`.
    name: Option<String>,
    /// The address it came from (password attempts are counted per address).
    ip: std::net::IpAddr,
    /// The account the connection is logged in as (`hello` with a session, `register`,
    /// `login`); none: a guest.
    account: Option<Account>,
    /// Wrong passwords said on this connection; past [`MAX_FAILED_LOGINS`] it closes.
    failed_logins: u32,
    rate: Rate,
    refused_in_a_row: u32,
}

impl Session {
    fn room(&self) -> Option<RoomId> {
        match self.link.room.load(Ordering::Relaxed) {
            0 => None,
            id => Some(id),
        }
    }

    fn refuse(&mut self, code: RefusalCode, reason: impl Into<String>) {
        self.link.send(&ServerMsg::Refused {
            seq: None,
            code,
            reason: reason.into(),
        });
    }

    fn depart(&self, said_leave: bool) {
        if let Some(tx) = self.room().and_then(|id| self.hub.room_tx(id)) {
            let _ = tx.send(RoomCmd::Depart {
                conn: self.link.id,
                said_leave,
            });
        }
    }

    /// A text frame; an error closes the connection.
    async fn on_text(&mut self, text: &str) -> Result<(), (RefusalCode, String)> {
        if !self.rate.allow() {
            self.refused_in_a_row += 1;
            if self.refused_in_a_row > 100 {
                return Err((RefusalCode::RateLimited, "far too many messages".into()));
            }
            self.refuse(
                RefusalCode::RateLimited,
                "too many messages: this one was dropped",
            );
            return Ok(());
        }
        self.refused_in_a_row = 0;
        let msg = parse_client(text).map_err(|e| (RefusalCode::Malformed, e))?;
        let Some(name) = self.name.clone() else {
            let ClientMsg::Hello {
                version,
                name,
                resume,
                session,
            } = msg
            else {
                return Err((
                    RefusalCode::Malformed,
                    "the first message must be `hello`".into(),
                ));
            };
            if version != PROTOCOL_VERSION {
                return Err((
                    RefusalCode::Version,
                    format!("this server speaks protocol {PROTOCOL_VERSION}, not {version}"),
                ));
            }
            let mut name = clean_name(&name).map_err(|e| (RefusalCode::Malformed, e))?;
            let mut refused = None;
            if let Some(token) = session {
                match self.hub.store.session(&token).await {
                    Ok(Some(account)) => {
                        name = account.name.clone();
                        self.account = Some(account);
                    }
                    Ok(None) => {
                        refused = Some("the session is unknown or has expired: log in again")
                    }
                    Err(e) => {
                        eprintln!("cannot read a session: {e}");
                        refused = Some("the server could not check the session: log in again");
                    }
                }
            }
            self.name = Some(name.clone());
            self.link.send(&ServerMsg::Welcome {
                version: PROTOCOL_VERSION,
                name,
                account: self.account.is_some(),
            });
            if let Some(reason) = refused {
                self.refuse(RefusalCode::BadSession, reason);
            }
            if resume.is_none() {
                self.resume_account().await;
            }
            if let Some(token) = resume {
                self.resume(token).await;
            }
            return Ok(());
        };
        match msg {
            ClientMsg::Hello { .. } => {
                return Err((RefusalCode::Malformed, "`hello` came twice".into()));
            }
            ClientMsg::ListRooms => self.link.send_text(self.hub.lobby_text()),
            ClientMsg::Register { name, password } => {
                if !self.may_try_a_password() {
                    return Ok(());
                }
                // The server keeps at most so many accounts (checked before the hash).
                let max = self.hub.config.max_accounts;
                match self.hub.store.accounts().await {
                    Ok(n) if n >= max => {
                        self.refuse(
                            RefusalCode::ServerFull,
                            format!("the server keeps {max} accounts and has no room for more"),
                        );
                        return Ok(());
                    }
                    Ok(_) => {}
                    Err(e) => {
                        eprintln!("cannot count the accounts: {e}");
                        self.refuse(
                            RefusalCode::Busy,
                            "the server could not save that: try again",
                        );
                        return Ok(());
                    }
                }
                let done = self
                    .hub
                    .store
                    .register(&self.hub.hashing, &name, &password)
                    .await;
                self.logged_in(done);
            }
            ClientMsg::Login { name, password } => {
                if !self.may_try_a_password() {
                    return Ok(());
                }
                let done = self
                    .hub
                    .store
                    .login(&self.hub.hashing, &name, &password)
                    .await;
                if matches!(done, Err(AccountError::BadLogin)) {
                    self.failed_logins += 1;
                    if self.failed_logins > MAX_FAILED_LOGINS {
                        return Err((
                            RefusalCode::RateLimited,
                            format!("more than {MAX_FAILED_LOGINS} failed log-ins"),
                        ));
                    }
                }
                self.logged_in(done);
                // A player who dropped and logs in again gets their seat back.
                self.resume_account().await;
            }
            ClientMsg::Logout { session } => {
                if self.room().is_some() {
                    self.refuse(RefusalCode::WrongPhase, "leave the room first");
                    return Ok(());
                }
                match self.hub.store.end_session(&session).await {
                    Ok(true) => {
                        self.account = None;
                        self.link.send(&ServerMsg::LoggedOut { name });
                    }
                    Ok(false) => self.refuse(
                        RefusalCode::BadSession,
                        "no such session: nothing was logged out",
                    ),
                    Err(e) => {
                        eprintln!("cannot end a session: {e}");
                        self.refuse(RefusalCode::Busy, "the server could not log you out");
                    }
                }
            }
            ClientMsg::Player { name } => match self.hub.store.player_page(&name).await {
                Ok(Some(page)) => self.link.send(&ServerMsg::Player { page }),
                Ok(None) => self.refuse(RefusalCode::NoPlayer, "no player has that name"),
                Err(e) => {
                    eprintln!("cannot read a player page: {e}");
                    self.refuse(RefusalCode::Busy, "the server could not read the page");
                }
            },
            ClientMsg::Leaderboard { pool, page } => {
                if !bw_online::hall::POOLS.contains(&pool.as_str()) {
                    self.refuse(
                        RefusalCode::BadOptions,
                        format!(
                            "no pool `{pool}` (the pools: {})",
                            bw_online::hall::POOLS.join(", ")
                        ),
                    );
                    return Ok(());
                }
                match self.hub.store.leaderboard(&pool, page).await {
                    Ok(rows) => self.link.send(&ServerMsg::Leaderboard { pool, page, rows }),
                    Err(e) => {
                        eprintln!("cannot read a leaderboard: {e}");
                        self.refuse(
                            RefusalCode::Busy,
                            "the server could not read the leaderboard",
                        );
                    }
                }
            }
            ClientMsg::QuickMatch { pool } => {
                if self.room().is_some() || self.hub.quick.seating(self.link.id) {
                    self.refuse(RefusalCode::WrongPhase, "leave this room first");
                    return Ok(());
                }
                if bw_online::quick::table_size(&pool).is_none() {
                    self.refuse(
                        RefusalCode::BadOptions,
                        format!(
                            "quick match has no pool `{pool}` (its pools: {})",
                            bw_online::quick::QUICK_POOLS.join(", ")
                        ),
                    );
                    return Ok(());
                }
                let account = match self.account.as_ref().map(|a| a.key.clone()) {
                    Some(key) => {
                        let ratings = self.ratings(&key).await;
                        Some((key, ratings))
                    }
                    None => None,
                };
                let rating = account
                    .as_ref()
                    .and_then(|(_, r)| r.iter().find(|(p, _)| *p == pool).map(|&(_, r)| r))
                    .unwrap_or(bw_online::hall::Rating::default().rating);
                let waiting = self.hub.quick.join(super::quick::Queued {
                    pool: pool.clone(),
                    link: self.link.clone(),
                    name,
                    waiting: bw_online::quick::Waiting {
                        grade: Rank::of(rating).grade(),
                        since_ms: self.hub.now(),
                        account: account.is_some(),
                    },
                    account,
                });
                self.link.send(&ServerMsg::Queued { pool, waiting });
            }
            ClientMsg::LeaveQueue => {
                self.hub.quick.leave(self.link.id);
                self.link.send(&ServerMsg::Unqueued);
            }
            ClientMsg::CreateRoom { options } => {
                if self.room().is_some() || !self.out_of_the_queue() {
                    self.refuse(RefusalCode::WrongPhase, "leave this room first");
                    return Ok(());
                }
                // The creator is let in by the password it chose.
                let password = options.password.clone();
                match create_room(&self.hub, options).await {
                    Ok(tx) => self.enter(tx, name, Some(0), password).await,
                    Err((code, reason)) => self.refuse(code, reason),
                }
            }
            ClientMsg::Record { room } => match self.hub.store.record(room).await {
                Ok(Some(text)) => {
                    // A 括号大战 record is kept as the whole message, a 军棋 one as its
                    // record's own RON (the save format).
                    let record = ron::from_str::<GameRecord>(&text)
                        .unwrap_or(GameRecord::Junqi { ron: text });
                    self.link.send(&ServerMsg::Record { room, record })
                }
                Ok(None) => self.refuse(
                    RefusalCode::NoRoom,
                    format!("room {room} has no finished game on this server"),
                ),
                Err(e) => {
                    eprintln!("cannot read a record: {e}");
                    self.refuse(RefusalCode::Busy, "the server could not read the record");
                }
            },
            ClientMsg::FindRooms { filter, page } => {
                let filter = filter.unwrap_or_default();
                self.link.send_text(self.hub.find_rooms_text(&filter, page))
            }
            ClientMsg::Join {
                room,
                seat,
                password,
            } => {
                if self.room().is_some() || !self.out_of_the_queue() {
                    self.refuse(RefusalCode::WrongPhase, "leave this room first");
                    return Ok(());
                }
                match self.hub.room_tx(room) {
                    Some(tx) => self.enter(tx, name, seat, password).await,
                    None => match self.hub.elsewhere(room) {
                        // Another server of this hall holds it: the client goes there.
                        Some(server) => self.link.send(&ServerMsg::Elsewhere { room, server }),
                        None => {
                            self.refuse(RefusalCode::NoRoom, format!("there is no room {room}"))
                        }
                    },
                }
            }
            ClientMsg::Leave => {
                if self.room().is_none() {
                    self.refuse(RefusalCode::NoRoom, "you are not in a room");
                } else {
                    self.depart(true);
                }
            }
            msg => match self.room().and_then(|id| self.hub.room_tx(id)) {
                Some(tx) => {
                    let _ = tx.send(RoomCmd::Msg {
                        conn: self.link.id,
                        msg,
                    });
                }
                None => {
                    let seq = match &msg {
                        ClientMsg::Act { seq, .. } => Some(*seq),
                        _ => None,
                    };
                    self.link.send(&ServerMsg::Refused {
                        seq,
                        code: RefusalCode::NoRoom,
                        reason: "you are not in a room".into(),
                    });
                }
            },
        }
        Ok(())
    }

    async fn enter(
        &mut self,
        tx: mpsc::UnboundedSender<RoomCmd>,
        name: String,
        seat: Option<u8>,
        password: Option<String>,
    ) {
        let link = self.link.clone();
        let account = match self.account.as_ref().map(|a| a.key.clone()) {
            Some(key) => {
                let ratings = self.ratings(&key).await;
                Some((key, ratings))
            }
            None => None,
        };
        self.ask(tx, |reply| RoomCmd::Enter {
            link,
            name,
            account,
            seat,
            password,
            reply,
        })
        .await
    }

    /// Whether `register` or `login` may go on: not from inside a room, and within the
    /// address's password attempts (else the client is told why).
    fn may_try_a_password(&mut self) -> bool {
        if self.room().is_some() {
            self.refuse(RefusalCode::WrongPhase, "leave the room first");
            false
        } else if !self.hub.password_attempt(self.ip) {
            self.refuse(RefusalCode::RateLimited, TOO_MANY_ATTEMPTS);
            false
        } else {
            true
        }
    }

    /// Tells the client how `register` or `login` went.
    fn logged_in(&mut self, done: Result<(Account, super::accounts::SessionToken), AccountError>) {
        match done {
            Ok((account, session)) => {
                self.name = Some(account.name.clone());
                self.link.send(&ServerMsg::LoggedIn {
                    name: account.name.clone(),
                    session: session.token,
                    expires_ms: session.expires_ms,
                });
                self.account = Some(account);
            }
            Err(AccountError::Taken) => {
                self.refuse(RefusalCode::NameTaken, "an account has that name")
            }
            Err(AccountError::LookAlike(other)) => self.refuse(
                RefusalCode::NameTaken,
                format!("the name looks like the account {other}'s"),
            ),
            Err(AccountError::BadLogin) => {
                self.refuse(RefusalCode::BadLogin, "wrong name or password")
            }
            Err(AccountError::Invalid(why)) => {
                let code = if why.contains("password") {
                    RefusalCode::BadPassword
                } else {
                    RefusalCode::BadName
                };
                self.refuse(code, why)
            }
            Err(AccountError::Busy) => self.refuse(
                RefusalCode::Busy,
                "too many log-ins at once: try again in a moment",
            ),
            Err(AccountError::Database(e)) => {
                eprintln!("an account's database write failed: {e}");
                self.refuse(
                    RefusalCode::Busy,
                    "the server could not save that: try again",
                )
            }
        }
    }

    /// Takes the connection out of the quick-match queue before it enters a room of its
    /// own choosing; false when quick match is already seating it (it goes there).
    fn out_of_the_queue(&mut self) -> bool {
        if self.hub.quick.leave(self.link.id) {
            self.link.send(&ServerMsg::Unqueued);
        }
        !self.hub.quick.seating(self.link.id)
    }

    /// An account's ratings, to show beside its name in a room (none when the database
    /// cannot say: the name shows without one).
    async fn ratings(&self, key: &str) -> Vec<(String, f64)> {
        self.hub.store.ratings_of(key).await.unwrap_or_else(|e| {
            eprintln!("cannot read an account's ratings: {e}");
            Vec::new()
        })
    }

    /// A logged-in connection takes back the seat its account holds, if any (a room that
    /// no longer seats it says nothing).
    async fn resume_account(&mut self) {
        let Some(key) = self.account.as_ref().map(|a| a.key.clone()) else {
            return;
        };
        let room = self
            .hub
            .seated_accounts
            .lock()
            .expect("accounts")
            .get(&key)
            .copied();
        let Some(tx) = room.and_then(|id| self.hub.room_tx(id)) else {
            return;
        };
        let link = self.link.clone();
        let ratings = self.ratings(&key).await;
        let (reply, answer) = oneshot::channel();
        if tx
            .send(RoomCmd::ResumeAccount {
                link,
                account: key,
                ratings,
                reply,
            })
            .is_ok()
        {
            let _ = answer.await;
        }
    }

    async fn resume(&mut self, token: String) {
        let hash = bw_online::room::token_hash(&token);
        let room = self.hub.tokens.lock().expect("tokens").get(&hash).copied();
        let Some(tx) = room.and_then(|id| self.hub.room_tx(id)) else {
            return self.refuse(RefusalCode::BadToken, "that seat token names no open room");
        };
        let link = self.link.clone();
        self.ask(tx, |reply| RoomCmd::Resume { link, token, reply })
            .await
    }

    /// Sends a room a command that answers; a refusal (or a room gone) is told the client.
    async fn ask(
        &mut self,
        tx: mpsc::UnboundedSender<RoomCmd>,
        cmd: impl FnOnce(oneshot::Sender<Result<(), Refused>>) -> RoomCmd,
    ) {
        let (reply, answer) = oneshot::channel();
        if tx.send(cmd(reply)).is_err() {
            return self.refuse(RefusalCode::NoRoom, "the room has closed");
        }
        match answer.await {
            Ok(Ok(())) => {}
            Ok(Err((code, reason))) => self.refuse(code, reason),
            Err(_) => self.refuse(RefusalCode::NoRoom, "the room has closed"),
        }
    }
}
