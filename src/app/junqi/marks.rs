//! 标记 (QQ's marks): a person's guesses at face-down enemy pieces — a rank, a bomb, a mine
//! or "?" — drawn small on the piece for that person only. A mark follows its piece as it
//! moves, goes when the piece leaves the board or shows its kind, and is kept in the save
//! for that seat (online, for as long as the client is in the room); it is never sent to
//! anyone. The combats a person could read suggest marks: a face-down piece that beat one
//! of known kind can only be one of the kinds that would have.

use std::collections::BTreeMap;

use bw_rules::junqi::game::{PublicEvent, SeenClash};
use bw_rules::junqi::pieces::{Combat, combat};
use bw_rules::junqi::{Junqi, NodeId, PieceKindId, PieceSet, PlayerId};

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
        self.follow_events(&game.events, |seat, n| match game.at[n.0 as usize] {
            Some(p) => p.owner != seat && !game.kind_known_to(Some(seat), p),
            None => false,
        });
    }

    /// [`Guesses::follow`] from the public events alone (an online room's), with `keep`
    /// telling whether a seat's mark on a node still stands on a face-down enemy piece.
    pub fn follow_events(
        &mut self,
        events: &[PublicEvent],
        keep: impl Fn(PlayerId, NodeId) -> bool,
    ) {
        let start = self.followed.min(events.len());
        for e in &events[start..] {
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
        self.followed = events.len();
        for (&seat, marks) in self.by_seat.iter_mut() {
            marks.retain(|&n, _| keep(seat, n));
        }
    }
}

/// What one combat tells its reader of the piece that survived it, when the reader knows
/// the loser's kind and not the survivor's: every kind that would have won it that way,
/// strongest first (a piece that took a 师长 is a 军长 or a 司令; one that a 工兵 ran into
/// and survived, anything from 排长 up, or a mine). `None` when it tells nothing.
pub fn combat_hint(
    set: &PieceSet,
    clash: &SeenClash,
    attacker_left: bool,
    defender_left: bool,
) -> Option<Vec<PieceKindId>> {
    let mut kinds: Vec<PieceKindId> = match (attacker_left, defender_left, clash) {
        // The attacker won: it is a kind that beats the defender's, and one that moves.
        (
            false,
            true,
            SeenClash {
                attacker: None,
                defender: Some(d),
                ..
            },
        ) => set
            .ids()
            .filter(|&k| set.get(k).mobile() && combat(set, k, *d) == Combat::AttackerWins)
            .collect(),
        // The defender held: it is a kind the attacker's loses to.
        (
            true,
            false,
            SeenClash {
                attacker: Some(a),
                defender: None,
                ..
            },
        ) => set
            .ids()
            .filter(|&k| combat(set, *a, k) == Combat::DefenderWins)
            .collect(),
        _ => return None,
    };
    kinds.sort_by_key(|&k| std::cmp::Reverse(set.get(k).rank));
    (!kinds.is_empty()).then_some(kinds)
}

/// The hints a reader has on the board: each piece that survived combats the reader could
/// read, at its node now, with the kinds it may be (narrowed by every such combat). From
/// the game's public events and the combats as the reader saw them; the caller keeps those
/// on face-down enemy pieces.
pub fn hints(
    set: &PieceSet,
    events: &[PublicEvent],
    clashes: &[SeenClash],
) -> BTreeMap<NodeId, Vec<PieceKindId>> {
    let mut out: BTreeMap<NodeId, Vec<PieceKindId>> = BTreeMap::new();
    for (i, e) in events.iter().enumerate() {
        let PublicEvent::Moved {
            path,
            removed,
            combat: fought,
            ..
        } = e
        else {
            continue;
        };
        let (Some(&from), Some(&to)) = (path.first(), path.last()) else {
            continue;
        };
        let (attacker_left, defender_left) = (removed.contains(&from), removed.contains(&to));
        let mover = out.remove(&from);
        let held = out.remove(&to);
        // What was known of the piece that stands on `to` now.
        let before = match (attacker_left, defender_left) {
            (true, true) => continue,
            (false, _) => mover,
            (true, false) => held,
        };
        let new = fought
            .then(|| clashes.iter().find(|c| c.event == i))
            .flatten()
            .and_then(|c| combat_hint(set, c, attacker_left, defender_left));
        let now = match (before, new) {
            (Some(before), Some(new)) => {
                let both: Vec<PieceKindId> =
                    new.iter().copied().filter(|k| before.contains(k)).collect();
                Some(if both.is_empty() { new } else { both })
            }
            (before, new) => new.or(before),
        };
        if let Some(kinds) = now {
            out.insert(to, kinds);
        }
    }
    out
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

    fn kinds(set: &PieceSet, ids: &[&str]) -> Vec<PieceKindId> {
        ids.iter().map(|id| set.by_id(id).unwrap()).collect()
    }

    fn clash(
        event: usize,
        attacker: Option<PieceKindId>,
        defender: Option<PieceKindId>,
    ) -> SeenClash {
        SeenClash {
            event,
            attacker,
            defender,
        }
    }

    #[test]
    fn a_combat_suggests_what_the_survivor_may_be() {
        let set = PieceSet::standard();
        let k = |id| set.by_id(id).unwrap();
        // A face-down piece took a 师长: a 军长 or a 司令, strongest first.
        assert_eq!(
            combat_hint(&set, &clash(0, None, Some(k("major_general"))), false, true),
            Some(kinds(&set, &["commander", "general"]))
        );
        // A 工兵 ran into a face-down piece that held: 排长 and up, or a mine.
        assert_eq!(
            combat_hint(&set, &clash(0, Some(k("engineer")), None), true, false),
            Some(kinds(
                &set,
                &[
                    "commander",
                    "general",
                    "major_general",
                    "brigadier",
                    "colonel",
                    "major",
                    "captain",
                    "lieutenant"
                ]
            ))
        );
        // A 司令 ran into one that held: only a mine does that.
        assert_eq!(
            combat_hint(&set, &clash(0, Some(k("commander")), None), true, false),
            Some(kinds(&set, &["mine"]))
        );
        // Both went, both kinds known, or neither: nothing to suggest.
        assert_eq!(
            combat_hint(&set, &clash(0, None, Some(k("captain"))), true, true),
            None
        );
        assert_eq!(
            combat_hint(
                &set,
                &clash(0, Some(k("captain")), Some(k("major"))),
                true,
                false
            ),
            None
        );
        assert_eq!(combat_hint(&set, &clash(0, None, None), false, true), None);
    }

    #[test]
    fn hints_follow_the_piece_and_narrow_with_each_combat() {
        let set = PieceSet::standard();
        let k = |id| set.by_id(id).unwrap();
        let n = NodeId;
        let moved = |from: u8, to: u8, removed: &[u8]| PublicEvent::Moved {
            player: 1,
            path: vec![n(from), n(to)],
            combat: !removed.is_empty(),
            removed: removed.iter().map(|&r| n(r)).collect(),
            defender: (!removed.is_empty()).then_some(0),
        };
        let events = vec![
            // The face-down piece at 1 takes a 排长 at 2: 连长 or better.
            moved(1, 2, &[2]),
            // It moves on quietly to 3.
            moved(2, 3, &[]),
            // It takes a 旅长 at 4: 师长 or better.
            moved(3, 4, &[4]),
            // Another face-down piece at 10 takes an unknown piece at 11: nothing known.
            moved(10, 11, &[11]),
        ];
        let clashes = [
            clash(0, None, Some(k("lieutenant"))),
            clash(2, None, Some(k("brigadier"))),
            clash(3, None, None),
        ];
        let h = hints(&set, &events, &clashes);
        assert_eq!(
            h.into_iter().collect::<Vec<_>>(),
            [(
                n(4),
                kinds(&set, &["commander", "general", "major_general"])
            )]
        );
        // After the first combat only, the hint sits where the piece stands.
        let h = hints(&set, &events[..2], &clashes);
        assert_eq!(h.keys().copied().collect::<Vec<_>>(), [n(3)]);
        assert_eq!(h[&n(3)].len(), 7, "连长 and every rank above");
        // The piece then dies: its hint goes.
        let mut gone = events.clone();
        gone.push(moved(20, 4, &[20, 4]));
        assert!(!hints(&set, &gone, &clashes).contains_key(&n(4)));
    }
}
