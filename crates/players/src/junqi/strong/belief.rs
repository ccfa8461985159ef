//! What each side can tell of the other's pieces. A sampled position is open: every piece
//! has a kind. Left at that, an enemy in the search or a playout would know which of the
//! seat's pieces is the flag, a mine or a platoon leader, and would attack only what it
//! beats and walk past the rest; and the seat's side in a playout would go straight for the
//! sample's enemy flag. Real players see only the public messages. So the *choice* of an
//! attack across the sides is valued by what the attacker can tell of the piece attacked
//! (an enemy: its [`Token::public`](crate::junqi::seat_model::Token) kinds; the seat's
//! side: what the seat knows, [`Token::possible`](crate::junqi::seat_model::Token)),
//! weighed by how many of each kind that army has left and how many of its pieces may be
//! each; what then happens on the board is the sample's.

use super::{Context, FLAG};
use crate::junqi::seat_model::KindMask;
use bw_rules::junqi::board::NodeId;
use bw_rules::junqi::game::{Piece, PlayerId};
use bw_rules::junqi::pieces::{Ability, Combat, PieceKindId, combat};

/// The other side's view of every piece in one sample: what it may be (per node, with the
/// owner it was for), and per army and kind how likely a piece of that army that may be the
/// kind is it (the army's pieces of the kind, over its pieces that may be it).
#[derive(Clone)]
pub(super) struct Belief {
    seen: Vec<Option<(PlayerId, KindMask)>>,
    weight: Vec<Vec<f32>>,
}

impl Belief {
    /// A playout made the move `from` → `to`: what was known of the piece goes with it (and
    /// it moves, so it is no mine or flag); a piece that left the board is forgotten.
    pub(super) fn moved(
        &mut self,
        at: &[Option<Piece>],
        from: NodeId,
        to: NodeId,
        mobile: KindMask,
    ) {
        let (f, t) = (from.0 as usize, to.0 as usize);
        let mover = self.seen[f].take();
        match (at[t], mover) {
            (Some(p), Some((owner, mask))) if p.owner == owner => {
                self.seen[t] = Some((owner, mask & mobile));
            }
            (None, _) => self.seen[t] = None,
            // The defender stayed.
            _ => {}
        }
    }
}

impl Context<'_> {
    /// What the other side may think the piece on `n` is: the kinds it cannot rule out for
    /// the piece the belief has there, or any kind that moves for a piece that came there
    /// since.
    pub(super) fn seen_mask(&self, at: &[Option<Piece>], belief: &Belief, n: usize) -> KindMask {
        match (at[n], belief.seen[n]) {
            (Some(p), Some((owner, mask))) if p.owner == owner => mask,
            _ => self.mobile,
        }
    }

    /// The other side's belief about every army in sampled position `at`.
    pub(super) fn belief(&self, at: &[Option<Piece>]) -> Belief {
        let kinds = self.values.len();
        let players = self.teams.len();
        let mut belief = Belief {
            seen: self.seen.clone(),
            weight: Vec::new(),
        };
        let mut count = vec![vec![0u32; kinds]; players];
        let mut may = vec![vec![0u32; kinds]; players];
        for (n, slot) in at.iter().enumerate() {
            let Some(p) = *slot else { continue };
            count[p.owner][p.kind.0 as usize] += 1;
            let mask = self.seen_mask(at, &belief, n);
            for (k, m) in may[p.owner].iter_mut().enumerate() {
                if mask & 1 << k != 0 {
                    *m += 1;
                }
            }
        }
        belief.weight = count
            .iter()
            .zip(&may)
            .map(|(c, m)| {
                c.iter()
                    .zip(m)
                    .map(|(&c, &m)| if m == 0 { 0.0 } else { c as f32 / m as f32 })
                    .collect()
            })
            .collect();
        belief
    }

    /// The change in the seat's evaluation the mover expects from its move `from` → `to`
    /// across the sides (a flag taken counts as `±FLAG`), or `None` when the move attacks
    /// no piece of the other side or the mover can tell as much of it as the sample.
    pub(super) fn seen_delta(
        &self,
        at: &[Option<Piece>],
        belief: &Belief,
        from: NodeId,
        to: NodeId,
    ) -> Option<f32> {
        let a = at[from.0 as usize]?;
        let leave = -self.pv(a, from);
        self.as_seen(at, belief, from, to, |d| {
            if self.set.get(d.kind).ability == Ability::Flag {
                return if self.friend(d.owner) { -FLAG } else { FLAG };
            }
            leave
                + match combat(self.set, a.kind, d.kind) {
                    Combat::AttackerWins => self.pv(a, to) - self.pv(d, to),
                    Combat::DefenderWins => 0.0,
                    Combat::BothGo => -self.pv(d, to),
                }
        })
    }

    /// In 混战: what enemy `mover` expects its attack `from` → `to` on the seat's piece to be
    /// worth to itself ([`Context::own_gain`]; the seat's flag taken counts as `FLAG`), or
    /// `None` as for [`Context::seen_delta`].
    pub(super) fn seen_own_gain(
        &self,
        at: &[Option<Piece>],
        belief: &Belief,
        mover: PlayerId,
        from: NodeId,
        to: NodeId,
    ) -> Option<f32> {
        let a = at[from.0 as usize]?;
        self.as_seen(at, belief, from, to, |d| {
            self.own_gain_against(a, Some(d), mover, from, to)
        })
    }

    /// The average of `value` over what the attacker from `from` may think the piece on
    /// `to` is, weighed by the belief; `None` unless one of the two is on the seat's side
    /// and the other is not, or when the attacker can tell what the piece is.
    fn as_seen(
        &self,
        at: &[Option<Piece>],
        belief: &Belief,
        from: NodeId,
        to: NodeId,
        value: impl Fn(Piece) -> f32,
    ) -> Option<f32> {
        let a = at[from.0 as usize]?;
        let d = at[to.0 as usize]?;
        if self.friend(a.owner) == self.friend(d.owner) {
            return None;
        }
        let mask = self.seen_mask(at, belief, to.0 as usize);
        if mask.count_ones() <= 1 {
            return None;
        }
        let (mut sum, mut total) = (0.0f32, 0.0f32);
        for (k, &w) in belief.weight[d.owner].iter().enumerate() {
            if w <= 0.0 || mask & 1 << k == 0 {
                continue;
            }
            let kind = PieceKindId(k as u8);
            sum += w * value(Piece {
                owner: d.owner,
                kind,
            });
            total += w;
        }
        (total > 0.0).then(|| sum / total)
    }
}
