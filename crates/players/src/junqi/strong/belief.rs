//! What an enemy can tell of the seat's side. A sampled position is open: every piece has a
//! kind. Left at that, an enemy in the search or a playout would know which of the seat's
//! pieces is the flag, a mine or a platoon leader, and would attack only what it beats and
//! walk past the rest. A real enemy sees only the public messages. So an enemy's *choice* of
//! an attack on the seat's side is valued by what it can tell of the piece attacked (its
//! [`Token::public`](crate::junqi::seat_model::Token) kinds, weighed by how many of each
//! kind that army has left and how many of its pieces may be each); what then happens on
//! the board is the sample's.

use super::{Context, FLAG};
use bw_rules::junqi::board::NodeId;
use bw_rules::junqi::game::Piece;
use bw_rules::junqi::pieces::{Ability, Combat, PieceKindId, combat};

/// Per friendly army, per kind: how likely a piece of that army that may be the kind is it
/// (the army's pieces of the kind, over its pieces that may be it), in one sample.
pub(super) struct Belief {
    weight: Vec<Vec<f32>>,
}

impl Context<'_> {
    /// What the enemies may think the friendly piece on `n` is: the kinds they cannot rule
    /// out for the piece that stood there when the decision began, or any kind that moves
    /// for a piece that came there since.
    fn seen_mask(&self, at: &[Option<Piece>], n: usize) -> u32 {
        match (at[n], self.seen[n]) {
            (Some(p), Some((owner, mask))) if p.owner == owner => mask,
            _ => self.mobile,
        }
    }

    /// The enemies' belief about the friendly armies in sampled position `at`.
    pub(super) fn belief(&self, at: &[Option<Piece>]) -> Belief {
        let kinds = self.values.len();
        let players = self.teams.len();
        let mut count = vec![vec![0u32; kinds]; players];
        let mut may = vec![vec![0u32; kinds]; players];
        for (n, slot) in at.iter().enumerate() {
            let Some(p) = *slot else { continue };
            if !self.friend(p.owner) {
                continue;
            }
            count[p.owner][p.kind.0 as usize] += 1;
            let mask = self.seen_mask(at, n);
            for (k, m) in may[p.owner].iter_mut().enumerate() {
                if mask & 1 << k != 0 {
                    *m += 1;
                }
            }
        }
        let weight = count
            .iter()
            .zip(&may)
            .map(|(c, m)| {
                c.iter()
                    .zip(m)
                    .map(|(&c, &m)| if m == 0 { 0.0 } else { c as f32 / m as f32 })
                    .collect()
            })
            .collect();
        Belief { weight }
    }

    /// The change in the seat's evaluation an enemy expects from its move `from` → `to`
    /// (a flag taken counts as `-FLAG`), or `None` when the move attacks no friendly piece
    /// and it can tell as much as the sample.
    pub(super) fn seen_delta(
        &self,
        at: &[Option<Piece>],
        belief: &Belief,
        from: NodeId,
        to: NodeId,
    ) -> Option<f32> {
        let (f, t) = (from.0 as usize, to.0 as usize);
        let a = at[f]?;
        let d = at[t]?;
        if self.friend(a.owner) || !self.friend(d.owner) {
            return None;
        }
        let mask = self.seen_mask(at, t);
        if mask.count_ones() <= 1 {
            return None;
        }
        let weights = &belief.weight[d.owner];
        let leave = -self.pv(a, from);
        let (mut sum, mut total) = (0.0f32, 0.0f32);
        for (k, &w) in weights.iter().enumerate() {
            if w <= 0.0 || mask & 1 << k == 0 {
                continue;
            }
            let kind = PieceKindId(k as u8);
            let as_k = Piece {
                owner: d.owner,
                kind,
            };
            let delta = if self.set.get(kind).ability == Ability::Flag {
                -FLAG
            } else {
                leave
                    + match combat(self.set, a.kind, kind) {
                        Combat::AttackerWins => self.pv(a, to) - self.pv(as_k, to),
                        Combat::DefenderWins => 0.0,
                        Combat::BothGo => -self.pv(as_k, to),
                    }
            };
            sum += w * delta;
            total += w;
        }
        (total > 0.0).then(|| sum / total)
    }
}
