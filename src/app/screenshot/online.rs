//! The online screens' pictures: a game server of their own and a client that plays its
//! seat as a person would (clicks, the board's queue), so `online-room` and
//! `online-bracket` show a game in progress.

use bevy::prelude::*;
use bw_players::bracket::{AiKind, Seat};
use bw_players::junqi::{Ai, Style};
use bw_rules::bracket::ecs::{BracketContent, BracketTurn};
use bw_rules::junqi::Rules;
use bw_rules::junqi::game::Phase as JunqiPhase;

use super::{Shot, ShotState};
use crate::app::bracket::{BracketGame, BracketMove, game_of, is_human_turn};
use crate::app::online::{Online, OnlineIntent};

/// The picture's game server (its address).
#[derive(Resource)]
pub(super) struct ShotServer(#[allow(dead_code)] pub(super) String);

/// Clients kept open so that their rooms stay listed.
#[derive(Resource)]
pub(super) struct ShotClients(#[allow(dead_code)] pub(super) Vec<bw_server::client::Client>);

/// `online-room`: open a 2-player 军棋 room, a normal computer in seat 1, raise the hand,
/// march out in the automatic layout (from a fixed seed), and play the heuristic player's
/// moves by clicks.
pub(super) fn drive_online_room(
    shot: Res<ShotState>,
    online: Option<ResMut<Online>>,
    mut intents: MessageWriter<OnlineIntent>,
    mut step: Local<u32>,
    mut wait: Local<u32>,
) {
    use bw_online::protocol::*;
    if shot.request.screen != Shot::OnlineRoom || shot.arrived {
        return;
    }
    let Some(mut o) = online else { return };
    if !o.connected() {
        return;
    }
    *wait += 1;
    if *wait < 10 {
        return;
    }
    *wait = 0;
    let Some(room) = &o.room else {
        if *step == 0 {
            *step = 1;
            intents.write(OnlineIntent::Send(ClientMsg::CreateRoom {
                options: RoomOptions {
                    game: GameOptions::Junqi {
                        rules: Rules {
                            board: bw_rules::junqi::BoardChoice::TwoPlayer,
                            players: 2,
                            ..Rules::default()
                        },
                        deploy_secs: Some(120),
                        move_secs: None,
                        timeouts_lose: None,
                        total_secs: None,
                        any_count: false,
                    },
                    computer_takes_over: true,
                    name: None,
                    rated: false,
                    observers: true,
                    password: None,
                },
            }));
        }
        return;
    };
    if room.status == RoomStatus::Waiting {
        if room.seats[1].occupant == Occupant::Empty {
            intents.write(OnlineIntent::Send(ClientMsg::SetComputer {
                seat: 1,
                level: Some(Level::Normal),
            }));
        } else if !room.seats[0].ready {
            intents.write(OnlineIntent::Send(ClientMsg::Ready { ready: true }));
        }
        return;
    }
    if o.layout.is_some() {
        // The automatic layout from a fixed seed (the window seeds a new army afresh every
        // time): the same army in every picture.
        let set = bw_rules::junqi::PieceSet::standard();
        let fixed = o.with_army(&set, |a| {
            bw_rules::junqi::setup::auto_layout(a.rules, a.board, a.set, a.seat, a.hand, 20261129)
        });
        o.layout = fixed;
        intents.write(OnlineIntent::Deploy);
        return;
    }
    let Some(GameView::Junqi(v)) = &o.view else {
        return;
    };
    if v.view.phase == JunqiPhase::Playing && v.view.turn == v.view.me {
        let board = bw_rules::junqi::Board::two_player();
        let set = bw_rules::junqi::PieceSet::standard();
        *step += 1;
        if let bw_rules::junqi::Action::Move { from, to } =
            Ai::new(Style::Heuristic, *step as u64).choose(&board, &set, &v.view)
        {
            intents.write(OnlineIntent::JunqiClick(from));
            intents.write(OnlineIntent::JunqiClick(to));
        }
    }
}

/// `online-bracket`: open a 2-player 括号大战 room, a normal computer in seat 2, raise the
/// hand, and place the greedy player's choices on the board through the board's own queue
/// (where the mouse and the keyboard put them).
pub(super) fn drive_online_bracket(
    world: &mut World,
    mut wait: Local<u32>,
    mut sent_at: Local<Option<usize>>,
) {
    use bw_online::protocol::*;
    let shot = world.resource::<ShotState>();
    if shot.request.screen != Shot::OnlineBracket || shot.arrived {
        return;
    }
    let Some(o) = world.get_resource::<Online>() else {
        return;
    };
    if !o.connected() {
        return;
    }
    // One request every few frames: the room changes in between.
    *wait += 1;
    if *wait < 10 {
        return;
    }
    *wait = 0;
    let request = match &o.room {
        None if o.seat.is_none() => {
            let mut options = bw_server::loadtest::room_options(GameKind::Bracket, 2);
            // No move timer: its seconds would differ from one picture to the next.
            if let GameOptions::Bracket { move_secs, .. } = &mut options.game {
                *move_secs = None;
            }
            Some(ClientMsg::CreateRoom { options })
        }
        Some(room) if room.status == RoomStatus::Waiting && o.view.is_none() => {
            if room.seats[1].occupant == Occupant::Empty {
                Some(ClientMsg::SetComputer {
                    seat: 1,
                    level: Some(Level::Normal),
                })
            } else if !room.seats[0].ready {
                Some(ClientMsg::Ready { ready: true })
            } else {
                None
            }
        }
        _ => None,
    };
    if let Some(msg) = request {
        world.write_message(OnlineIntent::Send(msg));
        return;
    }
    let (Some(game), Some(turn)) = (
        world.get_resource::<BracketGame>(),
        world.get_resource::<BracketTurn>(),
    ) else {
        return;
    };
    let done = world
        .resource::<bw_rules::bracket::ecs::BracketActions>()
        .0
        .len();
    if game.online.is_none() || !is_human_turn(turn, game) || *sent_at == Some(done) {
        return;
    }
    *sent_at = Some(done);
    let position = game_of(world);
    let kinds = world.resource::<BracketContent>().0.clone();
    let action = bw_players::bracket::choose(
        Seat::Computer(AiKind::Greedy),
        &position,
        &kinds,
        done as u64,
        bw_players::THINKING,
    );
    world.write_message(BracketMove(action));
}
