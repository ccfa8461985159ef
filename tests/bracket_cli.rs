//! The fixed command line `bracket-war bracket resolve FILE` as checks outside the repo call
//! it: every rule case's report, standard input, mods, and bad input (exit 2, one line).

mod common;

use common::{bin, files, run_stdin};

fn cases() -> Vec<std::path::PathBuf> {
    files("tests/bracket/cases", "board")
}

#[test]
fn resolve_prints_each_cases_report() {
    let all = cases();
    assert!(all.len() >= 30);
    for case in all {
        let out = bin()
            .args(["bracket", "resolve"])
            .arg(&case)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}: {}",
            case.display(),
            String::from_utf8_lossy(&out.stderr)
        );
        let want = std::fs::read_to_string(case.with_extension("out")).unwrap();
        assert_eq!(
            String::from_utf8(out.stdout).unwrap(),
            want,
            "{}",
            case.display()
        );
    }
}

#[test]
fn resolve_reads_standard_input() {
    let case = &cases()[0];
    let text = std::fs::read_to_string(case).unwrap();
    let out = run_stdin(&["bracket", "resolve", "-"], &text);
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        std::fs::read_to_string(case.with_extension("out")).unwrap()
    );
}

fn assert_bad(input: &str, needle: &str) {
    let out = run_stdin(&["bracket", "resolve", "-"], input);
    assert_eq!(out.status.code(), Some(2), "input {input:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    let lines: Vec<&str> = err.lines().filter(|l| !l.starts_with("warning:")).collect();
    assert_eq!(lines.len(), 1, "one line on stderr: {err:?}");
    assert!(
        lines[0].contains(needle),
        "{:?} should contain {needle:?}",
        lines[0]
    );
    assert!(out.stdout.is_empty());
}

fn rows(n: usize, first: &str) -> String {
    let mut v = vec![first.to_string()];
    v.extend(std::iter::repeat_n(vec!["."; n].join(" "), n - 1));
    v.join("\n") + "\n"
}

#[test]
fn bad_input_exits_2_with_one_line_naming_line_and_column() {
    assert_bad(&rows(10, ". . . 1?R . . . . . ."), "line 1, column 7");
    assert_bad(&rows(10, ". . 1>Q . . . . . . ."), "line 1, column 5");
    assert_bad(&rows(10, ". . 1> . . . . . . ."), "needs a facing");
    assert_bad(&rows(10, ". . 1oR . . . . . . ."), "extra characters");
    assert_bad(
        &format!("# c\n{}", rows(10, "/ . . . . . . . . .")),
        "line 2, column 1",
    );
    assert_bad(&rows(9, ". . . . . . . . ."), "10 to 20");
    assert_bad(&rows(21, &vec!["."; 21].join(" ")), "10 to 20");
    assert_bad(
        &format!("players 5\n{}", rows(10, ". . . . . . . . . .")),
        "line 1",
    );
    assert_bad(
        &format!("players 2\n{}", rows(10, ". . . 3o . . . . . .")),
        "owner 3",
    );
    assert_bad(&rows(10, ". . . . . . . . . . ."), "the first row has 11");
    let mut short = rows(10, ". . . . . . . . . .");
    short = short.lines().take(9).collect::<Vec<_>>().join("\n");
    assert_bad(&short, "9 rows");
    assert_bad("", "no board rows");
}

#[test]
fn an_unreadable_file_and_bad_arguments_exit_2_with_one_line() {
    let out = bin()
        .args(["bracket", "resolve", "/no/such/board"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(String::from_utf8(out.stderr).unwrap().lines().count(), 1);
    for args in [
        &["bracket", "resolve"][..],
        &["bracket"],
        &["bracket", "nope"],
        &["--seed", "x"],
        &["--seed", "3", "bracket", "resolve", "-"],
    ] {
        let out = bin().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err:?}");
    }
}

#[test]
fn mods_from_a_folder_add_kinds_to_the_board_format() {
    let board = rows(10, ". . 1》R . . . . . . .");
    let out = run_stdin(
        &["--mods", "tests/mods/good", "bracket", "resolve", "-"],
        &board,
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with(". . 1》R"), "{text}");
    // Without the mod the glyph is unknown.
    let out = run_stdin(&["bracket", "resolve", "-"], &board);
    assert_eq!(out.status.code(), Some(2));
    // A bad mod is reported and skipped; the good content still works.
    let out = run_stdin(
        &["--mods", "tests/mods/bad", "bracket", "resolve", "-"],
        &rows(10, ". . 1>R . . . . . . ."),
    );
    assert!(out.status.success());
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("broken.ron:10:") && err.contains("attack"),
        "{err}"
    );
}

#[test]
fn the_arena_rotates_seats_and_scores_every_player() {
    let out = common::bin()
        .args([
            "bracket", "arena", "--ai", "strong", "--ai", "greedy", "--games", "2", "--ms", "30",
            "--seed", "4",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(
        lines[0].starts_with("game 1 1=strong 2=greedy winner "),
        "{text}"
    );
    assert!(
        lines[1].starts_with("game 2 1=greedy 2=strong winner "),
        "{text}"
    );
    // The last line: each player's share of the wins, in the order given.
    let score = lines[2].strip_prefix("score strong ").unwrap();
    let (strong, rest) = score.split_once("% greedy ").unwrap();
    let greedy = rest.strip_suffix('%').unwrap();
    let (s, g): (f64, f64) = (strong.parse().unwrap(), greedy.parse().unwrap());
    assert!((s + g - 100.0).abs() < 0.11, "{text}");
}

/// 星号大战 in the arena: played until nobody can place, scored by coverage; a strong
/// player's time a move given per seat.
#[test]
fn the_arena_plays_star_war_and_gives_each_strong_player_its_time() {
    let out = common::bin()
        .args([
            "bracket",
            "arena",
            "--mode",
            "star-war",
            "--ai",
            "strong:20",
            "--ai",
            "greedy",
            "--games",
            "2",
            "--seed",
            "3",
            "--interval",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    for line in &lines[..2] {
        assert!(
            line.contains("(coverage ") && line.contains(" strong:20:")
                || line.contains("(coverage strong:20:"),
            "scored by coverage: {text}"
        );
    }
    let score = lines[2].strip_prefix("score strong:20 ").unwrap();
    let s: f64 = score.split_once('%').unwrap().0.parse().unwrap();
    // With --interval, each share's 95 % interval last, holding the share.
    let interval = lines[3].strip_prefix("interval95 strong:20 ").unwrap();
    let (lo, rest) = interval.split_once('-').unwrap();
    let hi = rest.split_once('%').unwrap().0;
    let (lo, hi): (f64, f64) = (lo.parse().unwrap(), hi.parse().unwrap());
    assert!(lo <= s && s <= hi && (0.0..=100.0).contains(&lo), "{text}");
}

#[test]
fn bad_arena_command_lines_exit_2_with_one_line() {
    for args in [
        vec![
            "bracket", "arena", "--ai", "genius", "--ai", "greedy", "--games", "1",
        ],
        vec!["bracket", "arena", "--ai", "greedy", "--games", "1"],
        vec![
            "bracket", "arena", "--ai", "greedy", "--ai", "random", "--games", "1", "--size", "99",
        ],
        vec![
            "bracket", "arena", "--ai", "greedy", "--ai", "random", "--games", "0",
        ],
        vec![
            "bracket", "arena", "--ai", "greedy", "--ai", "random", "--games", "1", "--mode", "go",
        ],
        vec![
            "bracket", "arena", "--ai", "strong:0", "--ai", "random", "--games", "1",
        ],
        vec![
            "bracket",
            "arena",
            "--ai",
            "strong:fast",
            "--ai",
            "random",
            "--games",
            "1",
        ],
    ] {
        let out = common::bin().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8(out.stderr).unwrap().lines().count(),
            1,
            "{args:?}"
        );
    }
}
