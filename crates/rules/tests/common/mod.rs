//! Set-up shared by the 军棋 rule tests: the standard set, rules per mode, a game in play on
//! a position set up by hand, and random play. Each test file uses a part of it.
#![allow(dead_code)]

use std::sync::Arc;

use bw_rules::junqi::game::{Action, Junqi, Phase, Piece};
use bw_rules::junqi::view::PlayerView;
use bw_rules::junqi::{Alliance, BoardChoice, PieceSet, Rules};

pub fn set() -> Arc<PieceSet> {
    Arc::new(PieceSet::standard())
}

pub fn rules(board: BoardChoice, players: u8, alliance: Alliance) -> Rules {
    Rules {
        board,
        players,
        alliance,
        ..Rules::default()
    }
}

/// A game in play with exactly these pieces: (node, player, piece id).
pub fn position(r: Rules, pieces: &[(&str, usize, &str)]) -> Junqi {
    let s = set();
    let n = r.players as usize;
    let mut g = Junqi::new(r, s.clone(), vec![s.standard_hand(); n]).unwrap();
    for &(node, owner, kind) in pieces {
        let id = g.board.find(node).unwrap();
        g.at[id.0 as usize] = Some(Piece {
            owner,
            kind: s.by_id(kind).unwrap(),
        });
    }
    for p in g.players.iter_mut() {
        p.deployed = true;
    }
    g.phase = Phase::Playing;
    g
}

/// Plays uniformly random legal moves (a seat with none resigns) until the game ends or
/// `max_plies` plies were played: the rules' own tests need played games, not good ones
/// (the computer players are in the players crate, which depends on this one).
pub fn play_randomly(g: &mut Junqi, seed: u64, max_plies: u32) {
    let mut rng = bw_rules::rng::SplitMix64::new(seed);
    while g.phase == Phase::Playing && g.plies < max_plies {
        g.act(random_action(g, &mut rng))
            .expect("a legal move is accepted");
    }
}

/// A uniformly random legal action for the seat to move.
pub fn random_action(g: &Junqi, rng: &mut bw_rules::rng::SplitMix64) -> Action {
    let me = g.turn;
    let moves = PlayerView::position(g, me).legal_moves(&g.board, &g.set);
    if moves.is_empty() {
        return Action::Resign { player: me };
    }
    let (from, to) = moves[rng.below(moves.len() as u64) as usize];
    Action::Move { from, to }
}
