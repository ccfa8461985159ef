//! The 括号大战 / 星号大战 game screen: the board, whose turn it is, the palette of piece
//! kinds (from the content, so modded kinds appear), the event log, surrender, pass, the
//! pause menu, computer seats, automatic saves, and the end screen.

pub mod ai;
pub mod fade;
pub mod preview;
pub mod replay;
pub mod view;

use bevy::prelude::*;
use bevy::tasks::{AsyncComputeTaskPool, Task, block_on, futures_lite::future};
use bevy::window::PrimaryWindow;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bw_rules::bracket::content::Class;
use bw_rules::bracket::ecs::{self as rules, BoardCell, Content, GameSetup, RemovalLog, Turn};
use bw_rules::bracket::game::{Action, At, Game, Mode, Outcome, Settings, check, placeable_kinds};
use bw_rules::bracket::{Dir, KindId, Tile};

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
struct Thinking(Option<Task<Action>>);

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
            .add_systems(Update, start_games)
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
                    board_input
                        .before(computer_turn)
                        .run_if(in_state(AppState::InGame)),
                )
                .add_systems(
                    EguiPrimaryContextPass,
                    hud.run_if(in_state(AppState::InGame)),
                )
                .add_systems(
                    EguiPrimaryContextPass,
                    end_screen.run_if(in_state(AppState::GameOver)),
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

/// Mouse and keyboard on the board: hover, drag from the palette (the facing follows the
/// mouse inside the cell), rotate (arrows, wheel), place, mark and confirm deletions, and
/// keyboard-only play (WASD cursor, 1-9 kind, Enter place, Delete mark, Esc cancel).
fn board_input(
    windows: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform)>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    mut wheel: MessageReader<bevy::input::mouse::MouseWheel>,
    mut egui: EguiContexts,
    frame: Option<Res<rules::BoardFrame>>,
    mut ui: ResMut<PlayUi>,
    mut queue: ResMut<QueuedActions>,
    turn: Res<Turn>,
    current: Res<CurrentGame>,
    setup: Res<GameSetup>,
    content: Res<Content>,
    snapshot: Res<rules::BoardSnapshot>,
) {
    let Some(frame) = frame else { return };
    let n = frame.side;
    let (pointer_over_egui, typing) = egui
        .ctx_mut()
        .map(|c| (c.is_pointer_over_egui(), c.egui_wants_keyboard_input()))
        .unwrap_or((false, false));
    if !typing {
        for (key, dir) in [
            (KeyCode::ArrowUp, Dir::U),
            (KeyCode::ArrowDown, Dir::D),
            (KeyCode::ArrowLeft, Dir::L),
            (KeyCode::ArrowRight, Dir::R),
        ] {
            if keys.just_pressed(key) {
                ui.facing = dir;
            }
        }
    }
    for w in wheel.read() {
        ui.facing = if w.y > 0.0 {
            ui.facing.clockwise()
        } else {
            ui.facing.clockwise().clockwise().clockwise()
        };
    }
    if ui.paused {
        return;
    }
    let world_pos = windows
        .single()
        .ok()
        .and_then(|w| w.cursor_position())
        .and_then(|p| {
            let (cam, gt) = camera.single().ok()?;
            cam.viewport_to_world_2d(gt, p).ok()
        });
    let cell = if pointer_over_egui {
        None
    } else {
        world_pos.and_then(|p| view::cell_at(n, p))
    };
    let hovered = cell.map(|(r, c)| r as usize * n + c as usize);
    if ui.hovered != hovered {
        ui.hovered = hovered;
    }
    let human = current
        .save
        .seats
        .get(turn.0.current as usize - 1)
        .copied()
        .unwrap_or_default()
        == SeatKind::Human;
    if !human || turn.0.is_over() {
        ui.dragging = None;
        return;
    }
    // Dragging: the facing follows the mouse's offset from the cell's centre.
    if let (Some(_), Some((r, c)), Some(p)) = (ui.dragging, cell, world_pos)
        && let Some(dir) =
            view::facing_from_offset(p - view::cell_center(n, r, c), view::cell_size(n))
        && ui.facing != dir
    {
        ui.facing = dir;
    }
    if mouse.just_released(MouseButton::Left)
        && let Some(kind) = ui.dragging.take()
    {
        match cell {
            Some((row, col)) => queue.0.push(Action::Place {
                at: At { row, col },
                kind,
                facing: None,
            }),
            None => ui.message = None,
        }
        return;
    }
    if !typing {
        keyboard(
            &keys,
            &mut ui,
            &mut queue,
            n,
            &setup,
            &content,
            turn.0.current,
        );
    }
    let Some((row, col)) = cell else { return };
    let at = At { row, col };
    if mouse.just_pressed(MouseButton::Right) {
        mark_or_cancel(&mut ui, &snapshot.board, turn.0.current, at);
    }
    if mouse.just_pressed(MouseButton::Left) && ui.dragging.is_none() {
        if let Some(del) = ui.pending_delete.take() {
            if del == at {
                queue.0.push(Action::Delete { at });
            }
            return;
        }
        if let Some(kind) = ui.kind {
            queue.0.push(Action::Place {
                at,
                kind,
                facing: None,
            });
        }
    }
}

/// Right click (or Delete): mark an own piece for deletion, or cancel the mark.
fn mark_or_cancel(ui: &mut PlayUi, board: &bw_rules::bracket::Board, me: u8, at: At) {
    if ui.pending_delete == Some(at) {
        ui.pending_delete = None;
        return;
    }
    let i = board.index(at.row as usize, at.col as usize);
    let mine = matches!(board.tile(i), Tile::Piece(p) if p.owner == me);
    ui.pending_delete = mine.then_some(at);
}

fn keyboard(
    keys: &ButtonInput<KeyCode>,
    ui: &mut PlayUi,
    queue: &mut QueuedActions,
    n: usize,
    setup: &GameSetup,
    content: &Content,
    me: u8,
) {
    let moves = [
        (KeyCode::KeyW, -1i32, 0i32),
        (KeyCode::KeyS, 1, 0),
        (KeyCode::KeyA, 0, -1),
        (KeyCode::KeyD, 0, 1),
    ];
    for (key, dr, dc) in moves {
        if keys.just_pressed(key) {
            let home = bw_rules::bracket::Board::new(n, 4)
                .home_cells(me)
                .nth(4)
                .unwrap_or(0);
            let start = ui.cursor.unwrap_or(At {
                row: (home / n) as u8,
                col: (home % n) as u8,
            });
            let clamp = |v: i32| v.clamp(0, n as i32 - 1) as u8;
            ui.cursor = Some(At {
                row: clamp(start.row as i32 + dr),
                col: clamp(start.col as i32 + dc),
            });
            ui.hovered = None;
        }
    }
    let digits = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
    ];
    let palette = placeable_kinds(&setup.settings, &content.0);
    for (i, key) in digits.iter().enumerate() {
        if keys.just_pressed(*key)
            && let Some((kind, _)) = palette.get(i)
        {
            ui.kind = Some(*kind);
        }
    }
    if keys.just_pressed(KeyCode::Escape) {
        ui.pending_delete = None;
        ui.dragging = None;
    }
    let Some(at) = ui.cursor else { return };
    if keys.just_pressed(KeyCode::Delete) || keys.just_pressed(KeyCode::Backspace) {
        ui.pending_delete = if ui.pending_delete == Some(at) {
            None
        } else {
            Some(at)
        };
    }
    if keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::Space) {
        if ui.pending_delete == Some(at) {
            ui.pending_delete = None;
            queue.0.push(Action::Delete { at });
        } else if let Some(kind) = ui.kind {
            queue.0.push(Action::Place {
                at,
                kind,
                facing: None,
            });
        }
    }
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
            Err(refusal) => world.resource_mut::<PlayUi>().message = Some(refusal.to_string()),
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

fn hud(
    mut contexts: EguiContexts,
    settings: Res<UserSettings>,
    content: Res<Content>,
    turn: Res<Turn>,
    setup: Res<GameSetup>,
    current: Res<CurrentGame>,
    snapshot: Res<rules::BoardSnapshot>,
    thinking: Res<Thinking>,
    mut ui: ResMut<PlayUi>,
    mut queue: ResMut<QueuedActions>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.lang;
    let me = turn.0.current;
    let human = current
        .save
        .seats
        .get(me as usize - 1)
        .copied()
        .unwrap_or_default()
        == SeatKind::Human;
    let mut root = crate::app::root_ui(ctx);
    egui::Panel::top("turn").show(&mut root, |bar| {
        bar.horizontal(|bar| {
            let mode = if setup.settings.mode == Mode::StarWar {
                T::StarWar
            } else {
                T::BracketWar
            };
            bar.label(egui::RichText::new(mode.tr(lang)).strong());
            bar.separator();
            bar.label(format!("{} {}", T::Round.tr(lang), turn.0.round + 1));
            bar.separator();
            bar.label(T::Turn.tr(lang));
            bar.label(
                egui::RichText::new(player_name(lang, me))
                    .color(seat_color32(me))
                    .strong(),
            );
            if !human {
                bar.label(format!(
                    "({}) {}",
                    T::Computer.tr(lang),
                    if thinking.0.is_some() {
                        T::Thinking.tr(lang)
                    } else {
                        ""
                    }
                ));
            }
            bar.separator();
            bar.label(format!("{} {}", T::Seed.tr(lang), setup.seed));
            if let Some(m) = &ui.message {
                bar.separator();
                bar.colored_label(egui::Color32::from_rgb(250, 140, 120), m);
            }
        });
    });
    egui::Panel::left("palette")
        .exact_size(210.0)
        .show(&mut root, |p| {
            p.heading(T::Palette.tr(lang));
            p.label(egui::RichText::new(T::ClickToPlace.tr(lang)).small());
            p.add_space(6.0);
            for (id, facings) in placeable_kinds(&setup.settings, &content.0) {
                let k = content.0.get(id);
                let name = match lang {
                    Lang::Zh => &k.name.zh,
                    Lang::En => &k.name.en,
                };
                let selected = ui.kind == Some(id);
                let label = egui::RichText::new(format!("{}  {}", k.glyph, name))
                    .size(20.0)
                    .color(seat_color32(me));
                let button = egui::Button::selectable(selected, label)
                    .min_size(egui::vec2(190.0, 34.0))
                    .sense(egui::Sense::click_and_drag());
                let response = p.add_enabled(human, button);
                if response.clicked() {
                    ui.kind = Some(id);
                }
                if response.drag_started() {
                    ui.kind = Some(id);
                    ui.dragging = Some(id);
                }
                let _ = facings;
            }
            p.add_space(8.0);
            p.horizontal(|h| {
                for d in [Dir::U, Dir::D, Dir::L, Dir::R] {
                    let arrow = match d {
                        Dir::U => "↑",
                        Dir::D => "↓",
                        Dir::L => "←",
                        Dir::R => "→",
                    };
                    if h.selectable_label(ui.facing == d, arrow).clicked() {
                        ui.facing = d;
                    }
                }
            });
            p.add_space(12.0);
            let can_pass = human
                && check(
                    &setup.settings,
                    &snapshot.board,
                    &turn.0,
                    &content.0,
                    &Action::Pass,
                )
                .is_ok();
            if p.add_enabled(can_pass, egui::Button::new(T::Pass.tr(lang)))
                .clicked()
            {
                queue.0.push(Action::Pass);
            }
            if setup.settings.mode == Mode::Classic
                && p.add_enabled(human, egui::Button::new(T::Surrender.tr(lang)))
                    .clicked()
            {
                queue.0.push(Action::Surrender);
            }
            if p.button(T::Pause.tr(lang)).clicked() {
                ui.paused = true;
            }
            p.add_space(8.0);
            let mut beams = ui.show_beams;
            if p.checkbox(&mut beams, T::ShowBeams.tr(lang)).changed() {
                ui.show_beams = beams;
            }
            if let Some(reason) = &ui.preview.refusal {
                p.add_space(8.0);
                p.colored_label(egui::Color32::from_rgb(240, 150, 120), reason.clone());
            }
        });
    egui::Panel::right("log")
        .exact_size(280.0)
        .show(&mut root, |p| {
            p.heading(T::EventLog.tr(lang));
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .show(p, |s| {
                    for line in &ui.log {
                        s.label(egui::RichText::new(line).size(15.0));
                    }
                });
        });
    if ui.paused {
        egui::Window::new(T::Pause.tr(lang))
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |w| {
                if w.button(T::Resume.tr(lang)).clicked() {
                    ui.paused = false;
                }
                if w.button(T::SaveAndQuit.tr(lang)).clicked() {
                    ui.paused = false;
                    next.set(AppState::MainMenu);
                }
            });
    }
    Ok(())
}

fn end_screen(
    mut contexts: EguiContexts,
    settings: Res<UserSettings>,
    turn: Res<Turn>,
    current: Res<CurrentGame>,
    mut watch: MessageWriter<replay::WatchReplay>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.lang;
    egui::Window::new(T::Title.tr(lang))
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |w| {
            match &turn.0.outcome {
                Some(Outcome::LastStanding(p)) => {
                    w.label(
                        egui::RichText::new(format!(
                            "{} {}",
                            player_name(lang, *p),
                            T::Winner.tr(lang)
                        ))
                        .size(30.0)
                        .color(seat_color32(*p)),
                    );
                }
                Some(Outcome::Scored { scores, winners }) => {
                    let names: Vec<String> =
                        winners.iter().map(|&p| player_name(lang, p)).collect();
                    w.label(
                        egui::RichText::new(format!("{} {}", names.join("、"), T::Winner.tr(lang)))
                            .size(28.0),
                    );
                    w.label(T::Scores.tr(lang));
                    for (p, s) in scores {
                        w.label(
                            egui::RichText::new(format!("{}: {s}", player_name(lang, *p)))
                                .color(seat_color32(*p)),
                        );
                    }
                }
                None => {}
            }
            w.add_space(10.0);
            if w.button(T::WatchReplay.tr(lang)).clicked() {
                watch.write(replay::WatchReplay(current.save.clone()));
            }
            if w.button(T::ToMenu.tr(lang)).clicked() {
                next.set(AppState::MainMenu);
            }
        });
    Ok(())
}
