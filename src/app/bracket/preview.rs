//! What a placement would do, shown while the player aims: whether it is legal (and why
//! not), the cells it would newly cover, its attack beam, the pieces that would be
//! destroyed, and the enemy beams that would reach it. Also the attack overlay (every
//! beam) and the per-face net values on hover.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bw_rules::bracket::attack::{attack_field, beam_cells};
use bw_rules::bracket::ecs::{BracketBoard, BracketContent, BracketSetup, BracketTurn};
use bw_rules::bracket::game::{Action, At, check};
use bw_rules::bracket::resolve::resolve;
use bw_rules::bracket::{CellSet, Dir, Piece, Tile, coverage::coverage};

use super::BracketPlay;
use super::geometry::{cell_center, cell_size, facing_angle};
use crate::app::i18n::{Locale, player_name};
use crate::app::state::BracketBoardPlay;
use crate::app::texture_pack::PackImages;
use crate::app::theme::SeatColors;
use crate::tr;

/// The preview of the placement being aimed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Preview {
    pub at: Option<At>,
    /// The board's side (to turn `at` into a cell).
    pub side: usize,
    pub refusal: Option<String>,
    pub newly_covered: Vec<usize>,
    pub beam: Vec<usize>,
    pub destroyed: Vec<usize>,
    /// The enemy beams that would reach the placed piece: (their source, their cells).
    pub threats: Vec<(usize, Vec<usize>)>,
}

impl Preview {
    /// The placed piece itself would be destroyed at once.
    pub fn placed_dies(&self) -> bool {
        self.at.is_some_and(|at| {
            self.destroyed
                .contains(&(at.row as usize * self.side + at.col as usize))
        })
    }
}

/// The translucent piece under the cursor.
#[derive(Component)]
struct Ghost;

/// The preview and the attack overlay, while a game is played.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (compute_preview, draw_ghost, draw_beams)
            .chain()
            .run_if(in_state(BracketBoardPlay)),
    )
    .add_systems(
        EguiPrimaryContextPass,
        hover_nets.run_if(in_state(BracketBoardPlay)),
    );
}

/// The cell being aimed at: the mouse's while dragging or hovering, else the keyboard's.
pub fn target(ui: &BracketPlay, side: usize) -> Option<At> {
    ui.hovered
        .map(|c| At {
            row: (c / side) as u8,
            col: (c % side) as u8,
        })
        .or(ui.cursor)
}

fn compute_preview(
    loc: Res<Locale>,
    mut ui: ResMut<BracketPlay>,
    snapshot: Res<BracketBoard>,
    content: Res<BracketContent>,
    setup: Res<BracketSetup>,
    turn: Res<BracketTurn>,
) {
    let board = &snapshot.board;
    let at = target(&ui, board.side());
    let want = match (ui.kind, at) {
        (Some(kind), Some(at)) => Some((kind, at)),
        _ => None,
    };
    let key = (
        want,
        ui.facing,
        snapshot.is_changed() || turn.is_changed() || loc.is_changed(),
    );
    if ui.preview_key == Some((key.0, key.1)) && !key.2 {
        return;
    }
    ui.preview_key = Some((key.0, key.1));
    let Some((kind, at)) = want else {
        ui.preview = Preview::default();
        return;
    };
    let kinds = &content.0;
    let facing = kinds.get(kind).is_bracket().then_some(ui.facing);
    let action = Action::Place { at, kind, facing };
    let mut preview = Preview {
        at: Some(at),
        side: board.side(),
        ..default()
    };
    match check(&setup.settings, board, &turn.0, kinds, &action) {
        Err(refusal) => preview.refusal = Some(crate::app::i18n::refusal(&loc, &refusal)),
        Ok(()) => {
            let me = turn.0.current;
            let cell = board.index(at.row as usize, at.col as usize);
            let mut after = board.clone();
            after.set(
                cell,
                Tile::Piece(Piece {
                    owner: me,
                    kind,
                    facing,
                }),
            );
            preview.beam = beam_cells(&after, kinds, cell);
            preview.threats = threats_to(&after, kinds, me, cell);
            let before = coverage(board, kinds, me);
            let resolution = resolve(&mut after, kinds);
            preview.destroyed = resolution
                .rounds
                .iter()
                .flat_map(|r| r.removed.iter().map(|(c, _)| *c))
                .collect();
            preview.newly_covered = coverage(&after, kinds, me)
                .iter()
                .filter(|c| !before.contains(*c))
                .collect();
        }
    }
    ui.preview = preview;
}

/// The enemy beams that reach `cell` on `board` (the piece just placed there by `me`):
/// each with its source cell and the cells it crosses.
pub fn threats_to(
    board: &bw_rules::bracket::Board,
    kinds: &bw_rules::bracket::KindTable,
    me: bw_rules::bracket::Player,
    cell: usize,
) -> Vec<(usize, Vec<usize>)> {
    board
        .pieces()
        .filter(|(_, p)| p.owner != me)
        .map(|(from, _)| (from, beam_cells(board, kinds, from)))
        .filter(|(_, cells)| cells.contains(&cell))
        .collect()
}

fn draw_ghost(
    mut commands: Commands,
    ui: Res<BracketPlay>,
    snapshot: Res<BracketBoard>,
    content: Res<BracketContent>,
    pack: Res<PackImages>,
    turn: Res<BracketTurn>,
    seats: Res<SeatColors>,
    ghosts: Query<Entity, With<Ghost>>,
) {
    if !ui.is_changed() && !pack.is_changed() {
        return;
    }
    for e in &ghosts {
        commands.entity(e).despawn();
    }
    let (Some(kind), Some(at)) = (ui.kind, ui.preview.at) else {
        return;
    };
    let n = snapshot.board.side();
    let k = content.0.get(kind);
    let color = if ui.preview.refusal.is_some() {
        Color::srgba(0.5, 0.5, 0.5, 0.55)
    } else {
        seats.get(turn.0.current).with_alpha(0.6)
    };
    let rotation = if k.is_bracket() {
        facing_angle(ui.facing)
    } else {
        0.0
    };
    let cs = cell_size(n);
    let mut ghost = commands.spawn((
        Ghost,
        DespawnOnExit(BracketBoardPlay),
        Transform::from_translation(cell_center(n, at.row, at.col).extend(5.0))
            .with_rotation(Quat::from_rotation_z(rotation)),
        Visibility::default(),
    ));
    match pack.pieces.get(&k.id) {
        Some(image) => {
            ghost.insert(Sprite {
                image: image.clone(),
                color,
                custom_size: Some(Vec2::splat(cs * 0.86)),
                ..default()
            });
        }
        None => {
            ghost.insert(Sprite::from_color(color, Vec2::splat(cs * 0.5)));
        }
    }
}

/// The aimed beam, and with the overlay on, every beam on the board.
fn draw_beams(
    mut gizmos: Gizmos,
    ui: Res<BracketPlay>,
    snapshot: Res<BracketBoard>,
    content: Res<BracketContent>,
    seats: Res<SeatColors>,
) {
    let board = &snapshot.board;
    let n = board.side();
    let centre = |c: usize| cell_center(n, (c / n) as u8, (c % n) as u8);
    let mut path = |from: usize, cells: &[usize], color: Color| {
        let points: Vec<Vec2> = std::iter::once(from)
            .chain(cells.iter().copied())
            .map(centre)
            .collect();
        gizmos.linestrip_2d(points, color);
    };
    if let Some(at) = ui.preview.at
        && !ui.preview.beam.is_empty()
    {
        path(
            board.index(at.row as usize, at.col as usize),
            &ui.preview.beam,
            Color::srgb(1.0, 0.5, 0.0),
        );
    }
    // The enemy beams that would reach the piece, in warning red.
    for (from, cells) in &ui.preview.threats {
        path(*from, cells, Color::srgb(0.95, 0.15, 0.1));
    }
    if ui.show_beams {
        for (cell, piece) in board.pieces() {
            let cells = beam_cells(board, &content.0, cell);
            if !cells.is_empty() {
                path(cell, &cells, seats.get(piece.owner));
            }
        }
    }
}

/// With the overlay on, the net attack on each face of the piece under the mouse.
fn hover_nets(
    mut contexts: EguiContexts,
    ui: Res<BracketPlay>,
    snapshot: Res<BracketBoard>,
    content: Res<BracketContent>,
    loc: Res<Locale>,
) -> Result {
    if !ui.show_beams {
        return Ok(());
    }
    let Some(cell) = ui.hovered else {
        return Ok(());
    };
    let board = &snapshot.board;
    let Some(piece) = board.tile(cell).piece() else {
        return Ok(());
    };
    let field = attack_field(board, &content.0, &CellSet::new());
    let ctx = contexts.ctx_mut()?;
    let pos = ctx.pointer_hover_pos().unwrap_or_default() + egui::vec2(18.0, 18.0);
    egui::Area::new("nets".into())
        .order(egui::Order::Tooltip)
        .fixed_pos(pos)
        .show(ctx, |a| {
            egui::Frame::popup(a.style()).show(a, |f| {
                let k = content.0.get(piece.kind);
                f.label(
                    egui::RichText::new(tr!(
                        loc,
                        "nets-title",
                        piece = super::log::piece_words(&loc, &content.0, piece.kind, piece.facing),
                        player = player_name(&loc, piece.owner)
                    ))
                    .strong(),
                );
                f.label(egui::RichText::new(tr!(loc, "nets-what")).small());
                for face in [Dir::U, Dir::D, Dir::L, Dir::R] {
                    let net = short(field.net_approx(cell, face));
                    let arrow = super::log::arrow(face);
                    let hp = k.hp.map(|h| h.to_string());
                    let line = match (piece.facing, hp) {
                        (None, Some(hp)) => {
                            tr!(loc, "nets-shape", arrow = arrow, net = net, hp = hp)
                        }
                        (None, None) => tr!(loc, "nets-shape-immune", arrow = arrow, net = net),
                        (Some(f), Some(hp)) if f == face => {
                            tr!(loc, "nets-front", arrow = arrow, net = net, hp = hp)
                        }
                        (Some(f), None) if f == face => {
                            tr!(loc, "nets-front-immune", arrow = arrow, net = net)
                        }
                        (Some(f), _) if f == face.opposite() => {
                            tr!(loc, "nets-back", arrow = arrow, net = net)
                        }
                        (Some(_), _) => tr!(loc, "nets-side", arrow = arrow, net = net),
                    };
                    f.label(line);
                }
            });
        });
    Ok(())
}

/// A net attack or an HP as a player reads it: at most three decimals, no trailing zeros
/// (`+1.5`, `-0.25`, `0`).
fn short(x: f64) -> String {
    let text = format!("{x:+.3}");
    let text = text.trim_end_matches('0').trim_end_matches('.');
    match text {
        "+" | "-" | "+0" | "-0" => "0".to_string(),
        t => t.to_string(),
    }
}
