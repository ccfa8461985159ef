//! Destruction and resolution: which pieces die, all at once, until the board is stable.
//!
//! ```text
//! repeat
//!   compute coverage; mark every piece standing outside its owner's coverage
//!   repeat
//!     compute all beams (marked pieces still fire; marked enemies no longer stop beams)
//!     mark every piece whose destruction test holds
//!   until no new marks
//!   remove every marked piece at once
//! until nothing was removed
//! ```

use super::amount::{Amount, Fixed};
use super::attack::{AttackField, Field, compute_into, wide_field};
use super::board::{Board, MAX_SIDE, Piece, Tile};
use super::cellset::CellSet;
use super::content::KindTable;
use super::coverage::{CoverageMap, Scratch, coverage_all_with};
use super::geometry::Dir;

/// Pieces standing outside their owner's coverage.
pub fn uncovered_pieces(board: &Board, coverage: &CoverageMap) -> CellSet {
    board
        .pieces()
        .filter(|(cell, p)| !coverage[p.owner as usize - 1].contains(*cell))
        .map(|(cell, _)| cell)
        .collect()
}

/// Pieces (not yet in `marked`) whose destruction test holds in `field`.
pub fn newly_destroyed(
    board: &Board,
    kinds: &KindTable,
    field: &Field,
    marked: &CellSet,
) -> CellSet {
    match field {
        Field::Fast(f) => destroyed_in(board, kinds, f, marked),
        Field::Wide(f) => destroyed_in(board, kinds, f, marked),
    }
}

fn destroyed_in<A: Amount>(
    board: &Board,
    kinds: &KindTable,
    field: &AttackField<A>,
    marked: &CellSet,
) -> CellSet {
    board
        .pieces()
        .filter(|(cell, _)| !marked.contains(*cell))
        .filter(|(cell, piece)| is_destroyed(kinds, *cell, piece, field))
        .map(|(cell, _)| cell)
        .collect()
}

/// The destruction test of one piece: net attack on a side or back > 0 (brackets), net
/// attack on a front > HP (`None` HP: never through the front). Faces are never summed.
pub fn is_destroyed<A: Amount>(
    kinds: &KindTable,
    cell: usize,
    piece: &Piece,
    field: &AttackField<A>,
) -> bool {
    let kind = kinds.get(piece.kind);
    Dir::ALL.into_iter().any(|face| {
        let enemy = field.enemy_in(cell, face);
        if enemy.is_zero() {
            return false;
        }
        let own = field.own_out(cell, face);
        let front = piece.facing.is_none_or(|f| f == face);
        let threshold = if front {
            match kind.hp {
                None => return false,
                Some(hp) => own
                    .checked_add(&A::from_quarters(hp))
                    .expect("HP and own attack are bounded by content limits"),
            }
        } else {
            own.clone()
        };
        *enemy > threshold
    })
}

/// One round's removals: every piece in it vanished at the same moment.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RemovalRound {
    pub removed: Vec<(usize, Piece)>,
}

/// What a resolution did, round by round (a cascade is several rounds).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Resolution {
    pub rounds: Vec<RemovalRound>,
}

impl Resolution {
    pub fn removed_count(&self) -> usize {
        self.rounds.iter().map(|r| r.removed.len()).sum()
    }
}

/// Reusable buffers for resolving many boards (computer players resolve thousands).
pub struct Resolver {
    scratch: Scratch,
    fast: AttackField<Fixed>,
    coverage: CoverageMap,
}

impl Default for Resolver {
    fn default() -> Self {
        Resolver {
            scratch: Scratch::new(MAX_SIDE * MAX_SIDE),
            fast: AttackField::zeroed(0),
            coverage: [CellSet::new(); 4],
        }
    }
}

impl Resolver {
    /// The marks of one round: uncovered pieces, then the attack fixpoint.
    pub fn round_marks(&mut self, board: &Board, kinds: &KindTable) -> CellSet {
        self.coverage = coverage_all_with(board, kinds, &mut self.scratch);
        let mut marked = uncovered_pieces(board, &self.coverage);
        loop {
            let fast = compute_into(board, kinds, &marked, &mut self.scratch, &mut self.fast);
            let fresh = match fast {
                Some(()) => destroyed_in(board, kinds, &self.fast, &marked),
                None => {
                    let wide = wide_field(board, kinds, &marked, &mut self.scratch);
                    destroyed_in(board, kinds, &wide, &marked)
                }
            };
            if fresh.is_empty() {
                return marked;
            }
            marked.union_with(&fresh);
        }
    }

    /// Each player's coverage of the board the last [`Resolver::resolve`] left (its last
    /// round saw the stable board), so a caller that resolves and then measures coverage
    /// does not compute it twice.
    pub fn coverage(&self) -> &CoverageMap {
        &self.coverage
    }

    /// Resolves the board in place to its stable state.
    pub fn resolve(&mut self, board: &mut Board, kinds: &KindTable) -> Resolution {
        let mut report = Resolution::default();
        loop {
            let marked = self.round_marks(board, kinds);
            if marked.is_empty() {
                return report;
            }
            let mut round = RemovalRound::default();
            for cell in marked.iter() {
                if let Tile::Piece(p) = board.tile(cell) {
                    round.removed.push((cell, p));
                }
                board.set(cell, Tile::Empty);
            }
            report.rounds.push(round);
        }
    }
}

/// The marks of one round: uncovered pieces, then the attack fixpoint.
pub fn round_marks(board: &Board, kinds: &KindTable) -> CellSet {
    Resolver::default().round_marks(board, kinds)
}

/// Resolves the board in place to its stable state.
///
/// A side hit destroys a bracket (any net attack above 0 on a side):
///
/// ```
/// use bw_rules::bracket::text::parse_board;
/// use bw_rules::bracket::{KindTable, Tile, resolve};
///
/// let kinds = KindTable::builtin();
/// let rows = [
///     ". . . . . . . . . .",
///     ". . . . . . . . . .",
///     ". . 1>R . . . . 2]D . .",
///     ". . . . . . . . . .",
///     ". . . . . . . . . .",
///     ". . . . . . . . . .",
///     ". . . . . . . . . .",
///     ". . . . . . . 2>U . .",
///     ". . . . . . . . . .",
///     ". . . . . . . . . .",
/// ];
/// let mut board = parse_board(&rows.join("\n"), &kinds).unwrap();
/// let resolution = resolve(&mut board, &kinds);
/// // Player 1's angle bracket hits the side of player 2's `]` at row 2, column 7.
/// assert_eq!(resolution.removed_count(), 1);
/// assert_eq!(board.tile(2 * 10 + 7), Tile::Empty);
/// ```
pub fn resolve(board: &mut Board, kinds: &KindTable) -> Resolution {
    Resolver::default().resolve(board, kinds)
}
