//! Texture packs found in `assets/packs/<name>/pack.ron`.

use std::path::PathBuf;

/// The assets folder: `$BRACKET_WAR_ASSETS`, else `./assets`, else beside the executable.
pub fn assets_dir() -> PathBuf {
    if let Some(d) = std::env::var_os("BRACKET_WAR_ASSETS") {
        return PathBuf::from(d);
    }
    let here = PathBuf::from("assets");
    if here.is_dir() {
        return here;
    }
    std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(|p| p.join("assets")))
        .unwrap_or(here)
}

/// Names of the packs with a `pack.ron`, `default` first.
pub fn available_packs() -> Vec<String> {
    let mut packs: Vec<String> = std::fs::read_dir(assets_dir().join("packs"))
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("pack.ron").is_file())
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    packs.sort_by_key(|p| (p != "default", p.to_lowercase()));
    if packs.is_empty() {
        packs.push("default".into());
    }
    packs
}
