//! What the 军棋 table is asked (a person's deployment swaps, layouts, moves, draw offers,
//! resigning; a computer's or an engine's decision; a clock running out), checked and
//! carried out: every change to the game is one pass of the rules crate's schedule on the
//! window's world ([`bw_rules::junqi::ecs::request`]), one path for all of them.

use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;
use bw_players::junqi::Seat;
use bw_rules::junqi::Junqi;
use bw_rules::junqi::ecs::{self, JunqiMatch, Request};
use bw_rules::junqi::game::{Action, Phase, PlayerId};
use bw_rules::junqi::view::SeenPiece;
use bw_rules::rng::stream;

use super::deploy::DeployAsk;
use super::deployment::{self, Trouble};
use super::external::{Answer, JunqiEngines};
use super::layouts::Army;
use super::{JunqiIntent, JunqiTable, autosave, refusal, route, take_over};
use crate::app::Saves;
use crate::app::i18n::Locale;
use crate::app::state::JunqiScreen;
use crate::tr;

/// Carries out the intentions of this frame through the rules, saves, and moves on to the
/// screen the game needs next.
pub fn apply_intents(world: &mut World, mut cursor: Local<MessageCursor<JunqiIntent>>) {
    let intents: Vec<JunqiIntent> = cursor
        .read(world.resource::<Messages<JunqiIntent>>())
        .cloned()
        .collect();
    if intents.is_empty()
        || !world.contains_resource::<JunqiTable>()
        || !world.contains_resource::<JunqiMatch>()
    {
        return;
    }
    world.resource_scope(|world, mut table: Mut<JunqiTable>| {
        for intent in intents {
            apply(world, &mut table, intent);
        }
    });
}

/// What an intention did to the game.
enum Outcome {
    /// Nothing (refused, or only the table changed).
    Nothing,
    /// The game changed: save, and go where it needs.
    Changed,
    /// The game changed while a person may be deploying: save, and go elsewhere only when
    /// nobody at this computer is still laying out (their layout is left undisturbed).
    ChangedAside,
}

fn game(world: &World) -> &Junqi {
    &world.resource::<JunqiMatch>().0
}

fn apply(world: &mut World, t: &mut JunqiTable, intent: JunqiIntent) {
    let playing = world
        .get_resource::<State<JunqiScreen>>()
        .is_some_and(|s| *s.get() == JunqiScreen::Playing);
    let viewer = t.viewer;
    let g = game(world);
    let (turn, phase) = (g.turn, g.phase.clone());
    let persons_turn = viewer == Some(turn) && t.person_to_act(g) == viewer;
    // An engine's answer may leave a message about it, and a clock running out says so;
    // the person's own next action clears the last message (computers' moves do not).
    let keep_message = matches!(
        intent,
        JunqiIntent::Engine { .. }
            | JunqiIntent::OutOfTime
            | JunqiIntent::Computer { .. }
            | JunqiIntent::ComputerLayout { .. }
    );
    let outcome = match intent {
        JunqiIntent::TakeOver => {
            if let Some(p) = t.handover {
                let screen = take_over(t, game(world), p);
                world.resource_mut::<NextState<JunqiScreen>>().set(screen);
            }
            Outcome::Nothing
        }
        JunqiIntent::DeployClick(n) => {
            if let Some(p) = viewer {
                let army = Army::of(game(world), p);
                deployment::click(&mut t.layout, &mut t.selected, army, n);
            }
            Outcome::Nothing
        }
        JunqiIntent::Swap(a, b) => {
            if let Some(p) = viewer {
                deployment::drop_piece(&mut t.layout, Army::of(game(world), p), a, b);
            }
            Outcome::Nothing
        }
        // 标记: the viewer's guess on a piece, kept in the save at once.
        JunqiIntent::Mark { node, guess } => match viewer {
            Some(me) => {
                t.guesses.follow(game(world));
                t.guesses.set(me, node, guess);
                Outcome::ChangedAside
            }
            None => Outcome::Nothing,
        },
        JunqiIntent::AutoLayout => layout_request(world, t, DeployAsk::Auto),
        JunqiIntent::Mirror => layout_request(world, t, DeployAsk::Mirror),
        JunqiIntent::SaveLayout(name) => layout_request(world, t, DeployAsk::Save(name)),
        JunqiIntent::LoadLayout(name) => layout_request(world, t, DeployAsk::Load(name)),
        JunqiIntent::Confirm => match viewer {
            Some(player) => {
                let layout = t.layout.clone();
                request(world, t, Request::Deploy { player, layout })
            }
            None => Outcome::Nothing,
        },
        JunqiIntent::BoardClick(n) => {
            if !persons_turn {
                return;
            }
            let moves = t.legal_moves(game(world));
            match t.selected {
                Some(from) if moves.contains(&(from, n)) => {
                    request(world, t, Request::Act(Action::Move { from, to: n }))
                }
                _ => {
                    t.selected = moves.iter().any(|&(f, _)| f == n).then_some(n);
                    // A piece of one's own that cannot move says why (a flag, a mine, a
                    // piece in a headquarters, a piece boxed in).
                    let g = game(world);
                    t.message = match (t.selected, viewer) {
                        (None, Some(me)) => {
                            let seen = g.at[n.0 as usize].map(|p| SeenPiece {
                                owner: p.owner,
                                kind: Some(p.kind),
                            });
                            super::why_immobile(&g.board, &g.set, seen, me, n)
                                .map(|key| crate::tr!(world.resource::<Locale>(), key))
                        }
                        _ => None,
                    };
                    Outcome::Nothing
                }
            }
        }
        JunqiIntent::Move(from, to) if persons_turn => {
            request(world, t, Request::Act(Action::Move { from, to }))
        }
        JunqiIntent::OfferDraw if persons_turn => {
            let done = request(world, t, Request::Act(Action::OfferDraw));
            computers_answer_draws(world, t);
            done
        }
        JunqiIntent::AnswerDraw { player, yes } if t.seats.get(player) == Some(&Seat::Person) => {
            request(world, t, Request::Act(Action::AnswerDraw { player, yes }))
        }
        JunqiIntent::Resign(player) if t.seats.get(player) == Some(&Seat::Person) => {
            request(world, t, Request::Act(Action::Resign { player }))
        }
        JunqiIntent::Move(..)
        | JunqiIntent::OfferDraw
        | JunqiIntent::AnswerDraw { .. }
        | JunqiIntent::Resign(_) => Outcome::Nothing,
        JunqiIntent::Computer { ply, action } => {
            // Only on the board, in the position the computer decided in.
            let g = game(world);
            if playing
                && phase == Phase::Playing
                && g.plies == ply
                && matches!(t.seats.get(turn), Some(Seat::Computer(_)))
            {
                if ecs::act(world, action).is_err() {
                    // A computer that cannot decide gives up its turn rather than stall.
                    let _ = ecs::act(world, Action::Timeout);
                }
                computers_answer_draws(world, t);
                Outcome::Changed
            } else {
                Outcome::Nothing
            }
        }
        JunqiIntent::ComputerLayout { player, layout } => {
            let g = game(world);
            if phase != Phase::Deploying
                || !matches!(t.seats.get(player), Some(Seat::Computer(_)))
                || g.players[player].deployed
            {
                return;
            }
            if let Err(e) = ecs::deploy(world, player, layout) {
                // A computer's layout is legal by construction; if not, the automatic one.
                warn!("a computer's layout was refused ({e}); the automatic layout stands in");
                deploy_automatic(world, t, player);
            }
            Outcome::ChangedAside
        }
        JunqiIntent::Engine { player, answer } => engine_answer(world, t, player, answer),
        JunqiIntent::OutOfTime => match (phase, viewer) {
            (Phase::Deploying, Some(p)) if !game(world).players[p].deployed => {
                deploy_automatic(world, t, p);
                t.message = Some(crate::tr!(
                    world.resource::<Locale>(),
                    "junqi-deploy-timed-out"
                ));
                Outcome::Changed
            }
            (Phase::Playing, Some(p)) if turn == p && t.person_to_act(game(world)) == Some(p) => {
                t.message = Some(crate::tr!(
                    world.resource::<Locale>(),
                    "junqi-move-timed-out"
                ));
                request(world, t, Request::Act(Action::Timeout))
            }
            _ => Outcome::Nothing,
        },
    };
    let g = game(world);
    let go_on = match outcome {
        Outcome::Nothing => return,
        Outcome::Changed => true,
        Outcome::ChangedAside => g.phase != Phase::Deploying || t.person_to_act(g).is_none(),
    };
    if !keep_message {
        t.message = None;
    }
    autosave(t, g, world.resource::<Saves>());
    if go_on {
        let screen = route(t, game(world));
        world.resource_mut::<NextState<JunqiScreen>>().set(screen);
    }
}

/// A request through the rules' schedule; a refusal becomes the table's message.
fn request(world: &mut World, t: &mut JunqiTable, r: Request) -> Outcome {
    match ecs::request(world, r) {
        Ok(()) => Outcome::Changed,
        Err(e) => {
            t.message = Some(refusal(world.resource::<Locale>(), &e));
            Outcome::Nothing
        }
    }
}

fn deploy_automatic(world: &mut World, t: &JunqiTable, p: PlayerId) {
    let layout = game(world).auto_layout(p, t.seed);
    let _ = ecs::deploy(world, p, layout);
}

/// Computers answer a draw offer: yes once the game has been quiet for half the limit.
fn computers_answer_draws(world: &mut World, t: &JunqiTable) {
    let g = game(world);
    if !g.players.iter().any(|p| p.dove) || g.phase != Phase::Playing {
        return;
    }
    let limit = g.quiet_limit().max(60);
    for p in 0..t.seats.len() {
        let g = game(world);
        let pl = &g.players[p];
        if matches!(t.seats[p], Seat::Computer(_)) && pl.in_game() && !pl.dove {
            let yes = g.quiet * 2 >= limit;
            let _ = ecs::act(world, Action::AnswerDraw { player: p, yes });
            if !yes {
                break;
            }
        }
    }
}

/// An external engine's answer goes through the rules like anyone's; what it cannot do is
/// done for it (the automatic layout, a forfeited turn), and it is told.
fn engine_answer(world: &mut World, t: &mut JunqiTable, p: PlayerId, answer: Answer) -> Outcome {
    let g = game(world);
    if t.seats.get(p) != Some(&Seat::Engine) || matches!(g.phase, Phase::Over(_)) {
        return Outcome::Nothing;
    }
    let who = g.players[p].seat.to_string();
    let mut message = None;
    match answer {
        Answer::Layout(layout) => {
            let told = match ecs::deploy(world, p, layout) {
                Ok(()) => "layout ok".to_string(),
                Err(e) => {
                    let reason = e.to_string();
                    let loc = world.resource::<Locale>();
                    message = Some(tr!(
                        loc,
                        "junqi-engine-layout-refused",
                        seat = who.clone(),
                        reason = reason
                    ));
                    deploy_automatic(world, t, p);
                    format!("layout refused {e}")
                }
            };
            world.resource_mut::<JunqiEngines>().tell(p, told);
        }
        Answer::Action(action) => {
            if let Err(e) = ecs::act(world, action) {
                let reason = e.to_string();
                let loc = world.resource::<Locale>();
                message = Some(tr!(
                    loc,
                    "junqi-engine-forfeit",
                    seat = who.clone(),
                    reason = reason
                ));
                let _ = ecs::act(world, Action::Timeout);
            }
        }
        Answer::DrawAnswer(yes) => {
            let _ = ecs::act(world, Action::AnswerDraw { player: p, yes });
        }
        Answer::Forfeit(why) => {
            let loc = world.resource::<Locale>();
            message = Some(tr!(
                loc,
                "junqi-engine-forfeit",
                seat = who.clone(),
                reason = why
            ));
            let g = game(world);
            match g.phase {
                Phase::Deploying if !g.players[p].deployed => deploy_automatic(world, t, p),
                Phase::Playing if g.turn == p => {
                    let _ = ecs::act(world, Action::Timeout);
                }
                _ => {}
            }
        }
        Answer::Gone(why) => {
            let loc = world.resource::<Locale>();
            message = Some(tr!(
                loc,
                "junqi-engine-gone",
                seat = who.clone(),
                reason = why
            ));
            if game(world).phase == Phase::Deploying && !game(world).players[p].deployed {
                deploy_automatic(world, t, p);
            }
            let g = game(world);
            if g.phase == Phase::Playing && g.players[p].in_game() {
                let _ = ecs::act(world, Action::Resign { player: p });
            }
        }
    }
    if matches!(game(world).phase, Phase::Over(_)) {
        world.resource_scope(|world, mut engines: Mut<JunqiEngines>| {
            engines.finish(Some(game(world)));
        });
    }
    if message.is_some() {
        t.message = message;
    }
    Outcome::ChangedAside
}

/// The layout panel's request on the viewer's army (the same rules as online).
fn layout_request(world: &mut World, t: &mut JunqiTable, ask: DeployAsk) -> Outcome {
    let Some(p) = t.viewer else {
        return Outcome::Nothing;
    };
    let g = game(world);
    // Seeded by the layout shown too, so that every press of 自动布阵 deals a new one.
    let shown = {
        use std::hash::BuildHasher;
        std::hash::BuildHasherDefault::<std::collections::hash_map::DefaultHasher>::default()
            .hash_one(&t.layout)
    };
    let seed = stream(t.seed ^ g.plies as u64 ^ shown ^ 0x5eed, p, 1);
    let army = Army::of(g, p);
    let dir = &world.resource::<Saves>().0.dir;
    match deployment::request(&ask, &t.layout, army, dir, seed) {
        Ok(Some(layout)) => {
            t.layout = layout;
            t.selected = None;
        }
        Ok(None) => {}
        Err(Trouble::NotSaved(e)) => {
            let loc = world.resource::<Locale>();
            t.message = Some(tr!(loc, "junqi-layout-not-saved", reason = e));
        }
        Err(Trouble::NotLoaded(e)) => t.message = Some(e),
    }
    Outcome::Nothing
}
