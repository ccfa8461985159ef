//! Named layouts in the save folder (`junqi_layouts/<name>.ron`, written atomically), in
//! arm coordinates so that a layout fits any seat. Only layouts that fit the player's hand
//! (and the rules) are offered.

use std::path::{Path, PathBuf};

use bw_rules::junqi::setup::{Layout, SavedLayout};
use bw_rules::junqi::{Board, Junqi, PieceKindId, PieceSet, PlayerId, Rules};

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

/// The army a layout is for: the rules, the board, the piece set, the seat and its hand.
/// Built from a game at one computer ([`Army::of`]) or from an online seat's view.
#[derive(Clone, Copy)]
pub struct Army<'a> {
    pub rules: &'a Rules,
    pub board: &'a Board,
    pub set: &'a PieceSet,
    pub seat: char,
    pub hand: &'a [PieceKindId],
}

impl<'a> Army<'a> {
    /// Player `p`'s army in a game.
    pub fn of(game: &'a Junqi, p: PlayerId) -> Self {
        let pl = &game.players[p];
        Army {
            rules: &game.rules,
            board: &game.board,
            set: &game.set,
            seat: pl.seat,
            hand: &pl.hand,
        }
    }
}

/// Keeps `layout` under `name`.
pub fn save(saves: &Path, name: &str, army: Army, layout: &Layout) -> Result<(), String> {
    let name = clean_name(name).ok_or("a layout needs a name")?;
    let text = SavedLayout::of(army.board, army.set, layout).to_ron();
    bw_files::write_atomic(&folder(saves).join(format!("{name}.ron")), text)
        .map_err(|e| e.to_string())
}

/// The saved layout `name` for this army, if it fits its hand and the rules.
pub fn load(saves: &Path, name: &str, army: Army) -> Result<Layout, String> {
    let path = folder(saves).join(format!("{name}.ron"));
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    SavedLayout::load(
        &text, army.rules, army.board, army.set, army.seat, army.hand,
    )
}

/// The names of the saved layouts that fit this army, sorted.
pub fn fitting(saves: &Path, army: Army) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder(saves))
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .filter_map(|e| {
            let path = e.path();
            (path.extension()? == "ron").then(|| path.file_stem()?.to_str().map(String::from))?
        })
        .filter(|name| load(saves, name, army).is_ok())
        .collect();
    names.sort();
    names
}
