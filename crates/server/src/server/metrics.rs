//! `serve --metrics ADDR`: the server's figures in the Prometheus text format, on plain
//! HTTP at `/metrics` (what every operator's monitoring already scrapes): connections,
//! rooms by status, queued bytes, refusals by code, database commits and their time,
//! computers' thinking time.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpListener;
use tokio::sync::Semaphore;

use bw_online::protocol::{RefusalCode, RoomStatus};

use super::Hub;

/// Scrapes served at once; more wait for none (closed at once).
const MAX_SCRAPES: usize = 8;
/// The most bytes of a request read.
const MAX_REQUEST: usize = 4096;
/// A scrape that sends no full request in this time is closed.
const REQUEST_TIME: Duration = Duration::from_secs(5);

/// Counters the server keeps as it goes.
#[derive(Debug, Default)]
pub struct Metrics {
    refusals: Mutex<BTreeMap<String, u64>>,
    /// Connections closed before their handshake (over a connection cap).
    pub connections_refused: AtomicU64,
    /// TLS handshakes that failed or took too long (`wss://` only).
    pub tls_failures: AtomicU64,
    pub computer_moves: AtomicU64,
    pub computer_thinking_us: AtomicU64,
    /// Computers waiting for a permit to think, thinking now, and the most that ever
    /// thought at once.
    pub computers_waiting: AtomicU64,
    pub computers_thinking: AtomicU64,
    pub computers_thinking_peak: AtomicU64,
}

/// Counts one computer in a gauge while it lives.
pub struct Counted<'a>(&'a AtomicU64);

impl Drop for Counted<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Relaxed);
    }
}

impl Metrics {
    /// A `refused` or `error` sent to a client.
    pub fn refused(&self, code: RefusalCode) {
        let name = serde_json::to_string(&code).unwrap_or_default();
        let name = name.trim_matches('"').to_string();
        *self
            .refusals
            .lock()
            .expect("refusals")
            .entry(name)
            .or_default() += 1;
    }

    /// A TLS handshake that failed or timed out.
    pub fn tls_failed(&self) {
        self.tls_failures.fetch_add(1, Relaxed);
    }

    pub fn waiting(&self) -> Counted<'_> {
        self.computers_waiting.fetch_add(1, Relaxed);
        Counted(&self.computers_waiting)
    }

    pub fn thinking(&self) -> Counted<'_> {
        let now = self.computers_thinking.fetch_add(1, Relaxed) + 1;
        self.computers_thinking_peak.fetch_max(now, Relaxed);
        Counted(&self.computers_thinking)
    }

    pub fn thought(&self, took: Duration) {
        self.computer_moves.fetch_add(1, Relaxed);
        self.computer_thinking_us
            .fetch_add(took.as_micros() as u64, Relaxed);
    }
}

/// The figures as Prometheus text (format 0.0.4).
pub fn render(hub: &Hub) -> String {
    let mut out = String::new();
    // A sample's suffix is its labels (`{code="…"}`), or `_sum` / `_count` of a summary.
    let mut metric = |name: &str, kind: &str, help: &str, samples: &[(String, f64)]| {
        let _ = writeln!(out, "# HELP {name} {help}\n# TYPE {name} {kind}");
        for (labels, value) in samples {
            let _ = writeln!(out, "{name}{labels} {value}");
        }
    };
    let m = &hub.metrics;
    metric(
        "bw_connections",
        "gauge",
        "Open WebSocket connections.",
        &[(String::new(), hub.connections() as f64)],
    );
    metric(
        "bw_connections_refused_total",
        "counter",
        "Connections closed at once for a connection cap.",
        &[(String::new(), m.connections_refused.load(Relaxed) as f64)],
    );
    metric(
        "bw_tls_handshake_failures_total",
        "counter",
        "TLS handshakes that failed or timed out (wss:// only).",
        &[(String::new(), m.tls_failures.load(Relaxed) as f64)],
    );
    let mut by_status: BTreeMap<&str, usize> = [
        ("waiting", 0),
        ("playing", 0),
        ("over", 0),
        ("failed", 0),
        ("closed", 0),
    ]
    .into_iter()
    .collect();
    for r in hub.rooms.lock().expect("rooms").values() {
        let status = match r.summary.status {
            RoomStatus::Waiting => "waiting",
            RoomStatus::Playing => "playing",
            RoomStatus::Over => "over",
            RoomStatus::Failed => "failed",
            RoomStatus::Closed => "closed",
        };
        *by_status.entry(status).or_default() += 1;
    }
    let rooms: Vec<(String, f64)> = by_status
        .iter()
        .map(|(s, n)| (format!("{{status=\"{s}\"}}"), *n as f64))
        .collect();
    metric("bw_rooms", "gauge", "Open rooms, by status.", &rooms);
    metric(
        "bw_queued_bytes",
        "gauge",
        "Bytes of messages waiting to be written to clients.",
        &[(String::new(), hub.queued_bytes() as f64)],
    );
    let refusals: Vec<(String, f64)> = m
        .refusals
        .lock()
        .expect("refusals")
        .iter()
        .map(|(code, n)| (format!("{{code=\"{code}\"}}"), *n as f64))
        .collect();
    metric(
        "bw_refusals_total",
        "counter",
        "`refused` and `error` messages sent, by code.",
        &refusals,
    );
    let s = &hub.store.stats;
    metric(
        "bw_db_commit_seconds",
        "summary",
        "Time of the database's commits (each carries every change waiting).",
        &[
            ("_sum".into(), s.commit_us_sum.load(Relaxed) as f64 / 1e6),
            ("_count".into(), s.commits.load(Relaxed) as f64),
        ],
    );
    metric(
        "bw_db_changes_total",
        "counter",
        "Room changes committed.",
        &[(String::new(), s.changes.load(Relaxed) as f64)],
    );
    metric(
        "bw_db_failed_commits_total",
        "counter",
        "Commits that failed (a full disk, a database gone).",
        &[(String::new(), s.failed_commits.load(Relaxed) as f64)],
    );
    metric(
        "bw_computer_thinking_seconds",
        "summary",
        "Time computers spent choosing their moves.",
        &[
            (
                "_sum".into(),
                m.computer_thinking_us.load(Relaxed) as f64 / 1e6,
            ),
            ("_count".into(), m.computer_moves.load(Relaxed) as f64),
        ],
    );
    metric(
        "bw_computers_waiting",
        "gauge",
        "Computers waiting for a permit to think (serve --max-thinking).",
        &[(String::new(), m.computers_waiting.load(Relaxed) as f64)],
    );
    metric(
        "bw_computers_thinking",
        "gauge",
        "Computers thinking now.",
        &[(String::new(), m.computers_thinking.load(Relaxed) as f64)],
    );
    out
}

/// Serves `/metrics` on `listener` until the runtime ends: one request per connection,
/// at most [`MAX_SCRAPES`] at once, a request of at most [`MAX_REQUEST`] bytes within
/// [`REQUEST_TIME`].
pub async fn serve(listener: TcpListener, hub: Arc<Hub>) {
    let slots = Arc::new(Semaphore::new(MAX_SCRAPES));
    loop {
        let Ok((mut stream, _)) = listener.accept().await else {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        };
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            drop(stream);
            continue;
        };
        let hub = hub.clone();
        tokio::spawn(async move {
            let _slot = slot;
            let mut buf = vec![0u8; MAX_REQUEST];
            let mut len = 0;
            let read = tokio::time::timeout(REQUEST_TIME, async {
                while len < buf.len() {
                    let n = stream.read(&mut buf[len..]).await.ok()?;
                    if n == 0 {
                        return None;
                    }
                    len += n;
                    if buf[..len].windows(4).any(|w| w == b"\r\n\r\n") {
                        return Some(());
                    }
                }
                None
            })
            .await;
            if !matches!(read, Ok(Some(()))) {
                return;
            }
            let request = String::from_utf8_lossy(&buf[..len]);
            let line = request.lines().next().unwrap_or("");
            let (status, body) = if line.starts_with("GET /metrics ") {
                ("200 OK", render(&hub))
            } else {
                (
                    "404 Not Found",
                    "not found: the metrics are at /metrics\n".into(),
                )
            };
            let head = format!(
                "HTTP/1.1 {status}\r\nContent-Type: text/plain; version=0.0.4\r\n\
                 Content-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            );
            let _ = stream.write_all(head.as_bytes()).await;
            let _ = stream.write_all(body.as_bytes()).await;
            let _ = stream.shutdown().await;
        });
    }
}
