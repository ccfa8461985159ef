//! The strong 军棋 player: it plays from its seat's model only ([`SeatModel`]).
//!
//! Each move it *samples* full positions consistent with everything the seat knows (every
//! other piece's possible kinds, each army's piece counts; mines more often than not beside
//! their army's flag, as players guard it), searches each sample a few plies deep on the
//! exact kernels (its move; the reply of each enemy that moves before its next turn, allies
//! passed over, the worst of them counting (in 混战 each enemy plays for itself); then its
//! own best capture: a small quiescence) and ranks the moves by their average over the
//! samples (perfect-information Monte Carlo). A sample is open, but an enemy in it is not
//! let see the seat's side: it chooses its attacks by what the public messages tell of the
//! pieces it attacks ([`belief`]), and the sample decides what happens. That takes 40 % of
//! the time. For the rest, the few best moves are *played out* in fresh samples to the
//! first flag taken ([`playout`]), and the move that wins most often is played: the search
//! sees tactics, the playouts see the race for the flag, and they sharpen with every round.
//! (With two players more time buys little. The choice still steadies with time: two
//! decisions on one position pick the same move two times in five at 100 ms, two in three
//! at 1 s. But the steadier choice plays no better: what the estimate tends to, not its
//! noise, limits the player; BENCHMARKS.md.)
//! Samples and playouts are spread over every core; the budget is the clock, or a fixed
//! number of samples (`nodes`, with 8 playout rounds each) for reproducible play.
//!
//! It lays out automatically ([`auto_layout`]: the flag in a headquarters guarded by
//! mines, bombs off the front row, strong pieces on the front and the railway, varied by
//! the seed from game to game), with its commander moved off the centre line when an
//! enemy faces it there
//! ([`marshal_off_the_front`]). A scored
//! search over swaps of that layout was measured against it and lost (44.3 % over 200
//! games at equal compute, BENCHMARKS.md), so it was removed.

use std::time::{Duration, Instant};

use bw_rules::junqi::board::{Board, NodeId, NodeKind};
use bw_rules::junqi::game::{Piece, PlayerId};
use bw_rules::junqi::moves::legal_moves;
use bw_rules::junqi::pieces::{Ability, Combat, PieceSet, combat};
use bw_rules::junqi::setup::{Layout, auto_layout, validate_layout};
use bw_rules::rng::SplitMix64;

use super::brain::{Brain, Choice};
use super::material::value;
use super::seat_model::{KindMask, SeatModel};
use super::simple::distances_to;
use belief::Belief;

mod belief;
mod playout;
mod sample;

pub use sample::sample;

/// A captured flag, in material units.
const FLAG: f32 = 1000.0;
/// What a flag the seat takes after the enemies' answers is worth, as a share of one it
/// takes now. Without the discount every move the enemies cannot answer ties with taking
/// the flag at once, and the seat can wait beside a flag until the quiet-move draw.
const LATER: f32 = 0.9;
/// The share of a move's time spent searching every move; the rest plays out the best few.
const SEARCH_SHARE: f64 = 0.4;
/// How many of the best searched moves are played out.
const CANDIDATES: usize = 6;
/// Only moves searched within this much material of the best are played out.
const CANDIDATE_MARGIN: f32 = 1.0;
/// What one of the seat's pieces costs standing on an ally's railway, where it blocks the
/// ally's runs (about two steps towards the enemy).
const BLOCKS_ALLY: f32 = 0.1;
/// Playout rounds per sample when the budget is a number of samples (`nodes`).
const PLAYOUTS_PER_NODE: u32 = 8;

pub struct Strong {
    rng: SplitMix64,
    /// Samples per move instead of the clock.
    nodes: Option<u32>,
    threads: usize,
    /// The last decision: samples searched, playout rounds, moves considered,
    /// milliseconds spent.
    last: Option<(u32, u32, usize, u128)>,
}

impl Strong {
    pub fn new(seed: u64, nodes: Option<u32>) -> Strong {
        Strong {
            rng: SplitMix64::new(seed ^ 0x57_2026),
            nodes,
            threads: std::thread::available_parallelism()
                .map(|n| n.get())
                .unwrap_or(1)
                .clamp(1, 8),
            last: None,
        }
    }

    fn context<'a>(&self, model: &'a SeatModel) -> Context<'a> {
        let board = &model.board;
        // The headquarters of the armies still in whose player `which` picks.
        let hq_of = |which: &dyn Fn(PlayerId) -> bool| -> Vec<NodeId> {
            board
                .ids()
                .filter(|&n| board.kind(n) == NodeKind::Hq)
                .filter(|&n| {
                    let seat = board.node(n).seat;
                    model
                        .seats
                        .iter()
                        .enumerate()
                        .any(|(p, &s)| Some(s) == seat && !model.lost[p] && which(p))
                })
                .collect()
        };
        let enemy = hq_of(&|p| !model.friend(p));
        let home = hq_of(&|p| model.friend(p));
        // The railway of every ally still in: the seat's pieces standing there block the
        // ally's runs along it.
        let ally_seats: Vec<char> = (0..model.seats.len())
            .filter(|&p| p != model.me && model.friend(p) && !model.lost[p])
            .map(|p| model.seats[p])
            .collect();
        let ally_rail = board
            .ids()
            .map(|n| {
                !board.rail_neighbours(n).is_empty()
                    && board.node(n).seat.is_some_and(|s| ally_seats.contains(&s))
            })
            .collect();
        // With more than two sides in (混战), each enemy in a playout plays for itself:
        // towards its own nearest enemy, taking whatever it can.
        let mut sides: Vec<u8> = (0..model.seats.len())
            .filter(|&p| !model.lost[p])
            .map(|p| model.teams[p])
            .collect();
        sides.sort_unstable();
        sides.dedup();
        let own_way = if sides.len() > 2 {
            (0..model.seats.len())
                .map(|p| distances_to(board, &hq_of(&|q| model.teams[q] != model.teams[p])))
                .collect()
        } else {
            Vec::new()
        };
        // What the other side can tell of each piece where it stands now: the enemies of a
        // friendly piece, the seat of the others.
        let mut seen = vec![None; board.len()];
        for tok in &model.tokens {
            if let Some(n) = tok.node {
                let mask = if model.friend(tok.owner) {
                    tok.public
                } else {
                    tok.possible
                };
                seen[n.0 as usize] = Some((tok.owner, mask));
            }
        }
        let mut ctx = Context {
            board,
            set: &model.set,
            teams: &model.teams,
            lost: &model.lost,
            me: model.me,
            values: model.set.ids().map(|k| value(&model.set, k)).collect(),
            to_enemy: distances_to(board, &enemy),
            to_home: distances_to(board, &home),
            ally_rail,
            own_way,
            seen,
            mobile: model.mobile_mask(),
            piece_values: Vec::new(),
        };
        ctx.piece_values = (0..model.seats.len())
            .flat_map(|owner| {
                let ctx = &ctx;
                model.set.ids().flat_map(move |kind| {
                    board
                        .ids()
                        .map(move |n| ctx.piece_value(Piece { owner, kind }, n))
                })
            })
            .collect();
        ctx
    }

    /// Runs `work` on every search thread, each with its own seed, and adds up what they
    /// return (per-move sums, and a count).
    fn on_threads<F>(&mut self, work: F) -> (Vec<f64>, u32)
    where
        F: Fn(u64) -> (Vec<f64>, u32) + Sync,
    {
        let seeds: Vec<u64> = (0..self.threads.max(1))
            .map(|_| self.rng.next_u64())
            .collect();
        let results: Vec<(Vec<f64>, u32)> = if seeds.len() == 1 {
            vec![work(seeds[0])]
        } else {
            std::thread::scope(|s| {
                let handles: Vec<_> = seeds
                    .iter()
                    .map(|&seed| {
                        let work = &work;
                        s.spawn(move || work(seed))
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| h.join().expect("a search thread"))
                    .collect()
            })
        };
        let mut totals = vec![0.0f64; results[0].0.len()];
        let mut count = 0u32;
        for (sums, n) in &results {
            for (t, s) in totals.iter_mut().zip(sums) {
                *t += s;
            }
            count += n;
        }
        (totals, count)
    }
}

/// Everything a search needs that does not change within one decision.
struct Context<'a> {
    board: &'a Board,
    set: &'a PieceSet,
    teams: &'a [u8],
    lost: &'a [bool],
    me: PlayerId,
    values: Vec<f32>,
    /// Link distance to the nearest enemy headquarters, per node.
    to_enemy: Vec<u32>,
    /// Link distance to the nearest own (or allied) headquarters, per node.
    to_home: Vec<u32>,
    /// Railway nodes in an ally's part of the board, per node.
    ally_rail: Vec<bool>,
    /// With more than two sides in: per player, link distance to the nearest headquarters
    /// of another side (empty otherwise: with two sides an enemy's gain is the seat's loss).
    own_way: Vec<Vec<u32>>,
    /// Per node, the piece standing there when the decision began: its owner and the kinds
    /// the other side cannot rule out ([`Belief`]).
    seen: Vec<Option<(PlayerId, KindMask)>>,
    /// The kinds that move.
    mobile: KindMask,
    /// [`Context::piece_value`] of every owner, kind and node, in that order (playouts ask
    /// it twice for every move they weigh).
    piece_values: Vec<f32>,
}

impl Context<'_> {
    fn friend(&self, p: PlayerId) -> bool {
        self.teams[p] == self.teams[self.me]
    }

    fn next(&self, p: PlayerId) -> PlayerId {
        self.next_in(self.lost, p)
    }

    /// The seat after `p` among those not `out`.
    fn next_in(&self, out: &[bool], p: PlayerId) -> PlayerId {
        let n = self.teams.len();
        (1..=n).map(|s| (p + s) % n).find(|&q| !out[q]).unwrap_or(p)
    }

    /// A piece on a node, from the seat's side: its material and how far forward it stands.
    #[inline]
    fn pv(&self, p: Piece, n: NodeId) -> f32 {
        let kinds = self.values.len();
        self.piece_values[(p.owner * kinds + p.kind.0 as usize) * self.board.len() + n.0 as usize]
    }

    /// [`Context::pv`], worked out (once per decision, for its table).
    fn piece_value(&self, p: Piece, n: NodeId) -> f32 {
        let v = self.values[p.kind.0 as usize];
        let mobile = self.set.get(p.kind).mobile();
        let i = n.0 as usize;
        if self.friend(p.owner) {
            v + if mobile {
                let blocks = p.owner == self.me && self.ally_rail[i];
                0.04 * (12 - self.to_enemy[i].min(12)) as f32
                    - if blocks { BLOCKS_ALLY } else { 0.0 }
            } else {
                0.0
            }
        } else {
            -v - if mobile {
                0.06 * (12 - self.to_home[i].min(12)) as f32
            } else {
                0.0
            }
        }
    }

    /// Material and position from the seat's side.
    fn eval(&self, at: &[Option<Piece>]) -> f32 {
        at.iter()
            .enumerate()
            .filter_map(|(i, slot)| slot.map(|p| self.pv(p, NodeId(i as u8))))
            .sum()
    }

    /// Makes a legal move in place: the change in evaluation, whether a flag fell (its
    /// worth), and what to put back.
    fn make(&self, at: &mut [Option<Piece>], from: NodeId, to: NodeId) -> (f32, Option<f32>, Undo) {
        let (f, t) = (from.0 as usize, to.0 as usize);
        let undo = Undo {
            from,
            to,
            a: at[f],
            d: at[t],
        };
        let a = at[f].expect("a legal move starts on a piece");
        let mut delta = -self.pv(a, from);
        at[f] = None;
        let mut flag = None;
        match at[t] {
            None => {
                at[t] = Some(a);
                delta += self.pv(a, to);
            }
            Some(d) => {
                if self.set.get(d.kind).ability == Ability::Flag {
                    flag = Some(if self.friend(d.owner) { -FLAG } else { FLAG });
                }
                match combat(self.set, a.kind, d.kind) {
                    Combat::AttackerWins => {
                        delta += self.pv(a, to) - self.pv(d, to);
                        at[t] = Some(a);
                    }
                    Combat::DefenderWins => {}
                    Combat::BothGo => {
                        delta -= self.pv(d, to);
                        at[t] = None;
                    }
                }
            }
        }
        (delta, flag, undo)
    }

    fn unmake(at: &mut [Option<Piece>], u: Undo) {
        at[u.from.0 as usize] = u.a;
        at[u.to.0 as usize] = u.d;
    }

    /// The seat's best capture from here, or standing pat (`base`: this position's value).
    /// A flag taken here, after the enemies' answers, is worth [`LATER`] of one taken now.
    fn quiesce(&self, at: &mut [Option<Piece>], base: f32) -> f32 {
        let mut best = base;
        for (from, to) in legal_moves(self.board, self.set, at, self.teams, self.me) {
            if at[to.0 as usize].is_none() {
                continue;
            }
            let (delta, flag, undo) = self.make(at, from, to);
            Self::unmake(at, undo);
            best = best.max(flag.map_or(base + delta, |f| f * LATER));
            if best >= FLAG * LATER {
                break;
            }
        }
        best
    }

    /// The value of a root move in one sample (`base`: the sample's value): the next
    /// player's reply (an enemy picks the worst for the seat), then the seat's best capture.
    fn root_move(
        &self,
        at: &mut [Option<Piece>],
        belief: &Belief,
        base: f32,
        from: NodeId,
        to: NodeId,
    ) -> f32 {
        let (delta, flag, undo) = self.make(at, from, to);
        let value = match flag {
            Some(f) => f,
            None => self.reply(at, belief, base + delta),
        };
        Self::unmake(at, undo);
        value
    }

    /// The seat's value after its move: each enemy that moves before the seat's next turn
    /// answers (allies are passed over: with 并肩 allies the next seat is a friend, and
    /// the enemies come after it), and the worst of their answers counts; then the seat's
    /// best capture.
    fn reply(&self, at: &mut [Option<Piece>], belief: &Belief, base: f32) -> f32 {
        let mut worst = f32::INFINITY;
        let mut p = self.next(self.me);
        while p != self.me {
            if !self.friend(p) {
                worst = worst.min(self.answer(at, belief, base, p));
                if worst <= -FLAG {
                    break;
                }
            }
            p = self.next(p);
        }
        if worst == f32::INFINITY {
            // No enemy moves before the seat does again.
            return self.quiesce(at, base);
        }
        worst
    }

    /// Enemy `opp`'s answer, valued after the seat's best capture. With two sides the enemy
    /// picks what is worst for the seat *as far as it can tell* ([`Belief`]: not knowing
    /// which of the seat's pieces is which), then the sample decides what happens; in 混战
    /// it plays for itself ([`Context::answer_for_itself`]).
    fn answer(&self, at: &mut [Option<Piece>], belief: &Belief, base: f32, opp: PlayerId) -> f32 {
        let replies = legal_moves(self.board, self.set, at, self.teams, opp);
        if replies.is_empty() {
            // The enemy has no legal move: it loses at the start of its turn.
            return base + 30.0;
        }
        if !self.own_way.is_empty() {
            return self.answer_for_itself(at, belief, base, opp, replies);
        }
        // Each reply: the value the enemy expects, and the sample's. A reply the enemy
        // expects to be no better for it than the best found cannot become so by the
        // seat's capture after it (quiescence only adds), so the sorted list is cut there.
        let mut scored: Vec<(f32, f32, NodeId, NodeId)> = replies
            .into_iter()
            .map(|(a, b)| {
                let seen = self.seen_delta(at, belief, a, b);
                let (delta, flag, undo) = self.make(at, a, b);
                Self::unmake(at, undo);
                let real = flag.unwrap_or(base + delta);
                (seen.map_or(real, |s| base + s), real, a, b)
            })
            .collect();
        scored.sort_by(|x, y| x.0.total_cmp(&y.0));
        // (what the enemy expects, what the sample gives)
        let mut chosen = (f32::INFINITY, f32::INFINITY);
        for (seen, real, a, b) in scored {
            if seen >= chosen.0 {
                break;
            }
            if real <= -FLAG {
                chosen = (seen, real);
                continue;
            }
            let (delta, _, undo) = self.make(at, a, b);
            let q = self.quiesce(at, base + delta);
            Self::unmake(at, undo);
            let expected = seen + (q - real);
            if expected < chosen.0 {
                chosen = (expected, q);
            }
        }
        chosen.1
    }

    /// In 混战 enemy `opp` plays for itself: it answers with the reply it expects to gain
    /// most by ([`Context::own_gain`], by what it can tell of the piece it attacks; any flag
    /// it can take first), valued for the seat after the seat's best capture. Another
    /// enemy's flag taken puts only that army out, so it counts as its material.
    fn answer_for_itself(
        &self,
        at: &mut [Option<Piece>],
        belief: &Belief,
        base: f32,
        opp: PlayerId,
        replies: Vec<(NodeId, NodeId)>,
    ) -> f32 {
        let mut best: Option<(f32, NodeId, NodeId)> = None;
        for (a, b) in replies {
            let gain = self
                .seen_own_gain(at, belief, opp, a, b)
                .unwrap_or_else(|| self.own_gain(at, opp, a, b));
            if best.is_none_or(|(g, _, _)| gain > g) {
                best = Some((gain, a, b));
            }
        }
        let (_, a, b) = best.expect("replies");
        let (delta, flag, undo) = self.make(at, a, b);
        let value = match flag {
            Some(f) if f < 0.0 => f,
            _ => self.quiesce(at, base + delta),
        };
        Self::unmake(at, undo);
        value
    }
}

/// What [`Context::make`] changed.
#[derive(Clone, Copy)]
struct Undo {
    from: NodeId,
    to: NodeId,
    a: Option<Piece>,
    d: Option<Piece>,
}

/// Sums of each root move's value over samples, and how many samples.
fn think(
    model: &SeatModel,
    ctx: &Context,
    moves: &[(NodeId, NodeId)],
    seed: u64,
    deadline: Instant,
    samples: Option<u32>,
) -> (Vec<f64>, u32) {
    let mut rng = SplitMix64::new(seed);
    let mut sums = vec![0.0f64; moves.len()];
    let mut done = 0u32;
    loop {
        match samples {
            Some(n) if done >= n => break,
            None if done > 0 && Instant::now() >= deadline => break,
            _ => {}
        }
        let mut at = sample(model, &mut rng);
        let base = ctx.eval(&at);
        let belief = ctx.belief(&at);
        let mut values = Vec::with_capacity(moves.len());
        for &(from, to) in moves {
            values.push(ctx.root_move(&mut at, &belief, base, from, to) as f64);
            if samples.is_none() && done > 0 && Instant::now() >= deadline {
                // Out of time inside a sample: leave it out.
                return (sums, done);
            }
        }
        for (s, v) in sums.iter_mut().zip(values) {
            *s += v;
        }
        done += 1;
    }
    (sums, done)
}

/// Moves the commander from the front's middle, where [`auto_layout`] puts it in every
/// layout of a standard army, to the post behind it (off the railway; or, when a bomb
/// stands there, the nearest other post off the railway), swapping it with what stood
/// there, when the army across the centre is an enemy's. On the middle of the front it
/// faces that army's middle down the railway through the centre, where that army's
/// commander may stand too: the first run along that line trades the two, and each army's flag
/// is shown to every seat from the second ply on. Behind the front a railway run cannot
/// reach it. (Facing an ally, as in 标准, it stays where it is.)
fn marshal_off_the_front(m: &SeatModel, layout: &mut Layout) {
    let seat = m.seats[m.me];
    let across = match seat {
        'S' => 'N',
        'N' => 'S',
        'E' => 'W',
        'W' => 'E',
        _ => return,
    };
    let enemy_across = m
        .seats
        .iter()
        .position(|&s| s == across)
        .is_some_and(|p| !m.friend(p));
    if !enemy_across {
        return;
    }
    let Some(front) = m.board.arm_node(seat, 0, 2) else {
        return;
    };
    let at = |n: NodeId| layout.iter().position(|&(node, _)| node == n);
    let commander = |k| m.set.get(k).ability == Ability::Commander;
    let Some(f) = at(front).filter(|&f| commander(layout[f].1)) else {
        return;
    };
    // The post behind it first, then the other posts off the railway, nearest first; only
    // one whose piece may stand in front (a bomb or a mine may not).
    for (r, c) in [(1, 2), (2, 1), (2, 3), (3, 2)] {
        let Some(b) = m.board.arm_node(seat, r, c).and_then(at) else {
            continue;
        };
        let mut swapped = layout.clone();
        swapped[f].1 = layout[b].1;
        swapped[b].1 = layout[f].1;
        if validate_layout(&m.rules, &m.board, &m.set, seat, &m.hand, &swapped).is_ok() {
            *layout = swapped;
            return;
        }
    }
}

impl Brain for Strong {
    fn name(&self) -> String {
        format!("bracket-war strong {}", env!("CARGO_PKG_VERSION"))
    }

    fn layout(&mut self, m: &SeatModel, _budget: Duration) -> Layout {
        let seed = self.rng.next_u64();
        let mut layout = auto_layout(&m.rules, &m.board, &m.set, m.seats[m.me], &m.hand, seed);
        marshal_off_the_front(m, &mut layout);
        layout
    }

    fn choose(&mut self, m: &SeatModel, budget: Duration) -> Choice {
        let moves = m.legal_moves();
        match moves.len() {
            0 => return Choice::Resign,
            1 => return Choice::Move(moves[0].0, moves[0].1),
            _ => {}
        }
        let started = Instant::now();
        let deadline = started + budget;
        let ctx = self.context(m);
        let threads = self.threads.max(1);
        // First every move is searched in samples, for a share of the time.
        let per_thread = self.nodes.map(|n| n.div_ceil(threads as u32).max(1));
        let search_end = started + budget.mul_f64(SEARCH_SHARE);
        let (totals, samples) =
            self.on_threads(|seed| think(m, &ctx, &moves, seed, search_end, per_thread));
        let count = samples.max(1) as f64;
        let mut order: Vec<usize> = (0..moves.len()).collect();
        let mean = |i: usize| totals[i] / count + (i as f64 * 0.618).fract() * 1e-6;
        order.sort_by(|&a, &b| mean(b).total_cmp(&mean(a)));
        let top = mean(order[0]);
        // Then the few best are played on, in fresh samples, for the rest of the time.
        let candidates: Vec<usize> = order
            .iter()
            .copied()
            .take(CANDIDATES)
            .take_while(|&i| mean(i) >= top - CANDIDATE_MARGIN as f64)
            .collect();
        let mut rounds = 0;
        let mut best = order[0];
        if candidates.len() > 1 && !playout::decided(top) {
            let cand_moves: Vec<_> = candidates.iter().map(|&i| moves[i]).collect();
            let per_thread = self
                .nodes
                .map(|n| (n * PLAYOUTS_PER_NODE).div_ceil(threads as u32));
            let (wins, n) = self.on_threads(|seed| {
                playout::refine(m, &ctx, &cand_moves, seed, deadline, per_thread)
            });
            rounds = n;
            if n > 0 {
                // The first (best searched) candidate keeps ties.
                let mut best_rate = f64::NEG_INFINITY;
                for (c, &i) in candidates.iter().enumerate() {
                    if wins[c] > best_rate {
                        best_rate = wins[c];
                        best = i;
                    }
                }
            }
        }
        self.last = Some((samples, rounds, moves.len(), started.elapsed().as_millis()));
        Choice::Move(moves[best].0, moves[best].1)
    }

    fn info(&self) -> Option<String> {
        self.last.map(|(samples, playouts, moves, ms)| {
            format!(
                "samples {samples} playouts {playouts} moves {moves} time {ms} threads {}",
                self.threads
            )
        })
    }

    fn answer_draw(&mut self, m: &SeatModel) -> bool {
        // Take a draw when clearly behind on material, as far as the seat can tell.
        let ctx = self.context(m);
        let mut rng = SplitMix64::new(self.rng.next_u64());
        let mean: f32 = (0..16).map(|_| ctx.eval(&sample(m, &mut rng))).sum::<f32>() / 16.0;
        mean < -6.0
    }
}

#[cfg(test)]
mod tests;
