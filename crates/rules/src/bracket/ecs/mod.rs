//! 括号大战 in the ECS: pieces, mirrors and glass plates are entities; resolution is an
//! explicitly ordered schedule of systems that call the kernels.
//!
//! The world is the one source of truth. Every pass of the [`Resolve`] schedule first
//! derives a [`BracketBoard`] from the entities, then runs, in this order:
//!
//! | set | system | what it does |
//! |---|---|---|
//! | [`ResolveSet::Snapshot`] | `snapshot_board` | board snapshot from the entities |
//! | [`ResolveSet::Coverage`] | `compute_coverage` | coverage per player; marks uncovered pieces |
//! | [`ResolveSet::Attack`] | `compute_attack` | every beam, with the current marks |
//! | [`ResolveSet::Destruction`] | `mark_destroyed` | marks pieces whose destruction test holds |
//! | [`ResolveSet::Removal`] | `remove_marked` | despawns every marked piece at once |
//!
//! A [`ResolvePhase`] resource drives the spec's two nested fixpoints: [`resolve_world`]
//! runs the schedule until the phase is `Done`.

mod components;
mod systems;

pub use components::*;
pub use systems::*;
