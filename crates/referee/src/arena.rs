//! The arena: many refereed games between engine programs, seats rotated, with a line per
//! game and a summary (wins, draws, losses, score with a 95% interval, an Elo difference,
//! forfeits). Like cutechess-cli, for 军棋.

use std::io::Write;
use std::path::PathBuf;
use std::time::Duration;

use bw_rules::junqi::game::{LossReason, Outcome, PublicEvent};
use bw_rules::junqi::record::Record;
use bw_rules::junqi::setup::{Alliance, Rules};

use crate::contestant::{Contestant, EngineProcess};
use crate::referee::{GameSettings, Played, handshake, play};

pub struct ArenaSettings {
    /// Engine command lines.
    pub engines: Vec<String>,
    pub games: u32,
    pub rules: Rules,
    pub move_ms: u64,
    pub seed: u64,
    pub records: Option<PathBuf>,
}

/// The sides of a game: allied seats together (4 players with an alliance), else each seat.
pub fn sides(rules: &Rules) -> Vec<Vec<usize>> {
    let teams = rules.teams();
    if rules.players == 4 && rules.alliance != Alliance::None {
        let mut out: Vec<Vec<usize>> = Vec::new();
        for (p, &t) in teams.iter().enumerate() {
            match out.iter_mut().find(|side| teams[side[0]] == t) {
                Some(side) => side.push(p),
                None => out.push(vec![p]),
            }
        }
        out
    } else {
        (0..rules.players as usize).map(|p| vec![p]).collect()
    }
}

/// Which engine plays each seat in game `g` (0-based): side `s` gets engine `(s + g) % k`,
/// so with two engines every pair of games swaps them (and who moves first).
pub fn seating(rules: &Rules, engines: usize, g: u32) -> Vec<usize> {
    let mut seat_engine = vec![0; rules.players as usize];
    for (s, side) in sides(rules).iter().enumerate() {
        for &p in side {
            seat_engine[p] = (s + g as usize) % engines;
        }
    }
    seat_engine
}

/// The one engine playing every seat still in, if there is one.
fn sole_engine(mut engines: impl Iterator<Item = usize>) -> Option<usize> {
    let first = engines.next()?;
    engines.all(|e| e == first).then_some(first)
}

/// Each engine's tally.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub forfeits: u32,
    /// Per-game scores (1, ½, 0), for the interval.
    pub scores: Vec<f64>,
}

impl Tally {
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    pub fn score(&self) -> f64 {
        if self.scores.is_empty() {
            return 0.0;
        }
        self.scores.iter().sum::<f64>() / self.scores.len() as f64
    }

    /// Half the width of the 95% interval of the score (normal approximation).
    pub fn margin(&self) -> f64 {
        let n = self.scores.len() as f64;
        if n < 2.0 {
            return 0.0;
        }
        let p = self.score();
        let var = self.scores.iter().map(|s| (s - p).powi(2)).sum::<f64>() / (n - 1.0);
        1.96 * (var / n).sqrt()
    }
}

/// The Elo difference a score stands for (clamped half a game off the ends).
pub fn elo(score: f64, games: u32) -> f64 {
    let edge = 0.5 / games.max(1) as f64;
    let p = score.clamp(edge, 1.0 - edge);
    400.0 * (p / (1.0 - p)).log10()
}

fn why(played: &Played) -> &'static str {
    match &played.game.phase {
        bw_rules::junqi::Phase::Over(Outcome::DrawAgreed) => "agreed",
        bw_rules::junqi::Phase::Over(Outcome::DrawQuiet) => "quiet",
        _ => match played.game.events.iter().rev().find_map(|e| match e {
            PublicEvent::Lost { reason, .. } => Some(*reason),
            _ => None,
        }) {
            Some(LossReason::FlagCaptured { .. }) => "flag",
            Some(LossReason::NoLegalMove) => "no legal move",
            Some(LossReason::Resigned) => "resignation",
            None => "unfinished",
        },
    }
}

/// Runs the arena, writing its lines to `out`; returns each engine's tally.
pub fn run(settings: &ArenaSettings, out: &mut dyn Write) -> Result<Vec<Tally>, String> {
    let k = settings.engines.len();
    if k == 0 {
        return Err("no engine: give --engine CMD at least once".into());
    }
    settings.rules.validate()?;
    let side_count = sides(&settings.rules).len();
    if k > side_count {
        return Err(format!(
            "{k} engines for {side_count} sides ({} players{})",
            settings.rules.players,
            if side_count < settings.rules.players as usize {
                ", allies play as one side"
            } else {
                ""
            }
        ));
    }
    let io = |e: std::io::Error| format!("cannot write the arena's output: {e}");
    let mut pools: Vec<Vec<EngineProcess>> = (0..k).map(|_| Vec::new()).collect();
    let mut names = vec![String::new(); k];
    let start = |e: usize, names: &mut Vec<String>| -> Result<EngineProcess, String> {
        let mut p = EngineProcess::start(&settings.engines[e])?;
        names[e] = handshake(&mut p, Duration::from_secs(10))?;
        Ok(p)
    };
    // Start each engine once up front, so a broken command fails before any game.
    for (e, pool) in pools.iter_mut().enumerate() {
        pool.push(start(e, &mut names)?);
    }
    for (e, name) in names.iter().enumerate() {
        writeln!(out, "engine {} `{}` is {name}", e + 1, settings.engines[e]).map_err(io)?;
    }
    let mut tallies = vec![Tally::default(); k];
    let letters = settings.rules.seat_letters();
    for g in 0..settings.games {
        let seat_engine = seating(&settings.rules, k, g);
        let mut taken: Vec<EngineProcess> = Vec::new();
        for &e in &seat_engine {
            taken.push(match pools[e].pop() {
                Some(p) => p,
                None => start(e, &mut names)?,
            });
        }
        let game_settings = GameSettings {
            rules: settings.rules.clone(),
            seed: settings.seed.wrapping_add((g / k as u32) as u64),
            move_ms: settings.move_ms,
            deploy_ms: (settings.move_ms * 10).clamp(1000, 10_000),
        };
        let players: Vec<&mut dyn Contestant> =
            taken.iter_mut().map(|p| p as &mut dyn Contestant).collect();
        let mut played = play(&game_settings, players)?;
        for (p, mut engine) in taken.into_iter().enumerate() {
            let e = seat_engine[p];
            if !played.unreliable[p] && engine.running() {
                pools[e].push(engine);
            }
        }
        // Results per engine in this game.
        let in_game: Vec<usize> = {
            let mut v = seat_engine.clone();
            v.sort_unstable();
            v.dedup();
            v
        };
        let winners: Vec<usize> = match &played.game.phase {
            bw_rules::junqi::Phase::Over(Outcome::Won { winners }) => {
                let mut w: Vec<usize> = winners.iter().map(|&p| seat_engine[p]).collect();
                w.sort_unstable();
                w.dedup();
                w
            }
            _ => vec![],
        };
        // A drawn game with every seat still in played by one engine (混战: its seats left
        // facing each other) counts as that engine's: the other engines' seats are all out.
        let survivor = match winners.as_slice() {
            [] => sole_engine(played.game.in_game().map(|p| seat_engine[p])),
            _ => None,
        };
        let winners = survivor.map_or(winners, |e| vec![e]);
        for &e in &in_game {
            let t = &mut tallies[e];
            match winners.as_slice() {
                [w] if *w == e => {
                    t.wins += 1;
                    t.scores.push(1.0);
                }
                [] => {
                    t.draws += 1;
                    t.scores.push(0.5);
                }
                w if w.contains(&e) => {
                    t.draws += 1;
                    t.scores.push(0.5);
                }
                _ => {
                    t.losses += 1;
                    t.scores.push(0.0);
                }
            }
        }
        for (p, &f) in played.forfeits.iter().enumerate() {
            tallies[seat_engine[p]].forfeits += f;
        }
        let seats: Vec<String> = letters
            .iter()
            .zip(&seat_engine)
            .map(|(s, e)| format!("{s}={}", e + 1))
            .collect();
        let result = match winners.as_slice() {
            [] => format!("draw ({})", why(&played)),
            [w] if survivor.is_some() => {
                format!("draw ({}), only engine {}'s seats in", why(&played), w + 1)
            }
            [w] => format!("winner {} by {}", w + 1, why(&played)),
            w => format!(
                "shared win {} by {}",
                w.iter()
                    .map(|e| (e + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(","),
                why(&played)
            ),
        };
        let forfeits: u32 = played.forfeits.iter().sum();
        writeln!(
            out,
            "game {} {} {result}, {} plies{}",
            g + 1,
            seats.join(" "),
            played.game.plies,
            if forfeits > 0 {
                format!(", {forfeits} forfeits")
            } else {
                String::new()
            }
        )
        .map_err(io)?;
        for note in &played.notes {
            writeln!(out, "  {note}").map_err(io)?;
        }
        out.flush().map_err(io)?;
        if let Some(dir) = &settings.records {
            for (p, player) in played.game.players.iter_mut().enumerate() {
                player.profile = format!("{} {}", seat_engine[p] + 1, names[seat_engine[p]]);
            }
            let path = dir.join(format!("game-{:04}.ron", g + 1));
            std::fs::create_dir_all(dir)
                .and_then(|()| bw_files::write_atomic(&path, Record::of(&played.game).to_ron()))
                .map_err(|e| format!("{}: cannot write: {e}", path.display()))?;
        }
    }
    for (e, t) in tallies.iter().enumerate() {
        writeln!(
            out,
            "engine {} {}: {} wins, {} draws, {} losses, score {:.1}% ± {:.1}%, {} forfeits",
            e + 1,
            names[e],
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.score(),
            100.0 * t.margin(),
            t.forfeits
        )
        .map_err(io)?;
    }
    if k == 2 {
        let t = &tallies[0];
        let (p, m) = (t.score(), t.margin());
        writeln!(
            out,
            "elo 1 vs 2: {:+.0} (95%: {:+.0} to {:+.0}) over {} games",
            elo(p, t.games()),
            elo(p - m, t.games()),
            elo(p + m, t.games()),
            t.games()
        )
        .map_err(io)?;
    }
    Ok(tallies)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_engines_swap_sides_every_game() {
        let two = Rules {
            players: 2,
            ..Rules::default()
        };
        assert_eq!(seating(&two, 2, 0), [0, 1]);
        assert_eq!(seating(&two, 2, 1), [1, 0]);
        // 标准 alliance: S+N against E+W, swapped in the next game.
        let four = Rules::default();
        assert_eq!(seating(&four, 2, 0), [0, 1, 0, 1]);
        assert_eq!(seating(&four, 2, 1), [1, 0, 1, 0]);
        let adjacent = Rules {
            alliance: Alliance::Adjacent,
            ..Rules::default()
        };
        assert_eq!(seating(&adjacent, 2, 0), [0, 0, 1, 1]);
    }

    #[test]
    fn a_draw_with_only_one_engines_seats_in_is_that_engines() {
        assert_eq!(sole_engine([0, 0].into_iter()), Some(0));
        assert_eq!(sole_engine([1].into_iter()), Some(1));
        assert_eq!(sole_engine([0, 1, 0].into_iter()), None);
        assert_eq!(sole_engine(std::iter::empty()), None);
    }

    #[test]
    fn scores_intervals_and_elo() {
        let t = Tally {
            wins: 3,
            draws: 2,
            losses: 1,
            forfeits: 0,
            scores: vec![1.0, 1.0, 1.0, 0.5, 0.5, 0.0],
        };
        assert!((t.score() - 4.0 / 6.0).abs() < 1e-9);
        assert!(t.margin() > 0.2 && t.margin() < 0.4, "{}", t.margin());
        assert_eq!(elo(0.5, 10), 0.0);
        assert!((elo(0.75, 100) - 190.8).abs() < 0.1);
        // A clean sweep is large but finite.
        assert!(elo(1.0, 200).is_finite() && elo(1.0, 200) > 800.0);
    }
}
