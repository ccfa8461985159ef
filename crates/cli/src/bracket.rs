//! `bracket-war bracket ...`: resolve a board file.

use std::io::Read;
use std::path::{Path, PathBuf};

use bw_rules::bracket::resolve;
use bw_rules::bracket::text::{format_report, parse_board};
use clap::Subcommand;

use super::Failure;

#[derive(Subcommand, Debug)]
pub enum BracketCommand {
    /// Resolve a board and print it with each player's coverage (fixed format).
    Resolve {
        /// The board file; `-` reads standard input.
        file: PathBuf,
    },
    /// Plays computer players against each other on seeded boards and scores them.
    Arena {
        /// A computer player per seat: random, greedy, strong, or strong:MS (the strong
        /// player thinking MS milliseconds a move), two to four times.
        #[arg(long = "ai", value_name = "AI", required = true)]
        ai: Vec<String>,
        /// bracket (括号大战, scored by coverage after 40 rounds) or star-war (星号大战,
        /// played until nobody can place).
        #[arg(long, default_value = "bracket")]
        mode: String,
        #[arg(long)]
        games: u32,
        /// Board side.
        #[arg(long, default_value_t = 10)]
        size: usize,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Milliseconds a move for the strong player.
        #[arg(long, default_value_t = 500)]
        ms: u64,
        /// Also print each share's 95 % interval, on a last line `interval95 A lo-hi% …`.
        #[arg(long)]
        interval: bool,
    },
}

/// Rounds after which an arena game is scored by coverage.
pub const ARENA_TURN_LIMIT: u32 = 40;

pub fn run(command: BracketCommand, mods: Option<&Path>) -> Result<(), Failure> {
    match command {
        BracketCommand::Resolve { file } => {
            let text = read_input(&file)?;
            let dir = bw_files::content_dir().unwrap_or_default();
            let extra: Vec<PathBuf> = mods.map(Path::to_path_buf).into_iter().collect();
            let report = bw_rules::bracket::KindTable::load(&dir, &extra);
            for e in &report.errors {
                eprintln!("warning: content file refused: {e}");
            }
            let kinds = report.table;
            let mut board = parse_board(&text, &kinds)
                .map_err(|e| Failure::bad_input(format!("{}: {e}", file.display())))?;
            resolve(&mut board, &kinds);
            print!("{}", format_report(&board, &kinds));
            Ok(())
        }
        BracketCommand::Arena {
            ai,
            mode,
            games,
            size,
            seed,
            ms,
            interval,
        } => arena(&ai, &mode, games, size, seed, ms, interval),
    }
}

/// `bracket arena`: game `g` seats the players rotated by `g`, so each sits in each seat
/// equally often; each rotation plays the same seeded board.
fn arena(
    ai: &[String],
    mode: &str,
    games: u32,
    size: usize,
    seed: u64,
    ms: u64,
    interval: bool,
) -> Result<(), Failure> {
    use bw_players::bracket::{AiKind, Seat, choose};
    use bw_rules::bracket::game::{Game, Mode, Outcome, Settings};
    use bw_rules::bracket::generate::BoardSettings;
    // Each entry's player, and the strong player's time a move.
    let kinds_of: Vec<(Seat, u64)> = ai
        .iter()
        .map(|a| match a.split_once(':') {
            None if a == "random" => Ok((Seat::Computer(AiKind::Random), ms)),
            None if a == "greedy" => Ok((Seat::Computer(AiKind::Greedy), ms)),
            None if a == "strong" => Ok((Seat::Computer(AiKind::Strong), ms)),
            Some(("strong", t)) => match t.parse::<u64>() {
                Ok(t) if (1..=60_000).contains(&t) => Ok((Seat::Computer(AiKind::Strong), t)),
                _ => Err(Failure::bad_input(format!(
                    "`{a}`: the time a move is 1 to 60000 milliseconds"
                ))),
            },
            _ => Err(Failure::bad_input(format!(
                "unknown computer player `{a}` (random, greedy, strong or strong:MS)"
            ))),
        })
        .collect::<Result<_, _>>()?;
    let (mode, turn_limit) = match mode {
        "bracket" => (Mode::Classic, Some(ARENA_TURN_LIMIT)),
        // 星号大战 ends by itself: the board fills up.
        "star-war" => (Mode::StarWar, None),
        _ => {
            return Err(Failure::bad_input(format!(
                "unknown mode `{mode}` (bracket or star-war)"
            )));
        }
    };
    let k = ai.len();
    if !(2..=4).contains(&k) {
        return Err(Failure::bad_input(format!(
            "{k} players: give --ai two to four times"
        )));
    }
    if games == 0 {
        return Err(Failure::bad_input("--games must be at least 1"));
    }
    let board = BoardSettings {
        side: size,
        players: k as u8,
        ..BoardSettings::default()
    };
    board.validate().map_err(Failure::bad_input)?;
    let settings = Settings {
        board,
        mode,
        turn_limit,
        ..Settings::default()
    };
    let kinds = bw_rules::bracket::KindTable::builtin();
    let mut points = vec![0.0f64; k];
    let mut per_game: Vec<Vec<f64>> = vec![Vec::new(); k];
    for g in 0..games {
        let board_seed = seed.wrapping_add((g / k as u32) as u64);
        let mut game = Game::new(settings.clone(), board_seed);
        // Seat s (1-based) is played by entry (s - 1 + g) mod k.
        let entry = |seat: u8| (seat as usize - 1 + g as usize) % k;
        let mut ply = 0u64;
        while !game.turn.is_over() {
            let me = game.turn.current;
            let e = entry(me);
            let move_seed = board_seed ^ (ply.wrapping_mul(0x9E37_79B9_7F4A_7C15)) ^ e as u64;
            let (kind, ms) = kinds_of[e];
            let think = std::time::Duration::from_millis(ms);
            let action = choose(kind, &game, &kinds, move_seed, think);
            if game.act(&kinds, action).is_err() {
                // A computer never chooses an illegal action; if one did, it surrenders.
                game.act(&kinds, bw_rules::bracket::game::Action::Surrender)
                    .map_err(|e| Failure {
                        code: 1,
                        message: format!("game {}: {e}", g + 1),
                    })?;
            }
            ply += 1;
        }
        let (winners, how) = match game.turn.outcome.clone().expect("over") {
            Outcome::LastStanding(p) => (vec![p], "last standing".to_string()),
            Outcome::Scored { scores, winners } => {
                let s: Vec<String> = scores
                    .iter()
                    .map(|(p, c)| format!("{}:{c}", ai[entry(*p)]))
                    .collect();
                (winners, format!("coverage {}", s.join(" ")))
            }
        };
        for (e, scores) in per_game.iter_mut().enumerate() {
            let won = winners.iter().any(|&w| entry(w) == e);
            scores.push(if won { 1.0 / winners.len() as f64 } else { 0.0 });
        }
        for &w in &winners {
            points[entry(w)] += 1.0 / winners.len() as f64;
        }
        let seats: Vec<String> = (1..=k as u8)
            .map(|s| format!("{s}={}", ai[entry(s)]))
            .collect();
        let names: Vec<&str> = winners.iter().map(|&w| ai[entry(w)].as_str()).collect();
        println!(
            "game {} {} winner {} ({how}) round {}",
            g + 1,
            seats.join(" "),
            names.join(","),
            game.turn.round
        );
    }
    let line: Vec<String> = ai
        .iter()
        .zip(&points)
        .map(|(a, p)| format!("{a} {:.1}%", 100.0 * p / games as f64))
        .collect();
    println!("score {}", line.join(" "));
    if !interval {
        return Ok(());
    }
    // Each share's 95 % interval (normal approximation over the per-game scores, a shared
    // win counting its part), as the 军棋 arena gives it.
    let line: Vec<String> = ai
        .iter()
        .zip(&per_game)
        .map(|(a, scores)| {
            let (lo, hi) = interval95(scores);
            format!("{a} {:.1}-{:.1}%", 100.0 * lo, 100.0 * hi)
        })
        .collect();
    println!("interval95 {}", line.join(" "));
    Ok(())
}

/// The 95 % interval of a mean score (normal approximation), clamped to 0..=1.
fn interval95(scores: &[f64]) -> (f64, f64) {
    let n = scores.len() as f64;
    if n == 0.0 {
        return (0.0, 1.0);
    }
    let mean = scores.iter().sum::<f64>() / n;
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    let half = 1.96 * (var / n).sqrt();
    ((mean - half).max(0.0), (mean + half).min(1.0))
}

fn read_input(file: &Path) -> Result<String, Failure> {
    let mut text = String::new();
    let result = if file.as_os_str() == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::File::open(file).and_then(|mut f| f.read_to_string(&mut text).map(|_| ()))
    };
    result.map_err(|e| Failure::bad_input(format!("{}: cannot read: {e}", file.display())))?;
    Ok(text)
}
