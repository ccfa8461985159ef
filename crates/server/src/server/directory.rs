//! Several servers on one database: the hall's room list across them.
//!
//! Each server started with `--public-url` (its name, and the address players reach it
//! at) says it is alive every [`EVERY`] (`servers`), publishes the lobby lines of the rooms
//! it holds (`listed`, only the lines that changed), and reads the other servers' lines
//! into its lobby, each with the server's address. A server not heard of for [`GONE`] is
//! taken for gone: its rooms leave the other servers' lobbies. A room's live state stays
//! on its server; a client that asks another server to join it is told where it is
//! (`elsewhere`). Accounts, ratings, standings and records are rows of the shared
//! database and need nothing more.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;

use sqlx::Row;

use bw_online::protocol::{RoomId, RoomSummary};

use super::Hub;
use super::store::unix_ms;

/// How often a server says it is alive, publishes its rooms and reads the others'.
pub const EVERY: Duration = Duration::from_secs(1);
/// A server not heard of for this long is gone: its rooms are not listed.
pub const GONE: Duration = Duration::from_secs(10);

/// Starts publishing and reading (the server's first lines are written before it serves).
pub(super) async fn start(hub: &Arc<Hub>) -> Result<(), String> {
    let me = hub.store.server.clone();
    // Lines of an earlier run of this server are stale.
    sqlx::query("DELETE FROM listed WHERE server = $1")
        .bind(&*me)
        .execute(&hub.store.pool)
        .await
        .map_err(|e| format!("cannot list the server's rooms: {e}"))?;
    let mut published = HashMap::new();
    step(hub, &mut published).await?;
    let hub = hub.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(EVERY).await;
            if let Err(e) = step(&hub, &mut published).await {
                eprintln!("the hall's room list in the database: {e}");
            }
        }
    });
    Ok(())
}

/// Says this server is alive, publishes what changed of its rooms' lines, and reads the
/// other servers'.
async fn step(hub: &Arc<Hub>, published: &mut HashMap<RoomId, String>) -> Result<(), String> {
    let pool = &hub.store.pool;
    let me = hub.store.server.clone();
    let err = |e: sqlx::Error| e.to_string();
    sqlx::query(
        "INSERT INTO servers (name, seen_ms) VALUES ($1, $2) \
         ON CONFLICT (name) DO UPDATE SET seen_ms = excluded.seen_ms",
    )
    .bind(&*me)
    .bind(unix_ms())
    .execute(pool)
    .await
    .map_err(err)?;

    // This server's rooms: the lines that changed, and the rooms that left.
    let mine: HashMap<RoomId, String> = hub
        .rooms
        .lock()
        .expect("rooms")
        .iter()
        .map(|(&id, r)| (id, serde_json::to_string(&r.summary).expect("a summary")))
        .collect();
    let changed: Vec<(RoomId, &String)> = mine
        .iter()
        .filter(|(id, line)| published.get(id) != Some(line))
        .map(|(&id, line)| (id, line))
        .collect();
    let gone: Vec<RoomId> = published
        .keys()
        .filter(|id| !mine.contains_key(id))
        .copied()
        .collect();
    if !changed.is_empty() || !gone.is_empty() {
        let mut tx = pool.begin().await.map_err(err)?;
        for (id, line) in &changed {
            sqlx::query(
                "INSERT INTO listed (room, server, summary) VALUES ($1, $2, $3) \
                 ON CONFLICT (room) DO UPDATE SET server = excluded.server, \
                 summary = excluded.summary",
            )
            .bind(*id as i64)
            .bind(&*me)
            .bind(line.as_str())
            .execute(&mut *tx)
            .await
            .map_err(err)?;
        }
        for id in &gone {
            sqlx::query("DELETE FROM listed WHERE room = $1 AND server = $2")
                .bind(*id as i64)
                .bind(&*me)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
        }
        tx.commit().await.map_err(err)?;
        *published = mine;
    }

    // The other servers' rooms, while they are alive.
    let rows = sqlx::query(
        "SELECT l.server AS server, l.summary AS summary FROM listed l \
         JOIN servers s ON s.name = l.server WHERE l.server <> $1 AND s.seen_ms > $2 \
         ORDER BY l.room",
    )
    .bind(&*me)
    .bind(unix_ms() - GONE.as_millis() as i64)
    .fetch_all(pool)
    .await
    .map_err(err)?;
    let mut remote = Vec::with_capacity(rows.len());
    for row in rows {
        let server: String = row.try_get("server").map_err(err)?;
        let line: String = row.try_get("summary").map_err(err)?;
        // A line this version cannot read is left out, not fatal.
        if let Ok(mut summary) = serde_json::from_str::<RoomSummary>(&line) {
            summary.server = Some(server);
            remote.push(summary);
        }
    }
    let mut known = hub.remote.lock().expect("remote");
    if *known != remote {
        *known = remote;
        drop(known);
        hub.rooms_changed();
    }
    Ok(())
}
