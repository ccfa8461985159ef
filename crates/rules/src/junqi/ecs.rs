//! 军棋 in the ECS: board nodes and pieces are entities; every change to a game runs as one
//! pass of an explicitly ordered schedule — snapshot, railway pathfinding for the selected
//! piece, the request (a move is validated; a deployment or another action is decreed by the
//! kernel), combat, elimination, turn advance — whose systems call the pure kernels.
//!
//! The piece entities are the source of truth for the position: every pass starts by
//! deriving the position from them, and the deployment, combat and elimination systems spawn,
//! move and despawn entities. The rest of the match (players, scores, turn, draws, events) is
//! the [`JunqiMatch`] resource. [`act`] and [`deploy`] are the one way to change a game in a
//! world (the window's, or a [`JunqiWorld`] of its own, as a server room keeps).

use bevy_app::{App, Plugin};
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};

use super::board::{NodeId, NodeKind, NodeSet};
use super::game::{
    Action, Junqi, Phase, Piece, PlayerId, Refusal, piece_destinations, resolve_move,
};
use super::setup::Layout;

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

/// What a seat asks of the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// A player's layout (deployment).
    Deploy { player: PlayerId, layout: Layout },
    /// A move, a draw offer or answer, a resignation, a timeout (play).
    Act(Action),
}

/// The request the next pass carries out.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct JunqiRequest(pub Option<Request>);

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
    Decree,
    Combat,
    Elimination,
    TurnAdvance,
}

pub struct JunqiRulesPlugin;

impl Plugin for JunqiRulesPlugin {
    fn build(&self, app: &mut App) {
        init(app.world_mut());
    }
}

/// The resources and the schedule a world needs to hold a match.
pub fn init(world: &mut World) {
    world.init_resource::<JunqiSelected>();
    world.init_resource::<JunqiDestinations>();
    world.init_resource::<JunqiRequest>();
    world.init_resource::<JunqiRefusal>();
    world.init_resource::<JunqiPendingMove>();
    world.add_schedule(turn_schedule());
}

pub fn turn_schedule() -> Schedule {
    let mut s = Schedule::new(JunqiTurn);
    s.set_executor(SingleThreadedExecutor::new());
    s.configure_sets(
        (
            JunqiSet::Snapshot,
            JunqiSet::Pathfinding,
            JunqiSet::Validation,
            JunqiSet::Decree,
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
        decree.in_set(JunqiSet::Decree),
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

/// Despawns a match's nodes and pieces and removes it (the world may hold another next).
pub fn despawn_match(world: &mut World) {
    let mut q = world.query_filtered::<Entity, Or<(With<BoardNode>, With<JunqiPiece>)>>();
    let all: Vec<Entity> = q.iter(world).collect();
    for e in all {
        world.despawn(e);
    }
    world.remove_resource::<JunqiMatch>();
    world.insert_resource(JunqiSelected::default());
    world.insert_resource(JunqiDestinations::default());
}

/// Asks the match in `world` for an action and runs the pass that carries it out.
pub fn act(world: &mut World, action: Action) -> Result<(), Refusal> {
    request(world, Request::Act(action))
}

/// Deploys a player's layout in the match in `world`.
pub fn deploy(world: &mut World, player: PlayerId, layout: Layout) -> Result<(), Refusal> {
    request(world, Request::Deploy { player, layout })
}

/// Runs one pass with `request`; its refusal, if refused (a refused request changes nothing).
pub fn request(world: &mut World, request: Request) -> Result<(), Refusal> {
    world.resource_mut::<JunqiRequest>().0 = Some(request);
    run_turn(world);
    match world.resource::<JunqiRefusal>().0.clone() {
        Some(r) => Err(r),
        None => Ok(()),
    }
}

/// Derives the position from the piece entities; the last pass's refusal is forgotten.
pub fn snapshot_position(
    mut m: ResMut<JunqiMatch>,
    mut refusal: ResMut<JunqiRefusal>,
    pieces: Query<(&JunqiPiece, &OnNode)>,
) {
    refusal.0 = None;
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

/// Checks a requested move against the turn and the pathfinding result.
pub fn validate_move(
    m: Res<JunqiMatch>,
    mut request: ResMut<JunqiRequest>,
    mut refusal: ResMut<JunqiRefusal>,
    mut pending: ResMut<JunqiPendingMove>,
) {
    *pending = JunqiPendingMove::default();
    let Some(Request::Act(Action::Move { from, to })) = request.0 else {
        return;
    };
    request.0 = None;
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

/// Any other request is the kernel's: a deployment places its pieces as entities; a draw
/// offer or answer, a resignation or a timeout changes the match (a player who is out loses
/// their pieces at the turn advance).
pub fn decree(
    mut commands: Commands,
    mut m: ResMut<JunqiMatch>,
    mut request: ResMut<JunqiRequest>,
    mut refusal: ResMut<JunqiRefusal>,
) {
    let Some(r) = request.0.take() else {
        return;
    };
    let g = &mut m.0;
    let done = match r {
        Request::Deploy { player, layout } => g.deploy(player, &layout).map(|()| {
            for (node, kind) in layout {
                commands.spawn((
                    JunqiPiece(Piece {
                        owner: player,
                        kind,
                    }),
                    OnNode(node),
                ));
            }
        }),
        Request::Act(action) => g.act(action),
    };
    refusal.0 = done.err();
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
    if let (Some(_), Some((from, to))) = (pending.mover, pending.from_to) {
        m.0.end_ply();
        m.0.actions.push(Action::Move { from, to });
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

/// A match in a world of its own: what a server room or a headless player keeps when there
/// is no window's world to share. Every change runs through the schedule.
pub struct JunqiWorld {
    world: World,
}

impl JunqiWorld {
    pub fn new(game: Junqi) -> JunqiWorld {
        let mut world = World::new();
        init(&mut world);
        spawn_match(&mut world, game);
        JunqiWorld { world }
    }

    /// The match (its position is the pieces' as of the last pass).
    pub fn game(&self) -> &Junqi {
        &self.world.resource::<JunqiMatch>().0
    }

    pub fn act(&mut self, action: Action) -> Result<(), Refusal> {
        act(&mut self.world, action)
    }

    pub fn deploy(&mut self, player: PlayerId, layout: Layout) -> Result<(), Refusal> {
        deploy(&mut self.world, player, layout)
    }

    /// The world, for tests and tools that look at the entities.
    pub fn world_mut(&mut self) -> &mut World {
        &mut self.world
    }
}

/// Reading the match is free; changing it goes through [`JunqiWorld::act`] and
/// [`JunqiWorld::deploy`] (there is no `DerefMut`).
impl std::ops::Deref for JunqiWorld {
    type Target = Junqi;
    fn deref(&self) -> &Junqi {
        self.game()
    }
}

impl std::fmt::Debug for JunqiWorld {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_tuple("JunqiWorld").field(self.game()).finish()
    }
}
