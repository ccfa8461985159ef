//! 猪国杀 Pig Country Kill (SDOI2010), exact to the problem.
//!
//! [`Table`] holds the game; [`run`] plays it, asking a [`Conduct`] for every decision and
//! telling a [`Sink`] every [`Event`]. [`ProblemConduct`] is the behaviour the problem
//! prescribes; the app swaps in a human for one seat. [`judge`] reads the problem's input
//! and prints its output.

pub mod cards;
pub mod conduct;
pub mod content;
pub mod engine;
pub mod events;
pub mod judge;
pub mod record;
pub mod seat;
pub mod setup;
pub mod state;
pub mod view;

pub use cards::{Card, Role};
pub use conduct::{Conduct, ProblemConduct};
pub use engine::run;
pub use events::{Event, EventLog, NoEvents, Sink};
pub use state::{NullifyAsk, Outcome, Pig, Play, Table};
