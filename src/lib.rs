//! Bracket War, the desktop game: 括号大战 (with 星号大战), and later 军棋 and 猪国杀.
//!
//! The rules live in the `bw_rules` crate (no renderer); this crate is the window, the
//! screens and the command line.

pub mod app;
pub mod saves;
pub mod tools;
