//! 军棋's computer players and the engine protocol.
//!
//! Layers, each using only those above it:
//! - [`seat`]: who plays a seat ([`Seat`], [`AiKind`]);
//! - [`protocol`] and [`feed`]: the engine protocol's lines, and what a seat is told of a game;
//! - [`seat_model`]: a seat's model of the game built from those messages only (never the
//!   full state: its own pieces, what it was told, and for every other piece the kinds it
//!   may still be);
//! - [`material`]: what a piece is worth;
//! - [`simple`]: the random and heuristic players, deciding from a seat's model (or a
//!   [`bw_rules::junqi::PlayerView`] alone);
//! - [`brain`]: the one trait of the players that keep a [`SeatModel`] ([`Brain`]);
//! - [`strong`]: the sampling search player;
//! - [`decision`]: one way for a game to ask any computer seat ([`Decision`], [`computer_layout`]);
//! - [`engine`]: the engine's side of a protocol session; [`autoplay`]: games between computers.

pub mod autoplay;
pub mod brain;
pub mod decision;
pub mod engine;
pub mod feed;
pub mod material;
pub mod protocol;
pub mod seat;
pub mod seat_model;
pub mod simple;
pub mod strong;

pub use brain::{Brain, Choice};
pub use decision::{Budget, Decision, computer_layout};
pub use seat::{AiKind, Seat};
pub use seat_model::SeatModel;
pub use simple::{Ai, Style};
