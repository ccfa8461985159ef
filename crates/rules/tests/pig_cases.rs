//! The 16 judge cases (the statement's sample, 13 hacks, and two cases on which published
//! solutions go wrong): output compared line by line, ignoring trailing white space.

use std::path::{Path, PathBuf};

use bw_rules::pig::judge::judge;

fn cases() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/pig/cases");
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    v.sort();
    v
}

pub fn normalize(s: &str) -> Vec<String> {
    let mut lines: Vec<String> = s.lines().map(|l| l.trim_end().to_string()).collect();
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

#[test]
fn all_sixteen_cases_match_their_answers() {
    let all = cases();
    assert_eq!(all.len(), 16);
    let mut failed = Vec::new();
    for case in all {
        let input = std::fs::read_to_string(&case).unwrap();
        let want = std::fs::read_to_string(case.with_extension("ans")).unwrap();
        let got = judge(&input, 10_000_000).unwrap().expect("the game ends");
        if normalize(&got) != normalize(&want) {
            failed.push(format!(
                "{}:\n--- got\n{got}--- want\n{want}",
                case.display()
            ));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n"));
}
