//! Sprites for the board: cells, home corners, mirrors, glass and pieces. Visuals hang
//! off the rule entities themselves, so a despawned piece takes its sprite with it.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bw_rules::bracket::Dir;
use bw_rules::bracket::ecs::{
    self as rules, BoardCell, BoardFrame, BoardSnapshot, Content, Facing, GlassPlate, Kind,
    MirrorPlate, Owner, SignalCoverage, Turn,
};
use bw_rules::bracket::game::legal_placements;
use bw_rules::bracket::{Glass, Mirror};

use super::DemoMoves;

pub struct BoardViewPlugin;

impl Plugin for BoardViewPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(Startup, spawn_camera).add_systems(
            Update,
            (
                demo_input,
                play_demo_moves,
                draw_cells,
                draw_fixtures,
                draw_pieces,
                draw_status,
            )
                .chain(),
        );
    }
}

/// Seat colours: P1 red, P2 blue, P3 green, P4 amber.
pub fn seat_color(p: u8) -> Color {
    match p {
        1 => Color::srgb(0.86, 0.22, 0.22),
        2 => Color::srgb(0.22, 0.42, 0.90),
        3 => Color::srgb(0.20, 0.68, 0.32),
        _ => Color::srgb(0.95, 0.65, 0.10),
    }
}

const BOARD_PX: f32 = 720.0;

fn cell_size(side: usize) -> f32 {
    (BOARD_PX / side as f32).floor()
}

fn cell_center(side: usize, row: u8, col: u8) -> Vec2 {
    let cs = cell_size(side);
    let half = (side as f32 - 1.0) / 2.0;
    Vec2::new((col as f32 - half) * cs, (half - row as f32) * cs)
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

/// A background square of the board grid.
#[derive(Component)]
struct GridCell {
    cell: usize,
}

#[derive(Component)]
struct StatusText;

fn draw_cells(
    mut commands: Commands,
    frame: Option<Res<BoardFrame>>,
    coverage: Res<SignalCoverage>,
    turn: Option<Res<Turn>>,
    mut grid: Query<(&GridCell, &mut Sprite)>,
    mut painted: Local<bool>,
) {
    let (Some(frame), Some(turn)) = (frame, turn) else {
        return;
    };
    let n = frame.side;
    let cs = cell_size(n);
    if grid.is_empty() {
        for cell in 0..n * n {
            let pos = cell_center(n, (cell / n) as u8, (cell % n) as u8);
            commands.spawn((
                GridCell { cell },
                Sprite::from_color(Color::WHITE, Vec2::splat(cs - 2.0)),
                Transform::from_translation(pos.extend(0.0)),
            ));
        }
        *painted = false;
        return;
    }
    if *painted && !(frame.is_changed() || coverage.is_changed() || turn.is_changed()) {
        return;
    }
    *painted = true;
    let board = bw_rules::bracket::Board::new(n, 4);
    let me = turn.0.current;
    for (g, mut sprite) in &mut grid {
        let home = frame
            .seats
            .iter()
            .copied()
            .find(|&p| board.corner_contains(p, g.cell));
        let base = Color::srgb(0.93, 0.92, 0.88);
        let mut color = match home {
            Some(p) => base.mix(&seat_color(p), 0.35),
            None => base,
        };
        if coverage.0[me as usize - 1].contains(g.cell) {
            color = color.mix(&seat_color(me), 0.18);
        }
        sprite.color = color;
    }
}

fn draw_fixtures(
    mut commands: Commands,
    frame: Option<Res<BoardFrame>>,
    mirrors: Query<(Entity, &BoardCell, &MirrorPlate), Without<Transform>>,
    glass: Query<(Entity, &BoardCell, &GlassPlate), Without<Transform>>,
) {
    let Some(frame) = frame else { return };
    let n = frame.side;
    let cs = cell_size(n);
    let ink = Color::srgb(0.25, 0.28, 0.35);
    for (e, at, m) in &mirrors {
        let angle = match m.0 {
            Mirror::Slash => std::f32::consts::FRAC_PI_4,
            Mirror::Backslash => -std::f32::consts::FRAC_PI_4,
        };
        commands
            .entity(e)
            .insert((
                Transform::from_translation(cell_center(n, at.row, at.col).extend(1.0)),
                Visibility::default(),
            ))
            .with_children(|c| {
                c.spawn((
                    Sprite::from_color(
                        Color::srgb(0.55, 0.75, 0.85),
                        Vec2::new(cs * 1.2, cs * 0.12),
                    ),
                    Transform::from_rotation(Quat::from_rotation_z(angle)),
                ));
            });
    }
    let glass_color = Color::srgba(0.35, 0.75, 0.80, 0.9);
    for (e, at, g) in &glass {
        let (h, v) = match g.0 {
            Glass::Horizontal => (true, false),
            Glass::Vertical => (false, true),
            Glass::Cross => (true, true),
        };
        commands
            .entity(e)
            .insert((
                Transform::from_translation(cell_center(n, at.row, at.col).extend(1.0)),
                Visibility::default(),
            ))
            .with_children(|c| {
                if h {
                    c.spawn(Sprite::from_color(
                        glass_color,
                        Vec2::new(cs * 0.9, cs * 0.16),
                    ));
                }
                if v {
                    c.spawn(Sprite::from_color(
                        glass_color,
                        Vec2::new(cs * 0.16, cs * 0.9),
                    ));
                }
                c.spawn(Sprite::from_color(
                    ink.with_alpha(0.15),
                    Vec2::splat(cs * 0.9),
                ));
            });
    }
}

fn facing_angle(d: Dir) -> f32 {
    // Glyphs are drawn facing right.
    match d {
        Dir::R => 0.0,
        Dir::U => std::f32::consts::FRAC_PI_2,
        Dir::L => std::f32::consts::PI,
        Dir::D => -std::f32::consts::FRAC_PI_2,
    }
}

fn draw_pieces(
    mut commands: Commands,
    frame: Option<Res<BoardFrame>>,
    content: Res<Content>,
    pieces: Query<(Entity, &BoardCell, &Owner, &Kind, Option<&Facing>), Without<Transform>>,
) {
    let Some(frame) = frame else { return };
    let n = frame.side;
    let cs = cell_size(n);
    for (e, at, owner, kind, facing) in &pieces {
        let glyph = content.0.get(kind.0).glyph;
        let rotation = facing.map_or(0.0, |f| facing_angle(f.0));
        commands
            .entity(e)
            .insert((
                Transform::from_translation(cell_center(n, at.row, at.col).extend(2.0)),
                Visibility::default(),
            ))
            .with_children(|c| {
                c.spawn(Sprite::from_color(
                    seat_color(owner.0).with_alpha(0.25),
                    Vec2::splat(cs * 0.86),
                ));
                c.spawn((
                    Text2d::new(glyph.to_string()),
                    TextFont::from_font_size(cs * 0.7),
                    TextColor(seat_color(owner.0).darker(0.15)),
                    Transform::from_rotation(Quat::from_rotation_z(rotation))
                        .with_translation(Vec3::Z),
                ));
            });
    }
}

fn draw_status(
    mut commands: Commands,
    turn: Option<Res<Turn>>,
    mut text: Query<&mut Text2d, With<StatusText>>,
) {
    let Some(turn) = turn else { return };
    let line = match &turn.0.outcome {
        None => format!(
            "Player {} to move. Space: a random legal move",
            turn.0.current
        ),
        Some(o) => format!("Game over: {o:?}"),
    };
    match text.single_mut() {
        Ok(mut t) => {
            if t.0 != line {
                t.0 = line;
            }
        }
        Err(_) => {
            commands.spawn((
                StatusText,
                Text2d::new(line),
                TextFont::from_font_size(20.0),
                TextColor(Color::srgb(0.9, 0.9, 0.9)),
                Transform::from_xyz(0.0, BOARD_PX / 2.0 + 24.0, 5.0),
            ));
        }
    }
}

fn demo_input(
    keys: Res<ButtonInput<KeyCode>>,
    mouse: Res<ButtonInput<MouseButton>>,
    mut demo: ResMut<DemoMoves>,
) {
    if keys.just_pressed(KeyCode::Space) || mouse.just_pressed(MouseButton::Left) {
        demo.pending += 1;
    }
}

/// Makes the pending random legal moves, through the same action API the game uses.
fn play_demo_moves(world: &mut World) {
    while world.resource::<DemoMoves>().pending > 0 {
        world.resource_mut::<DemoMoves>().pending -= 1;
        let turn = world.resource::<Turn>().0.clone();
        if turn.is_over() {
            break;
        }
        let board = world.resource::<BoardSnapshot>().board.clone();
        let content = world.resource::<Content>().0.clone();
        let settings = world.resource::<rules::GameSetup>().settings.clone();
        let moves = legal_placements(&settings, &board, &content, turn.current);
        let action = if moves.is_empty() {
            bw_rules::bracket::Action::Pass
        } else {
            let i = world
                .resource_mut::<DemoMoves>()
                .rng
                .below(moves.len() as u64) as usize;
            moves[i]
        };
        rules::act(world, action).expect("legal moves are accepted");
    }
}

/// Takes one screenshot after the board has been drawn for a while, then exits.
pub struct ScreenshotPlugin {
    pub path: PathBuf,
}

#[derive(Resource)]
struct ScreenshotTarget {
    path: PathBuf,
    frames: u32,
}

impl Plugin for ScreenshotPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(ScreenshotTarget {
            path: self.path.clone(),
            frames: 0,
        })
        .add_systems(Last, take_screenshot);
    }
}

fn take_screenshot(
    mut commands: Commands,
    mut target: ResMut<ScreenshotTarget>,
    mut exit: MessageWriter<AppExit>,
) {
    target.frames += 1;
    // The first frames can be black under software Vulkan; give text time to lay out.
    if target.frames == 40 {
        let _ = std::fs::remove_file(&target.path);
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(target.path.clone()));
    }
    if target.frames > 40 && target.path.exists() && target.frames > 60 {
        exit.write(AppExit::Success);
    }
    if target.frames > 2000 {
        exit.write(AppExit::error());
    }
}
