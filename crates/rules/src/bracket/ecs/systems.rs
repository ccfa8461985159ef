//! The resolution schedule and the functions that act on a 括号大战 world.

use std::sync::Arc;

use bevy_app::{App, Plugin};
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};

use super::components::*;
use crate::bracket::attack::attack_field;
use crate::bracket::board::{Board, Piece, Tile};
use crate::bracket::cellset::CellSet;
use crate::bracket::content::KindTable;
use crate::bracket::coverage::coverage_all;
use crate::bracket::game::{self, Action, Refusal, Settings, TurnState};
use crate::bracket::generate::generate;
use crate::bracket::resolve::{newly_destroyed, uncovered_pieces};

/// The schedule that resolves the board, one pass at a time.
#[derive(ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Resolve;

/// The ordered steps of a resolution pass.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ResolveSet {
    Snapshot,
    Coverage,
    Attack,
    Destruction,
    Removal,
}

/// Adds the [`Resolve`] schedule and the rules' resources (content, if not present, is the
/// built-in set).
pub struct BracketRulesPlugin;

impl Plugin for BracketRulesPlugin {
    fn build(&self, app: &mut App) {
        if !app.world().contains_resource::<BracketContent>() {
            app.insert_resource(BracketContent(Arc::new(KindTable::builtin())));
        }
        app.init_resource::<SignalCoverage>()
            .init_resource::<AttackState>()
            .init_resource::<ResolvePhase>()
            .init_resource::<BracketRemovals>()
            .init_resource::<BracketActions>();
        app.add_schedule(resolve_schedule());
    }
}

/// The resolution schedule: snapshot, coverage, attack, destruction, removal, in order.
pub fn resolve_schedule() -> Schedule {
    let mut s = Schedule::new(Resolve);
    s.set_executor(SingleThreadedExecutor::new());
    s.configure_sets(
        (
            ResolveSet::Snapshot,
            ResolveSet::Coverage,
            ResolveSet::Attack,
            ResolveSet::Destruction,
            ResolveSet::Removal,
        )
            .chain(),
    );
    s.add_systems((
        snapshot_board.in_set(ResolveSet::Snapshot),
        compute_coverage
            .in_set(ResolveSet::Coverage)
            .run_if(resource_equals(ResolvePhase::Coverage)),
        compute_attack
            .in_set(ResolveSet::Attack)
            .run_if(resource_equals(ResolvePhase::Attack)),
        mark_destroyed
            .in_set(ResolveSet::Destruction)
            .run_if(resource_equals(ResolvePhase::Attack)),
        remove_marked
            .in_set(ResolveSet::Removal)
            .run_if(resource_equals(ResolvePhase::Removal)),
    ));
    s
}

type PieceQuery<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static BoardCell,
        &'static Owner,
        &'static Kind,
        Option<&'static Facing>,
    ),
>;

/// Builds the snapshot of the world's entities.
pub fn snapshot_board(
    mut commands: Commands,
    frame: Res<BracketFrame>,
    pieces: PieceQuery,
    mirrors: Query<(Entity, &BoardCell, &MirrorPlate)>,
    glass: Query<(Entity, &BoardCell, &GlassPlate)>,
) {
    let mut board = blank_board(&frame);
    let mut entities = vec![None; board.cells()];
    let mut put = |cell: &BoardCell, e: Entity, tile: Tile| {
        let i = board.index(cell.row as usize, cell.col as usize);
        debug_assert!(entities[i].is_none(), "two entities on {cell:?}");
        board.set(i, tile);
        entities[i] = Some(e);
    };
    for (e, cell, owner, kind, facing) in &pieces {
        let piece = Piece {
            owner: owner.0,
            kind: kind.0,
            facing: facing.map(|f| f.0),
        };
        put(cell, e, Tile::Piece(piece));
    }
    for (e, cell, m) in &mirrors {
        put(cell, e, Tile::Mirror(m.0));
    }
    for (e, cell, g) in &glass {
        put(cell, e, Tile::Glass(g.0));
    }
    commands.insert_resource(BracketBoard { board, entities });
}

fn blank_board(frame: &BracketFrame) -> Board {
    let mut board = Board::new(frame.side, 4);
    for p in 1..=4 {
        if !frame.seats.contains(&p) {
            board.remove_home(p);
        }
    }
    board
}

fn marks(snapshot: &BracketBoard, marked: &Query<&BoardCell, With<Marked>>) -> CellSet {
    marked
        .iter()
        .map(|c| snapshot.board.index(c.row as usize, c.col as usize))
        .collect()
}

/// Coverage of every seat; marks the pieces standing outside their owner's coverage.
pub fn compute_coverage(
    mut commands: Commands,
    snapshot: Res<BracketBoard>,
    content: Res<BracketContent>,
    mut coverage: ResMut<SignalCoverage>,
    mut phase: ResMut<ResolvePhase>,
) {
    coverage.0 = coverage_all(&snapshot.board, &content.0);
    for cell in uncovered_pieces(&snapshot.board, &coverage.0).iter() {
        if let Some(e) = snapshot.entity_at(cell) {
            commands.entity(e).insert(Marked);
        }
    }
    *phase = ResolvePhase::Attack;
}

/// Every beam on the board with the current marks.
pub fn compute_attack(
    snapshot: Res<BracketBoard>,
    content: Res<BracketContent>,
    marked: Query<&BoardCell, With<Marked>>,
    mut attack: ResMut<AttackState>,
) {
    let m = marks(&snapshot, &marked);
    attack.0 = Some(attack_field(&snapshot.board, &content.0, &m));
}

/// Marks the pieces whose destruction test holds; when none is new, the marks are final.
pub fn mark_destroyed(
    mut commands: Commands,
    snapshot: Res<BracketBoard>,
    content: Res<BracketContent>,
    attack: Res<AttackState>,
    marked: Query<&BoardCell, With<Marked>>,
    mut phase: ResMut<ResolvePhase>,
) {
    let field = attack.0.as_ref().expect("attack runs before destruction");
    let fresh = newly_destroyed(
        &snapshot.board,
        &content.0,
        field,
        &marks(&snapshot, &marked),
    );
    if fresh.is_empty() {
        *phase = ResolvePhase::Removal;
    }
    for cell in fresh.iter() {
        if let Some(e) = snapshot.entity_at(cell) {
            commands.entity(e).insert(Marked);
        }
    }
}

/// Removes every marked piece at once.
pub fn remove_marked(
    mut commands: Commands,
    marked: Query<(Entity, &BoardCell, &Owner, &Kind, Option<&Facing>), With<Marked>>,
    mut log: ResMut<BracketRemovals>,
    mut phase: ResMut<ResolvePhase>,
) {
    let mut round: Vec<RemovedPiece> = marked
        .iter()
        .map(|(entity, cell, owner, kind, facing)| RemovedPiece {
            entity,
            cell: *cell,
            piece: Piece {
                owner: owner.0,
                kind: kind.0,
                facing: facing.map(|f| f.0),
            },
        })
        .collect();
    round.sort_by_key(|r| r.cell);
    for r in &round {
        commands.entity(r.entity).despawn();
    }
    *phase = if round.is_empty() {
        ResolvePhase::Done
    } else {
        log.0.push(round);
        ResolvePhase::Coverage
    };
}

/// Runs the [`Resolve`] schedule to the fixpoint; the removal rounds are in [`BracketRemovals`].
pub fn resolve_world(world: &mut World) {
    world.resource_mut::<BracketRemovals>().0.clear();
    *world.resource_mut::<ResolvePhase>() = ResolvePhase::Coverage;
    while *world.resource::<ResolvePhase>() != ResolvePhase::Done {
        world.run_schedule(Resolve);
    }
    // Leave a snapshot of the stable board for readers (UI, computer players).
    world.run_schedule(Resolve);
}

/// Spawns one entity per piece, mirror and glass plate of `board`, and its frame.
pub fn spawn_board(world: &mut World, board: &Board) {
    world.insert_resource(BracketFrame {
        side: board.side(),
        seats: board.seats().collect(),
    });
    for (cell, tile) in board.tiles().iter().enumerate() {
        let (r, c) = board.row_col(cell);
        spawn_tile(
            world,
            BoardCell {
                row: r as u8,
                col: c as u8,
            },
            *tile,
        );
    }
}

/// Spawns the entity of one tile (nothing for an empty cell).
pub fn spawn_tile(world: &mut World, at: BoardCell, tile: Tile) -> Option<Entity> {
    match tile {
        Tile::Empty => None,
        Tile::Mirror(m) => Some(world.spawn((at, MirrorPlate(m))).id()),
        Tile::Glass(g) => Some(world.spawn((at, GlassPlate(g))).id()),
        Tile::Piece(p) => Some(spawn_piece(world, at, p)),
    }
}

pub fn spawn_piece(world: &mut World, at: BoardCell, p: Piece) -> Entity {
    let mut e = world.spawn((at, Owner(p.owner), Kind(p.kind)));
    if let Some(f) = p.facing {
        e.insert(Facing(f));
    }
    e.id()
}

/// Starts a new game in the world: the board of a previous game leaves, the generated
/// board comes as entities, the turn state starts.
pub fn start_game(world: &mut World, settings: Settings, seed: u64) {
    let old: Vec<Entity> = world
        .query_filtered::<Entity, With<BoardCell>>()
        .iter(world)
        .collect();
    for e in old {
        world.despawn(e);
    }
    let board = generate(&settings.board, seed);
    spawn_board(world, &board);
    world.insert_resource(BracketTurn(TurnState::new(settings.board.players)));
    world.insert_resource(BracketSetup { settings, seed });
    world.insert_resource(BracketActions::default());
    resolve_world(world);
}

/// The current board, derived from the entities.
pub fn current_board(world: &mut World) -> Board {
    world.run_schedule(Resolve);
    world.resource::<BracketBoard>().board.clone()
}

/// Checks an action of the current player against the world and applies it to the
/// entities: spawn, despawn, resolve, then the turn moves on.
pub fn act(world: &mut World, action: Action) -> Result<(), Refusal> {
    let board = current_board(world);
    let content = world.resource::<BracketContent>().0.clone();
    let settings = world.resource::<BracketSetup>().settings.clone();
    let turn = world.resource::<BracketTurn>().0.clone();
    game::check(&settings, &board, &turn, &content, &action)?;
    // The removal log tells what this action removed (nothing, for a pass).
    world.resource_mut::<BracketRemovals>().0.clear();
    let me = turn.current;
    match action {
        Action::Place { at, kind, facing } => {
            let cell = BoardCell {
                row: at.row,
                col: at.col,
            };
            spawn_piece(
                world,
                cell,
                Piece {
                    owner: me,
                    kind,
                    facing,
                },
            );
            resolve_world(world);
        }
        Action::Delete { at } => {
            let cell = at.cell(&board).expect("checked");
            let e = world
                .resource::<BracketBoard>()
                .entity_at(cell)
                .expect("checked");
            world.despawn(e);
            resolve_world(world);
        }
        Action::Pass => {}
        Action::Surrender => {
            let mine: Vec<Entity> = world
                .query::<(Entity, &Owner)>()
                .iter(world)
                .filter(|(_, o)| o.0 == me)
                .map(|(e, _)| e)
                .collect();
            for e in mine {
                world.despawn(e);
            }
            world
                .resource_mut::<BracketFrame>()
                .seats
                .retain(|&p| p != me);
            resolve_world(world);
        }
    }
    let after = world.resource::<BracketBoard>().board.clone();
    let mut turn = world.resource_mut::<BracketTurn>();
    game::advance(&settings, &after, &mut turn.0, &content, &action);
    world.resource_mut::<BracketActions>().0.push(action);
    Ok(())
}
