//! Named layouts in the save folder (`junqi_layouts/<name>.ron`, written atomically), in
//! arm coordinates so that a layout fits any seat. Only layouts that fit the player's hand
//! (and the rules) are offered.

use std::path::{Path, PathBuf};

use bw_rules::junqi::setup::{Layout, SavedLayout};
use bw_rules::junqi::{Junqi, PlayerId};

pub const LAYOUTS_DIR: &str = "junqi_layouts";

fn folder(saves: &Path) -> PathBuf {
    saves.join(LAYOUTS_DIR)
}

/// A layout name as a file name: letters, digits, CJK, `-` and `_`; at most 40 characters.
pub fn clean_name(name: &str) -> Option<String> {
    let name: String = name
        .trim()
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == '-' || *c == '_' || *c == ' ')
        .take(40)
        .collect();
    let name = name.trim().to_string();
    (!name.is_empty()).then_some(name)
}

/// Keeps `layout` under `name`.
pub fn save(saves: &Path, name: &str, game: &Junqi, layout: &Layout) -> Result<(), String> {
    let name = clean_name(name).ok_or("a layout needs a name")?;
    let text = SavedLayout::of(&game.board, &game.set, layout).to_ron();
    bw_files::write_atomic(&folder(saves).join(format!("{name}.ron")), text)
        .map_err(|e| e.to_string())
}

/// The saved layout `name` for player `p`, if it fits their hand and the rules.
pub fn load(saves: &Path, name: &str, game: &Junqi, p: PlayerId) -> Result<Layout, String> {
    let path = folder(saves).join(format!("{name}.ron"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    let pl = &game.players[p];
    SavedLayout::load(
        &text,
        &game.rules,
        &game.board,
        &game.set,
        pl.seat,
        &pl.hand,
    )
}

/// The names of the saved layouts that fit player `p`, sorted.
pub fn fitting(saves: &Path, game: &Junqi, p: PlayerId) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder(saves))
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let path = e.path();
            (path.extension()? == "ron").then(|| path.file_stem()?.to_str().map(String::from))?
        })
        .filter(|name| load(saves, name, game, p).is_ok())
        .collect();
    names.sort();
    names
}
