//! The 括号大战 / 星号大战 game screen: the board, whose turn it is, the palette of piece
//! kinds (from the content, so modded kinds appear), the event log, surrender, pass, the
//! pause menu, computer seats, automatic saves, and the end screen.

pub mod ai;
pub mod fade;
mod hud;
pub mod input;
pub mod preview;
pub mod replay;
pub mod view;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, futures_lite::future};
use bevy_egui::{EguiPrimaryContextPass, egui};
use bw_rules::bracket::content::Class;
use bw_rules::bracket::ecs::{self as rules, BoardCell, Content, GameSetup, RemovalLog, Turn};
use bw_rules::bracket::game::{Action, At, Game, Settings};
use bw_rules::bracket::{Dir, KindId};

use super::i18n::{Lang, T, player_name};
use super::settings::UserSettings;
use super::{AppState, Saves};
use crate::saves::{SaveData, SeatKind, Slot};

/// Opens a game: a new one in a slot, or the one saved in a slot.
#[derive(Message, Clone, Debug)]
pub enum StartGame {
    New {
        slot: usize,
        settings: Settings,
        seats: Vec<SeatKind>,
        coverage_hint: bool,
        seed: u64,
    },
    Load {
        slot: usize,
    },
}

/// The game being played and the slot it saves to.
#[derive(Resource, Clone, Debug)]
pub struct CurrentGame {
    pub slot: usize,
    pub save: SaveData,
}

/// The player's choices on the game screen.
#[derive(Resource, Debug)]
pub struct PlayUi {
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
    /// The attack overlay and per-face values on hover.
    pub show_beams: bool,
    pub preview: preview::Preview,
    pub preview_key: Option<(Option<(KindId, At)>, Dir)>,
}

impl Default for PlayUi {
    fn default() -> Self {
        PlayUi {
            kind: None,
            facing: Dir::R,
            hovered: None,
            cursor: None,
            dragging: None,
            pending_delete: None,
            message: None,
            log: vec![],
            paused: false,
            show_beams: false,
            preview: preview::Preview::default(),
            preview_key: None,
        }
    }
}

/// Actions chosen this frame, applied in order by one exclusive system.
#[derive(Resource, Default)]
pub struct QueuedActions(pub Vec<Action>);

/// A computer seat thinking off the main thread.
#[derive(Resource, Default)]
pub(crate) struct Thinking(pub(crate) Option<Task<Action>>);

pub fn seat_color(p: u8) -> Color {
    match p {
        1 => Color::srgb(0.86, 0.22, 0.22),
        2 => Color::srgb(0.22, 0.42, 0.90),
        3 => Color::srgb(0.20, 0.62, 0.30),
        _ => Color::srgb(0.92, 0.62, 0.10),
    }
}

pub fn seat_color32(p: u8) -> egui::Color32 {
    let c = seat_color(p).to_srgba();
    egui::Color32::from_rgb(
        (c.red * 255.0) as u8,
        (c.green * 255.0) as u8,
        (c.blue * 255.0) as u8,
    )
}

pub struct GamePlugin {
    /// Draw the board and take input (off in headless tests).
    pub ui: bool,
}

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<StartGame>()
            .init_resource::<PlayUi>()
            .init_resource::<QueuedActions>()
            .init_resource::<Thinking>()
            .add_plugins(replay::ReplayPlugin { ui: self.ui })
            .init_resource::<input::Pointer>()
            .add_systems(Update, start_games)
            .add_systems(
                Update,
                input::board_input
                    .before(computer_turn)
                    .run_if(in_state(AppState::InGame)),
            )
            .add_systems(
                Update,
                (computer_turn, apply_actions)
                    .chain()
                    .run_if(in_state(AppState::InGame)),
            )
            .add_systems(OnExit(AppState::GameOver), clear_board);
        if self.ui {
            app.add_plugins((view::BoardViewPlugin, preview::PreviewPlugin))
                .add_systems(Update, fade::fade)
                .add_systems(
                    Update,
                    input::read_pointer
                        .before(input::board_input)
                        .run_if(in_state(AppState::InGame)),
                )
                .add_systems(
                    EguiPrimaryContextPass,
                    hud::hud.run_if(in_state(AppState::InGame)),
                )
                .add_systems(
                    EguiPrimaryContextPass,
                    hud::end_screen.run_if(in_state(AppState::GameOver)),
                );
        }
    }
}

/// The headless game equal to the world's (for checks and computer players).
pub fn game_of(world: &World) -> Game {
    let setup = world.resource::<GameSetup>();
    let board = world.resource::<rules::BoardSnapshot>().board.clone();
    Game {
        settings: setup.settings.clone(),
        seed: setup.seed,
        board,
        turn: world.resource::<Turn>().0.clone(),
        actions: world.resource::<rules::ActionLog>().0.clone(),
    }
}

pub(crate) fn clear_board(world: &mut World) {
    let doomed: Vec<Entity> = world
        .query_filtered::<Entity, Or<(With<BoardCell>, With<view::GridCell>)>>()
        .iter(world)
        .collect();
    for e in doomed {
        world.despawn(e);
    }
}

fn start_games(world: &mut World) {
    let requests: Vec<StartGame> = world
        .resource_mut::<Messages<StartGame>>()
        .drain()
        .collect();
    for request in requests {
        let kinds = world.resource::<Content>().0.clone();
        let (slot, save) = match request {
            StartGame::New {
                slot,
                settings,
                seats,
                coverage_hint,
                seed,
            } => (slot, SaveData::new(settings, seed, seats, coverage_hint)),
            StartGame::Load { slot } => match world.resource::<Saves>().0.load(slot, &kinds) {
                Slot::Saved { data, .. } => (slot, data),
                _ => continue,
            },
        };
        clear_board(world);
        rules::start_game(world, save.settings.clone(), save.seed);
        let lang = world.resource::<UserSettings>().lang;
        let mut log = Vec::new();
        for saved in &save.actions {
            let action = saved.action(&kinds).expect("a loaded save replays");
            let me = world.resource::<Turn>().0.current;
            rules::act(world, action).expect("a loaded save replays");
            log.extend(log_lines(world, lang, me, &action, &kinds));
        }
        *world.resource_mut::<PlayUi>() = PlayUi {
            log,
            ..PlayUi::default()
        };
        world.resource_mut::<Thinking>().0 = None;
        world.insert_resource(CurrentGame { slot, save });
        autosave(world);
        let over = world.resource::<Turn>().0.is_over();
        world.resource_mut::<NextState<AppState>>().set(if over {
            AppState::GameOver
        } else {
            AppState::InGame
        });
    }
}

fn autosave(world: &mut World) {
    let kinds = world.resource::<Content>().0.clone();
    let game = game_of(world);
    let mut current = world.resource_mut::<CurrentGame>();
    current.save.record(&game, &kinds);
    let (slot, save) = (current.slot, current.save.clone());
    if let Err(e) = world.resource::<Saves>().0.store(slot, &save) {
        warn!("the game could not be saved: {e}");
    }
}

fn is_human_turn(world: &World) -> bool {
    let turn = &world.resource::<Turn>().0;
    let save = &world.resource::<CurrentGame>().save;
    !turn.is_over()
        && save
            .seats
            .get(turn.current as usize - 1)
            .copied()
            .unwrap_or_default()
            == SeatKind::Human
}

/// Computer seats think on the task pool; their choice is queued when ready.
fn computer_turn(world: &mut World) {
    if world.resource::<PlayUi>().paused
        || is_human_turn(world)
        || world.resource::<Turn>().0.is_over()
    {
        return;
    }
    if let Some(task) = world.resource_mut::<Thinking>().0.as_mut() {
        if let Some(action) = block_on(future::poll_once(task)) {
            world.resource_mut::<Thinking>().0 = None;
            world.resource_mut::<QueuedActions>().0.push(action);
        }
        return;
    }
    let game = game_of(world);
    let kinds = world.resource::<Content>().0.clone();
    let seat = world.resource::<CurrentGame>().save.seats[game.turn.current as usize - 1];
    let seed = world.resource::<CurrentGame>().save.seed ^ game.actions.len() as u64;
    let task =
        AsyncComputeTaskPool::get().spawn(async move { ai::choose(seat, &game, &kinds, seed) });
    world.resource_mut::<Thinking>().0 = Some(task);
}

/// Applies queued actions through the rules (refusals become a message), logs what
/// happened, saves, and ends the game when it is over.
fn apply_actions(world: &mut World) {
    let queued = std::mem::take(&mut world.resource_mut::<QueuedActions>().0);
    if queued.is_empty() {
        return;
    }
    let kinds = world.resource::<Content>().0.clone();
    let lang = world.resource::<UserSettings>().lang;
    for mut action in queued {
        let me = world.resource::<Turn>().0.current;
        if let Action::Place { kind, facing, .. } = &mut action
            && kinds.get(*kind).class == Class::Bracket
            && facing.is_none()
        {
            *facing = Some(world.resource::<PlayUi>().facing);
        }
        match rules::act(world, action) {
            Err(refusal) => {
                world.resource_mut::<PlayUi>().message =
                    Some(crate::app::i18n::refusal(lang, &refusal))
            }
            Ok(()) => {
                let lines = log_lines(world, lang, me, &action, &kinds);
                let mut ui = world.resource_mut::<PlayUi>();
                ui.message = None;
                ui.log.extend(lines);
                fade::spawn_fades(world);
                autosave(world);
                if world.resource::<Turn>().0.is_over() {
                    world
                        .resource_mut::<NextState<AppState>>()
                        .set(AppState::GameOver);
                    break;
                }
            }
        }
    }
}

/// The log lines of an action just applied: the action, then every removal in order.
fn log_lines(
    world: &World,
    lang: Lang,
    me: u8,
    action: &Action,
    kinds: &bw_rules::bracket::KindTable,
) -> Vec<String> {
    let mut lines = vec![describe(lang, me, action, kinds)];
    for round in &world.resource::<RemovalLog>().0 {
        for r in round {
            lines.push(format!(
                "{} {} ({},{}) {}",
                player_name(lang, r.piece.owner),
                kinds.get(r.piece.kind).glyph,
                r.cell.row,
                r.cell.col,
                T::Destroyed.tr(lang)
            ));
        }
    }
    lines
}

fn describe(lang: Lang, me: u8, action: &Action, kinds: &bw_rules::bracket::KindTable) -> String {
    let who = player_name(lang, me);
    match action {
        Action::Place { at, kind, facing } => {
            let f = facing.map(|d| d.to_char().to_string()).unwrap_or_default();
            format!(
                "{who} {} {}{f} ({},{})",
                T::Placed.tr(lang),
                kinds.get(*kind).glyph,
                at.row,
                at.col
            )
        }
        Action::Delete { at } => format!("{who} {} ({},{})", T::Deleted.tr(lang), at.row, at.col),
        Action::Pass => format!("{who} {}", T::Passed.tr(lang)),
        Action::Surrender => format!("{who} {}", T::Surrendered.tr(lang)),
    }
}
