//! The table as the event log tells it: apply events one by one to follow a game step by
//! step (the app's watch mode steps forward and back by rebuilding from the start).

use serde::{Deserialize, Serialize};

use super::cards::Card;
use super::events::Event;
use super::state::{Outcome, Pig, Table};

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableView {
    pub pigs: Vec<Pig>,
    pub deck_left: usize,
    pub current: Option<usize>,
    pub turns: u64,
    pub outcome: Option<Outcome>,
}

impl TableView {
    /// The table before anything happened.
    pub fn start(t: &Table) -> TableView {
        TableView {
            pigs: t.pigs.clone(),
            deck_left: t.deck_left(),
            current: None,
            turns: 0,
            outcome: None,
        }
    }

    fn take(&mut self, pig: usize, card: Card) {
        let hand = &mut self.pigs[pig].hand;
        if let Some(i) = hand.iter().position(|&c| c == card) {
            hand.remove(i);
        }
    }

    fn drew(&mut self, n: usize) {
        self.deck_left = self.deck_left.saturating_sub(n);
    }

    /// Applies one event.
    pub fn apply(&mut self, e: &Event) {
        match e {
            Event::TurnStart { pig } => {
                self.current = Some(*pig);
                self.turns += 1;
            }
            Event::Draw { pig, cards } | Event::Reward { pig, cards } => {
                self.pigs[*pig].hand.extend_from_slice(cards);
                self.drew(cards.len());
            }
            Event::FaceDown { count, .. } => self.drew(*count),
            Event::Play { pig, card, .. } => self.take(*pig, *card),
            Event::Equip { pig, .. } => self.pigs[*pig].weapon = true,
            Event::Heal { pig, hp } | Event::Damage { pig, hp, .. } => self.pigs[*pig].hp = *hp,
            Event::Respond { pig, card } => self.take(*pig, *card),
            Event::Nullify { pig, .. } => self.take(*pig, Card::J),
            Event::Reveal { pig, .. } => {
                self.pigs[*pig].revealed = true;
                self.pigs[*pig].suspect = false;
            }
            Event::Suspect { pig } => self.pigs[*pig].suspect = true,
            Event::Rescue { pig, hp } => {
                self.take(*pig, Card::P);
                self.pigs[*pig].hp = *hp;
            }
            Event::Death { pig, .. } => {
                let p = &mut self.pigs[*pig];
                p.alive = false;
                p.hand.clear();
                p.weapon = false;
            }
            Event::Penalty { pig, .. } => {
                self.pigs[*pig].hand.clear();
                self.pigs[*pig].weapon = false;
            }
            Event::End { outcome } => self.outcome = Some(*outcome),
        }
    }

    /// The table after the first `n` events.
    pub fn after(start: &TableView, events: &[Event], n: usize) -> TableView {
        let mut v = start.clone();
        for e in &events[..n.min(events.len())] {
            v.apply(e);
        }
        v
    }
}

/// One pig as a seated pig sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeenPig {
    /// Known for the seat itself, the MP, a pig that revealed itself, and the dead.
    pub role: Option<super::Role>,
    pub hp: i32,
    /// The cards, for the seat's own pig only.
    pub hand: Option<Vec<Card>>,
    pub hand_len: usize,
    pub weapon: bool,
    pub alive: bool,
    pub revealed: bool,
    pub suspect: bool,
}

/// The table as the pig in `seat` may know it: its own hand and role, the MP, the roles
/// revealed by actions or death, hand sizes and everything played in public.
pub fn seen_by(view: &TableView, seat: usize) -> Vec<SeenPig> {
    view.pigs
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let known = i == seat || p.revealed || !p.alive || p.role == super::Role::MP;
            SeenPig {
                role: known.then_some(p.role),
                hp: p.hp,
                hand: (i == seat).then(|| p.hand.clone()),
                hand_len: p.hand.len(),
                weapon: p.weapon,
                alive: p.alive,
                revealed: p.revealed,
                suspect: p.suspect,
            }
        })
        .collect()
}

/// An event as the pig in `seat` sees it: the cards another pig draws (or takes as a
/// reward) are face down, only their number shows. Everything else at the table is public.
pub fn seen_event(e: &Event, seat: usize) -> Event {
    match e {
        Event::Draw { pig, cards } | Event::Reward { pig, cards } if *pig != seat => {
            Event::FaceDown {
                pig: *pig,
                count: cards.len(),
                reward: matches!(e, Event::Reward { .. }),
            }
        }
        other => other.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::pig::setup::PigSetup;
    use crate::pig::{EventLog, ProblemConduct, Role, run};

    /// Two tables that differ only in what seat 0 may not see (pig 1's hand, and the
    /// cards pig 1 will draw) give seat 0 the same view and the same events.
    #[test]
    fn a_seat_sees_nothing_it_may_not_know() {
        let setup = PigSetup {
            roles: vec![Role::MP, Role::FP, Role::ZP],
            seed: 7,
            ..Default::default()
        };
        let table = setup.deal().unwrap();
        let mut other = table.clone();
        // Another hand of the same size for pig 1.
        other.pigs[1].hand = vec![Card::Z; table.pigs[1].hand.len()];
        assert_ne!(table.pigs[1].hand, other.pigs[1].hand);
        let a = seen_by(&TableView::start(&table), 0);
        let b = seen_by(&TableView::start(&other), 0);
        assert_eq!(a, b);
        assert!(a[1].hand.is_none() && a[0].hand.is_some());
        assert_eq!(a[1].role, None, "pig 1's role is hidden until revealed");
        assert_eq!(a[0].role, Some(Role::MP));
        // A draw of different cards by another pig reads the same.
        let d1 = Event::Draw {
            pig: 1,
            cards: vec![Card::K, Card::P],
        };
        let d2 = Event::Draw {
            pig: 1,
            cards: vec![Card::D, Card::D],
        };
        assert_eq!(seen_event(&d1, 0), seen_event(&d2, 0));
        assert_eq!(seen_event(&d1, 1), d1);
        // Over a whole game, nothing of another pig's hand reaches seat 0's events.
        let mut end = table.clone();
        let mut log = EventLog::default();
        run(&mut end, &mut ProblemConduct, &mut log, 2_000);
        for e in &log.0 {
            if let Event::Draw { pig, .. } | Event::Reward { pig, .. } = seen_event(e, 0) {
                assert_eq!(pig, 0);
            }
        }
    }
}
