//! Components and resources of the 括号大战 world.

use std::sync::Arc;

use bevy_ecs::prelude::*;

use crate::bracket::attack::Field;
use crate::bracket::board::{Board, Piece, Player};
use crate::bracket::content::{KindId, KindTable};
use crate::bracket::coverage::CoverageMap;
use crate::bracket::game::{Action, Settings, TurnState};
use crate::bracket::geometry::{Dir, Glass, Mirror};

/// Where an entity stands.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct BoardCell {
    pub row: u8,
    pub col: u8,
}

/// The seat that owns a piece.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Owner(pub Player);

/// A bracket's facing (shapes have none).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Facing(pub Dir);

/// A piece's kind: its stats are the [`BracketContent`] entry of that id, loaded from RON.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Kind(pub KindId);

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MirrorPlate(pub Mirror);

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GlassPlate(pub Glass);

/// Destroyed this round; removed with every other marked piece at the round's end.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Marked;

/// The piece kinds in play (built-ins plus mods).
#[derive(Resource, Clone, Debug)]
pub struct BracketContent(pub Arc<KindTable>);

/// The board's size and the seats whose home corners are active.
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct BracketFrame {
    pub side: usize,
    pub seats: Vec<Player>,
}

/// The snapshot derived from the entities at the start of each pass, with the entity
/// standing on each cell. Never edited: rebuilt from the world.
#[derive(Resource, Clone, Debug)]
pub struct BracketBoard {
    pub board: Board,
    pub entities: Vec<Option<Entity>>,
}

impl BracketBoard {
    pub fn entity_at(&self, cell: usize) -> Option<Entity> {
        self.entities[cell]
    }
}

/// Signal coverage of every seat on the current board.
#[derive(Resource, Clone, Debug, Default)]
pub struct SignalCoverage(pub CoverageMap);

/// The beams of the last attack pass (`None` before the first).
#[derive(Resource, Clone, Debug, Default)]
pub struct AttackState(pub Option<Field>);

/// Where the resolution stands.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ResolvePhase {
    /// Next pass computes coverage and marks uncovered pieces.
    Coverage,
    /// Next pass computes beams and marks destroyed pieces.
    Attack,
    /// The marks are final: next pass removes them.
    Removal,
    /// The board is stable.
    #[default]
    Done,
}

/// One removal round: the pieces that vanished together.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RemovedPiece {
    pub entity: Entity,
    pub cell: BoardCell,
    pub piece: Piece,
}

/// Removal rounds of the last resolution, in order (for the event log and animations).
#[derive(Resource, Clone, Debug, Default)]
pub struct BracketRemovals(pub Vec<Vec<RemovedPiece>>);

/// The game's settings and seed.
#[derive(Resource, Clone, Debug)]
pub struct BracketSetup {
    pub settings: Settings,
    pub seed: u64,
}

/// Whose turn it is.
#[derive(Resource, Clone, Debug)]
pub struct BracketTurn(pub TurnState);

/// Every action taken, in order: with the setup, the whole game.
#[derive(Resource, Clone, Debug, Default)]
pub struct BracketActions(pub Vec<Action>);
