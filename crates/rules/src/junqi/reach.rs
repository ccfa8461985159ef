//! Railway pathfinding: the legal destinations of a piece, and the canonical path of a move.
//!
//! A piece moves one step along any link, or along the railway: a non-engineer any
//! distance along one straight line, an engineer along any railway path. Every node before
//! the target must be empty; the target is empty or holds an enemy that is not in a camp.

use std::collections::VecDeque;

use super::board::{Board, NodeId, NodeKind, NodeSet};

/// What stands on a node, as the mover sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Occupant {
    #[default]
    Empty,
    /// Own or allied piece: blocks, never a destination.
    Friend,
    /// Enemy piece: blocks passage; a destination unless it stands in a camp.
    Enemy,
}

/// What stands on every node, as one mover sees it: two sets, its side's pieces and its
/// enemies' (move generation tests a node's occupant and takes a node's enterable
/// neighbours at once).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Occupancy {
    friend: NodeSet,
    enemy: NodeSet,
}

impl Occupancy {
    /// The occupancy where `friend` holds the mover's side's pieces and `enemy` the others'
    /// (what it holds of `friend` is not counted: all the occupied nodes may be given).
    pub fn new(friend: NodeSet, enemy: NodeSet) -> Occupancy {
        Occupancy {
            friend,
            enemy: enemy.without(friend),
        }
    }

    /// Puts `o` on node `n` (which was empty).
    #[inline]
    pub fn put(&mut self, n: NodeId, o: Occupant) {
        match o {
            Occupant::Empty => {}
            Occupant::Friend => {
                self.friend.insert(n);
            }
            Occupant::Enemy => {
                self.enemy.insert(n);
            }
        }
    }

    /// What stands on `n`.
    #[inline]
    pub fn of(&self, n: NodeId) -> Occupant {
        if self.friend.contains(n) {
            Occupant::Friend
        } else if self.enemy.contains(n) {
            Occupant::Enemy
        } else {
            Occupant::Empty
        }
    }

    #[inline]
    fn is_empty_at(&self, n: NodeId) -> bool {
        !self.friend.contains(n) && !self.enemy.contains(n)
    }
}

impl FromIterator<Occupant> for Occupancy {
    /// The occupancy of nodes 0, 1, 2, … in turn.
    fn from_iter<I: IntoIterator<Item = Occupant>>(iter: I) -> Occupancy {
        let mut occ = Occupancy::default();
        for (i, o) in iter.into_iter().enumerate() {
            occ.put(NodeId(i as u8), o);
        }
        occ
    }
}

/// Legal destinations of a movable piece at `from`. A piece on an HQ never moves.
pub fn destinations(board: &Board, occ: &Occupancy, from: NodeId, engineer: bool) -> NodeSet {
    if board.kind(from) == NodeKind::Hq {
        return NodeSet::default();
    }
    // A step onto any neighbour but a friend's or an enemy's in a camp.
    let mut out = board
        .adjacent_set(from)
        .without(occ.friend)
        .without(occ.enemy.and(board.camps()));
    if board.rail_neighbours(from).is_empty() {
        return out;
    }
    if engineer {
        engineer_search(board, occ, from, &mut out);
    } else {
        for &(line, pos) in board.lines_through(from) {
            let line = &board.lines()[line as usize];
            let pos = pos as usize;
            straight_run(occ, line[pos + 1..].iter().copied(), &mut out);
            straight_run(occ, line[..pos].iter().rev().copied(), &mut out);
        }
    }
    out
}

fn straight_run(occ: &Occupancy, nodes: impl Iterator<Item = NodeId>, out: &mut NodeSet) {
    for n in nodes {
        match occ.of(n) {
            Occupant::Empty => {
                out.insert(n);
            }
            Occupant::Enemy => {
                out.insert(n);
                return;
            }
            Occupant::Friend => return,
        }
    }
}

/// Breadth-first search over railway links through empty stations.
fn engineer_search(board: &Board, occ: &Occupancy, from: NodeId, out: &mut NodeSet) {
    let mut seen = NodeSet::default();
    seen.insert(from);
    let mut queue = [NodeId(0); 192];
    let (mut head, mut tail) = (0, 0);
    queue[tail] = from;
    tail += 1;
    while head < tail {
        let cur = queue[head];
        head += 1;
        for &n in board.rail_neighbours(cur) {
            if !seen.insert(n) {
                continue;
            }
            match occ.of(n) {
                Occupant::Empty => {
                    out.insert(n);
                    queue[tail] = n;
                    tail += 1;
                }
                Occupant::Enemy => {
                    out.insert(n);
                }
                Occupant::Friend => {}
            }
        }
    }
}

/// The path shown for a legal move (from and to included): the single link when `to` is
/// adjacent, else a straight run when one exists, else the shortest railway path with ties
/// broken by comparing node names.
pub fn canonical_path(board: &Board, occ: &Occupancy, from: NodeId, to: NodeId) -> Vec<NodeId> {
    if board.adjacent(from).iter().any(|&(n, _)| n == to) {
        return vec![from, to];
    }
    for &(line, pos) in board.lines_through(from) {
        let line = &board.lines()[line as usize];
        let pos = pos as usize;
        if let Some(t) = line.iter().position(|&n| n == to) {
            let run: Vec<NodeId> = if t > pos {
                line[pos..=t].to_vec()
            } else {
                line[t..=pos].iter().rev().copied().collect()
            };
            if run[1..run.len() - 1].iter().all(|&n| occ.is_empty_at(n)) {
                return run;
            }
        }
    }
    shortest_rail_path(board, occ, from, to).unwrap_or_else(|| vec![from, to])
}

/// Shortest railway path through empty nodes; among equals, the one whose node names
/// compare smallest, node by node.
fn shortest_rail_path(
    board: &Board,
    occ: &Occupancy,
    from: NodeId,
    to: NodeId,
) -> Option<Vec<NodeId>> {
    // Distances from `to` backwards, then walk forward choosing the smallest name.
    let mut dist = vec![u16::MAX; board.len()];
    let mut q = VecDeque::new();
    dist[to.0 as usize] = 0;
    q.push_back(to);
    while let Some(cur) = q.pop_front() {
        for &n in board.rail_neighbours(cur) {
            let passable = n == from || occ.is_empty_at(n);
            if passable && dist[n.0 as usize] == u16::MAX {
                dist[n.0 as usize] = dist[cur.0 as usize] + 1;
                if n != from {
                    q.push_back(n);
                }
            }
        }
    }
    if dist[from.0 as usize] == u16::MAX {
        return None;
    }
    let mut path = vec![from];
    let mut cur = from;
    while cur != to {
        let d = dist[cur.0 as usize];
        cur = board
            .rail_neighbours(cur)
            .iter()
            .copied()
            .filter(|&n| dist[n.0 as usize] == d - 1 && (n == to || occ.is_empty_at(n)))
            .min_by(|a, b| board.name(*a).cmp(board.name(*b)))?;
        path.push(cur);
    }
    Some(path)
}
