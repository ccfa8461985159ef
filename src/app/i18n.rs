//! Text is data: every string shown to a person comes from the Fluent files under
//! `assets/locales/<code>/*.ftl`. A language is a folder: adding one is adding a folder
//! (the settings screen and `--lang CODE` find it). A key missing from a language falls back
//! to English and is reported once in the log.
//!
//! ```ignore
//! ui.label(tr!(loc, "quit"));
//! ui.label(tr!(loc, "player", n = 4));
//! ```

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Mutex;

use bevy::prelude::*;
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use unic_langid::LanguageIdentifier;

/// The language every other falls back to.
pub const FALLBACK: &str = "en";

type Bundle = FluentBundle<FluentResource>;

/// The interface language in use, with its English fallback.
#[derive(Resource)]
pub struct Locale {
    /// The folder name (`zh-CN`, `en`, …).
    pub code: String,
    bundle: Bundle,
    fallback: Option<Bundle>,
    /// Keys already reported missing (each is reported once).
    reported: Mutex<BTreeSet<String>>,
    /// Problems found while loading (a bad `.ftl` line, a missing folder).
    pub problems: Vec<String>,
}

fn bundle(assets: &Path, code: &str, problems: &mut Vec<String>) -> Result<Bundle, String> {
    let dir = assets.join("locales").join(code);
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ftl"))
        .collect();
    files.sort();
    let id: LanguageIdentifier = code.parse().unwrap_or_default();
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // No Unicode isolation marks around arguments: the font has no glyphs for them.
    bundle.set_use_isolating(false);
    for path in files {
        let text =
            std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let resource = match FluentResource::try_new(text) {
            Ok(r) => r,
            Err((r, errors)) => {
                for e in errors {
                    problems.push(format!("{}: {e:?}", path.display()));
                }
                r
            }
        };
        if let Err(errors) = bundle.add_resource(resource) {
            for e in errors {
                problems.push(format!("{}: {e}", path.display()));
            }
        }
    }
    Ok(bundle)
}

impl Locale {
    /// Loads a language folder and the English fallback from the assets folder.
    pub fn load(assets: &Path, code: &str) -> Result<Locale, String> {
        let mut problems = Vec::new();
        let main = bundle(assets, code, &mut problems)?;
        let fallback = if code == FALLBACK {
            None
        } else {
            match bundle(assets, FALLBACK, &mut problems) {
                Ok(b) => Some(b),
                Err(e) => {
                    problems.push(e);
                    None
                }
            }
        };
        Ok(Locale {
            code: code.to_string(),
            bundle: main,
            fallback,
            reported: Mutex::new(BTreeSet::new()),
            problems,
        })
    }

    /// The language, or English, or (with no locale files at all) an empty locale that
    /// shows message ids: the game always starts.
    pub fn load_or_fallback(assets: &Path, code: &str) -> Locale {
        Locale::load(assets, code)
            .or_else(|e| {
                let mut l = Locale::load(assets, FALLBACK)?;
                l.problems.insert(0, e);
                Ok::<_, String>(l)
            })
            .unwrap_or_else(|e| Locale {
                code: FALLBACK.into(),
                bundle: FluentBundle::new_concurrent(vec![]),
                fallback: None,
                reported: Mutex::new(BTreeSet::new()),
                problems: vec![e],
            })
    }

    /// Whether this language has the key itself (not through the fallback).
    pub fn has(&self, id: &str) -> bool {
        self.bundle.has_message(id)
    }

    /// A message without arguments.
    pub fn t(&self, id: &str) -> String {
        self.format(id, None)
    }

    /// A message with arguments.
    pub fn format(&self, id: &str, args: Option<&FluentArgs>) -> String {
        if let Some(text) = Self::format_in(&self.bundle, id, args) {
            return text;
        }
        if let Ok(mut reported) = self.reported.lock()
            && reported.insert(id.to_string())
        {
            warn!("locale {}: no message `{id}`, using {FALLBACK}", self.code);
        }
        self.fallback
            .as_ref()
            .and_then(|b| Self::format_in(b, id, args))
            .unwrap_or_else(|| id.to_string())
    }

    fn format_in(bundle: &Bundle, id: &str, args: Option<&FluentArgs>) -> Option<String> {
        let (id, attr) = match id.split_once('.') {
            Some((m, a)) => (m, Some(a)),
            None => (id, None),
        };
        let message = bundle.get_message(id)?;
        let pattern = match attr {
            Some(a) => message.get_attribute(a)?.value(),
            None => message.value()?,
        };
        let mut errors = vec![];
        Some(
            bundle
                .format_pattern(pattern, args, &mut errors)
                .into_owned(),
        )
    }

    /// The keys reported missing so far.
    pub fn missing(&self) -> Vec<String> {
        self.reported
            .lock()
            .map(|r| r.iter().cloned().collect())
            .unwrap_or_default()
    }
}

/// Turns a value into a Fluent argument: numbers stay numbers (for plurals), the rest text.
pub trait Arg {
    fn arg(self) -> FluentValue<'static>;
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl Arg for $t {
            fn arg(self) -> FluentValue<'static> {
                FluentValue::from(self as f64)
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i32, i64, f32, f64);

impl Arg for String {
    fn arg(self) -> FluentValue<'static> {
        FluentValue::from(self)
    }
}

impl Arg for &String {
    fn arg(self) -> FluentValue<'static> {
        FluentValue::from(self.clone())
    }
}

impl Arg for &str {
    fn arg(self) -> FluentValue<'static> {
        FluentValue::from(self.to_string())
    }
}

impl Arg for char {
    fn arg(self) -> FluentValue<'static> {
        FluentValue::from(self.to_string())
    }
}

/// `tr!(locale, "id")` or `tr!(locale, "id", name = value, …)`: a message as a `String`.
#[macro_export]
macro_rules! tr {
    ($loc:expr, $id:expr) => {
        $loc.t($id)
    };
    ($loc:expr, $id:expr, $($name:ident = $value:expr),+ $(,)?) => {{
        let mut args = ::fluent_bundle::FluentArgs::new();
        $( args.set(stringify!($name), $crate::app::i18n::Arg::arg($value)); )+
        $loc.format($id, Some(&args))
    }};
}

/// A player's name: "玩家 1" / "Player 1".
pub fn player_name(loc: &Locale, p: u8) -> String {
    tr!(loc, "player", n = p)
}

/// Why a 括号大战 action was refused.
pub fn refusal(loc: &Locale, r: &bw_rules::bracket::game::Refusal) -> String {
    use bw_rules::bracket::game::Refusal as R;
    let at = |a: &bw_rules::bracket::game::At| format!("({},{})", a.row, a.col);
    match r {
        R::GameOver => tr!(loc, "refusal-game-over"),
        R::OffBoard(a) => tr!(loc, "refusal-off-board", at = at(a)),
        R::Occupied(a) => tr!(loc, "refusal-occupied", at = at(a)),
        R::NotCovered(a) => tr!(loc, "refusal-not-covered", at = at(a)),
        R::OthersHome(a, p) => tr!(loc, "refusal-others-home", at = at(a), player = *p),
        R::KindNotAllowed(k) => tr!(loc, "refusal-kind-not-allowed", kind = k.to_string()),
        R::NeedsFacing(k) => tr!(loc, "refusal-needs-facing", kind = k.to_string()),
        R::ShapeHasNoFacing(k) => tr!(loc, "refusal-shape-has-no-facing", kind = k.to_string()),
        R::AdjacentStar(a) => tr!(loc, "refusal-adjacent-star", at = at(a)),
        R::NoOwnPiece(a) => tr!(loc, "refusal-no-own-piece", at = at(a)),
        R::NotInOwnHome(a) => tr!(loc, "refusal-not-in-own-home", at = at(a)),
        R::NoDeletionInStarWar => tr!(loc, "refusal-no-deletion-in-star-war"),
        R::MustPlace => tr!(loc, "refusal-must-place"),
        R::UnknownKind(k) => tr!(loc, "refusal-unknown-kind", kind = k.to_string()),
    }
}

/// Why a save slot is damaged.
pub fn damage(loc: &Locale, d: &crate::saves::Damage) -> String {
    use crate::saves::Damage as D;
    match d {
        D::TooLarge(n) => tr!(loc, "damage-too-large", bytes = *n),
        D::Unreadable(e) => tr!(loc, "damage-unreadable", reason = e),
        D::Checksum => tr!(loc, "damage-checksum"),
        D::NotASave(e) => tr!(loc, "damage-not-a-save", reason = e),
        D::NewerVersion(v) => tr!(loc, "damage-newer-version", version = *v),
        D::Replay(e) => tr!(loc, "damage-replay", reason = e),
        D::MissingKinds(ids) => tr!(loc, "damage-missing-kinds", kinds = ids.join("、")),
    }
}

/// "3 min ago" and the like.
pub fn ago(loc: &Locale, secs_ago: u64) -> String {
    match secs_ago {
        // Seconds would be stale at once (the screen does not redraw every second).
        0..60 => tr!(loc, "ago-now"),
        60..3600 => tr!(loc, "ago-minutes", n = secs_ago / 60),
        3600..86400 => tr!(loc, "ago-hours", n = secs_ago / 3600),
        _ => tr!(loc, "ago-days", n = secs_ago / 86400),
    }
}

/// A 括号大战 kind's stats from the content (mods too), in words: the palette's tooltip and
/// the rules page.
pub fn kind_stats(loc: &Locale, k: &bw_rules::bracket::PieceKind) -> String {
    use bw_rules::bracket::content::Signal;
    let mut lines = vec![
        format!(
            "{}  {}",
            crate::app::fonts::kind_mark(k, &loc.code),
            k.name.get(&loc.code)
        ),
        match (k.hp, k.is_bracket()) {
            (Some(hp), true) => tr!(loc, "stats-hp-bracket", hp = hp.to_string()),
            (Some(hp), false) => tr!(loc, "stats-hp-shape", hp = hp.to_string()),
            (None, _) => tr!(loc, "stats-hp-front-immune"),
        },
        tr!(loc, "stats-attack", attack = k.attack.to_string()),
        match k.signal {
            Signal::None => tr!(loc, "stats-signal-none"),
            Signal::Ray => tr!(loc, "stats-signal-ray"),
            Signal::ELines => tr!(loc, "stats-signal-e-lines"),
            Signal::Flood { steps } => tr!(loc, "stats-signal-flood", steps = steps),
        },
    ];
    if k.front_pass_through {
        lines.push(tr!(loc, "stats-front-pass-through"));
    }
    if k.hit_quarters < 4 {
        lines.push(tr!(
            loc,
            "stats-hit-fraction",
            percent = k.hit_quarters as u32 * 25
        ));
    }
    lines.join("\n")
}
