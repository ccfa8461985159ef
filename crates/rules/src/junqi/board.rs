//! Junqi boards as data: nodes, links and straight railway lines from
//! `content/junqi/board_2p.ron` and `board_4p.ron`, with the adjacency derived from them.

use std::collections::HashMap;

use serde::{Deserialize, Serialize};

pub const BOARD_2P_RON: &str = include_str!("../../../../content/junqi/board_2p.ron");
pub const BOARD_4P_RON: &str = include_str!("../../../../content/junqi/board_4p.ron");

/// Index of a node on its board (at most 129 nodes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct NodeId(pub u8);

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NodeKind {
    /// 兵站 on the railway.
    Station,
    /// A road post.
    Post,
    /// 行营: pieces in it cannot be attacked.
    Camp,
    /// 大本营: pieces on it never move.
    Hq,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LinkKind {
    Rail,
    Road,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Node {
    pub name: String,
    pub kind: NodeKind,
    /// The arm's seat letter; `None` for the centre (九宫).
    pub seat: Option<char>,
    /// Arm-local row (0 = front) and column (0 = the owner's left); centre: row and column.
    pub r: u8,
    pub c: u8,
    /// Screen position in board units.
    pub x: f32,
    pub y: f32,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawBoard {
    name: String,
    seats: Vec<char>,
    nodes: Vec<Node>,
    links: Vec<(String, String, LinkKind)>,
    lines: Vec<Vec<String>>,
}

/// The most nodes a board may have (a [`NodeSet`] holds them all).
pub const MAX_NODES: usize = 192;

/// A set of nodes (up to [`MAX_NODES`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct NodeSet([u64; 3]);

impl NodeSet {
    #[inline]
    pub fn insert(&mut self, n: NodeId) -> bool {
        let (w, b) = (n.0 as usize / 64, 1u64 << (n.0 % 64));
        let fresh = self.0[w] & b == 0;
        self.0[w] |= b;
        fresh
    }

    /// Takes `n` out of the set.
    #[inline]
    pub fn remove(&mut self, n: NodeId) {
        self.0[n.0 as usize / 64] &= !(1u64 << (n.0 % 64));
    }

    #[inline]
    pub fn contains(&self, n: NodeId) -> bool {
        self.0[n.0 as usize / 64] & (1u64 << (n.0 % 64)) != 0
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The members of both sets.
    #[inline]
    pub fn and(self, other: NodeSet) -> NodeSet {
        NodeSet(std::array::from_fn(|w| self.0[w] & other.0[w]))
    }

    /// The members of either set.
    #[inline]
    pub fn or(self, other: NodeSet) -> NodeSet {
        NodeSet(std::array::from_fn(|w| self.0[w] | other.0[w]))
    }

    /// The members of this set that are not in `other`.
    #[inline]
    pub fn without(self, other: NodeSet) -> NodeSet {
        NodeSet(std::array::from_fn(|w| self.0[w] & !other.0[w]))
    }

    /// The nodes in the set, in id order: one step per member (the lowest set bit of each
    /// word in turn), not one per possible node; move generation walks these sets for every
    /// piece of every ply a computer plays out.
    pub fn iter(&self) -> impl Iterator<Item = NodeId> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                (bits != 0).then(|| {
                    let b = bits.trailing_zeros();
                    bits &= bits - 1;
                    NodeId((w as u32 * 64 + b) as u8)
                })
            })
        })
    }
}

impl FromIterator<NodeId> for NodeSet {
    fn from_iter<I: IntoIterator<Item = NodeId>>(iter: I) -> NodeSet {
        let mut set = NodeSet::default();
        for n in iter {
            set.insert(n);
        }
        set
    }
}

/// A board: nodes, links and railway lines, plus derived adjacency.
#[derive(Clone, Debug)]
pub struct Board {
    pub name: String,
    /// Seat letters in turn order (S, E, N, W or A, B).
    pub seats: Vec<char>,
    nodes: Vec<Node>,
    by_name: HashMap<String, NodeId>,
    /// Every neighbour, with the link kind.
    adjacent: Vec<Vec<(NodeId, LinkKind)>>,
    /// Every neighbour, as a set (move generation takes the enterable ones at once).
    adjacent_set: Vec<NodeSet>,
    /// The camps (行营).
    camps: NodeSet,
    /// Railway neighbours only.
    rail: Vec<Vec<NodeId>>,
    lines: Vec<Vec<NodeId>>,
    /// For each node: (line, index in line) of every line through it.
    on_lines: Vec<Vec<(u16, u16)>>,
    links: usize,
    rail_links: usize,
}

impl Board {
    pub fn parse(text: &str) -> Result<Board, String> {
        let raw: RawBoard = ron::from_str(text).map_err(|e| e.to_string())?;
        if raw.nodes.len() > MAX_NODES {
            return Err(format!("at most {MAX_NODES} nodes"));
        }
        let mut by_name = HashMap::new();
        for (i, n) in raw.nodes.iter().enumerate() {
            if by_name.insert(n.name.clone(), NodeId(i as u8)).is_some() {
                return Err(format!("node `{}` twice", n.name));
            }
        }
        let id = |name: &str| {
            by_name
                .get(name)
                .copied()
                .ok_or_else(|| format!("unknown node `{name}`"))
        };
        let n = raw.nodes.len();
        let mut adjacent = vec![Vec::new(); n];
        let mut rail = vec![Vec::new(); n];
        let mut rail_links = 0;
        for (a, b, kind) in &raw.links {
            let (a, b) = (id(a)?, id(b)?);
            if a == b || adjacent[a.0 as usize].iter().any(|&(x, _)| x == b) {
                return Err(format!(
                    "bad or repeated link {}-{}",
                    raw.nodes[a.0 as usize].name, raw.nodes[b.0 as usize].name
                ));
            }
            adjacent[a.0 as usize].push((b, *kind));
            adjacent[b.0 as usize].push((a, *kind));
            if *kind == LinkKind::Rail {
                rail[a.0 as usize].push(b);
                rail[b.0 as usize].push(a);
                rail_links += 1;
            }
        }
        let mut lines = Vec::new();
        let mut on_lines = vec![Vec::new(); n];
        for (li, line) in raw.lines.iter().enumerate() {
            let ids: Vec<NodeId> = line.iter().map(|s| id(s)).collect::<Result<_, _>>()?;
            for w in ids.windows(2) {
                if !rail[w[0].0 as usize].contains(&w[1]) {
                    return Err(format!(
                        "line {li} steps off the railway at {}",
                        raw.nodes[w[0].0 as usize].name
                    ));
                }
            }
            for (pos, &node) in ids.iter().enumerate() {
                on_lines[node.0 as usize].push((li as u16, pos as u16));
            }
            lines.push(ids);
        }
        let adjacent_set = adjacent
            .iter()
            .map(|ns| ns.iter().map(|&(b, _)| b).collect())
            .collect();
        let camps = (0..n)
            .filter(|&i| raw.nodes[i].kind == NodeKind::Camp)
            .map(|i| NodeId(i as u8))
            .collect();
        Ok(Board {
            name: raw.name,
            adjacent_set,
            camps,
            seats: raw.seats,
            links: raw.links.len(),
            nodes: raw.nodes,
            by_name,
            adjacent,
            rail,
            lines,
            on_lines,
            rail_links,
        })
    }

    pub fn two_player() -> Board {
        Board::parse(BOARD_2P_RON).expect("board_2p.ron is valid (tested)")
    }

    pub fn four_player() -> Board {
        Board::parse(BOARD_4P_RON).expect("board_4p.ron is valid (tested)")
    }

    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    pub fn is_empty(&self) -> bool {
        self.nodes.is_empty()
    }

    pub fn ids(&self) -> impl Iterator<Item = NodeId> + '_ {
        (0..self.nodes.len()).map(|i| NodeId(i as u8))
    }

    pub fn node(&self, n: NodeId) -> &Node {
        &self.nodes[n.0 as usize]
    }

    pub fn name(&self, n: NodeId) -> &str {
        &self.nodes[n.0 as usize].name
    }

    pub fn kind(&self, n: NodeId) -> NodeKind {
        self.nodes[n.0 as usize].kind
    }

    pub fn find(&self, name: &str) -> Option<NodeId> {
        self.by_name.get(name).copied()
    }

    pub fn adjacent(&self, n: NodeId) -> &[(NodeId, LinkKind)] {
        &self.adjacent[n.0 as usize]
    }

    /// [`Board::adjacent`] as a set.
    pub fn adjacent_set(&self, n: NodeId) -> NodeSet {
        self.adjacent_set[n.0 as usize]
    }

    /// Every camp (行营).
    pub fn camps(&self) -> NodeSet {
        self.camps
    }

    pub fn rail_neighbours(&self, n: NodeId) -> &[NodeId] {
        &self.rail[n.0 as usize]
    }

    pub fn lines(&self) -> &[Vec<NodeId>] {
        &self.lines
    }

    pub fn lines_through(&self, n: NodeId) -> &[(u16, u16)] {
        &self.on_lines[n.0 as usize]
    }

    pub fn link_count(&self) -> usize {
        self.links
    }

    pub fn rail_link_count(&self) -> usize {
        self.rail_links
    }

    pub fn station_count(&self) -> usize {
        self.nodes
            .iter()
            .filter(|n| n.kind == NodeKind::Station)
            .count()
    }

    /// The node of an arm at arm-local (r, c).
    pub fn arm_node(&self, seat: char, r: u8, c: u8) -> Option<NodeId> {
        self.find(&format!("{seat}{r}{c}"))
    }

    /// Nodes of an arm.
    pub fn arm(&self, seat: char) -> impl Iterator<Item = NodeId> + '_ {
        self.ids().filter(move |&n| self.node(n).seat == Some(seat))
    }
}

#[cfg(test)]
mod tests {
    use super::{NodeId, NodeSet};

    #[test]
    fn a_node_set_walks_its_members_in_order_across_words() {
        let members = [0u8, 1, 63, 64, 100, 127, 128, 191];
        let mut set = NodeSet::default();
        for &n in members.iter().rev() {
            assert!(set.insert(NodeId(n)));
        }
        assert!(!set.insert(NodeId(64)), "already there");
        let walked: Vec<u8> = set.iter().map(|n| n.0).collect();
        assert_eq!(walked, members);
        assert_eq!(set.len(), members.len());
        assert_eq!(NodeSet::default().iter().count(), 0);
    }

    #[test]
    fn node_sets_meet_join_and_take_away_across_words() {
        let set = |ns: &[u8]| ns.iter().map(|&n| NodeId(n)).collect::<NodeSet>();
        let a = set(&[1, 64, 130, 191]);
        let b = set(&[1, 65, 130]);
        assert_eq!(a.and(b), set(&[1, 130]));
        assert_eq!(a.or(b), set(&[1, 64, 65, 130, 191]));
        assert_eq!(a.without(b), set(&[64, 191]));
        let mut c = a;
        c.remove(NodeId(130));
        c.remove(NodeId(2));
        assert_eq!(c, set(&[1, 64, 191]));
    }
}
