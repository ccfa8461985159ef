//! The 军棋 board in play: the viewer's pieces and what they may see of the others, the
//! selected piece's destinations and path, the last move drawn along its path, the side
//! panel (seats, scores, clocks, draw offers, resign, the move list), the pause menu.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use bw_players::junqi::Seat;
use bw_rules::junqi::ecs::JunqiMatch;
use bw_rules::junqi::game::{Phase, PublicEvent};
use bw_rules::junqi::view::SeenPiece;
use bw_rules::junqi::{Junqi, NodeId, PlayerView};

use super::board::{self, Marks, art};
use super::log::{event_lines, seat_name};
use super::{JunqiIntent, JunqiTable, marks};
use crate::app::AssetsDir;
use crate::app::i18n::Locale;
use crate::app::screens::controls::{self, ControlsHelp};
use crate::app::screens::settings::{PauseChoice, pause_menu};
use crate::app::settings::UserSettings;
use crate::app::state::Screen;
use crate::app::theme::{self, JunqiBoardColor, SeatColors};
use crate::tr;

/// The side panel: seats, scores, turn, quiet count, draw offers, resign, the move list.
fn side_panel(
    p: &mut egui::Ui,
    loc: &Locale,
    table: &JunqiTable,
    game: &Junqi,
    view: &PlayerView,
    seats: &SeatColors,
    intents: &mut MessageWriter<JunqiIntent>,
    resign: &mut bool,
    quit: &mut bool,
    help: &mut ControlsHelp,
    names: &mut board::NodeNames,
) {
    // Who is with whom, in words as well as colours.
    let badges = board::team_badges(&view.players, |t| tr!(loc, "junqi-team", team = t));
    for (i, pl) in view.players.iter().enumerate() {
        let team = badges
            .get(i)
            .map(|b| format!("[{}] ", b.2))
            .unwrap_or_default();
        let mut text = seat_name(loc, table, game, i);
        if pl.dove {
            text += &tr!(loc, "junqi-dove");
        }
        p.horizontal(|row| {
            let status = if pl.lost.is_some() {
                tr!(loc, "junqi-out")
            } else {
                String::new()
            };
            let turn = if view.phase == Phase::Playing && view.turn == i {
                "▶ "
            } else {
                ""
            };
            if pl.dove {
                dove(row);
            }
            // A person's profile total over earlier games, beside this game's score.
            let total = match table.seats[i] {
                Seat::Person => table
                    .profile_totals
                    .get(&game.players[i].profile)
                    .map(|t| format!("  {}", tr!(loc, "junqi-total", score = *t)))
                    .unwrap_or_default(),
                _ => String::new(),
            };
            row.label(
                egui::RichText::new(format!(
                    "{turn}{team}{text}  {}{total}{status}",
                    tr!(loc, "junqi-score", score = pl.score)
                ))
                .color(seats.egui(i as u8 + 1))
                .size(16.0),
            );
        });
    }
    let waiting = match view.phase {
        Phase::Playing => table.seats[view.turn] != Seat::Person,
        Phase::Deploying => table.person_to_act(game).is_none(),
        Phase::Over(_) => false,
    };
    if waiting {
        theme::hint(p, &tr!(loc, "computer-thinking"));
    }
    if let Some(c) = table.clock {
        p.label(
            egui::RichText::new(tr!(loc, "junqi-clock", n = c.ceil().max(0.0) as u32)).size(18.0),
        );
    }
    let limit = game.quiet_limit();
    if limit > 0 && game.quiet * 3 >= limit * 2 {
        theme::warning(
            p,
            &tr!(loc, "junqi-quiet-count", n = game.quiet, limit = limit),
        );
    }
    if let Some(m) = &table.message {
        theme::warning(p, m);
    }
    p.separator();
    let me = table.viewer;
    let my_turn = me.is_some() && me == Some(view.turn) && table.person_to_act(game) == me;
    if p.add_enabled(my_turn, egui::Button::new(tr!(loc, "junqi-offer-draw")))
        .on_hover_text(tr!(loc, "junqi-offer-draw-help"))
        .clicked()
    {
        intents.write(JunqiIntent::OfferDraw);
    }
    // Every person who must answer a standing offer, at this computer.
    if view.players.iter().any(|pl| pl.dove) {
        for (i, pl) in view.players.iter().enumerate() {
            if table.seats[i] == Seat::Person && pl.lost.is_none() && !pl.dove {
                p.horizontal(|h| {
                    h.label(tr!(
                        loc,
                        "junqi-draw-question",
                        player = seat_name(loc, table, game, i)
                    ));
                    if h.button(tr!(loc, "yes")).clicked() {
                        intents.write(JunqiIntent::AnswerDraw {
                            player: i,
                            yes: true,
                        });
                    }
                    if h.button(tr!(loc, "no")).clicked() {
                        intents.write(JunqiIntent::AnswerDraw {
                            player: i,
                            yes: false,
                        });
                    }
                });
            }
        }
    }
    p.horizontal(|h| {
        if h.add_enabled(me.is_some(), egui::Button::new(tr!(loc, "junqi-resign")))
            .clicked()
        {
            *resign = true;
        }
        if h.button(tr!(loc, "save-and-quit")).clicked() {
            *quit = true;
        }
    });
    controls::offer(p, loc, help, "junqi");
    p.separator();
    // The move list is last and scrolls in the space left, so however long the game,
    // nothing above it leaves the panel.
    p.heading(tr!(loc, "junqi-moves"));
    board::node_names_toggle(p, loc, names);
    egui::ScrollArea::vertical()
        .id_salt("junqi_moves")
        .auto_shrink([false, false])
        .max_height(p.available_height())
        .stick_to_bottom(true)
        .show(p, |s| {
            for line in event_lines(loc, table, game, &view.events) {
                s.label(egui::RichText::new(line).size(14.0));
            }
        });
}

pub(super) fn game_screen(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    table: Option<ResMut<JunqiTable>>,
    game: Option<Res<JunqiMatch>>,
    seats: Res<SeatColors>,
    wood: Res<JunqiBoardColor>,
    pack: Option<Res<crate::app::texture_pack::PackImages>>,
    mut intents: MessageWriter<JunqiIntent>,
    mut screen: ResMut<NextState<Screen>>,
    mut settings: ResMut<UserSettings>,
    assets: Res<AssetsDir>,
    mut anim: Local<MoveAnimation>,
    mut help: ResMut<ControlsHelp>,
    mut names: ResMut<board::NodeNames>,
) -> Result {
    let junqi_art = art(&mut contexts, pack.as_deref());
    let ctx = contexts.ctx_mut()?;
    let (Some(mut table), Some(game)) = (table, game) else {
        return Ok(());
    };
    let game = &game.0;
    let view = table.view(game);
    let mut root = theme::root_ui(ctx);
    let mut resign = false;
    let mut quit = false;
    egui::Panel::right("junqi_side")
        .exact_size(320.0)
        .show(&mut root, |p| {
            side_panel(
                p,
                &loc,
                &table,
                game,
                &view,
                &seats,
                &mut intents,
                &mut resign,
                &mut quit,
                &mut help,
                &mut names,
            );
        });
    if resign {
        table.confirm_resign = true;
    }
    if table.paused {
        match pause_menu(
            ctx,
            &loc,
            &tr!(loc, "pause"),
            &mut settings,
            &assets.0,
            true,
        ) {
            Some(PauseChoice::Resume) => table.paused = false,
            Some(PauseChoice::Quit) => quit = true,
            None => {}
        }
    }
    if quit {
        table.paused = false;
        screen.set(Screen::Menu);
    }
    let moves = table.legal_moves(game);
    anim.update(&view, ctx);
    // The marks follow their pieces; the viewer's are drawn.
    table.guesses.follow(game);
    let guesses: Vec<(NodeId, String)> = table
        .viewer
        .map(|me| table.guesses.of(me))
        .unwrap_or_default()
        .into_iter()
        .map(|(n, g)| (n, board::guess_text(&loc, &game.set, g)))
        .collect();
    let now = ctx.input(|i| i.time);
    let marks = Marks {
        wood: Some(theme::to_egui(wood.0)),
        art: junqi_art,
        selected: table.selected,
        destinations: table
            .selected
            .map(|s| moves.iter().filter(|m| m.0 == s).map(|m| m.1).collect())
            .unwrap_or_default(),
        path: table.hover_path(game),
        removed: [last_removed(&view), anim.gone(now)].concat(),
        cursor: table.hovered,
        moving: settings.animations.then(|| anim.moving(now)).flatten(),
        recent: board::recent_moves(&view.events, table.viewer),
        turn: (view.phase == Phase::Playing).then(|| (game.players[view.turn].seat, view.turn)),
        badges: board::team_badges(&view.players, |t| tr!(loc, "junqi-team", team = t)),
        names: names.0,
        guesses,
    };
    egui::CentralPanel::default().show(&mut root, |ui| {
        let rect = ui.max_rect();
        let bottom = table.viewer.map(|p| game.players[p].seat);
        let input = board::paint(
            ui,
            rect,
            &game.board,
            bottom,
            &board::scene(&view.nodes, &game.set, &loc.code),
            &seats,
            &marks,
        );
        // Follow the pointer whenever it has moved since the last drawn frame (a resting
        // pointer keeps what the keyboard chose).
        // The path is drawn from the hovered node, which is known only now: a change asks
        // for the next frame, or the reactive window would never draw the path.
        let hovered = table.hovered;
        if board::pointer_moved(ui) {
            table.hovered = input.hovered;
        }
        if let Some((a, b)) = input.dropped {
            intents.write(JunqiIntent::Move(a, b));
        } else if let Some(n) = input.clicked {
            intents.write(JunqiIntent::BoardClick(n));
        }
        // A right click on a face-down enemy piece: the marks' menu.
        if let Some((n, at)) = input.secondary
            && view.nodes[n.0 as usize].is_some_and(|p| p.owner != view.me && p.kind.is_none())
            && table.viewer.is_some()
        {
            table.mark_menu = Some((n, [at.x, at.y]));
        }
        // Keyboard play: the arrows move the cursor (from the selected piece, or an own
        // piece), Enter selects or moves there, Esc lets go of the selection.
        if let Some(dir) = board::arrow(ui) {
            let from = table
                .hovered
                .or(table.selected)
                .or_else(|| moves.first().map(|m| m.0));
            if let Some(from) = from {
                table.hovered = board::step(&game.board, bottom, rect, from, dir).or(Some(from));
            }
        }
        if table.hovered != hovered {
            ui.ctx().request_repaint();
        }
        if ui.input(|i| i.key_pressed(egui::Key::Enter))
            && let Some(n) = table.hovered
        {
            intents.write(JunqiIntent::BoardClick(n));
        }
        // Esc lets go of the selection, and with nothing to let go of opens (or closes)
        // the pause menu, as in 括号大战.
        if ui.input(|i| i.key_pressed(egui::Key::Escape))
            && !table.confirm_resign
            && !help.is_open()
            && table.mark_menu.is_none()
        {
            if table.selected.is_some() {
                table.selected = None;
            } else {
                table.paused = !table.paused;
            }
        }
    });
    let hints = table.viewer.map_or_else(Default::default, |me| {
        marks::hints(&game.set, &game.events, &game.clashes_seen_by(Some(me), 0))
    });
    if let Some((node, guess)) =
        board::mark_menu(ctx, &loc, &mut table.mark_menu, &game.set, &hints)
    {
        intents.write(JunqiIntent::Mark { node, guess });
    }
    if table.confirm_resign
        && let Some(me) = table.viewer
        && let Some(answer) = theme::confirm(
            ctx,
            &tr!(loc, "junqi-resign"),
            &tr!(
                loc,
                "junqi-resign-confirm",
                player = seat_name(&loc, &table, game, me)
            ),
            &tr!(loc, "yes"),
            &tr!(loc, "no"),
        )
    {
        table.confirm_resign = false;
        if answer == theme::Answer::Yes {
            intents.write(JunqiIntent::Resign(me));
        }
    }
    Ok(())
}

/// The nodes whose pieces left the board in the last move (a short effect).
fn last_removed(view: &PlayerView) -> Vec<NodeId> {
    view.events
        .iter()
        .rev()
        .find_map(|e| match e {
            PublicEvent::Moved { removed, .. } => Some(removed.clone()),
            _ => None,
        })
        .unwrap_or_default()
}

/// The last move drawn along its path (0.12 s a step, a second at most), and the pieces of
/// a player who is out leaving the board (marked for a moment and a half).
#[derive(Default)]
pub struct MoveAnimation {
    seen: usize,
    path: Vec<NodeId>,
    start: f64,
    /// The pieces on the board as last drawn (to know where a loser's pieces stood).
    before: Vec<Option<SeenPiece>>,
    gone: Vec<NodeId>,
}

impl MoveAnimation {
    /// Takes in the view to draw: a new move or a player out starts an effect. Asks for the
    /// next frame while an effect runs.
    fn update(&mut self, view: &PlayerView, ctx: &egui::Context) {
        let now = ctx.input(|i| i.time);
        if view.events.len() != self.seen {
            // The first time the board is drawn the old moves are not replayed.
            let first = self.seen == 0;
            let new = &view.events[self.seen.min(view.events.len())..];
            self.path = match view.events.last() {
                Some(PublicEvent::Moved { path, .. }) if !first => path.clone(),
                _ => vec![],
            };
            self.gone = if first {
                vec![]
            } else {
                let losers: Vec<usize> = new
                    .iter()
                    .filter_map(|e| match e {
                        PublicEvent::Lost { player, .. } => Some(*player),
                        _ => None,
                    })
                    .collect();
                self.before
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.is_some_and(|p| losers.contains(&p.owner)))
                    .map(|(i, _)| NodeId(i as u8))
                    .collect()
            };
            self.seen = view.events.len();
            self.start = now;
        }
        self.before = view.nodes.clone();
        if self.moving(now).is_some() || !self.gone(now).is_empty() {
            ctx.request_repaint();
        }
    }

    fn moving(&self, now: f64) -> Option<(Vec<NodeId>, f32)> {
        if self.path.len() < 2 {
            return None;
        }
        let length = (0.12 * (self.path.len() - 1) as f64).min(1.0);
        let t = ((now - self.start) / length) as f32;
        (t < 1.0).then(|| (self.path.clone(), t))
    }

    fn gone(&self, now: f64) -> Vec<NodeId> {
        if now - self.start < 1.5 {
            self.gone.clone()
        } else {
            vec![]
        }
    }
}

/// The dove of a draw offer, drawn beside the offering seat: a white bird with an olive
/// twig.
fn dove(ui: &mut egui::Ui) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(26.0, 18.0), egui::Sense::hover());
    let p = ui.painter();
    let c = rect.center();
    let white = egui::Color32::from_rgb(245, 245, 240);
    let line = egui::Stroke::new(1.0, egui::Color32::from_gray(90));
    // Body and head.
    p.add(egui::Shape::ellipse_filled(
        c + egui::vec2(-1.0, 2.0),
        egui::vec2(8.0, 4.5),
        white,
    ));
    p.add(egui::Shape::ellipse_stroke(
        c + egui::vec2(-1.0, 2.0),
        egui::vec2(8.0, 4.5),
        line,
    ));
    p.circle_filled(c + egui::vec2(7.0, -2.0), 3.2, white);
    p.circle_stroke(c + egui::vec2(7.0, -2.0), 3.2, line);
    // The raised wing.
    let wing = vec![
        c + egui::vec2(-4.0, 0.0),
        c + egui::vec2(1.0, -8.0),
        c + egui::vec2(3.0, 0.0),
    ];
    p.add(egui::Shape::convex_polygon(wing, white, line));
    // Beak and twig.
    p.line_segment(
        [c + egui::vec2(10.0, -2.0), c + egui::vec2(12.5, -1.0)],
        egui::Stroke::new(1.5, egui::Color32::from_rgb(220, 150, 40)),
    );
    p.line_segment(
        [c + egui::vec2(11.5, -1.0), c + egui::vec2(12.5, 4.0)],
        egui::Stroke::new(1.2, egui::Color32::from_rgb(80, 140, 60)),
    );
}
