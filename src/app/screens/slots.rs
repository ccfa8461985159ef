//! What every save-slot screen shares (括号大战's and 军棋's grids, 猪国杀's row).

use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::i18n::Locale;
use crate::app::theme::{self, Answer};
use crate::saves::{SaveDir, SlotFile};
use crate::tr;

/// The delete confirmation: `pending` is the slot waiting for an answer; Yes deletes it
/// and its backup. Returns `true` when the slots must be read again.
pub fn confirm_delete<F: SlotFile>(
    ctx: &egui::Context,
    loc: &Locale,
    pending: &mut Option<usize>,
    dir: &SaveDir,
) -> bool {
    let Some(slot) = *pending else {
        return false;
    };
    match theme::confirm(
        ctx,
        &tr!(loc, "delete"),
        &tr!(loc, "confirm-delete", slot = slot + 1),
        &tr!(loc, "yes"),
        &tr!(loc, "no"),
    ) {
        Some(Answer::Yes) => {
            if let Err(e) = dir.delete::<F>(slot) {
                warn!("delete failed: {e}");
            }
            *pending = None;
            true
        }
        Some(Answer::No) => {
            *pending = None;
            false
        }
        None => false,
    }
}
