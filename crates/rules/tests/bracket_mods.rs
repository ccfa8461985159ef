//! Mods add piece kinds from RON without recompiling; a bad mod file is refused with its
//! file, line and field, and everything else still loads.

use std::path::{Path, PathBuf};

use bw_rules::bracket::game::{Action, At, Game, Settings};
use bw_rules::bracket::generate::BoardSettings;
use bw_rules::bracket::text::parse_board;
use bw_rules::bracket::{Dir, KindTable, resolve};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

#[test]
fn a_mod_kind_is_loaded_and_played() {
    let report = KindTable::load(&repo().join("content"), &[repo().join("tests/mods/good")]);
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let kinds = report.table;
    let heavy = kinds.by_glyph('》').expect("the mod kind is loaded");
    assert_eq!(kinds.get(heavy).id, "double_angle");
    assert_eq!(kinds.len(), 9);

    // It plays: placed by P1, its beam of 2 destroys a star (HP 1.5) that 1.5 would not.
    let mut g = Game::new(
        Settings {
            board: BoardSettings {
                side: 10,
                players: 2,
                mirror_density: 0.0,
                glass_density: 0.0,
            },
            ..Default::default()
        },
        3,
    );
    g.act(
        &kinds,
        Action::Place {
            at: At { row: 2, col: 2 },
            kind: heavy,
            facing: Some(Dir::R),
        },
    )
    .unwrap();
    assert_eq!(g.turn.current, 2, "the mod kind was placed like any other");

    let text = std::iter::once("1》R . . . . . . 2* . .")
        .chain(std::iter::repeat_n(". . . . . . . . . .", 9))
        .collect::<Vec<_>>()
        .join("\n");
    let mut b = parse_board(&text, &kinds).unwrap();
    // The star stands outside P2's coverage in this toy board, so give P2 a ray to it.
    b.set(
        b.index(9, 7),
        bw_rules::bracket::Tile::Piece(bw_rules::bracket::Piece {
            owner: 2,
            kind: kinds.by_glyph('>').unwrap(),
            facing: Some(Dir::U),
        }),
    );
    let r = resolve(&mut b, &kinds);
    assert_eq!(r.removed_count(), 1);
    assert_eq!(
        b.tile(b.index(0, 7)),
        bw_rules::bracket::Tile::Empty,
        "2 > 1.5"
    );
}

#[test]
fn a_bad_mod_is_refused_with_file_line_and_field_and_the_rest_loads() {
    let report = KindTable::load(
        &repo().join("content"),
        &[
            repo().join("tests/mods/bad"),
            repo().join("tests/mods/good"),
        ],
    );
    assert_eq!(report.errors.len(), 1);
    let e = &report.errors[0];
    assert!(e.file.ends_with("tests/mods/bad/broken.ron"));
    assert_eq!((e.line, e.field.as_deref()), (10, Some("attack")));
    let shown = e.to_string();
    assert!(
        shown.contains("broken.ron:10:") && shown.contains("attack"),
        "{shown}"
    );
    assert_eq!(
        report.table.len(),
        9,
        "built-ins and the good mod still load"
    );
}

#[test]
fn a_damaged_builtin_file_falls_back_to_the_compiled_in_copy() {
    let dir = std::env::temp_dir().join(format!("bw-content-{}", std::process::id()));
    std::fs::create_dir_all(dir.join("bracket")).unwrap();
    std::fs::write(dir.join("bracket/pieces.ron"), "(kinds: [ (id: \"oops\" ").unwrap();
    let report = KindTable::load(&dir, &[]);
    assert_eq!(report.errors.len(), 1);
    assert_eq!(report.table.len(), 8);
    std::fs::remove_dir_all(dir).unwrap();
}
