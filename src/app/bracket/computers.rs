//! 括号大战's computer seats: they think on the task pool from the position on the board, and
//! their choice is a [`BracketMove`] like a person's.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bw_players::bracket as ai;
use bw_rules::bracket::ecs::{
    BracketActions, BracketBoard, BracketContent, BracketSetup, BracketTurn,
};
use bw_rules::bracket::game::Game;

use super::{BracketGame, BracketMove, BracketPlay, BracketThinking, game, is_human_turn};
use crate::app::settings::UserSettings;

/// The position on the board, for a system (the same as [`game_of`] for the world).
#[derive(SystemParam)]
pub struct Position<'w> {
    pub(super) setup: Res<'w, BracketSetup>,
    pub(super) board: Res<'w, BracketBoard>,
    pub(super) turn: Res<'w, BracketTurn>,
    pub(super) actions: Res<'w, BracketActions>,
}

impl Position<'_> {
    /// The headless game equal to the board's.
    pub fn game(&self) -> Game {
        game(&self.setup, &self.board, &self.turn, &self.actions)
    }
}

/// Computer seats think on the task pool; their choice is a move when ready. While one
/// thinks, the reactive window keeps waking up to collect the answer.
pub(super) fn computer_turn(
    position: Position,
    current: Res<BracketGame>,
    play: Res<BracketPlay>,
    content: Res<BracketContent>,
    mut thinking: ResMut<BracketThinking>,
    mut moves: MessageWriter<BracketMove>,
    mut redraw: MessageWriter<RequestRedraw>,
    settings: Option<Res<UserSettings>>,
) {
    // Online, the server plays the computer seats.
    if current.online.is_some()
        || play.paused
        || is_human_turn(&position.turn, &current)
        || position.turn.0.is_over()
    {
        return;
    }
    redraw.write(RequestRedraw);
    if thinking.0.busy() {
        if let Some(action) = thinking.0.poll() {
            moves.write(BracketMove(action));
        }
        return;
    }
    let game = position.game();
    let kinds = content.0.clone();
    let seat = current.save.seats[game.turn.current as usize - 1];
    let seed = current.save.seed ^ game.actions.len() as u64;
    let think = settings.map_or(bw_players::THINKING, |s| s.hard_think());
    thinking
        .0
        .start(move || ai::choose(seat, &game, &kinds, seed, think));
}

pub(super) fn stop_thinking(mut thinking: ResMut<BracketThinking>) {
    thinking.0.cancel();
}
