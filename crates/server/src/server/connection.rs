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
    ClientMsg, MAX_FRAME_BYTES, PROTOCOL_VERSION, RefusalCode, RoomId, ServerMsg, clean_name,
    parse_client,
};
use bw_online::room::Refused;

use super::{HANDSHAKE, Hub, Link, OUTBOX, Outgoing, RoomCmd, create_room};

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
pub(super) async fn connection<S>(hub: Arc<Hub>, stream: S, _peer: SocketAddr)
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
            let name = clean_name(&name).map_err(|e| (RefusalCode::Malformed, e))?;
            self.name = Some(name.clone());
            self.link.send(&ServerMsg::Welcome {
                version: PROTOCOL_VERSION,
                name,
            });
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
            ClientMsg::CreateRoom { options } => {
                if self.room().is_some() {
                    self.refuse(RefusalCode::WrongPhase, "leave this room first");
                    return Ok(());
                }
                match create_room(&self.hub, options).await {
                    Ok(tx) => self.enter(tx, name, Some(0)).await,
                    Err((code, reason)) => self.refuse(code, reason),
                }
            }
            ClientMsg::Join { room, seat } => {
                if self.room().is_some() {
                    self.refuse(RefusalCode::WrongPhase, "leave this room first");
                    return Ok(());
                }
                match self.hub.room_tx(room) {
                    Some(tx) => self.enter(tx, name, seat).await,
                    None => self.refuse(RefusalCode::NoRoom, format!("there is no room {room}")),
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

    async fn enter(&mut self, tx: mpsc::UnboundedSender<RoomCmd>, name: String, seat: Option<u8>) {
        let link = self.link.clone();
        self.ask(tx, |reply| RoomCmd::Enter {
            link,
            name,
            seat,
            reply,
        })
        .await
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
