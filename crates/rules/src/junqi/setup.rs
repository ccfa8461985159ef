//! Seats, alliances, rule flags, dealing and deployment validation.

use serde::{Deserialize, Serialize};

use super::board::{Board, NodeId, NodeKind};
use super::pieces::{Ability, PieceKind, PieceKindId, PieceSet};
use crate::rng::SplitMix64;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum BoardChoice {
    TwoPlayer,
    FourPlayer,
}

/// Who is allied with whom (4 players only).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Alliance {
    /// 标准: opposite seats, S+N and E+W.
    Opposite,
    /// 并肩: neighbours, S+E and N+W.
    Adjacent,
    /// 混战: everyone for themselves.
    None,
}

/// The room settings, saved with the game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rules {
    pub board: BoardChoice,
    pub players: u8,
    pub alliance: Alliance,
    /// 乱战: pieces dealt at random from the pooled sets.
    pub deal_random: bool,
    /// 友明: allies see each other's pieces.
    pub open_allies: bool,
    pub bombs_not_front: bool,
    pub reveal_flag: bool,
    /// Plies in a row without a piece leaving that make a draw (0 = off).
    pub quiet_limit: u32,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            board: BoardChoice::FourPlayer,
            players: 4,
            alliance: Alliance::Opposite,
            deal_random: false,
            open_allies: false,
            bombs_not_front: true,
            reveal_flag: true,
            quiet_limit: 60,
        }
    }
}

impl Rules {
    pub fn validate(&self) -> Result<(), String> {
        match (self.board, self.players) {
            (BoardChoice::TwoPlayer, 2) | (BoardChoice::FourPlayer, 2..=4) => Ok(()),
            (BoardChoice::TwoPlayer, n) => Err(format!("the two-player board seats 2, not {n}")),
            (_, n) => Err(format!("{n} players: the four-player board seats 2 to 4")),
        }
    }

    /// Seat letters of the players, in turn order.
    pub fn seat_letters(&self) -> Vec<char> {
        match (self.board, self.players) {
            (BoardChoice::TwoPlayer, _) => vec!['A', 'B'],
            (_, 2) => vec!['S', 'N'],
            (_, 3) => vec!['S', 'E', 'N'],
            _ => vec!['S', 'E', 'N', 'W'],
        }
    }

    /// Team of each player (same number = allies); only 4 players have allies.
    pub fn teams(&self) -> Vec<u8> {
        let seats = self.seat_letters();
        seats
            .iter()
            .enumerate()
            .map(|(i, &s)| match (self.players, self.alliance, s) {
                (4, Alliance::Opposite, 'S' | 'N') => 0,
                (4, Alliance::Opposite, _) => 1,
                (4, Alliance::Adjacent, 'S' | 'E') => 0,
                (4, Alliance::Adjacent, _) => 1,
                _ => i as u8,
            })
            .collect()
    }

    /// 友明 only means something with allies.
    pub fn open_allies_applies(&self) -> bool {
        self.open_allies && self.players == 4 && self.alliance != Alliance::None
    }

    pub fn make_board(&self) -> Board {
        match self.board {
            BoardChoice::TwoPlayer => Board::two_player(),
            BoardChoice::FourPlayer => Board::four_player(),
        }
    }
}

/// 任意人数 on the four-player board (the seed's rule): who plays when the seats in
/// `seated` (S, E, N, W) are taken. The game needs at least two players facing each other:
/// two facing seats play as S and N, three as S, E and N, four as they sit. The answer is
/// the seats that play, in turn order (player 0 first); `None` when they cannot start (one
/// player, or two side by side).
///
/// The board is the same from every side, so a game is turned until its first player is
/// at S: two players at E and W play as S and N.
pub fn any_count_players(seated: [bool; 4]) -> Option<Vec<usize>> {
    let count = seated.iter().filter(|&&s| s).count();
    let step = match count {
        4 => return Some(vec![0, 1, 2, 3]),
        3 => 1,
        2 => 2,
        _ => return None,
    };
    // The first player: the seat after the empty one (three), or the lower of a facing
    // pair (two).
    (0..4)
        .find(|&first| (0..count).all(|i| seated[(first + i * step) % 4]))
        .map(|first| (0..count).map(|i| (first + i * step) % 4).collect())
}

#[cfg(test)]
mod any_count_tests {
    use super::any_count_players;

    #[test]
    fn facing_seats_start_side_by_side_do_not() {
        assert_eq!(
            any_count_players([true, false, true, false]),
            Some(vec![0, 2])
        );
        assert_eq!(
            any_count_players([false, true, false, true]),
            Some(vec![1, 3])
        );
        assert_eq!(any_count_players([true, true, false, false]), None);
        assert_eq!(any_count_players([false, false, true, true]), None);
        assert_eq!(any_count_players([true, false, false, true]), None);
        assert_eq!(any_count_players([false, false, true, false]), None);
        assert_eq!(any_count_players([false; 4]), None);
    }

    #[test]
    fn three_play_in_turn_order_from_the_seat_after_the_empty_one() {
        assert_eq!(
            any_count_players([true, true, true, false]),
            Some(vec![0, 1, 2])
        );
        assert_eq!(
            any_count_players([false, true, true, true]),
            Some(vec![1, 2, 3])
        );
        assert_eq!(
            any_count_players([true, false, true, true]),
            Some(vec![2, 3, 0])
        );
        assert_eq!(
            any_count_players([true, true, false, true]),
            Some(vec![3, 0, 1])
        );
        assert_eq!(any_count_players([true; 4]), Some(vec![0, 1, 2, 3]));
    }
}

/// The hands of every player: standard sets, or 乱战 dealing from the pooled sets (extra
/// flags beyond the limit become the set's replacement kind).
pub fn deal(rules: &Rules, set: &PieceSet, seed: u64) -> Vec<Vec<PieceKindId>> {
    let n = rules.players as usize;
    if !rules.deal_random {
        return vec![set.standard_hand(); n];
    }
    let mut pool: Vec<PieceKindId> = (0..n).flat_map(|_| set.standard_hand()).collect();
    let mut rng = SplitMix64::new(seed);
    for i in (1..pool.len()).rev() {
        pool.swap(i, rng.below(i as u64 + 1) as usize);
    }
    pool.chunks(25)
        .map(|chunk| {
            let mut hand = chunk.to_vec();
            let mut flags = 0;
            for k in hand.iter_mut() {
                if set.get(*k).ability == Ability::Flag {
                    flags += 1;
                    if flags > set.max_flags_per_hand {
                        *k = set.extra_flags_become;
                    }
                }
            }
            hand.sort();
            hand
        })
        .collect()
}

/// A player's layout: one piece per node of their arm.
pub type Layout = Vec<(NodeId, PieceKindId)>;

/// Why a layout cannot be confirmed (node names as on the board).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LayoutError {
    NotInArm(String),
    InCamp(String),
    TwoPieces(String),
    FlagNotInHq(String),
    BombOnFront(String),
    WrongPieces,
    MinesNotBack { need: usize, back: usize },
}

impl std::fmt::Display for LayoutError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LayoutError::NotInArm(n) => write!(f, "{n} is not in your arm"),
            LayoutError::InCamp(n) => write!(f, "{n} is a camp: no piece starts in a camp"),
            LayoutError::TwoPieces(n) => write!(f, "{n} holds two pieces"),
            LayoutError::FlagNotInHq(n) => {
                write!(f, "the flag must stand in a headquarters, not {n}")
            }
            LayoutError::BombOnFront(n) => write!(f, "no bomb on the front row ({n})"),
            LayoutError::WrongPieces => {
                write!(f, "the layout must place exactly the player's pieces")
            }
            LayoutError::MinesNotBack { need, back } => write!(
                f,
                "at least {need} mines must stand in the last two rows ({back} do)"
            ),
        }
    }
}

/// Checks a layout against the deployment rules and the player's hand.
pub fn validate_layout(
    rules: &Rules,
    board: &Board,
    set: &PieceSet,
    seat: char,
    hand: &[PieceKindId],
    layout: &Layout,
) -> Result<(), LayoutError> {
    let mut used = vec![false; board.len()];
    for &(node, kind) in layout {
        let n = board.node(node);
        if n.seat != Some(seat) {
            return Err(LayoutError::NotInArm(n.name.clone()));
        }
        if n.kind == NodeKind::Camp {
            return Err(LayoutError::InCamp(n.name.clone()));
        }
        if std::mem::replace(&mut used[node.0 as usize], true) {
            return Err(LayoutError::TwoPieces(n.name.clone()));
        }
        let k = set.get(kind);
        if k.ability == Ability::Flag && n.kind != NodeKind::Hq {
            return Err(LayoutError::FlagNotInHq(n.name.clone()));
        }
        if k.ability == Ability::Bomb && rules.bombs_not_front && n.r == 0 {
            return Err(LayoutError::BombOnFront(n.name.clone()));
        }
    }
    let mut placed: Vec<PieceKindId> = layout.iter().map(|&(_, k)| k).collect();
    let mut want = hand.to_vec();
    placed.sort();
    want.sort();
    if placed != want {
        return Err(LayoutError::WrongPieces);
    }
    let mines: Vec<NodeId> = layout
        .iter()
        .filter(|(_, k)| set.get(*k).ability == Ability::Mine)
        .map(|&(n, _)| n)
        .collect();
    let back = mines.iter().filter(|&&n| board.node(n).r >= 4).count();
    let need = mines.len().min(5);
    if back < need {
        return Err(LayoutError::MinesNotBack { need, back });
    }
    Ok(())
}

/// Mirrors a layout left to right: (r, c) to (r, 4 - c).
pub fn mirror_layout(board: &Board, seat: char, layout: &Layout) -> Layout {
    layout
        .iter()
        .map(|&(n, k)| {
            let node = board.node(n);
            (
                board
                    .arm_node(seat, node.r, 4 - node.c)
                    .expect("arms are symmetric"),
                k,
            )
        })
        .collect()
}

/// A sensible automatic layout: the flag in a headquarters sealed by mines, bombs off the
/// front row, strong pieces spread over the front and the railway.
///
/// The seed varies it within that shape, so that a computer's layout cannot be learned
/// from game to game: which headquarters holds the flag (and so which posts are left for
/// the spread), the middle ranks and the low ranks each shuffled among their posts, and
/// the whole army mirrored one time in two. Looser variations (a mine as a decoy by the
/// other headquarters, bombs trading posts, the commander and general trading posts, each
/// post moved a few places along the spread) cost the four-player game up to ten points
/// at equal compute; see BENCHMARKS.md, sessions 31–33.
pub fn auto_layout(
    rules: &Rules,
    board: &Board,
    set: &PieceSet,
    seat: char,
    hand: &[PieceKindId],
    seed: u64,
) -> Layout {
    let at = |r: u8, c: u8| board.arm_node(seat, r, c).expect("arm node");
    let mut rng = SplitMix64::new(seed);
    let flag_side: u8 = if rng.below(2) == 0 { 1 } else { 3 };
    let other = 4 - flag_side;
    let flag_slots = [at(5, flag_side), at(5, other)];
    // Mine posts in order of preference: the three posts beside the flag (in a random
    // order; a standard army's three mines seal it), then, for a dealt hand with more
    // mines, by or in the other headquarters, the rest of the back rows and the row before
    // them.
    let mut seal = [at(5, flag_side - 1), at(5, flag_side + 1), at(4, flag_side)];
    shuffle(&mut seal, &mut rng);
    let mut by_other = [at(5, other), at(4, other)];
    shuffle(&mut by_other, &mut rng);
    let mut mine_slots: Vec<NodeId> = seal.to_vec();
    mine_slots.extend(by_other);
    mine_slots.extend([at(4, flag_side - 1), at(4, flag_side + 1)]);
    mine_slots.extend([at(3, 0), at(3, 4), at(2, 0)]);
    let mut remaining: Vec<PieceKindId> = hand.to_vec();
    let mut free: Vec<NodeId> = board
        .arm(seat)
        .filter(|&n| board.kind(n) != NodeKind::Camp)
        .collect();
    let mut layout = Layout::new();
    let take = |layout: &mut Layout, free: &mut Vec<NodeId>, node: NodeId, k: PieceKindId| {
        free.retain(|&n| n != node);
        layout.push((node, k));
    };
    let flags: Vec<PieceKindId> = remaining
        .iter()
        .copied()
        .filter(|&k| set.get(k).ability == Ability::Flag)
        .collect();
    for (k, &slot) in flags.iter().zip(flag_slots.iter()) {
        take(&mut layout, &mut free, slot, *k);
    }
    let mines: Vec<PieceKindId> = remaining
        .iter()
        .copied()
        .filter(|&k| set.get(k).ability == Ability::Mine)
        .collect();
    for k in mines {
        let slot = mine_slots
            .iter()
            .copied()
            .find(|n| free.contains(n))
            .or_else(|| free.iter().copied().find(|&n| board.node(n).r >= 4))
            .or_else(|| free.iter().copied().find(|&n| board.node(n).r >= 3))
            .or_else(|| free.first().copied())
            .expect("an arm has room for every piece");
        take(&mut layout, &mut free, slot, k);
    }
    remaining.retain(|&k| !matches!(set.get(k).ability, Ability::Flag | Ability::Mine));
    // A headquarters left open holds the lowest fighting piece: a piece there never moves
    // again, and an engineer is worth more on the railway.
    for hq in flag_slots {
        let lowest = remaining
            .iter()
            .enumerate()
            .filter(|&(_, &k)| set.get(k).ability == Ability::None)
            .min_by_key(|&(_, &k)| set.get(k).rank)
            .map(|(i, _)| i);
        if let (true, Some(i)) = (free.contains(&hq), lowest) {
            take(&mut layout, &mut free, hq, remaining.swap_remove(i));
        }
    }
    // Bombs choose first (they may not stand in front), then the strongest pieces.
    remaining.sort_by_key(|&k| {
        (
            set.get(k).ability != Ability::Bomb,
            std::cmp::Reverse(set.get(k).rank),
        )
    });
    // Alternate front and rear so strength is spread; a headquarters (where a piece never
    // moves again) is the last resort.
    let mut order: Vec<NodeId> = free
        .iter()
        .copied()
        .filter(|&n| board.kind(n) != NodeKind::Hq)
        .collect();
    order.sort_by_key(|&n| {
        let node = board.node(n);
        let rail = !board.rail_neighbours(n).is_empty();
        (node.r, !rail, (node.c as i8 - 2).abs())
    });
    let mut spread = Vec::with_capacity(order.len());
    let (mut lo, mut hi) = (0usize, order.len());
    while lo < hi {
        spread.push(order[lo]);
        lo += 1;
        if lo < hi {
            hi -= 1;
            spread.push(order[hi]);
        }
    }
    spread.extend(
        free.iter()
            .copied()
            .filter(|&n| board.kind(n) == NodeKind::Hq),
    );
    for k in remaining {
        let bomb = set.get(k).ability == Ability::Bomb;
        let slot = spread
            .iter()
            .copied()
            .find(|&n| {
                free.contains(&n) && !(bomb && rules.bombs_not_front && board.node(n).r == 0)
            })
            .expect("room for every piece");
        take(&mut layout, &mut free, slot, k);
    }
    // Pieces of a tier trade posts: the middle ranks among themselves, the low ranks among
    // themselves (a headquarters keeps its piece). The commander and the general keep the
    // posts the spread gave them.
    let tiers: [&dyn Fn(&PieceKind) -> bool; 2] = [
        &|p| p.ability == Ability::None && (4..8).contains(&p.rank),
        &|p| matches!(p.ability, Ability::None | Ability::Engineer) && p.rank < 4,
    ];
    for in_tier in tiers {
        let at: Vec<usize> = (0..layout.len())
            .filter(|&i| in_tier(set.get(layout[i].1)) && board.kind(layout[i].0) != NodeKind::Hq)
            .collect();
        let mut kinds: Vec<PieceKindId> = at.iter().map(|&i| layout[i].1).collect();
        shuffle(&mut kinds, &mut rng);
        for (&i, k) in at.iter().zip(kinds) {
            layout[i].1 = k;
        }
    }
    if rng.below(2) == 0 {
        layout = mirror_layout(board, seat, &layout);
    }
    layout
}

/// Shuffles a short slice in place (Fisher–Yates).
fn shuffle<T>(items: &mut [T], rng: &mut SplitMix64) {
    for i in (1..items.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        items.swap(i, j);
    }
}

/// A saved layout, in arm-local coordinates so that it fits any seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SavedLayout {
    /// (row, column, piece id)
    pub pieces: Vec<(u8, u8, String)>,
}

impl SavedLayout {
    pub fn of(board: &Board, set: &PieceSet, layout: &Layout) -> SavedLayout {
        SavedLayout {
            pieces: layout
                .iter()
                .map(|&(n, k)| {
                    let node = board.node(n);
                    (node.r, node.c, set.get(k).id.clone())
                })
                .collect(),
        }
    }

    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("a layout serializes")
    }

    /// Reads a saved layout for `seat`; it must place exactly the player's pieces by the
    /// deployment rules.
    pub fn load(
        text: &str,
        rules: &Rules,
        board: &Board,
        set: &PieceSet,
        seat: char,
        hand: &[PieceKindId],
    ) -> Result<Layout, String> {
        let saved: SavedLayout = ron::from_str(text).map_err(|e| format!("not a layout: {e}"))?;
        let layout: Layout = saved
            .pieces
            .iter()
            .map(|(r, c, id)| {
                let node = board
                    .arm_node(seat, *r, *c)
                    .ok_or_else(|| format!("no node at row {r}, column {c}"))?;
                let kind = set
                    .by_id(id)
                    .ok_or_else(|| format!("unknown piece `{id}`"))?;
                Ok((node, kind))
            })
            .collect::<Result<_, String>>()?;
        validate_layout(rules, board, set, seat, hand, &layout).map_err(|e| e.to_string())?;
        Ok(layout)
    }
}
