//! Bracket War, the desktop game: 括号大战 (with 星号大战), 军棋 and 猪国杀, at one computer
//! and online.
//!
//! Dependencies point one way: the rules crate (`bw_rules`, and `bw_files` for where files
//! are) ← the computer players and the 军棋 engine protocol (`bw_players`) ← the engine
//! referee (`bw_referee`) and the online protocol and rooms (`bw_online`) ← the game server
//! (`bw_server`) ← [`saves`] ← [`app`]. The command line (`bw_cli`) is its own crate beside
//! the app; the window program parses with it and hands the game plain
//! [`app::AppOptions`]. `docs/architecture.md` draws the crates and says where new code goes.

#[cfg(feature = "window")]
pub mod app;
pub mod saves;

/// The engine, for the window program.
#[cfg(feature = "window")]
pub use bevy;
