//! What a 军棋 move sounds like, from the public events alone (so a local table, an
//! external engine's move and an online view sound the same): a move, a capture, the flag
//! taken, the next turn, the end.

use bevy::prelude::*;
use bw_rules::junqi::game::{Phase, PublicEvent};

use super::JunqiTable;
use crate::app::audio::{PlaySfx, Sfx};
use bw_rules::junqi::ecs::JunqiMatch;

/// The sounds of events that just happened; `playing` is whether the game goes on.
pub fn cues(new: &[PublicEvent], playing: bool) -> Vec<PlaySfx> {
    let mut out = Vec::new();
    let mut moved = false;
    for e in new {
        match e {
            PublicEvent::Moved { removed, .. } => {
                moved = true;
                out.push(if removed.is_empty() {
                    PlaySfx::now(Sfx::Place)
                } else {
                    PlaySfx::now(Sfx::Destroy)
                });
            }
            PublicEvent::FlagCaptured { .. } => out.push(PlaySfx::after(Sfx::Destroy, 0.15)),
            _ => {}
        }
    }
    if !playing && !new.is_empty() {
        out.push(PlaySfx::after(Sfx::Win, 0.3));
    } else if moved {
        out.push(PlaySfx::after(Sfx::Turn, 0.25));
    }
    out
}

/// Follows the table's public events; a table first seen (a new or loaded game) is silent.
pub(super) fn table_sounds(
    table: Option<Res<JunqiTable>>,
    game: Option<Res<JunqiMatch>>,
    mut seen: Local<Option<(usize, u64, usize)>>,
    mut sfx: MessageWriter<PlaySfx>,
) {
    let (Some(t), Some(game)) = (table, game) else {
        *seen = None;
        return;
    };
    let key = (t.slot, t.seed);
    let g = &game.0;
    let n = g.events.len();
    match *seen {
        Some((slot, seed, before)) if (slot, seed) == key && before <= n => {
            let playing = !matches!(g.phase, Phase::Over(_));
            sfx.write_batch(cues(&g.events[before..], playing));
        }
        _ => {}
    }
    *seen = Some((key.0, key.1, n));
}
