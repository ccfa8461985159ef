//! Seeded board generation.
//!
//! Each cell outside the players' home corners, in row-major order, becomes a mirror with
//! probability `mirror_density` (`/` or `\` at 50/50), else glass with probability
//! `glass_density` (`-` `|` `+` at 1:1:1). The generator is [`SplitMix64`]; the same seed
//! and settings give the same board on every platform, which is what lets saves rebuild
//! their board from the seed.

use serde::{Deserialize, Serialize};

use super::board::{Board, MAX_PLAYERS, MAX_SIDE, MIN_SIDE, Tile};
use super::geometry::{Glass, Mirror};
use crate::rng::SplitMix64;

/// The original game's mirror density.
pub const DEFAULT_MIRROR_DENSITY: f64 = 0.114;
pub const DEFAULT_GLASS_DENSITY: f64 = 0.04;

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BoardSettings {
    pub side: usize,
    pub players: u8,
    pub mirror_density: f64,
    pub glass_density: f64,
}

impl Default for BoardSettings {
    fn default() -> Self {
        BoardSettings {
            side: 10,
            players: 2,
            mirror_density: DEFAULT_MIRROR_DENSITY,
            glass_density: DEFAULT_GLASS_DENSITY,
        }
    }
}

impl BoardSettings {
    pub fn validate(&self) -> Result<(), String> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&self.side) {
            return Err(format!(
                "board side {} is not in {MIN_SIDE}..={MAX_SIDE}",
                self.side
            ));
        }
        if !(2..=MAX_PLAYERS).contains(&self.players) {
            return Err(format!("{} players is not in 2..=4", self.players));
        }
        for (name, d) in [
            ("mirror", self.mirror_density),
            ("glass", self.glass_density),
        ] {
            if !(0.0..=1.0).contains(&d) {
                return Err(format!("{name} density {d} is not in 0..=1"));
            }
        }
        Ok(())
    }
}

/// Generates the board of a new game.
pub fn generate(settings: &BoardSettings, seed: u64) -> Board {
    let mut board = Board::new(settings.side, settings.players);
    let mut rng = SplitMix64::new(seed);
    for cell in 0..board.cells() {
        if board.home_owner(cell).is_some() {
            continue;
        }
        let tile = if rng.chance(settings.mirror_density) {
            Tile::Mirror(if rng.below(2) == 0 {
                Mirror::Slash
            } else {
                Mirror::Backslash
            })
        } else if rng.chance(settings.glass_density) {
            Tile::Glass(match rng.below(3) {
                0 => Glass::Horizontal,
                1 => Glass::Vertical,
                _ => Glass::Cross,
            })
        } else {
            Tile::Empty
        };
        board.set(cell, tile);
    }
    board
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_board_and_homes_stay_clear() {
        let s = BoardSettings {
            side: 20,
            players: 4,
            mirror_density: 0.3,
            glass_density: 0.3,
        };
        let a = generate(&s, 42);
        assert_eq!(a, generate(&s, 42));
        assert_ne!(a, generate(&s, 43));
        assert!(a.validate().is_ok());
        let fixtures = a.tiles().iter().filter(|t| t.is_fixture()).count();
        assert!(fixtures > 100, "densities are honoured ({fixtures})");
    }

    #[test]
    fn zero_densities_give_an_empty_board() {
        let s = BoardSettings {
            mirror_density: 0.0,
            glass_density: 0.0,
            ..Default::default()
        };
        assert!(generate(&s, 1).tiles().iter().all(|t| *t == Tile::Empty));
    }
}
