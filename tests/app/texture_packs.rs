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

/// The contrast (WCAG's ratio of relative luminances) a seat's colour must have on its
/// pack's 括号大战 cell: the pieces are the seat's colour on that cell, with no outline.
const MIN_CONTRAST_ON_BOARD: f32 = 1.9;
/// How far apart (CIE76 ΔE in Lab) two seats' colours must be.
const MIN_SEAT_DISTANCE: f32 = 40.0;

fn linear(c: f32) -> f32 {
    if c <= 0.04045 {
        c / 12.92
    } else {
        ((c + 0.055) / 1.055).powf(2.4)
    }
}

fn luminance((r, g, b): (f32, f32, f32)) -> f32 {
    0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b)
}

fn contrast(a: (f32, f32, f32), b: (f32, f32, f32)) -> f32 {
    let (la, lb) = (luminance(a), luminance(b));
    (la.max(lb) + 0.05) / (la.min(lb) + 0.05)
}

fn lab((r, g, b): (f32, f32, f32)) -> [f32; 3] {
    let (r, g, b) = (linear(r), linear(g), linear(b));
    let x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047;
    let y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
    let z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883;
    let f = |t: f32| {
        if t > 0.008856 {
            t.cbrt()
        } else {
            7.787 * t + 16.0 / 116.0
        }
    };
    [
        116.0 * f(y) - 16.0,
        500.0 * (f(x) - f(y)),
        200.0 * (f(y) - f(z)),
    ]
}

fn distance(a: (f32, f32, f32), b: (f32, f32, f32)) -> f32 {
    let (a, b) = (lab(a), lab(b));
    ((a[0] - b[0]).powi(2) + (a[1] - b[1]).powi(2) + (a[2] - b[2]).powi(2)).sqrt()
}

/// The average colour of a PNG's opaque pixels (sRGB 0..1).
fn average_colour(path: &Path) -> (f32, f32, f32) {
    let decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
    let mut reader = decoder.read_info().unwrap();
    let mut buf = vec![0; reader.output_buffer_size().unwrap()];
    let info = reader.next_frame(&mut buf).unwrap();
    assert_eq!(info.color_type, png::ColorType::Rgba, "{}", path.display());
    let (mut sum, mut n) = ([0.0f32; 3], 0.0f32);
    for px in buf[..info.buffer_size()].chunks(4) {
        if px[3] > 200 {
            for k in 0..3 {
                sum[k] += px[k] as f32 / 255.0;
            }
            n += 1.0;
        }
    }
    (sum[0] / n, sum[1] / n, sum[2] / n)
}

/// Every pack's seats can be told apart, from each other and on its board; so can the
/// colour-blind-safe palette on every pack's board. (JoKing's player 4 was gold on
/// parchment: 1.10.)
#[test]
fn every_packs_seat_colours_stand_apart_and_out_on_its_board() {
    let palette = bracket_war::app::theme::COLORBLIND_SEATS;
    for name in packs_in(assets()) {
        let pack = resolve_pack(assets(), &name);
        let cell = average_colour(&assets().join(&pack.cell));
        for seats in [pack.seats, palette] {
            for (i, &a) in seats.iter().enumerate() {
                let c = contrast(a, cell);
                assert!(
                    c >= MIN_CONTRAST_ON_BOARD,
                    "{name}: seat {} {a:?} on the board's cell {cell:?}: contrast {c:.2}",
                    i + 1
                );
                for (j, &b) in seats.iter().enumerate().skip(i + 1) {
                    let d = distance(a, b);
                    assert!(
                        d >= MIN_SEAT_DISTANCE,
                        "{name}: seats {} and {} are {d:.0} apart",
                        i + 1,
                        j + 1
                    );
                }
            }
        }
    }
}
