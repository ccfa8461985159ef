//! `bracket-war pig [FILE]` (fixed): judge mode on the 16 cases, bad input, the turn cap.

mod common;

use std::path::Path;

use common::{bin, files, normalize, run_stdin};

fn cases() -> Vec<std::path::PathBuf> {
    files("tests/pig/cases", "in")
}

#[test]
fn judge_mode_prints_the_answer_of_every_case_from_a_file_and_from_stdin() {
    let all = cases();
    assert_eq!(all.len(), 16);
    for case in all {
        let want = std::fs::read_to_string(case.with_extension("ans")).unwrap();
        let out = bin().arg("pig").arg(&case).output().unwrap();
        assert!(out.status.success(), "{}", case.display());
        assert_eq!(
            normalize(&String::from_utf8(out.stdout).unwrap()),
            normalize(&want),
            "{}",
            case.display()
        );
        let out = run_stdin(&["pig"], &std::fs::read_to_string(&case).unwrap());
        assert_eq!(
            normalize(&String::from_utf8(out.stdout).unwrap()),
            normalize(&want)
        );
    }
}

#[test]
fn the_shared_cases_agree_with_the_copies_in_the_repo() {
    // CI has `../shared/data` beside the clone; the repo keeps its own copies.
    let shared = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data/pig/cases/inputs");
    let Ok(entries) = std::fs::read_dir(&shared) else {
        return;
    };
    for e in entries {
        let p = e.unwrap().path();
        let ours = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/pig/cases")
            .join(p.file_name().unwrap());
        assert_eq!(std::fs::read(&p).unwrap(), std::fs::read(ours).unwrap());
    }
}

fn assert_bad(input: &str, needle: &str) {
    let out = run_stdin(&["pig"], input);
    assert_eq!(out.status.code(), Some(2), "{input:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{err:?}");
    assert!(err.contains(needle), "{err:?} should name {needle:?}");
    assert!(out.stdout.is_empty());
}

#[test]
fn bad_input_exits_2_with_one_line_naming_the_fault() {
    assert_bad("", "missing the number of pigs");
    assert_bad("x 3", "`x` is not a number");
    assert_bad("1 3\nMP K K K K\nK K K", "n = 1");
    assert_bad("11 3\n", "n = 11");
    assert_bad("2 0\nMP K K K K\nFP K K K K\n", "m = 0");
    assert_bad("2 3\nFP K K K K\nMP K K K K\nK K K", "pig 1 must be the MP");
    assert_bad("2 3\nMP K K K K\nMP K K K K\nK K K", "second MP");
    assert_bad("2 3\nMP K K K K\nXP K K K K\nK K K", "unknown role `XP`");
    assert_bad("2 3\nMP K K K Q\nFP K K K K\nK K K", "unknown card `Q`");
    assert_bad(
        "2 3\nMP K K K K\nFP K K K K\nK K",
        "missing deck card 3 of 3",
    );
    assert_bad(
        "2 3\nMP K K K\nFP K K K K\nK K K",
        "unknown card `FP` as card 4 of pig 1",
    );
    let out = bin().args(["pig", "/no/such/file"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn a_table_without_rebels_is_won_by_the_mp_before_anyone_moves() {
    let out = run_stdin(&["pig"], "2 1\nMP K K K K\nZP D D D D\nP\n");
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        "MP\nK K K K\nD D D D\n"
    );
}

#[test]
fn a_game_that_never_ends_exits_3_at_the_turn_cap() {
    let out = run_stdin(
        &["pig", "--max-turns", "1000"],
        "2 1\nMP D D D D\nFP D D D D\nD\n",
    );
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1);
    assert!(err.contains("1000 turns"), "{err}");
}
