//! 军棋 Junqi: both boards and the piece set as RON data, railway pathfinding as a pure
//! kernel (and as ECS systems), and every rule and mode of the project's spec. The computer
//! players and the engine protocol are in the players crate (`bw_players::junqi`).

pub mod board;
pub mod ecs;
pub mod game;
pub mod headless;
pub mod moves;
pub mod pieces;
pub mod reach;
pub mod record;
pub mod setup;
pub mod view;

pub use board::{Board, NodeId, NodeKind, NodeSet};
pub use game::{Action, Junqi, Outcome, Phase, Piece, PlayerId, PublicEvent, SeenClash};
pub use pieces::{Ability, Combat, PieceKindId, PieceSet, combat};
pub use reach::{Occupancy, Occupant, canonical_path, destinations};
pub use setup::{Alliance, BoardChoice, Rules};
pub use view::PlayerView;
