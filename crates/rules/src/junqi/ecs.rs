//! 军棋 in the ECS: board nodes and pieces are entities; a turn runs as an explicitly ordered
//! schedule — snapshot, railway pathfinding for the selected piece, move validation, combat,
//! elimination, turn advance — whose systems call the pure kernels.
//!
//! The piece entities are the source of truth for the position: every pass starts by
//! deriving the position from them, and the combat and elimination systems despawn and move
//! entities. The rest of the match (players, scores, turn, draws) is the [`JunqiMatch`]
//! resource.

use bevy_app::{App, Plugin};
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};

use super::board::{NodeId, NodeKind, NodeSet};
use super::game::{Junqi, Phase, Piece, PlayerId, Refusal, piece_destinations, resolve_move};

/// A node of the board.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoardNode {
    pub id: NodeId,
    pub kind: NodeKind,
}

/// A piece and its owner; where it stands is [`OnNode`].
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct JunqiPiece(pub Piece);

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct OnNode(pub NodeId);

/// The match: rules, board, players, turn, draws, events. Its position is refreshed from the
/// piece entities at the start of every pass.
#[derive(Resource, Clone, Debug)]
pub struct JunqiMatch(pub Junqi);

/// The piece the current player has picked up.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JunqiSelected(pub Option<NodeId>);

/// Legal destinations of the selected piece.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JunqiDestinations(pub NodeSet);

/// A move the current player asks for.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JunqiMoveRequest(pub Option<(NodeId, NodeId)>);

/// The last request's refusal, if it was refused.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct JunqiRefusal(pub Option<Refusal>);

/// Passed from validation to combat, elimination and turn advance within one pass.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct JunqiPendingMove {
    pub mover: Option<PlayerId>,
    pub from_to: Option<(NodeId, NodeId)>,
    pub captured_flag_of: Option<PlayerId>,
}

#[derive(ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
pub struct JunqiTurn;

#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum JunqiSet {
    Snapshot,
    Pathfinding,
    Validation,
    Combat,
    Elimination,
    TurnAdvance,
}

pub struct JunqiRulesPlugin;

impl Plugin for JunqiRulesPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<JunqiSelected>()
            .init_resource::<JunqiDestinations>()
            .init_resource::<JunqiMoveRequest>()
            .init_resource::<JunqiRefusal>()
            .init_resource::<JunqiPendingMove>()
            .add_schedule(turn_schedule());
    }
}

pub fn turn_schedule() -> Schedule {
    let mut s = Schedule::new(JunqiTurn);
    s.set_executor(SingleThreadedExecutor::new());
    s.configure_sets(
        (
            JunqiSet::Snapshot,
            JunqiSet::Pathfinding,
            JunqiSet::Validation,
            JunqiSet::Combat,
            JunqiSet::Elimination,
            JunqiSet::TurnAdvance,
        )
            .chain(),
    );
    s.add_systems((
        snapshot_position.in_set(JunqiSet::Snapshot),
        compute_destinations.in_set(JunqiSet::Pathfinding),
        validate_move.in_set(JunqiSet::Validation),
        resolve_combat.in_set(JunqiSet::Combat),
        eliminate.in_set(JunqiSet::Elimination),
        advance_turn.in_set(JunqiSet::TurnAdvance),
    ));
    s
}

/// Spawns the board's nodes and the match's pieces, and inserts the match.
pub fn spawn_match(world: &mut World, game: Junqi) {
    for id in game.board.ids() {
        world.spawn(BoardNode {
            id,
            kind: game.board.kind(id),
        });
    }
    for id in game.board.ids() {
        if let Some(p) = game.at[id.0 as usize] {
            world.spawn((JunqiPiece(p), OnNode(id)));
        }
    }
    world.insert_resource(JunqiMatch(game));
}

/// Derives the position from the piece entities.
pub fn snapshot_position(mut m: ResMut<JunqiMatch>, pieces: Query<(&JunqiPiece, &OnNode)>) {
    let game = &mut m.0;
    game.at.iter_mut().for_each(|s| *s = None);
    for (p, at) in &pieces {
        let slot = &mut game.at[at.0.0 as usize];
        debug_assert!(slot.is_none(), "two pieces on one node");
        *slot = Some(p.0);
    }
}

/// Railway pathfinding for the selected piece (the kernel: road steps, straight runs, and
/// the engineer's search).
pub fn compute_destinations(
    m: Res<JunqiMatch>,
    selected: Res<JunqiSelected>,
    mut out: ResMut<JunqiDestinations>,
) {
    let g = &m.0;
    out.0 = match selected.0 {
        Some(n) if matches!(g.at[n.0 as usize], Some(p) if p.owner == g.turn) => {
            piece_destinations(&g.board, &g.set, &g.at, &g.teams(), n)
        }
        _ => NodeSet::default(),
    };
}

/// Checks the requested move against the turn and the pathfinding result.
pub fn validate_move(
    m: Res<JunqiMatch>,
    mut request: ResMut<JunqiMoveRequest>,
    mut refusal: ResMut<JunqiRefusal>,
    mut pending: ResMut<JunqiPendingMove>,
) {
    *pending = JunqiPendingMove::default();
    let Some((from, to)) = request.0.take() else {
        return;
    };
    let g = &m.0;
    let verdict = if g.phase != Phase::Playing {
        Err(Refusal::NotPlaying)
    } else {
        match g.at[from.0 as usize] {
            Some(p) if p.owner == g.turn => {
                if piece_destinations(&g.board, &g.set, &g.at, &g.teams(), from).contains(to) {
                    Ok(())
                } else if !super::game::mobile(&g.board, &g.set, from, p) {
                    Err(Refusal::Immobile(from))
                } else {
                    Err(Refusal::Unreachable(from, to))
                }
            }
            _ => Err(Refusal::NoPieceOfYours(from)),
        }
    };
    refusal.0 = verdict.clone().err();
    if verdict.is_ok() {
        pending.mover = Some(g.turn);
        pending.from_to = Some((from, to));
    }
}

/// Fights the combat: despawns the pieces that leave, moves the attacker.
pub fn resolve_combat(
    mut commands: Commands,
    mut m: ResMut<JunqiMatch>,
    mut pending: ResMut<JunqiPendingMove>,
    pieces: Query<(Entity, &OnNode), With<JunqiPiece>>,
) {
    let (Some(me), Some((from, to))) = (pending.mover, pending.from_to) else {
        return;
    };
    let g = &mut m.0;
    let result = resolve_move(&g.board, &g.set, &g.at, &g.teams(), from, to);
    for (e, at) in &pieces {
        if result.removed.contains(&at.0) {
            commands.entity(e).despawn();
        } else if at.0 == from && result.attacker_moves {
            commands.entity(e).insert(OnNode(to));
        }
    }
    pending.captured_flag_of = g.move_step(me, from, to, &result);
}

/// A captured flag eliminates its owner.
pub fn eliminate(mut m: ResMut<JunqiMatch>, pending: Res<JunqiPendingMove>) {
    if let (Some(by), Some(of)) = (pending.mover, pending.captured_flag_of) {
        m.0.capture_step(by, of);
    }
}

/// Ends the ply and passes the turn (a player without a legal move loses here); despawns
/// the pieces of every player who is out.
pub fn advance_turn(
    mut commands: Commands,
    mut m: ResMut<JunqiMatch>,
    pending: Res<JunqiPendingMove>,
    pieces: Query<(Entity, &JunqiPiece)>,
) {
    if pending.mover.is_some() {
        m.0.end_ply();
    }
    for (e, p) in &pieces {
        if !m.0.players[p.0.owner].in_game() {
            commands.entity(e).despawn();
        }
    }
}

/// Runs one pass of the turn schedule.
pub fn run_turn(world: &mut World) {
    world.run_schedule(JunqiTurn);
}
