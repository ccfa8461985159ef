//! Headless games between computer players, and their transcript (the same lines for a live
//! game and for its replay, since both are printed from the public events).

use std::fmt::Write;
use std::sync::Arc;

use super::ai::{Ai, AiKind, Budget, Decision};
use super::game::{Junqi, LossReason, Outcome, Phase, PublicEvent};
use super::pieces::PieceSet;
use super::setup::{Alliance, BoardChoice, Layout, Rules, auto_layout, deal};
use super::view::PlayerView;

/// A per-player seed drawn from a game seed (`salt` 1: layouts, 2: computer players).
pub fn stream(seed: u64, player: usize, salt: u64) -> u64 {
    seed ^ (player as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ salt
}

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
        let layout = automatic_layout(&game, p, seed);
        game.deploy(p, &layout).map_err(|e| e.to_string())?;
    }
    Ok(game)
}

/// Player `p`'s automatic layout for a game seed (what headless games deploy, and what the
/// window's deployment starts from).
pub fn automatic_layout(game: &Junqi, p: usize, seed: u64) -> Layout {
    auto_layout(
        &game.rules,
        &game.board,
        &game.set,
        game.players[p].seat,
        &game.players[p].hand,
        stream(seed, p, 1),
    )
}

/// Computer players for every seat.
pub fn computer_players(kinds: &[AiKind], seed: u64) -> Vec<Ai> {
    kinds
        .iter()
        .enumerate()
        .map(|(p, &k)| Ai::new(k, stream(seed, p, 2)))
        .collect()
}

/// Plays until the game ends (the quiet limit ends every game between computers) or
/// `max_plies` plies were played.
pub fn play_out(game: &mut Junqi, ais: &mut [Ai], max_plies: u32) {
    while game.phase == Phase::Playing && game.plies < max_plies {
        let me = game.turn;
        let view = PlayerView::position(game, me);
        let action = match ais[me].kind {
            // Reproducible: a fixed number of samples per move.
            AiKind::Strong => {
                let seed = ais[me].next_seed();
                Decision::prepare(game, me, AiKind::Strong, seed, Budget::Samples(24)).decide()
            }
            _ => ais[me].choose(&game.board, &game.set, &view),
        };
        game.act(action)
            .expect("computer players choose legal actions");
    }
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
