//! 括号大战 / 星号大战: the save slots, the new-game screen, the board (sprites drawn from
//! the rule entities), the panels (turn, palette, log, pause), computer seats, automatic
//! saves, the end of a game and the replay viewer.
//!
//! Every move is a [`BracketMove`] message: input, the pass of 星号大战 and computer seats write
//! it, and [`apply_actions`] hands them to the
//! rules crate, which changes the world; the view reads the world back. In an online room's
//! game the server referees: [`apply_actions`] puts the board's moves in [`BracketOutbox`]
//! for the connection instead, and the server's moves come back through [`play_action`].

pub mod computers;
pub mod effects;
pub mod end;
pub mod fade;
pub mod geometry;
pub mod hud;
pub mod input;
pub mod log;
pub mod newgame;
pub mod preview;
pub mod replay;
pub mod slots;
pub mod view;

use bevy::ecs::message::MessageCursor;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::EguiPrimaryContextPass;
use bw_players::bracket::Seat;
use bw_rules::bracket::content::Class;
use bw_rules::bracket::ecs::{
    self as rules, BracketActions, BracketBoard, BracketContent, BracketSetup, BracketTurn,
};
use bw_rules::bracket::game::{Action, At, Game, Mode, Settings, has_legal_placement};
use bw_rules::bracket::{Dir, KindId};

use crate::app::Saves;
use crate::app::i18n::{Locale, player_name};
use crate::app::state::{BracketBoardPlay, BracketBoardShown, BracketScreen};
use crate::app::thinking::Thinking;
use crate::saves::{SaveData, Saved, Slot};
use crate::tr;

pub use newgame::{BracketDraft, BracketMode};

/// The turn limit a game of computers only gets when none was chosen (spec: games between
/// computer players use the limit so that they end).
pub const COMPUTER_TURN_LIMIT: u32 = 40;

/// Opens a game: a new one in a slot, or the one saved in a slot.
#[derive(Message, Clone, Debug)]
pub enum StartBracketGame {
    New {
        slot: usize,
        settings: Settings,
        seats: Vec<Seat>,
        coverage_hint: bool,
        seed: u64,
    },
    Load {
        slot: usize,
    },
}

/// The game on the board: its record, the slot it saves to, and who plays it here.
#[derive(Resource, Clone, Debug)]
pub struct BracketGame {
    /// The save slot; none for a replay or an online game (the server keeps its record).
    pub slot: Option<usize>,
    pub save: SaveData,
    /// An online room's game: the server referees, this window plays one seat or watches.
    pub online: Option<OnlineSeat>,
}

/// The seat this window plays in an online game (numbered from 1, like the turn); none for
/// an observer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OnlineSeat(pub Option<u8>);

/// An online game's moves made on this board, for the connection to send.
#[derive(Resource, Default)]
pub struct BracketOutbox(pub Vec<Action>);

/// The player's choices on the board screen.
#[derive(Resource, Debug)]
pub struct BracketPlay {
    pub kind: Option<KindId>,
    pub facing: Dir,
    /// The cell under the mouse.
    pub hovered: Option<usize>,
    /// The keyboard's cell (WASD moves it).
    pub cursor: Option<At>,
    /// A kind being dragged from the palette.
    pub dragging: Option<KindId>,
    pub pending_delete: Option<At>,
    pub message: Option<String>,
    pub log: Vec<String>,
    pub paused: bool,
    /// Surrender was clicked and waits for a confirmation.
    pub confirm_surrender: bool,
    /// The attack overlay and per-face values on hover.
    pub show_beams: bool,
    /// Every player's coverage, tinted in their colours (H or the checkbox).
    pub coverage_hint: bool,
    pub preview: preview::Preview,
    pub preview_key: Option<(Option<(KindId, At)>, Dir)>,
}

impl Default for BracketPlay {
    fn default() -> Self {
        BracketPlay {
            kind: None,
            facing: Dir::R,
            hovered: None,
            cursor: None,
            dragging: None,
            pending_delete: None,
            message: None,
            log: vec![],
            paused: false,
            confirm_surrender: false,
            show_beams: false,
            coverage_hint: true,
            preview: preview::Preview::default(),
            preview_key: None,
        }
    }
}

impl BracketPlay {
    /// The answer to "Surrender?" (the dialog's buttons, Enter or Esc): yes queues the
    /// surrender, either way the question closes.
    pub fn answer_surrender(&mut self, yes: bool, moves: &mut MessageWriter<BracketMove>) {
        if std::mem::take(&mut self.confirm_surrender) && yes {
            moves.write(BracketMove(Action::Surrender));
        }
    }
}

/// A move for the board: placed by a person (pointer, keyboard, panel), passed for them, or
/// chosen by a computer seat. [`apply_actions`] applies them in order.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct BracketMove(pub Action);

/// A computer seat thinking off the main thread.
#[derive(Resource, Default)]
pub struct BracketThinking(pub Thinking<Action>);

/// 括号大战's logic: starting games, moves from every source applied through the rules,
/// computer seats, the replay's clock. Headless tests run this alone.
pub fn plugin(app: &mut App) {
    app.add_message::<StartBracketGame>()
        .init_resource::<BracketPlay>()
        .add_message::<BracketMove>()
        .init_resource::<BracketThinking>()
        .init_resource::<BracketOutbox>()
        .init_resource::<input::Pointer>()
        .add_plugins((slots::plugin, newgame::plugin, replay::plugin))
        .add_observer(board_entities_leave_with_the_board)
        .add_systems(Update, start_games)
        .add_systems(
            Update,
            (
                input::board_input,
                effects::rotate_sound,
                pass_when_nothing_fits,
                computers::computer_turn,
                apply_actions,
            )
                .chain()
                .in_set(BracketMoves)
                .run_if(in_state(BracketBoardPlay)),
        )
        .add_systems(OnExit(BracketBoardPlay), computers::stop_thinking);
}

/// 括号大战's window: the board drawn from the rule entities, the pointer, the panels, the
/// effects, the replay's controls.
pub fn ui_plugin(app: &mut App) {
    app.add_plugins((
        view::plugin,
        preview::plugin,
        effects::plugin,
        replay::ui_plugin,
    ))
    .add_systems(
        Update,
        input::read_pointer
            .before(input::board_input)
            .run_if(in_state(BracketBoardPlay)),
    )
    .add_systems(
        EguiPrimaryContextPass,
        hud::hud
            .in_set(BracketPanels)
            .run_if(in_state(BracketBoardPlay)),
    )
    .add_systems(
        EguiPrimaryContextPass,
        hud::end_screen.run_if(in_state(BracketScreen::GameOver)),
    );
}

/// The board's moves: input, computer seats, and the actions applied (or sent, online).
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BracketMoves;

/// The board's panels (turn, palette, log): other panels beside the board come after them.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct BracketPanels;

/// The rule entities of the board (pieces, mirrors, glass) leave when the board leaves the
/// screen, like everything else the board screens spawn (a game's board is spawned just
/// before its screen comes, so every one is tagged).
fn board_entities_leave_with_the_board(add: On<Add, rules::BoardCell>, mut commands: Commands) {
    commands
        .entity(add.entity)
        .insert(DespawnOnExit(BracketBoardShown));
}

/// The headless game equal to the world's (for checks and computer players).
pub fn game_of(world: &World) -> Game {
    game(
        world.resource::<BracketSetup>(),
        world.resource::<BracketBoard>(),
        world.resource::<BracketTurn>(),
        world.resource::<BracketActions>(),
    )
}

fn game(
    setup: &BracketSetup,
    board: &BracketBoard,
    turn: &BracketTurn,
    actions: &BracketActions,
) -> Game {
    Game {
        settings: setup.settings.clone(),
        seed: setup.seed,
        board: board.board.clone(),
        turn: turn.0.clone(),
        actions: actions.0.clone(),
    }
}

/// A new game's settings as played: only computers means a turn limit.
pub fn settings_for(mut settings: Settings, seats: &[Seat]) -> Settings {
    if seats.iter().all(|s| s.is_computer()) && settings.turn_limit.is_none() {
        settings.turn_limit = Some(COMPUTER_TURN_LIMIT);
    }
    settings
}

/// Opens the games asked for. Opening one runs the rules' schedule on the world (the board
/// is rebuilt by replaying the save), so the work is queued as a command.
fn start_games(mut starts: MessageReader<StartBracketGame>, mut commands: Commands) {
    for start in starts.read().cloned() {
        commands.queue(move |world: &mut World| open_game(world, start));
    }
}

/// A new game in its slot, or the game saved in a slot, on the board.
fn open_game(world: &mut World, request: StartBracketGame) {
    let kinds = world.resource::<BracketContent>().0.clone();
    let (slot, save) = match request {
        StartBracketGame::New {
            slot,
            settings,
            seats,
            coverage_hint,
            seed,
        } => (
            slot,
            SaveData::new(settings_for(settings, &seats), seed, seats, coverage_hint),
        ),
        StartBracketGame::Load { slot } => {
            match world.resource::<Saves>().0.load::<SaveData>(slot, &kinds) {
                Slot::Saved(Saved { save: data, .. }) => (slot, data),
                _ => return,
            }
        }
    };
    rules::start_game(world, save.settings.clone(), save.seed);
    let mut log = Vec::new();
    for saved in &save.actions {
        let action = saved.action(&kinds).expect("a loaded save replays");
        let me = world.resource::<BracketTurn>().0.current;
        rules::act(world, action).expect("a loaded save replays");
        log.extend(log::log_lines(world, me, &action));
    }
    *world.resource_mut::<BracketPlay>() = BracketPlay {
        log,
        coverage_hint: save.coverage_hint,
        ..BracketPlay::default()
    };
    world.resource_mut::<BracketThinking>().0.cancel();
    let over = world.resource::<BracketTurn>().0.is_over();
    world.insert_resource(BracketGame {
        slot: Some(slot),
        save,
        online: None,
    });
    // Opening a finished game does not make it "last played" now.
    if !over {
        autosave(world);
    }
    // A game can be opened from anywhere (the slots, a screenshot, a test).
    NextState::set_if_neq(
        &mut world.resource_mut::<NextState<crate::app::state::Screen>>(),
        crate::app::state::Screen::Bracket,
    );
    world
        .resource_mut::<NextState<BracketScreen>>()
        .set(if over {
            BracketScreen::GameOver
        } else {
            BracketScreen::Playing
        });
}

fn autosave(world: &mut World) {
    let kinds = world.resource::<BracketContent>().0.clone();
    let game = game_of(world);
    let hint = world.resource::<BracketPlay>().coverage_hint;
    let mut current = world.resource_mut::<BracketGame>();
    current.save.record(&game, &kinds);
    current.save.coverage_hint = hint;
    let Some(slot) = current.slot else { return };
    let save = current.save.clone();
    if let Err(e) = world.resource::<Saves>().0.store(slot, &save) {
        warn!("the game could not be saved: {e}");
    }
}

/// Whether a person at this computer plays the seat whose turn it is (online: whether it
/// is this window's seat).
pub fn is_human_turn(turn: &BracketTurn, game: &BracketGame) -> bool {
    if turn.0.is_over() {
        return false;
    }
    match game.online {
        Some(OnlineSeat(me)) => me == Some(turn.0.current),
        None => {
            game.save
                .seats
                .get(turn.0.current as usize - 1)
                .copied()
                .unwrap_or_default()
                == Seat::Person
        }
    }
}

/// 星号大战: a person with no legal placement passes by itself, with a line in the log (the
/// mode has no deletions, so there is nothing else to do), instead of clicking 跳过 turn
/// after turn. Online the pass goes to the server like any move, once per position.
fn pass_when_nothing_fits(
    loc: Res<Locale>,
    turn: Res<BracketTurn>,
    current: Res<BracketGame>,
    setup: Res<BracketSetup>,
    content: Res<BracketContent>,
    board: Res<BracketBoard>,
    actions: Res<BracketActions>,
    mut ui: ResMut<BracketPlay>,
    mut moves: ResMut<Messages<BracketMove>>,
    mut seen: Local<MessageCursor<BracketMove>>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut passed_at: Local<Option<(u64, usize)>>,
) {
    let here = (setup.seed, actions.0.len());
    // A move already chosen this frame goes first.
    let moving = seen.read(&moves).count() > 0;
    if setup.settings.mode != Mode::StarWar
        || ui.paused
        || moving
        || *passed_at == Some(here)
        || !is_human_turn(&turn, &current)
    {
        return;
    }
    let me = turn.0.current;
    if has_legal_placement(&setup.settings, &board.board, &content.0, me) {
        return;
    }
    *passed_at = Some(here);
    ui.log
        .push(tr!(loc, "log-no-placement", player = player_name(&loc, me)));
    moves.write(BracketMove(Action::Pass));
    seen.clear(&moves);
    // The next seat may have nothing either: one more frame without waiting for input.
    redraw.write(RequestRedraw);
}

/// Applies queued actions through the rules (refusals become a message), logs what
/// happened, saves, and ends the game when it is over. Online, the queued actions go to
/// [`BracketOutbox`]: the server decides, and its answer comes back as the next view.
pub fn apply_actions(world: &mut World, mut cursor: Local<MessageCursor<BracketMove>>) {
    let queued: Vec<Action> = cursor
        .read(world.resource::<Messages<BracketMove>>())
        .map(|m| m.0)
        .collect();
    if queued.is_empty() {
        return;
    }
    let online = world.resource::<BracketGame>().online.is_some();
    let kinds = world.resource::<BracketContent>().0.clone();
    for mut action in queued {
        if let Action::Place { kind, facing, .. } = &mut action
            && kinds.get(*kind).class == Class::Bracket
            && facing.is_none()
        {
            *facing = Some(world.resource::<BracketPlay>().facing);
        }
        if online {
            world.resource_mut::<BracketOutbox>().0.push(action);
            continue;
        }
        match play_action(world, action) {
            Err(refusal) => {
                let text = crate::app::i18n::refusal(world.resource::<Locale>(), &refusal);
                world.resource_mut::<BracketPlay>().message = Some(text);
            }
            Ok(()) => {
                autosave(world);
                if world.resource::<BracketTurn>().0.is_over() {
                    world
                        .resource_mut::<NextState<BracketScreen>>()
                        .set(BracketScreen::GameOver);
                    break;
                }
            }
        }
    }
}

/// One action of the current player through the rules, shown: the log lines and the fading
/// pieces. (A game here and an online game's moves from the server both come through it.)
pub fn play_action(
    world: &mut World,
    action: Action,
) -> Result<(), bw_rules::bracket::game::Refusal> {
    let me = world.resource::<BracketTurn>().0.current;
    let beam = effects::beam_of(world, &action);
    rules::act(world, action)?;
    let lines = log::log_lines(world, me, &action);
    let mut ui = world.resource_mut::<BracketPlay>();
    ui.message = None;
    ui.log.extend(lines);
    effects::after_move(world, me, &action, &beam);
    Ok(())
}
