//! 括号大战 in words: an action and what it destroyed, as lines of the game's log.

use bevy::prelude::*;
use bw_rules::bracket::Dir;
use bw_rules::bracket::ecs::{BracketContent, BracketRemovals};
use bw_rules::bracket::game::{Action, At};

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
                piece = piece_words(loc, kinds, r.piece.kind, r.piece.facing),
                at = cell_words(At {
                    row: r.cell.row,
                    col: r.cell.col
                })
            ));
        }
    }
    lines
}

/// One action in words, as the log and the replay's move list say it.
pub(super) fn action_line(
    loc: &Locale,
    me: u8,
    action: &Action,
    kinds: &bw_rules::bracket::KindTable,
) -> String {
    let player = player_name(loc, me);
    match action {
        Action::Place { at, kind, facing } => tr!(
            loc,
            "log-placed",
            player = player,
            piece = piece_words(loc, kinds, *kind, *facing),
            at = cell_words(*at)
        ),
        Action::Delete { at } => tr!(loc, "log-deleted", player = player, at = cell_words(*at)),
        Action::Pass => tr!(loc, "log-passed", player = player),
        Action::Surrender => tr!(loc, "log-surrendered", player = player),
    }
}

/// A piece as a player names it: the kind's name in the language, and a bracket's facing as
/// an arrow ("尖括号 →"), never the glyph codes the rules use.
pub(super) fn piece_words(
    loc: &Locale,
    kinds: &bw_rules::bracket::KindTable,
    kind: bw_rules::bracket::KindId,
    facing: Option<Dir>,
) -> String {
    let name = kinds.get(kind).name.get(&loc.code).to_string();
    match facing {
        Some(d) => format!("{name} {}", arrow(d)),
        None => name,
    }
}

/// A facing as the palette shows it.
pub(super) fn arrow(d: Dir) -> &'static str {
    match d {
        Dir::U => "↑",
        Dir::D => "↓",
        Dir::L => "←",
        Dir::R => "→",
    }
}

/// A cell as the log names it: (row, column), as the board's edges number them.
fn cell_words(at: At) -> String {
    format!("({},{})", at.row, at.col)
}
