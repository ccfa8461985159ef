//! Games without a window: a dealt and deployed game for a seed, and the transcript of a game
//! (the same lines for a live game and for its replay, since both are printed from the public
//! events). The computer players that play such games are in the players crate.

use std::fmt::Write;
use std::sync::Arc;

use super::game::{Junqi, LossReason, Outcome, Phase, PublicEvent};
use super::pieces::PieceSet;
use super::setup::{Alliance, BoardChoice, Rules, deal};

/// Deals, lays out every army automatically (seeded) and deploys in seat order.
pub fn setup(
    rules: Rules,
    set: Arc<PieceSet>,
    seed: u64,
    computers: bool,
) -> Result<Junqi, String> {
    let hands = deal(&rules, &set, seed);
    let mut game = Junqi::new(rules, set, hands)?;
    for p in 0..game.players.len() {
        game.players[p].computer = computers;
        let layout = game.auto_layout(p, seed);
        game.deploy(p, &layout).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

fn seat(game: &Junqi, p: usize) -> char {
    game.players[p].seat
}

/// The game's transcript: its settings, every ply and event, the result and the scores.
pub fn transcript(game: &Junqi) -> String {
    let r = &game.rules;
    let mut out = String::new();
    let _ = writeln!(
        out,
        "junqi board {} players {} alliance {} deal {} open-allies {}",
        match r.board {
            BoardChoice::TwoPlayer => "2p",
            BoardChoice::FourPlayer => "4p",
        },
        r.players,
        match r.alliance {
            Alliance::Opposite => "opposite",
            Alliance::Adjacent => "adjacent",
            Alliance::None => "none",
        },
        if r.deal_random { "random" } else { "standard" },
        if r.open_allies_applies() { "yes" } else { "no" },
    );
    let b = &game.board;
    let mut ply = 0;
    for e in &game.events {
        match e {
            PublicEvent::Deployed { player } => {
                let _ = writeln!(out, "deployed {}", seat(game, *player));
            }
            PublicEvent::Moved {
                player,
                path,
                combat,
                removed,
                ..
            } => {
                ply += 1;
                let path: Vec<&str> = path.iter().map(|&n| b.name(n)).collect();
                let _ = write!(out, "ply {ply} {} {}", seat(game, *player), path.join("-"));
                if *combat {
                    let gone: Vec<&str> = removed.iter().map(|&n| b.name(n)).collect();
                    let _ = write!(
                        out,
                        " combat removed {}",
                        if gone.is_empty() {
                            "-".into()
                        } else {
                            gone.join(",")
                        }
                    );
                }
                out.push('\n');
            }
            PublicEvent::FlagCaptured { by, of } => {
                let _ = writeln!(
                    out,
                    "flag of {} captured by {}",
                    seat(game, *of),
                    seat(game, *by)
                );
            }
            PublicEvent::FlagsRevealed { player, nodes } => {
                let nodes: Vec<&str> = nodes.iter().map(|&n| b.name(n)).collect();
                let _ = writeln!(
                    out,
                    "flags of {} revealed at {}",
                    seat(game, *player),
                    nodes.join(",")
                );
            }
            PublicEvent::Lost { player, reason } => {
                let why = match reason {
                    LossReason::FlagCaptured { by } => {
                        format!("flag captured by {}", seat(game, *by))
                    }
                    LossReason::NoLegalMove => "no legal move".into(),
                    LossReason::Resigned => "resigned".into(),
                };
                let _ = writeln!(out, "lost {} {why}", seat(game, *player));
            }
            PublicEvent::DrawOffered { player } => {
                ply += 1;
                let _ = writeln!(out, "ply {ply} {} offers a draw", seat(game, *player));
            }
            PublicEvent::DrawAnswered { player, yes } => {
                let _ = writeln!(
                    out,
                    "draw answer {} {}",
                    seat(game, *player),
                    if *yes { "yes" } else { "no" }
                );
            }
            PublicEvent::TurnForfeit { player } => {
                ply += 1;
                let _ = writeln!(out, "ply {ply} {} timeout", seat(game, *player));
            }
            PublicEvent::Ended { outcome } => {
                let text = match outcome {
                    Outcome::Won { winners } => {
                        let w: Vec<String> =
                            winners.iter().map(|&p| seat(game, p).to_string()).collect();
                        format!("winners {}", w.join(" "))
                    }
                    Outcome::DrawAgreed => "draw agreed".into(),
                    Outcome::DrawQuiet => "draw quiet".into(),
                };
                let _ = writeln!(out, "result {text}");
            }
        }
    }
    if !matches!(game.phase, Phase::Over(_)) {
        let _ = writeln!(out, "result unfinished");
    }
    let scores: Vec<String> = game
        .players
        .iter()
        .map(|p| format!("{} {}", p.seat, p.score))
        .collect();
    let _ = writeln!(out, "scores {}", scores.join(" "));
    out
}
