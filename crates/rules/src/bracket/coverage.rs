//! Signal coverage (信号覆盖区域): which cells a player may place on.
//!
//! Computed from nothing on every resolution: the home corner is covered; every friendly
//! emitter standing on a covered cell projects its pattern (ray, E-lines, flood); cells it
//! reaches are covered and their emitters project in turn, to a fixpoint. The result is a
//! set, so the order in which emitters are found does not matter.

use super::board::{Board, Player, Tile};
use super::cellset::CellSet;
use super::content::{KindTable, Signal};
use super::geometry::Dir;

/// Coverage of every seat, indexed by `player - 1` (empty for seats not in the game).
pub type CoverageMap = [CellSet; 4];

/// Coverage of every seat with a home corner.
pub fn coverage_all(board: &Board, kinds: &KindTable) -> CoverageMap {
    coverage_all_with(board, kinds, &mut Scratch::new(board.cells()))
}

pub(crate) fn coverage_all_with(
    board: &Board,
    kinds: &KindTable,
    scratch: &mut Scratch,
) -> CoverageMap {
    let mut out = [CellSet::new(); 4];
    for p in board.seats() {
        out[p as usize - 1] = coverage_with(board, kinds, p, scratch);
    }
    out
}

/// Coverage of one player.
pub fn coverage(board: &Board, kinds: &KindTable, player: Player) -> CellSet {
    coverage_with(board, kinds, player, &mut Scratch::new(board.cells()))
}

/// Reusable buffers for ray states and flood distances.
pub(crate) struct Scratch {
    stamp: Vec<u32>,
    generation: u32,
    queue: Vec<usize>,
    frontier: Vec<usize>,
}

impl Scratch {
    pub(crate) fn new(cells: usize) -> Self {
        Scratch {
            stamp: vec![0; cells * 4],
            generation: 0,
            queue: Vec::new(),
            frontier: Vec::new(),
        }
    }

    /// Starts a new, empty set of (cell, direction) states.
    #[inline]
    pub(crate) fn fresh_states(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.stamp.fill(0);
            self.generation = 1;
        }
    }

    /// Enters a state; `false` if this ray or beam has been in it already.
    #[inline]
    pub(crate) fn enter(&mut self, cell: usize, dir: Dir) -> bool {
        let slot = &mut self.stamp[cell * 4 + dir.index()];
        if *slot == self.generation {
            false
        } else {
            *slot = self.generation;
            true
        }
    }
}

fn coverage_with(board: &Board, kinds: &KindTable, player: Player, s: &mut Scratch) -> CellSet {
    let mut covered = CellSet::new();
    let mut pending = std::mem::take(&mut s.queue);
    pending.clear();
    let cover = |cell: usize, covered: &mut CellSet, pending: &mut Vec<usize>| {
        if covered.insert(cell)
            && let Tile::Piece(p) = board.tile(cell)
            && p.owner == player
            && kinds.get(p.kind).signal != Signal::None
        {
            pending.push(cell);
        }
    };
    for cell in board.home_cells(player) {
        cover(cell, &mut covered, &mut pending);
    }
    while let Some(cell) = pending.pop() {
        let Tile::Piece(piece) = board.tile(cell) else {
            unreachable!("only pieces are queued")
        };
        match (kinds.get(piece.kind).signal, piece.facing) {
            (Signal::Ray, Some(f)) => {
                s.fresh_states();
                s.enter(cell, f);
                ray(board, player, cell, f, s, &mut |c| {
                    cover(c, &mut covered, &mut pending)
                });
            }
            (Signal::ELines, Some(f)) => {
                s.fresh_states();
                s.enter(cell, f);
                ray(board, player, cell, f, s, &mut |c| {
                    cover(c, &mut covered, &mut pending)
                });
                for side in f.sides() {
                    let Some(start) = board.step(cell, side) else {
                        continue;
                    };
                    let open = match board.tile(start) {
                        Tile::Empty => true,
                        Tile::Piece(q) => q.owner == player,
                        Tile::Mirror(_) | Tile::Glass(_) => false,
                    };
                    if open {
                        s.fresh_states();
                        s.enter(start, f);
                        cover(start, &mut covered, &mut pending);
                        ray(board, player, start, f, s, &mut |c| {
                            cover(c, &mut covered, &mut pending)
                        });
                    }
                }
            }
            (Signal::Flood { steps }, _) => {
                flood(board, player, cell, steps, s, &mut |c| {
                    cover(c, &mut covered, &mut pending)
                });
            }
            _ => {}
        }
    }
    s.queue = pending;
    covered
}

/// Follows a signal ray leaving `from` in direction `dir`, calling `visit` for every cell
/// it covers. The caller has opened a fresh state set and entered the starting state.
fn ray(
    board: &Board,
    player: Player,
    from: usize,
    mut dir: Dir,
    s: &mut Scratch,
    visit: &mut dyn FnMut(usize),
) {
    let mut cur = from;
    while let Some(next) = board.step(cur, dir) {
        if !s.enter(next, dir) {
            return;
        }
        match board.tile(next) {
            Tile::Piece(p) if p.owner != player => return,
            Tile::Glass(g) if g.blocks(dir) => return,
            Tile::Glass(_) => {}
            Tile::Mirror(m) => dir = m.reflect(dir),
            Tile::Empty | Tile::Piece(_) => visit(next),
        }
        cur = next;
    }
}

/// Breadth-first flood over empty cells and friendly pieces, up to `steps` steps.
fn flood(
    board: &Board,
    player: Player,
    from: usize,
    steps: u8,
    s: &mut Scratch,
    visit: &mut dyn FnMut(usize),
) {
    s.fresh_states();
    let mut frontier = std::mem::take(&mut s.frontier);
    let mut next_frontier = Vec::new();
    frontier.clear();
    frontier.push(from);
    s.enter(from, Dir::U);
    for _ in 0..steps {
        next_frontier.clear();
        for &cell in &frontier {
            for dir in Dir::ALL {
                let Some(n) = board.step(cell, dir) else {
                    continue;
                };
                let passable = match board.tile(n) {
                    Tile::Empty => true,
                    Tile::Piece(q) => q.owner == player,
                    Tile::Mirror(_) | Tile::Glass(_) => false,
                };
                // The U slot of a cell marks "reached" for the flood.
                if passable && s.enter(n, Dir::U) {
                    visit(n);
                    next_frontier.push(n);
                }
            }
        }
        std::mem::swap(&mut frontier, &mut next_frontier);
    }
    s.frontier = frontier;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bracket::board::Piece;

    fn piece(kinds: &KindTable, owner: Player, glyph: char, facing: Option<Dir>) -> Tile {
        Tile::Piece(Piece {
            owner,
            kind: kinds.by_glyph(glyph).unwrap(),
            facing,
        })
    }

    #[test]
    fn e_side_line_is_dropped_by_an_enemy_in_the_side_cell() {
        let kinds = KindTable::builtin();
        let mut b = Board::new(10, 2);
        b.set(b.index(1, 2), piece(&kinds, 1, 'E', Some(Dir::R)));
        b.set(b.index(0, 2), piece(&kinds, 2, 'o', None));
        b.set(b.index(2, 2), piece(&kinds, 1, 'o', None));
        let c = coverage(&b, &kinds, 1);
        assert!(
            !c.contains(b.index(0, 5)),
            "enemy side cell drops the upper line"
        );
        assert!(c.contains(b.index(1, 9)), "the forward line");
        assert!(
            c.contains(b.index(2, 9)),
            "a friendly side cell keeps the lower line"
        );
    }

    #[test]
    fn e_side_line_is_dropped_off_the_board_and_by_glass() {
        let kinds = KindTable::builtin();
        let mut b = Board::new(10, 2);
        b.set(b.index(5, 0), piece(&kinds, 1, 'E', Some(Dir::U)));
        b.set(b.index(2, 0), piece(&kinds, 1, '>', Some(Dir::D)));
        b.set(
            b.index(5, 1),
            Tile::Glass(crate::bracket::geometry::Glass::Horizontal),
        );
        // (5,0) is fed by the ray from (2,0); the E's sides are off the board and glass.
        let c = coverage(&b, &kinds, 1);
        assert!(c.contains(b.index(5, 0)));
        assert!(
            !c.contains(b.index(4, 1)),
            "glass in the side cell drops that line"
        );
        assert!(!c.contains(b.index(5, 1)), "glass is never covered");
    }

    #[test]
    fn a_piece_on_an_uncovered_cell_emits_nothing() {
        let kinds = KindTable::builtin();
        let mut b = Board::new(10, 2);
        b.set(b.index(5, 5), piece(&kinds, 1, '>', Some(Dir::R)));
        assert!(!coverage(&b, &kinds, 1).contains(b.index(5, 7)));
    }
}
