//! What a person at this computer asks of the 军棋 table (deployment swaps, layouts, moves,
//! draw offers, resigning), and what a computer seat decided on its turn: checked by the
//! rules and applied, one path for both.

use bevy::prelude::*;
use bw_players::junqi::Seat;
use bw_rules::junqi::game::{Action, Phase};
use bw_rules::rng::stream;

use super::deploy::DeployAsk;
use super::deployment::{self, Trouble};
use super::layouts::Army;
use super::{JunqiIntent, JunqiTable, autosave, computers_answer_draws, refusal, route, take_over};
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
    state: Option<Res<State<JunqiScreen>>>,
    mut next: ResMut<NextState<JunqiScreen>>,
) {
    let playing = state.is_some_and(|s| *s.get() == JunqiScreen::Playing);
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
            JunqiIntent::DeployClick(n) => {
                if let Some(p) = viewer {
                    let army = Army::of(&t.game, p);
                    deployment::click(&mut t.layout, &mut t.selected, army, n);
                }
            }
            JunqiIntent::Swap(a, b) => {
                if let Some(p) = viewer {
                    deployment::drop_piece(&mut t.layout, Army::of(&t.game, p), a, b);
                }
            }
            JunqiIntent::AutoLayout => layout_request(t, DeployAsk::Auto, &saves, &loc),
            JunqiIntent::Mirror => layout_request(t, DeployAsk::Mirror, &saves, &loc),
            JunqiIntent::SaveLayout(name) => layout_request(t, DeployAsk::Save(name), &saves, &loc),
            JunqiIntent::LoadLayout(name) => layout_request(t, DeployAsk::Load(name), &saves, &loc),
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
            JunqiIntent::Computer { ply, action } => {
                // Only on the board, in the position the computer decided in.
                let turn = t.game.turn;
                if playing
                    && t.game.phase == Phase::Playing
                    && t.game.plies == ply
                    && matches!(t.seats.get(turn), Some(Seat::Computer(_)))
                {
                    if t.game.act(action).is_err() {
                        // A computer that cannot decide gives up its turn rather than stall.
                        let _ = t.game.act(Action::Timeout);
                    }
                    computers_answer_draws(t);
                    changed = true;
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

/// The layout panel's request on the viewer's army (the same rules as online).
fn layout_request(t: &mut JunqiTable, ask: DeployAsk, saves: &Saves, loc: &Locale) {
    let Some(p) = t.viewer else {
        return;
    };
    let seed = stream(t.seed ^ t.game.plies as u64 ^ 0x5eed, p, 1);
    let army = Army::of(&t.game, p);
    match deployment::request(&ask, &t.layout, army, &saves.0.dir, seed) {
        Ok(Some(layout)) => {
            t.layout = layout;
            t.selected = None;
        }
        Ok(None) => {}
        Err(Trouble::NotSaved(e)) => {
            t.message = Some(tr!(loc, "junqi-layout-not-saved", reason = e));
        }
        Err(Trouble::NotLoaded(e)) => t.message = Some(e),
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
