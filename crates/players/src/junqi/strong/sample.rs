//! Sampled positions: full positions consistent with everything the seat's model knows,
//! for the search and the playouts to work on.

use crate::junqi::seat_model::{KindMask, SeatModel};
use bw_rules::junqi::board::{Board, NodeId};
use bw_rules::junqi::game::{Piece, PlayerId};
use bw_rules::junqi::pieces::{Ability, PieceKindId, PieceSet};
use bw_rules::rng::SplitMix64;

/// A full position consistent with the seat's model: every unknown piece given a kind,
/// respecting each token's possible kinds and the armies' piece counts.
pub fn sample(model: &SeatModel, rng: &mut SplitMix64) -> Vec<Option<Piece>> {
    let set = &model.set;
    let kinds = set.len();
    // Pools: one per other player (standard sets), or one for all (乱战).
    let groups: Vec<Vec<PlayerId>> = if model.rules.deal_random {
        vec![(0..model.seats.len()).filter(|&p| p != model.me).collect()]
    } else {
        (0..model.seats.len())
            .filter(|&p| p != model.me)
            .map(|p| vec![p])
            .collect()
    };
    let mut kind_of: Vec<Option<PieceKindId>> = model.tokens.iter().map(|t| t.known()).collect();
    for group in &groups {
        let mut pool = vec![0i32; kinds];
        for _ in group {
            for k in set.standard_hand() {
                pool[k.0 as usize] += 1;
            }
        }
        if model.rules.deal_random {
            for k in &model.hand {
                pool[k.0 as usize] -= 1;
            }
        }
        let mut open: Vec<usize> = Vec::new();
        for (t, tok) in model.tokens.iter().enumerate() {
            if !group.contains(&tok.owner) {
                continue;
            }
            match kind_of[t] {
                Some(k) => pool[k.0 as usize] -= 1,
                None => open.push(t),
            }
        }
        pool.iter_mut().for_each(|c| *c = (*c).max(0));
        let masks: Vec<KindMask> = open.iter().map(|&t| model.tokens[t].possible).collect();
        let posts: Vec<(PlayerId, NodeId)> = open
            .iter()
            .map(|&t| (model.tokens[t].owner, model.tokens[t].start))
            .collect();
        let flags: Vec<(PlayerId, NodeId)> = model
            .tokens
            .iter()
            .zip(&kind_of)
            .filter(|(tok, k)| {
                group.contains(&tok.owner) && k.is_some_and(|k| set.get(k).ability == Ability::Flag)
            })
            .map(|(tok, _)| (tok.owner, tok.start))
            .collect();
        let layout = Posts {
            board: &model.board,
            posts: &posts,
            flags,
        };
        let assigned = (0..24)
            .find_map(|_| assign(set, &layout, &masks, &pool, rng, true))
            .unwrap_or_else(|| {
                assign(set, &layout, &masks, &pool, rng, false).expect("unconstrained")
            });
        for (&t, k) in open.iter().zip(assigned) {
            kind_of[t] = Some(k);
        }
    }
    let mut at = vec![None; model.board.len()];
    for (t, tok) in model.tokens.iter().enumerate() {
        if let (Some(n), Some(kind)) = (tok.node, kind_of[t]) {
            at[n.0 as usize] = Some(Piece {
                owner: tok.owner,
                kind,
            });
        }
    }
    at
}

/// How often a mine is sampled beside its army's flag while a post there may hold one (in
/// 军棋 the flag is guarded by mines, and [`auto_layout`](bw_rules::junqi::setup::auto_layout)
/// seals it with them).
const MINE_BY_THE_FLAG: u64 = 3; // in 4

/// Where the open tokens of one pool stand, for the layout's shape: each open token's owner
/// and starting post, and the flags of the pool's armies the seat knows.
struct Posts<'a> {
    board: &'a Board,
    posts: &'a [(PlayerId, NodeId)],
    flags: Vec<(PlayerId, NodeId)>,
}

impl Posts<'_> {
    /// Whether open token `t` stands beside its army's flag, among `flags`.
    fn by_the_flag(&self, flags: &[(PlayerId, NodeId)], t: usize) -> bool {
        let (owner, at) = self.posts[t];
        flags
            .iter()
            .any(|&(o, flag)| o == owner && self.board.adjacent_set(flag).contains(at))
    }
}

/// Gives each open token a kind from the pool. Flags and mines go first (few tokens may hold
/// them; a mine beside its army's flag more often than not), then tokens with the fewest
/// possibilities. `strict = false` ignores the masks where they cannot be met (a pool this
/// model got wrong).
fn assign(
    set: &PieceSet,
    layout: &Posts,
    masks: &[KindMask],
    pool: &[i32],
    rng: &mut SplitMix64,
    strict: bool,
) -> Option<Vec<PieceKindId>> {
    let mut pool = pool.to_vec();
    let mut out: Vec<Option<PieceKindId>> = vec![None; masks.len()];
    let mut flags = layout.flags.clone();
    let allowed = |t: usize, k: usize| !strict || masks[t] & (1 << k) != 0;
    // Scarce kinds first, flags before mines: each instance to a random token that may hold
    // it.
    for ability in [Ability::Flag, Ability::Mine] {
        for k in set.ids().filter(|&k| set.get(k).ability == ability) {
            let ki = k.0 as usize;
            while pool[ki] > 0 {
                let eligible: Vec<usize> = (0..masks.len())
                    .filter(|&t| out[t].is_none() && allowed(t, ki) && masks[t].count_ones() > 1)
                    .collect();
                if eligible.is_empty() {
                    break;
                }
                let by_flag: Vec<usize> = if ability == Ability::Mine {
                    eligible
                        .iter()
                        .copied()
                        .filter(|&t| layout.by_the_flag(&flags, t))
                        .collect()
                } else {
                    Vec::new()
                };
                let from = if !by_flag.is_empty() && rng.below(4) < MINE_BY_THE_FLAG {
                    &by_flag
                } else {
                    &eligible
                };
                let t = from[rng.below(from.len() as u64) as usize];
                out[t] = Some(k);
                pool[ki] -= 1;
                if ability == Ability::Flag {
                    flags.push(layout.posts[t]);
                }
            }
        }
    }
    let mut order: Vec<usize> = (0..masks.len()).filter(|&t| out[t].is_none()).collect();
    // Fewest possibilities first, ties at random.
    let keys: Vec<(u32, u64)> = (0..masks.len())
        .map(|t| (masks[t].count_ones(), rng.next_u64()))
        .collect();
    order.sort_by_key(|&t| keys[t]);
    for t in order {
        let total: i32 = (0..pool.len())
            .filter(|&k| allowed(t, k))
            .map(|k| pool[k])
            .sum();
        if total <= 0 {
            if strict {
                return None;
            }
            // The pool ran dry (a miscounted army): any kind the token may be.
            let k = (0..set.len())
                .find(|&k| masks[t] & (1 << k) != 0)
                .unwrap_or(0);
            out[t] = Some(PieceKindId(k as u8));
            continue;
        }
        let mut pick = rng.below(total as u64) as i32;
        for (k, count) in pool.iter_mut().enumerate() {
            if !allowed(t, k) {
                continue;
            }
            if pick < *count {
                out[t] = Some(PieceKindId(k as u8));
                *count -= 1;
                break;
            }
            pick -= *count;
        }
    }
    Some(out.into_iter().map(|k| k.expect("assigned")).collect())
}
