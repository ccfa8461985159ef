//! Piece kinds as content: the built-in set lives in `content/bracket/pieces.ron`, mods add
//! kinds in `content/mods/*.ron` (and a folder given on the command line).
//!
//! A file is taken whole or refused whole. A refused file is reported with its path, line,
//! column and the field at fault, and never keeps the valid content from loading.

use std::collections::HashMap;
use std::fmt;
use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::amount::Quarters;

/// The built-in content, compiled in as a copy of `content/bracket/pieces.ron` so that the
/// game starts from any working directory and survives a damaged content folder.
pub const BUILTIN_PIECES_RON: &str = include_str!("../../../../content/bracket/pieces.ron");
pub const BUILTIN_PIECES_PATH: &str = "content/bracket/pieces.ron";

/// The largest HP or attack a kind may declare; keeps sums far from any overflow.
pub const MAX_STAT: u32 = 100;
/// The largest flood radius.
pub const MAX_FLOOD_STEPS: u8 = 20;
/// The largest image file a mod kind may name (bytes).
pub const MAX_IMAGE_BYTES: u64 = 1 << 20;
/// The largest width and height of a mod kind's image (pixels).
pub const MAX_IMAGE_SIDE: u32 = 512;

/// Index of a kind in its [`KindTable`]. Saves name kinds by their `id` string instead.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct KindId(pub u16);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Class {
    /// Has a facing; front, back and sides differ.
    Bracket,
    /// No facing; every face counts as front.
    Shape,
}

/// How a kind covers cells with its owner's signal.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Signal {
    #[default]
    None,
    /// A ray forward (`>`).
    Ray,
    /// The forward ray plus a forward ray from each side neighbour (`E`).
    ELines,
    /// Every cell within `steps` orthogonal steps over passable cells (`*`).
    Flood { steps: u8 },
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub enum Hp {
    Points(f64),
    /// Never destroyed through the front (`)`).
    FrontImmune,
}

pub use crate::names::Names;

/// One piece kind, validated. Values are exact quarters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PieceKind {
    pub id: String,
    pub glyph: char,
    pub name: Names,
    pub class: Class,
    /// `None`: front immune.
    pub hp: Option<Quarters>,
    pub attack: Quarters,
    pub signal: Signal,
    /// Enemy attack hitting the front passes straight through (`)`).
    pub front_pass_through: bool,
    /// Quarters (1..=4) of an enemy beam that hit; the rest travels on (`x`: 2).
    pub hit_quarters: u8,
    /// Where the kind came from (built-in file or a mod file).
    pub source: PathBuf,
    /// The mod's own picture of the kind (a PNG beside its file, facing right), checked to
    /// exist, to be a PNG and to fit [`MAX_IMAGE_SIDE`]; a texture pack's art for the kind
    /// comes first, the glyph drawn from the font when there is neither.
    pub image: Option<PathBuf>,
}

impl PieceKind {
    pub fn is_bracket(&self) -> bool {
        self.class == Class::Bracket
    }
}

/// The RON shape of one kind, before validation.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKind {
    id: String,
    glyph: char,
    name: Names,
    class: Class,
    hp: Hp,
    #[serde(default)]
    attack: f64,
    #[serde(default)]
    signal: Signal,
    #[serde(default)]
    front_pass_through: bool,
    #[serde(default = "full_hit")]
    hit_fraction: f64,
    /// A PNG beside the file (empty: none).
    #[serde(default)]
    image: String,
}

fn full_hit() -> f64 {
    1.0
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawKindFile {
    kinds: Vec<RawKind>,
}

/// A refused content file: where, which field, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ContentError {
    pub file: PathBuf,
    pub line: usize,
    pub column: usize,
    pub field: Option<String>,
    pub message: String,
}

impl fmt::Display for ContentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}:{}: ", self.file.display(), self.line, self.column)?;
        if let Some(field) = &self.field {
            write!(f, "field `{field}`: ")?;
        }
        write!(f, "{}", self.message)
    }
}

impl std::error::Error for ContentError {}

/// All piece kinds in play, in load order: built-ins first, then mods by file name.
#[derive(Clone, Debug, Default)]
pub struct KindTable {
    kinds: Vec<PieceKind>,
    by_glyph: HashMap<char, KindId>,
    by_id: HashMap<String, KindId>,
}

/// What loading content produced: the table of every valid file, and the refused files.
#[derive(Clone, Debug, Default)]
pub struct ContentReport {
    pub table: KindTable,
    pub errors: Vec<ContentError>,
}

impl KindTable {
    /// The built-in kinds from the compiled-in copy of `content/bracket/pieces.ron`.
    pub fn builtin() -> KindTable {
        let mut table = KindTable::default();
        table
            .add_source(Path::new(BUILTIN_PIECES_PATH), BUILTIN_PIECES_RON)
            .expect("the built-in pieces.ron is valid (checked by tests)");
        table
    }

    /// Loads `content_dir/bracket/pieces.ron` (the compiled-in copy if it is missing or
    /// refused), then every `*.ron` in `content_dir/mods`, then every `*.ron` in each of
    /// `extra_mod_dirs`. Refused files are reported and skipped.
    pub fn load(content_dir: &Path, extra_mod_dirs: &[PathBuf]) -> ContentReport {
        let mut report = ContentReport::default();
        let base = content_dir.join("bracket").join("pieces.ron");
        let mut base_loaded = false;
        if let Ok(text) = std::fs::read_to_string(&base) {
            match report.table.add_source(&base, &text) {
                Ok(()) => base_loaded = true,
                Err(e) => report.errors.push(e),
            }
        }
        if !base_loaded {
            report.table = KindTable::builtin();
        }
        let mut dirs = vec![content_dir.join("mods")];
        dirs.extend(extra_mod_dirs.iter().cloned());
        for dir in dirs {
            report.load_mod_dir(&dir);
        }
        report
    }

    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    pub fn get(&self, id: KindId) -> &PieceKind {
        &self.kinds[id.0 as usize]
    }

    pub fn by_glyph(&self, glyph: char) -> Option<KindId> {
        self.by_glyph.get(&glyph).copied()
    }

    pub fn by_id(&self, id: &str) -> Option<KindId> {
        self.by_id.get(id).copied()
    }

    pub fn ids(&self) -> impl Iterator<Item = KindId> + '_ {
        (0..self.kinds.len() as u16).map(KindId)
    }

    pub fn iter(&self) -> impl Iterator<Item = (KindId, &PieceKind)> + '_ {
        self.kinds
            .iter()
            .enumerate()
            .map(|(i, k)| (KindId(i as u16), k))
    }

    /// Parses and validates one file's text and adds its kinds, all or nothing.
    pub fn add_source(&mut self, path: &Path, text: &str) -> Result<(), ContentError> {
        let raw: RawKindFile = ron::from_str(text).map_err(|e| {
            let (line, column) = (e.span.start.line, e.span.start.col);
            ContentError {
                file: path.to_path_buf(),
                line,
                column,
                field: field_named_in(&e.code).or_else(|| field_at(text, line, column)),
                // In the modder's words: RON names the parser's own types.
                message: e
                    .code
                    .to_string()
                    .replace("`RawKindFile`", "the file")
                    .replace("`RawKind`", "a piece kind"),
            }
        })?;
        let mut staged: Vec<PieceKind> = Vec::with_capacity(raw.kinds.len());
        for (index, kind) in raw.kinds.into_iter().enumerate() {
            let id = kind.id.clone();
            let refuse = |field: &str, message: String| {
                let (line, column) = locate_field(text, index, field);
                ContentError {
                    file: path.to_path_buf(),
                    line,
                    column,
                    field: Some(field.to_string()),
                    message: format!("kind `{id}`: {message}"),
                }
            };
            let valid = validate(kind, path, &refuse)?;
            let clash_id =
                self.by_id.contains_key(&valid.id) || staged.iter().any(|k| k.id == valid.id);
            if clash_id {
                return Err(refuse("id", "another kind already has this id".into()));
            }
            let clash_glyph = self.by_glyph.contains_key(&valid.glyph)
                || staged.iter().any(|k| k.glyph == valid.glyph);
            if clash_glyph {
                return Err(refuse(
                    "glyph",
                    format!("another kind already uses the glyph `{}`", valid.glyph),
                ));
            }
            staged.push(valid);
        }
        if self.kinds.len() + staged.len() > u16::MAX as usize {
            return Err(ContentError {
                file: path.to_path_buf(),
                line: 1,
                column: 1,
                field: Some("kinds".into()),
                message: "too many kinds".into(),
            });
        }
        for kind in staged {
            let id = KindId(self.kinds.len() as u16);
            self.by_glyph.insert(kind.glyph, id);
            self.by_id.insert(kind.id.clone(), id);
            self.kinds.push(kind);
        }
        Ok(())
    }
}

impl ContentReport {
    fn load_mod_dir(&mut self, dir: &Path) {
        let Ok(entries) = std::fs::read_dir(dir) else {
            return;
        };
        let mut files: Vec<PathBuf> = entries
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .collect();
        files.sort();
        for file in files {
            let result = match std::fs::read_to_string(&file) {
                Ok(text) => self.table.add_source(&file, &text),
                Err(e) => Err(ContentError {
                    file: file.clone(),
                    line: 1,
                    column: 1,
                    field: None,
                    message: format!("cannot read: {e}"),
                }),
            };
            if let Err(e) = result {
                self.errors.push(e);
            }
        }
    }
}

fn validate(
    raw: RawKind,
    source: &Path,
    refuse: &dyn Fn(&str, String) -> ContentError,
) -> Result<PieceKind, ContentError> {
    if raw.id.is_empty()
        || !raw
            .id
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_' || c == '-')
    {
        return Err(refuse(
            "id",
            "use lowercase letters, digits, `_` or `-`".into(),
        ));
    }
    if raw.glyph.is_whitespace()
        || raw.glyph.is_ascii_digit()
        || ".#/\\-|+".contains(raw.glyph)
        || raw.glyph.is_control()
    {
        return Err(refuse(
            "glyph",
            format!("`{}` is reserved by the board format", raw.glyph),
        ));
    }
    let bracket = raw.class == Class::Bracket;
    let hp = match raw.hp {
        Hp::FrontImmune if !bracket => {
            return Err(refuse("hp", "a shape has no front to be immune on".into()));
        }
        Hp::FrontImmune => None,
        Hp::Points(v) => Some(Quarters::from_f64(v, MAX_STAT).map_err(|m| refuse("hp", m))?),
    };
    let attack = Quarters::from_f64(raw.attack, MAX_STAT).map_err(|m| refuse("attack", m))?;
    if !bracket && !attack.is_zero() {
        return Err(refuse(
            "attack",
            "a shape cannot attack (attack must be 0)".into(),
        ));
    }
    match raw.signal {
        Signal::Ray | Signal::ELines if !bracket => {
            return Err(refuse(
                "signal",
                "a shape has no facing to cast a ray".into(),
            ));
        }
        Signal::Flood { steps } if steps == 0 || steps > MAX_FLOOD_STEPS => {
            return Err(refuse(
                "signal",
                format!("flood steps must be 1..={MAX_FLOOD_STEPS}"),
            ));
        }
        _ => {}
    }
    if raw.front_pass_through && !bracket {
        return Err(refuse(
            "front_pass_through",
            "only a bracket has a front to pass through".into(),
        ));
    }
    let hit = Quarters::from_f64(raw.hit_fraction, 1).map_err(|m| refuse("hit_fraction", m))?;
    if hit.is_zero() {
        return Err(refuse(
            "hit_fraction",
            "must be 0.25, 0.5, 0.75 or 1".into(),
        ));
    }
    let image = match raw.image.as_str() {
        "" => None,
        name => Some(check_image(source, name).map_err(|m| refuse("image", m))?),
    };
    Ok(PieceKind {
        id: raw.id,
        glyph: raw.glyph,
        name: raw.name,
        class: raw.class,
        hp,
        attack,
        signal: raw.signal,
        front_pass_through: raw.front_pass_through,
        hit_quarters: hit.0 as u8,
        source: source.to_path_buf(),
        image,
    })
}

/// A kind's image: a PNG file named relative to the kind's own file, inside its folder,
/// at most [`MAX_IMAGE_BYTES`] and [`MAX_IMAGE_SIDE`] pixels a side (read from its header;
/// the game decodes the rest, and draws the glyph if that fails).
fn check_image(source: &Path, name: &str) -> Result<PathBuf, String> {
    use std::io::Read;
    let relative = Path::new(name);
    let plain = relative
        .components()
        .all(|c| matches!(c, std::path::Component::Normal(_)));
    if !plain {
        return Err(format!(
            "`{name}` must name a file in the mod's folder (no `..`, not absolute)"
        ));
    }
    if !relative
        .extension()
        .is_some_and(|x| x.eq_ignore_ascii_case("png"))
    {
        return Err(format!("`{name}` must be a PNG file (`.png`)"));
    }
    let path = source.parent().unwrap_or(Path::new("")).join(relative);
    let file = std::fs::File::open(&path).map_err(|e| format!("cannot read `{name}`: {e}"))?;
    let size = file.metadata().map(|m| m.len()).unwrap_or(0);
    if size > MAX_IMAGE_BYTES {
        return Err(format!(
            "`{name}` is {size} bytes; an image may be {MAX_IMAGE_BYTES} bytes at most"
        ));
    }
    let mut header = [0u8; 24];
    file.take(24)
        .read_exact(&mut header)
        .map_err(|_| format!("`{name}` is not a PNG image"))?;
    if &header[..8] != b"\x89PNG\r\n\x1a\n" || &header[12..16] != b"IHDR" {
        return Err(format!("`{name}` is not a PNG image"));
    }
    let width = u32::from_be_bytes(header[16..20].try_into().expect("4 bytes"));
    let height = u32::from_be_bytes(header[20..24].try_into().expect("4 bytes"));
    if width == 0 || height == 0 || width > MAX_IMAGE_SIDE || height > MAX_IMAGE_SIDE {
        return Err(format!(
            "`{name}` is {width}x{height}; an image may be {MAX_IMAGE_SIDE}x{MAX_IMAGE_SIDE} at most"
        ));
    }
    Ok(path)
}

/// The field a RON error names itself, if any.
fn field_named_in(code: &ron::Error) -> Option<String> {
    match code {
        ron::Error::MissingStructField { field, .. } => Some(field.to_string()),
        ron::Error::NoSuchStructField { found, .. } => Some(found.clone()),
        ron::Error::DuplicateStructField { field, .. } => Some(field.to_string()),
        _ => None,
    }
}

/// The nearest `name:` at or before (line, column) of the source, for errors RON reports
/// by position only (a wrong type, a bad value).
fn field_at(text: &str, line: usize, column: usize) -> Option<String> {
    let lines: Vec<&str> = text.lines().collect();
    let mut l = line.min(lines.len());
    let mut limit = column;
    while l >= 1 {
        let src = lines[l - 1];
        let upto: String = src.chars().take(limit.saturating_sub(1).max(1)).collect();
        let search = if l == line { upto.as_str() } else { src };
        if let Some(name) = last_field_name(search) {
            return Some(name);
        }
        l -= 1;
        limit = usize::MAX;
    }
    None
}

fn last_field_name(s: &str) -> Option<String> {
    let bytes: Vec<char> = s.chars().collect();
    let mut found = None;
    for (i, &c) in bytes.iter().enumerate() {
        if c != ':' {
            continue;
        }
        let mut j = i;
        while j > 0 && bytes[j - 1] == ' ' {
            j -= 1;
        }
        let end = j;
        while j > 0 && (bytes[j - 1].is_ascii_alphanumeric() || bytes[j - 1] == '_') {
            j -= 1;
        }
        if end > j {
            found = Some(bytes[j..end].iter().collect());
        }
    }
    found
}

/// Line and column of `field:` inside the `index`-th kind of a file (counted by its `id:`
/// lines); the kind's own line when the field is not written out (a default was used).
fn locate_field(text: &str, index: usize, field: &str) -> (usize, usize) {
    let lines: Vec<&str> = text.lines().collect();
    let starts: Vec<usize> = lines
        .iter()
        .enumerate()
        .filter(|(_, l)| find_key(l, "id").is_some())
        .map(|(i, _)| i)
        .collect();
    let Some(&start) = starts.get(index) else {
        return (1, 1);
    };
    let end = starts.get(index + 1).copied().unwrap_or(lines.len());
    for (i, l) in lines.iter().enumerate().take(end).skip(start) {
        if let Some(col) = find_key(l, field) {
            return (i + 1, col + 1);
        }
    }
    (start + 1, find_key(lines[start], "id").unwrap_or(0) + 1)
}

/// Column of `key` written as a field name (`key:`) in the line.
fn find_key(line: &str, key: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(pos) = line[from..].find(key) {
        let at = from + pos;
        let before_ok = at == 0
            || !line[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_ascii_alphanumeric() || c == '_');
        let rest = line[at + key.len()..].trim_start();
        if before_ok && rest.starts_with(':') {
            return Some(line[..at].chars().count());
        }
        from = at + key.len();
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_has_the_eight_kinds() {
        let t = KindTable::builtin();
        let glyphs: String = t.iter().map(|(_, k)| k.glyph).collect();
        assert_eq!(glyphs, ">)E}]o*x");
        let x = t.get(t.by_glyph('x').unwrap());
        assert_eq!((x.hp, x.hit_quarters), (Some(Quarters(7)), 2));
        assert_eq!(t.get(t.by_glyph(')').unwrap()).hp, None);
    }

    fn add(text: &str) -> Result<(), ContentError> {
        KindTable::builtin().add_source(Path::new("mods/test.ron"), text)
    }

    #[test]
    fn syntax_error_names_line_and_field() {
        let e = add("(kinds: [(\n id: \"a\",\n glyph: 'a',\n name: (zh: \"a\", en: \"a\"),\n class: Bracket,\n hp: Points(1.0),\n attack: \"lots\",\n)])")
            .unwrap_err();
        assert_eq!(e.line, 7);
        assert_eq!(e.field.as_deref(), Some("attack"));
        assert!(e.to_string().starts_with("mods/test.ron:7:"), "{e}");
    }

    #[test]
    fn semantic_error_names_line_and_field() {
        let e = add("(kinds: [(\n id: \"a\",\n glyph: 'a',\n name: (zh: \"a\", en: \"a\"),\n class: Shape,\n hp: Points(1.0),\n attack: 1.0,\n)])")
            .unwrap_err();
        assert_eq!((e.line, e.field.as_deref()), (7, Some("attack")));
    }

    #[test]
    fn missing_field_is_named() {
        let e = add("(kinds: [(\n id: \"a\",\n glyph: 'a',\n name: (zh: \"a\", en: \"a\"),\n hp: Points(1.0),\n)])")
            .unwrap_err();
        assert_eq!(e.field.as_deref(), Some("class"));
        // In the modder's words, never the parser's type names.
        let text = e.to_string();
        assert!(!text.contains("Raw"), "{text}");
        assert!(text.contains("a piece kind"), "{text}");
    }

    #[test]
    fn clashing_glyph_is_refused_and_nothing_is_added() {
        let mut t = KindTable::builtin();
        let text = "(kinds: [\n(id: \"ok\", glyph: 'k', name: (zh: \"k\", en: \"k\"), class: Shape, hp: Points(1.0)),\n(id: \"dup\",\n glyph: '>',\n name: (zh: \"d\", en: \"d\"), class: Shape, hp: Points(1.0)),\n])";
        let e = t.add_source(Path::new("m.ron"), text).unwrap_err();
        assert_eq!((e.line, e.field.as_deref()), (4, Some("glyph")));
        assert_eq!(t.len(), 8, "a refused file adds nothing");
    }

    #[test]
    fn fractions_must_be_quarters() {
        let e = add("(kinds: [(id: \"a\", glyph: 'a', name: (zh: \"a\", en: \"a\"), class: Shape,\n hp: Points(0.3))])").unwrap_err();
        assert_eq!((e.line, e.field.as_deref()), (2, Some("hp")));
    }
}
