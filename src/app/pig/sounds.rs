//! What a 猪国杀 table sounds like as its events are shown (played step by step, or
//! answered by the seated person): a card played, a pig dead, a new turn, the end. A jump
//! (going back, skipping a turn at once) is silent.

use bevy::prelude::*;
use bw_rules::pig::events::Event;

use super::PigGame;
use crate::app::audio::{PlaySfx, Sfx};

/// The most events heard at once: more is a jump, not a step.
const STEP: usize = 6;

/// The sounds of events just shown.
pub fn cues(new: &[Event]) -> Vec<PlaySfx> {
    let mut out: Vec<PlaySfx> = Vec::new();
    for e in new {
        let s = match e {
            Event::Play { .. } | Event::Respond { .. } | Event::Nullify { .. } => Sfx::Place,
            Event::Death { .. } => Sfx::Destroy,
            Event::TurnStart { .. } => Sfx::Turn,
            Event::End { .. } => Sfx::Win,
            _ => continue,
        };
        if !out.iter().any(|p| p.sfx == s) {
            out.push(PlaySfx::now(s));
        }
    }
    out
}

pub(super) fn table_sounds(
    game: Option<Res<PigGame>>,
    mut shown: Local<usize>,
    mut sfx: MessageWriter<PlaySfx>,
) {
    let Some(game) = game else {
        *shown = 0;
        return;
    };
    if game.is_added() {
        *shown = game.shown;
        return;
    }
    if game.shown > *shown && game.shown - *shown <= STEP {
        sfx.write_batch(cues(&game.events[*shown..game.shown]));
    }
    *shown = game.shown;
}
