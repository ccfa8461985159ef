//! Attack beams (攻击总量) and what they do to each face of each piece.
//!
//! Every piece with attack > 0 sends its own beam from its cell towards its facing. Beams
//! are independent and additive, so a chain through friendly brackets facing the travel
//! direction carries every source's amount past them; the total leaving a bracket's front
//! is its own attack plus what arrives at its back.

use super::amount::{Amount, Fixed, Wide};
use super::board::{Board, Player, Tile};
use super::cellset::CellSet;
use super::content::KindTable;
use super::coverage::Scratch;
use super::geometry::Dir;

/// Per cell and face: enemy attack arriving (already reduced by the piece's hit fraction)
/// and the owner's own attack leaving through that face.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AttackField<A> {
    enemy_in: Vec<[A; 4]>,
    own_out: Vec<[A; 4]>,
}

impl<A: Amount> AttackField<A> {
    pub(crate) fn zeroed(cells: usize) -> Self {
        AttackField {
            enemy_in: vec![Default::default(); cells],
            own_out: vec![Default::default(); cells],
        }
    }

    fn clear(&mut self, cells: usize) {
        for v in [&mut self.enemy_in, &mut self.own_out] {
            v.clear();
            v.resize(cells, Default::default());
        }
    }

    /// Enemy attack hitting `face` of the piece at `cell`.
    pub fn enemy_in(&self, cell: usize, face: Dir) -> &A {
        &self.enemy_in[cell][face.index()]
    }

    /// The owner's attack leaving `cell` through `face`.
    pub fn own_out(&self, cell: usize, face: Dir) -> &A {
        &self.own_out[cell][face.index()]
    }
}

/// The field in whichever exact representation the board needs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Field {
    Fast(AttackField<Fixed>),
    Wide(AttackField<Wide>),
}

impl Field {
    /// Net attack on a face as a float, for display only.
    pub fn net_approx(&self, cell: usize, face: Dir) -> f64 {
        match self {
            Field::Fast(f) => f.enemy_in(cell, face).approx() - f.own_out(cell, face).approx(),
            Field::Wide(f) => f.enemy_in(cell, face).approx() - f.own_out(cell, face).approx(),
        }
    }
}

/// Computes every beam on the board. `marked` pieces still fire and still act for their own
/// side, but are empty cells for enemy beams.
pub fn attack_field(board: &Board, kinds: &KindTable, marked: &CellSet) -> Field {
    let mut scratch = Scratch::new(board.cells());
    let mut fast = AttackField::zeroed(board.cells());
    if compute_into(board, kinds, marked, &mut scratch, &mut fast).is_some() {
        return Field::Fast(fast);
    }
    Field::Wide(wide_field(board, kinds, marked, &mut scratch))
}

/// The cells the beam of the piece on `source` enters, in order (for previews and the
/// beam overlay). Empty for a piece without attack.
pub fn beam_cells(board: &Board, kinds: &KindTable, source: usize) -> Vec<usize> {
    let Some(piece) = board.tile(source).piece() else {
        return Vec::new();
    };
    let kind = kinds.get(piece.kind);
    let (Some(facing), false) = (piece.facing, kind.attack.is_zero()) else {
        return Vec::new();
    };
    let mut path = Vec::new();
    let mut field = AttackField::<Wide>::zeroed(board.cells());
    let mut s = Scratch::new(board.cells());
    let amount = Wide::from_quarters(kind.attack);
    let _ = beam(
        board,
        kinds,
        &CellSet::new(),
        piece.owner,
        source,
        facing,
        amount,
        &mut field,
        &mut s,
        Some(&mut path),
    );
    path
}

/// The field in the wide representation, for the rare boards the fast one cannot hold.
pub(crate) fn wide_field(
    board: &Board,
    kinds: &KindTable,
    marked: &CellSet,
    scratch: &mut Scratch,
) -> AttackField<Wide> {
    let mut wide = AttackField::zeroed(board.cells());
    compute_into(board, kinds, marked, scratch, &mut wide)
        .expect("the wide representation holds every beam of a board");
    wide
}

/// Computes every beam into `field` (cleared first); `None` when the representation cannot
/// hold an exact value.
pub(crate) fn compute_into<A: Amount>(
    board: &Board,
    kinds: &KindTable,
    marked: &CellSet,
    s: &mut Scratch,
    field: &mut AttackField<A>,
) -> Option<()> {
    field.clear(board.cells());
    for (cell, piece) in board.pieces() {
        let kind = kinds.get(piece.kind);
        let Some(facing) = piece.facing else { continue };
        if kind.attack.is_zero() {
            continue;
        }
        beam(
            board,
            kinds,
            marked,
            piece.owner,
            cell,
            facing,
            A::from_quarters(kind.attack),
            field,
            s,
            None,
        )?;
    }
    Some(())
}

/// Traces one beam; `None` when the representation cannot hold an exact value.
fn beam<A: Amount>(
    board: &Board,
    kinds: &KindTable,
    marked: &CellSet,
    player: Player,
    source: usize,
    mut dir: Dir,
    mut amount: A,
    field: &mut AttackField<A>,
    s: &mut Scratch,
    mut path: Option<&mut Vec<usize>>,
) -> Option<()> {
    s.fresh_states();
    s.enter(source, dir);
    add(&mut field.own_out[source][dir.index()], &amount)?;
    let mut cur = source;
    while let Some(next) = board.step(cur, dir) {
        if !s.enter(next, dir) {
            break;
        }
        if let Some(p) = path.as_deref_mut() {
            p.push(next);
        }
        match board.tile(next) {
            Tile::Empty => {}
            Tile::Glass(g) if g.blocks(dir) => break,
            Tile::Glass(_) => {}
            Tile::Mirror(m) => dir = m.reflect(dir),
            Tile::Piece(p) if p.owner == player => match p.facing {
                // A friendly bracket facing the travel direction passes the beam on
                // (the chain); facing any other way it clears it.
                Some(f) if f != dir => break,
                _ => add(&mut field.own_out[next][dir.index()], &amount)?,
            },
            Tile::Piece(_) if marked.contains(next) => {}
            Tile::Piece(p) => {
                let kind = kinds.get(p.kind);
                let face = dir.opposite();
                if kind.front_pass_through && p.facing == Some(face) {
                    // Hit on its front, `)` lets the whole beam through.
                } else {
                    let hit = amount.times_quarters(kind.hit_quarters)?;
                    let rest = amount.minus(&hit);
                    add(&mut field.enemy_in[next][face.index()], &hit)?;
                    if rest.is_zero() {
                        break;
                    }
                    amount = rest;
                }
            }
        }
        cur = next;
    }
    Some(())
}

#[inline]
fn add<A: Amount>(slot: &mut A, amount: &A) -> Option<()> {
    *slot = slot.checked_add(amount)?;
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bracket::amount::Quarters;
    use crate::bracket::board::Piece;
    use crate::bracket::geometry::Mirror;

    /// A snake of mirrors leads one beam through far more enemy `x` than 96 bits can halve.
    #[test]
    fn many_halvings_switch_to_the_wide_representation_and_stay_exact() {
        let kinds = KindTable::builtin();
        let x = kinds.by_glyph('x').unwrap();
        let e = kinds.by_glyph('E').unwrap();
        let angle = kinds.by_glyph('>').unwrap();
        let mut b = Board::new(20, 2);
        // Rows 3..=16 are lanes; mirrors at both ends turn the beam into the next lane.
        let mut halvings = 0;
        for row in 3..=16usize {
            let rightward = row % 2 == 1;
            for col in 1..=18usize {
                b.set(
                    b.index(row, col),
                    Tile::Piece(Piece {
                        owner: 2,
                        kind: x,
                        facing: None,
                    }),
                );
                halvings += 1;
            }
            // Rightward lanes turn at `\` on both ends, leftward lanes at `/`.
            let m = if rightward {
                Mirror::Backslash
            } else {
                Mirror::Slash
            };
            b.set(b.index(row, 0), Tile::Mirror(m));
            b.set(b.index(row, 19), Tile::Mirror(m));
        }
        // The source enters lane 3 from (3,0) going right; the target waits below lane 16.
        b.set(
            b.index(3, 0),
            Tile::Piece(Piece {
                owner: 1,
                kind: angle,
                facing: Some(Dir::R),
            }),
        );
        let target = b.index(17, 0);
        b.set(
            target,
            Tile::Piece(Piece {
                owner: 2,
                kind: e,
                facing: Some(Dir::L),
            }),
        );
        let field = attack_field(&b, &kinds, &CellSet::new());
        let Field::Wide(wide) = &field else {
            panic!("{halvings} halvings need the wide representation");
        };
        // The beam arrives at the E's top (a side) with exactly 2^-halvings.
        let mut expect = Wide::from_quarters(Quarters(4));
        for _ in 0..halvings {
            expect = expect.times_quarters(2).unwrap();
        }
        assert_eq!(wide.enemy_in(target, Dir::U), &expect);
        assert!(halvings > 200);
        let dead = crate::bracket::resolve::newly_destroyed(&b, &kinds, &field, &CellSet::new());
        assert!(dead.contains(target), "any amount > 0 on a side destroys");
    }
}
