//! The server's database: the rooms, their journals (one row per entry, in order) and the
//! finished games' records, in SQLite (the embedded default: `server.db` under `--data`,
//! write-ahead log) or in PostgreSQL (`--database postgres://…`), through sqlx.
//!
//! Every write goes through one writer task, which takes whatever is waiting and commits it
//! as one transaction (group commit): a room's change is acknowledged — told to anyone — only
//! once its transaction committed, and many rooms share one commit. A write that fails (a
//! full disk, a database gone) fails every change of its transaction, and nothing of them
//! was told to anyone.

use std::str::FromStr;
use std::time::{Duration, Instant};

use sqlx::any::{AnyConnectOptions, AnyPoolOptions, install_default_drivers};
use sqlx::{AnyPool, Connection, Executor, Row};
use tokio::sync::{mpsc, oneshot};

use bw_online::protocol::RoomId;

/// The most changes one transaction carries.
const MAX_GROUP: usize = 512;

/// Changes waiting for the writer; a room waits for its answer, so this bounds nothing a
/// client controls beyond one change per room.
const QUEUE: usize = 4096;

const SCHEMA: [&str; 13] = [
    "CREATE TABLE IF NOT EXISTS rooms (id BIGINT PRIMARY KEY, open INTEGER NOT NULL, \
     closed_ms BIGINT)",
    "CREATE TABLE IF NOT EXISTS entries (room BIGINT NOT NULL, seq BIGINT NOT NULL, \
     body TEXT NOT NULL, PRIMARY KEY (room, seq))",
    "CREATE TABLE IF NOT EXISTS records (room BIGINT PRIMARY KEY, body TEXT NOT NULL, \
     kept_ms BIGINT NOT NULL DEFAULT 0)",
    // The hall's players (accounts.rs, docs/hall.md).
    "CREATE TABLE IF NOT EXISTS accounts (name_key TEXT PRIMARY KEY, name TEXT NOT NULL, \
     phc TEXT NOT NULL, created_ms BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS sessions (hash TEXT PRIMARY KEY, name_key TEXT NOT NULL, \
     expires_ms BIGINT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS ratings (name_key TEXT NOT NULL, pool TEXT NOT NULL, \
     rating DOUBLE PRECISION NOT NULL, deviation DOUBLE PRECISION NOT NULL, \
     volatility DOUBLE PRECISION NOT NULL, games BIGINT NOT NULL, \
     PRIMARY KEY (name_key, pool))",
    "CREATE TABLE IF NOT EXISTS totals (name_key TEXT NOT NULL, mode TEXT NOT NULL, \
     score BIGINT NOT NULL, won BIGINT NOT NULL, drawn BIGINT NOT NULL, \
     lost BIGINT NOT NULL, PRIMARY KEY (name_key, mode))",
    "CREATE TABLE IF NOT EXISTS results (room BIGINT NOT NULL, seat INTEGER NOT NULL, \
     name_key TEXT NOT NULL, pool TEXT NOT NULL, mode TEXT NOT NULL, finish TEXT NOT NULL, \
     score BIGINT NOT NULL, rated INTEGER NOT NULL, rating_before DOUBLE PRECISION, \
     rating_after DOUBLE PRECISION, at_ms BIGINT NOT NULL, PRIMARY KEY (room, seat))",
    "CREATE INDEX IF NOT EXISTS results_by_player ON results (name_key, at_ms)",
    // Several servers on one database (directory.rs): the server that holds each room, the
    // rooms each server lists in the hall, and when each server was last heard of.
    "CREATE TABLE IF NOT EXISTS room_servers (room BIGINT PRIMARY KEY, server TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS listed (room BIGINT PRIMARY KEY, server TEXT NOT NULL, \
     summary TEXT NOT NULL)",
    "CREATE TABLE IF NOT EXISTS servers (name TEXT PRIMARY KEY, seen_ms BIGINT NOT NULL)",
    // What each account's name looks like (hall::name_skeletons): one account per look.
    "CREATE TABLE IF NOT EXISTS name_skeletons (skeleton TEXT PRIMARY KEY, \
     name_key TEXT NOT NULL)",
];

/// Milliseconds since 1970 (when a room closed, when a record was kept).
pub(super) fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// One change for the writer.
enum Change {
    /// A new room with its first entries, held by `server`; `false` when the id is taken.
    Create {
        room: RoomId,
        server: std::sync::Arc<str>,
        entries: Vec<String>,
        done: oneshot::Sender<Result<bool, String>>,
    },
    /// Entries after the first `from` of a room's journal.
    Append {
        room: RoomId,
        from: u64,
        entries: Vec<String>,
        done: oneshot::Sender<Result<(), String>>,
    },
    /// A room's whole journal, rewritten (a waiting room's, compacted).
    Replace {
        room: RoomId,
        entries: Vec<String>,
        done: oneshot::Sender<Result<(), String>>,
    },
    /// A room that will not come back at a restart (over, failed or closed).
    Close { room: RoomId },
    /// Finished rooms' journals and records kept since before `before_ms` are deleted
    /// (the rooms' ids stay taken).
    Forget {
        before_ms: i64,
        done: oneshot::Sender<Result<(), String>>,
    },
    /// A finished game's record.
    Record {
        room: RoomId,
        body: String,
        done: oneshot::Sender<Result<(), String>>,
    },
}

impl Change {
    fn fail(self, why: &str) {
        match self {
            Change::Create { done, .. } => drop(done.send(Err(why.to_string()))),
            Change::Append { done, .. }
            | Change::Record { done, .. }
            | Change::Replace { done, .. }
            | Change::Forget { done, .. } => drop(done.send(Err(why.to_string()))),
            Change::Close { .. } => {}
        }
    }
}

/// What the writer has done (for `--metrics` and the benchmarks).
#[derive(Debug, Default)]
pub struct StoreStats {
    pub commits: std::sync::atomic::AtomicU64,
    pub changes: std::sync::atomic::AtomicU64,
    pub failed_commits: std::sync::atomic::AtomicU64,
    /// The last commit's time, and all commits' together, in microseconds.
    pub last_commit_us: std::sync::atomic::AtomicU64,
    pub commit_us_sum: std::sync::atomic::AtomicU64,
}

/// The database, and the way to its writer.
#[derive(Clone)]
pub struct Store {
    pub(super) pool: AnyPool,
    writes: mpsc::Sender<Change>,
    pub stats: std::sync::Arc<StoreStats>,
    /// The server this store writes for: its rooms are its own (several servers on one
    /// database). Empty: a server alone, or a tool.
    pub(super) server: std::sync::Arc<str>,
}

/// A room as the database holds it.
pub struct SavedRoom {
    pub id: RoomId,
    /// Its journal's entries, in order (JSON lines as written).
    pub entries: Result<Vec<String>, String>,
}

impl Store {
    /// Opens (and creates) the database at `url` (`sqlite:PATH` or `postgres://…`).
    /// `page_cap`: SQLite only, the most pages the file may have (a full disk, for tests).
    pub async fn open(url: &str, page_cap: Option<u32>) -> Result<Store, String> {
        install_default_drivers();
        let sqlite = url.starts_with("sqlite:");
        let mut url = url.to_string();
        if sqlite && !url.contains('?') {
            url.push_str("?mode=rwc");
        }
        let options = AnyConnectOptions::from_str(&url).map_err(|e| e.to_string())?;
        let pool = AnyPoolOptions::new()
            .max_connections(if sqlite { 1 } else { 4 })
            .acquire_timeout(Duration::from_secs(30))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if sqlite {
                        // The write-ahead log: a commit is one append to the log; a crash
                        // loses nothing committed. NORMAL: an fsync at checkpoints, not at
                        // every commit (a power cut may lose the last commits, a killed
                        // process none).
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = NORMAL").await?;
                        conn.execute("PRAGMA busy_timeout = 5000").await?;
                        if let Some(cap) = page_cap {
                            let pragma = format!("PRAGMA max_page_count = {cap}");
                            conn.execute(sqlx::AssertSqlSafe(pragma)).await?;
                        }
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await
            .map_err(|e| format!("cannot open the database {url}: {e}"))?;
        for statement in SCHEMA {
            pool.execute(statement)
                .await
                .map_err(|e| format!("cannot set up the database {url}: {e}"))?;
        }
        note_skeletons(&pool)
            .await
            .map_err(|e| format!("cannot set up the database {url}: {e}"))?;
        let (tx, rx) = mpsc::channel(QUEUE);
        let stats = std::sync::Arc::new(StoreStats::default());
        tokio::spawn(writer(pool.clone(), rx, stats.clone()));
        Ok(Store {
            pool,
            writes: tx,
            stats,
            server: "".into(),
        })
    }

    /// This store writes for `server` (its address): the rooms it creates and restores are
    /// that server's.
    pub fn for_server(mut self, server: &str) -> Store {
        self.server = server.into();
        self
    }

    /// The largest room id the database has ever held (0: none).
    pub async fn max_room(&self) -> Result<RoomId, String> {
        let row = sqlx::query("SELECT COALESCE(MAX(id), 0) AS m FROM rooms")
            .fetch_one(&self.pool)
            .await
            .map_err(|e| e.to_string())?;
        Ok(row.try_get::<i64, _>("m").map_err(|e| e.to_string())? as RoomId)
    }

    /// Every room that may come back (not over, failed or closed), with its journal; a room
    /// whose rows cannot be read is there with the reason.
    /// Only this server's rooms: another server's stay with it, and a room no server
    /// holds (made before rooms named their server) is claimed by the first to ask.
    pub async fn open_rooms(&self) -> Result<Vec<SavedRoom>, String> {
        let ids = sqlx::query(
            "SELECT r.id AS id, s.server AS server FROM rooms r \
             LEFT JOIN room_servers s ON s.room = r.id WHERE r.open = 1 ORDER BY r.id",
        )
        .fetch_all(&self.pool)
        .await
        .map_err(|e| e.to_string())?;
        let mut out = Vec::new();
        for row in ids {
            let id = row.try_get::<i64, _>("id").map_err(|e| e.to_string())?;
            let holder = row
                .try_get::<Option<String>, _>("server")
                .map_err(|e| e.to_string())?;
            let mine = match holder {
                Some(server) if *server == *self.server => true,
                // A server alone made it (no name); named now, this server takes it.
                Some(server) if server.is_empty() => self.claim(id).await?,
                Some(_) => false,
                None => self.claim(id).await?,
            };
            if !mine {
                continue;
            }
            out.push(SavedRoom {
                id: id as RoomId,
                entries: self.journal(id as RoomId).await,
            });
        }
        Ok(out)
    }

    /// Names this server as the holder of a room no server holds, or a room of a server
    /// alone (no name); whether it now is (the first server to ask gets it).
    async fn claim(&self, room: i64) -> Result<bool, String> {
        sqlx::query(
            "INSERT INTO room_servers (room, server) VALUES ($1, $2) \
             ON CONFLICT (room) DO UPDATE SET server = excluded.server \
             WHERE room_servers.server = ''",
        )
        .bind(room)
        .bind(&*self.server)
        .execute(&self.pool)
        .await
        .map_err(|e| e.to_string())?;
        let row = sqlx::query("SELECT server FROM room_servers WHERE room = $1")
            .bind(room)
            .fetch_one(&self.pool)
            .await
            .map_err(|e| e.to_string())?;
        let server: String = row.try_get("server").map_err(|e| e.to_string())?;
        Ok(*server == *self.server)
    }

    /// A room's journal, in order; a gap in it is damage.
    pub async fn journal(&self, room: RoomId) -> Result<Vec<String>, String> {
        let rows = sqlx::query("SELECT seq, body FROM entries WHERE room = $1 ORDER BY seq")
            .bind(room as i64)
            .fetch_all(&self.pool)
            .await
            .map_err(|e| e.to_string())?;
        let mut out = Vec::with_capacity(rows.len());
        for (i, row) in rows.into_iter().enumerate() {
            let seq = row.try_get::<i64, _>("seq").map_err(|e| e.to_string())?;
            if seq != i as i64 {
                return Err(format!("entry {i} is missing"));
            }
            out.push(
                row.try_get::<String, _>("body")
                    .map_err(|e| e.to_string())?,
            );
        }
        Ok(out)
    }

    /// A finished game's record, if the room has one.
    pub async fn record(&self, room: RoomId) -> Result<Option<String>, String> {
        let row = sqlx::query("SELECT body FROM records WHERE room = $1")
            .bind(room as i64)
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| e.to_string())?;
        row.map(|r| r.try_get::<String, _>("body").map_err(|e| e.to_string()))
            .transpose()
    }

    /// Creates a room with its first entries; `Ok(false)` when the id was ever used.
    pub async fn create(&self, room: RoomId, entries: Vec<String>) -> Result<bool, String> {
        let server = self.server.clone();
        self.ask(|done| Change::Create {
            room,
            server,
            entries,
            done,
        })
        .await
    }

    /// Appends a room's entries after its first `from`; returns once committed.
    pub async fn append(
        &self,
        room: RoomId,
        from: u64,
        entries: Vec<String>,
    ) -> Result<(), String> {
        if entries.is_empty() {
            return Ok(());
        }
        self.ask(|done| Change::Append {
            room,
            from,
            entries,
            done,
        })
        .await
    }

    /// Rewrites a room's journal as `entries` (one transaction: the old one or the new one,
    /// never a mix); returns once committed.
    pub async fn replace(&self, room: RoomId, entries: Vec<String>) -> Result<(), String> {
        self.ask(|done| Change::Replace {
            room,
            entries,
            done,
        })
        .await
    }

    /// Keeps a finished game's record; returns once committed.
    pub async fn keep_record(&self, room: RoomId, body: String) -> Result<(), String> {
        self.ask(|done| Change::Record { room, body, done }).await
    }

    /// Deletes the journals of rooms that closed, and the records kept, more than `age`
    /// ago (the rooms' ids stay taken); returns once committed.
    pub async fn forget_finished(&self, age: Duration) -> Result<(), String> {
        let before_ms = unix_ms() - age.as_millis() as i64;
        self.ask(|done| Change::Forget { before_ms, done }).await
    }

    /// The room will not come back after a restart (its rows stay: its id is never given
    /// again).
    pub fn close(&self, room: RoomId) {
        let _ = self.writes.try_send(Change::Close { room });
    }

    /// Hands the writer a change and waits for its answer (once committed, or why not).
    async fn ask<T>(
        &self,
        change: impl FnOnce(oneshot::Sender<Result<T, String>>) -> Change,
    ) -> Result<T, String> {
        const STOPPED: &str = "the database writer stopped";
        let (done, answer) = oneshot::channel();
        self.writes
            .send(change(done))
            .await
            .map_err(|_| STOPPED.to_string())?;
        answer.await.map_err(|_| STOPPED.to_string())?
    }
}

/// The writer: takes what is waiting (up to [`MAX_GROUP`]), commits it as one transaction,
/// answers every change.
async fn writer(pool: AnyPool, mut rx: mpsc::Receiver<Change>, stats: std::sync::Arc<StoreStats>) {
    use std::sync::atomic::Ordering::Relaxed;
    while let Some(first) = rx.recv().await {
        let mut group = vec![first];
        while group.len() < MAX_GROUP {
            match rx.try_recv() {
                Ok(c) => group.push(c),
                Err(_) => break,
            }
        }
        let started = Instant::now();
        match commit(&pool, &group).await {
            Ok(taken) => {
                stats.commits.fetch_add(1, Relaxed);
                stats.changes.fetch_add(group.len() as u64, Relaxed);
                let took = started.elapsed().as_micros() as u64;
                stats.last_commit_us.store(took, Relaxed);
                stats.commit_us_sum.fetch_add(took, Relaxed);
                for (change, taken) in group.into_iter().zip(taken) {
                    match change {
                        Change::Create { done, .. } => drop(done.send(Ok(!taken))),
                        Change::Append { done, .. }
                        | Change::Record { done, .. }
                        | Change::Replace { done, .. }
                        | Change::Forget { done, .. } => drop(done.send(Ok(()))),
                        Change::Close { .. } => {}
                    }
                }
            }
            Err(e) => {
                stats.failed_commits.fetch_add(1, Relaxed);
                for change in group {
                    change.fail(&e);
                }
            }
        }
    }
}

/// One transaction for the group; for each change, whether its room id was taken.
async fn commit(pool: &AnyPool, group: &[Change]) -> Result<Vec<bool>, String> {
    let mut conn = pool.acquire().await.map_err(|e| e.to_string())?;
    let mut tx = conn.begin().await.map_err(|e| e.to_string())?;
    let mut taken = Vec::with_capacity(group.len());
    // Appended rows wait here and go in as few statements as possible (in order, before
    // any other kind of change).
    let mut rows: Vec<(RoomId, u64, &str)> = Vec::new();
    for change in group {
        let mut was_taken = false;
        if !matches!(change, Change::Append { .. }) {
            insert_rows(&mut tx, &mut rows).await?;
        }
        match change {
            Change::Create {
                room,
                server,
                entries,
                ..
            } => {
                let done = sqlx::query(
                    "INSERT INTO rooms (id, open) VALUES ($1, 1) ON CONFLICT (id) DO NOTHING",
                )
                .bind(*room as i64)
                .execute(&mut *tx)
                .await
                .map_err(|e| e.to_string())?;
                if done.rows_affected() == 0 {
                    was_taken = true;
                } else {
                    sqlx::query("INSERT INTO room_servers (room, server) VALUES ($1, $2)")
                        .bind(*room as i64)
                        .bind(&**server)
                        .execute(&mut *tx)
                        .await
                        .map_err(|e| e.to_string())?;
                    insert_entries(&mut tx, *room, 0, entries).await?;
                }
            }
            Change::Append {
                room,
                from,
                entries,
                ..
            } => rows.extend(
                entries
                    .iter()
                    .enumerate()
                    .map(|(i, body)| (*room, from + i as u64, body.as_str())),
            ),
            Change::Replace { room, entries, .. } => {
                sqlx::query("DELETE FROM entries WHERE room = $1")
                    .bind(*room as i64)
                    .execute(&mut *tx)
                    .await
                    .map_err(|e| e.to_string())?;
                insert_entries(&mut tx, *room, 0, entries).await?;
            }
            Change::Forget { before_ms, .. } => {
                sqlx::query(
                    "DELETE FROM entries WHERE room IN \
                     (SELECT id FROM rooms WHERE open = 0 AND closed_ms < $1)",
                )
                .bind(*before_ms)
                .execute(&mut *tx)
                .await
                .map_err(|e| e.to_string())?;
                sqlx::query("DELETE FROM records WHERE kept_ms < $1")
                    .bind(*before_ms)
                    .execute(&mut *tx)
                    .await
                    .map_err(|e| e.to_string())?;
            }
            Change::Close { room } => {
                sqlx::query("UPDATE rooms SET open = 0, closed_ms = $1 WHERE id = $2")
                    .bind(unix_ms())
                    .bind(*room as i64)
                    .execute(&mut *tx)
                    .await
                    .map_err(|e| e.to_string())?;
            }
            Change::Record { room, body, .. } => {
                sqlx::query(
                    "INSERT INTO records (room, body, kept_ms) VALUES ($1, $2, $3) \
                     ON CONFLICT (room) DO UPDATE SET body = excluded.body, \
                     kept_ms = excluded.kept_ms",
                )
                .bind(*room as i64)
                .bind(body.as_str())
                .bind(unix_ms())
                .execute(&mut *tx)
                .await
                .map_err(|e| e.to_string())?;
            }
        }
        taken.push(was_taken);
    }
    insert_rows(&mut tx, &mut rows).await?;
    tx.commit().await.map_err(|e| e.to_string())?;
    Ok(taken)
}

async fn insert_entries(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    room: RoomId,
    from: u64,
    entries: &[String],
) -> Result<(), String> {
    let mut rows: Vec<(RoomId, u64, &str)> = entries
        .iter()
        .enumerate()
        .map(|(i, body)| (room, from + i as u64, body.as_str()))
        .collect();
    insert_rows(tx, &mut rows).await
}

/// Rows of journals per statement (3 parameters each, well under SQLite's 32,766).
const ROWS_PER_INSERT: usize = 200;

/// Inserts journal rows, many per statement, and empties `rows`.
async fn insert_rows(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    rows: &mut Vec<(RoomId, u64, &str)>,
) -> Result<(), String> {
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let mut sql = String::from("INSERT INTO entries (room, seq, body) VALUES ");
        for i in 0..chunk.len() {
            if i > 0 {
                sql.push_str(", ");
            }
            let n = 3 * i;
            sql.push_str(&format!("(${}, ${}, ${})", n + 1, n + 2, n + 3));
        }
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for &(room, seq, body) in chunk {
            query = query.bind(room as i64).bind(seq as i64).bind(body);
        }
        query.execute(&mut **tx).await.map_err(|e| e.to_string())?;
    }
    rows.clear();
    Ok(())
}

/// The database file under `--data` when no `--database` is given.
pub const DATABASE_FILE: &str = "server.db";

/// The URL of the embedded database under a data folder.
pub fn sqlite_url(data: &std::path::Path) -> String {
    format!("sqlite:{}", data.join(DATABASE_FILE).display())
}

/// A finished game's record from the embedded database under `data`, read outside any
/// server (tools and tests; the database may be in use by a running server).
pub fn record_in(data: &std::path::Path, room: RoomId) -> Result<Option<String>, String> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| e.to_string())?;
    rt.block_on(async {
        let store = Store::open(&sqlite_url(data), None).await?;
        store.record(room).await
    })
}

/// Notes what every account's name looks like, for accounts made before names' looks were
/// kept (at start; an account whose look another holds keeps its name).
async fn note_skeletons(pool: &sqlx::AnyPool) -> Result<(), sqlx::Error> {
    let rows = sqlx::query(
        "SELECT a.name_key AS name_key, a.name AS name FROM accounts a WHERE NOT EXISTS \
         (SELECT 1 FROM name_skeletons s WHERE s.name_key = a.name_key)",
    )
    .fetch_all(pool)
    .await?;
    for row in rows {
        let (key, name): (String, String) = (row.try_get("name_key")?, row.try_get("name")?);
        for skeleton in bw_online::hall::name_skeletons(&name) {
            sqlx::query(
                "INSERT INTO name_skeletons (skeleton, name_key) VALUES ($1, $2) \
                 ON CONFLICT (skeleton) DO NOTHING",
            )
            .bind(&skeleton)
            .bind(&key)
            .execute(pool)
            .await?;
        }
    }
    Ok(())
}
