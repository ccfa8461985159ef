//! 括号大战 Bracket War: content, the board snapshot, the rule kernels, the game rules and
//! the ECS systems that run them. The rules as played are in `docs/rules.md`.

pub mod amount;
pub mod attack;
pub mod board;
pub mod cellset;
pub mod content;
pub mod coverage;
pub mod ecs;
pub mod geometry;
pub mod record;
pub mod resolve;
pub mod text;

pub use amount::Quarters;
pub use board::{Board, Piece, Player, Tile};
pub use cellset::CellSet;
pub use content::{ContentError, KindId, KindTable, PieceKind};
pub use geometry::{Dir, Glass, Mirror};
pub use resolve::{Resolution, resolve};
pub mod game;
pub mod generate;
pub use game::{Action, At, Game, Mode, Outcome, Refusal, Settings, TurnState};
