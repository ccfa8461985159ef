//! The 军棋 seats played by computers: the built-in levels thinking on the task pool from
//! their own view, and external engines speaking the engine protocol through the referee.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, block_on, futures_lite::future};
use bevy::window::RequestRedraw;
use bw_players::junqi::{Budget, Decision, Seat, computer_layout};
use bw_rules::junqi::game::{Action, Phase};
use bw_rules::rng::stream;

use super::{
    JunqiComputerLayouts, JunqiIntent, JunqiTable, JunqiThinking, autosave, external, route,
};
use crate::app::Saves;
use crate::app::i18n::Locale;
use crate::app::state::JunqiScreen;
use crate::tr;

/// Computer seats think on the task pool, from their own view only.
pub(super) fn computer_turn(
    table: Option<Res<JunqiTable>>,
    mut thinking: ResMut<JunqiThinking>,
    state: Option<Res<State<JunqiScreen>>>,
    mut intents: MessageWriter<JunqiIntent>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let (Some(table), Some(state)) = (table, state) else {
        return;
    };
    let me = table.game.turn;
    let Some(Seat::Computer(kind)) = table.seats.get(me).copied() else {
        thinking.0.cancel();
        return;
    };
    if table.game.phase != Phase::Playing || *state.get() != JunqiScreen::Playing {
        return;
    }
    redraw.write(RequestRedraw);
    if thinking.0.busy() {
        // The decision is a move like a person's, applied by `apply_intents`.
        if let Some((ply, action)) = thinking.0.poll() {
            intents.write(JunqiIntent::Computer { ply, action });
        }
        return;
    }
    let seed = stream(table.seed, me, 2) ^ table.game.plies as u64;
    // Prepared here from what the seat may know; decided on the task pool.
    let decision = Decision::prepare(
        &table.game,
        me,
        kind,
        seed,
        Budget::Time(bw_players::THINKING),
    );
    let ply = table.game.plies;
    thinking.0.start(move || (ply, decision.decide()));
}

fn has_engines(engines: &external::JunqiEngines) -> bool {
    engines.seats.iter().any(Option::is_some) || engines.busy.iter().any(Option::is_some)
}

/// Computer seats lay out on the task pool (the strong player searches for its layout);
/// each layout is deployed when it is ready, so computers usually confirm first.
pub(super) fn computer_deploy(
    table: Option<ResMut<JunqiTable>>,
    mut layouts: ResMut<JunqiComputerLayouts>,
    saves: Res<Saves>,
    mut next: ResMut<NextState<JunqiScreen>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(mut table) = table else { return };
    let t = &mut *table;
    if t.game.phase != Phase::Deploying {
        layouts.0.clear();
        return;
    }
    for p in 0..t.seats.len() {
        let Seat::Computer(kind) = t.seats[p] else {
            continue;
        };
        if t.game.players[p].deployed || layouts.0.iter().any(|(q, _)| *q == p) {
            continue;
        }
        let (game, seed) = (t.game.clone(), t.seed);
        layouts.0.push((
            p,
            AsyncComputeTaskPool::get().spawn(async move { computer_layout(&game, p, kind, seed) }),
        ));
    }
    if layouts.0.is_empty() {
        return;
    }
    redraw.write(RequestRedraw);
    let mut ready = Vec::new();
    layouts
        .0
        .retain_mut(|(p, task)| match block_on(future::poll_once(task)) {
            Some(layout) => {
                ready.push((*p, layout));
                false
            }
            None => true,
        });
    if ready.is_empty() {
        return;
    }
    for (p, layout) in ready {
        if let Err(e) = t.game.deploy(p, &layout) {
            // A computer's layout is legal by construction; if not, the automatic one.
            warn!("a computer's layout was refused ({e}); the automatic layout stands in");
            let layout = t.game.auto_layout(p, t.seed);
            let _ = t.game.deploy(p, &layout);
        }
    }
    autosave(t, &saves);
    // A person's deployment goes on undisturbed; otherwise the game may start.
    if t.game.phase != Phase::Deploying || t.person_to_act().is_none() {
        next.set(route(t));
    }
}

/// External engines: asked on their turn, for their layout, and about draw offers; their
/// answers go through the rules like anyone's.
pub(super) fn engine_turns(
    table: Option<ResMut<JunqiTable>>,
    mut engines: ResMut<external::JunqiEngines>,
    saves: Res<Saves>,
    loc: Res<Locale>,
    settings: Option<Res<crate::app::settings::UserSettings>>,
    state: Option<Res<State<JunqiScreen>>>,
    mut next: ResMut<NextState<JunqiScreen>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let (Some(mut table), Some(state)) = (table, state) else {
        return;
    };
    if !has_engines(&engines) {
        return;
    }
    let t = &mut *table;
    // While an engine thinks, the reactive window keeps waking up to collect its answer.
    if engines.busy.iter().any(Option::is_some) {
        redraw.write(RequestRedraw);
    }
    let move_ms = settings.as_ref().map_or(2000, |s| s.junqi_engine_ms.max(1));
    for (p, answer) in engines.poll() {
        let who = t.game.players[p].seat.to_string();
        match answer {
            external::Answer::Layout(layout) => match t.game.deploy(p, &layout) {
                Ok(()) => engines.tell(p, "layout ok".into()),
                Err(e) => {
                    t.message = Some(tr!(
                        loc,
                        "junqi-engine-layout-refused",
                        seat = who.clone(),
                        reason = e.to_string()
                    ));
                    engines.tell(p, format!("layout refused {e}"));
                    let layout = t.game.auto_layout(p, t.seed);
                    let _ = t.game.deploy(p, &layout);
                }
            },
            external::Answer::Action(action) => {
                if let Err(e) = t.game.act(action) {
                    t.message = Some(tr!(
                        loc,
                        "junqi-engine-forfeit",
                        seat = who.clone(),
                        reason = e.to_string()
                    ));
                    let _ = t.game.act(Action::Timeout);
                }
            }
            external::Answer::DrawAnswer(yes) => {
                let _ = t.game.act(Action::AnswerDraw { player: p, yes });
            }
            external::Answer::Forfeit(why) => {
                t.message = Some(tr!(
                    loc,
                    "junqi-engine-forfeit",
                    seat = who.clone(),
                    reason = why
                ));
                match t.game.phase {
                    Phase::Deploying => {
                        let layout = t.game.auto_layout(p, t.seed);
                        let _ = t.game.deploy(p, &layout);
                    }
                    Phase::Playing if t.game.turn == p => {
                        let _ = t.game.act(Action::Timeout);
                    }
                    _ => {}
                }
            }
            external::Answer::Gone(why) => {
                t.message = Some(tr!(
                    loc,
                    "junqi-engine-gone",
                    seat = who.clone(),
                    reason = why
                ));
                if t.game.phase == Phase::Deploying {
                    let layout = t.game.auto_layout(p, t.seed);
                    let _ = t.game.deploy(p, &layout);
                }
                if t.game.phase == Phase::Playing && t.game.players[p].in_game() {
                    let _ = t.game.act(Action::Resign { player: p });
                }
            }
        }
        autosave(t, &saves);
        if matches!(t.game.phase, Phase::Over(_)) {
            engines.finish(Some(&t.game));
        }
        next.set(route(t));
        redraw.write(RequestRedraw);
    }
    if *state.get() == JunqiScreen::GameOver {
        return;
    }
    let doves = t.game.players.iter().any(|pl| pl.dove);
    for p in 0..t.seats.len() {
        if t.seats[p] != Seat::Engine || engines.is_busy(p) {
            continue;
        }
        if !doves && let Some(seat) = engines.seat(p) {
            seat.asked_draw = false;
        }
        let pl = &t.game.players[p];
        match t.game.phase {
            Phase::Deploying if !pl.deployed => {
                let ms = t.timers.deploy.map_or(10_000, |s| s as u64 * 1000);
                engines.ask(&t.game, p, external::Ask::Deploy(ms));
            }
            Phase::Playing if t.game.turn == p => {
                let ms = t.timers.moves.map_or(move_ms, |s| s as u64 * 1000);
                engines.ask(&t.game, p, external::Ask::Go(ms));
            }
            Phase::Playing
                if doves
                    && pl.in_game()
                    && !pl.dove
                    && engines.seat(p).is_some_and(|s| !s.asked_draw) =>
            {
                engines.ask(&t.game, p, external::Ask::Draw(move_ms));
            }
            _ => continue,
        }
        redraw.write(RequestRedraw);
    }
}
