//! Where the 括号大战 board is: its cells in world units (pixels at scale 1), the cell under
//! a point, and the angles pieces are drawn at. The board's drawing, its effects, the
//! preview, the input and the layout guard all measure with these.

use bevy::prelude::*;
use bw_rules::bracket::Dir;

/// Where the board sits in the window (world units = pixels).
pub const BOARD_CENTER: Vec2 = Vec2::new(-40.0, -24.0);
pub const BOARD_PX: f32 = 680.0;

pub fn cell_size(side: usize) -> f32 {
    (BOARD_PX / side as f32).floor()
}

pub fn cell_center(side: usize, row: u8, col: u8) -> Vec2 {
    let cs = cell_size(side);
    let half = (side as f32 - 1.0) / 2.0;
    BOARD_CENTER + Vec2::new((col as f32 - half) * cs, (half - row as f32) * cs)
}

/// The cell under a world position.
pub fn cell_at(side: usize, world: Vec2) -> Option<(u8, u8)> {
    let cs = cell_size(side);
    let origin = BOARD_CENTER - Vec2::splat(cs * side as f32 / 2.0);
    let local = world - origin;
    let (col, row_from_bottom) = ((local.x / cs).floor(), (local.y / cs).floor());
    let n = side as f32;
    (col >= 0.0 && col < n && row_from_bottom >= 0.0 && row_from_bottom < n)
        .then_some(((side as f32 - 1.0 - row_from_bottom) as u8, col as u8))
}

/// While dragging, the facing follows the mouse: the side of the cell the pointer is
/// nearest to, once it is far enough from the centre to mean it.
pub fn facing_from_offset(offset: Vec2, cell: f32) -> Option<Dir> {
    if offset.length() <= cell * 0.18 {
        return None;
    }
    Some(if offset.x.abs() > offset.y.abs() {
        if offset.x > 0.0 { Dir::R } else { Dir::L }
    } else if offset.y > 0.0 {
        Dir::U
    } else {
        Dir::D
    })
}

/// Glyphs are drawn facing right; rotate them to the piece's facing.
pub fn facing_angle(d: Dir) -> f32 {
    match d {
        Dir::R => 0.0,
        Dir::U => std::f32::consts::FRAC_PI_2,
        Dir::L => std::f32::consts::PI,
        Dir::D => -std::f32::consts::FRAC_PI_2,
    }
}
