//! Playouts: the second half of a decision. The sampled search ranks every move a few
//! plies deep; the few best are then played on, in fresh samples, to the first flag taken
//! (or a ply limit) by a fast noisy greedy policy on both sides. A playout sees the race
//! for the flag that a few plies cannot, and its estimate sharpens with every playout. A
//! playout counts quiet plies as the game does and scores the quiet-move draw (½) when it
//! comes, so a player far ahead keeps capturing instead of drifting into it, and one behind
//! sees where a draw can be had.
//! Each side attacks the other by what it can tell of it ([`Belief`]): an enemy does not
//! walk straight to the seat's flag or past its mines, nor the seat's side to the sample's
//! enemy flag.

use std::time::Instant;

use super::{Belief, Context, FLAG, sample};
use crate::junqi::seat_model::SeatModel;
use bw_rules::junqi::board::{NodeId, NodeSet};
use bw_rules::junqi::game::{Piece, PlayerId};
use bw_rules::junqi::moves::legal_moves_in;
use bw_rules::junqi::pieces::{Ability, Combat, combat};
use bw_rules::junqi::reach::Occupancy;
use bw_rules::rng::SplitMix64;

/// Plies a playout runs before it is judged on material.
pub(super) const MAX_PLIES: u32 = 60;
/// How much random choice the playout policy has, in material units.
const NOISE: f64 = 0.12;
/// Material units per step of the logistic that judges an unfinished playout.
const SCALE: f32 = 4.0;

/// A playout's result for the quiet-move draw.
const DRAW: f64 = 0.5;

/// The quiet-move count as a playout carries it: plies since the last removal, and the
/// game's limit (`quiet_limit` of the rules the engine was given; 0: no limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Quiet {
    pub count: u32,
    pub limit: u32,
}

impl Quiet {
    /// The count and limit of the seat's game now.
    pub fn of(model: &SeatModel) -> Quiet {
        Quiet {
            count: model.quiet,
            limit: model.rules.quiet_limit,
        }
    }

    /// Counts one ply (`removal`: a piece left the board); whether the game is now drawn.
    pub fn ply(&mut self, removal: bool) -> bool {
        self.count = if removal { 0 } else { self.count + 1 };
        self.limit > 0 && self.count >= self.limit
    }
}

/// Where each army's pieces stand, kept up to date as a playout plays on (move generation
/// then needs no pass over the board).
struct Armies(Vec<NodeSet>);

impl Armies {
    fn of(at: &[Option<Piece>], players: usize) -> Armies {
        let mut sets = vec![NodeSet::default(); players];
        for (i, p) in at.iter().enumerate() {
            if let Some(p) = p {
                sets[p.owner].insert(NodeId(i as u8));
            }
        }
        Armies(sets)
    }

    /// Takes in what a move between `from` and `to` left there.
    fn moved(&mut self, at: &[Option<Piece>], from: NodeId, to: NodeId) {
        for n in [from, to] {
            for set in &mut self.0 {
                set.remove(n);
            }
            if let Some(p) = at[n.0 as usize] {
                self.0[p.owner].insert(n);
            }
        }
    }

    /// The occupancy as `mover` sees it, and its own pieces.
    fn seen_by(&self, teams: &[u8], mover: PlayerId) -> (Occupancy, NodeSet) {
        let (mut friend, mut all) = (NodeSet::default(), NodeSet::default());
        for (p, &set) in self.0.iter().enumerate() {
            all = all.or(set);
            if teams[p] == teams[mover] {
                friend = friend.or(set);
            }
        }
        (Occupancy::new(friend, all), self.0[mover])
    }
}

impl Context<'_> {
    /// Plays on from `at` with `mover` to move, every side greedy with noise, until the
    /// seat's side takes a flag (1) or loses one (0), a side cannot move, the quiet-move
    /// draw, or `MAX_PLIES` ([`Context::judge`]).
    ///
    /// With more than two sides (混战) each enemy plays for itself ([`Context::own_gain`]:
    /// it takes another enemy's pieces too, not only the seat's). A flag taken or an army
    /// that cannot move puts only that army out, as the game does: its pieces leave and play
    /// goes on, until the seat is the last army in (1) or out (0).
    pub(super) fn playout(
        &self,
        at: &mut [Option<Piece>],
        belief: &Belief,
        mut base: f32,
        mut mover: PlayerId,
        mut quiet: Quiet,
        rng: &mut SplitMix64,
    ) -> f64 {
        let mut out = self.lost.to_vec();
        let mut belief = belief.clone();
        let mut armies = Armies::of(at, self.teams.len());
        for _ in 0..MAX_PLIES {
            let (occ, own) = armies.seen_by(self.teams, mover);
            let moves = legal_moves_in(self.board, self.set, at, &occ, own);
            let mine = self.friend(mover);
            if moves.is_empty() {
                if mine {
                    return 0.0;
                }
                if !self.other_enemy_side_in(&out, mover) {
                    return 1.0;
                }
                base += self.put_out(at, mover, &mut out);
                armies.0[mover] = NodeSet::default();
                quiet.count = 0;
                mover = self.next_in(&out, mover);
                continue;
            }
            let mut best: Option<(f64, NodeId, NodeId)> = None;
            for (from, to) in moves {
                // An attack across the sides is chosen by what the attacker can tell.
                let seen = if mine || self.own_way.is_empty() {
                    self.seen_delta(at, &belief, from, to)
                } else {
                    self.seen_own_gain(at, &belief, mover, from, to)
                };
                let (delta, flag, undo) = self.make(at, from, to);
                Self::unmake(at, undo);
                // A flag the mover can tell is there it takes (only an enemy of its owner
                // can).
                if flag.is_some() && seen.is_none() {
                    best = Some((f64::INFINITY, from, to));
                    break;
                }
                let gain = if mine {
                    seen.unwrap_or(delta)
                } else if self.own_way.is_empty() {
                    -seen.unwrap_or(delta)
                } else {
                    seen.unwrap_or_else(|| self.own_gain(at, mover, from, to))
                } as f64
                    + rng.unit() * NOISE;
                if best.is_none_or(|b| gain > b.0) {
                    best = Some((gain, from, to));
                }
            }
            let (_, from, to) = best.expect("moves");
            let (delta, flag, undo) = self.make(at, from, to);
            base += delta;
            match flag {
                Some(f) if f < 0.0 => return 0.0,
                Some(_) if self.own_way.is_empty() => return 1.0,
                Some(_) => {
                    // In 混战 a flag puts out its army only (an enemy can take another's),
                    // and the seat wins when it is the last army in.
                    let owner = undo.d.expect("a flag was there").owner;
                    base += self.put_out(at, owner, &mut out);
                    if !(0..out.len()).any(|q| !out[q] && !self.friend(q)) {
                        return 1.0;
                    }
                    belief.moved(at, from, to, self.mobile);
                    armies.moved(at, from, to);
                    armies.0[owner] = NodeSet::default();
                    quiet.count = 0;
                    mover = self.next_in(&out, mover);
                    continue;
                }
                None => {}
            }
            belief.moved(at, from, to, self.mobile);
            armies.moved(at, from, to);
            if quiet.ply(undo.d.is_some()) {
                return self.draw(&out);
            }
            mover = self.next_in(&out, mover);
        }
        self.judge(at, base)
    }

    /// An unfinished playout's worth to the seat. With two sides: the material balance
    /// (`base`, the seat's evaluation) through a logistic. In 混战, where the seat stands
    /// alone against every other army, the balance is always deep in the red and tells
    /// nothing: the seat's share of the material on the board, which is that of the armies
    /// still in (¼ among four equal armies, ⅓ when one is out).
    fn judge(&self, at: &[Option<Piece>], base: f32) -> f64 {
        if self.own_way.is_empty() {
            return 1.0 / (1.0 + (-base / SCALE).exp()) as f64;
        }
        let (mut mine, mut all) = (0.0f32, 0.0f32);
        for p in at.iter().flatten() {
            let v = self.values[p.kind.0 as usize];
            all += v;
            if self.friend(p.owner) {
                mine += v;
            }
        }
        if all <= 0.0 {
            return 0.0;
        }
        f64::from(mine / all)
    }

    /// The quiet-move draw's worth to the seat: ½ with two sides; in 混战 an equal share
    /// among the armies still in.
    fn draw(&self, out: &[bool]) -> f64 {
        if self.own_way.is_empty() {
            DRAW
        } else {
            1.0 / out.iter().filter(|&&o| !o).count().max(1) as f64
        }
    }

    /// What a move is worth to its own mover when more than two sides are in (混战): the
    /// material it takes or loses, whoever's (a flag: `FLAG`), and its steps towards its own
    /// nearest enemy.
    /// (With two sides an enemy's gain is the seat's loss, and the playout uses that.)
    pub(super) fn own_gain(
        &self,
        at: &[Option<Piece>],
        mover: PlayerId,
        from: NodeId,
        to: NodeId,
    ) -> f32 {
        let a = at[from.0 as usize].expect("a legal move starts on a piece");
        self.own_gain_against(a, at[to.0 as usize], mover, from, to)
    }

    /// [`Context::own_gain`] of attacker `a` moving onto `to`, where `d` stands.
    pub(super) fn own_gain_against(
        &self,
        a: Piece,
        d: Option<Piece>,
        mover: PlayerId,
        from: NodeId,
        to: NodeId,
    ) -> f32 {
        let way = &self.own_way[mover];
        let step = |n: NodeId| 0.04 * (12 - way[n.0 as usize].min(12)) as f32;
        let worth = |p: Piece| self.values[p.kind.0 as usize];
        match d {
            None => step(to) - step(from),
            // A flag taken is worth the game to its taker.
            Some(d) if self.set.get(d.kind).ability == Ability::Flag => FLAG,
            Some(d) => match combat(self.set, a.kind, d.kind) {
                Combat::AttackerWins => worth(d) + step(to) - step(from),
                Combat::DefenderWins => -worth(a) - step(from),
                Combat::BothGo => worth(d) - worth(a) - step(from),
            },
        }
    }

    /// Whether an enemy side other than `p`'s still has an army in.
    fn other_enemy_side_in(&self, out: &[bool], p: PlayerId) -> bool {
        (0..self.teams.len()).any(|q| !out[q] && !self.friend(q) && self.teams[q] != self.teams[p])
    }

    /// Puts army `p` out: its pieces leave the board. The change in evaluation.
    fn put_out(&self, at: &mut [Option<Piece>], p: PlayerId, out: &mut [bool]) -> f32 {
        out[p] = true;
        let mut delta = 0.0;
        for (i, slot) in at.iter_mut().enumerate() {
            if let Some(piece) = *slot
                && piece.owner == p
            {
                delta -= self.pv(piece, NodeId(i as u8));
                *slot = None;
            }
        }
        delta
    }
}

/// Sums of each candidate's playout results, and how many rounds (one fresh sample and one
/// playout per candidate each round, with the same sample and random stream for all of them).
pub(super) fn refine(
    model: &SeatModel,
    ctx: &Context,
    candidates: &[(NodeId, NodeId)],
    seed: u64,
    deadline: Instant,
    rounds: Option<u32>,
) -> (Vec<f64>, u32) {
    let mut rng = SplitMix64::new(seed);
    let mut sums = vec![0.0f64; candidates.len()];
    let mut done = 0u32;
    loop {
        match rounds {
            Some(n) if done >= n => break,
            None if Instant::now() >= deadline => break,
            _ => {}
        }
        let start = sample(model, &mut rng);
        let base = ctx.eval(&start);
        let belief = ctx.belief(&start);
        let stream = rng.next_u64();
        for (sum, &(from, to)) in sums.iter_mut().zip(candidates) {
            let mut at = start.clone();
            let (delta, flag, undo) = ctx.make(&mut at, from, to);
            let mut quiet = Quiet::of(model);
            let drawn = quiet.ply(undo.d.is_some());
            *sum += match flag {
                Some(f) => f64::from(u8::from(f > 0.0)),
                None if drawn => ctx.draw(ctx.lost),
                None => {
                    let mut r = SplitMix64::new(stream);
                    let mut belief = belief.clone();
                    belief.moved(&at, from, to, ctx.mobile);
                    ctx.playout(
                        &mut at,
                        &belief,
                        base + delta,
                        ctx.next(ctx.me),
                        quiet,
                        &mut r,
                    )
                }
            };
        }
        done += 1;
    }
    (sums, done)
}

/// Whether a value is a flag taken (for the seat or against it).
pub(super) fn decided(v: f64) -> bool {
    v.abs() >= f64::from(FLAG) * 0.5
}

#[cfg(test)]
mod tests {
    use super::Armies;
    use bw_rules::junqi::board::NodeId;
    use bw_rules::junqi::game::Piece;
    use bw_rules::junqi::pieces::PieceKindId;

    #[test]
    fn armies_kept_move_by_move_are_the_armies_on_the_board() {
        let piece = |owner| {
            Some(Piece {
                owner,
                kind: PieceKindId(3),
            })
        };
        let mut at = vec![None; 20];
        at[1] = piece(0);
        at[2] = piece(1);
        at[5] = piece(2);
        at[6] = piece(0);
        at[9] = piece(3);
        let mut armies = Armies::of(&at, 4);
        // A step, a capture (the attacker stands on), a loss (the attacker goes), both go.
        let moves: [(u8, u8, [Option<Piece>; 2]); 4] = [
            (1, 3, [None, piece(0)]),
            (3, 2, [None, piece(0)]),
            (5, 6, [None, piece(0)]),
            (9, 2, [None, None]),
        ];
        for (from, to, [f, t]) in moves {
            at[from as usize] = f;
            at[to as usize] = t;
            armies.moved(&at, NodeId(from), NodeId(to));
            assert_eq!(armies.0, Armies::of(&at, 4).0, "after {from}-{to}");
        }
        let (occ, own) = armies.seen_by(&[0, 1, 0, 1], 2);
        assert_eq!(own, Armies::of(&at, 4).0[2]);
        assert_eq!(
            occ.of(NodeId(6)),
            bw_rules::junqi::reach::Occupant::Friend,
            "an ally's piece is a friend"
        );
    }
}
