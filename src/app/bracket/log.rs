//! 括号大战 in words: an action and what it destroyed, as lines of the game's log.

use bevy::prelude::*;
use bw_rules::bracket::ecs::{BracketContent, BracketRemovals};
use bw_rules::bracket::game::Action;

use crate::app::i18n::{Locale, player_name};
use crate::tr;

/// The log lines of an action just applied: the action, then every removal in order.
pub(super) fn log_lines(world: &World, me: u8, action: &Action) -> Vec<String> {
    let loc = world.resource::<Locale>();
    let kinds = &world.resource::<BracketContent>().0;
    let mut lines = vec![action_line(loc, me, action, kinds)];
    for round in &world.resource::<BracketRemovals>().0 {
        for r in round {
            lines.push(tr!(
                loc,
                "log-destroyed",
                player = player_name(loc, r.piece.owner),
                glyph = kinds.get(r.piece.kind).glyph,
                at = format!("({},{})", r.cell.row, r.cell.col)
            ));
        }
    }
    lines
}

fn action_line(
    loc: &Locale,
    me: u8,
    action: &Action,
    kinds: &bw_rules::bracket::KindTable,
) -> String {
    let player = player_name(loc, me);
    match action {
        Action::Place { at, kind, facing } => {
            let f = facing.map(|d| d.to_char().to_string()).unwrap_or_default();
            tr!(
                loc,
                "log-placed",
                player = player,
                piece = format!("{}{f}", kinds.get(*kind).glyph),
                at = format!("({},{})", at.row, at.col)
            )
        }
        Action::Delete { at } => tr!(
            loc,
            "log-deleted",
            player = player,
            at = format!("({},{})", at.row, at.col)
        ),
        Action::Pass => tr!(loc, "log-passed", player = player),
        Action::Surrender => tr!(loc, "log-surrendered", player = player),
    }
}
