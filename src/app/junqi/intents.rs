//! What a person at this computer asks of the 军棋 table (deployment swaps, layouts, moves,
//! draw offers, resigning), checked by the rules and applied.

use bevy::prelude::*;
use bw_players::junqi::Seat;
use bw_rules::junqi::NodeId;
use bw_rules::junqi::game::Action;
use bw_rules::junqi::setup::mirror_layout;

use super::{
    JunqiIntent, JunqiTable, autosave, computers_answer_draws, layouts, refusal, route, take_over,
};
use crate::app::Saves;
use crate::app::i18n::Locale;
use crate::app::state::JunqiScreen;
use crate::tr;

/// Applies the persons' intentions through the rules, saves, and moves on.
pub fn apply_intents(
    mut intents: MessageReader<JunqiIntent>,
    table: Option<ResMut<JunqiTable>>,
    loc: Res<Locale>,
    saves: Res<Saves>,
    mut next: ResMut<NextState<JunqiScreen>>,
) {
    let Some(mut table) = table else {
        intents.clear();
        return;
    };
    for intent in intents.read().cloned() {
        let t = &mut *table;
        let viewer = t.viewer;
        let mut changed = false;
        match intent {
            JunqiIntent::TakeOver => {
                if let Some(p) = t.handover {
                    next.set(take_over(t, p));
                }
            }
            JunqiIntent::DeployClick(n) => match t.selected.take() {
                Some(a) if a != n => swap(t, a, n),
                Some(_) => {}
                None => {
                    if t.layout.iter().any(|&(m, _)| m == n) {
                        t.selected = Some(n);
                    }
                }
            },
            JunqiIntent::Swap(a, b) => swap(t, a, b),
            JunqiIntent::AutoLayout => {
                if let Some(p) = viewer {
                    t.layout = t.game.auto_layout(p, t.seed ^ t.game.plies as u64 ^ 0x5eed);
                }
            }
            JunqiIntent::Mirror => {
                if let Some(p) = viewer {
                    t.layout = mirror_layout(&t.game.board, t.game.players[p].seat, &t.layout);
                }
            }
            JunqiIntent::SaveLayout(name) => {
                if let Some(p) = viewer
                    && let Err(e) = layouts::save(
                        &saves.0.dir,
                        &name,
                        layouts::Army::of(&t.game, p),
                        &t.layout,
                    )
                {
                    t.message = Some(tr!(loc, "junqi-layout-not-saved", reason = e));
                }
            }
            JunqiIntent::LoadLayout(name) => {
                if let Some(p) = viewer {
                    match layouts::load(&saves.0.dir, &name, layouts::Army::of(&t.game, p)) {
                        Ok(l) => t.layout = l,
                        Err(e) => t.message = Some(e),
                    }
                }
            }
            JunqiIntent::Confirm => {
                if let Some(p) = viewer {
                    let layout = t.layout.clone();
                    match t.game.deploy(p, &layout) {
                        Ok(()) => changed = true,
                        Err(e) => t.message = Some(refusal(&loc, &e)),
                    }
                }
            }
            JunqiIntent::BoardClick(n) => {
                if viewer != Some(t.game.turn) || t.person_to_act() != viewer {
                    continue;
                }
                let moves = t.legal_moves();
                match t.selected {
                    Some(from) if moves.contains(&(from, n)) => {
                        changed = act(t, Action::Move { from, to: n }, &loc);
                    }
                    _ => {
                        t.selected = moves.iter().any(|&(f, _)| f == n).then_some(n);
                    }
                }
            }
            JunqiIntent::Move(from, to) => {
                if viewer == Some(t.game.turn) && t.person_to_act() == viewer {
                    changed = act(t, Action::Move { from, to }, &loc);
                }
            }
            JunqiIntent::OfferDraw => {
                if viewer == Some(t.game.turn) && t.person_to_act() == viewer {
                    changed = act(t, Action::OfferDraw, &loc);
                    computers_answer_draws(t);
                }
            }
            JunqiIntent::AnswerDraw { player, yes } => {
                if t.seats.get(player) == Some(&Seat::Person) {
                    changed = act(t, Action::AnswerDraw { player, yes }, &loc);
                }
            }
            JunqiIntent::Resign(player) => {
                if t.seats.get(player) == Some(&Seat::Person) {
                    changed = act(t, Action::Resign { player }, &loc);
                }
            }
        }
        if changed {
            t.message = None;
            autosave(t, &saves);
            next.set(route(t));
        }
    }
}

pub(super) fn swap(t: &mut JunqiTable, a: NodeId, b: NodeId) {
    let ia = t.layout.iter().position(|&(n, _)| n == a);
    let ib = t.layout.iter().position(|&(n, _)| n == b);
    match (ia, ib) {
        (Some(i), Some(j)) => {
            let (ka, kb) = (t.layout[i].1, t.layout[j].1);
            t.layout[i].1 = kb;
            t.layout[j].1 = ka;
        }
        // Onto an empty station of the arm: the piece moves there.
        (Some(i), None) => {
            let g = &t.game;
            let seat = t.viewer.map(|p| g.players[p].seat);
            if g.board.node(b).seat == seat {
                t.layout[i].0 = b;
            }
        }
        _ => {}
    }
}

pub(super) fn act(t: &mut JunqiTable, action: Action, loc: &Locale) -> bool {
    match t.game.act(action) {
        Ok(()) => true,
        Err(e) => {
            t.message = Some(refusal(loc, &e));
            false
        }
    }
}
