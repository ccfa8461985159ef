//! 星号大战 as a territory game: what a position is worth to each player.
//!
//! In 星号大战 every empty cell a player covers is a place for one more star, and the game
//! ends when nobody has one left, so the board fills up: what a player scores in the end
//! is, near enough, the cells that become theirs before anyone else's. A cell goes to the
//! player whose coverage is fewest orthogonal steps away from it over cells that player's
//! stars can flood (empty ones and their own pieces: an enemy piece, a mirror or a glass
//! plate stops a flood); a cell two players reach in as many steps is shared. Pieces count
//! for their owner. Coverage already held counts as distance 0, so a wall of stars that
//! shuts a region off from the opponent makes all of it the wall-builder's, and a star
//! that cuts an enemy chain (its stars then stand uncovered and go) shows at once.

use bw_rules::bracket::KindTable;
use bw_rules::bracket::board::{Board, Player, Tile};
use bw_rules::bracket::coverage::{CoverageMap, coverage_all};
use bw_rules::bracket::geometry::Dir;

const FAR: u16 = u16::MAX;

/// Reusable buffers for [`shares`].
#[derive(Default)]
pub struct Scratch {
    dist: [Vec<u16>; 4],
    queue: Vec<usize>,
}

/// Each seat's share of the board, in half cells (a shared cell gives each of the `k`
/// players reaching it first 2/k halves, rounded down), indexed by `player - 1`.
pub fn shares(board: &Board, kinds: &KindTable, scratch: &mut Scratch) -> [i64; 4] {
    shares_with(board, &coverage_all(board, kinds), scratch)
}

/// [`shares`] with the board's coverage already known.
pub fn shares_with(board: &Board, coverage: &CoverageMap, scratch: &mut Scratch) -> [i64; 4] {
    let cells = board.cells();
    let seats: Vec<Player> = board.seats().collect();
    for &p in &seats {
        let dist = &mut scratch.dist[p as usize - 1];
        dist.clear();
        dist.resize(cells, FAR);
        let queue = &mut scratch.queue;
        queue.clear();
        for cell in coverage[p as usize - 1].iter() {
            dist[cell] = 0;
            queue.push(cell);
        }
        let mut head = 0;
        while head < queue.len() {
            let cell = queue[head];
            head += 1;
            for dir in Dir::ALL {
                let Some(next) = board.step(cell, dir) else {
                    continue;
                };
                let open = match board.tile(next) {
                    Tile::Empty => true,
                    Tile::Piece(q) => q.owner == p,
                    Tile::Mirror(_) | Tile::Glass(_) => false,
                };
                if open && dist[next] == FAR {
                    dist[next] = dist[cell] + 1;
                    queue.push(next);
                }
            }
        }
    }
    let mut out = [0i64; 4];
    for cell in 0..cells {
        match board.tile(cell) {
            Tile::Piece(q) => out[q.owner as usize - 1] += 2,
            Tile::Empty => {
                let best = seats
                    .iter()
                    .map(|&p| scratch.dist[p as usize - 1][cell])
                    .min()
                    .unwrap_or(FAR);
                if best == FAR {
                    continue;
                }
                let first: Vec<Player> = seats
                    .iter()
                    .copied()
                    .filter(|&p| scratch.dist[p as usize - 1][cell] == best)
                    .collect();
                for p in &first {
                    out[*p as usize - 1] += 2 / first.len() as i64;
                }
            }
            Tile::Mirror(_) | Tile::Glass(_) => {}
        }
    }
    out
}

/// A position's worth to `me`: its share against the best other share still in the game.
pub fn value(board: &Board, kinds: &KindTable, me: Player, scratch: &mut Scratch) -> i64 {
    value_with(board, &coverage_all(board, kinds), me, scratch)
}

/// [`value`] with the board's coverage already known.
pub fn value_with(board: &Board, coverage: &CoverageMap, me: Player, scratch: &mut Scratch) -> i64 {
    let s = shares_with(board, coverage, scratch);
    let theirs = board
        .seats()
        .filter(|&p| p != me)
        .map(|p| s[p as usize - 1])
        .max()
        .unwrap_or(0);
    s[me as usize - 1] - theirs
}

#[cfg(test)]
mod tests {
    use super::*;
    use bw_rules::bracket::text::parse_board;

    fn board(rows: &[&str]) -> Board {
        parse_board(&rows.join("\n"), &KindTable::builtin()).unwrap()
    }

    #[test]
    fn a_wall_of_stars_makes_the_region_behind_it_its_builders() {
        let kinds = KindTable::builtin();
        let mut s = Scratch::default();
        let empty = vec![". . . . . . . . . ."; 10];
        let even = shares(&board(&empty), &kinds, &mut s);
        assert_eq!(
            even[0], even[1],
            "an empty board is shared evenly: {even:?}"
        );
        // Player 1's stars fill column 5: player 2 can no longer reach columns 0-4, and
        // the wall's floods reach past it.
        let wall = vec![". . . . . 1* . . . ."; 10];
        let walled = board(&wall);
        let after = shares(&walled, &kinds, &mut s);
        assert!(
            after[0] >= 2 * 60,
            "columns 0-5 at least are player 1's: {after:?}"
        );
        assert!(after[1] <= 2 * 40, "{after:?}");
        assert_eq!(
            after[0] + after[1],
            2 * 100,
            "every cell is someone's or shared"
        );
        let v = value(&walled, &kinds, 1, &mut s);
        assert!(v >= 40, "{v}");
        assert_eq!(value(&walled, &kinds, 2, &mut s), -v);
    }
}
