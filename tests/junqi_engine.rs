//! Conformance of `bracket-war junqi engine` and `bracket-war junqi arena` with the 军棋
//! engine protocol (docs/junqi-engine.md): the handshake, malformed lines, a whole game
//! between two engine processes under the arena, reproducible play with `--nodes`.

mod common;

use common::{bin, run_stdin};

const HAND: &str = "MAR GEN DIV DIV BRI BRI COL COL MAJ MAJ CPT CPT CPT LT LT LT ENG ENG ENG MINE MINE MINE BOMB BOMB FLAG";
const RULES_2: &str = "rules board=4p seats=S,N alliance=none deal=standard open_allies=off reveal_flag=on bombs_not_front=on quiet_limit=60";

fn lines(out: &std::process::Output) -> Vec<String> {
    String::from_utf8(out.stdout.clone())
        .unwrap()
        .lines()
        .map(String::from)
        .collect()
}

/// Every node of S's and N's arms but the camps, as `occupied` pairs.
fn occupied() -> String {
    let camps = [(1, 1), (1, 3), (2, 2), (3, 1), (3, 3)];
    let mut v = Vec::new();
    for s in ['S', 'N'] {
        for r in 0..6 {
            for c in 0..5 {
                if !camps.contains(&(r, c)) {
                    v.push(format!("{s}{r}{c}={s}"));
                }
            }
        }
    }
    format!("occupied {}", v.join(" "))
}

#[test]
fn handshake_then_quit() {
    for ai in ["random", "heuristic", "strong"] {
        let out = run_stdin(
            &["junqi", "engine", "--ai", ai],
            "protocol 1\nquit\nprotocol 1\n",
        );
        assert!(out.status.success());
        let l = lines(&out);
        assert_eq!(l.len(), 2, "{l:?}");
        assert!(
            l[0].starts_with(&format!("engine bracket-war {ai} ")),
            "{l:?}"
        );
        assert_eq!(l[1], "ok");
    }
}

#[test]
fn malformed_lines_get_errors_and_the_engine_goes_on() {
    let input = format!(
        "protocol 1\r\nhello\n\ngo\nrules board=9p seats=S,N\npieces MAR\n{RULES_2}\nseat Q\nseat S\npieces {HAND} XYZ\npieces {HAND}\ngo 100\ndeploy 2000\nevent move S S30 Z99 empty\n"
    );
    let mut bytes = input.into_bytes();
    bytes.extend_from_slice(b"\xff\xfe\n");
    // End of input (no quit): exit 0.
    let mut child = bin()
        .args(["junqi", "engine", "--ai", "heuristic"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child.stdin.take().unwrap().write_all(&bytes).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success());
    let l = lines(&out);
    let errors: Vec<&String> = l.iter().filter(|x| x.starts_with("error ")).collect();
    // hello, go, rules board=9p, pieces before rules, seat Q, pieces XYZ, go before start,
    // the unknown node, the bytes that are not UTF-8.
    assert_eq!(errors.len(), 9, "{l:#?}");
    assert!(l.iter().any(|x| x.starts_with("layout S")), "{l:#?}");
    assert_eq!(
        l[0..2],
        [
            "engine bracket-war heuristic 0.1.0".to_string(),
            "ok".into()
        ]
    );
}

#[test]
fn the_strong_engine_is_reproducible_with_nodes_and_a_seed() {
    let script = format!(
        "protocol 1\n{RULES_2}\nseat S\npieces {HAND}\ndeploy 2000\nlayout ok\nstart first=S\n{}\nknown\ngo 5000\nevent move S S30 S20 empty\nevent move N N30 N20 empty\ngo 5000\nquit\n",
        occupied()
    );
    let run = || {
        let out = run_stdin(
            &[
                "junqi", "engine", "--ai", "strong", "--seed", "7", "--nodes", "6",
            ],
            &script,
        );
        assert!(out.status.success());
        lines(&out)
            .into_iter()
            .filter(|l| !l.starts_with("info"))
            .collect::<Vec<_>>()
    };
    let (a, b) = (run(), run());
    assert_eq!(a, b);
    assert_eq!(a.len(), 5, "{a:#?}");
    assert!(a[2].starts_with("layout "));
    assert!(
        a[3].starts_with("move ") && a[4].starts_with("move "),
        "{a:#?}"
    );
}

#[test]
fn an_arena_runs_whole_games_between_engine_processes_and_keeps_their_records() {
    let exe = env!("CARGO_BIN_EXE_bracket-war");
    let dir = tempfile::tempdir().unwrap();
    let out = bin()
        .args([
            "junqi",
            "arena",
            "--engine",
            &format!("'{exe}' junqi engine --ai random --seed 3"),
            "--engine",
            &format!("'{exe}' junqi engine --ai strong --nodes 4"),
            "--games",
            "2",
            "--board",
            "2p",
            "--ms",
            "2000",
            "--seed",
            "11",
            "--records",
            dir.path().to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let l = lines(&out);
    assert!(l[0].starts_with("engine 1 `") && l[0].ends_with("is bracket-war random 0.1.0"));
    assert!(l[1].ends_with("is bracket-war strong 0.1.0"), "{l:#?}");
    assert!(l[2].starts_with("game 1 A=1 B=2 "), "{l:#?}");
    let game2 = l.iter().find(|x| x.starts_with("game 2 ")).unwrap();
    assert!(game2.starts_with("game 2 A=2 B=1 "), "{l:#?}");
    let summary: Vec<&String> = l
        .iter()
        .filter(|x| x.starts_with("engine 1 bracket-war"))
        .collect();
    assert_eq!(summary.len(), 1, "{l:#?}");
    assert!(summary[0].contains("score ") && summary[0].contains("forfeits"));
    assert!(l.last().unwrap().starts_with("elo 1 vs 2: "), "{l:#?}");
    assert!(!l.iter().any(|x| x.contains("forfeited")), "{l:#?}");
    // Each record replays.
    for g in ["game-0001.ron", "game-0002.ron"] {
        let path = dir.path().join(g);
        let replay = bin()
            .args(["junqi", "replay", path.to_str().unwrap()])
            .output()
            .unwrap();
        assert!(replay.status.success());
        let text = String::from_utf8(replay.stdout).unwrap();
        assert!(text.starts_with("junqi board 2p players 2"), "{text}");
        assert!(text.contains("result "), "{text}");
    }
}

#[test]
fn bad_arena_and_engine_command_lines_exit_with_one_line() {
    for (args, code) in [
        (vec!["junqi", "engine", "--ai", "genius"], 2),
        (vec!["junqi", "arena", "--engine", "x", "--games", "1"], 2),
        (
            vec![
                "junqi",
                "arena",
                "--engine",
                "/no/such/engine",
                "--engine",
                "/no/such/engine",
                "--games",
                "1",
            ],
            1,
        ),
        (
            vec![
                "junqi",
                "arena",
                "--engine",
                "a",
                "--engine",
                "b",
                "--games",
                "1",
                "--board",
                "2p",
                "--players",
                "4",
            ],
            2,
        ),
    ] {
        let out = bin().args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(code), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    }
}
