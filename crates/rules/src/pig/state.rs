//! The table's data, shared by the engine, the conducts, the events and the views: pigs,
//! the table, the outcome and the decisions a conduct can take. It imports nothing of the
//! engine, so every other module of the game can use it without a cycle.

use serde::{Deserialize, Serialize};

use super::cards::{Card, Role};

pub const MAX_HP: i32 = 4;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pig {
    pub role: Role,
    pub hp: i32,
    /// Left to right.
    pub hand: Vec<Card>,
    pub weapon: bool,
    pub alive: bool,
    /// Has shown its role by an action (the MP always counts as revealed).
    pub revealed: bool,
    /// 类反: unrevealed, and damaged the MP with N or W (only the MP's view).
    pub suspect: bool,
}

impl Pig {
    pub fn new(role: Role, hand: Vec<Card>) -> Pig {
        Pig {
            role,
            hp: MAX_HP,
            hand,
            weapon: false,
            alive: true,
            revealed: role == Role::MP,
            suspect: false,
        }
    }

    pub fn has(&self, card: Card) -> bool {
        self.hand.contains(&card)
    }

    /// Removes the leftmost `card`; `false` if there is none.
    pub(crate) fn discard(&mut self, card: Card) -> bool {
        match self.hand.iter().position(|&c| c == card) {
            Some(i) => {
                self.hand.remove(i);
                true
            }
            None => false,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The MP survived and every rebel is dead.
    MasterWins,
    /// The MP is dead.
    RebelsWin,
    /// The turn cap was reached (random decks can make endless games).
    NoResult,
}

/// The whole game state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    pub pigs: Vec<Pig>,
    pub deck: Vec<Card>,
    /// Cards drawn so far; past the end every draw repeats the last card.
    pub drawn: usize,
    pub outcome: Option<Outcome>,
    /// Turns started so far.
    pub turns: u64,
    /// The pig whose turn it is.
    pub current: usize,
    /// Cards discarded so far (for the conservation check and the app's pile count).
    pub discarded: usize,
}

/// A card to play: its index in the hand and its target, if it takes one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Play {
    pub index: usize,
    pub target: Option<usize>,
}

/// What a 无懈可击 would do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NullifyAsk {
    /// Protect `target` from the trick about to hit it (献殷勤).
    Protect { target: usize },
    /// Cancel the 无懈可击 just played by `user` (表敌意).
    Counter { user: usize },
}
