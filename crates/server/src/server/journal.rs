//! Rooms' journals in the database: opened at start, and read back to restore every room
//! that was waiting or playing, one room at a time, guarded.

use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use bw_online::protocol::{RoomId, RoomStatus};
use bw_online::room::{Entry, Room};

use super::room::launch_room;
use super::store::{DATABASE_FILE, Store};
use super::{Config, Hub};

/// Opens the configured database: `--database`, or SQLite in `server.db` under `--data`
/// (created readable by the server's user only: it holds the seats' tokens).
pub(super) async fn open_store(config: &Config) -> Result<Store, String> {
    let url = match &config.database {
        Some(url) => url.clone(),
        None => {
            std::fs::create_dir_all(&config.data).map_err(|e| {
                format!(
                    "cannot create the data folder {}: {e}",
                    config.data.display()
                )
            })?;
            let path = config.data.join(DATABASE_FILE);
            private_file(&path)
                .map_err(|e| format!("cannot create the database {}: {e}", path.display()))?;
            super::store::sqlite_url(&config.data)
        }
    };
    Store::open(&url, config.database_page_cap).await
}

/// Creates the file if it is not there, readable and writable by its owner only (on Unix);
/// SQLite gives its log files the same permissions.
fn private_file(path: &std::path::Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.create(true).append(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    options.open(path).map(drop)
}

/// Rebuilds every room still open from its journal (a game over comes back for the grace
/// period, for its players to learn the end). A damaged journal — rows
/// that do not parse, a gap, entries that make the room's code panic — is reported and
/// left alone; the other rooms come back. No id the database ever held is given to a new
/// room.
pub(super) async fn restore_rooms(hub: &Arc<Hub>) -> Result<(), String> {
    let max_id = hub.store.max_room().await?;
    hub.next_room.fetch_max(max_id + 1, Ordering::Relaxed);
    for saved in hub.store.open_rooms().await? {
        let id = saved.id;
        let restored = saved.entries.and_then(|rows| {
            std::panic::catch_unwind(AssertUnwindSafe(|| restore_room(hub, id, &rows)))
                .unwrap_or_else(|_| Err("the room could not be rebuilt (a panic)".into()))
        });
        match restored {
            Ok(true) => {}
            // Failed or closed: it stays in the database, never restored again.
            Ok(false) => hub.store.close(id),
            Err(e) => eprintln!("room {id}'s journal: {e}; left as it is"),
        }
    }
    Ok(())
}

/// One room from its journal, launched unless it failed or closed (`Ok(false)`: it did).
fn restore_room(hub: &Arc<Hub>, id: RoomId, rows: &[String]) -> Result<bool, String> {
    let entries = rows
        .iter()
        .enumerate()
        .map(|(i, row)| {
            serde_json::from_str::<Entry>(row).map_err(|e| format!("entry {}: {e}", i + 1))
        })
        .collect::<Result<Vec<Entry>, String>>()?;
    match entries.first() {
        Some(Entry::Created { id: said, .. }) if *said != id => {
            return Err(format!("it holds room {said}, not room {id}"));
        }
        None => return Err("it is empty".into()),
        _ => {}
    }
    let mut room = Room::restore(&entries, hub.content.clone(), hub.now())?;
    // A game over whose room was still open comes back for the grace period: its players
    // learn the end (and its record and standings are kept, if the stop came first).
    if !matches!(
        room.status(),
        RoomStatus::Waiting | RoomStatus::Playing | RoomStatus::Over
    ) {
        return Ok(false);
    }
    hub.config.configure(&mut room);
    launch_room(hub, room, &entries, entries.len() as u64);
    Ok(true)
}
