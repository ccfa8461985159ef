//! The 军棋 seats played by computers: the built-in levels thinking on the task pool from
//! their own view, and external engines speaking the engine protocol through the referee.
//! What they decide is a [`JunqiIntent`], carried out by `apply_intents` like a person's.

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, block_on, futures_lite::future};
use bevy::window::RequestRedraw;
use bw_players::junqi::{Budget, Decision, Seat, computer_layout};
use bw_rules::junqi::ecs::JunqiMatch;
use bw_rules::junqi::game::Phase;
use bw_rules::rng::stream;

use super::{JunqiComputerLayouts, JunqiIntent, JunqiTable, JunqiThinking, external};
use crate::app::settings::UserSettings;
use crate::app::state::JunqiScreen;

/// Computer seats think on the task pool, from their own view only.
pub(super) fn computer_turn(
    table: Option<Res<JunqiTable>>,
    game: Option<Res<JunqiMatch>>,
    mut thinking: ResMut<JunqiThinking>,
    state: Option<Res<State<JunqiScreen>>>,
    mut intents: MessageWriter<JunqiIntent>,
    mut redraw: MessageWriter<RequestRedraw>,
    settings: Option<Res<UserSettings>>,
) {
    let (Some(table), Some(game), Some(state)) = (table, game, state) else {
        return;
    };
    let game = &game.0;
    let me = game.turn;
    let Some(Seat::Computer(kind)) = table.seats.get(me).copied() else {
        thinking.0.cancel();
        return;
    };
    if game.phase != Phase::Playing || *state.get() != JunqiScreen::Playing {
        return;
    }
    redraw.write(RequestRedraw);
    if thinking.0.busy() {
        if let Some((ply, action)) = thinking.0.poll() {
            intents.write(JunqiIntent::Computer { ply, action });
        }
        return;
    }
    let seed = stream(table.seed, me, 2) ^ game.plies as u64;
    // Prepared here from what the seat may know; decided on the task pool.
    let think = settings.map_or(bw_players::THINKING, |s| s.hard_think());
    let decision = Decision::prepare(game, me, kind, seed, Budget::Time(think));
    let ply = game.plies;
    thinking.0.start(move || (ply, decision.decide()));
}

fn has_engines(engines: &external::JunqiEngines) -> bool {
    engines.seats.iter().any(Option::is_some) || engines.busy.iter().any(Option::is_some)
}

/// Computer seats lay out on the task pool (the strong player searches for its layout);
/// each layout is deployed when it is ready, so computers usually confirm first.
pub(super) fn computer_deploy(
    table: Option<Res<JunqiTable>>,
    game: Option<Res<JunqiMatch>>,
    mut layouts: ResMut<JunqiComputerLayouts>,
    mut intents: MessageWriter<JunqiIntent>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let (Some(t), Some(game)) = (table, game) else {
        return;
    };
    let game = &game.0;
    if game.phase != Phase::Deploying {
        layouts.0.clear();
        return;
    }
    for p in 0..t.seats.len() {
        let Seat::Computer(kind) = t.seats[p] else {
            continue;
        };
        if game.players[p].deployed || layouts.0.iter().any(|(q, _)| *q == p) {
            continue;
        }
        let (game, seed) = (game.clone(), t.seed);
        layouts.0.push((
            p,
            AsyncComputeTaskPool::get().spawn(async move { computer_layout(&game, p, kind, seed) }),
        ));
    }
    if layouts.0.is_empty() {
        return;
    }
    redraw.write(RequestRedraw);
    layouts
        .0
        .retain_mut(|(player, task)| match block_on(future::poll_once(task)) {
            Some(layout) => {
                intents.write(JunqiIntent::ComputerLayout {
                    player: *player,
                    layout,
                });
                false
            }
            None => true,
        });
}

/// External engines: asked on their turn, for their layout, and about draw offers; their
/// answers are intentions, carried out through the rules like anyone's.
pub(super) fn engine_turns(
    table: Option<Res<JunqiTable>>,
    game: Option<Res<JunqiMatch>>,
    mut engines: ResMut<external::JunqiEngines>,
    settings: Option<Res<crate::app::settings::UserSettings>>,
    state: Option<Res<State<JunqiScreen>>>,
    mut intents: MessageWriter<JunqiIntent>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let (Some(t), Some(game), Some(state)) = (table, game, state) else {
        return;
    };
    if !has_engines(&engines) {
        return;
    }
    let game = &game.0;
    // While an engine thinks, the reactive window keeps waking up to collect its answer.
    if engines.busy.iter().any(Option::is_some) {
        redraw.write(RequestRedraw);
    }
    let move_ms = settings.as_ref().map_or(2000, |s| s.junqi_engine_ms.max(1));
    // A seat that answered this frame is not asked again before its answer is carried out.
    let mut answered = Vec::new();
    for (player, answer) in engines.poll() {
        answered.push(player);
        intents.write(JunqiIntent::Engine { player, answer });
        redraw.write(RequestRedraw);
    }
    if *state.get() == JunqiScreen::GameOver {
        return;
    }
    let doves = game.players.iter().any(|pl| pl.dove);
    for p in 0..t.seats.len() {
        if t.seats[p] != Seat::Engine || engines.is_busy(p) || answered.contains(&p) {
            continue;
        }
        if !doves && let Some(seat) = engines.seat(p) {
            seat.asked_draw = false;
        }
        let pl = &game.players[p];
        match game.phase {
            Phase::Deploying if !pl.deployed => {
                let ms = t.timers.deploy.map_or(10_000, |s| s as u64 * 1000);
                engines.ask(game, p, external::Ask::Deploy(ms));
            }
            Phase::Playing if game.turn == p => {
                let ms = t.timers.moves.map_or(move_ms, |s| s as u64 * 1000);
                engines.ask(game, p, external::Ask::Go(ms));
            }
            Phase::Playing
                if doves
                    && pl.in_game()
                    && !pl.dove
                    && engines.seat(p).is_some_and(|s| !s.asked_draw) =>
            {
                engines.ask(game, p, external::Ask::Draw(move_ms));
            }
            _ => continue,
        }
        redraw.write(RequestRedraw);
    }
}
