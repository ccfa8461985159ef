//! Destroyed pieces fade out together, round by round: everything removed in one round of
//! a resolution vanishes at the same moment, and a cascade's rounds follow in order. The
//! rules remove the pieces at once; these are their departing pictures. Off in Settings.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bw_rules::bracket::ecs::{BracketContent, BracketFrame, BracketRemovals};

use super::geometry::{cell_center, cell_size, facing_angle};
use crate::app::settings::UserSettings;
use crate::app::texture_pack::PackImages;
use crate::app::theme::SeatColors;

/// Seconds between the rounds of a cascade, and the length of one fade.
pub const ROUND_GAP: f32 = 0.3;
pub const FADE: f32 = 0.45;

#[derive(Component, Debug)]
pub struct Fading {
    pub delay: f32,
    pub elapsed: f32,
}

/// Spawns the departing pictures of the last resolution's removals, the first round
/// `start` seconds from now (when the beam that caused them arrives).
pub fn spawn_fades(world: &mut World, start: f32) {
    if !world.resource::<UserSettings>().animations {
        return;
    }
    let Some(side) = world.get_resource::<BracketFrame>().map(|f| f.side) else {
        return;
    };
    let rounds = world.resource::<BracketRemovals>().0.clone();
    let content = world.resource::<BracketContent>().0.clone();
    let seats = world.resource::<SeatColors>().clone();
    let Some(pack) = world.get_resource::<PackImages>().cloned() else {
        return;
    };
    let cs = cell_size(side);
    for (k, round) in rounds.iter().enumerate() {
        for r in round {
            let kind = content.get(r.piece.kind);
            let rotation = Quat::from_rotation_z(r.piece.facing.map_or(0.0, facing_angle));
            let sprite = match pack.pieces.get(&kind.id) {
                Some(image) => Sprite {
                    image: image.clone(),
                    color: seats.get(r.piece.owner),
                    custom_size: Some(Vec2::splat(cs * 0.86)),
                    ..default()
                },
                None => Sprite::from_color(seats.get(r.piece.owner), Vec2::splat(cs * 0.6)),
            };
            world.spawn((
                Fading {
                    delay: start + k as f32 * ROUND_GAP,
                    elapsed: 0.0,
                },
                sprite,
                Transform::from_translation(cell_center(side, r.cell.row, r.cell.col).extend(4.0))
                    .with_rotation(rotation),
                DespawnOnExit(crate::app::state::BracketBoardShown),
            ));
        }
    }
}

/// Fades, then despawns; keeps the reactive window redrawing while anything fades.
pub fn fade(
    mut commands: Commands,
    time: Res<Time>,
    mut fading: Query<(Entity, &mut Fading, &mut Sprite, &mut Transform)>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if fading.is_empty() {
        return;
    }
    redraw.write(RequestRedraw);
    for (e, mut f, mut sprite, mut t) in &mut fading {
        f.elapsed += time.delta_secs();
        let p = ((f.elapsed - f.delay) / FADE).clamp(0.0, 1.0);
        sprite.color.set_alpha(1.0 - p);
        t.scale = Vec3::splat(1.0 + 0.4 * p);
        if p >= 1.0 {
            commands.entity(e).despawn();
        }
    }
}
