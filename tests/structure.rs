//! The code's shape, read from its source: no two modules of a crate import each other,
//! directly or round a circle.
//!
//! Every path a module names that starts with `crate::`, `super::` or `self::` (in `use`
//! lines and in code) is an arrow from that module to the module it reaches. A module's
//! arrows to its own descendants are the tree itself (a parent declares its children and
//! registers their systems) and are not counted; every other arrow is, a child's arrow to
//! its parent included. Test code (`#[cfg(test)]` onwards, `tests.rs` files) is left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Module = Vec<String>;

/// Every crate's source folder: the game's library and each crate under `crates/`.
fn crate_roots() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut roots = vec![root.join("src")];
    let mut crates: Vec<PathBuf> = std::fs::read_dir(root.join("crates"))
        .expect("crates/")
        .map(|e| e.expect("an entry of crates/").path().join("src"))
        .filter(|p| p.is_dir())
        .collect();
    crates.sort();
    roots.extend(crates);
    roots
}

/// The library's modules: (module path, source without comments and test code). Programs
/// (`main.rs`, `src/bin/`) are crates of their own that use the library, and are skipped.
fn modules(src: &Path) -> BTreeMap<Module, String> {
    fn walk(dir: &Path, src: &Path, out: &mut BTreeMap<Module, String>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .expect("a source folder")
            .map(|e| e.expect("an entry").path())
            .collect();
        entries.sort();
        for path in entries {
            let rel = path.strip_prefix(src).expect("inside src");
            if path.is_dir() {
                if rel != Path::new("bin") {
                    walk(&path, src, out);
                }
                continue;
            }
            if path.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let stem = path.file_stem().unwrap().to_string_lossy().to_string();
            if stem == "main" || stem == "tests" {
                continue;
            }
            let mut module: Module = rel
                .parent()
                .unwrap()
                .components()
                .map(|c| c.as_os_str().to_string_lossy().to_string())
                .collect();
            if stem != "mod" && stem != "lib" {
                module.push(stem);
            }
            let text = std::fs::read_to_string(&path).expect("a source file");
            out.insert(module, code_of(&text));
        }
    }
    let mut out = BTreeMap::new();
    walk(src, src, &mut out);
    out
}

/// The text without line comments and without test code.
fn code_of(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        if line.trim_start().starts_with("#[cfg(test)]") {
            break;
        }
        let code = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        out.push_str(code);
        out.push('\n');
    }
    out
}

/// Paths named from `crate::`, `super::` or `self::`, braces of `use` groups expanded.
fn paths(code: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let bytes = code.as_bytes();
    let ident = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut i = 0;
    while i < bytes.len() {
        let starts = ["crate::", "super::", "self::"]
            .iter()
            .find(|p| bytes[i..].starts_with(p.as_bytes()));
        let fresh = i == 0 || !(ident(bytes[i - 1]) || bytes[i - 1] == b':');
        match starts {
            Some(_) if fresh => {
                let end = path_end(code, i);
                expand(&code[i..end], &mut out);
                i = end;
            }
            _ => i += 1,
        }
    }
    out
}

/// Where a path starting at `i` ends (a `{…}` group included).
fn path_end(code: &str, i: usize) -> usize {
    let bytes = code.as_bytes();
    let mut j = i;
    let mut depth = 0;
    while j < bytes.len() {
        let b = bytes[j];
        match b {
            b'{' => depth += 1,
            b'}' if depth > 0 => depth -= 1,
            _ if depth > 0 => {}
            b':' => {}
            _ if b.is_ascii_alphanumeric() || b == b'_' => {}
            _ => break,
        }
        if depth == 0 && b == b'}' {
            j += 1;
            break;
        }
        j += 1;
    }
    j
}

/// `a::{b, c::d}` into `a::b` and `a::c::d`.
fn expand(path: &str, out: &mut Vec<Vec<String>>) {
    let clean: String = path.chars().filter(|c| !c.is_whitespace()).collect();
    match clean.find('{') {
        None => out.push(
            clean
                .split("::")
                .filter(|s| !s.is_empty())
                .map(str::to_string)
                .collect(),
        ),
        Some(open) => {
            let prefix = &clean[..open];
            let inner = &clean[open + 1..clean.len().saturating_sub(1)];
            let mut depth = 0;
            let mut start = 0;
            let mut parts = Vec::new();
            for (k, c) in inner.char_indices() {
                match c {
                    '{' => depth += 1,
                    '}' => depth -= 1,
                    ',' if depth == 0 => {
                        parts.push(&inner[start..k]);
                        start = k + 1;
                    }
                    _ => {}
                }
            }
            parts.push(&inner[start..]);
            for part in parts.into_iter().filter(|p| !p.is_empty()) {
                expand(&format!("{prefix}{part}"), out);
            }
        }
    }
}

/// The module a path names, from module `from` (the longest prefix that is a module).
fn target(from: &Module, path: &[String], known: &BTreeMap<Module, String>) -> Option<Module> {
    let mut at: Module = from.clone();
    let mut rest = path;
    match rest.first().map(String::as_str) {
        Some("crate") => {
            at.clear();
            rest = &rest[1..];
        }
        Some("self") => rest = &rest[1..],
        Some("super") => {
            while rest.first().map(String::as_str) == Some("super") {
                at.pop()?;
                rest = &rest[1..];
            }
        }
        _ => return None,
    }
    let mut best = at.clone();
    for part in rest {
        at.push(part.clone());
        if known.contains_key(&at) {
            best = at.clone();
        } else {
            break;
        }
    }
    Some(best)
}

/// The arrows between a crate's modules (descendant arrows left out).
fn arrows(known: &BTreeMap<Module, String>) -> BTreeMap<Module, BTreeSet<Module>> {
    let mut out: BTreeMap<Module, BTreeSet<Module>> = BTreeMap::new();
    for (module, code) in known {
        for path in paths(code) {
            let Some(to) = target(module, &path, known) else {
                continue;
            };
            if to != *module && !to.starts_with(module) {
                out.entry(module.clone()).or_default().insert(to);
            }
        }
    }
    out
}

/// The circles: strongly connected sets of more than one module (Tarjan's algorithm).
fn circles(arrows: &BTreeMap<Module, BTreeSet<Module>>) -> Vec<Vec<Module>> {
    struct Walk<'a> {
        arrows: &'a BTreeMap<Module, BTreeSet<Module>>,
        index: BTreeMap<Module, usize>,
        low: BTreeMap<Module, usize>,
        stack: Vec<Module>,
        on_stack: BTreeSet<Module>,
        next: usize,
        found: Vec<Vec<Module>>,
    }
    impl Walk<'_> {
        fn visit(&mut self, m: &Module) {
            self.index.insert(m.clone(), self.next);
            self.low.insert(m.clone(), self.next);
            self.next += 1;
            self.stack.push(m.clone());
            self.on_stack.insert(m.clone());
            let empty = BTreeSet::new();
            let arrows = self.arrows;
            for n in arrows.get(m).unwrap_or(&empty) {
                if !self.index.contains_key(n) {
                    self.visit(n);
                    let low = self.low[m].min(self.low[n]);
                    self.low.insert(m.clone(), low);
                } else if self.on_stack.contains(n) {
                    let low = self.low[m].min(self.index[n]);
                    self.low.insert(m.clone(), low);
                }
            }
            if self.low[m] == self.index[m] {
                let mut group = Vec::new();
                loop {
                    let n = self.stack.pop().expect("on the stack");
                    self.on_stack.remove(&n);
                    let done = n == *m;
                    group.push(n);
                    if done {
                        break;
                    }
                }
                if group.len() > 1 {
                    group.sort();
                    self.found.push(group);
                }
            }
        }
    }
    let mut walk = Walk {
        arrows,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        next: 0,
        found: Vec::new(),
    };
    for m in arrows.keys() {
        if !walk.index.contains_key(m) {
            walk.visit(m);
        }
    }
    walk.found
}

#[test]
fn no_two_modules_import_each_other() {
    let mut report = Vec::new();
    for src in crate_roots() {
        let known = modules(&src);
        let arrows = arrows(&known);
        for circle in circles(&arrows) {
            let names: Vec<String> = circle.iter().map(|m| m.join("::")).collect();
            let ties: Vec<String> = circle
                .iter()
                .flat_map(|m| {
                    arrows[m]
                        .iter()
                        .filter(|n| circle.contains(n))
                        .map(move |n| format!("{} -> {}", m.join("::"), n.join("::")))
                })
                .collect();
            report.push(format!(
                "{}: {} ({})",
                src.display(),
                names.join(", "),
                ties.join("; ")
            ));
        }
    }
    assert!(
        report.is_empty(),
        "modules that import each other:\n{}",
        report.join("\n")
    );
}

#[test]
fn the_guard_sees_a_circle_and_a_parent_is_not_one() {
    let known: BTreeMap<Module, String> = [
        (vec![], "mod a; mod b; use self::a::run;".to_string()),
        (
            vec!["a".to_string()],
            "use super::b::{Thing, other::X};".into(),
        ),
        (
            vec!["b".to_string()],
            "fn f() { crate::a::run(); super::Root }".into(),
        ),
    ]
    .into_iter()
    .collect();
    let arrows = arrows(&known);
    assert_eq!(
        circles(&arrows),
        vec![vec![vec!["a".to_string()], vec!["b".to_string()]]]
    );
    // The root's arrow to its child `a` is the tree, not a tie.
    assert!(!arrows.contains_key(&vec![]));
}
