//! Files: where the game finds what it ships (content, assets, locales) and the one way it
//! writes a file (atomically). The command line, the saves and the app all use this crate,
//! so every file the game writes goes through [`write_atomic`].

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` atomically: into a temporary file beside it, flushed to disk,
/// then renamed over `path`. A reader sees the old file or the new one, never a part; a
/// crash leaves at most a stray `*.tmp` file. The parent folder is created when missing.
pub fn write_atomic(path: &Path, bytes: impl AsRef<[u8]>) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .ok_or_else(|| std::io::Error::other(format!("{} is not a file path", path.display())))?;
    let tmp = dir.join(format!(
        ".{}.{}.tmp",
        name.to_string_lossy(),
        std::process::id()
    ));
    let result = (|| {
        let mut f = fs::File::create(&tmp)?;
        f.write_all(bytes.as_ref())?;
        f.sync_all()?;
        drop(f);
        fs::rename(&tmp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    result
}

/// The folders a shipped folder (`content`, `assets`) is looked for in, in order: an
/// environment variable naming it, the executable's folder and its parents (an unpacked
/// archive, or a `cargo run` tree: `target/debug/` → the repository), then the working
/// directory.
pub fn candidates(name: &str, env: &str) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if let Some(d) = std::env::var_os(env) {
        out.push(PathBuf::from(d));
    }
    if let Ok(exe) = std::env::current_exe() {
        let exe = fs::canonicalize(&exe).unwrap_or(exe);
        for dir in exe.ancestors().skip(1).take(4) {
            out.push(dir.join(name));
        }
    }
    if let Ok(cwd) = std::env::current_dir() {
        out.push(cwd.join(name));
    }
    out
}

/// The first existing folder of [`candidates`], or an error that names every folder tried.
pub fn find_dir(name: &str, env: &str) -> Result<PathBuf, String> {
    let tried = candidates(name, env);
    tried
        .iter()
        .find(|d| d.is_dir())
        .map(|d| fs::canonicalize(d).unwrap_or_else(|_| d.clone()))
        .ok_or_else(|| {
            let list: Vec<String> = tried.iter().map(|d| d.display().to_string()).collect();
            format!("no `{name}` folder found; tried {}", list.join(", "))
        })
}

/// The content folder (RON: piece kinds, boards, card texts); `$BRACKET_WAR_CONTENT` wins.
pub fn content_dir() -> Result<PathBuf, String> {
    find_dir("content", "BRACKET_WAR_CONTENT")
}

/// The assets folder (packs, fonts, locales); `$BRACKET_WAR_ASSETS` wins.
pub fn assets_dir() -> Result<PathBuf, String> {
    find_dir("assets", "BRACKET_WAR_ASSETS")
}

/// Where games are saved when `--saves` is not given: `saves/` in the install folder (the
/// folder holding `content/`: an unpacked archive, or the repository under `cargo run`)
/// when it can be written — a portable install — else the platform's data folder
/// (`%APPDATA%\bracket-war\saves`, `~/Library/Application Support/bracket-war/saves`,
/// `$XDG_DATA_HOME/bracket-war/saves` or `~/.local/share/bracket-war/saves`), else `saves/`
/// in the working directory.
pub fn default_saves_dir() -> PathBuf {
    let install = content_dir()
        .ok()
        .and_then(|c| c.parent().map(Path::to_path_buf))
        // Never inside a macOS app bundle: changing it would break its signature.
        .filter(|i| {
            !i.components()
                .any(|c| c.as_os_str().to_string_lossy().ends_with(".app"))
        });
    saves_dir_for(install.as_deref(), platform_data_dir())
}

/// [`default_saves_dir`] for a given install folder and platform data folder.
pub fn saves_dir_for(install: Option<&Path>, data: Option<PathBuf>) -> PathBuf {
    if let Some(dir) = install.map(|i| i.join("saves"))
        && writable(&dir)
    {
        return dir;
    }
    if let Some(dir) = data.map(|d| d.join("bracket-war").join("saves"))
        && writable(&dir)
    {
        return dir;
    }
    PathBuf::from("saves")
}

/// The folder can be made and written to (checked by writing and removing a probe file).
fn writable(dir: &Path) -> bool {
    if fs::create_dir_all(dir).is_err() {
        return false;
    }
    let probe = dir.join(format!(".write-probe-{}", std::process::id()));
    let ok = fs::write(&probe, b"").is_ok();
    let _ = fs::remove_file(&probe);
    ok
}

/// The platform's folder for an application's data (what the `directories` crate answers,
/// by the same rules, without the dependency).
fn platform_data_dir() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if cfg!(windows) {
        env("APPDATA")
    } else if cfg!(target_os = "macos") {
        env("HOME").map(|h| h.join("Library/Application Support"))
    } else {
        env("XDG_DATA_HOME").or_else(|| env("HOME").map(|h| h.join(".local/share")))
    }
}

/// The language folders under `assets/locales`, sorted (`en`, `zh-CN`, …).
pub fn locales_in(assets: &Path) -> Vec<String> {
    let mut codes: Vec<String> = fs::read_dir(assets.join("locales"))
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().is_dir())
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    codes.sort();
    codes
}

/// The locale folder a `--lang` value names: a folder name (`zh-CN`, `en`, `fr`), or the
/// short codes the fixed commands have always taken (`zh` names `zh-CN`). An unknown code
/// is refused with the list of languages there are.
pub fn locale_code(assets: &Path, wanted: &str) -> Result<String, String> {
    let available = locales_in(assets);
    let wanted = wanted.trim();
    let alias = match wanted {
        "zh" | "cn" | "zh_CN" => "zh-CN",
        other => other,
    };
    available
        .iter()
        .find(|c| c.as_str() == alias)
        .or_else(|| available.iter().find(|c| c.eq_ignore_ascii_case(alias)))
        .cloned()
        .ok_or_else(|| {
            format!(
                "unknown language `{wanted}`: choose one of {} (folders in {})",
                if available.is_empty() {
                    "none".to_string()
                } else {
                    available.join(", ")
                },
                assets.join("locales").display()
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atomic_write_replaces_whole_files_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("deep/er/settings.ron");
        write_atomic(&path, "first").unwrap();
        write_atomic(&path, "second, longer").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "second, longer");
        let names: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec!["settings.ron"]);
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("a");
        write_atomic(&path, "old").unwrap();
        // A folder in the way of the target: the rename fails, the old bytes stay.
        let blocked = dir.path().join("blocked");
        fs::create_dir_all(blocked.join("x")).unwrap();
        assert!(write_atomic(&blocked, "new").is_err());
        assert_eq!(fs::read_to_string(&path).unwrap(), "old");
        assert_eq!(fs::read_dir(dir.path()).unwrap().count(), 2);
    }

    #[test]
    fn locale_codes_and_aliases() {
        let dir = tempfile::tempdir().unwrap();
        for code in ["en", "zh-CN", "fr"] {
            fs::create_dir_all(dir.path().join("locales").join(code)).unwrap();
        }
        assert_eq!(locales_in(dir.path()), ["en", "fr", "zh-CN"]);
        assert_eq!(locale_code(dir.path(), "zh").unwrap(), "zh-CN");
        assert_eq!(locale_code(dir.path(), "zh-cn").unwrap(), "zh-CN");
        assert_eq!(locale_code(dir.path(), "fr").unwrap(), "fr");
        let err = locale_code(dir.path(), "xx").unwrap_err();
        assert!(err.starts_with("unknown language `xx`: choose one of en, fr, zh-CN"));
        assert!(!err.contains('\n'));
    }

    #[test]
    fn a_missing_folder_names_every_place_tried() {
        let err = find_dir("no-such-folder-anywhere", "BW_TEST_UNSET_VARIABLE").unwrap_err();
        assert!(err.contains("tried") && err.contains("no-such-folder-anywhere"));
    }
}

#[cfg(test)]
mod saves_tests {
    use super::*;

    #[test]
    fn saves_go_beside_a_writable_install_else_to_the_data_folder() {
        let install = tempfile::tempdir().unwrap();
        let data = tempfile::tempdir().unwrap();
        assert_eq!(
            saves_dir_for(Some(install.path()), Some(data.path().to_path_buf())),
            install.path().join("saves")
        );
        // An install folder that cannot hold a `saves/` (here: it is a file).
        let file = install.path().join("not-a-folder");
        fs::write(&file, b"x").unwrap();
        assert_eq!(
            saves_dir_for(Some(&file), Some(data.path().to_path_buf())),
            data.path().join("bracket-war").join("saves")
        );
        assert!(data.path().join("bracket-war/saves").is_dir());
        assert_eq!(saves_dir_for(Some(&file), None), PathBuf::from("saves"));
    }
}
