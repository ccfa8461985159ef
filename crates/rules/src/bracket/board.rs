//! The compact board snapshot the kernels work on.
//!
//! In the game the ECS world is the source of truth; a [`Board`] is derived from its
//! entities whenever a kernel needs one (and the command line and computer players build
//! them directly). Cells are indexed row-major: `index = row * side + col`.

use super::content::KindId;
use super::geometry::{Dir, Glass, Mirror};

/// A player seat, 1..=4.
pub type Player = u8;

pub const MIN_SIDE: usize = 10;
pub const MAX_SIDE: usize = 20;
pub const MAX_PLAYERS: u8 = 4;
/// Side of a home corner.
pub const HOME: usize = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub owner: Player,
    pub kind: KindId,
    /// `Some` for a bracket, `None` for a shape.
    pub facing: Option<Dir>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Tile {
    #[default]
    Empty,
    Mirror(Mirror),
    Glass(Glass),
    Piece(Piece),
}

impl Tile {
    pub fn piece(self) -> Option<Piece> {
        match self {
            Tile::Piece(p) => Some(p),
            _ => None,
        }
    }

    pub fn is_fixture(self) -> bool {
        matches!(self, Tile::Mirror(_) | Tile::Glass(_))
    }
}

/// A square board and the seats whose home corners are active.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    side: usize,
    /// Bit `p - 1` set: player `p` has a home corner (is in the game).
    homes: u8,
    tiles: Vec<Tile>,
}

impl Board {
    /// An empty board for players `1..=players`.
    pub fn new(side: usize, players: u8) -> Board {
        assert!((MIN_SIDE..=MAX_SIDE).contains(&side), "board side {side}");
        assert!((2..=MAX_PLAYERS).contains(&players), "{players} players");
        Board {
            side,
            homes: (1u8 << players) - 1,
            tiles: vec![Tile::Empty; side * side],
        }
    }

    pub fn side(&self) -> usize {
        self.side
    }

    pub fn cells(&self) -> usize {
        self.tiles.len()
    }

    pub fn tiles(&self) -> &[Tile] {
        &self.tiles
    }

    pub fn tile(&self, cell: usize) -> Tile {
        self.tiles[cell]
    }

    pub fn set(&mut self, cell: usize, tile: Tile) {
        self.tiles[cell] = tile;
    }

    pub fn index(&self, row: usize, col: usize) -> usize {
        row * self.side + col
    }

    pub fn row_col(&self, cell: usize) -> (usize, usize) {
        (cell / self.side, cell % self.side)
    }

    /// The neighbour of `cell` in direction `dir`, if on the board.
    #[inline]
    pub fn step(&self, cell: usize, dir: Dir) -> Option<usize> {
        let n = self.side;
        match dir {
            Dir::U => cell.checked_sub(n),
            Dir::D => (cell + n < n * n).then_some(cell + n),
            Dir::L => (!cell.is_multiple_of(n)).then(|| cell - 1),
            Dir::R => (!(cell + 1).is_multiple_of(n)).then_some(cell + 1),
        }
    }

    /// Whether player `p` still has a home corner (has not left the game).
    pub fn has_home(&self, p: Player) -> bool {
        (1..=MAX_PLAYERS).contains(&p) && self.homes & (1 << (p - 1)) != 0
    }

    /// Seats with a home corner, ascending.
    pub fn seats(&self) -> impl Iterator<Item = Player> + '_ {
        (1..=MAX_PLAYERS).filter(|&p| self.has_home(p))
    }

    /// Removes a player's home corner (surrender): it becomes ordinary cells.
    pub fn remove_home(&mut self, p: Player) {
        self.homes &= !(1 << (p - 1));
    }

    /// The corner of seat `p` in this board's size, whether or not `p` plays.
    /// P1 top-left, P2 bottom-right, P3 top-right, P4 bottom-left.
    pub fn corner_contains(&self, p: Player, cell: usize) -> bool {
        let (r, c) = self.row_col(cell);
        let far = self.side - HOME;
        let (top, left) = match p {
            1 => (true, true),
            2 => (false, false),
            3 => (true, false),
            _ => (false, true),
        };
        let row_in = if top { r < HOME } else { r >= far };
        let col_in = if left { c < HOME } else { c >= far };
        row_in && col_in
    }

    /// The active player whose home corner holds `cell`.
    pub fn home_owner(&self, cell: usize) -> Option<Player> {
        self.seats().find(|&p| self.corner_contains(p, cell))
    }

    pub fn home_cells(&self, p: Player) -> impl Iterator<Item = usize> + '_ {
        (0..self.cells()).filter(move |&c| self.corner_contains(p, c))
    }

    /// Cells holding pieces, ascending.
    pub fn pieces(&self) -> impl Iterator<Item = (usize, Piece)> + '_ {
        self.tiles
            .iter()
            .enumerate()
            .filter_map(|(i, t)| t.piece().map(|p| (i, p)))
    }

    /// A board is invalid when a mirror or glass plate stands in an active home corner, or
    /// a piece belongs to a seat that is not in the game.
    pub fn validate(&self) -> Result<(), String> {
        for (cell, tile) in self.tiles.iter().enumerate() {
            let (r, c) = self.row_col(cell);
            if tile.is_fixture()
                && let Some(p) = self.home_owner(cell)
            {
                return Err(format!(
                    "a mirror or glass plate at ({r},{c}) stands in player {p}'s home corner"
                ));
            }
            if let Tile::Piece(piece) = tile
                && !self.has_home(piece.owner)
            {
                return Err(format!(
                    "the piece at ({r},{c}) belongs to player {}, who is not in the game",
                    piece.owner
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stop_at_edges() {
        let b = Board::new(10, 2);
        assert_eq!(b.step(0, Dir::U), None);
        assert_eq!(b.step(0, Dir::L), None);
        assert_eq!(b.step(9, Dir::R), None);
        assert_eq!(b.step(99, Dir::D), None);
        assert_eq!(b.step(11, Dir::U), Some(1));
        assert_eq!(b.step(11, Dir::R), Some(12));
    }

    #[test]
    fn corners_follow_seats() {
        let b = Board::new(12, 4);
        assert_eq!(b.home_owner(b.index(0, 0)), Some(1));
        assert_eq!(b.home_owner(b.index(11, 11)), Some(2));
        assert_eq!(b.home_owner(b.index(2, 9)), Some(3));
        assert_eq!(b.home_owner(b.index(9, 2)), Some(4));
        assert_eq!(b.home_owner(b.index(3, 3)), None);
        let two = Board::new(12, 2);
        assert_eq!(two.home_owner(two.index(0, 11)), None);
    }
}
