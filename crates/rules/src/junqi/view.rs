//! What one player may see. Built from the game, holding nothing the player may not know:
//! own pieces, allies' in 友明, revealed flags, and everything once the game is over.

use serde::{Deserialize, Serialize};

use super::board::{Board, NodeId};
use super::game::{Junqi, LossReason, Phase, PlayerId, PublicEvent};
use super::pieces::{Ability, PieceKindId, PieceSet};
use super::reach::{Occupancy, Occupant, destinations};

/// A piece as a player sees it: always its owner, its kind only when known.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenPiece {
    pub owner: PlayerId,
    pub kind: Option<PieceKindId>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PublicPlayer {
    pub seat: char,
    pub team: u8,
    pub lost: Option<LossReason>,
    pub score: i32,
    pub dove: bool,
    pub flags_revealed: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    pub me: PlayerId,
    pub turn: PlayerId,
    pub phase: Phase,
    pub nodes: Vec<Option<SeenPiece>>,
    pub players: Vec<PublicPlayer>,
    /// The player's own hand (乱战 hands are private).
    pub hand: Vec<PieceKindId>,
    pub events: Vec<PublicEvent>,
}

impl PlayerView {
    /// The full view, with the public event log.
    pub fn of(game: &Junqi, me: PlayerId) -> PlayerView {
        let mut v = PlayerView::position(game, me);
        v.events = game.events.clone();
        v
    }

    /// What an observer may see: every piece's owner (after deployment), a kind only when
    /// everyone knows it (revealed flags; everything once the game is over), no hand. `me`
    /// is 0 and means nothing.
    pub fn public(game: &Junqi) -> PlayerView {
        let mut v = PlayerView::seen_by(game, None);
        v.hand.clear();
        v
    }

    /// The view without the event log (what a computer player needs each ply).
    pub fn position(game: &Junqi, me: PlayerId) -> PlayerView {
        PlayerView::seen_by(game, Some(me))
    }

    fn seen_by(game: &Junqi, seat: Option<PlayerId>) -> PlayerView {
        let me = seat.unwrap_or(0);
        let nodes = game
            .at
            .iter()
            .map(|slot| {
                let p = (*slot)?;
                let mine = seat == Some(p.owner);
                if game.phase == Phase::Deploying && !mine {
                    return None;
                }
                let known = game.kind_known_to(seat, p);
                Some(SeenPiece {
                    owner: p.owner,
                    kind: known.then_some(p.kind),
                })
            })
            .collect();
        PlayerView {
            me,
            turn: game.turn,
            phase: game.phase.clone(),
            nodes,
            players: game
                .players
                .iter()
                .map(|p| PublicPlayer {
                    seat: p.seat,
                    team: p.team,
                    lost: p.lost,
                    score: p.score,
                    dove: p.dove,
                    flags_revealed: p.flags_revealed,
                })
                .collect(),
            hand: game.players[me].hand.clone(),
            events: Vec::new(),
        }
    }

    pub fn allies(&self, a: PlayerId, b: PlayerId) -> bool {
        a != b && self.players[a].team == self.players[b].team
    }

    /// What stands on every node, as the player sees it: its own and its allies' pieces are
    /// friends.
    pub fn occupancy(&self) -> Occupancy {
        self.nodes
            .iter()
            .map(|n| match n {
                None => Occupant::Empty,
                Some(p) if p.owner == self.me || self.allies(self.me, p.owner) => Occupant::Friend,
                Some(_) => Occupant::Enemy,
            })
            .collect()
    }

    /// The player's legal moves, computed from what the player can see (the player knows
    /// its own pieces, and every piece's owner).
    pub fn legal_moves(&self, board: &Board, set: &PieceSet) -> Vec<(NodeId, NodeId)> {
        let occ = self.occupancy();
        let mut out = Vec::new();
        for from in board.ids() {
            let Some(SeenPiece {
                owner,
                kind: Some(kind),
            }) = self.nodes[from.0 as usize]
            else {
                continue;
            };
            if owner != self.me
                || !set.get(kind).mobile()
                || board.kind(from) == super::board::NodeKind::Hq
            {
                continue;
            }
            let engineer = set.get(kind).ability == Ability::Engineer;
            out.extend(
                destinations(board, &occ, from, engineer)
                    .iter()
                    .map(|to| (from, to)),
            );
        }
        out
    }
}
