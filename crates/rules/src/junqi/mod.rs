//! 军棋 Junqi: both boards and the piece set as RON data, railway pathfinding as a pure
//! kernel (and as ECS systems), and every rule and mode of the project's spec.

pub mod board;
pub mod pieces;
pub mod reach;

pub use board::{Board, NodeId, NodeKind, NodeSet};
pub use pieces::{Ability, Combat, PieceKindId, PieceSet, combat};
pub use reach::{Occupant, canonical_path, destinations};
pub mod game;
pub mod moves;
pub mod seat_model;
pub mod setup;
pub use game::{Action, Junqi, Outcome, Phase, Piece, PlayerId, PublicEvent};
pub use setup::{Alliance, BoardChoice, Rules};
pub mod ai;
pub mod record;
pub mod view;
pub use view::PlayerView;
pub mod ecs;
pub mod engine;
pub mod feed;
pub mod headless;
pub mod protocol;
pub mod strong;
