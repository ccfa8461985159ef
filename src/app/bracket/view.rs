//! Sprites for the board: cells with home corners and the coverage hint, mirrors, glass and
//! pieces. Visuals hang off the rule entities themselves, so a despawned piece takes its
//! sprite with it.

use bevy::prelude::*;
use bw_rules::bracket::ecs::{
    BoardCell, BracketContent, BracketFrame, BracketTurn, Facing, GlassPlate, Kind, MirrorPlate,
    Owner, SignalCoverage,
};
use bw_rules::bracket::{Glass, Mirror};

use super::BracketPlay;
use super::geometry::{BOARD_CENTER, BOARD_PX, cell_center, cell_size, facing_angle};
use crate::app::fonts::UiFont;
use crate::app::i18n::Locale;
use crate::app::state::BracketBoardShown;
use crate::app::texture_pack::{ModImages, PackImages};
use crate::app::theme::SeatColors;

/// A row or column number beside the board.
#[derive(Component)]
pub struct GridLabel;

/// A background square of the board grid.
#[derive(Component)]
pub struct GridCell {
    pub cell: usize,
}

/// Draws the board while it is on screen.
/// The panels drawn beside the board this frame (window pixels): the board fits in what
/// they leave free. Every screen that draws a panel beside the board adds its rectangle.
#[derive(Resource, Default, Debug)]
pub struct BoardPanels(pub Vec<bevy_egui::egui::Rect>);

/// Where the board is drawn this frame: its cells' rectangle in window pixels, and how
/// many world units (cell pixels at 1280x800) one window pixel shows.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct BoardFit {
    pub scale: f32,
    pub camera: Vec2,
}

impl Default for BoardFit {
    fn default() -> Self {
        BoardFit {
            scale: 1.0,
            camera: Vec2::ZERO,
        }
    }
}

/// The free part of a `size` window beside `panels` (those along an edge push it in).
pub fn free_area(size: Vec2, panels: &[bevy_egui::egui::Rect]) -> (Vec2, Vec2) {
    let (mut min, mut max) = (Vec2::ZERO, size);
    for r in panels {
        let (w, h) = (r.width(), r.height());
        if r.min.x <= 1.0 && h > size.y / 2.0 && w < size.x / 2.0 {
            min.x = min.x.max(r.max.x);
        } else if r.max.x >= size.x - 1.0 && h > size.y / 2.0 && w < size.x / 2.0 {
            max.x = max.x.min(r.min.x);
        } else if r.min.y <= 1.0 && w > size.x / 2.0 {
            min.y = min.y.max(r.max.y);
        } else if r.max.y >= size.y - 1.0 && w > size.x / 2.0 {
            max.y = max.y.min(r.min.y);
        }
    }
    (min, max.max(min + Vec2::splat(1.0)))
}

/// The camera that shows the board whole and centred in the free area: at 1280x800 one
/// world unit is one pixel; a smaller window (or wider panels) shrinks the board to fit.
pub fn fit(size: Vec2, panels: &[bevy_egui::egui::Rect]) -> BoardFit {
    let (min, max) = free_area(size, panels);
    let free = max - min;
    let pad = 8.0;
    let need = BOARD_PX + 2.0 * pad;
    let scale = (need / free.x).max(need / free.y).max(1.0);
    let centre = (min + max) / 2.0;
    // Window pixel p shows world (p - size/2) * scale + camera (y up in the world).
    let camera = Vec2::new(
        BOARD_CENTER.x - (centre.x - size.x / 2.0) * scale,
        BOARD_CENTER.y + (centre.y - size.y / 2.0) * scale,
    );
    BoardFit { scale, camera }
}

/// Moves and scales the camera so the board fits beside this frame's panels (and puts it
/// back where no board is shown); a change asks for one more frame to show it.
fn fit_camera(
    mut panels: ResMut<BoardPanels>,
    mut fit_now: ResMut<BoardFit>,
    shown: Option<Res<State<BracketBoardShown>>>,
    window: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut camera: Query<(&mut Transform, &mut Projection), With<Camera2d>>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    let rects = std::mem::take(&mut panels.0);
    let Ok(window) = window.single() else { return };
    let wanted = match shown {
        // The end of a game draws no panel beside the board: it stays where the game left
        // it, under the end dialog.
        Some(_) if rects.is_empty() && *fit_now != BoardFit::default() => return,
        Some(_) => fit(window.size(), &rects),
        None => BoardFit::default(),
    };
    if *fit_now == wanted {
        return;
    }
    *fit_now = wanted;
    for (mut t, mut p) in &mut camera {
        t.translation.x = wanted.camera.x;
        t.translation.y = wanted.camera.y;
        if let Projection::Orthographic(o) = &mut *p {
            o.scale = wanted.scale;
        }
    }
    redraw.write(bevy::window::RequestRedraw);
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<BoardPanels>()
        .init_resource::<BoardFit>()
        .add_systems(
            PostUpdate,
            fit_camera.after(bevy_egui::EguiPostUpdateSet::EndPass),
        );
    app.add_systems(
        Update,
        (
            restyle_on_pack_change,
            draw_cells,
            draw_fixtures,
            draw_pieces,
        )
            .chain()
            .run_if(in_state(BracketBoardShown)),
    );
}

fn draw_cells(
    mut commands: Commands,
    frame: Option<Res<BracketFrame>>,
    coverage: Res<SignalCoverage>,
    ui: Res<BracketPlay>,
    pack: Res<PackImages>,
    seats: Res<SeatColors>,
    turn: Option<Res<BracketTurn>>,
    font: Res<UiFont>,
    labels: Query<Entity, With<GridLabel>>,
    mut grid: Query<(Entity, &GridCell, &mut Sprite)>,
) {
    let (Some(frame), Some(turn)) = (frame, turn) else {
        return;
    };
    let current = turn.0.current;
    let n = frame.side;
    let cs = cell_size(n);
    if grid.iter().count() != n * n {
        // A board of another size: a new grid, tinted at once (the reactive window may not
        // draw another frame until the next input).
        for (e, _, _) in &grid {
            commands.entity(e).despawn();
        }
        for e in &labels {
            commands.entity(e).despawn();
        }
        // Row numbers on the left, column numbers on top: the log names cells (row,col).
        let label = |text: String, at: Vec2| {
            (
                GridLabel,
                Text2d::new(text),
                TextFont {
                    font: font.0.clone().into(),
                    font_size: (cs * 0.32).clamp(10.0, 18.0).into(),
                    ..default()
                },
                TextColor(Color::srgb(0.75, 0.75, 0.72)),
                Transform::from_translation(at.extend(0.5)),
                DespawnOnExit(BracketBoardShown),
            )
        };
        for i in 0..n {
            let row = cell_center(n, i as u8, 0) - Vec2::new(cs * 0.8, 0.0);
            let col = cell_center(n, 0, i as u8) + Vec2::new(0.0, cs * 0.75);
            commands.spawn(label(i.to_string(), row));
            commands.spawn(label(i.to_string(), col));
        }
        for cell in 0..n * n {
            let pos = cell_center(n, (cell / n) as u8, (cell % n) as u8);
            commands.spawn((
                GridCell { cell },
                Sprite {
                    image: pack.cell.clone(),
                    color: cell_color(cell, &frame, &coverage, &ui, &seats, current),
                    custom_size: Some(Vec2::splat(cs - 2.0)),
                    ..default()
                },
                Transform::from_translation(pos.extend(0.0)),
                DespawnOnExit(BracketBoardShown),
            ));
        }
        return;
    }
    for (_, g, mut sprite) in &mut grid {
        let color = cell_color(g.cell, &frame, &coverage, &ui, &seats, current);
        if sprite.color != color {
            sprite.color = color;
        }
        if sprite.image != pack.cell {
            sprite.image = pack.cell.clone();
        }
    }
}

/// A board cell's tint: home corners in their owner's colour; with the hint on, every
/// player's coverage in that player's colour (mixed where several cover a cell); then the
/// aimed placement's preview, a deletion mark, the keyboard cursor and the hovered cell.
pub fn cell_color(
    cell: usize,
    frame: &BracketFrame,
    coverage: &SignalCoverage,
    ui: &BracketPlay,
    seats: &SeatColors,
    current: u8,
) -> Color {
    let n = frame.side;
    let board = bw_rules::bracket::Board::new(n, 4);
    let home = frame
        .seats
        .iter()
        .copied()
        .find(|&p| board.corner_contains(p, cell));
    let mut color = match home {
        Some(p) => Color::WHITE.mix(&seats.get(p), 0.35),
        None => Color::WHITE,
    };
    if ui.coverage_hint {
        let covering = frame
            .seats
            .iter()
            .copied()
            .filter(|&p| coverage.0[p as usize - 1].contains(cell));
        for (i, p) in covering.enumerate() {
            color = color.mix(&seats.get(p), 0.22 / (i as f32 + 1.0));
        }
    }
    if ui.preview.newly_covered.contains(&cell) {
        color = color.mix(&seats.get(current), 0.35);
    }
    if ui.preview.destroyed.contains(&cell) {
        color = color.mix(&Color::srgb(0.9, 0.1, 0.1), 0.55);
    }
    let at = |a: bw_rules::bracket::game::At| a.row as usize * n + a.col as usize;
    if ui.pending_delete.map(at) == Some(cell) {
        color = color.mix(&Color::srgb(0.1, 0.1, 0.1), 0.5);
    }
    if ui.cursor.map(at) == Some(cell) {
        color = color.mix(&Color::srgb(0.2, 0.9, 0.9), 0.35);
    }
    if ui.hovered == Some(cell) {
        color = color.mix(&Color::srgb(1.0, 1.0, 0.6), 0.35);
    }
    color
}

fn draw_fixtures(
    mut commands: Commands,
    frame: Option<Res<BracketFrame>>,
    pack: Res<PackImages>,
    mirrors: Query<(Entity, &BoardCell, &MirrorPlate), Without<Transform>>,
    glass: Query<(Entity, &BoardCell, &GlassPlate), Without<Transform>>,
) {
    let Some(frame) = frame else { return };
    let n = frame.side;
    let cs = cell_size(n);
    let image = |handle: &Handle<Image>| Sprite {
        image: handle.clone(),
        custom_size: Some(Vec2::splat(cs)),
        ..default()
    };
    for (e, at, m) in &mirrors {
        let handle = match m.0 {
            Mirror::Slash => &pack.mirrors[0],
            Mirror::Backslash => &pack.mirrors[1],
        };
        commands.entity(e).insert((
            image(handle),
            Transform::from_translation(cell_center(n, at.row, at.col).extend(1.0)),
            Visibility::default(),
        ));
    }
    for (e, at, g) in &glass {
        let handle = match g.0 {
            Glass::Horizontal => &pack.glass[0],
            Glass::Vertical => &pack.glass[1],
            Glass::Cross => &pack.glass[2],
        };
        commands.entity(e).insert((
            image(handle),
            Transform::from_translation(cell_center(n, at.row, at.col).extend(1.0)),
            Visibility::default(),
        ));
    }
}

fn draw_pieces(
    mut commands: Commands,
    frame: Option<Res<BracketFrame>>,
    content: Res<BracketContent>,
    font: Res<UiFont>,
    pack: Res<PackImages>,
    mod_images: Res<ModImages>,
    loc: Res<Locale>,
    seats: Res<SeatColors>,
    pieces: Query<
        (
            Entity,
            &BoardCell,
            &Owner,
            &Kind,
            Option<&Facing>,
            Has<super::effects::PopIn>,
        ),
        Without<Transform>,
    >,
) {
    let Some(frame) = frame else { return };
    let n = frame.side;
    let cs = cell_size(n);
    for (e, at, owner, kind, facing, popping) in &pieces {
        let k = content.0.get(kind.0);
        let rotation = Quat::from_rotation_z(facing.map_or(0.0, |f| facing_angle(f.0)));
        let art = mod_images.art(&pack, &k.id);
        let mark = crate::app::fonts::kind_mark(k, &loc.code);
        let bracket = k.is_bracket();
        commands
            .entity(e)
            .insert((
                // A piece about to pop in starts small (see `effects`).
                Transform::from_translation(cell_center(n, at.row, at.col).extend(2.0))
                    .with_scale(Vec3::splat(if popping { 0.05 } else { 1.0 })),
                Visibility::default(),
            ))
            .with_children(|c| {
                c.spawn(Sprite::from_color(
                    seats.get(owner.0).with_alpha(0.28),
                    Vec2::splat(cs * 0.86),
                ));
                match art {
                    Some(image) => {
                        c.spawn((
                            Sprite {
                                image,
                                color: seats.get(owner.0),
                                custom_size: Some(Vec2::splat(cs * 0.86)),
                                ..default()
                            },
                            Transform::from_rotation(rotation).with_translation(Vec3::Z),
                        ));
                    }
                    // A kind without art (a mod's): its glyph drawn from the font (its
                    // name's first character where the font lacks the glyph), and a
                    // bracket's facing as a small arrow on that edge.
                    None => {
                        let color = seats.get(owner.0).darker(0.2);
                        c.spawn((
                            Text2d::new(mark.to_string()),
                            TextFont {
                                font: font.0.clone().into(),
                                font_size: (cs * 0.62).into(),
                                ..default()
                            },
                            TextColor(color),
                            Transform::from_rotation(rotation).with_translation(Vec3::Z),
                        ));
                        if bracket {
                            c.spawn((
                                Text2d::new("▶"),
                                TextFont {
                                    font: font.0.clone().into(),
                                    font_size: (cs * 0.2).into(),
                                    ..default()
                                },
                                TextColor(color),
                                Transform::from_rotation(rotation).with_translation(
                                    rotation * Vec3::new(cs * 0.35, 0.0, 0.0) + Vec3::Z,
                                ),
                            ));
                        }
                    }
                }
            });
    }
}

/// A new texture pack, seat palette or language (a mod glyph the font lacks is drawn from
/// the kind's name): drop every piece's and fixture's visuals so they are drawn again.
fn restyle_on_pack_change(
    mut commands: Commands,
    pack: Res<PackImages>,
    seats: Res<SeatColors>,
    loc: Res<Locale>,
    drawn: Query<Entity, (With<BoardCell>, With<Transform>)>,
) {
    if !(pack.is_changed() || seats.is_changed() || loc.is_changed()) || pack.is_added() {
        return;
    }
    for e in &drawn {
        commands
            .entity(e)
            .despawn_related::<Children>()
            .remove::<(Transform, Visibility, Sprite)>();
    }
}
