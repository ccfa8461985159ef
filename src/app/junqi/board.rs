//! The 军棋 board as the seed draws it, from the board's RON data: thin roads, black-and-
//! white railway lines, stations, round camps, headquarters; turned so that the viewer's
//! arm is at the bottom. Pieces come as a [`scene`] built from one seat's view: an own (or
//! revealed) piece shows its rank in Chinese like a real set; any other is face down in its
//! owner's colour. The painter never sees more than the scene.

use bevy_egui::egui;
use bw_rules::junqi::view::SeenPiece;
use bw_rules::junqi::{Board, NodeId, NodeKind, PieceSet, PlayerId};

use super::marks;
use crate::app::i18n::Locale;
use crate::app::theme::SeatColors;
use crate::tr;

/// A piece as drawn: its owner, and its face when the viewer may see it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrawnPiece {
    pub node: NodeId,
    pub owner: PlayerId,
    /// The rank as printed on a real piece (司, 军, 师, …), `None` face down.
    pub face: Option<String>,
    /// The full name in the interface language, for the hover text (`None` face down).
    pub name: Option<String>,
}

/// Every player's initial layout, revealed: what the end of a game shows (at one computer
/// and online).
pub fn initial_layouts(game: &bw_rules::junqi::Junqi) -> Vec<Option<SeenPiece>> {
    let mut nodes = vec![None; game.board.len()];
    for (p, layout) in game.layouts.iter().enumerate() {
        for &(n, k) in layout {
            nodes[n.0 as usize] = Some(SeenPiece {
                owner: p,
                kind: Some(k),
            });
        }
    }
    nodes
}

/// The pieces a view shows.
pub fn scene(nodes: &[Option<SeenPiece>], set: &PieceSet, lang: &str) -> Vec<DrawnPiece> {
    nodes
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let p = (*p)?;
            Some(DrawnPiece {
                node: NodeId(i as u8),
                owner: p.owner,
                face: p.kind.map(|k| set.get(k).short.zh().to_string()),
                name: p.kind.map(|k| set.get(k).name.get(lang).to_string()),
            })
        })
        .collect()
}

/// Node positions on screen: the board turned so that `bottom`'s arm is at the bottom,
/// scaled into `rect`.
pub fn positions(board: &Board, bottom: Option<char>, rect: egui::Rect) -> Vec<egui::Pos2> {
    let pts: Vec<egui::Vec2> = board
        .ids()
        .map(|n| egui::vec2(board.node(n).x, board.node(n).y))
        .collect();
    let centre = pts.iter().fold(egui::Vec2::ZERO, |a, p| a + *p) / pts.len() as f32;
    let arm: Vec<egui::Vec2> = board
        .ids()
        .filter(|&n| bottom.is_some() && board.node(n).seat == bottom)
        .map(|n| pts[n.0 as usize])
        .collect();
    // Turn the arm's direction from the centre onto "down" (screen y grows downwards).
    let angle = if arm.is_empty() {
        0.0
    } else {
        let a = arm.iter().fold(egui::Vec2::ZERO, |s, p| s + *p) / arm.len() as f32 - centre;
        std::f32::consts::FRAC_PI_2 - a.y.atan2(a.x)
    };
    let (sin, cos) = angle.sin_cos();
    let turned: Vec<egui::Vec2> = pts
        .iter()
        .map(|p| {
            let d = *p - centre;
            egui::vec2(d.x * cos - d.y * sin, d.x * sin + d.y * cos)
        })
        .collect();
    let (mut min, mut max) = (egui::Vec2::splat(f32::MAX), egui::Vec2::splat(f32::MIN));
    for p in &turned {
        min = min.min(*p);
        max = max.max(*p);
    }
    let span = (max - min).max(egui::Vec2::splat(1.0));
    let scale = ((rect.width() - 60.0) / span.x).min((rect.height() - 60.0) / span.y);
    let mid = (min + max) / 2.0;
    turned
        .iter()
        .map(|p| rect.center() + (*p - mid) * scale)
        .collect()
}

/// What to light up on the board.
/// The texture pack's 军棋 images, as egui textures.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Art {
    /// A piece's face: the rank is written on it in the owner's colour.
    pub face: egui::TextureId,
    /// A piece's back: tinted in the owner's colour.
    pub back: egui::TextureId,
    /// The board's surface.
    pub wood: egui::TextureId,
}

#[derive(Clone, Debug, Default)]
pub struct Marks {
    pub selected: Option<NodeId>,
    pub destinations: Vec<NodeId>,
    /// The path a move would take (railway runs turn corners).
    pub path: Vec<NodeId>,
    /// Nodes whose pieces just left the board (a short effect).
    pub removed: Vec<NodeId>,
    /// The keyboard's (or the pointer's) node.
    pub cursor: Option<NodeId>,
    /// The board's wood, from the texture pack.
    pub wood: Option<egui::Color32>,
    /// The pack's images for the board and the pieces (`None`: drawn in plain colours).
    pub art: Option<Art>,
    /// The last move still running along its path (progress 0..1): the piece that made it
    /// is drawn on the way, a railway run turning its corners.
    pub moving: Option<(Vec<NodeId>, f32)>,
    /// The moves to show as made ([`recent_moves`]): each mover and the path it took,
    /// oldest first. With face-down pieces this is the only way to see what moved.
    pub recent: Vec<(PlayerId, Vec<NodeId>)>,
    /// Whose turn it is: that seat's arm is framed in its colour.
    pub turn: Option<(char, PlayerId)>,
    /// Allies (四国 with teams): a badge beside each seat's arm naming its team, so that
    /// who is with whom does not rest on colour alone.
    pub badges: Vec<(char, PlayerId, String)>,
    /// Each node's name (as the move list and the replay write it) drawn small on the
    /// board ([`NodeNames`]).
    pub names: bool,
    /// The viewer's marks (标记): a short guess drawn on each marked piece.
    pub guesses: Vec<(NodeId, String)>,
}

/// Whether the 军棋 boards show each node's name (the toggle beside the move list: the log
/// and the replay name nodes, the board shows where they are).
#[derive(bevy::prelude::Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct NodeNames(pub bool);

/// The toggle of [`NodeNames`], for a panel beside a 军棋 board.
pub fn node_names_toggle(ui: &mut egui::Ui, loc: &crate::app::i18n::Locale, names: &mut NodeNames) {
    ui.checkbox(&mut names.0, crate::tr!(loc, "junqi-node-names"));
}

/// The team badges of a game with allies (四国 标准 or 并肩): each seat's letter, its
/// player, and `name(team)`; none without allies.
pub fn team_badges(
    players: &[bw_rules::junqi::view::PublicPlayer],
    name: impl Fn(u8) -> String,
) -> Vec<(char, PlayerId, String)> {
    let mut teams: Vec<u8> = players.iter().map(|p| p.team).collect();
    teams.sort();
    teams.dedup();
    if teams.len() == players.len() {
        return Vec::new();
    }
    players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let nth = teams.iter().position(|&t| t == p.team).unwrap_or(0) as u8;
            (p.seat, i, name(nth))
        })
        .collect()
}

/// The moves a board shows as made, oldest first: for a seat, every move since its own
/// last one (what the others did while it waited, at most three) — or its own, when it
/// moved last; for an observer or a replay (`seat` none), the last move.
pub fn recent_moves(
    events: &[bw_rules::junqi::PublicEvent],
    seat: Option<PlayerId>,
) -> Vec<(PlayerId, Vec<NodeId>)> {
    const MOST: usize = 3;
    let mut out = Vec::new();
    for e in events.iter().rev() {
        let bw_rules::junqi::PublicEvent::Moved { player, path, .. } = e else {
            continue;
        };
        let own = Some(*player) == seat;
        if own && !out.is_empty() {
            break;
        }
        out.push((*player, path.clone()));
        if own || seat.is_none() || out.len() == MOST {
            break;
        }
    }
    out.reverse();
    out
}

/// A point `t` (0..1) of the way along a path of screen points.
pub fn along(points: &[egui::Pos2], t: f32) -> egui::Pos2 {
    if points.len() < 2 {
        return points.first().copied().unwrap_or_default();
    }
    let lengths: Vec<f32> = points.windows(2).map(|w| (w[1] - w[0]).length()).collect();
    let total: f32 = lengths.iter().sum();
    let mut left = t.clamp(0.0, 1.0) * total;
    for (i, l) in lengths.iter().enumerate() {
        if left <= *l && *l > 0.0 {
            return points[i] + (points[i + 1] - points[i]) * (left / l);
        }
        left -= l;
    }
    *points.last().unwrap()
}

/// What the pointer did on the board.
#[derive(Clone, Copy, Debug, Default)]
pub struct BoardInput {
    pub clicked: Option<NodeId>,
    pub hovered: Option<NodeId>,
    /// A piece dragged from one node and dropped on another.
    pub dropped: Option<(NodeId, NodeId)>,
    /// A right click on a node (where, in the window): the marks' menu.
    pub secondary: Option<(NodeId, egui::Pos2)>,
}

/// Draws the board and its pieces into `rect`; returns the node clicked or hovered.
pub fn paint(
    ui: &mut egui::Ui,
    rect: egui::Rect,
    board: &Board,
    bottom: Option<char>,
    pieces: &[DrawnPiece],
    seats: &SeatColors,
    marks: &Marks,
) -> BoardInput {
    let response = ui.allocate_rect(rect, egui::Sense::click_and_drag());
    let painter = ui.painter_at(rect);
    let wood = marks.wood.unwrap_or(egui::Color32::from_rgb(222, 206, 160));
    painter.rect_filled(rect, 8.0, wood);
    let full = egui::Rect::from_min_max(egui::pos2(0.0, 0.0), egui::pos2(1.0, 1.0));
    if let Some(art) = marks.art {
        // The pack's wood, in square tiles, tinted toward the pack's board colour.
        let tile = 256.0;
        let mut y = rect.top();
        while y < rect.bottom() {
            let mut x = rect.left();
            while x < rect.right() {
                let r = egui::Rect::from_min_size(egui::pos2(x, y), egui::vec2(tile, tile))
                    .intersect(rect);
                let uv = egui::Rect::from_min_max(
                    egui::pos2(0.0, 0.0),
                    egui::pos2(r.width() / tile, r.height() / tile),
                );
                painter.image(art.wood, r, uv, egui::Color32::WHITE);
                x += tile;
            }
            y += tile;
        }
    }
    let pos = positions(board, bottom, rect);
    // Where each node is drawn, for tests that drive the window (see [`drawn_nodes_id`]).
    ui.data_mut(|d| {
        let nodes: Vec<(String, egui::Pos2)> = board
            .ids()
            .map(|n| (board.name(n).to_string(), pos[n.0 as usize]))
            .collect();
        d.insert_temp(drawn_nodes_id(), std::sync::Arc::new(nodes));
        d.insert_temp(drawn_path_id(), marks.path.len());
        let guesses: Vec<(String, String)> = marks
            .guesses
            .iter()
            .map(|(n, text)| (board.name(*n).to_string(), text.clone()))
            .collect();
        d.insert_temp(drawn_marks_id(), std::sync::Arc::new(guesses));
    });
    let unit = pos
        .iter()
        .zip(board.ids())
        .flat_map(|(p, n)| board.adjacent(n).iter().map(move |(m, _)| (*p, *m)))
        .map(|(p, m)| (p - pos[m.0 as usize]).length())
        .fold(f32::MAX, f32::min)
        .clamp(8.0, 80.0);
    // Roads first, railways over them.
    for rail in [false, true] {
        for n in board.ids() {
            for &(m, kind) in board.adjacent(n) {
                let is_rail = kind == bw_rules::junqi::board::LinkKind::Rail;
                if m.0 <= n.0 || is_rail != rail {
                    continue;
                }
                let (a, b) = (pos[n.0 as usize], pos[m.0 as usize]);
                if rail {
                    painter
                        .line_segment([a, b], egui::Stroke::new(unit * 0.14, egui::Color32::BLACK));
                    painter
                        .line_segment([a, b], egui::Stroke::new(unit * 0.06, egui::Color32::WHITE));
                } else {
                    painter
                        .line_segment([a, b], egui::Stroke::new(1.5, egui::Color32::from_gray(90)));
                }
            }
        }
    }
    let size = egui::vec2(unit * 0.78, unit * 0.5);
    for n in board.ids() {
        let p = pos[n.0 as usize];
        let stroke = egui::Stroke::new(1.5, egui::Color32::from_gray(60));
        let fill = egui::Color32::from_rgb(240, 230, 200);
        match board.kind(n) {
            NodeKind::Camp => {
                painter.circle(
                    p,
                    unit * 0.36,
                    egui::Color32::from_rgb(250, 244, 225),
                    stroke,
                );
            }
            NodeKind::Hq => {
                let r = egui::Rect::from_center_size(p, size * 1.1);
                painter.rect(
                    r,
                    unit * 0.2,
                    egui::Color32::from_rgb(170, 205, 160),
                    stroke,
                    egui::StrokeKind::Inside,
                );
            }
            NodeKind::Station | NodeKind::Post => {
                let r = egui::Rect::from_center_size(p, size);
                painter.rect(r, 2.0, fill, stroke, egui::StrokeKind::Inside);
            }
        }
    }
    // The arm of the seat to move, framed; the team badges beside the arms.
    let arm_rect = |seat: char| {
        let points: Vec<egui::Pos2> = board.arm(seat).map(|n| pos[n.0 as usize]).collect();
        (!points.is_empty())
            .then(|| egui::Rect::from_points(&points).expand2(size * 0.6 + egui::vec2(3.0, 3.0)))
    };
    if let Some((seat, owner)) = marks.turn
        && let Some(r) = arm_rect(seat)
    {
        painter.rect_stroke(
            r,
            unit * 0.25,
            egui::Stroke::new(unit * 0.1, seats.egui(owner as u8 + 1).gamma_multiply(0.8)),
            egui::StrokeKind::Outside,
        );
    }
    for (seat, owner, text) in &marks.badges {
        let Some(r) = arm_rect(*seat) else { continue };
        let galley = painter.layout_no_wrap(
            text.clone(),
            egui::FontId::proportional(unit * 0.34),
            egui::Color32::WHITE,
        );
        let badge = galley.size() + egui::vec2(10.0, 4.0);
        // Outside the arm, at its outer end: beside a north or south arm, below an east or
        // west one (where the board has no nodes).
        let middle = rect.center();
        let outer_y = if r.center().y < middle.y {
            r.top()
        } else {
            r.bottom()
        };
        let outer_x = if r.center().x < middle.x {
            r.left()
        } else {
            r.right()
        };
        let centre = if (r.center().x - middle.x).abs() < (r.center().y - middle.y).abs() {
            let y = outer_y + if outer_y < middle.y { 1.0 } else { -1.0 } * badge.y / 2.0;
            egui::pos2(r.right() + badge.x / 2.0 + 4.0, y)
        } else {
            let x = outer_x + if outer_x < middle.x { 1.0 } else { -1.0 } * badge.x / 2.0;
            egui::pos2(x, r.bottom() + badge.y / 2.0 + 4.0)
        };
        let badge = egui::Rect::from_center_size(centre, badge);
        painter.rect_filled(badge, 4.0, seats.egui(*owner as u8 + 1));
        painter.galley(
            badge.center() - galley.size() / 2.0,
            galley,
            egui::Color32::WHITE,
        );
    }
    // The moves made: a line along each path in the mover's colour, a ring where it
    // started and a square where it ended; the latest the strongest.
    let count = marks.recent.len();
    for (i, (owner, path)) in marks.recent.iter().enumerate() {
        let strength = if i + 1 == count { 1.0 } else { 0.55 };
        let colour = seats.egui(*owner as u8 + 1).gamma_multiply(strength * 0.85);
        let points: Vec<egui::Pos2> = path.iter().map(|n| pos[n.0 as usize]).collect();
        if points.len() >= 2 {
            painter.add(egui::Shape::line(
                points.clone(),
                egui::Stroke::new(unit * 0.16, colour),
            ));
        }
        if let (Some(&from), Some(&to)) = (points.first(), points.last()) {
            painter.circle_stroke(from, unit * 0.3, egui::Stroke::new(unit * 0.08, colour));
            painter.rect_stroke(
                egui::Rect::from_center_size(to, size * 1.22),
                4.0,
                egui::Stroke::new(unit * 0.08, colour),
                egui::StrokeKind::Outside,
            );
        }
    }
    for &n in &marks.path {
        painter.circle_filled(
            pos[n.0 as usize],
            unit * 0.12,
            egui::Color32::from_rgb(240, 120, 40),
        );
    }
    for &n in &marks.destinations {
        painter.circle_stroke(
            pos[n.0 as usize],
            unit * 0.4,
            egui::Stroke::new(3.0, egui::Color32::from_rgb(60, 200, 90)),
        );
    }
    for &n in &marks.removed {
        painter.circle_stroke(
            pos[n.0 as usize],
            unit * 0.45,
            egui::Stroke::new(3.0, egui::Color32::from_rgb(230, 60, 40)),
        );
    }
    if let Some(n) = marks.cursor {
        let r = egui::Rect::from_center_size(pos[n.0 as usize], size * 1.25);
        painter.rect_stroke(
            r,
            5.0,
            egui::Stroke::new(2.0, egui::Color32::from_rgb(40, 120, 230)),
            egui::StrokeKind::Outside,
        );
    }
    let font = egui::FontId::proportional(unit * 0.34);
    for piece in pieces {
        let p = match &marks.moving {
            Some((path, t)) if *t < 1.0 && path.last() == Some(&piece.node) => {
                let points: Vec<egui::Pos2> = path.iter().map(|n| pos[n.0 as usize]).collect();
                along(&points, *t)
            }
            _ => pos[piece.node.0 as usize],
        };
        let colour = seats.egui(piece.owner as u8 + 1);
        let r = egui::Rect::from_center_size(p, size * 0.96);
        match (&piece.face, marks.art) {
            (Some(face), Some(art)) => {
                painter.image(art.face, r.expand(2.0), full, egui::Color32::WHITE);
                // The owner's colour rims the face too (allies' open pieces under 友明).
                painter.rect_stroke(
                    r.shrink(2.0),
                    4.0,
                    egui::Stroke::new(2.0, colour),
                    egui::StrokeKind::Inside,
                );
                painter.text(p, egui::Align2::CENTER_CENTER, face, font.clone(), colour);
            }
            (None, Some(art)) => {
                painter.image(art.back, r.expand(2.0), full, colour);
            }
            (Some(face), None) => {
                painter.rect(
                    r,
                    3.0,
                    egui::Color32::from_rgb(252, 248, 236),
                    egui::Stroke::new(2.5, colour),
                    egui::StrokeKind::Inside,
                );
                painter.text(p, egui::Align2::CENTER_CENTER, face, font.clone(), colour);
            }
            (None, None) => {
                painter.rect(
                    r,
                    3.0,
                    colour,
                    egui::Stroke::new(1.5, egui::Color32::from_gray(40)),
                    egui::StrokeKind::Inside,
                );
            }
        }
        if marks.selected == Some(piece.node) {
            painter.rect_stroke(
                r.expand(3.0),
                4.0,
                egui::Stroke::new(3.0, egui::Color32::from_rgb(255, 210, 40)),
                egui::StrokeKind::Outside,
            );
        }
    }
    // The viewer's marks: a small tag at the piece's upper right, in a colour no seat has.
    for (n, text) in &marks.guesses {
        let at = pos[n.0 as usize] + egui::vec2(size.x * 0.45, -size.y * 0.45);
        let font = egui::FontId::proportional((unit * 0.24).clamp(10.0, 15.0));
        let galley = painter.layout_no_wrap(text.clone(), font, egui::Color32::BLACK);
        let r = egui::Rect::from_center_size(at, galley.size() + egui::vec2(6.0, 2.0));
        painter.rect(
            r,
            4.0,
            egui::Color32::from_rgb(255, 226, 90),
            egui::Stroke::new(1.0, egui::Color32::from_gray(40)),
            egui::StrokeKind::Inside,
        );
        painter.galley(r.min + egui::vec2(3.0, 1.0), galley, egui::Color32::BLACK);
    }
    if marks.names {
        // Small, at each node's lower edge, on a light ground that any piece or wood lets
        // it be read on.
        let font = egui::FontId::proportional((unit * 0.2).clamp(9.0, 13.0));
        for n in board.ids() {
            let at = pos[n.0 as usize] + egui::vec2(0.0, size.y * 0.5);
            let galley = painter.layout_no_wrap(
                board.name(n).to_string(),
                font.clone(),
                egui::Color32::BLACK,
            );
            let r = egui::Rect::from_center_size(at, galley.size() + egui::vec2(4.0, 0.0));
            painter.rect_filled(r, 2.0, egui::Color32::from_white_alpha(210));
            painter.galley(r.min + egui::vec2(2.0, 0.0), galley, egui::Color32::BLACK);
        }
    }
    let nearest = |at: egui::Pos2| {
        board
            .ids()
            .map(|n| (n, (pos[n.0 as usize] - at).length()))
            .filter(|(_, d)| *d < unit * 0.5)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(n, _)| n)
    };
    let mut input = BoardInput {
        hovered: response.hover_pos().and_then(nearest),
        ..Default::default()
    };
    if response.clicked() {
        input.clicked = response.interact_pointer_pos().and_then(nearest);
    }
    if response.secondary_clicked()
        && let Some(at) = response.interact_pointer_pos()
    {
        input.secondary = nearest(at).map(|n| (n, at));
    }
    // Where the drag began is kept from its first frame: egui forgets the press origin in
    // the frame the button is released, which is the frame that reports the drop.
    let origin_id = response.id.with("drag origin");
    if response.drag_started()
        && let Some(start) = ui.input(|i| i.pointer.press_origin())
    {
        ui.data_mut(|d| d.insert_temp(origin_id, start));
    }
    if response.drag_stopped() {
        let start = ui.data_mut(|d| d.remove_temp::<egui::Pos2>(origin_id));
        let end = response
            .interact_pointer_pos()
            .or_else(|| ui.input(|i| i.pointer.latest_pos()));
        if let (Some(start), Some(end)) = (start, end)
            && let (Some(a), Some(b)) = (nearest(start), nearest(end))
            && a != b
        {
            input.dropped = Some((a, b));
        }
    }
    if let Some(h) = input.hovered
        && let Some(name) = pieces
            .iter()
            .find(|p| p.node == h)
            .and_then(|p| p.name.clone())
    {
        response.on_hover_text_at_pointer(name);
    }
    input
}

/// Where the painter leaves, in egui's memory, each node's name and centre as drawn this
/// frame (read by the tests' UI map, `crate::app::ui_map`).
pub fn drawn_nodes_id() -> egui::Id {
    egui::Id::new("junqi board: nodes drawn")
}

/// Where the painter leaves the viewer's marks it drew this frame (node name, text).
pub fn drawn_marks_id() -> egui::Id {
    egui::Id::new("junqi board: marks drawn")
}

/// Where the painter leaves how many nodes of a move's path it drew this frame.
pub fn drawn_path_id() -> egui::Id {
    egui::Id::new("junqi board: path drawn")
}

/// Whether the pointer is somewhere else than in the last frame this asked: true on every
/// drawn frame after a move, however few frames a second are drawn (egui's own "moving"
/// needs a velocity, which low frame rates never give).
pub fn pointer_moved(ui: &egui::Ui) -> bool {
    let id = egui::Id::new("junqi board pointer");
    let now = ui.input(|i| i.pointer.latest_pos());
    let before = ui.data_mut(|d| d.get_temp::<Option<egui::Pos2>>(id));
    ui.data_mut(|d| d.insert_temp(id, now));
    before != Some(now)
}

/// The node the keyboard cursor goes to from `from` in screen direction `dir` (arrow keys):
/// the nearest node ahead, favouring those straight ahead.
pub fn step(
    board: &Board,
    bottom: Option<char>,
    rect: egui::Rect,
    from: NodeId,
    dir: egui::Vec2,
) -> Option<NodeId> {
    let pos = positions(board, bottom, rect);
    let here = pos[from.0 as usize];
    board
        .ids()
        .filter(|&n| n != from)
        .filter_map(|n| {
            let d = pos[n.0 as usize] - here;
            let ahead = d.dot(dir);
            let aside = (d - dir * ahead).length();
            (ahead > 1.0).then_some((n, ahead + aside * 2.5))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(n, _)| n)
}

/// Arrow keys pressed this frame, as screen directions.
pub fn arrow(ui: &egui::Ui) -> Option<egui::Vec2> {
    ui.input(|i| {
        [
            (egui::Key::ArrowUp, egui::vec2(0.0, -1.0)),
            (egui::Key::ArrowDown, egui::vec2(0.0, 1.0)),
            (egui::Key::ArrowLeft, egui::vec2(-1.0, 0.0)),
            (egui::Key::ArrowRight, egui::vec2(1.0, 0.0)),
        ]
        .into_iter()
        .find(|(k, _)| i.key_pressed(*k))
        .map(|(_, d)| d)
    })
}

/// The pack's 军棋 art as egui textures (registering is idempotent, so every frame may ask).
pub fn art(
    contexts: &mut bevy_egui::EguiContexts,
    pack: Option<&crate::app::texture_pack::PackImages>,
) -> Option<Art> {
    use bevy_egui::EguiTextureHandle::Weak;
    let pack = pack?;
    let [face, back, wood] = &pack.junqi;
    Some(Art {
        face: contexts.add_image(Weak(face.id())),
        back: contexts.add_image(Weak(back.id())),
        wood: contexts.add_image(Weak(wood.id())),
    })
}

/// A mark as drawn on the piece: the kind's one-character short name, or "?".
pub fn guess_text(loc: &Locale, set: &bw_rules::junqi::PieceSet, g: marks::Guess) -> String {
    match g {
        marks::Guess::Kind(k) => set.get(k).short.get(&loc.code).to_string(),
        marks::Guess::Unknown => "?".into(),
    }
}

/// The marks' menu over a face-down enemy piece (a table's, an online room's): what the
/// combats the viewer read suggest, every kind of the set (the suggested ones first and
/// strong), "?", and 清除; a click beside it (or Esc) closes it. The node and the guess
/// picked, if one was.
pub fn mark_menu(
    ctx: &egui::Context,
    loc: &Locale,
    menu: &mut Option<(NodeId, [f32; 2])>,
    set: &bw_rules::junqi::PieceSet,
    hints: &std::collections::BTreeMap<NodeId, Vec<bw_rules::junqi::PieceKindId>>,
) -> Option<(NodeId, Option<marks::Guess>)> {
    let (node, at) = (*menu)?;
    let hint = hints.get(&node).map(Vec::as_slice).unwrap_or_default();
    let mut chosen: Option<Option<marks::Guess>> = None;
    let area = egui::Area::new(egui::Id::new("junqi mark menu"))
        .order(egui::Order::Foreground)
        .fixed_pos(egui::pos2(at[0] + 8.0, at[1] + 8.0))
        .constrain(true)
        .show(ctx, |a| {
            egui::Frame::popup(a.style()).show(a, |f| {
                f.label(egui::RichText::new(tr!(loc, "junqi-mark")).strong());
                if !hint.is_empty() {
                    f.label(tr!(
                        loc,
                        "junqi-mark-hint",
                        kinds = kind_list(loc, set, hint)
                    ));
                }
                let order: Vec<_> = hint
                    .iter()
                    .copied()
                    .chain(set.ids().filter(|k| !hint.contains(k)))
                    .collect();
                egui::Grid::new("junqi mark kinds").show(f, |g| {
                    for (i, k) in order.into_iter().enumerate() {
                        let name = egui::RichText::new(set.get(k).name.get(&loc.code));
                        let name = if hint.contains(&k) {
                            name.strong()
                        } else {
                            name
                        };
                        if g.button(name).clicked() {
                            chosen = Some(Some(marks::Guess::Kind(k)));
                        }
                        if i % 4 == 3 {
                            g.end_row();
                        }
                    }
                    if g.button("?").clicked() {
                        chosen = Some(Some(marks::Guess::Unknown));
                    }
                    if g.button(tr!(loc, "junqi-mark-clear")).clicked() {
                        chosen = Some(None);
                    }
                });
            });
        });
    if let Some(guess) = chosen {
        *menu = None;
        return Some((node, guess));
    } else {
        // (The right click that opened the menu is not a click beside it.)
        let opening = ctx.input(|i| i.pointer.button_clicked(egui::PointerButton::Secondary));
        if (area.response.clicked_elsewhere() && !opening)
            || ctx.input(|i| i.key_pressed(egui::Key::Escape))
        {
            *menu = None;
        }
    }
    None
}

/// Kinds in words, "军长 或 司令".
pub fn kind_list(
    loc: &Locale,
    set: &bw_rules::junqi::PieceSet,
    kinds: &[bw_rules::junqi::PieceKindId],
) -> String {
    kinds
        .iter()
        .map(|&k| set.get(k).name.get(&loc.code).to_string())
        .collect::<Vec<_>>()
        .join(&tr!(loc, "list-or"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use bw_rules::junqi::PublicEvent;

    fn moved(player: PlayerId, from: u8, to: u8) -> PublicEvent {
        PublicEvent::Moved {
            player,
            path: vec![NodeId(from), NodeId(to)],
            combat: false,
            removed: vec![],
            defender: None,
        }
    }

    #[test]
    fn a_seat_sees_every_move_since_its_own_and_an_observer_the_last() {
        let events = vec![
            moved(0, 1, 2),
            moved(1, 3, 4),
            PublicEvent::TurnForfeit { player: 2 },
            moved(3, 5, 6),
        ];
        let paths = |v: Vec<(PlayerId, Vec<NodeId>)>| -> Vec<PlayerId> {
            v.into_iter().map(|(p, _)| p).collect()
        };
        // Seat 0 waited for 1, 2 (who lost the turn) and 3.
        assert_eq!(paths(recent_moves(&events, Some(0))), vec![1, 3]);
        // Seat 3 moved last: its own move.
        assert_eq!(paths(recent_moves(&events, Some(3))), vec![3]);
        assert_eq!(paths(recent_moves(&events, None)), vec![3]);
        // Never more than three, and nothing before any move.
        let many: Vec<PublicEvent> = (0..6).map(|i| moved(1 + i % 3, i as u8, 9)).collect();
        assert_eq!(recent_moves(&many, Some(0)).len(), 3);
        assert!(recent_moves(&[], Some(0)).is_empty());
        assert_eq!(
            recent_moves(&events, Some(1)),
            vec![(3, vec![NodeId(5), NodeId(6)])]
        );
    }
}
