//! Moves as pure functions over a position: who is a friend, which pieces may move, every
//! legal move, and what a move does (path, combat, removals). The headless game and the ECS
//! systems both call these.

use super::board::{Board, NodeId, NodeKind, NodeSet};
use super::pieces::{Ability, Combat, Piece, PieceSet, PlayerId, combat};
use super::reach::{Occupancy, Occupant, canonical_path, destinations};

/// The result of a move, decided before anything changes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveResult {
    pub path: Vec<NodeId>,
    pub combat: Option<Combat>,
    /// The attacker ends on the target node.
    pub attacker_moves: bool,
    /// Nodes whose pieces leave the board (attacker's origin or the target).
    pub removed: Vec<NodeId>,
    /// The owner of a captured flag.
    pub flag_of: Option<PlayerId>,
}

/// Occupancy as `mover` sees it: own and allied pieces are friends.
pub fn occupancy(at: &[Option<Piece>], teams: &[u8], mover: PlayerId) -> Occupancy {
    at.iter().map(|p| occupant(*p, teams, mover)).collect()
}

fn occupant(p: Option<Piece>, teams: &[u8], mover: PlayerId) -> Occupant {
    match p {
        None => Occupant::Empty,
        Some(p) if teams[p.owner] == teams[mover] => Occupant::Friend,
        Some(_) => Occupant::Enemy,
    }
}

/// [`occupancy`] and `player`'s own pieces in one pass, without an allocation (computer
/// players generate moves for every ply they play out).
fn occupancy_and_own(at: &[Option<Piece>], teams: &[u8], player: PlayerId) -> (Occupancy, NodeSet) {
    let mut occ = Occupancy::default();
    let mut own = NodeSet::default();
    for (i, p) in at.iter().enumerate() {
        if let Some(p) = p {
            let n = NodeId(i as u8);
            occ.put(n, occupant(Some(*p), teams, player));
            if p.owner == player {
                own.insert(n);
            }
        }
    }
    (occ, own)
}

/// The legal destinations of `player`'s piece on `from` (one of `own`), given the
/// occupancy; `None` when it cannot move at all.
fn mover_destinations(
    board: &Board,
    set: &PieceSet,
    at: &[Option<Piece>],
    occ: &Occupancy,
    from: NodeId,
) -> Option<NodeSet> {
    let p = at[from.0 as usize].expect("an own piece");
    let engineer = set.get(p.kind).ability == Ability::Engineer;
    mobile(board, set, from, p).then(|| destinations(board, occ, from, engineer))
}

/// Whether the piece on `node` may ever move: not a flag or mine, and not on an HQ.
pub fn mobile(board: &Board, set: &PieceSet, node: NodeId, piece: Piece) -> bool {
    set.get(piece.kind).mobile() && board.kind(node) != NodeKind::Hq
}

/// Legal destinations of the piece on `from` (empty if it cannot move).
pub fn piece_destinations(
    board: &Board,
    set: &PieceSet,
    at: &[Option<Piece>],
    teams: &[u8],
    from: NodeId,
) -> NodeSet {
    let Some(piece) = at[from.0 as usize] else {
        return NodeSet::default();
    };
    if !mobile(board, set, from, piece) {
        return NodeSet::default();
    }
    let occ = occupancy(at, teams, piece.owner);
    destinations(
        board,
        &occ,
        from,
        set.get(piece.kind).ability == Ability::Engineer,
    )
}

/// Every legal move of `player`, ordered by origin then destination.
pub fn legal_moves(
    board: &Board,
    set: &PieceSet,
    at: &[Option<Piece>],
    teams: &[u8],
    player: PlayerId,
) -> Vec<(NodeId, NodeId)> {
    let (occ, own) = occupancy_and_own(at, teams, player);
    legal_moves_in(board, set, at, &occ, own)
}

/// [`legal_moves`] of the player whose pieces stand on `own`, given the occupancy as it
/// sees it: a computer that keeps both up to date as it plays on saves a pass over the
/// board every ply.
pub fn legal_moves_in(
    board: &Board,
    set: &PieceSet,
    at: &[Option<Piece>],
    occ: &Occupancy,
    own: NodeSet,
) -> Vec<(NodeId, NodeId)> {
    let mut out = Vec::with_capacity(64);
    for from in own.iter() {
        if let Some(dests) = mover_destinations(board, set, at, occ, from) {
            for to in dests.iter() {
                out.push((from, to));
            }
        }
    }
    out
}

/// Whether `player` has any legal move (stops at the first).
pub fn has_legal_move(
    board: &Board,
    set: &PieceSet,
    at: &[Option<Piece>],
    teams: &[u8],
    player: PlayerId,
) -> bool {
    let (occ, own) = occupancy_and_own(at, teams, player);
    own.iter()
        .any(|from| mover_destinations(board, set, at, &occ, from).is_some_and(|d| !d.is_empty()))
}

/// Decides a legal move: the path, the combat and what leaves the board.
pub fn resolve_move(
    board: &Board,
    set: &PieceSet,
    at: &[Option<Piece>],
    teams: &[u8],
    from: NodeId,
    to: NodeId,
) -> MoveResult {
    let attacker = at[from.0 as usize].expect("a legal move starts on a piece");
    let occ = occupancy(at, teams, attacker.owner);
    let path = canonical_path(board, &occ, from, to);
    let Some(defender) = at[to.0 as usize] else {
        return MoveResult {
            path,
            combat: None,
            attacker_moves: true,
            removed: vec![],
            flag_of: None,
        };
    };
    let c = combat(set, attacker.kind, defender.kind);
    let flag_of = (set.get(defender.kind).ability == Ability::Flag).then_some(defender.owner);
    let (attacker_moves, removed) = match c {
        Combat::AttackerWins => (true, vec![to]),
        Combat::DefenderWins => (false, vec![from]),
        Combat::BothGo => (false, vec![from, to]),
    };
    MoveResult {
        path,
        combat: Some(c),
        attacker_moves,
        removed,
        flag_of,
    }
}
