//! The referee side of the 军棋 engine protocol (`docs/junqi-engine.md`): engine programs as
//! seat players, refereed games on the rules crate, and the arena that measures engines
//! against each other. The tournament runner (`bracket-war junqi arena`) and the game's
//! "external engine" seat both use it.

pub mod arena;
pub mod contestant;
pub mod referee;

pub use contestant::{Contestant, EngineProcess, InProcess, Silence, split_command};
pub use referee::{GameSettings, Played, handshake, play};
