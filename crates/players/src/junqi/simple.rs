//! The simple computer players: they decide from what their seat may know (they never see
//! hidden ranks): a random player and a heuristic one. The heuristic player weighs each
//! attack by what the piece attacked may be ([`KindMask`]: the seat model's deductions, or
//! only what the view shows).

use bw_rules::junqi::board::{Board, NodeId, NodeKind};
use bw_rules::junqi::game::Action;
use bw_rules::junqi::pieces::{Ability, Combat, PieceKindId, PieceSet, combat};
use bw_rules::junqi::view::{PlayerView, SeenPiece};
use bw_rules::rng::SplitMix64;

use super::material::value;
use super::seat_model::{KindMask, SeatModel, known};

/// How a simple player picks its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// Any legal move, uniformly.
    Random,
    /// Towards the nearest enemy headquarters, attacking where the odds of what it may meet
    /// are good, with a little noise.
    Heuristic,
}

/// A simple computer player with its own seeded generator: it decides from its seat's model
/// ([`Ai::choose_for`]) or, where none is kept, from the seat's [`PlayerView`] alone
/// ([`Ai::choose`]), one move at a time.
pub struct Ai {
    pub style: Style,
    rng: SplitMix64,
}

impl Ai {
    pub fn new(style: Style, seed: u64) -> Ai {
        Ai {
            style,
            rng: SplitMix64::new(seed),
        }
    }

    /// The move to make on this player's turn, from its view alone: a piece it cannot see may
    /// be anything (clients of the online protocol, which keep no model).
    pub fn choose(&mut self, board: &Board, set: &PieceSet, view: &PlayerView) -> Action {
        let may_be = may_be_in_view(board, set, view);
        self.decide(board, set, view, &may_be)
    }

    /// The move to make on this player's turn, from everything its seat knows: the kinds
    /// each piece may still be after deployment rules, moves and combats ([`SeatModel`]).
    pub fn choose_for(&mut self, model: &SeatModel) -> Action {
        self.decide(&model.board, &model.set, &model.view(), &model.may_be())
    }

    fn decide(
        &mut self,
        board: &Board,
        set: &PieceSet,
        view: &PlayerView,
        may_be: &[KindMask],
    ) -> Action {
        let moves = view.legal_moves(board, set);
        if moves.is_empty() {
            return Action::Resign { player: view.me };
        }
        let pick = match self.style {
            Style::Random => moves[self.rng.below(moves.len() as u64) as usize],
            Style::Heuristic => {
                let targets = enemy_headquarters(board, view);
                let seen = Seen {
                    board,
                    set,
                    view,
                    may_be,
                    dist: distances_to(board, &targets),
                    movers: movers(board, set, view),
                    targets,
                };
                let mut best = (i64::MIN, moves[0]);
                for &(from, to) in &moves {
                    let noise = self.rng.below(8) as i64;
                    let score = seen.score(from, to) * 8 + noise;
                    if score > best.0 {
                        best = (score, (from, to));
                    }
                }
                best.1
            }
        };
        Action::Move {
            from: pick.0,
            to: pick.1,
        }
    }
}

/// What a view alone says each node's piece may be: its kind when shown, else any kind
/// (the flag only on a headquarters, where every flag is deployed and stays).
fn may_be_in_view(board: &Board, set: &PieceSet, view: &PlayerView) -> Vec<KindMask> {
    let any = set.ids().fold(0, |m, k| m | 1 << k.0);
    let flags = set
        .ids()
        .filter(|&k| set.get(k).ability == Ability::Flag)
        .fold(0, |m, k| m | 1 << k.0);
    view.nodes
        .iter()
        .zip(board.ids())
        .map(|(seen, n)| match seen {
            None => 0,
            Some(SeenPiece { kind: Some(k), .. }) => 1 << k.0,
            Some(SeenPiece { kind: None, .. }) if board.kind(n) == NodeKind::Hq => any,
            Some(SeenPiece { kind: None, .. }) => any & !flags,
        })
        .collect()
}

fn enemy_headquarters(board: &Board, view: &PlayerView) -> Vec<NodeId> {
    board
        .ids()
        .filter(|&n| board.kind(n) == NodeKind::Hq)
        .filter(|&n| {
            let seat = board.node(n).seat;
            view.players.iter().enumerate().any(|(p, pl)| {
                Some(pl.seat) == seat
                    && p != view.me
                    && !view.allies(view.me, p)
                    && pl.lost.is_none()
            })
        })
        .collect()
}

/// Link distance from every node to the nearest of `targets` (`u32::MAX`: unreachable).
pub(crate) fn distances_to(board: &Board, targets: &[NodeId]) -> Vec<u32> {
    let mut dist = vec![u32::MAX; board.len()];
    let mut queue: std::collections::VecDeque<NodeId> = targets.iter().copied().collect();
    for &t in targets {
        dist[t.0 as usize] = 0;
    }
    while let Some(cur) = queue.pop_front() {
        for &(n, _) in board.adjacent(cur) {
            if dist[n.0 as usize] == u32::MAX {
                dist[n.0 as usize] = dist[cur.0 as usize] + 1;
                queue.push_back(n);
            }
        }
    }
    dist
}

/// Heuristic points for an attack's expected material (a link nearer the target is 2).
const MATERIAL: f32 = 4.0;
/// A flag taken, in material units, for an attack that may meet one.
const FLAG: f32 = 30.0;
/// An attack on a piece next to an enemy headquarters that holds a piece: the guards of a
/// flag are worth breaking through even at a loss, or the game stalls into the quiet draw.
const GUARD: i64 = 30;
/// With this many pieces that can move or fewer, a player stops making attacks it expects
/// to lose: none left loses the game.
const LAST_MOVERS: usize = 3;
/// A move onto an empty headquarters, where a piece never moves again.
const EMPTY_HQ: i64 = -20;

/// One decision's position, as the heuristic player reads it.
struct Seen<'a> {
    board: &'a Board,
    set: &'a PieceSet,
    view: &'a PlayerView,
    may_be: &'a [KindMask],
    /// Link distance to the nearest enemy headquarters, per node.
    dist: Vec<u32>,
    /// The player's pieces that can still move.
    movers: usize,
    /// The headquarters of the enemies still in.
    targets: Vec<NodeId>,
}

impl Seen<'_> {
    fn score(&self, from: NodeId, to: NodeId) -> i64 {
        let Some(SeenPiece {
            kind: Some(kind), ..
        }) = self.view.nodes[from.0 as usize]
        else {
            return 0;
        };
        let d = |n: NodeId| self.dist[n.0 as usize].min(40) as i64;
        let mut score = (d(from) - d(to)) * 2;
        let on_hq = self.board.kind(to) == NodeKind::Hq;
        let target = self.may_be[to.0 as usize];
        let known_flag = known(target).is_some_and(|k| self.set.get(k).ability == Ability::Flag);
        match self.view.nodes[to.0 as usize] {
            Some(_) if known_flag => return 1000,
            Some(_) if on_hq => {
                // The flag or what guards it: every headquarters is attacked in the end, or
                // the game stalls into the quiet draw; the lowest ranks go first.
                score += 30 - 3 * self.set.get(kind).rank as i64;
            }
            Some(_) => {
                let gain = expected_gain(self.set, kind, target);
                score += if self.movers <= LAST_MOVERS && gain < 0.0 {
                    -40
                } else {
                    (gain * MATERIAL) as i64 + if self.guards_hq(to) { GUARD } else { 0 }
                };
            }
            None if on_hq => score += EMPTY_HQ,
            None => {}
        }
        if self.board.kind(to) == NodeKind::Camp {
            score += 2;
        }
        score
    }

    /// Whether `to` is next to an enemy headquarters that holds a piece.
    fn guards_hq(&self, to: NodeId) -> bool {
        self.board
            .adjacent(to)
            .iter()
            .any(|&(n, _)| self.targets.contains(&n) && self.view.nodes[n.0 as usize].is_some())
    }
}

/// The material an attack by `attacker` is expected to win (negative: to lose), over the
/// kinds the defender may be, each as likely as its count in the set.
fn expected_gain(set: &PieceSet, attacker: PieceKindId, may_be: KindMask) -> f32 {
    let mine = value(set, attacker);
    let (mut sum, mut weight) = (0.0f32, 0.0f32);
    for k in set.ids().filter(|k| may_be & 1 << k.0 != 0) {
        let kind = set.get(k);
        let outcome = match combat(set, attacker, k) {
            Combat::AttackerWins if kind.ability == Ability::Flag => FLAG,
            // A bomb that meets the flag takes it as it goes.
            Combat::BothGo if kind.ability == Ability::Flag => FLAG - mine,
            Combat::AttackerWins => value(set, k),
            Combat::DefenderWins => -mine,
            Combat::BothGo => value(set, k) - mine,
        };
        sum += f32::from(kind.count) * outcome;
        weight += f32::from(kind.count);
    }
    if weight == 0.0 { 0.0 } else { sum / weight }
}

/// How many of the player's pieces can still move (mobile, off the headquarters).
fn movers(board: &Board, set: &PieceSet, view: &PlayerView) -> usize {
    view.nodes
        .iter()
        .zip(board.ids())
        .filter(|(seen, n)| {
            seen.is_some_and(|p| {
                p.owner == view.me
                    && p.kind.is_some_and(|k| set.get(k).mobile())
                    && board.kind(*n) != NodeKind::Hq
            })
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::junqi::AiKind;
    use crate::junqi::autoplay::{computer_players, play_out};
    use crate::junqi::decision::{Budget, Decision};
    use bw_rules::junqi::headless::setup;
    use bw_rules::junqi::setup::Rules;
    use std::sync::Arc;

    fn mask(set: &PieceSet, ids: &[&str]) -> KindMask {
        ids.iter()
            .map(|id| set.by_id(id).expect("a standard kind"))
            .fold(0, |m, k| m | 1 << k.0)
    }

    /// An attack is valued over what the piece attacked may still be: an engineer clears a
    /// mine, a 师长 dies on it, and a piece known to be no mine or bomb is a better target for
    /// a 旅长 than one off the headquarters that may be anything but the flag.
    #[test]
    fn an_attack_is_valued_by_what_the_defender_may_be() {
        let set = PieceSet::standard();
        let any = set.ids().fold(0, |m, k| m | 1 << k.0);
        let mine = mask(&set, &["mine"]);
        let engineer = set.by_id("engineer").unwrap();
        let major_general = set.by_id("major_general").unwrap();
        let brigadier = set.by_id("brigadier").unwrap();
        assert!(expected_gain(&set, engineer, mine) > 0.0);
        assert!(expected_gain(&set, major_general, mine) < 0.0);
        let unmoved = any & !mask(&set, &["flag"]);
        let moved = unmoved & !mask(&set, &["mine", "bomb"]);
        assert!(expected_gain(&set, brigadier, moved) > expected_gain(&set, brigadier, unmoved));
        // Only the flag: taking it is worth the most.
        let flag = mask(&set, &["flag"]);
        assert!(expected_gain(&set, engineer, flag) >= FLAG);
    }

    /// The game's simple and strong seats decide from their seat's model alone: turning every
    /// enemy piece into another rank, on the board and in the layouts they deployed, changes
    /// no decision.
    #[test]
    fn a_computer_seat_decides_nothing_from_ranks_it_may_not_see() {
        // A game 40 plies in with some enemy piece whose rank this seat may not see (in some
        // games every enemy left has lost its commander by then, its flag shown).
        let (game, me) = (23..)
            .map(|seed| {
                let mut game =
                    setup(Rules::default(), Arc::new(PieceSet::standard()), seed, true).unwrap();
                let mut players = computer_players(&[AiKind::Heuristic; 4], seed);
                play_out(&mut game, &mut players, 40);
                let me = game.turn;
                (game, me)
            })
            .find(|(game, me)| {
                game.phase == bw_rules::junqi::game::Phase::Playing
                    && game
                        .at
                        .iter()
                        .flatten()
                        .any(|p| p.owner != *me && !game.players[p.owner].flags_revealed)
            })
            .unwrap();
        let mut other = game.clone();
        let kinds = other.set.standard_hand();
        for (i, slot) in other.at.iter_mut().enumerate() {
            if let Some(p) = slot
                && p.owner != me
                && !other.players[p.owner].flags_revealed
            {
                p.kind = kinds[(i * 7) % kinds.len()];
            }
        }
        for (p, layout) in other.layouts.iter_mut().enumerate() {
            if p != me {
                for (n, k) in layout.iter_mut() {
                    *k = kinds[(n.0 as usize * 7) % kinds.len()];
                }
            }
        }
        assert_ne!(other.at, game.at);
        assert_ne!(other.layouts, game.layouts);
        for kind in [AiKind::Random, AiKind::Heuristic, AiKind::Strong] {
            for seed in 0..4 {
                let decide = |g| Decision::prepare(g, me, kind, seed, Budget::Samples(2)).decide();
                assert_eq!(decide(&game), decide(&other), "{kind:?}, seed {seed}");
            }
        }
    }
}
