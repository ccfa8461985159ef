//! Texture packs: both shipped packs are complete; a pack missing an image falls back to the
//! default pack's; a broken pack falls back whole; the packs are found at start.

use std::path::Path;

use bracket_war::app::texture_pack::{packs_in, resolve_pack};

fn assets() -> &'static Path {
    Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"))
}

const KINDS: [&str; 8] = [
    "angle", "paren", "e", "brace", "square", "circle", "star", "cross",
];

#[test]
fn both_packs_are_found_and_complete() {
    assert_eq!(
        packs_in(assets()),
        vec!["default".to_string(), "JoKing".to_string()]
    );
    for name in ["default", "JoKing"] {
        let p = resolve_pack(assets(), name);
        assert_eq!(p.name, name);
        assert!(p.problems.is_empty(), "{name}: {:?}", p.problems);
        for k in KINDS {
            assert_eq!(
                p.pieces.get(k),
                Some(&format!("packs/{name}/pieces/{k}.png"))
            );
        }
        for path in [&p.cell, &p.logo]
            .into_iter()
            .chain(&p.mirrors)
            .chain(&p.glass)
            .chain(&p.junqi)
        {
            assert!(path.starts_with(&format!("packs/{name}/")), "{path}");
            assert!(assets().join(path).is_file(), "{path}");
        }
    }
    assert_ne!(
        resolve_pack(assets(), "JoKing").background,
        resolve_pack(assets(), "default").background
    );
}

#[test]
fn missing_images_and_broken_packs_fall_back_to_the_default() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path().to_path_buf();
    // A copy of the default pack, and a pack that names a missing image and lacks a kind.
    let copy = |from: &Path, to: &Path| {
        for e in walk(from) {
            let rel = e.strip_prefix(from).unwrap();
            std::fs::create_dir_all(to.join(rel).parent().unwrap()).unwrap();
            std::fs::copy(&e, to.join(rel)).unwrap();
        }
    };
    copy(&assets().join("packs/default"), &root.join("packs/default"));
    copy(&assets().join("packs/JoKing"), &root.join("packs/thin"));
    std::fs::remove_file(root.join("packs/thin/pieces/star.png")).unwrap();
    let text = std::fs::read_to_string(root.join("packs/thin/pack.ron")).unwrap();
    std::fs::write(
        root.join("packs/thin/pack.ron"),
        text.replace("        \"cross\": \"pieces/cross.png\",\n", ""),
    )
    .unwrap();
    std::fs::create_dir_all(root.join("packs/broken")).unwrap();
    std::fs::write(root.join("packs/broken/pack.ron"), "(name: oops").unwrap();

    let thin = resolve_pack(&root, "thin");
    assert_eq!(thin.name, "thin");
    assert_eq!(thin.pieces["star"], "packs/default/pieces/star.png");
    assert_eq!(thin.pieces["cross"], "packs/default/pieces/cross.png");
    assert_eq!(thin.pieces["angle"], "packs/thin/pieces/angle.png");
    assert_eq!(thin.problems.len(), 2, "{:?}", thin.problems);

    let broken = resolve_pack(&root, "broken");
    assert_eq!(broken.name, "default");
    assert!(
        broken.problems[0].contains("broken"),
        "{:?}",
        broken.problems
    );
    assert_eq!(broken.pieces["angle"], "packs/default/pieces/angle.png");
    assert_eq!(
        packs_in(&root),
        vec![
            "default".to_string(),
            "broken".to_string(),
            "thin".to_string()
        ]
    );
}

fn walk(dir: &Path) -> Vec<std::path::PathBuf> {
    let mut out = Vec::new();
    for e in std::fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            out.extend(walk(&p));
        } else {
            out.push(p);
        }
    }
    out
}

#[test]
fn seat_colours_come_from_the_pack_and_the_two_packs_differ() {
    let assets = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets");
    let default = resolve_pack(&assets, "default");
    let joking = resolve_pack(&assets, "JoKing");
    assert!(default.problems.is_empty() && joking.problems.is_empty());
    assert_eq!(default.seats, bracket_war::app::theme::DEFAULT_SEATS);
    assert_ne!(default.seats, joking.seats);
    assert_eq!(
        default.junqi_board,
        bracket_war::app::theme::DEFAULT_JUNQI_BOARD
    );
    assert_ne!(default.junqi_board, joking.junqi_board);
}

#[test]
fn a_pack_without_junqi_art_borrows_the_default_packs() {
    let tmp = tempfile::tempdir().unwrap();
    let root = tmp.path();
    for pack in ["default", "JoKing"] {
        for e in walk(&assets().join("packs").join(pack)) {
            let rel = e.strip_prefix(assets()).unwrap();
            std::fs::create_dir_all(root.join(rel).parent().unwrap()).unwrap();
            std::fs::copy(&e, root.join(rel)).unwrap();
        }
    }
    let ron = root.join("packs/JoKing/pack.ron");
    let text = std::fs::read_to_string(&ron).unwrap();
    let start = text.find("    junqi: (").unwrap();
    let end = start + text[start..].find("),\n").unwrap() + 3;
    std::fs::write(&ron, format!("{}{}", &text[..start], &text[end..])).unwrap();
    let p = resolve_pack(root, "JoKing");
    assert_eq!(p.name, "JoKing");
    assert_eq!(
        p.junqi,
        [
            "packs/default/junqi/face.png".to_string(),
            "packs/default/junqi/back.png".into(),
            "packs/default/junqi/wood.png".into()
        ]
    );
    assert_eq!(p.problems.len(), 3, "{:?}", p.problems);
}
