//! What a move looks and sounds like, for every move alike (a person's, a computer's, the
//! server's): the placed piece pops in, its beam draws along its path, the destroyed pieces
//! burst and fade once the beam arrives ([`super::fade`]), and the cell of the move glows
//! for a moment so the player sees what a computer did. The sounds go out as [`PlaySfx`]
//! messages timed to the same moments. Animations are off with the setting; the sounds
//! follow the volume settings instead.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bw_rules::bracket::attack::beam_cells;
use bw_rules::bracket::ecs::{
    BracketBoard, BracketContent, BracketFrame, BracketRemovals, BracketTurn,
};
use bw_rules::bracket::game::Action;
use bw_rules::bracket::{Piece, Player, Tile};

use super::fade;
use super::geometry::{cell_center, cell_size};
use crate::app::audio::{PlaySfx, Sfx};
use crate::app::settings::UserSettings;
use crate::app::state::BracketBoardShown;
use crate::app::theme::SeatColors;

/// Seconds a beam takes per cell, and its bounds.
const BEAM_PER_CELL: f32 = 0.045;
const BEAM_MIN: f32 = 0.15;
const BEAM_MAX: f32 = 0.5;
/// How long a beam stays once drawn, and how long a move's cell glows.
const BEAM_HOLD: f32 = 0.35;
const HIGHLIGHT: f32 = 1.2;
/// How long a placed piece takes to pop in.
const POP: f32 = 0.22;

/// A beam drawing itself from the placed piece along its path.
#[derive(Component, Debug, Clone)]
pub struct BeamTrace {
    pub points: Vec<Vec2>,
    pub color: Color,
    pub duration: f32,
    pub elapsed: f32,
}

/// The cell of the last move, glowing for a moment.
#[derive(Component, Debug, Clone, Copy)]
pub struct MoveHighlight {
    pub elapsed: f32,
}

/// A piece just placed, growing to its size.
#[derive(Component, Debug, Clone, Copy)]
pub struct PopIn {
    pub elapsed: f32,
}

/// The systems that run the effects (drawn only with a window).
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (draw_beams, glow, pop_in, fade::fade).run_if(in_state(BracketBoardShown)),
    );
}

/// The cells the placed piece's beam will cross, read before the move is applied (the
/// piece may not survive its own resolution).
pub fn beam_of(world: &World, action: &Action) -> Vec<usize> {
    let Action::Place { at, kind, facing } = *action else {
        return Vec::new();
    };
    let (Some(snapshot), Some(turn)) = (
        world.get_resource::<BracketBoard>(),
        world.get_resource::<BracketTurn>(),
    ) else {
        return Vec::new();
    };
    let kinds = &world.resource::<BracketContent>().0;
    let mut after = snapshot.board.clone();
    let cell = after.index(at.row as usize, at.col as usize);
    after.set(
        cell,
        Tile::Piece(Piece {
            owner: turn.0.current,
            kind,
            facing,
        }),
    );
    beam_cells(&after, kinds, cell)
}

/// The effects and sounds of a move just applied by `me`.
pub fn after_move(world: &mut World, me: Player, action: &Action, beam: &[usize]) {
    let side = world.get_resource::<BracketFrame>().map_or(0, |f| f.side);
    let removed = world
        .get_resource::<BracketRemovals>()
        .is_some_and(|r| r.0.iter().any(|round| !round.is_empty()));
    let turn = world.resource::<BracketTurn>().0.clone();
    let beam_time = if beam.is_empty() {
        0.0
    } else {
        (beam.len() as f32 * BEAM_PER_CELL).clamp(BEAM_MIN, BEAM_MAX)
    };

    let mut sounds = Vec::new();
    match action {
        Action::Place { .. } => sounds.push(PlaySfx::now(Sfx::Place)),
        Action::Delete { .. } => sounds.push(PlaySfx::now(Sfx::Destroy)),
        Action::Pass | Action::Surrender => {}
    }
    if !beam.is_empty() {
        sounds.push(PlaySfx::now(Sfx::Beam));
    }
    if removed {
        sounds.push(PlaySfx::after(Sfx::Destroy, beam_time));
    }
    if turn.outcome.is_some() {
        sounds.push(PlaySfx::after(Sfx::Win, beam_time + 0.3));
    } else if turn.current != me {
        sounds.push(PlaySfx::after(Sfx::Turn, beam_time + 0.15));
    }
    world.write_message_batch(sounds);

    if !world.resource::<UserSettings>().animations || side == 0 {
        return;
    }
    let at = match *action {
        Action::Place { at, .. } | Action::Delete { at } => Some(at),
        Action::Pass | Action::Surrender => None,
    };
    let color = world.resource::<SeatColors>().get(me);
    if let Some(at) = at {
        let cs = cell_size(side);
        let centre = cell_center(side, at.row, at.col);
        world.spawn((
            MoveHighlight { elapsed: 0.0 },
            Sprite::from_color(color.with_alpha(0.0), Vec2::splat(cs * 0.98)),
            Transform::from_translation(centre.extend(1.5)),
            DespawnOnExit(BracketBoardShown),
        ));
        if !beam.is_empty() {
            let n = side;
            let points = std::iter::once(centre)
                .chain(
                    beam.iter()
                        .map(|&c| cell_center(n, (c / n) as u8, (c % n) as u8)),
                )
                .collect();
            world.spawn((
                BeamTrace {
                    points,
                    color,
                    duration: beam_time,
                    elapsed: 0.0,
                },
                DespawnOnExit(BracketBoardShown),
            ));
        }
        if matches!(action, Action::Place { .. })
            && let Some(e) = world
                .get_resource::<BracketBoard>()
                .and_then(|b| b.entity_at(b.board.index(at.row as usize, at.col as usize)))
        {
            world.entity_mut(e).insert(PopIn { elapsed: 0.0 });
        }
    }
    fade::spawn_fades(world, beam_time);
}

/// The part of a polyline up to `t` (0 to 1) of its length.
pub fn partial_path(points: &[Vec2], t: f32) -> Vec<Vec2> {
    let total: f32 = points.windows(2).map(|w| w[0].distance(w[1])).sum();
    let mut left = total * t.clamp(0.0, 1.0);
    let mut out = vec![points[0]];
    for w in points.windows(2) {
        let d = w[0].distance(w[1]);
        if left >= d {
            out.push(w[1]);
            left -= d;
        } else {
            if left > 0.0 {
                out.push(w[0].lerp(w[1], left / d));
            }
            break;
        }
    }
    out
}

fn draw_beams(
    mut commands: Commands,
    time: Res<Time>,
    mut gizmos: Gizmos,
    mut beams: Query<(Entity, &mut BeamTrace)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    for (e, mut b) in &mut beams {
        b.elapsed += time.delta_secs();
        let grow = (b.elapsed / b.duration.max(0.01)).min(1.0);
        let fade = ((b.elapsed - b.duration) / BEAM_HOLD).clamp(0.0, 1.0);
        if fade >= 1.0 {
            commands.entity(e).despawn();
            continue;
        }
        let path = partial_path(&b.points, grow);
        let color = b.color.with_alpha(1.0 - fade);
        gizmos.linestrip_2d(path.iter().copied(), color);
        // A second, offset stroke: a beam reads thicker than the aiming line.
        gizmos.linestrip_2d(path.iter().map(|p| *p + Vec2::new(1.0, 1.0)), color);
        if let Some(head) = path.last()
            && grow < 1.0
        {
            gizmos.circle_2d(*head, 5.0, Color::WHITE.with_alpha(0.9));
        }
        redraw.write(RequestRedraw);
    }
}

fn glow(
    mut commands: Commands,
    time: Res<Time>,
    mut cells: Query<(Entity, &mut MoveHighlight, &mut Sprite)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    for (e, mut h, mut sprite) in &mut cells {
        h.elapsed += time.delta_secs();
        let p = (h.elapsed / HIGHLIGHT).min(1.0);
        if p >= 1.0 {
            commands.entity(e).despawn();
            continue;
        }
        // Up quickly, then down slowly.
        let a = if p < 0.15 {
            p / 0.15
        } else {
            1.0 - (p - 0.15) / 0.85
        };
        sprite.color.set_alpha(0.45 * a);
        redraw.write(RequestRedraw);
    }
}

fn pop_in(
    mut commands: Commands,
    time: Res<Time>,
    mut pieces: Query<(Entity, &mut PopIn, &mut Transform)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    for (e, mut pop, mut t) in &mut pieces {
        pop.elapsed += time.delta_secs();
        let p = (pop.elapsed / POP).min(1.0);
        // Ease out with a little overshoot.
        let s = 1.0 + 2.2 * (p - 1.0).powi(3) + 1.2 * (p - 1.0).powi(2);
        t.scale = Vec3::splat(s.max(0.05));
        if p >= 1.0 {
            t.scale = Vec3::ONE;
            commands.entity(e).remove::<PopIn>();
        }
        redraw.write(RequestRedraw);
    }
}

/// A quarter turn of the piece in hand is heard (wheel, keys, the palette's arrows, or the
/// facing following the pointer while dragging).
pub(super) fn rotate_sound(
    ui: Res<super::BracketPlay>,
    mut last: Local<Option<bw_rules::bracket::Dir>>,
    mut sfx: MessageWriter<PlaySfx>,
) {
    if last.is_some_and(|d| d != ui.facing) && ui.kind.is_some() {
        sfx.write(PlaySfx::now(Sfx::Rotate));
    }
    *last = Some(ui.facing);
}
