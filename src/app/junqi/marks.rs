//! 标记 (QQ's marks): a person's guesses at face-down enemy pieces — a rank, a bomb, a mine
//! or "?" — drawn small on the piece for that person only. A mark follows its piece as it
//! moves, goes when the piece leaves the board or shows its kind, and is kept in the save
//! for that seat; it is never sent to anyone (online rooms do not see it).

use std::collections::BTreeMap;

use bw_rules::junqi::game::PublicEvent;
use bw_rules::junqi::{Junqi, NodeId, PieceKindId, PlayerId};

/// One guess.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Guess {
    Kind(PieceKindId),
    /// "?": worth watching, kind unknown.
    Unknown,
}

/// Every seat's marks on the position, and how far the game's events were followed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Guesses {
    by_seat: BTreeMap<PlayerId, BTreeMap<NodeId, Guess>>,
    followed: usize,
}

impl Guesses {
    /// Marks kept with a save, current after `followed` events of its game.
    pub fn restored(marks: Vec<(PlayerId, NodeId, Guess)>, followed: usize) -> Guesses {
        let mut g = Guesses {
            by_seat: BTreeMap::new(),
            followed,
        };
        for (seat, node, guess) in marks {
            g.set(seat, node, Some(guess));
        }
        g
    }

    /// Marks `node` for `seat` (`None` clears it).
    pub fn set(&mut self, seat: PlayerId, node: NodeId, guess: Option<Guess>) {
        let marks = self.by_seat.entry(seat).or_default();
        match guess {
            Some(g) => {
                marks.insert(node, g);
            }
            None => {
                marks.remove(&node);
            }
        }
    }

    /// A seat's marks: the node of each marked piece and the guess.
    pub fn of(&self, seat: PlayerId) -> Vec<(NodeId, Guess)> {
        self.by_seat
            .get(&seat)
            .map(|m| m.iter().map(|(&n, &g)| (n, g)).collect())
            .unwrap_or_default()
    }

    /// Every mark, for the save.
    pub fn all(&self) -> Vec<(PlayerId, NodeId, Guess)> {
        self.by_seat
            .iter()
            .flat_map(|(&s, m)| m.iter().map(move |(&n, &g)| (s, n, g)))
            .collect()
    }

    /// Follows the game since the last call: a marked piece that moved carries its mark
    /// along its path, one that left the board loses it; then each seat loses the marks
    /// on pieces that are gone, its own, or whose kind it may now know (from what the seat
    /// may see only: owners are public, kinds by the views' rule).
    pub fn follow(&mut self, game: &Junqi) {
        let start = self.followed.min(game.events.len());
        for e in &game.events[start..] {
            let PublicEvent::Moved { path, removed, .. } = e else {
                continue;
            };
            let (Some(&from), Some(&to)) = (path.first(), path.last()) else {
                continue;
            };
            for marks in self.by_seat.values_mut() {
                // The piece attacked, if it left.
                if removed.contains(&to) {
                    marks.remove(&to);
                }
                // The piece that moved: along its path if it is still on the board.
                if let Some(g) = marks.remove(&from)
                    && !removed.contains(&from)
                {
                    marks.insert(to, g);
                }
            }
        }
        self.followed = game.events.len();
        for (&seat, marks) in self.by_seat.iter_mut() {
            marks.retain(|n, _| match game.at[n.0 as usize] {
                Some(p) => p.owner != seat && !game.kind_known_to(Some(seat), p),
                None => false,
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bw_rules::junqi::game::Action;
    use bw_rules::junqi::{PieceSet, Rules, headless};
    use std::sync::Arc;

    /// A seeded 2-player game in play, and a legal move of the player to move that
    /// attacks (or any move when none does).
    fn game() -> Junqi {
        let set = Arc::new(PieceSet::standard());
        headless::setup(Rules::default(), set, 7, false).unwrap()
    }

    #[test]
    fn a_mark_follows_its_piece_and_goes_with_it() {
        let mut g = game();
        let mut marks = Guesses::default();
        marks.follow(&g);
        // S (0) marks one of N's (1) pieces that can move; N moves it.
        let view = bw_rules::junqi::PlayerView::position(&g, 1);
        g.turn = 1;
        let (from, to) = view
            .legal_moves(&g.board, &g.set)
            .into_iter()
            .find(|&(_, to)| g.at[to.0 as usize].is_none())
            .expect("a quiet move");
        let bomb = g.set.by_id("bomb").unwrap();
        marks.set(0, from, Some(Guess::Kind(bomb)));
        assert_eq!(marks.of(0), [(from, Guess::Kind(bomb))]);
        g.act(Action::Move { from, to }).unwrap();
        marks.follow(&g);
        assert_eq!(
            marks.of(0),
            [(to, Guess::Kind(bomb))],
            "the mark moved along"
        );
        assert!(marks.of(1).is_empty(), "one seat's marks are its own");
        // A mark on one's own piece, or on an empty node, does not stay.
        let own =
            g.at.iter()
                .position(|p| p.is_some_and(|p| p.owner == 0))
                .unwrap();
        marks.set(0, NodeId(own as u8), Some(Guess::Unknown));
        let empty = g.at.iter().position(|p| p.is_none()).unwrap();
        marks.set(0, NodeId(empty as u8), Some(Guess::Unknown));
        marks.follow(&g);
        assert_eq!(marks.of(0), [(to, Guess::Kind(bomb))]);
        // The piece leaves the board: its mark goes.
        g.at[to.0 as usize] = None;
        marks.follow(&g);
        assert!(marks.of(0).is_empty());
    }

    #[test]
    fn a_mark_goes_when_its_piece_loses_a_combat_and_the_winner_moves_in() {
        let mut g = game();
        let mut marks = Guesses::default();
        // Find a combat for the player to move, in random play.
        let mut rng = bw_rules::rng::SplitMix64::new(3);
        for _ in 0..400 {
            let me = g.turn;
            let view = bw_rules::junqi::PlayerView::position(&g, me);
            let moves = view.legal_moves(&g.board, &g.set);
            let attack = moves
                .iter()
                .copied()
                .find(|&(_, to)| g.at[to.0 as usize].is_some_and(|p| p.owner != me));
            let Some((from, to)) =
                attack.or_else(|| moves.get(rng.below(moves.len() as u64) as usize).copied())
            else {
                break;
            };
            if attack.is_some() {
                let enemy = 1 - me;
                // Each seat marks the other's piece of the combat.
                marks.follow(&g);
                marks.set(me, to, Some(Guess::Unknown));
                marks.set(enemy, from, Some(Guess::Unknown));
                g.act(Action::Move { from, to }).unwrap();
                marks.follow(&g);
                let Some(PublicEvent::Moved { removed, .. }) = g
                    .events
                    .iter()
                    .rev()
                    .find(|e| matches!(e, PublicEvent::Moved { .. }))
                else {
                    unreachable!()
                };
                let defender_gone = removed.contains(&to);
                let attacker_gone = removed.contains(&from);
                assert_eq!(
                    marks.of(me).iter().any(|(n, _)| *n == to),
                    !defender_gone && !g.kind_known_to(Some(me), g.at[to.0 as usize].unwrap()),
                    "the defender's mark stays only while it does"
                );
                assert_eq!(
                    marks.of(enemy).iter().any(|(n, _)| *n == to),
                    !attacker_gone
                        && g.at[to.0 as usize]
                            .is_some_and(|p| p.owner == me && !g.kind_known_to(Some(enemy), p)),
                    "the attacker's mark moved in with it, if it won"
                );
                return;
            }
            g.act(Action::Move {
                from: attack.unwrap_or(moves[0]).0,
                to: attack.unwrap_or(moves[0]).1,
            })
            .unwrap();
        }
        panic!("no combat in 400 plies");
    }
}
