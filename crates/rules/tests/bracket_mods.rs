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

#[test]
fn a_mod_kind_may_name_its_own_picture() {
    let report = KindTable::load(
        &repo().join("content"),
        &[repo().join("tests/mods/pictured")],
    );
    assert!(report.errors.is_empty(), "{:?}", report.errors);
    let kinds = report.table;
    let shell = kinds.get(kinds.by_id("tortoise_shell").unwrap());
    let image = shell.image.as_ref().expect("the picture is kept");
    assert!(image.ends_with("tests/mods/pictured/tortoise_shell.png"));
    assert!(image.is_file());
    let plain = kinds.get(kinds.by_id("lenticular").unwrap());
    assert_eq!(plain.image, None);
    assert!(
        kinds
            .iter()
            .all(|(_, k)| k.id != "eye" || k.image.is_none()),
        "a kind without a picture has none"
    );
}

/// A mod folder holding one kind that names `image`, and the files given.
fn mod_with_image(image: &str, files: &[(&str, Vec<u8>)]) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let ron = format!(
        "(kinds: [(\n id: \"pic\",\n glyph: 'q',\n name: (zh: \"图\", en: \"Pic\"),\n class: Shape,\n hp: Points(1),\n image: \"{image}\",\n)])"
    );
    std::fs::write(dir.path().join("pic.ron"), ron).unwrap();
    for (name, bytes) in files {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    let report = KindTable::load(&repo().join("content"), &[dir.path().to_path_buf()]);
    assert_eq!(report.table.len(), 8, "the file is refused whole");
    assert_eq!(report.errors.len(), 1, "{:?}", report.errors);
    let e = &report.errors[0];
    assert_eq!(
        (e.line, e.field.as_deref()),
        (7, Some("image")),
        "names the line and the field: {e}"
    );
    (dir, e.to_string())
}

/// The 24 bytes a PNG starts with: the signature and the header's size.
fn png_header(width: u32, height: u32) -> Vec<u8> {
    let mut b = b"\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR".to_vec();
    b.extend(width.to_be_bytes());
    b.extend(height.to_be_bytes());
    b.extend([8, 6, 0, 0, 0]);
    b
}

#[test]
fn a_picture_that_cannot_be_used_refuses_its_file_with_the_reason() {
    let (_d, why) = mod_with_image("../outside.png", &[]);
    assert!(why.contains("mod's folder"), "{why}");
    let (_d, why) = mod_with_image("/etc/passwd.png", &[]);
    assert!(why.contains("mod's folder"), "{why}");
    let (_d, why) = mod_with_image("missing.png", &[]);
    assert!(why.contains("cannot read `missing.png`"), "{why}");
    let (_d, why) = mod_with_image("pic.jpg", &[("pic.jpg", png_header(8, 8))]);
    assert!(why.contains("must be a PNG"), "{why}");
    let (_d, why) = mod_with_image(
        "pic.png",
        &[("pic.png", b"GIF89a, not a png at all".to_vec())],
    );
    assert!(why.contains("not a PNG image"), "{why}");
    let (_d, why) = mod_with_image("pic.png", &[("pic.png", b"short".to_vec())]);
    assert!(why.contains("not a PNG image"), "{why}");
    let big = bw_rules::bracket::content::MAX_IMAGE_SIDE + 1;
    let (_d, why) = mod_with_image("pic.png", &[("pic.png", png_header(big, 8))]);
    assert!(
        why.contains("513x8") && why.contains("512x512 at most"),
        "{why}"
    );
    let mut huge = png_header(8, 8);
    huge.resize(bw_rules::bracket::content::MAX_IMAGE_BYTES as usize + 1, 0);
    let (_d, why) = mod_with_image("pic.png", &[("pic.png", huge)]);
    assert!(why.contains("bytes at most"), "{why}");
}
