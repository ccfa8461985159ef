//! The fixed `bracket-war junqi` command lines.

use std::process::{Command, Output};

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_bracket-war"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(args: &[&str]) -> String {
    let out = run(args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn board_counts() {
    assert_eq!(
        stdout(&["junqi", "board", "--board", "2p"]),
        "nodes 60 links 133 railway 35 stations 32\n"
    );
    assert_eq!(
        stdout(&["junqi", "board", "--board", "4p"]),
        "nodes 129 links 288 railway 92 stations 73\n"
    );
}

#[test]
fn reach_prints_sorted_destinations_on_one_line() {
    assert_eq!(
        stdout(&["junqi", "reach", "--board", "4p", "--from", "S44"]),
        "C02 C12 C22 E00 E10 E20 E30 E40 N00 N10 N20 N30 N40 S04 S14 S24 S33 S34 S40 S41 S42 S43 S54\n"
    );
    assert_eq!(
        stdout(&["junqi", "reach", "--board", "2p", "--from", "A40"]),
        "A00 A10 A20 A30 A31 A41 A42 A43 A44 A50 B04 B14 B24 B34 B44\n"
    );
    // A piece on an HQ prints an empty line.
    assert_eq!(
        stdout(&["junqi", "reach", "--board", "2p", "--from", "A51"]),
        "\n"
    );
    // Own pieces block and are never destinations; enemies block and are destinations,
    // except in camps (A31 is an empty camp beside A40, on a diagonal road).
    assert_eq!(
        stdout(&[
            "junqi", "reach", "--board", "2p", "--from", "A40", "--own", "A30,A41", "--enemy",
            "A50"
        ]),
        "A31 A50\n"
    );
    assert_eq!(
        stdout(&[
            "junqi", "reach", "--board", "2p", "--from", "A21", "--enemy", "A11,A20"
        ]),
        "A20 A22 A31\n"
    );
    let engineer = stdout(&[
        "junqi",
        "reach",
        "--board",
        "4p",
        "--from",
        "S40",
        "--engineer",
    ]);
    assert_eq!(
        engineer.split_whitespace().count(),
        72 + 2,
        "72 stations, the post S50 and the camp S31"
    );
}

#[test]
fn reach_refuses_bad_input_with_one_line() {
    for args in [
        &["junqi", "reach", "--board", "4p", "--from", "Z99"][..],
        &["junqi", "reach", "--board", "3p", "--from", "S00"],
        &[
            "junqi", "reach", "--board", "4p", "--from", "S00", "--own", "S00",
        ],
        &[
            "junqi", "reach", "--board", "4p", "--from", "S00", "--own", "S10", "--enemy", "S10",
        ],
        &["junqi", "reach", "--board", "2p", "--from", "S00"],
        &["junqi", "reach", "--from", "S00"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8(out.stderr).unwrap().lines().count(),
            1,
            "{args:?}"
        );
    }
}

#[test]
fn play_prints_every_ply_and_the_result_and_replay_prints_the_same() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let modes: [&[&str]; 5] = [
        &["--players", "4"],
        &["--players", "4", "--alliance", "adjacent", "--open-allies"],
        &["--players", "4", "--alliance", "none", "--deal", "random"],
        &["--players", "3"],
        &["--players", "2", "--board", "2p"],
    ];
    for (i, mode) in modes.iter().enumerate() {
        let record = dir.join(format!("{i}.ron"));
        let mut args = vec!["junqi", "play"];
        args.extend_from_slice(mode);
        args.extend_from_slice(&[
            "--seed",
            "11",
            "--ai",
            "heuristic",
            "--record",
            record.to_str().unwrap(),
        ]);
        let live = stdout(&args);
        assert!(live.starts_with("junqi board"), "{live}");
        assert!(live.lines().any(|l| l.starts_with("ply 1 ")));
        assert!(live.lines().any(|l| l.starts_with("result ")));
        assert!(live.lines().last().unwrap().starts_with("scores "));
        let replayed = stdout(&["junqi", "replay", record.to_str().unwrap()]);
        assert_eq!(replayed, live, "{mode:?}");
        // The same seed gives the same game.
        assert_eq!(stdout(&args), live);
    }
}

#[test]
fn play_refuses_bad_settings() {
    for args in [
        &[
            "junqi",
            "play",
            "--players",
            "5",
            "--seed",
            "1",
            "--ai",
            "random",
        ][..],
        &[
            "junqi",
            "play",
            "--players",
            "3",
            "--board",
            "2p",
            "--seed",
            "1",
            "--ai",
            "random",
        ],
        &[
            "junqi",
            "play",
            "--players",
            "4",
            "--seed",
            "1",
            "--ai",
            "random,random",
        ],
        &[
            "junqi",
            "play",
            "--players",
            "4",
            "--seed",
            "1",
            "--ai",
            "genius",
        ],
        &["junqi", "play", "--players", "4", "--ai", "random"],
    ] {
        let out = run(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert_eq!(
            String::from_utf8(out.stderr).unwrap().lines().count(),
            1,
            "{args:?}"
        );
    }
    let tmp = tempfile::tempdir().unwrap();
    let bad = tmp.path().join("bad-record.ron");
    std::fs::write(&bad, "(version: 1, oops)").unwrap();
    let out = run(&["junqi", "replay", bad.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}
