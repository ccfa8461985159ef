//! The main menu and the settings, every button clicked after the pointer rested on it.

use crate::driver::Game;
use crate::{tr, zh};

/// Each main-menu entry opens its screen and 返回 comes back, every click after a 1.5 s
/// rest (a rest of 1 s or more used to lose the click).
#[test]
#[ignore = "needs Xvfb and xdotool: scripts/test.sh runs it"]
fn every_main_menu_button_opens_its_screen_after_a_rest() {
    let mut g = Game::start("menu-buttons");
    for (key, state) in [
        ("bracket-war", "Screen::Bracket"),
        ("star-war", "Screen::Bracket"),
        ("junqi", "Screen::Junqi"),
        ("pig-kill", "Screen::Pig"),
        ("online", "Screen::Online"),
        ("rules", "Screen::Rules"),
        ("settings", "Screen::Settings"),
    ] {
        g.click(&zh(key));
        let m = g.wait(&format!("{key} opens {state}"), |m| m.in_state(state));
        if key == "rules" {
            // 括号大战's tab lists every kind loaded, with its numbers from the content.
            assert!(m.has(&zh("rules-kinds")), "the kinds' heading");
            assert!(
                m.containing("尖括号").is_some() && m.containing("攻击 1.5").is_some(),
                "尖括号, and 大括号's attack"
            );
        }
        g.screenshot(key);
        // Esc goes back from some of these screens; where it does not, 返回 does. (A map
        // read at once could be older than the key and send a click to the menu.)
        g.key("Escape");
        if g.within(2, |m| m.in_state("Screen::Menu")).is_none() {
            g.click(&zh("back"));
        }
        g.wait("the menu again", |m| m.in_state("Screen::Menu"));
    }
    g.finish();
}

/// A window that opens without focus shows the main menu before any input. Its first
/// frames are drawn before the window is on screen; it used to sleep in the unfocused
/// reactive mode and stay black until the pointer crossed it.
#[test]
#[ignore = "needs Xvfb and xdotool: scripts/test.sh runs it"]
fn the_menu_shows_without_input_in_a_window_without_focus() {
    let mut g = Game::start_unfocused("menu-unfocused");
    g.wait("the main menu", |m| m.in_state("Screen::Menu"));
    std::thread::sleep(std::time::Duration::from_secs(4));
    // The menu's grey background alone is about 0.1; black is 0.
    let mean = g.brightness("unfocused");
    if mean < 0.05 {
        g.fail(&format!(
            "the window is black without input (mean {mean:.3})"
        ));
    }
    g.finish();
}

/// Settings: the language, the pack, the animations and mute change on one click each and
/// are written to the settings file; 返回 returns.
#[test]
#[ignore = "needs Xvfb and xdotool: scripts/test.sh runs it"]
fn every_settings_button_takes_one_click() {
    let mut g = Game::start("settings-buttons");
    g.click(&zh("settings"));
    g.wait("the settings", |m| m.in_state("Screen::Settings"));
    // The language: Chinese → English, the screen follows at once.
    g.click(&zh("language-name"));
    g.wait("English", |m| m.has(&tr("en", "back")));
    g.click(&tr("en", "language-name"));
    g.wait("Chinese again", |m| m.has(&zh("back")));
    // The pack: default → JoKing → default.
    g.click("default");
    g.wait("the JoKing pack", |m| m.has("JoKing"));
    g.click("JoKing");
    g.wait("the default pack", |m| m.has("default"));
    // Animations off and on.
    g.click(&zh("on"));
    g.wait("animations off", |m| m.has(&zh("off")));
    g.click(&zh("off"));
    g.wait("animations on", |m| m.has(&zh("on")));
    // Mute, then not.
    let mute = zh("settings-mute");
    g.click(&mute);
    g.wait("muted (sliders disabled)", |m| {
        m.widgets.iter().any(|w| w.role == "Slider" && !w.enabled)
    });
    g.click(&mute);
    g.wait("not muted", |m| {
        m.widgets
            .iter()
            .filter(|w| w.role == "Slider")
            .all(|w| w.enabled)
    });
    // Seat colours: the pack's, or the colour-blind-safe ones; a right click steps too.
    g.click(&zh("settings-seat-colors-pack"));
    g.wait("colour-blind-safe seats", |m| {
        m.has(&zh("settings-seat-colors-colorblind"))
    });
    let (x, y) = g.widget(&zh("settings-seat-colors-colorblind")).center();
    g.click_at(x, y, 3);
    g.wait("the pack's seat colours again", |m| {
        m.has(&zh("settings-seat-colors-pack"))
    });
    // The hard computer's time a move: 1 s by default, a click → 3 s, a right click back.
    let seconds = |s: &str| zh("settings-seconds").replace("{ $seconds }", s);
    g.click(&seconds("1.0"));
    g.wait("3 s a move", |m| m.has(&seconds("3.0")));
    let (x, y) = g.widget(&seconds("3.0")).center();
    g.click_at(x, y, 3);
    g.wait("1 s a move again", |m| m.has(&seconds("1.0")));
    g.click(&seconds("1.0"));
    g.wait("3 s a move, kept", |m| m.has(&seconds("3.0")));
    // The mods: none here, and where they go.
    assert!(
        g.map().has(&zh("settings-mods-none")),
        "the mods section says where mods go"
    );
    g.click(&zh("back"));
    g.wait("the menu", |m| m.in_state("Screen::Menu"));
    let settings = std::fs::read_dir(&g.saves)
        .unwrap()
        .flatten()
        .find(|e| e.file_name().to_string_lossy().contains("settings"))
        .map(|e| std::fs::read_to_string(e.path()).unwrap())
        .expect("the settings were written");
    assert!(settings.contains("zh-CN"), "{settings}");
    assert!(settings.contains("hard_think_ms: 3000"), "{settings}");
    g.finish();
}

/// Mods given with `--mods`: the settings screen lists the kind each one added and each
/// file refused, with its file, line and field — the game started with the rest.
#[test]
#[ignore = "needs Xvfb and xdotool: scripts/test.sh runs it"]
fn the_settings_list_the_mods_loaded_and_refused() {
    let mods = tempfile::tempdir().unwrap();
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mods");
    std::fs::copy(
        here.join("good/double_angle.ron"),
        mods.path().join("double_angle.ron"),
    )
    .unwrap();
    std::fs::copy(here.join("bad/broken.ron"), mods.path().join("broken.ron")).unwrap();
    for file in ["pictured.ron", "tortoise_shell.png"] {
        std::fs::copy(here.join("pictured").join(file), mods.path().join(file)).unwrap();
    }
    let dir = mods.path().to_str().unwrap();
    let mut g = Game::start_with("settings-mods", (1280, 800), &["--mods", dir], None);
    g.click(&zh("settings"));
    let m = g.wait("the settings", |m| m.in_state("Screen::Settings"));
    let loaded = m
        .containing("书名号")
        .unwrap_or_else(|| panic!("the mod's kind is listed"));
    assert!(loaded.text.contains("double_angle.ron"), "{}", loaded.text);
    let refused = m
        .containing("broken.ron")
        .unwrap_or_else(|| panic!("the refused file is listed"));
    assert!(
        refused.text.contains("broken.ron:") && !refused.text.contains("Raw"),
        "file and line, in a modder's words: {}",
        refused.text
    );
    // The picture a mod names, and a glyph the font lacks (drawn as the name's first
    // character), each said under its kind.
    assert!(m.containing("图片：tortoise_shell.png").is_some());
    let missing = m
        .containing("U+A66E")
        .unwrap_or_else(|| panic!("the missing glyph is named"));
    assert!(missing.text.contains("“眼”"), "{}", missing.text);
    g.screenshot("mods");
    g.finish();
}
