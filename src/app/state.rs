//! The app's states: one small top-level [`Screen`], a sub-state per game that exists only
//! while that game is on screen, and computed states for what several screens share.
//!
//! ```text
//! Screen::Loading ─▶ Screen::Menu ─┬▶ Screen::Settings, Screen::Rules
//!                                  ├▶ Screen::Bracket ─ BracketScreen: Slots ▶ NewGame ▶ Playing ▶ GameOver
//!                                  │                                   Slots ▶ Replay ◀ GameOver
//!                                  ├▶ Screen::Pig ───── PigScreen: Setup ▶ Table
//!                                  ├▶ Screen::Junqi ─── JunqiScreen: Slots ▶ NewGame ▶ (Handover ▶) Deploy ▶ (Handover ▶) Playing ▶ GameOver
//!                                  └▶ Screen::Online ── OnlineScreen: Lobby ▶ Room ▶ BracketBoard (while in a room)
//! BracketBoardShown = BracketScreen ∈ {Playing, GameOver, Replay} or OnlineScreen::BracketBoard
//!                     (the board's sprites live in it)
//! BracketBoardPlay  = BracketScreen::Playing or OnlineScreen::BracketBoard
//!                     (the board takes moves: pointer, keyboard, panels, preview)
//! InRoom            = OnlineScreen ∈ {Room, BracketBoard}   (the room's panel)
//! ```
//!
//! Everything a screen spawns carries `DespawnOnExit` of the state it belongs to.

use bevy::prelude::*;

/// Which screen the app shows.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The texture pack's images load, with a progress bar.
    #[default]
    Loading,
    Menu,
    Settings,
    /// The rules of every game (from the locale files).
    Rules,
    /// 括号大战 and 星号大战 (see [`BracketScreen`]).
    Bracket,
    /// 猪国杀 (see [`PigScreen`]).
    Pig,
    /// 军棋 (see [`JunqiScreen`]).
    Junqi,
    /// 联机 Online (see [`OnlineScreen`]).
    Online,
}

/// The online screens; exists only while [`Screen::Online`] is on. The room screen
/// follows the server: it shows while this connection is in a room.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Online)]
pub enum OnlineScreen {
    /// The server, the name, the room list and a new room.
    #[default]
    Lobby,
    /// Seats, 举手, chat, and the game (军棋 is drawn in the room's own panel).
    Room,
    /// A 括号大战 game of the room on the game's own board, the room's panel beside it.
    BracketBoard,
}

/// This connection is in an online room (its panel is on screen, beside a 括号大战 board or
/// with the 军棋 board in it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct InRoom;

impl ComputedStates for InRoom {
    type SourceStates = Option<OnlineScreen>;

    fn compute(screen: Option<OnlineScreen>) -> Option<Self> {
        matches!(
            screen,
            Some(OnlineScreen::Room | OnlineScreen::BracketBoard)
        )
        .then_some(InRoom)
    }
}

/// The 括号大战 screens; exists only while [`Screen::Bracket`] is on.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Bracket)]
pub enum BracketScreen {
    #[default]
    Slots,
    NewGame,
    Playing,
    GameOver,
    /// Watching a saved game.
    Replay,
}

/// The 猪国杀 screens; exists only while [`Screen::Pig`] is on.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Pig)]
pub enum PigScreen {
    /// Setting up a table, with the 猪国杀 save slots.
    #[default]
    Setup,
    /// Watching or playing a table.
    Table,
}

/// The 军棋 screens; exists only while [`Screen::Junqi`] is on.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Junqi)]
pub enum JunqiScreen {
    /// The 军棋 save slots.
    #[default]
    Slots,
    NewGame,
    /// Between two persons at one computer: the board is covered.
    Handover,
    /// A person lays out their army.
    Deploy,
    Playing,
    GameOver,
    /// Watching a saved or finished game ply by ply.
    Replay,
}

/// The 括号大战 board is on screen: playing, the end of a game, a replay, or an online
/// room's game. The board's entities (rule entities and sprites) despawn when it leaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BracketBoardShown;

impl ComputedStates for BracketBoardShown {
    type SourceStates = (Option<BracketScreen>, Option<OnlineScreen>);

    /// Playing → GameOver → Replay keeps the board: no exit in between.
    const ALLOW_SAME_STATE_TRANSITIONS: bool = false;

    fn compute((screen, online): (Option<BracketScreen>, Option<OnlineScreen>)) -> Option<Self> {
        (matches!(
            screen,
            Some(BracketScreen::Playing | BracketScreen::GameOver | BracketScreen::Replay)
        ) || online == Some(OnlineScreen::BracketBoard))
        .then_some(BracketBoardShown)
    }
}

/// The 括号大战 board takes moves: a game at this computer, or an online room's game (whose
/// moves go to the server). The pointer, the keyboard, the panels and the preview run in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct BracketBoardPlay;

impl ComputedStates for BracketBoardPlay {
    type SourceStates = (Option<BracketScreen>, Option<OnlineScreen>);

    fn compute((screen, online): (Option<BracketScreen>, Option<OnlineScreen>)) -> Option<Self> {
        (screen == Some(BracketScreen::Playing) || online == Some(OnlineScreen::BracketBoard))
            .then_some(BracketBoardPlay)
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_sub_state::<BracketScreen>()
        .add_sub_state::<PigScreen>()
        .add_sub_state::<JunqiScreen>()
        .add_sub_state::<OnlineScreen>()
        .add_computed_state::<BracketBoardShown>()
        .add_computed_state::<BracketBoardPlay>()
        .add_computed_state::<InRoom>()
        .add_systems(
            Last,
            (
                wake_for_new_screen::<Screen>,
                wake_for_new_screen::<BracketScreen>,
                wake_for_new_screen::<PigScreen>,
                wake_for_new_screen::<JunqiScreen>,
                wake_for_new_screen::<OnlineScreen>,
            )
                .in_set(WakeForNewScreen),
        );
}

/// Asks for frames around a screen change (see [`wake_for_new_screen`]); runs in `Last`,
/// after egui's pass has set the next state.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct WakeForNewScreen;

/// The reactive window draws a frame only on input. A click that changes the screen sets
/// the next state, which applies at the start of the next frame, and egui tells what a
/// click hits from the rectangles of the frame before. Without more frames the old screen
/// stays up until the mouse moves, and the next click is measured against it and lost. So
/// while a screen change is pending, and in the frame it happened, another frame is asked
/// for: the new screen is drawn, and laid out, before the next input arrives.
fn wake_for_new_screen<S: bevy::state::state::FreelyMutableState>(
    state: Option<Res<State<S>>>,
    next: Option<Res<NextState<S>>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let pending = next.is_some_and(|n| !matches!(*n, NextState::Unchanged));
    let changed = state.is_some_and(|s| s.is_changed());
    if pending || changed {
        redraw.write(bevy::window::RequestRedraw);
    }
}
