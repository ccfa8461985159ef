//! The real window played as a person plays it: each test starts `bracket-war-window` on its
//! own Xvfb display and drives it with real X11 input (`xdotool`) at a person's pace — the
//! pointer rests 1.5 s before each click, drags take a second, the wheel turns one notch at
//! a time — then checks what the game wrote (its UI map, saves, log). Every test also fails
//! on a layout breach the window logged (see `src/app/ui_map.rs`).
//!
//! Needs Xvfb, xdotool and ImageMagick (`scripts/deps.sh --test`), so a plain `cargo test`
//! skips it; `scripts/test.sh` runs `cargo test --test play -- --ignored`.

mod bracket;
mod driver;
mod junqi;
mod menus;
mod online;
mod pig;
mod tour;

/// A simple message of a locale file (`key = value` on one line), as the window shows it.
pub fn tr(lang: &str, key: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("assets/locales")
        .join(lang);
    for entry in std::fs::read_dir(&dir).unwrap().flatten() {
        let text = std::fs::read_to_string(entry.path()).unwrap();
        for line in text.lines() {
            if let Some((k, v)) = line.split_once(" = ")
                && k.trim() == key
            {
                return v.trim().to_string();
            }
        }
    }
    panic!("{key} is in {}", dir.display());
}

/// The Chinese text of `key`.
pub fn zh(key: &str) -> String {
    tr("zh-CN", key)
}
