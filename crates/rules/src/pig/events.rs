//! What happens at the table, step by step: the app shows these, tests assert on them.

use serde::{Deserialize, Serialize};

use super::cards::{Card, Role};
use super::state::Outcome;

/// Pigs are numbered from 0 here (the problem numbers them from 1).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Event {
    TurnStart {
        pig: usize,
    },
    Draw {
        pig: usize,
        cards: Vec<Card>,
    },
    /// A card played in the play phase, with its target if it has one.
    Play {
        pig: usize,
        card: Card,
        target: Option<usize>,
    },
    Equip {
        pig: usize,
        replaced: bool,
    },
    Heal {
        pig: usize,
        hp: i32,
    },
    /// A card played in answer (闪 to 杀, 杀 or 闪 to an area card, 杀 in a duel).
    Respond {
        pig: usize,
        card: Card,
    },
    /// 无懈可击: `against` is whose effect or 无懈可击 it cancels.
    Nullify {
        pig: usize,
        against: usize,
    },
    Reveal {
        pig: usize,
        role: Role,
    },
    /// The MP now takes `pig` for a rebel (类反).
    Suspect {
        pig: usize,
    },
    Damage {
        pig: usize,
        source: usize,
        hp: i32,
    },
    /// A peach eaten while dying.
    Rescue {
        pig: usize,
        hp: i32,
    },
    /// Only in a seat's view ([`crate::pig::view::seen_event`]): another pig drew `count`
    /// cards face down (as a reward for killing a rebel when `reward`).
    FaceDown {
        pig: usize,
        count: usize,
        reward: bool,
    },
    Death {
        pig: usize,
        killer: usize,
        role: Role,
    },
    /// The killer of a rebel draws three.
    Reward {
        pig: usize,
        cards: Vec<Card>,
    },
    /// The MP killed a loyal pig and loses its hand and weapon.
    Penalty {
        pig: usize,
        discarded: usize,
    },
    End {
        outcome: Outcome,
    },
}

/// Where events go.
pub trait Sink {
    /// Whether events are wanted at all (building them costs time in judge mode).
    const ENABLED: bool = true;
    fn emit(&mut self, event: Event);
}

/// Drops every event.
pub struct NoEvents;

impl Sink for NoEvents {
    const ENABLED: bool = false;
    fn emit(&mut self, _: Event) {}
}

/// Keeps every event in order.
#[derive(Clone, Debug, Default)]
pub struct EventLog(pub Vec<Event>);

impl Sink for EventLog {
    fn emit(&mut self, event: Event) {
        self.0.push(event);
    }
}
