//! Text is data: every key of English exists in every shipped language, every message the
//! code asks for exists in English, a new language is a new folder, a missing key falls
//! back to English, and `--lang` refuses an unknown code in one line.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bracket_war::app::i18n::Locale;
use bracket_war::app::{AppOptions, add_game};
use bw_rules::bracket::KindTable;

fn assets() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("assets")
}

/// The message ids a `.ftl` file defines.
fn keys(path: &Path) -> BTreeSet<String> {
    std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| l.chars().next().is_some_and(|c| c.is_ascii_lowercase()))
        .filter_map(|l| l.split_once(" =").map(|(k, _)| k.trim().to_string()))
        .collect()
}

fn locale_files(code: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(assets().join("locales").join(code))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    v.sort();
    v
}

fn all_keys(code: &str) -> BTreeSet<String> {
    locale_files(code).iter().flat_map(|p| keys(p)).collect()
}

#[test]
fn every_shipped_language_has_every_english_key() {
    let en = all_keys("en");
    assert!(en.len() > 150, "English has {} keys", en.len());
    for code in bw_files::locales_in(&assets()) {
        let missing: Vec<_> = en.difference(&all_keys(&code)).cloned().collect();
        assert!(missing.is_empty(), "{code} lacks {missing:?}");
        // Each loads without a syntax problem.
        let loc = Locale::load(&assets(), &code).unwrap();
        assert!(loc.problems.is_empty(), "{code}: {:?}", loc.problems);
    }
}

/// Every string literal in the app that has the shape of a message id (`word-word…`) is a
/// key of English: a typo in a key would otherwise show the key itself.
#[test]
fn every_message_the_code_asks_for_exists_in_english() {
    let en = all_keys("en");
    let mut missing = BTreeSet::new();
    let mut stack = vec![Path::new(env!("CARGO_MANIFEST_DIR")).join("src/app")];
    while let Some(dir) = stack.pop() {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
                continue;
            }
            let text = std::fs::read_to_string(&p).unwrap();
            for (i, part) in text.split('"').enumerate() {
                let id_shaped = i % 2 == 1
                    && part.contains('-')
                    && !part.starts_with('-')
                    && !part.ends_with('-')
                    && part
                        .chars()
                        .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-');
                if id_shaped && !en.contains(part) {
                    missing.insert(format!("{part} ({})", p.display()));
                }
            }
        }
    }
    assert!(missing.is_empty(), "not in English: {missing:?}");
}

#[test]
fn a_new_language_is_a_new_folder_and_a_missing_key_falls_back_to_english() {
    let tmp = tempfile::tempdir().unwrap();
    let new = tmp.path().join("locales/xx");
    std::fs::create_dir_all(&new).unwrap();
    std::fs::create_dir_all(tmp.path().join("locales/en")).unwrap();
    for f in locale_files("en") {
        let name = f.file_name().unwrap();
        std::fs::copy(&f, tmp.path().join("locales/en").join(name)).unwrap();
        // The copy lacks one key, to show the fallback.
        let text = std::fs::read_to_string(&f)
            .unwrap()
            .lines()
            .filter(|l| !l.starts_with("pause ="))
            .map(|l| format!("{l}\n"))
            .collect::<String>()
            .replace("language-name = English", "language-name = Xx");
        std::fs::write(new.join(name), text).unwrap();
    }
    assert_eq!(bw_files::locales_in(tmp.path()), ["en", "xx"]);
    assert_eq!(bw_files::locale_code(tmp.path(), "xx").unwrap(), "xx");

    // The app starts in it.
    let saves = tempfile::tempdir().unwrap();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin, bevy::input::InputPlugin));
    let options = AppOptions {
        saves: saves.path().to_path_buf(),
        lang: Some("xx".into()),
        assets: Some(tmp.path().to_path_buf()),
        ..Default::default()
    };
    add_game(&mut app, options, Arc::new(KindTable::builtin()), false);
    app.update();
    let loc = app.world().resource::<Locale>();
    assert_eq!(loc.code, "xx");
    assert_eq!(loc.t("language-name"), "Xx");
    assert_eq!(bracket_war::tr!(loc, "player", n = 3), "Player 3");
    // The missing key: English, reported once.
    assert!(!loc.has("pause"));
    assert_eq!(loc.t("pause"), "Pause");
    assert_eq!(loc.t("pause"), "Pause");
    assert_eq!(loc.missing(), ["pause"]);
}

#[test]
fn plurals_and_variables_in_both_shipped_languages() {
    let en = Locale::load(&assets(), "en").unwrap();
    let zh = Locale::load(&assets(), "zh-CN").unwrap();
    assert_eq!(
        bracket_war::tr!(en, "pig-hand-hidden", n = 1),
        "one card, face down"
    );
    assert_eq!(
        bracket_war::tr!(en, "pig-hand-hidden", n = 4),
        "4 cards, face down"
    );
    assert_eq!(bracket_war::tr!(zh, "pig-hand-hidden", n = 4), "4 张暗牌");
    assert_eq!(
        bracket_war::tr!(zh, "refusal-not-covered", at = "(5,5)"),
        "(5,5) 不在你的信号覆盖区域内"
    );
}

#[test]
fn an_unknown_language_is_refused_in_one_line() {
    let out = common::bin().args(["--lang", "xx-nope"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("unknown language `xx-nope`") && err.contains("zh-CN"),
        "{err}"
    );
}

/// The rules page has every game in every shipped language, section for section, and the
/// menu leads to it.
#[test]
fn every_game_has_its_rules_in_every_language() {
    use bracket_war::app::screens::rules::{GAMES, sections};
    let en = Locale::load(&assets(), "en").unwrap();
    let zh = Locale::load(&assets(), "zh-CN").unwrap();
    for (game, _) in GAMES {
        let (e, z) = (sections(&en, game), sections(&zh, game));
        assert!(e.len() >= 2, "{game}: {} sections in English", e.len());
        assert_eq!(
            e.len(),
            z.len(),
            "{game}: as many sections in both languages"
        );
        for (title, text) in e.iter().chain(&z) {
            assert!(!title.is_empty() && !title.starts_with("rules-"), "{title}");
            assert!(
                text.len() > 40,
                "{game}: a section with hardly any text: {text}"
            );
        }
    }
    let (mut app, _saves) = crate::headless_game();
    app.world_mut()
        .resource_mut::<NextState<bracket_war::app::Screen>>()
        .set(bracket_war::app::Screen::Rules);
    app.update();
    assert_eq!(
        *app.world()
            .resource::<State<bracket_war::app::Screen>>()
            .get(),
        bracket_war::app::Screen::Rules
    );
}

/// The rules page tells each game's own rules: the 军棋 tab says nothing of 括号大战 (its
/// note on content numbers is on 括号大战's tab only), and the mine rule reads right for the
/// standard set of three mines.
#[test]
fn the_junqi_rules_tab_is_about_junqi_only() {
    use bracket_war::app::screens::rules::sections;
    for code in ["zh-CN", "en"] {
        let loc = Locale::load(&assets(), code).unwrap();
        let junqi: String = sections(&loc, "junqi")
            .into_iter()
            .map(|(t, x)| t + &x)
            .collect();
        for foreign in ["括号", "bracket", "Bracket", "palette", "棋子栏"] {
            assert!(
                !junqi.contains(foreign),
                "{code}: {foreign:?} in 军棋's rules"
            );
        }
        assert!(!loc.has("rules-junqi-hint"), "{code}: a hint under 军棋");
        assert!(loc.has("rules-bracket-hint"));
        let deploy = loc.t("rules-junqi-2");
        assert!(
            !deploy.contains("至少有五个（或全部）")
                && !deploy.contains("at least five landmines (or all"),
            "{code}: {deploy}"
        );
    }
}
