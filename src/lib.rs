//! Bracket War, the desktop game: 括号大战 (with 星号大战), 军棋 and 猪国杀, at one computer
//! and online.
//!
//! Dependencies point one way: the rules crate (`bw_rules`) ← the file formats
//! (`bw_files`), the judges (`bw_referee`) and the online protocol and rooms (`bw_online`)
//! ← the game server (`bw_server`) ← [`saves`] ← [`app`]. The command line (`bw_cli`) is
//! its own crate beside them; the window program hands the game plain
//! [`app::AppOptions`].

pub mod app;
pub mod saves;

/// The engine, for the window program.
pub use bevy;
