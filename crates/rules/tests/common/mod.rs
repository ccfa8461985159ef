//! Set-up shared by the 军棋 rule tests: the standard set, rules per mode, and a game in
//! play on a position set up by hand.

use std::sync::Arc;

use bw_rules::junqi::game::{Junqi, Phase, Piece};
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
