//! Finding and loading the content folder (built-in RON plus mods).

use std::path::{Path, PathBuf};

use bw_rules::bracket::content::{ContentReport, KindTable};

/// The content folder: `$BRACKET_WAR_CONTENT`, else `./content`, else `content/` beside the
/// executable. `None` when none exists (the compiled-in built-ins are used).
pub fn content_dir() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("BRACKET_WAR_CONTENT") {
        return Some(PathBuf::from(dir));
    }
    let here = PathBuf::from("content");
    if here.is_dir() {
        return Some(here);
    }
    let exe = std::env::current_exe().ok()?;
    let beside = exe.parent()?.join("content");
    beside.is_dir().then_some(beside)
}

/// Loads the piece kinds: built-ins, `content/mods/*.ron`, then `extra_mods`. Refused mod
/// files are reported on stderr and skipped; the valid content always loads.
pub fn load_kinds(extra_mods: Option<&Path>) -> KindTable {
    let extra: Vec<PathBuf> = extra_mods.map(Path::to_path_buf).into_iter().collect();
    let report = match content_dir() {
        Some(dir) => KindTable::load(&dir, &extra),
        None => KindTable::load(Path::new("/nonexistent-bracket-war-content"), &extra),
    };
    warn_refused(&report);
    report.table
}

fn warn_refused(report: &ContentReport) {
    for e in &report.errors {
        eprintln!("warning: content file refused: {e}");
    }
}
