//! What the window shows, read back for tests that drive it from outside, and a check of
//! its layout.
//!
//! - **The layout guard** (debug builds, or with a UI map): every drawn frame, no egui
//!   widget may be cut off by the window's edge (rows scrolled out of a scroll area's view
//!   excepted) or lie over the 括号大战 board's cells (tooltips, pop-ups and modal dialogs
//!   excepted). A breach that lasts three frames is logged once, as an error that starts
//!   with `layout:`; the real-window tests fail on it.
//! - **The UI map** (`BRACKET_WAR_UI_MAP=FILE`, for tests only): every frame that changed
//!   something, the file is replaced (atomically) by lines a test reads to find what to
//!   click without hard-coded pixels and to see what happened:
//!
//! ```text
//! frame 812                                     frames drawn so far
//! window 1280 800                               the window's size in pixels
//! state Screen::Junqi JunqiScreen::Playing      the states on
//! widget Button 1 1040 620 1270 652 保存并返回   role, enabled (1/0), rectangle, text
//! cell 3 4 512 300                              a 括号大战 cell (row, column) and its centre
//! node S44 640 700                              a 军棋 node and its centre
//! fact facing R                                 what the screens know: pieces, turns,
//!                                               legal moves, the online room, the 猪国杀 seat
//! layout-error …                                 breaches logged so far
//! ```
//!
//! The widgets come from the accessibility tree egui builds (AccessKit), so every button,
//! label and field is there under the text a person reads.

use std::fmt::Write as _;
use std::path::PathBuf;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy_egui::egui::accesskit::{Role, TreeUpdate};
use bevy_egui::{EguiContext, EguiOutput, EguiPostUpdateSet, egui};
use bw_rules::bracket::ecs::{BracketBoard, BracketFrame, BracketTurn};

use super::bracket::BracketPlay;
use super::bracket::geometry::{cell_center, cell_size};
use super::bracket::view::BoardFit;
use super::junqi::JunqiTable;
use super::junqi::board::{drawn_nodes_id, drawn_path_id};
use super::online::{Online, OnlineContent};
use super::pig::PigSeat;
use super::state::{BracketScreen, JunqiScreen, OnlineScreen, PigScreen, Screen};
use bw_online::protocol::GameView;

/// The environment variable that names the UI map's file.
pub const UI_MAP_ENV: &str = "BRACKET_WAR_UI_MAP";

/// Where the map goes (none: only the layout guard runs, in debug builds).
#[derive(Resource, Clone, Debug, Default)]
pub struct UiMapFile(pub Option<PathBuf>);

pub fn plugin(file: Option<PathBuf>) -> impl Fn(&mut App) {
    move |app: &mut App| {
        if file.is_none() && !cfg!(debug_assertions) {
            return;
        }
        app.insert_resource(UiMapFile(file.clone()))
            .init_resource::<Reported>()
            .add_systems(Update, enable_accesskit)
            .add_systems(
                PostUpdate,
                map_and_guard.after(EguiPostUpdateSet::ProcessOutput),
            );
    }
}

fn enable_accesskit(mut contexts: Query<&mut EguiContext, Added<EguiContext>>) {
    for mut ctx in &mut contexts {
        ctx.get_mut().enable_accesskit();
    }
}

/// Breaches seen in the last frames, by widget place (role and rectangle): for how many
/// frames in a row, and whether logged. egui lays some things out over two or three frames
/// (a sizing pass, a panel learning its height), so a breach counts once it lasted
/// [`SETTLED`] frames; it is logged once until it is mended.
#[derive(Resource, Default)]
struct Reported(std::collections::HashMap<String, (u32, bool)>);

const SETTLED: u32 = 3;

/// One widget from the accessibility tree.
struct Widget {
    role: Role,
    enabled: bool,
    rect: egui::Rect,
    text: String,
}

fn widgets(update: &TreeUpdate) -> Vec<Widget> {
    update
        .nodes
        .iter()
        // A label's text runs repeat the label.
        .filter(|(_, node)| node.role() != Role::TextRun)
        .filter_map(|(_, node)| {
            let b = node.bounds()?;
            let text = node
                .label()
                .or(node.value())
                .unwrap_or_default()
                .replace(['\n', '\r'], " ");
            Some(Widget {
                role: node.role(),
                enabled: !node.is_disabled(),
                rect: egui::Rect::from_min_max(
                    egui::pos2(b.x0 as f32, b.y0 as f32),
                    egui::pos2(b.x1 as f32, b.y1 as f32),
                ),
                text,
            })
        })
        .collect()
}

/// Whether `w` is a row of a scroll area that is (partly) scrolled out of its view: egui
/// keeps such a row's whole rectangle, so it may reach past the window's edge while a
/// person sees only what the scroll area shows. A scroll area that has something to scroll
/// has a scroll bar as tall as its view, at its right edge.
fn scrolled_away(w: &Widget, scroll_bars: &[egui::Rect]) -> bool {
    scroll_bars.iter().any(|bar| {
        w.rect.max.x <= bar.max.x + 1.0
            && !(w.rect.min.y >= bar.min.y - 1.0 && w.rect.max.y <= bar.max.y + 1.0)
    })
}

/// What a breach of the layout is, if `w` is one: cut off by the window's edge, or over
/// the board.
fn breach(
    w: &Widget,
    window: egui::Rect,
    board: Option<egui::Rect>,
    scroll_bars: &[egui::Rect],
) -> Option<String> {
    let name = || format!("{:?} '{}' at {:?}", w.role, w.text, w.rect);
    let tolerance = 1.0;
    let inside = window.expand(tolerance);
    if w.rect.width() > 0.0
        && !inside.contains_rect(w.rect)
        && (w.role == Role::ScrollBar || !scrolled_away(w, scroll_bars))
    {
        return Some(format!(
            "{} is cut off by the window's edge ({}x{})",
            name(),
            window.width(),
            window.height()
        ));
    }
    if matches!(w.role, Role::Window | Role::Pane) && !inside.contains_rect(w.rect) {
        return Some(format!("{} lies outside the window", name()));
    }
    if let Some(board) = board
        && w.rect.shrink(tolerance).intersects(board)
        && !w.text.is_empty()
    {
        return Some(format!(
            "{} lies over the board's cells {:?}",
            name(),
            board
        ));
    }
    None
}

#[allow(clippy::too_many_arguments)]
fn map_and_guard(
    file: Res<UiMapFile>,
    mut reported: ResMut<Reported>,
    mut outputs: Query<(&EguiOutput, &mut EguiContext)>,
    window: Query<&Window, With<PrimaryWindow>>,
    frame: Option<Res<BracketFrame>>,
    fit: Option<Res<BoardFit>>,
    states: (
        Option<Res<State<Screen>>>,
        Option<Res<State<BracketScreen>>>,
        Option<Res<State<PigScreen>>>,
        Option<Res<State<JunqiScreen>>>,
        Option<Res<State<OnlineScreen>>>,
    ),
    bracket: Option<Res<BracketPlay>>,
    board_snapshot: Option<Res<BracketBoard>>,
    turn: Option<Res<BracketTurn>>,
    junqi: (
        Option<Res<JunqiTable>>,
        Option<Res<bw_rules::junqi::ecs::JunqiMatch>>,
    ),
    (online, online_content, pig_seat): (
        Option<Res<Online>>,
        Option<Res<OnlineContent>>,
        Option<Res<PigSeat>>,
    ),
    mut frames: Local<u64>,
    mut last: Local<String>,
) {
    let Ok(window) = window.single() else { return };
    let Some((output, mut ctx)) = outputs.iter_mut().next() else {
        return;
    };
    let Some(update) = &output.platform_output.accesskit_update else {
        return;
    };
    *frames += 1;
    let (w, h) = (window.width(), window.height());
    let window_rect = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(w, h));
    let board_shown = matches!(
        states.1.as_deref().map(State::get),
        Some(BracketScreen::Playing | BracketScreen::GameOver | BracketScreen::Replay)
    ) || matches!(
        states.4.as_deref().map(State::get),
        Some(OnlineScreen::BracketBoard)
    );
    let side = frame.as_ref().filter(|_| board_shown).map(|f| f.side);
    let fit = fit.as_deref().copied().unwrap_or_default();
    let to_window = |p: Vec2| {
        let d = (p - fit.camera) / fit.scale;
        egui::pos2(w / 2.0 + d.x, h / 2.0 - d.y)
    };
    // The board's cells, as the window shows them (the camera looks at the origin).
    let board = side.map(|n| {
        let half = cell_size(n) / 2.0 - 1.0;
        let a = to_window(cell_center(n, 0, 0) + Vec2::new(-half, half));
        let b = to_window(cell_center(n, n as u8 - 1, n as u8 - 1) + Vec2::new(half, -half));
        egui::Rect::from_min_max(a, b)
    });
    let (modal, popups) = ctx.get_mut().memory(|m| {
        let popups: Vec<egui::Rect> = m
            .areas()
            .visible_layer_ids()
            .into_iter()
            .filter(|l| matches!(l.order, egui::Order::Foreground | egui::Order::Tooltip))
            .filter_map(|l| m.area_rect(l.id))
            .collect();
        (m.top_modal_layer().is_some(), popups)
    });
    let widgets = widgets(update);
    let scroll_bars: Vec<egui::Rect> = widgets
        .iter()
        .filter(|w| w.role == Role::ScrollBar)
        .map(|w| w.rect)
        .collect();

    let mut now = Vec::new();
    for wd in &widgets {
        // Tooltips and pop-ups float over the board by design, while the pointer is there.
        let popup = popups.iter().any(|r| r.expand(2.0).contains_rect(wd.rect));
        let board = board.filter(|_| !modal && !popup);
        if let Some(b) = breach(wd, window_rect, board, &scroll_bars) {
            let place = format!("{:?} {:?}", wd.role, wd.rect);
            now.push((place, b));
        }
    }
    let mut seen = std::collections::HashMap::new();
    for (place, b) in now {
        let (frames, logged) = reported.0.get(&place).copied().unwrap_or((0, false));
        let frames = frames + 1;
        let log = frames >= SETTLED && !logged;
        if log {
            error!("layout: {b}");
        }
        seen.insert(place, (frames, logged || log));
    }
    reported.0 = seen;

    let Some(path) = &file.0 else { return };
    let mut out = String::new();
    let _ = writeln!(out, "window {w} {h}");
    let mut state = String::from("state");
    if let Some(s) = &states.0 {
        let _ = write!(state, " Screen::{:?}", s.get());
    }
    if let Some(s) = &states.1 {
        let _ = write!(state, " BracketScreen::{:?}", s.get());
    }
    if let Some(s) = &states.2 {
        let _ = write!(state, " PigScreen::{:?}", s.get());
    }
    if let Some(s) = &states.3 {
        let _ = write!(state, " JunqiScreen::{:?}", s.get());
    }
    if let Some(s) = &states.4 {
        let _ = write!(state, " OnlineScreen::{:?}", s.get());
    }
    let _ = writeln!(out, "{state}");
    for wd in &widgets {
        let r = wd.rect;
        let _ = writeln!(
            out,
            "widget {:?} {} {:.0} {:.0} {:.0} {:.0} {}",
            wd.role, wd.enabled as u8, r.min.x, r.min.y, r.max.x, r.max.y, wd.text
        );
    }
    if let Some(n) = side {
        for row in 0..n as u8 {
            for col in 0..n as u8 {
                let c = to_window(cell_center(n, row, col));
                let _ = writeln!(out, "cell {row} {col} {:.0} {:.0}", c.x, c.y);
            }
        }
    }
    let junqi_board_shown = states.3.is_some()
        || matches!(
            states.4.as_deref().map(State::get),
            Some(OnlineScreen::Room)
        );
    if junqi_board_shown
        && let Some(nodes) = ctx
            .get_mut()
            .data(|d| d.get_temp::<std::sync::Arc<Vec<(String, egui::Pos2)>>>(drawn_nodes_id()))
    {
        for (name, p) in nodes.iter() {
            let _ = writeln!(out, "node {name} {:.0} {:.0}", p.x, p.y);
        }
        let drawn = ctx.get_mut().data(|d| {
            d.get_temp::<std::sync::Arc<Vec<(String, String)>>>(
                crate::app::junqi::board::drawn_marks_id(),
            )
        });
        for (name, text) in drawn.iter().flat_map(|m| m.iter()) {
            let _ = writeln!(out, "fact junqi-mark {name} {text}");
        }
    }
    if let Some(board) = board_snapshot.as_ref().filter(|_| side.is_some()) {
        let n = board.board.side();
        for (cell, p) in board.board.pieces() {
            let _ = writeln!(
                out,
                "fact piece {} {} {} {} {}",
                cell / n,
                cell % n,
                p.owner,
                p.kind.0,
                p.facing.map_or("-".into(), |f| format!("{f:?}"))
            );
        }
    }
    if let Some(t) = turn.as_ref().filter(|_| side.is_some()) {
        let _ = writeln!(
            out,
            "fact bracket-turn {} {} {}",
            t.0.current,
            t.0.round,
            t.0.outcome.is_some() as u8
        );
    }
    if let Some(b) = &bracket {
        let _ = writeln!(out, "fact facing {:?}", b.facing);
        if let Some(k) = b.kind {
            let _ = writeln!(out, "fact kind {}", k.0);
        }
        if let Some(at) = b.cursor {
            let _ = writeln!(out, "fact cursor {} {}", at.row, at.col);
        }
        if let Some(m) = &b.message {
            let _ = writeln!(out, "fact message {}", m.replace('\n', " "));
        }
        if let Some(at) = b.pending_delete {
            let _ = writeln!(out, "fact pending-delete {} {}", at.row, at.col);
        }
    }
    if let (Some(t), Some(game)) = &junqi {
        let g = &game.0;
        let name = |n: Option<bw_rules::junqi::NodeId>| {
            n.map(|n| g.board.name(n).to_string())
                .unwrap_or_else(|| "-".into())
        };
        let _ = writeln!(out, "fact junqi-selected {}", name(t.selected));
        let _ = writeln!(out, "fact junqi-hovered {}", name(t.hovered));
        let _ = writeln!(out, "fact junqi-path {}", t.hover_path(g).len());
        let drawn = ctx
            .get_mut()
            .data(|d| d.get_temp::<usize>(drawn_path_id()))
            .unwrap_or(0);
        let _ = writeln!(out, "fact junqi-path-drawn {drawn}");
        let _ = writeln!(out, "fact junqi-plies {}", g.plies);
        // The moves the board marks as made (from and to of each).
        for (player, path) in crate::app::junqi::board::recent_moves(&g.events, t.viewer) {
            if let (Some(a), Some(b)) = (path.first(), path.last()) {
                let (a, b) = (g.board.name(*a), g.board.name(*b));
                let _ = writeln!(out, "fact junqi-recent {player} {a} {b}");
            }
        }
        let _ = writeln!(out, "fact junqi-turn {}", g.turn);
        // The pieces as this screen shows them: the layout being made, or the seat's view.
        let deploying = matches!(
            states.3.as_deref().map(State::get),
            Some(JunqiScreen::Deploy)
        );
        let seen: Vec<(usize, Option<bw_rules::junqi::PieceKindId>, usize)> = if deploying {
            t.layout
                .iter()
                .map(|&(n, k)| (n.0 as usize, Some(k), t.viewer.unwrap_or(0)))
                .collect()
        } else {
            t.view(g)
                .nodes
                .iter()
                .enumerate()
                .filter_map(|(i, p)| p.map(|p| (i, p.kind, p.owner)))
                .collect()
        };
        if matches!(
            states.3.as_deref().map(State::get),
            Some(JunqiScreen::Playing)
        ) && t.person_to_act(g) == t.viewer
        {
            for (a, b) in t.legal_moves(g) {
                let _ = writeln!(
                    out,
                    "fact junqi-move {} {}",
                    g.board.name(a),
                    g.board.name(b)
                );
            }
        }
        for (node, kind, owner) in seen {
            let _ = writeln!(
                out,
                "fact junqi-piece {} {owner} {}",
                g.board.name(bw_rules::junqi::NodeId(node as u8)),
                kind.map_or("?".to_string(), |k| g.set.get(k).id.clone())
            );
        }
    }
    if let Some(seat) = &pig_seat {
        let _ = writeln!(out, "fact pig-question {}", seat.question.is_some() as u8);
        let _ = writeln!(out, "fact pig-answers {}", seat.record.answers.len());
    }
    if let Some(o) = &online
        && let Some(room) = &o.room
    {
        let _ = writeln!(out, "fact online-room {} {:?}", room.id, room.status);
        let _ = writeln!(out, "fact online-seats {}", room.seats.len());
        if let Some(me) = room.you {
            let _ = writeln!(out, "fact online-seat {me}");
        }
        let _ = writeln!(out, "fact online-deploying {}", o.layout.is_some() as u8);
        if let Some(revealed) = &o.revealed {
            let known = revealed.iter().flatten().filter(|p| p.kind.is_some());
            let _ = writeln!(out, "fact online-revealed {}", known.count());
        }
        if let (Some(GameView::Junqi(v)), Some(rules), Some(content)) =
            (&o.view, o.junqi_rules(), &online_content)
        {
            let board = rules.make_board();
            let _ = writeln!(out, "fact online-turn {}", v.view.turn);
            let playing = v.view.phase == bw_rules::junqi::Phase::Playing;
            let _ = writeln!(out, "fact online-playing {}", playing as u8);
            let _ = writeln!(out, "fact online-events {}", v.first_event + v.events.len());
            // The moves this seat may make now: in play only (while the others still lay
            // out their armies there are none).
            if !v.observer
                && v.view.phase == bw_rules::junqi::Phase::Playing
                && v.view.turn == v.view.me
                && o.layout.is_none()
            {
                for (a, b) in v.view.legal_moves(&board, &content.0.pieces) {
                    let _ = writeln!(out, "fact online-move {} {}", board.name(a), board.name(b));
                }
            }
            // The face-down pieces of the other seats, as this seat sees them.
            for n in board.ids() {
                if let Some(p) = v.view.nodes[n.0 as usize]
                    && p.owner != v.view.me
                    && p.kind.is_none()
                {
                    let _ = writeln!(out, "fact online-face-down {} {}", board.name(n), p.owner);
                }
            }
        }
    }
    let mut logged: Vec<&String> = reported
        .0
        .iter()
        .filter(|(_, (_, logged))| *logged)
        .map(|(place, _)| place)
        .collect();
    logged.sort();
    for place in logged {
        let _ = writeln!(out, "layout-error {place}");
    }
    if *last == out {
        return;
    }
    last.clone_from(&out);
    let text = format!("frame {}\n{out}", *frames);
    if let Err(e) = bw_files::write_atomic(path, text) {
        warn!("the UI map could not be written to {}: {e}", path.display());
    }
}
