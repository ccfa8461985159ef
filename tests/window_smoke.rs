//! A real window under Xvfb (Mesa's software Vulkan): `bracket-war screenshot` shows a
//! seeded game in progress, takes a screenshot with Bevy's screenshot API and exits; the
//! picture must show the board, both players' pieces and the Chinese interface.
//!
//! Needs a display, so it is ignored by a plain `cargo test`; `scripts/test.sh` runs it as
//! `xvfb-run -a cargo test --test window_smoke -- --ignored`.

use std::path::PathBuf;
use std::process::Command;

struct Picture {
    width: usize,
    height: usize,
    rgba: Vec<u8>,
}

impl Picture {
    fn load(path: &PathBuf) -> Picture {
        let decoder =
            png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path).unwrap()));
        let mut reader = decoder.read_info().unwrap();
        let mut buf = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut buf).unwrap();
        let channels = info.color_type.samples();
        let mut rgba = Vec::with_capacity(info.width as usize * info.height as usize * 4);
        for px in buf[..info.buffer_size()].chunks(channels) {
            rgba.extend_from_slice(&[px[0], px[1], px[2], if channels == 4 { px[3] } else { 255 }]);
        }
        Picture {
            width: info.width as usize,
            height: info.height as usize,
            rgba,
        }
    }

    fn pixel(&self, x: usize, y: usize) -> [u8; 3] {
        let i = (y * self.width + x) * 4;
        [self.rgba[i], self.rgba[i + 1], self.rgba[i + 2]]
    }

    /// Share of pixels in the rectangle for which `f` holds.
    fn share(
        &self,
        (x0, y0, x1, y1): (usize, usize, usize, usize),
        f: impl Fn([u8; 3]) -> bool,
    ) -> f64 {
        let mut hit = 0;
        for y in y0..y1 {
            for x in x0..x1 {
                hit += f(self.pixel(x, y)) as usize;
            }
        }
        hit as f64 / ((x1 - x0) * (y1 - y0)) as f64
    }
}

/// The pictures `scripts/screenshots.sh` makes (Chinese, the default pack), made once per
/// run of this test program: the README's pictures are checked against them, and the
/// checks below read them instead of starting the window again for the same screen.
fn pictures() -> &'static std::path::Path {
    static DIR: std::sync::OnceLock<tempfile::TempDir> = std::sync::OnceLock::new();
    DIR.get_or_init(|| {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let out = tempfile::tempdir().unwrap();
        let run = Command::new("bash")
            .arg(root.join("scripts/screenshots.sh"))
            .arg(env!("CARGO_BIN_EXE_bracket-war"))
            .env("SCREENSHOTS_OUT", out.path())
            .current_dir(root)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&run.stderr);
        assert!(run.status.success(), "scripts/screenshots.sh: {stderr}");
        // The game has sound; with no sound card (CI, Xvfb) it runs silently, without the
        // sound library's complaints.
        assert!(
            !stderr.contains("ALSA lib") && !stderr.contains("panicked"),
            "{stderr}"
        );
        out
    })
    .path()
}

fn shoot(screen: &str, lang: &str) -> Picture {
    if lang == "zh" {
        let made = pictures().join(format!("{screen}.png"));
        if made.exists() {
            let pic = Picture::load(&made);
            assert_eq!((pic.width, pic.height), (1280, 800));
            return pic;
        }
    }
    let out = std::env::temp_dir().join(format!(
        "bw-smoke-{screen}-{lang}-{}.png",
        std::process::id()
    ));
    let status = Command::new(env!("CARGO_BIN_EXE_bracket-war"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["screenshot", "--screen", screen, "--lang", lang, "--out"])
        .arg(&out)
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&status.stderr);
    assert!(
        status.status.success(),
        "the window ran and exited cleanly: {stderr}"
    );
    // The game has sound; with no sound card (CI, Xvfb) it runs silently, without the
    // sound library's complaints.
    assert!(
        !stderr.contains("ALSA lib") && !stderr.contains("panicked"),
        "{stderr}"
    );
    let pic = Picture::load(&out);
    if std::env::var_os("KEEP_SMOKE_PNG").is_none() {
        std::fs::remove_file(&out).ok();
    }
    assert_eq!((pic.width, pic.height), (1280, 800));
    pic
}

const BOARD: (usize, usize, usize, usize) = (270, 90, 930, 750);

/// The 括号大战 board's light cells, and at least `share` of it in each player's colour
/// (pieces and home corners).
fn board_with_both_players(pic: &Picture, share: f64) {
    let light = pic.share(BOARD, |[r, g, b]| r > 200 && g > 200 && b > 190);
    assert!(light > 0.25, "board cells drawn ({light:.2})");
    let red = pic.share(BOARD, |[r, g, b]| r > 180 && g < 175 && b < 175);
    let blue = pic.share(BOARD, |[r, g, b]| b > 180 && r < 190 && g < 200);
    assert!(
        red > share && blue > share,
        "pieces and corners of both players ({red:.3}, {blue:.3})"
    );
}

#[test]
#[ignore = "needs a display: run under xvfb-run"]
fn the_game_screen_draws_the_board_pieces_and_chinese_text() {
    let pic = shoot("game", "zh");
    board_with_both_players(&pic, 0.01);
    // The palette on the left lists the kinds in the player's colour, in Chinese.
    let palette = pic.share((10, 100, 200, 400), |[r, g, b]| {
        r > 180 && g < 120 && b < 120
    });
    assert!(palette > 0.01, "palette text drawn ({palette:.3})");
    // The top bar and the log panel are dark egui panels with light text.
    let bar_text = pic.share((0, 0, 600, 24), |[r, g, b]| r > 150 && g > 150 && b > 150);
    assert!(bar_text > 0.02, "top bar text ({bar_text:.3})");
}

#[test]
#[ignore = "needs a display: run under xvfb-run"]
fn the_menu_draws_its_title() {
    let pic = shoot("menu", "en");
    let title = pic.share((400, 120, 880, 220), |[r, g, b]| {
        r > 200 && g > 200 && b > 200
    });
    assert!(title > 0.03, "the title is drawn ({title:.3})");
}

#[test]
#[ignore = "needs a display: run under xvfb-run"]
fn the_pig_table_draws_the_pigs_and_the_log() {
    let pic = shoot("pig", "zh");
    // The felt in the middle of the table.
    let felt = pic.share((420, 440, 520, 500), |[r, g, b]| {
        g as i32 > r as i32 + 15 && g as i32 > b as i32 + 5 && g > 50
    });
    assert!(felt > 0.5, "the table is drawn ({felt:.2})");
    // On it, the deck face down (the backs' dark red) and the last card played face up.
    let deck = pic.share((405, 340, 455, 405), |[r, g, b]| {
        (95..150).contains(&r) && g < 70 && b < 70
    });
    assert!(deck > 0.3, "the deck is drawn face down ({deck:.2})");
    // The hands are cards: their cream faces around the table.
    let faces = pic.share((0, 0, 940, 760), |[r, g, b]| {
        r > 235 && g > 228 && (200..236).contains(&b)
    });
    assert!(faces > 0.004, "cards drawn as faces ({faces:.4})");
    // Role-coloured borders: the MP's gold, loyal blue, rebel red.
    let gold = pic.share((0, 0, 940, 760), |[r, g, b]| r > 200 && g > 150 && b < 90);
    let red = pic.share((0, 0, 940, 760), |[r, g, b]| r > 200 && g < 110 && b < 110);
    assert!(
        gold > 0.0005 && red > 0.0005,
        "pigs drawn ({gold:.4}, {red:.4})"
    );
    // The event log on the right is full of text.
    // (egui's body text is mid grey.)
    let log = pic.share((950, 60, 1270, 740), |[r, g, b]| {
        r > 110 && g > 110 && b > 110
    });
    assert!(log > 0.03, "the event log is drawn ({log:.3})");
}

#[test]
#[ignore = "needs a display: run under xvfb-run"]
fn the_junqi_board_draws_stations_railways_and_pieces_seen_from_s() {
    let pic = shoot("junqi-game", "zh");
    // The board's wooden colour fills the middle.
    let wood = pic.share((20, 20, 940, 780), |[r, g, b]| {
        r > 200 && g > 185 && b > 140 && b < 180
    });
    assert!(wood > 0.3, "the board is drawn ({wood:.2})");
    // S's arm is at the bottom: its face-up pieces have red rims and red ranks there.
    let s_arm = pic.share((360, 520, 620, 780), |[r, g, b]| {
        r > 180 && g < 110 && b < 110
    });
    assert!(s_arm > 0.02, "S's pieces at the bottom ({s_arm:.3})");
    // The other armies are face down in their colours (E blue on the right).
    let e_arm = pic.share((600, 290, 880, 510), |[r, _, b]| b > 180 && r < 120);
    assert!(
        e_arm > 0.05,
        "E's pieces face down on the right ({e_arm:.3})"
    );
    // Railway lines: black with a white core.
    let black = pic.share((380, 300, 600, 500), |[r, g, b]| r < 40 && g < 40 && b < 40);
    assert!(black > 0.01, "railways drawn ({black:.3})");
}

#[test]
#[ignore = "needs a display: run under xvfb-run"]
fn the_junqi_handover_covers_the_board() {
    let pic = shoot("junqi-handover", "zh");
    // No board colour at all: nothing of anyone's army shows.
    let wood = pic.share((0, 0, 1280, 800), |[r, g, b]| {
        r > 200 && g > 185 && b > 140 && b < 180
    });
    assert!(wood < 0.001, "the board is covered ({wood:.4})");
    let text = pic.share((300, 240, 980, 320), |[r, g, b]| {
        r > 180 && g < 110 && b < 110
    });
    assert!(
        text > 0.01,
        "the hand-over names S in its colour ({text:.3})"
    );
}

#[test]
#[ignore = "needs a display: run under xvfb-run"]
fn an_online_room_plays_junqi_against_a_server_in_the_window() {
    // A server on a free port, a 2-player room with a computer, some moves played by
    // clicks: own pieces face up at the bottom, the computer's face down in blue on top.
    let pic = shoot("online-room", "zh");
    let wood = pic.share((20, 20, 940, 780), |[r, g, b]| {
        r > 200 && g > 185 && b > 140 && b < 180
    });
    assert!(wood > 0.3, "the board is drawn ({wood:.2})");
    let mine = pic.share((320, 440, 640, 780), |[r, g, b]| {
        r > 180 && g < 110 && b < 110
    });
    assert!(mine > 0.02, "own pieces at the bottom ({mine:.3})");
    let theirs = pic.share((320, 20, 640, 360), |[r, _, b]| b > 180 && r < 120);
    assert!(
        theirs > 0.05,
        "the computer's pieces face down on top ({theirs:.3})"
    );
}

#[test]
#[ignore = "needs a display: run under xvfb-run"]
fn an_online_bracket_room_plays_on_the_games_own_board() {
    // A 括号大战 room against a computer on a server of its own, some placements made
    // through the board: the board's sprites with both players' pieces, the palette on the
    // left, the room's panel on the right.
    let pic = shoot("online-bracket", "zh");
    board_with_both_players(&pic, 0.002);
    // The palette is in the colour of the seat to move (either one, at the picture).
    let palette = pic.share((10, 100, 200, 400), |[r, g, b]| {
        (r > 180 && g < 120 && b < 120) || (b > 180 && r < 150)
    });
    assert!(palette > 0.005, "palette text drawn ({palette:.3})");
    // The room's panel: a dark egui panel over the right side, with light text in it.
    let panel = pic.share((970, 0, 1280, 800), |[r, g, b]| r < 70 && g < 70 && b < 70);
    assert!(panel > 0.7, "the room's panel ({panel:.3})");
    let text = pic.share((970, 0, 1280, 300), |[r, g, b]| {
        r > 150 && g > 150 && b > 150
    });
    assert!(text > 0.004, "the room's panel text ({text:.3})");
}

/// The README's pictures are the current game's: `scripts/screenshots.sh`, run into a
/// temporary folder, makes every picture of `docs/screenshots/` again, and each must match
/// the committed one but for a few pixels (Mesa's rasteriser may round an edge another way
/// on another machine). After a change of the interface, run the script and commit.
#[test]
#[ignore = "needs a display: scripts/test.sh runs it under xvfb-run"]
fn the_committed_screenshots_are_what_the_script_makes_today() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let committed = root.join("docs/screenshots");
    let mut names: Vec<_> = std::fs::read_dir(&committed)
        .unwrap()
        .flatten()
        .map(|e| e.file_name())
        .filter(|n| n.to_string_lossy().ends_with(".png"))
        .collect();
    names.sort();
    assert!(names.len() >= 15, "{names:?}");
    let mut stale = Vec::new();
    for name in &names {
        let made = pictures().join(name);
        assert!(
            made.exists(),
            "{name:?} is committed, but the script no longer makes it"
        );
        let (a, b) = (Picture::load(&committed.join(name)), Picture::load(&made));
        let differ = differing_share(&a, &b);
        if differ > 0.005 {
            stale.push(format!(
                "{} ({:.2} % of pixels differ)",
                name.to_string_lossy(),
                differ * 100.0
            ));
        }
    }
    assert!(
        stale.is_empty(),
        "out of date (run scripts/screenshots.sh and commit): {}",
        stale.join(", ")
    );
}

/// The share of pixels whose colour differs by more than a rounding (1.0 when the sizes
/// differ).
fn differing_share(a: &Picture, b: &Picture) -> f64 {
    if (a.width, a.height) != (b.width, b.height) {
        return 1.0;
    }
    let differ = a
        .rgba
        .chunks(4)
        .zip(b.rgba.chunks(4))
        .filter(|(p, q)| {
            p.iter()
                .zip(q.iter())
                .take(3)
                .any(|(x, y)| x.abs_diff(*y) > 24)
        })
        .count();
    differ as f64 / (a.width * a.height) as f64
}
