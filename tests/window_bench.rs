//! Window figures for BENCHMARKS.md, measured on the real window under Xvfb: the CPU the
//! window takes while a person looks at a 军棋 board and does nothing, with the move clock
//! running and without it. Prints the figures; run it by hand (it is not part of the test
//! command):
//!
//! ```sh
//! cargo test --test window_bench -- --ignored --nocapture
//! ```
//!
//! With `BW_PERF_OUT=FILE` it also records 10 s of the idle window with the clock running
//! with `perf record` (read it with `perf report -i FILE --sort comm`).

#[path = "play/driver.rs"]
#[allow(dead_code)] // the driver's other helpers serve tests/play
mod driver;

use driver::Game;
use std::time::Duration;

fn zh(key: &str) -> String {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/assets/locales/zh-CN/main.ftl"
    ))
    .unwrap();
    text.lines()
        .find_map(|l| l.split_once(" = ").filter(|(k, _)| k.trim() == key))
        .map(|(_, v)| v.trim().to_string())
        .unwrap_or_else(|| panic!("{key}"))
}

/// A 2-player 军棋 game against the computer at the person's first move, with a move clock
/// of 30 s or none; returns once the person is to move.
fn junqi_board(name: &str, clock: bool) -> Game {
    let mut g = Game::start(name);
    g.click(&zh("junqi"));
    let slot = g.wait("slot #1", |m| m.containing("#1 ").is_some());
    let (x, y) = slot.containing("#1 ").unwrap().center();
    g.click_at(x, y, 1);
    g.click(&zh("junqi-preset-two"));
    if clock {
        // The button under 走棋计时 cycles 关 → 30 秒.
        let m = g.map();
        let label = m.widget(&zh("junqi-move-timer")).unwrap().clone();
        let button = m
            .widgets
            .iter()
            .filter(|w| w.role == "Button" && w.rect[1] > label.rect[3])
            .min_by_key(|w| {
                let dx = (w.center().0 - label.center().0).abs();
                let dy = w.center().1 - label.center().1;
                dx * 4 + dy
            })
            .unwrap()
            .center();
        g.click_at(button.0, button.1, 1);
        let thirty = zh("junqi-seconds").replace("{ $n }", "30");
        g.wait("a 30 s move clock", |m| m.has(&thirty));
    }
    g.click(&zh("junqi-start"));
    g.wait("the deployment", |m| m.in_state("JunqiScreen::Deploy"));
    g.click(&zh("junqi-confirm-layout"));
    g.wait("the person's move", |m| {
        m.in_state("JunqiScreen::Playing") && !m.facts_of("junqi-move").is_empty()
    });
    // Let the computer's move animation finish and the pointer rest away from the board.
    g.move_to(1200, 780);
    std::thread::sleep(Duration::from_secs(3));
    g
}

/// CPU time a process used so far (user and system), in seconds.
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    // After the command name (in parentheses): utime is the 14th field of the line and
    // stime the 15th, in clock ticks (100 a second on Linux).
    let rest = &stat[stat.rfind(')').unwrap() + 2..];
    let f: Vec<&str> = rest.split(' ').collect();
    (f[11].parse::<f64>().unwrap() + f[12].parse::<f64>().unwrap()) / 100.0
}

fn idle_share(g: &Game, seconds: u64) -> f64 {
    let before = cpu_seconds(g.pid());
    std::thread::sleep(Duration::from_secs(seconds));
    100.0 * (cpu_seconds(g.pid()) - before) / seconds as f64
}

#[test]
#[ignore = "a measurement, run by hand (see the module's documentation)"]
fn idle_cpu_on_a_junqi_board() {
    let g = junqi_board("bench-clock", true);
    if let Ok(out) = std::env::var("BW_PERF_OUT") {
        let mut perf = std::process::Command::new("perf")
            .args([
                "record",
                "-F",
                "499",
                "-g",
                "-o",
                &out,
                "-p",
                &g.pid().to_string(),
                "--",
                "sleep",
                "10",
            ])
            .spawn()
            .unwrap();
        perf.wait().unwrap();
    }
    let with_clock = idle_share(&g, 20);
    drop(g);
    let g = junqi_board("bench-no-clock", false);
    let without = idle_share(&g, 20);

    println!(
        "idle on a 军棋 board, 30 s move clock running, over 20 s: {with_clock:.2} % of one core"
    );
    println!("idle on a 军棋 board, no clock, over 20 s: {without:.2} % of one core");
}
