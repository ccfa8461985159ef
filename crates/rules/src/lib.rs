//! Rules of the games inside Bracket War, without a renderer.
//!
//! Each game is data (RON files under `content/`) plus small pure kernels over compact
//! snapshots, and ECS systems that run those kernels on the entities of a Bevy world.
//! Nothing here opens a window, so tests and computer players use it directly.

pub mod bracket;
pub mod junqi;
pub mod names;
pub mod pig;
pub mod rng;
