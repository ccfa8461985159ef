//! An online room's 括号大战 game on the game's own board: the server's moves go into the
//! ECS world through the same kernel calls as a game at one computer, and the board's moves
//! go to the server.

use std::sync::Arc;

use bevy::prelude::*;
use bw_online::protocol::GameAction;
use bw_players::bracket::Seat;
use bw_rules::bracket;
use bw_rules::bracket::ecs::BracketContent;
use bw_rules::bracket::record::RecordedAction as BracketAction;

use super::{Online, OnlineContent};
use crate::app::bracket::{BracketGame, BracketOutbox, BracketPlay, OnlineSeat, play_action};
use crate::saves::SaveData;

/// The server's 括号大战 moves, played on the board: the game starts there when the server
/// starts it, and each action goes through the rules kernels into the ECS world, logged and
/// shown like a move at this computer. The board plays with the server's kinds.
pub(super) fn play_bracket(world: &mut World) {
    let seat = world.resource::<Online>().my_seat().map(|s| s + 1);
    if let Some(mut game) = world.get_resource_mut::<BracketGame>()
        && let Some(here) = &mut game.online
        && here.0 != seat
    {
        here.0 = seat;
    }
    let (start, inbox) = {
        let mut online = world.resource_mut::<Online>();
        let start = online.bracket_start.take();
        (start, std::mem::take(&mut online.bracket_inbox))
    };
    if start.is_none() && inbox.is_empty() {
        return;
    }
    let kinds = world.resource::<OnlineContent>().0.kinds.clone();
    if let Some((settings, seed)) = start {
        if !world.contains_resource::<AppKinds>() {
            let own = world.resource::<BracketContent>().0.clone();
            world.insert_resource(AppKinds(own));
        }
        world.insert_resource(BracketContent(kinds.clone()));
        let players = settings.board.players as usize;
        bw_rules::bracket::ecs::start_game(world, settings.clone(), seed);
        *world.resource_mut::<BracketPlay>() = BracketPlay::default();
        world.insert_resource(BracketGame {
            slot: None,
            save: SaveData::new(settings, seed, vec![Seat::Person; players], true),
            online: Some(OnlineSeat(seat)),
        });
    }
    if !world.contains_resource::<BracketGame>() {
        return;
    }
    for recorded in inbox {
        let played = recorded
            .action(&kinds)
            .and_then(|a| play_action(world, a).map_err(|e| e.to_string()));
        if let Err(e) = played {
            // The server refereed this action: the board disagreeing is a bug, not a move.
            error!("the server's 括号大战 action {recorded:?} does not play here: {e}");
        }
    }
}

/// The moves made on the board, sent to the server (its answer is the next view).
pub(super) fn send_bracket_moves(
    mut outbox: ResMut<BracketOutbox>,
    mut online: ResMut<Online>,
    content: Res<OnlineContent>,
) {
    for action in outbox.0.drain(..) {
        online.act(GameAction::Bracket {
            action: BracketAction::of(&action, &content.0.kinds),
        });
    }
}

/// The app's own 括号大战 kinds (with its mods), kept while an online board plays with the
/// server's.
#[derive(Resource)]
struct AppKinds(Arc<bracket::KindTable>);

pub(super) fn give_back_kinds(world: &mut World) {
    if let Some(AppKinds(own)) = world.remove_resource::<AppKinds>() {
        world.insert_resource(BracketContent(own));
    }
    world.remove_resource::<BracketGame>();
}
