//! Rooms' journals: one JSON line per entry, appended, never rewritten; read back at start
//! to restore every room that was waiting or playing.

use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::Ordering;

use bw_online::protocol::{RoomId, RoomStatus};
use bw_online::room::{Entry, Room};

use super::{Hub, launch_room};

pub(super) fn journal_path(hub: &Hub, id: RoomId) -> PathBuf {
    hub.rooms_dir().join(format!("{id}.jsonl"))
}

/// Rebuilds every room whose game is not over from its journal. A journal whose last line
/// was cut short (the server died while writing it) loses that line; a damaged journal —
/// one that does not parse, or whose entries make the room's code panic — is reported and
/// left alone; the other rooms come back. No id of a journal, damaged or not, is given to a
/// new room.
pub(super) fn restore_rooms(hub: &Arc<Hub>) {
    let Ok(dir) = std::fs::read_dir(hub.rooms_dir()) else {
        return;
    };
    let mut max_id = 0;
    for entry in dir.flatten() {
        let path = entry.path();
        if path.extension().and_then(|e| e.to_str()) != Some("jsonl") {
            continue;
        }
        // The file's name is its room's id: taken, whatever the file holds.
        if let Some(id) = path
            .file_stem()
            .and_then(|s| s.to_str())
            .and_then(|s| s.parse::<RoomId>().ok())
        {
            max_id = max_id.max(id);
        }
        let restored = std::panic::catch_unwind(AssertUnwindSafe(|| restore_room(hub, &path)));
        match restored {
            Ok(Ok(())) => {}
            Ok(Err(e)) => eprintln!("room journal {}: {e}; left as it is", path.display()),
            Err(_) => eprintln!(
                "room journal {}: the room could not be rebuilt (a panic); left as it is",
                path.display()
            ),
        }
    }
    hub.next_room.fetch_max(max_id + 1, Ordering::Relaxed);
}

/// One room from its journal, launched if its game is not over.
fn restore_room(hub: &Arc<Hub>, path: &Path) -> Result<(), String> {
    let (entries, valid_len) = read_journal(path)?;
    let named = path.file_stem().and_then(|s| s.to_str()).unwrap_or("");
    if let Some(Entry::Created { id, .. }) = entries.first()
        && id.to_string() != named
    {
        return Err(format!("it holds room {id}, not room {named}"));
    }
    let mut room = Room::restore(&entries, hub.content.clone(), hub.now())?;
    if matches!(room.status(), RoomStatus::Waiting | RoomStatus::Playing) {
        room.grace_ms = hub.config.grace.as_millis() as u64;
        // Drop a torn last line before appending after it.
        if let Ok(f) = std::fs::OpenOptions::new().write(true).open(path) {
            let _ = f.set_len(valid_len);
        }
        launch_room(hub, room, &entries);
    }
    Ok(())
}

/// The journal's entries, and the length of its valid part.
pub(super) fn read_journal(path: &Path) -> Result<(Vec<Entry>, u64), String> {
    let text = std::fs::read(path).map_err(|e| e.to_string())?;
    let mut entries = Vec::new();
    let mut valid = 0usize;
    let mut rest = &text[..];
    let mut line_no = 0;
    while !rest.is_empty() {
        line_no += 1;
        let Some(end) = rest.iter().position(|&b| b == b'\n') else {
            break; // a last line cut short: dropped
        };
        let line = &rest[..end];
        let entry: Entry = std::str::from_utf8(line)
            .map_err(|e| e.to_string())
            .and_then(|l| serde_json::from_str(l).map_err(|e| e.to_string()))
            .map_err(|e| format!("line {line_no}: {e}"))?;
        entries.push(entry);
        valid += end + 1;
        rest = &rest[end + 1..];
    }
    Ok((entries, valid as u64))
}

/// A journal holds the seats' tokens: on Unix, only the server's user may read it.
fn private(options: &mut std::fs::OpenOptions) -> &mut std::fs::OpenOptions {
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(options, 0o600);
    options
}

/// Starts a new room's journal: a file that already exists is never appended to (its id
/// belongs to another room, even one whose journal could not be read).
pub(super) fn start_journal(hub: &Hub, id: RoomId, entries: &[Entry]) -> std::io::Result<()> {
    std::fs::create_dir_all(hub.rooms_dir())?;
    let file = private(std::fs::OpenOptions::new().write(true).create_new(true))
        .open(journal_path(hub, id))?;
    Journal { file, full: false }.append(entries)
}

/// A room's journal: one JSON line per [`Entry`], appended, never rewritten.
pub(super) struct Journal {
    file: std::fs::File,
    /// Test builds' fault: every write fails as on a full disk.
    pub(super) full: bool,
}

impl Journal {
    pub(super) fn open(hub: &Hub, id: RoomId) -> std::io::Result<Journal> {
        private(std::fs::OpenOptions::new().create(true).append(true))
            .open(journal_path(hub, id))
            .map(|file| Journal { file, full: false })
    }

    /// Appends the entries, all or none: a write that fails (a full disk) is cut back to
    /// where the file ended, so no half line is left for later lines to be glued onto.
    pub(super) fn append(&mut self, entries: &[Entry]) -> std::io::Result<()> {
        if entries.is_empty() {
            return Ok(());
        }
        let mut text = String::new();
        for e in entries {
            text.push_str(&serde_json::to_string(e).map_err(std::io::Error::other)?);
            text.push('\n');
        }
        let before = self.file.metadata()?.len();
        let written = if self.full {
            Err(std::io::Error::from(std::io::ErrorKind::StorageFull))
        } else {
            // One write per call: a crash leaves at most a torn last line, which restoring
            // drops. The page cache keeps what a killed process wrote; a power cut may lose
            // the last lines (no fsync per move).
            self.file.write_all(text.as_bytes())
        };
        if written.is_err() {
            let _ = self.file.set_len(before);
        }
        written
    }
}
