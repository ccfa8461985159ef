//! A table to watch or play: roles, and hands and deck dealt at random from a seed with
//! card weights, or read from a file in the problem's format. Setups save as RON.

use serde::{Deserialize, Serialize};

use super::cards::{Card, Role};
use super::state::{Pig, Table};
use crate::rng::SplitMix64;

/// How often each card is dealt, in `Card::ALL` order (P K D F N W J Z).
pub const DEFAULT_WEIGHTS: [u32; 8] = [10, 20, 15, 4, 3, 3, 4, 2];

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PigSetup {
    /// Pig 1 is always the MP.
    pub roles: Vec<Role>,
    pub seed: u64,
    pub deck_size: usize,
    pub weights: [u32; 8],
}

impl Default for PigSetup {
    fn default() -> Self {
        PigSetup {
            roles: vec![Role::MP, Role::ZP, Role::FP, Role::FP],
            seed: 1,
            deck_size: 200,
            weights: DEFAULT_WEIGHTS,
        }
    }
}

impl PigSetup {
    pub fn validate(&self) -> Result<(), String> {
        if !(2..=10).contains(&self.roles.len()) {
            return Err(format!("{} pigs: 2 to 10", self.roles.len()));
        }
        if self.roles[0] != Role::MP || self.roles[1..].contains(&Role::MP) {
            return Err("pig 1, and only pig 1, is the MP".into());
        }
        if !(1..=2000).contains(&self.deck_size) {
            return Err(format!("a deck of {} cards: 1 to 2000", self.deck_size));
        }
        if self.weights.iter().all(|&w| w == 0) {
            return Err("at least one card needs a weight".into());
        }
        Ok(())
    }

    /// Deals four cards to each pig and the deck, from the seed.
    pub fn deal(&self) -> Result<Table, String> {
        self.validate()?;
        let total: u64 = self.weights.iter().map(|&w| w as u64).sum();
        let mut rng = SplitMix64::new(self.seed);
        let mut card = || {
            let mut r = rng.below(total);
            for (i, &w) in self.weights.iter().enumerate() {
                if r < w as u64 {
                    return Card::ALL[i];
                }
                r -= w as u64;
            }
            unreachable!("r < total")
        };
        let pigs = self
            .roles
            .iter()
            .map(|&role| Pig::new(role, (0..4).map(|_| card()).collect()))
            .collect();
        let deck = (0..self.deck_size).map(|_| card()).collect();
        Ok(Table::new(pigs, deck))
    }

    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("a setup serializes")
    }

    pub fn from_ron(text: &str) -> Result<PigSetup, String> {
        let s: PigSetup = ron::from_str(text).map_err(|e| format!("not a table setup: {e}"))?;
        s.validate()?;
        Ok(s)
    }
}
