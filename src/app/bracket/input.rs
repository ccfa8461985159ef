//! Mouse and keyboard on the board. The window-specific part (where the pointer is in the
//! world, whether egui has it) is read into [`Pointer`] first, so the board's input logic
//! runs, and is tested, on plain Bevy input.

use crate::app::screens::controls::ControlsHelp;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::EguiContexts;
use bw_rules::bracket::Dir;
use bw_rules::bracket::ecs::{
    BracketBoard, BracketContent, BracketFrame, BracketSetup, BracketTurn,
};
use bw_rules::bracket::game::{Action, At, check, placeable_kinds};

use super::{BracketGame, BracketMove, BracketPlay, geometry, is_human_turn};
use crate::app::i18n::Locale;

/// Where the pointer is on the board's plane, and whether egui has the pointer or keyboard.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct Pointer {
    pub world: Option<Vec2>,
    pub over_egui: bool,
    pub typing: bool,
}

/// Reads the window's cursor through the camera, and egui's claims, into [`Pointer`].
pub(super) fn read_pointer(
    windows: Query<&Window, With<PrimaryWindow>>,
    camera: Query<(&Camera, &GlobalTransform)>,
    mut egui: EguiContexts,
    mut pointer: ResMut<Pointer>,
) {
    let (over_egui, typing) = egui
        .ctx_mut()
        .map(|c| (c.is_pointer_over_egui(), c.egui_wants_keyboard_input()))
        .unwrap_or((false, false));
    let world = windows
        .single()
        .ok()
        .and_then(|w| w.cursor_position())
        .and_then(|p| {
            let (cam, gt) = camera.single().ok()?;
            cam.viewport_to_world_2d(gt, p).ok()
        });
    let new = Pointer {
        world,
        over_egui,
        typing,
    };
    if *pointer != new {
        *pointer = new;
    }
}

/// The last wheel notch counted: its frame, when, and its direction.
#[derive(Clone, Copy, Debug, Default)]
pub struct LastNotch(Option<(u32, std::time::Instant, f32)>);

/// Whether a one-line wheel event is the twin of the notch just counted. winit on X11 reports
/// a wheel without smooth scrolling (the X server's own buttons 4 and 5: XTest, VNC, many
/// mice) twice per notch, both sent by the server at once: they come in the same frame, or,
/// when that frame was already being read, in the next one — which on a busy machine starts
/// long after (a time limit of 30 ms once counted a twin as a second notch). So the twin is
/// told by frames, with a generous time limit: the same direction, in the same or the next
/// frame, within half a second. Elsewhere each notch is one event and nothing is dropped.
pub fn wheel_twin(last: &mut LastNotch, y: f32, frame: u32, now: std::time::Instant) -> bool {
    let twin = cfg!(target_os = "linux")
        && y.abs() == 1.0
        && last.0.is_some_and(|(f, at, dy)| {
            dy == y
                && frame.wrapping_sub(f) <= 1
                && now.saturating_duration_since(at) < std::time::Duration::from_millis(500)
        });
    last.0 = if twin { None } else { Some((frame, now, y)) };
    twin
}

/// Mouse and keyboard on the board: hover, drag from the palette (the facing follows the
/// mouse inside the cell), rotate (arrows, wheel), place, mark and confirm deletions, and
/// keyboard-only play (WASD cursor, 1-9 kind, Enter place, Delete mark, Esc cancel).
pub fn board_input(
    pointer: Res<Pointer>,
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    mut wheel: MessageReader<bevy::input::mouse::MouseWheel>,
    frame: Option<Res<BracketFrame>>,
    mut ui: ResMut<BracketPlay>,
    mut moves: MessageWriter<BracketMove>,
    turn: Res<BracketTurn>,
    current: Res<BracketGame>,
    setup: Res<BracketSetup>,
    content: Res<BracketContent>,
    snapshot: Res<BracketBoard>,
    mut notches: Local<f32>,
    (mut last_line, frame_count): (Local<LastNotch>, Option<Res<bevy::diagnostic::FrameCount>>),
    (mut keys_play, help): (Local<bool>, Res<ControlsHelp>),
    loc: Res<Locale>,
) {
    let Some(frame) = frame else { return };
    // The controls are open over the board: it waits.
    if help.is_open() {
        wheel.clear();
        ui.dragging = None;
        return;
    }
    let n = frame.side;
    let (pointer_over_egui, typing) = (pointer.over_egui, pointer.typing);
    // Which hand plays: the keyboard cursor shows only while the keyboard is used; moving
    // or clicking the mouse puts it away (and hovering stays quiet while the keys play).
    if pointer.is_changed() && pointer.world.is_some() || mouse.get_just_pressed().len() > 0 {
        *keys_play = false;
    }
    let cursor_keys = [
        KeyCode::KeyW,
        KeyCode::KeyA,
        KeyCode::KeyS,
        KeyCode::KeyD,
        KeyCode::Enter,
        KeyCode::Delete,
    ];
    if !typing && keys.any_just_pressed(cursor_keys) {
        *keys_play = true;
    }
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
    // The wheel turns the piece only over the board: one notch (one line, or 50 pixels of a
    // touchpad) is one quarter turn, however the platform splits it into events.
    let over_board = !pointer.over_egui
        && pointer
            .world
            .and_then(|p| geometry::cell_at(n, p))
            .is_some();
    let now = std::time::Instant::now();
    let frame = frame_count.map_or(0, |f| f.0);
    for w in wheel.read() {
        if !over_board {
            continue;
        }
        *notches += match w.unit {
            bevy::input::mouse::MouseScrollUnit::Line => {
                if wheel_twin(&mut last_line, w.y, frame, now) {
                    continue;
                }
                w.y
            }
            bevy::input::mouse::MouseScrollUnit::Pixel => w.y / 50.0,
        };
    }
    if !over_board {
        *notches = 0.0;
    }
    while *notches >= 1.0 {
        ui.facing = ui.facing.clockwise();
        *notches -= 1.0;
    }
    while *notches <= -1.0 {
        ui.facing = ui.facing.clockwise().clockwise().clockwise();
        *notches += 1.0;
    }
    if !typing && keys.just_pressed(KeyCode::KeyH) {
        ui.coverage_hint = !ui.coverage_hint;
    }
    // "Surrender?" is open: Enter says yes, Esc no; the board waits.
    if ui.confirm_surrender {
        if !typing && keys.just_pressed(KeyCode::Enter) {
            let human = is_human_turn(&turn, &current);
            ui.answer_surrender(human, &mut moves);
        } else if !typing && keys.just_pressed(KeyCode::Escape) {
            ui.answer_surrender(false, &mut moves);
        }
        return;
    }
    // Esc closes the pause menu, and opens it when there is nothing else to let go of.
    if !typing && keys.just_pressed(KeyCode::Escape) {
        if ui.paused {
            ui.paused = false;
            return;
        }
        if ui.pending_delete.is_none() && ui.dragging.is_none() {
            ui.paused = true;
            return;
        }
    }
    if ui.paused {
        return;
    }
    let world_pos = pointer.world;
    let cell = if pointer_over_egui {
        None
    } else {
        world_pos.and_then(|p| geometry::cell_at(n, p))
    };
    let hovered = if *keys_play {
        None
    } else {
        cell.map(|(r, c)| r as usize * n + c as usize)
    };
    if ui.hovered != hovered {
        ui.hovered = hovered;
        // A refusal in the top bar was about the cell the pointer left; the preview speaks
        // for the cell it is over now.
        if hovered.is_some() {
            ui.message = None;
        }
    }
    if !*keys_play && hovered.is_some() && ui.cursor.is_some() {
        ui.cursor = None;
    }
    let human = is_human_turn(&turn, &current);
    if !human || turn.0.is_over() {
        ui.dragging = None;
        return;
    }
    // Dragging: the facing follows the mouse's offset from the cell's centre.
    if let (Some(_), Some((r, c)), Some(p)) = (ui.dragging, cell, world_pos)
        && let Some(dir) =
            geometry::facing_from_offset(p - geometry::cell_center(n, r, c), geometry::cell_size(n))
        && ui.facing != dir
    {
        ui.facing = dir;
    }
    if mouse.just_released(MouseButton::Left)
        && let Some(kind) = ui.dragging.take()
    {
        match cell {
            Some((row, col)) => {
                moves.write(BracketMove(Action::Place {
                    at: At { row, col },
                    kind,
                    facing: None,
                }));
            }
            None => ui.message = None,
        }
        return;
    }
    if !typing {
        keyboard(
            &keys,
            &mut ui,
            &mut moves,
            n,
            &setup,
            &content,
            turn.0.current,
            |at| deletion_refused(&setup, &snapshot, &turn, &content, &loc, at),
        );
    }
    let Some((row, col)) = cell else { return };
    let at = At { row, col };
    if mouse.just_pressed(MouseButton::Right) {
        let refused = deletion_refused(&setup, &snapshot, &turn, &content, &loc, at);
        mark_or_cancel(&mut ui, at, refused);
    }
    if mouse.just_pressed(MouseButton::Left) && ui.dragging.is_none() {
        if let Some(del) = ui.pending_delete.take() {
            if del == at {
                moves.write(BracketMove(Action::Delete { at }));
            }
            return;
        }
        if let Some(kind) = ui.kind {
            moves.write(BracketMove(Action::Place {
                at,
                kind,
                facing: None,
            }));
        }
    }
}

/// Why deleting the piece on `at` would be refused (in the player's words), if it would.
fn deletion_refused(
    setup: &BracketSetup,
    snapshot: &BracketBoard,
    turn: &BracketTurn,
    content: &BracketContent,
    loc: &Locale,
    at: At,
) -> Option<String> {
    check(
        &setup.settings,
        &snapshot.board,
        &turn.0,
        &content.0,
        &Action::Delete { at },
    )
    .err()
    .map(|r| crate::app::i18n::refusal(loc, &r))
}

/// Right click (or Delete): mark an own piece for deletion, or cancel the mark. A piece
/// that cannot be deleted (outside the home corner, not one's own) is not marked: the top
/// bar says why at once, not after the confirming click.
fn mark_or_cancel(ui: &mut BracketPlay, at: At, refused: Option<String>) {
    if ui.pending_delete == Some(at) {
        ui.pending_delete = None;
        return;
    }
    match refused {
        Some(why) => {
            ui.pending_delete = None;
            ui.message = Some(why);
        }
        None => {
            ui.pending_delete = Some(at);
            ui.message = None;
        }
    }
}

fn keyboard(
    keys: &ButtonInput<KeyCode>,
    ui: &mut BracketPlay,
    out: &mut MessageWriter<BracketMove>,
    n: usize,
    setup: &BracketSetup,
    content: &BracketContent,
    me: u8,
    refused: impl Fn(At) -> Option<String>,
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
        mark_or_cancel(ui, at, refused(at));
    }
    if keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::Space) {
        if ui.pending_delete == Some(at) {
            ui.pending_delete = None;
            out.write(BracketMove(Action::Delete { at }));
        } else if let Some(kind) = ui.kind {
            out.write(BracketMove(Action::Place {
                at,
                kind,
                facing: None,
            }));
        }
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;
    use std::time::{Duration, Instant};

    fn count(events: &[(u32, u64, f32)]) -> usize {
        let start = Instant::now();
        let mut last = LastNotch::default();
        events
            .iter()
            .filter(|&&(frame, ms, y)| {
                !wheel_twin(&mut last, y, frame, start + Duration::from_millis(ms))
            })
            .count()
    }

    #[test]
    fn a_notch_reported_twice_counts_once_even_across_a_slow_frame() {
        // The twin in the same frame, and in the next frame 200 ms later (a busy machine).
        assert_eq!(count(&[(1, 0, -1.0), (1, 0, -1.0)]), 1);
        assert_eq!(count(&[(1, 0, -1.0), (2, 200, -1.0)]), 1);
        // Two notches, each with its twin: two, however the frames fall.
        assert_eq!(
            count(&[(1, 0, -1.0), (1, 0, -1.0), (1, 0, -1.0), (1, 0, -1.0)]),
            2
        );
        assert_eq!(
            count(&[(1, 0, -1.0), (2, 150, -1.0), (9, 400, -1.0), (9, 400, -1.0)]),
            2
        );
        // A notch without a twin, then another frames later: two.
        assert_eq!(count(&[(1, 0, 1.0), (5, 80, 1.0)]), 2);
        // Opposite directions are never twins; nor are touchpad amounts.
        assert_eq!(count(&[(1, 0, 1.0), (1, 0, -1.0)]), 2);
        assert_eq!(count(&[(1, 0, 0.5), (1, 0, 0.5)]), 2);
    }
}
