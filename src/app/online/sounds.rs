//! What an online room sounds like: its 军棋 game through the same cues as a table at one
//! computer, from the public events this seat's views bring. (A 括号大战 room is played on
//! the game's own board, whose moves sound through `play_action`.)

use bevy::prelude::*;
use bw_online::protocol::GameView;
use bw_rules::junqi::Phase;

use super::Online;

/// An online 军棋 game sounds as a local one: its public events, as they arrive.
pub(super) fn junqi_sounds(
    online: Res<Online>,
    mut heard: Local<usize>,
    mut sfx: MessageWriter<crate::app::audio::PlaySfx>,
) {
    let n = online.junqi_events.len();
    if n > *heard && *heard > 0 {
        let playing = match &online.view {
            Some(GameView::Junqi(v)) => !matches!(v.view.phase, Phase::Over(_)),
            _ => true,
        };
        sfx.write_batch(crate::app::junqi::sounds::cues(
            &online.junqi_events[*heard..],
            playing,
        ));
    }
    *heard = n;
}

/// The last seconds of a move a clock reads out (读秒), one tick each.
pub const READ_OUT_SECONDS: u64 = 10;

/// 读秒: this seat's move clock ticks once a second in its last [`READ_OUT_SECONDS`] (once
/// a total clock is spent, or with none).
pub(super) fn reading_ticks(
    online: Res<Online>,
    mut last: Local<Option<u64>>,
    mut sfx: MessageWriter<crate::app::audio::PlaySfx>,
) {
    let now = online
        .reading_seconds()
        .filter(|&s| (1..=READ_OUT_SECONDS).contains(&s));
    if now.is_some() && now != *last {
        sfx.write(crate::app::audio::PlaySfx::now(
            crate::app::audio::Sfx::Tick,
        ));
    }
    *last = now;
}
