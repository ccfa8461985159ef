//! Every board under `tests/bracket/cases/` (one per rule of the spec): its hand-written
//! `# expect` lines must hold after resolution, its full report must match the `.out` file,
//! and the ECS schedule must reach the same board as the kernel.
//!
//! `BLESS=1 cargo test -p bracket-war-rules --test bracket_cases` rewrites the `.out` files
//! (review the diff: the `# expect` lines are the hand-checked part).

use std::path::{Path, PathBuf};

use bevy_app::App;
use bw_rules::bracket::ecs::{BracketBoard, BracketRulesPlugin, resolve_world, spawn_board};
use bw_rules::bracket::text::{format_report, parse_board, tile_token};
use bw_rules::bracket::{Board, KindTable, coverage::coverage_all, resolve};

fn cases_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/bracket/cases")
}

fn cases() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(cases_dir())
        .expect("tests/bracket/cases exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "board"))
        .collect();
    v.sort();
    assert!(v.len() >= 30, "expected the rule cases, found {}", v.len());
    v
}

fn check_expectations(name: &str, text: &str, board: &Board, kinds: &KindTable) -> Vec<String> {
    let coverage = coverage_all(board, kinds);
    let cell = |rc: &str| {
        let (r, c) = rc.split_once(',').expect("r,c");
        board.index(r.parse().unwrap(), c.parse().unwrap())
    };
    let mut failures = Vec::new();
    for line in text.lines() {
        let Some(e) = line.strip_prefix("# expect ") else {
            continue;
        };
        let w: Vec<&str> = e.split_whitespace().collect();
        let ok = match w.as_slice() {
            ["piece", rc, token] => tile_token(board.tile(cell(rc)), kinds) == *token,
            ["empty", rc] => tile_token(board.tile(cell(rc)), kinds) == ".",
            ["covered", p, rc] => coverage[p.parse::<usize>().unwrap() - 1].contains(cell(rc)),
            ["uncovered", p, rc] => !coverage[p.parse::<usize>().unwrap() - 1].contains(cell(rc)),
            _ => panic!("{name}: bad expectation `{e}`"),
        };
        if !ok {
            failures.push(format!("{name}: expected {e}"));
        }
    }
    failures
}

#[test]
fn every_rule_case_resolves_as_expected() {
    let kinds = KindTable::builtin();
    let bless = std::env::var_os("BLESS").is_some();
    let mut failures = Vec::new();
    for path in cases() {
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains("# expect "), "{name} has no expectations");
        let mut board = parse_board(&text, &kinds).unwrap_or_else(|e| panic!("{name}: {e}"));
        resolve(&mut board, &kinds);
        failures.extend(check_expectations(&name, &text, &board, &kinds));
        let report = format_report(&board, &kinds);
        let out = path.with_extension("out");
        if bless {
            std::fs::write(&out, &report).unwrap();
        } else {
            let want = std::fs::read_to_string(&out).unwrap_or_default();
            if want != report {
                failures.push(format!(
                    "{name}: report differs from {}:\n{report}",
                    out.display()
                ));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_ecs_schedule_agrees_with_the_kernel_on_every_case() {
    let kinds = KindTable::builtin();
    for path in cases() {
        let text = std::fs::read_to_string(&path).unwrap();
        let start = parse_board(&text, &kinds).unwrap();
        let mut kernel = start.clone();
        resolve(&mut kernel, &kinds);

        let mut app = App::new();
        app.add_plugins(BracketRulesPlugin);
        spawn_board(app.world_mut(), &start);
        resolve_world(app.world_mut());
        let ecs = app.world().resource::<BracketBoard>().board.clone();
        assert_eq!(ecs, kernel, "{}", path.display());
    }
}
