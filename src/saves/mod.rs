//! Save slots: one RON file per slot, with a format version and a checksum, written to a
//! temporary file and renamed into place, the previous save kept as a backup. A damaged
//! slot is reported as damaged and never affects another slot; old versions are migrated.
//!
//! One [`Slot`] type serves every game: a [`SlotFile`] (括号大战's [`SaveData`], 军棋's
//! [`JunqiSave`], 猪国杀's record) says its file names and how it is checked. A save holds
//! the settings, the seed and the actions; the game is rebuilt by replaying them, so a save
//! is small and cannot disagree with the rules.

use std::fs;
use std::path::{Path, PathBuf};

pub use bw_players::junqi::Seat as JunqiSeat;
use bw_rules::bracket::game::{Action, Game, Settings};
use bw_rules::bracket::{Dir, KindTable};
use bw_rules::junqi::Junqi;
use bw_rules::junqi::PieceSet;
pub use bw_rules::junqi::record::Record as JunqiRecord;
use bw_rules::pig::record::{PIG_RECORD_VERSION, PigRecord};
use serde::{Deserialize, Serialize};

pub const SAVE_VERSION: u32 = 2;
pub const SLOT_COUNT: usize = 8;
/// Larger files are refused unread.
pub const MAX_SAVE_BYTES: u64 = 1 << 20;
const CHECKSUM_PREFIX: &str = "// checksum ";

/// Random 猪国杀 decks can make endless games: the app stops them after this many turns as
/// "no result" (judge mode has its own, larger cap).
pub const PIG_TURN_CAP: u64 = 10_000;

/// A settings-like file (RON, no checksum): missing, loaded, or damaged with a reason.
#[derive(Clone, Debug, PartialEq)]
pub enum FileState<T> {
    Missing,
    Loaded(T),
    Damaged(String),
}

/// Reads a RON file of the player's (settings, a table setup, a layout).
pub fn read_ron<T: serde::de::DeserializeOwned>(path: &Path) -> FileState<T> {
    match fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return FileState::Missing,
        Err(e) => return FileState::Damaged(e.to_string()),
        Ok(m) if m.len() > MAX_SAVE_BYTES => {
            return FileState::Damaged(Damage::TooLarge(m.len()).to_string());
        }
        Ok(_) => {}
    }
    match fs::read_to_string(path) {
        Err(e) => FileState::Damaged(e.to_string()),
        Ok(text) => match ron::from_str(&text) {
            Ok(v) => FileState::Loaded(v),
            Err(e) => FileState::Damaged(e.to_string()),
        },
    }
}

/// Writes a RON file of the player's, atomically.
pub fn write_ron<T: Serialize>(path: &Path, value: &T) -> std::io::Result<()> {
    let text = ron::ser::to_string_pretty(value, ron::ser::PrettyConfig::default())
        .map_err(std::io::Error::other)?;
    bw_files::write_atomic(path, text)
}

/// An action as saved: kinds by id (the rules crate's record form, shared with the server).
pub use bw_rules::bracket::record::RecordedAction as SavedAction;

/// Everything a save holds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SaveData {
    pub version: u32,
    pub settings: Settings,
    pub seed: u64,
    pub seats: Vec<bw_players::bracket::Seat>,
    pub coverage_hint: bool,
    pub actions: Vec<SavedAction>,
    /// Seconds since the Unix epoch.
    pub last_played: u64,
}

/// Version 1 (the first format): no seats, no hint, kinds by glyph.
#[derive(Deserialize)]
struct SaveV1 {
    settings: Settings,
    seed: u64,
    actions: Vec<SavedActionV1>,
    last_played: u64,
}

#[derive(Deserialize)]
enum SavedActionV1 {
    Place {
        row: u8,
        col: u8,
        glyph: char,
        facing: Option<Dir>,
    },
    Delete {
        row: u8,
        col: u8,
    },
    Pass,
    Surrender,
}

impl SaveData {
    pub fn new(
        settings: Settings,
        seed: u64,
        seats: Vec<bw_players::bracket::Seat>,
        coverage_hint: bool,
    ) -> SaveData {
        SaveData {
            version: SAVE_VERSION,
            settings,
            seed,
            seats,
            coverage_hint,
            actions: vec![],
            last_played: now(),
        }
    }

    /// Rebuilds the game by replaying the actions.
    pub fn replay(&self, kinds: &KindTable) -> Result<Game, String> {
        self.settings.board.validate()?;
        let actions: Vec<Action> = self
            .actions
            .iter()
            .map(|a| a.action(kinds))
            .collect::<Result<_, _>>()?;
        Game::replay(self.settings.clone(), self.seed, &actions, kinds)
            .map_err(|(i, e)| format!("action {} no longer replays: {e}", i + 1))
    }
}

pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs())
        .unwrap_or(0)
}

/// FNV-1a, 64 bits: a checksum against truncation and hand edits (not a secret).
fn checksum(body: &str) -> u64 {
    bw_rules::rng::fnv1a(body.as_bytes())
}

/// The file text: the checksum line, then the RON body.
pub fn encode(data: &SaveData) -> String {
    encode_ron(data)
}

/// Any save file: the checksum line, then the RON body.
pub fn encode_ron<T: Serialize>(data: &T) -> String {
    let body = ron::ser::to_string_pretty(data, ron::ser::PrettyConfig::default())
        .expect("a save serializes");
    format!(
        "{CHECKSUM_PREFIX}{:016x}\n{body}\n",
        checksum(&format!("{body}\n"))
    )
}

/// The RON body of a save file whose checksum matches.
pub fn checked_body(text: &str) -> Result<&str, Damage> {
    let (first, body) = text.split_once('\n').ok_or(Damage::Checksum)?;
    let sum = first
        .strip_prefix(CHECKSUM_PREFIX)
        .ok_or(Damage::Checksum)?;
    if u64::from_str_radix(sum.trim(), 16).ok() != Some(checksum(body)) {
        return Err(Damage::Checksum);
    }
    Ok(body)
}

/// A save file's text; `None` if there is no file. Too large or unreadable is damage.
fn read_text(path: &Path) -> Result<Option<String>, Damage> {
    let meta = match fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(Damage::Unreadable(e.to_string())),
    };
    if meta.len() > MAX_SAVE_BYTES {
        return Err(Damage::TooLarge(meta.len()));
    }
    let bytes = fs::read(path).map_err(|e| Damage::Unreadable(e.to_string()))?;
    String::from_utf8(bytes)
        .map(Some)
        .map_err(|_| Damage::Checksum)
}

/// Why a slot cannot be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    TooLarge(u64),
    Unreadable(String),
    Checksum,
    NotASave(String),
    NewerVersion(u32),
    Replay(String),
    /// The save uses piece kinds that no loaded file defines (a mod not installed, or one
    /// refused): the save is fine and is kept as it is until they are back.
    MissingKinds(Vec<String>),
}

impl std::fmt::Display for Damage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Damage::TooLarge(n) => write!(f, "the file is {n} bytes, more than a save can be"),
            Damage::Unreadable(e) => write!(f, "the file cannot be read: {e}"),
            Damage::Checksum => write!(f, "the checksum does not match (truncated or edited)"),
            Damage::NotASave(e) => write!(f, "not a save: {e}"),
            Damage::NewerVersion(v) => {
                write!(f, "saved by a newer version of the game (format {v})")
            }
            Damage::Replay(e) => write!(f, "{e}"),
            Damage::MissingKinds(ids) => {
                write!(
                    f,
                    "needs piece kinds that are not loaded: {}",
                    ids.join(", ")
                )
            }
        }
    }
}

/// Reads a save's text: checksum, then the version (older versions are migrated).
pub fn decode(text: &str, kinds: &KindTable) -> Result<SaveData, Damage> {
    decode_body(checked_body(text)?, kinds)
}

/// Reads a save's RON body whose checksum matched (older versions are migrated).
fn decode_body(body: &str, kinds: &KindTable) -> Result<SaveData, Damage> {
    // The current format names its version; the first format had none.
    let data = match ron::from_str::<SaveData>(body) {
        Ok(d) if d.version > SAVE_VERSION => return Err(Damage::NewerVersion(d.version)),
        Ok(d) if d.version == SAVE_VERSION => d,
        Ok(d) => return Err(Damage::NotASave(format!("unknown format {}", d.version))),
        Err(current) => migrate_v1(body, kinds).map_err(|e| match e {
            Damage::NotASave(_) => Damage::NotASave(current.to_string()),
            other => other,
        })?,
    };
    Ok(data)
}

fn migrate_v1(body: &str, kinds: &KindTable) -> Result<SaveData, Damage> {
    let old: SaveV1 = ron::from_str(body).map_err(|e| Damage::NotASave(e.to_string()))?;
    let actions = old
        .actions
        .into_iter()
        .map(|a| {
            Ok(match a {
                SavedActionV1::Place {
                    row,
                    col,
                    glyph,
                    facing,
                } => SavedAction::Place {
                    row,
                    col,
                    kind: kinds
                        .by_glyph(glyph)
                        .map(|k| kinds.get(k).id.clone())
                        .ok_or_else(|| Damage::Replay(format!("unknown piece `{glyph}`")))?,
                    facing,
                },
                SavedActionV1::Delete { row, col } => SavedAction::Delete { row, col },
                SavedActionV1::Pass => SavedAction::Pass,
                SavedActionV1::Surrender => SavedAction::Surrender,
            })
        })
        .collect::<Result<_, Damage>>()?;
    let players = old.settings.board.players as usize;
    Ok(SaveData {
        version: SAVE_VERSION,
        settings: old.settings,
        seed: old.seed,
        seats: vec![bw_players::bracket::Seat::Person; players],
        coverage_hint: true,
        actions,
        last_played: old.last_played,
    })
}

/// A 军棋 game as its slot holds it: the record (rules, seats, hands, layouts, every
/// action), who plays each seat, and the seed that dealt it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JunqiSave {
    pub version: u32,
    pub record: JunqiRecord,
    pub seats: Vec<JunqiSeat>,
    pub seed: u64,
    /// The deployment and move timers the game was started with.
    #[serde(default)]
    pub timers: JunqiTimers,
    /// The finished game's scores were added to the profiles.
    #[serde(default)]
    pub scored: bool,
    /// Seconds since the Unix epoch.
    pub last_played: u64,
    /// A game played online (kept from the room at its end).
    #[serde(default)]
    pub online: bool,
    /// Each person's marks (标记) on face-down enemy pieces, as the position stands.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub marks: Vec<JunqiMark>,
}

/// A mark: the seat it is for, the node of the marked piece, and the guess (a piece id of
/// the set, or `?`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JunqiMark {
    pub seat: usize,
    pub node: String,
    pub guess: String,
}

/// 军棋 timers, in seconds (`None`: off).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JunqiTimers {
    /// Deployment: when it runs out, the automatic layout marches out (default 120 s).
    pub deploy: Option<u32>,
    /// Each move: when it runs out, the turn is lost (default off).
    pub moves: Option<u32>,
}

impl Default for JunqiTimers {
    fn default() -> Self {
        JunqiTimers {
            deploy: Some(120),
            moves: None,
        }
    }
}

pub const JUNQI_SAVE_VERSION: u32 = 1;

/// The 军棋 profiles' score totals, in the save folder.
pub const JUNQI_PROFILES_FILE: &str = "junqi-profiles.ron";

/// The profiles' totals (empty when there are none yet; a damaged file is reported).
pub fn load_junqi_profiles(dir: &Path) -> Result<bw_rules::junqi::record::ProfileScores, String> {
    match read_ron(&dir.join(JUNQI_PROFILES_FILE)) {
        FileState::Missing => Ok(Default::default()),
        FileState::Loaded(p) => Ok(p),
        FileState::Damaged(e) => Err(e),
    }
}

/// What a slot holds, in every game: nothing, a save that was read and checked (its game
/// replayed), or damage, with whether a backup of the slot exists.
#[derive(Clone, Debug)]
pub enum Slot<T> {
    Empty,
    Saved(T),
    Damaged { damage: Damage, backup: bool },
}

impl<T> Slot<T> {
    /// The checked save, if the slot holds one.
    pub fn saved(&self) -> Option<&T> {
        match self {
            Slot::Saved(t) => Some(t),
            _ => None,
        }
    }
}

/// 括号大战's slots (`slot-N.ron`).
pub type BracketSlot = Slot<Saved<SaveData, Game>>;
/// 军棋's slots (`junqi-N.ron`).
pub type JunqiSlot = Slot<Saved<JunqiSave, Junqi>>;
/// 猪国杀's slots (`pig-N.ron`): the record, checked by replaying it.
pub type PigSlot = Slot<PigRecord>;

/// A save and its game, rebuilt by replaying the save (括号大战's and 军棋's slots hold this).
#[derive(Clone, Debug)]
pub struct Saved<S, G> {
    pub save: S,
    pub game: Box<G>,
}

/// A kind of save kept in numbered slots: its file names, and how a file is checked.
pub trait SlotFile: Serialize + Sized {
    /// File names are `<PREFIX>-<slot>.ron` (`.ron.bak` for the backup).
    const PREFIX: &'static str;
    /// What checking a save needs: the loaded piece kinds, the piece set, or nothing.
    type Needs: ?Sized;
    /// What a slot holds once its save is checked.
    type Loaded;
    /// Reads a save's RON body (its checksum already matched) and checks it.
    fn check(body: &str, needs: &Self::Needs) -> Result<Self::Loaded, Damage>;
}

impl SlotFile for SaveData {
    const PREFIX: &'static str = "slot";
    type Needs = KindTable;
    type Loaded = Saved<SaveData, Game>;
    fn check(body: &str, kinds: &KindTable) -> Result<Self::Loaded, Damage> {
        let data = decode_body(body, kinds)?;
        let missing = missing_kinds(&data, kinds);
        if !missing.is_empty() {
            return Err(Damage::MissingKinds(missing));
        }
        let game = data.replay(kinds).map_err(Damage::Replay)?;
        Ok(Saved {
            save: data,
            game: Box::new(game),
        })
    }
}

impl SlotFile for JunqiSave {
    const PREFIX: &'static str = "junqi";
    type Needs = std::sync::Arc<PieceSet>;
    type Loaded = Saved<JunqiSave, Junqi>;
    fn check(body: &str, set: &std::sync::Arc<PieceSet>) -> Result<Self::Loaded, Damage> {
        let save: JunqiSave = ron::from_str(body).map_err(|e| Damage::NotASave(e.to_string()))?;
        if save.version > JUNQI_SAVE_VERSION {
            return Err(Damage::NewerVersion(save.version));
        }
        if save.seats.len() != save.record.seats.len() {
            return Err(Damage::NotASave("the seats do not match the record".into()));
        }
        let game = save.record.replay(set.clone()).map_err(Damage::Replay)?;
        Ok(Saved {
            save,
            game: Box::new(game),
        })
    }
}

impl SlotFile for PigRecord {
    const PREFIX: &'static str = "pig";
    type Needs = ();
    type Loaded = PigRecord;
    fn check(body: &str, _: &()) -> Result<PigRecord, Damage> {
        let r: PigRecord = ron::from_str(body).map_err(|e| Damage::NotASave(e.to_string()))?;
        if r.version > PIG_RECORD_VERSION {
            return Err(Damage::NewerVersion(r.version));
        }
        r.replay(PIG_TURN_CAP).map_err(Damage::Replay)?;
        Ok(r)
    }
}

/// The save folder. Every game's slots are files in it, named by [`SlotFile::PREFIX`].
#[derive(Clone, Debug)]
pub struct SaveDir {
    pub dir: PathBuf,
}

impl SaveDir {
    pub fn new(dir: impl Into<PathBuf>) -> SaveDir {
        SaveDir { dir: dir.into() }
    }

    pub fn path<F: SlotFile>(&self, slot: usize) -> PathBuf {
        self.dir.join(format!("{}-{}.ron", F::PREFIX, slot + 1))
    }

    fn backup_path<F: SlotFile>(&self, slot: usize) -> PathBuf {
        self.dir.join(format!("{}-{}.ron.bak", F::PREFIX, slot + 1))
    }

    /// Loads one slot; never fails: a problem is a damaged slot, which affects no other.
    pub fn load<F: SlotFile>(&self, slot: usize, needs: &F::Needs) -> Slot<F::Loaded> {
        let loaded = read_text(&self.path::<F>(slot)).and_then(|t| match t {
            None => Ok(None),
            Some(text) => F::check(checked_body(&text)?, needs).map(Some),
        });
        match loaded {
            Ok(None) => Slot::Empty,
            Ok(Some(l)) => Slot::Saved(l),
            // The save is fine; it waits, as it is, for its mod to come back.
            Err(damage @ Damage::MissingKinds(_)) => Slot::Damaged {
                damage,
                backup: false,
            },
            Err(damage) => Slot::Damaged {
                damage,
                backup: self.backup_path::<F>(slot).exists(),
            },
        }
    }

    /// Every slot of a game, in order.
    pub fn load_all<F: SlotFile>(&self, needs: &F::Needs) -> Vec<Slot<F::Loaded>> {
        (0..SLOT_COUNT).map(|s| self.load::<F>(s, needs)).collect()
    }

    /// Writes a save atomically; the previous file becomes the backup, so the slot holds
    /// the old save or the new one at every moment.
    pub fn store<F: SlotFile>(&self, slot: usize, save: &F) -> std::io::Result<()> {
        let path = self.path::<F>(slot);
        if let Ok(old) = fs::read(&path) {
            bw_files::write_atomic(&self.backup_path::<F>(slot), old)?;
        }
        bw_files::write_atomic(&path, encode_ron(save))
    }

    /// Puts the backup back in place of a damaged save.
    pub fn restore_backup<F: SlotFile>(&self, slot: usize) -> std::io::Result<()> {
        fs::rename(self.backup_path::<F>(slot), self.path::<F>(slot))
    }

    /// Deletes a slot and its backup.
    pub fn delete<F: SlotFile>(&self, slot: usize) -> std::io::Result<()> {
        for p in [self.path::<F>(slot), self.backup_path::<F>(slot)] {
            match fs::remove_file(&p) {
                Err(e) if e.kind() != std::io::ErrorKind::NotFound => return Err(e),
                _ => {}
            }
        }
        Ok(())
    }
}

impl SaveData {
    /// Re-reads the actions of a live game into the save.
    pub fn record(&mut self, game: &Game, kinds: &KindTable) {
        self.actions = game
            .actions
            .iter()
            .map(|a| SavedAction::of(a, kinds))
            .collect();
        self.last_played = now();
    }
}

/// The piece kinds a 括号大战 save places that `kinds` does not define, each once.
pub fn missing_kinds(data: &SaveData, kinds: &KindTable) -> Vec<String> {
    let mut missing: Vec<String> = Vec::new();
    for a in &data.actions {
        if let SavedAction::Place { kind, .. } = a
            && kinds.by_id(kind).is_none()
            && !missing.contains(kind)
        {
            missing.push(kind.clone());
        }
    }
    missing
}
