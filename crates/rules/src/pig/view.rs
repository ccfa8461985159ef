//! The table as the event log tells it: apply events one by one to follow a game step by
//! step (the app's watch mode steps forward and back by rebuilding from the start).

use serde::{Deserialize, Serialize};

use super::cards::Card;
use super::engine::{Outcome, Pig, Table};
use super::events::Event;

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
