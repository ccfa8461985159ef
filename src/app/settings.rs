//! The user's settings (language, texture pack, window, animations, sound, the 军棋
//! engine, the last game server), kept in `settings.ron` in the save folder and written
//! atomically whenever they change. The settings screen shows them
//! ([`crate::app::screens::settings`]); every screen reads them.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::app::Saves;
use crate::saves::{FileState, read_ron, write_ron};

pub const SETTINGS_FILE: &str = "settings.ron";

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct UserSettings {
    /// A locale folder name (`zh-CN`, `en`, …).
    pub lang: String,
    pub pack: String,
    pub fullscreen: bool,
    pub animations: bool,
    /// Loudness, each from 0 to 1: everything, the effects, the music (an effect plays at
    /// master × effects).
    pub master_volume: f32,
    pub effects_volume: f32,
    pub music_volume: f32,
    /// No sound at all (the volumes are kept).
    pub muted: bool,
    /// The command line of an external 军棋 engine (docs/junqi-engine.md); empty: none.
    pub junqi_engine: String,
    /// Milliseconds an external engine gets a move.
    pub junqi_engine_ms: u64,
    /// The last game server (`HOST:PORT`) and player name used online.
    pub online_server: String,
    pub online_name: String,
    /// The seat token of the last online game this window sat in (to take it back).
    pub online_token: String,
    /// A logged-in account's session token and the server it is for: the next connection
    /// to that server logs in with it. Never the password.
    pub online_session: String,
    pub online_session_server: String,
    /// Seat colours told apart with every kind of colour vision (Okabe–Ito), whatever the
    /// pack's.
    pub colorblind_seats: bool,
    /// Milliseconds a hard computer thinks a move (括号大战 and 军棋), within
    /// [`bw_players::THINKING_MS`].
    pub hard_think_ms: u64,
}

impl Default for UserSettings {
    fn default() -> Self {
        UserSettings {
            lang: "zh-CN".into(),
            pack: "default".into(),
            fullscreen: false,
            animations: true,
            master_volume: 0.8,
            effects_volume: 0.8,
            music_volume: 0.35,
            muted: false,
            junqi_engine: String::new(),
            junqi_engine_ms: 2000,
            online_server: "127.0.0.1:7878".into(),
            online_name: String::new(),
            online_token: String::new(),
            online_session: String::new(),
            online_session_server: String::new(),
            colorblind_seats: false,
            hard_think_ms: bw_players::THINKING.as_millis() as u64,
        }
    }
}

/// The think times Settings offers a hard computer, in milliseconds.
pub const HARD_THINK_CHOICES: [u64; 4] = [300, 1000, 3000, 5000];

impl UserSettings {
    /// How long a hard computer thinks a move: the setting, kept within
    /// [`bw_players::THINKING_MS`] (a hand-edited file cannot make it think for ever).
    pub fn hard_think(&self) -> std::time::Duration {
        let (lo, hi) = bw_players::THINKING_MS.into_inner();
        std::time::Duration::from_millis(self.hard_think_ms.clamp(lo, hi))
    }
}

/// The first settings format named the language `Zh` or `En`.
#[derive(Deserialize)]
#[serde(default)]
struct LegacySettings {
    lang: LegacyLang,
    pack: String,
    fullscreen: bool,
    animations: bool,
}

#[derive(Deserialize, Default)]
enum LegacyLang {
    #[default]
    #[serde(rename = "Zh")]
    Chinese,
    #[serde(rename = "En")]
    English,
}

impl Default for LegacySettings {
    fn default() -> Self {
        let d = UserSettings::default();
        LegacySettings {
            lang: LegacyLang::Chinese,
            pack: d.pack,
            fullscreen: d.fullscreen,
            animations: d.animations,
        }
    }
}

impl UserSettings {
    /// The settings in `dir`: defaults when there are none; defaults and a reason when the
    /// file is damaged.
    pub fn load(dir: &std::path::Path) -> (UserSettings, Option<String>) {
        let path = dir.join(SETTINGS_FILE);
        match read_ron::<UserSettings>(&path) {
            FileState::Missing => (UserSettings::default(), None),
            FileState::Loaded(s) => (s, None),
            FileState::Damaged(reason) => match read_ron::<LegacySettings>(&path) {
                FileState::Loaded(old) => (
                    UserSettings {
                        lang: match old.lang {
                            LegacyLang::Chinese => "zh-CN".into(),
                            LegacyLang::English => "en".into(),
                        },
                        pack: old.pack,
                        fullscreen: old.fullscreen,
                        animations: old.animations,
                        ..UserSettings::default()
                    },
                    None,
                ),
                _ => (UserSettings::default(), Some(reason)),
            },
        }
    }
}

/// Writes the settings whenever they change (atomically, like saves).
pub(crate) fn persist(settings: Res<UserSettings>, saves: Res<Saves>) {
    if settings.is_added() {
        return;
    }
    if let Err(e) = write_ron(&saves.0.dir.join(SETTINGS_FILE), &*settings) {
        warn!("settings not saved: {e}");
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hard_computers_think_time_is_kept_within_its_bounds() {
        let mut s = UserSettings::default();
        assert_eq!(s.hard_think(), bw_players::THINKING);
        s.hard_think_ms = 0;
        assert_eq!(s.hard_think().as_millis(), 100);
        s.hard_think_ms = u64::MAX;
        assert_eq!(s.hard_think().as_millis(), 10_000);
        // Every choice Settings offers is within the bounds, and the default is one.
        assert!(
            HARD_THINK_CHOICES
                .iter()
                .all(|ms| bw_players::THINKING_MS.contains(ms))
        );
        assert!(HARD_THINK_CHOICES.contains(&(bw_players::THINKING.as_millis() as u64)));
    }

    #[test]
    fn a_settings_file_from_before_the_think_time_loads_with_the_default() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join(SETTINGS_FILE),
            "(lang: \"en\", pack: \"JoKing\", colorblind_seats: true)",
        )
        .unwrap();
        let (s, damaged) = UserSettings::load(dir.path());
        assert_eq!(damaged, None);
        assert_eq!((s.lang.as_str(), s.colorblind_seats), ("en", true));
        assert_eq!(s.hard_think_ms, 1000);
    }
}
