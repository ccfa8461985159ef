//! A real window under Xvfb (Mesa's software Vulkan): the game draws a board, takes a
//! screenshot with Bevy's screenshot API and exits; the picture must show the board.
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
        x0: usize,
        y0: usize,
        x1: usize,
        y1: usize,
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

#[test]
#[ignore = "needs a display: run under xvfb-run"]
fn the_window_draws_the_board() {
    let out = std::env::temp_dir().join(format!("bw-smoke-{}.png", std::process::id()));
    let status = Command::new(env!("CARGO_BIN_EXE_bracket-war"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(["--seed", "7", "--moves", "30", "--screenshot"])
        .arg(&out)
        .status()
        .unwrap();
    assert!(status.success(), "the window ran and exited cleanly");
    let pic = Picture::load(&out);
    assert_eq!((pic.width, pic.height), (1280, 800));
    // The board (720 px square in the middle) is mostly the light board colour...
    let board = pic.share(300, 60, 980, 740, |[r, g, b]| r > 200 && g > 200 && b > 190);
    assert!(board > 0.4, "board cells drawn ({board:.2})");
    // ...with red (P1) and blue (P2) pieces and corners on it...
    let red = pic.share(280, 40, 1000, 760, |[r, g, b]| {
        r > 180 && g < 170 && b < 170
    });
    let blue = pic.share(280, 40, 1000, 760, |[r, g, b]| {
        b > 180 && r < 190 && g < 200
    });
    assert!(
        red > 0.01 && blue > 0.01,
        "pieces of both players drawn ({red:.3}, {blue:.3})"
    );
    // ...and the dark background around it, with the status line's text above the board.
    let margin = pic.share(0, 100, 250, 700, |[r, g, b]| r < 80 && g < 80 && b < 80);
    assert!(margin > 0.95, "background around the board ({margin:.2})");
    let text = pic.share(360, 4, 920, 30, |[r, g, b]| r > 150 && g > 150 && b > 150);
    assert!(text > 0.02, "status text drawn ({text:.3})");
    std::fs::remove_file(&out).ok();
}
