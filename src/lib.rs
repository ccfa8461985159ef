//! Bracket War, the desktop game: 括号大战 (with 星号大战), 猪国杀, and 军棋 to come.
//!
//! Dependencies point one way: the rules crate (`bw_rules`) ← [`saves`] ← [`app`]. The
//! command line (`bw_cli`) is its own crate beside them; the window program hands the
//! game plain [`app::AppOptions`].

pub mod app;
pub mod saves;

/// The engine, for the window program.
pub use bevy;
