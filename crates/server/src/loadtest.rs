//! `bracket-war loadtest`: N rooms of computer clients play whole games through the real
//! protocol, against a running server; the last line gives the move round-trip latency.
//!
//! Each room: a client creates it (its first seat), the others join the other seats, all
//! raise their hands, and every client plays its seat with a [`Bot`] until the game ends.
//! A client waits [`THINK`] before each move, as a quick player would; the latency is from
//! sending an `act` to receiving its `acted`. With quick match, every client registers
//! first; once all are logged in, they come to the queue over four seconds.

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use tokio::sync::{Mutex, oneshot};
use tokio_tungstenite::tungstenite::Message;

use bw_online::bot::Bot;
use bw_online::protocol::*;
use bw_online::room::Content;
use bw_rules::{bracket, junqi};

/// A computer client's pause before each move (the environment variable
/// `BW_LOADTEST_THINK_MS` sets another; the tests use 40 ms, within the rate limit).
pub const THINK: Duration = Duration::from_millis(100);

fn think() -> Duration {
    std::env::var("BW_LOADTEST_THINK_MS")
        .ok()
        .and_then(|v| v.parse().ok())
        .map_or(THINK, Duration::from_millis)
}
/// A room that has not finished after this long counts as an error.
pub const ROOM_TIMEOUT: Duration = Duration::from_secs(900);

#[derive(Clone, Debug)]
pub struct Args {
    pub server: String,
    pub game: GameKind,
    pub rooms: usize,
    pub players: u8,
    pub seed: u64,
    /// 快速开始: every client registers an account and asks for quick match (`junqi-2` or
    /// `junqi-4`); the server makes the tables. The report adds the wait from the queue
    /// to the seat.
    pub quick: bool,
}

#[derive(Debug, Default)]
pub struct Report {
    pub rooms: usize,
    pub finished: usize,
    pub errors: usize,
    pub latencies_us: Vec<u64>,
    /// Quick match: each client's wait from `quick_match` to its seat.
    pub waits_us: Vec<u64>,
    /// The first few errors, for the reader.
    pub samples: Vec<String>,
}

fn percentile_ms(us: &[u64], p: f64) -> f64 {
    if us.is_empty() {
        return 0.0;
    }
    let mut v = us.to_vec();
    v.sort_unstable();
    let i = ((v.len() as f64 - 1.0) * p).round() as usize;
    v[i] as f64 / 1000.0
}

impl Report {
    fn percentile_ms(&self, p: f64) -> f64 {
        percentile_ms(&self.latencies_us, p)
    }

    /// Quick match's line (before the fixed last line): the wait from the queue to the
    /// seat.
    pub fn quick_line(&self) -> Option<String> {
        (!self.waits_us.is_empty()).then(|| {
            format!(
                "quick match: {} seated, queue to seat p50_ms {:.1} p99_ms {:.1} max_ms {:.1}",
                self.waits_us.len(),
                percentile_ms(&self.waits_us, 0.50),
                percentile_ms(&self.waits_us, 0.99),
                percentile_ms(&self.waits_us, 1.0)
            )
        })
    }

    /// The fixed last line.
    pub fn line(&self) -> String {
        format!(
            "rooms {} finished {} errors {} p50_ms {:.1} p99_ms {:.1}",
            self.rooms,
            self.finished,
            self.errors,
            self.percentile_ms(0.50),
            self.percentile_ms(0.99)
        )
    }
}

/// The options of a load-test room.
pub fn room_options(game: GameKind, players: u8) -> RoomOptions {
    let game = match game {
        GameKind::Junqi => GameOptions::Junqi {
            rules: junqi::Rules {
                board: if players == 2 {
                    junqi::BoardChoice::TwoPlayer
                } else {
                    junqi::BoardChoice::FourPlayer
                },
                players,
                ..junqi::Rules::default()
            },
            deploy_secs: Some(120),
            move_secs: Some(60),
            timeouts_lose: None,
            total_secs: None,
            any_count: false,
        },
        GameKind::Bracket => GameOptions::Bracket {
            settings: bracket::Settings {
                board: bracket::generate::BoardSettings {
                    side: if players == 2 { 10 } else { 14 },
                    players,
                    ..Default::default()
                },
                turn_limit: Some(10),
                ..bracket::Settings::default()
            },
            move_secs: Some(60),
        },
    };
    RoomOptions::of(game)
}

/// Runs the load test on a runtime of its own.
pub fn run(args: Args) -> Result<Report, String> {
    if !matches!(args.players, 2 | 4) {
        return Err(format!("--players {}: 2 or 4", args.players));
    }
    if args.rooms == 0 {
        return Err("--rooms 0: at least one room".into());
    }
    if args.quick && args.game != GameKind::Junqi {
        return Err("--quick-match: quick match is for 军棋 (--game junqi)".into());
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    runtime.block_on(run_async(args))
}

/// A connection to `ws://` or `wss://` (the certificate checked as the game checks it).
async fn connect(
    url: &str,
) -> Result<
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
    tokio_tungstenite::tungstenite::Error,
> {
    let tls = tokio_tungstenite::Connector::Rustls(crate::tls::default_client_config());
    let (ws, _) =
        tokio_tungstenite::connect_async_tls_with_config(url, None, true, Some(tls)).await?;
    Ok(ws)
}

struct Shared {
    report: Mutex<Report>,
    /// Quick match: every client logs in before any asks for a table, so that the moves
    /// measured are not played beside a thousand password hashes.
    logged_in: tokio::sync::Barrier,
}

async fn run_async(args: Args) -> Result<Report, String> {
    // One connection first: a server that cannot be reached is a one-line failure.
    connect(&args.server)
        .await
        .map_err(|e| format!("cannot reach {}: {e}", args.server))?;
    let shared = Arc::new(Shared {
        report: Mutex::new(Report {
            rooms: args.rooms,
            ..Report::default()
        }),
        logged_in: tokio::sync::Barrier::new(if args.quick {
            args.rooms * args.players as usize
        } else {
            1
        }),
    });
    let content = Content::builtin();
    let mut rooms = Vec::new();
    for r in 0..args.rooms {
        let args = args.clone();
        let shared = shared.clone();
        let content = content.clone();
        rooms.push(tokio::spawn(async move {
            // Spread the connections over the first seconds.
            tokio::time::sleep(Duration::from_millis((r as u64 * 4) % 4000)).await;
            let outcome =
                tokio::time::timeout(ROOM_TIMEOUT, play_room(&args, r, content, &shared)).await;
            let mut report = shared.report.lock().await;
            match outcome {
                Ok(Ok(())) => report.finished += 1,
                Ok(Err(e)) => {
                    report.errors += 1;
                    if report.samples.len() < 5 {
                        report.samples.push(format!("room {r}: {e}"));
                    }
                }
                Err(_) => {
                    report.errors += 1;
                    if report.samples.len() < 5 {
                        report
                            .samples
                            .push(format!("room {r}: not finished in time"));
                    }
                }
            }
        }));
    }
    for r in rooms {
        let _ = r.await;
    }
    let shared = Arc::try_unwrap(shared).map_err(|_| "clients still running")?;
    Ok(shared.report.into_inner())
}

async fn play_room(
    args: &Args,
    r: usize,
    content: Content,
    shared: &Arc<Shared>,
) -> Result<(), String> {
    if args.quick {
        // The server makes the tables: the room's clients only queue at the same moment.
        let mut clients = Vec::new();
        for seat in 0..args.players {
            let args = args.clone();
            let content = content.clone();
            let shared = shared.clone();
            clients.push(tokio::spawn(async move {
                client(&args, r, seat, None, None, content, &shared).await
            }));
        }
        let mut result = Ok(());
        for c in clients {
            let r = c.await.map_err(|e| e.to_string())?;
            if result.is_ok() {
                result = r;
            }
        }
        return result;
    }
    let (room_tx, room_rx) = oneshot::channel();
    let mut seats = Vec::new();
    let host = {
        let args = args.clone();
        let content = content.clone();
        let shared = shared.clone();
        tokio::spawn(
            async move { client(&args, r, 0, None, Some(room_tx), content, &shared).await },
        )
    };
    let room = room_rx
        .await
        .map_err(|_| "the host client never got its room".to_string())?;
    for seat in 1..args.players {
        let args = args.clone();
        let content = content.clone();
        let shared = shared.clone();
        seats.push(tokio::spawn(async move {
            client(&args, r, seat, Some(room), None, content, &shared).await
        }));
    }
    let mut result = host.await.map_err(|e| e.to_string())?;
    for s in seats {
        let r = s.await.map_err(|e| e.to_string())?;
        if result.is_ok() {
            result = r;
        }
    }
    result
}

/// One client: its seat, to the end of the game.
async fn client(
    args: &Args,
    r: usize,
    seat: u8,
    room: Option<RoomId>,
    created: Option<oneshot::Sender<RoomId>>,
    content: Content,
    shared: &Arc<Shared>,
) -> Result<(), String> {
    let ws = connect(&args.server)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    let (mut sink, mut source) = ws.split();
    let send = |msg: ClientMsg| Message::text(to_json(&msg));
    sink.send(send(ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        name: format!("bot{r}-{seat}"),
        resume: None,
        session: None,
    }))
    .await
    .map_err(|e| e.to_string())?;
    // Quick match: an account first (its name unique to this run), then the queue.
    let account = format!("lt{}-{r}-{seat}", args.seed);
    let register = || ClientMsg::Register {
        name: account.clone(),
        password: "load test password".into(),
    };
    let first = match room {
        _ if args.quick => register(),
        None => ClientMsg::CreateRoom {
            options: room_options(args.game, args.players),
        },
        Some(room) => ClientMsg::Join {
            room,
            seat: Some(seat),
            password: None,
        },
    };
    sink.send(send(first)).await.map_err(|e| e.to_string())?;
    let seed = bw_rules::rng::stream(args.seed ^ r as u64, seat as usize, 3);
    let level = match args.game {
        GameKind::Junqi => Level::Normal,
        // The greedy player scores every placement: too costly for hundreds of clients on
        // the server's machine. The random one plays the same protocol.
        GameKind::Bracket => Level::Easy,
    };
    let mut bot = Bot::new(content, level, seed);
    let pause = think();
    let mut created = created;
    let mut seq = 0u32;
    let mut sent_at: Option<(u32, Instant)> = None;
    let mut latencies = Vec::new();
    let mut queued_at: Option<Instant> = None;
    let mut wait = None;
    let result = loop {
        let Some(frame) = source.next().await else {
            break Err("the server closed the connection".to_string());
        };
        let text = match frame {
            Ok(Message::Text(t)) => t,
            Ok(Message::Close(_)) => break Err("the server closed the connection".into()),
            Ok(_) => continue,
            Err(e) => break Err(format!("connection: {e}")),
        };
        let msg = parse_server(text.as_str())?;
        match &msg {
            ServerMsg::LoggedIn { .. } if args.quick => {
                // (A client that failed before logging in leaves the others waiting: they
                // go on after two minutes.)
                let all = shared.logged_in.wait();
                let _ = tokio::time::timeout(Duration::from_secs(120), all).await;
                // Players come to the queue over four seconds, as connections came.
                tokio::time::sleep(Duration::from_millis(
                    (r as u64 * 8 + seat as u64 * 4) % 4000,
                ))
                .await;
                queued_at = Some(Instant::now());
                sink.send(send(ClientMsg::QuickMatch {
                    pool: format!("junqi-{}", args.players),
                }))
                .await
                .map_err(|e| e.to_string())?;
            }
            // Too many log-ins at once: the server's hashing queue is full; again soon.
            ServerMsg::Refused {
                code: RefusalCode::Busy,
                ..
            } if args.quick && queued_at.is_none() => {
                tokio::time::sleep(Duration::from_millis(100)).await;
                sink.send(send(register()))
                    .await
                    .map_err(|e| e.to_string())?;
            }
            ServerMsg::Seated { room, .. } => {
                if let Some(tx) = created.take() {
                    let _ = tx.send(*room);
                }
                if let Some(t) = queued_at.take() {
                    // Quick match raised the hand already.
                    wait = Some(t.elapsed().as_micros() as u64);
                } else {
                    sink.send(send(ClientMsg::Ready { ready: true }))
                        .await
                        .map_err(|e| e.to_string())?;
                }
            }
            ServerMsg::Acted { seq: s } => {
                if let Some((q, t)) = sent_at.take()
                    && q == *s
                {
                    latencies.push(t.elapsed().as_micros() as u64);
                }
            }
            ServerMsg::Refused { code, reason, .. } => {
                break Err(format!("refused ({code:?}): {reason}"));
            }
            ServerMsg::Error { code, reason } => break Err(format!("error ({code:?}): {reason}")),
            ServerMsg::Finished { .. } => break Ok(()),
            _ => {}
        }
        if let Some(action) = bot.on_message(&msg) {
            tokio::time::sleep(pause).await;
            seq += 1;
            sent_at = Some((seq, Instant::now()));
            sink.send(send(ClientMsg::Act { seq, action }))
                .await
                .map_err(|e| e.to_string())?;
        }
    };
    let _ = sink.send(Message::Close(None)).await;
    let mut report = shared.report.lock().await;
    report.latencies_us.extend(latencies);
    report.waits_us.extend(wait);
    result
}
