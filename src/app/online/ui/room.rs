//! A room: seats, 举手, computers, chat, the move list, and the game as this seat sees it.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use bw_online::protocol::{
    ClientMsg, GameAction, GameView, JunqiView, Level, Occupant, RoomState, RoomStatus,
};
use bw_rules::junqi::Phase;
use bw_rules::junqi::view::SeenPiece;

use super::hall::rank_name;
use super::{level_name, notice_text, options_text, status_line, status_name};
use crate::app::bracket::BracketPlay;
use crate::app::i18n::Locale;
use crate::app::junqi::board::{self, Marks};
use crate::app::junqi::deploy::{DeployAsk, deploy_controls};
use crate::app::junqi::layouts;
use crate::app::online::{Online, OnlineContent, OnlineIntent};
use crate::app::screens::controls::{self, ControlsHelp};
use crate::app::theme::{self, JunqiBoardColor, SeatColors};
use crate::tr;
use bw_rules::bracket::ecs::{BracketSetup, BracketTurn};

pub(super) fn room_screen(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    online: Res<Online>,
    content: Res<OnlineContent>,
    seats: Res<SeatColors>,
    wood: Res<JunqiBoardColor>,
    (bracket, bracket_turn, bracket_setup): (
        Option<Res<BracketPlay>>,
        Option<Res<BracketTurn>>,
        Option<Res<BracketSetup>>,
    ),
    mut controls_help: ResMut<ControlsHelp>,
    (mut names, mut marks): (ResMut<board::NodeNames>, Local<OnlineMarks>),
    mut intents: MessageWriter<OnlineIntent>,
    saves: Res<crate::app::Saves>,
    mut chat: Local<String>,
    mut layout_name: Local<String>,
    mut confirm_resign: Local<bool>,
    mut confirm_leave: Local<bool>,
    mut board_panels: ResMut<crate::app::bracket::view::BoardPanels>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(room) = online.room.clone() else {
        return Ok(());
    };
    let send = |intents: &mut MessageWriter<OnlineIntent>, m| {
        intents.write(OnlineIntent::Send(m));
    };
    let on_board = matches!(online.view, Some(GameView::Bracket(_)));
    // 任意人数: the seats are the board's sides, and who faces whom decides.
    let sides = room.status == RoomStatus::Waiting && room.options.game.any_count();
    let waiting_hint = if sides {
        "online-any-count-help"
    } else {
        "online-waiting"
    };
    let mut root = theme::root_ui(ctx);
    let room_panel = egui::Panel::right("online_room")
        .exact_size(320.0)
        .show(&mut root, |p| {
            p.heading(format!("#{}", room.id));
            p.add(egui::Label::new(options_text(&loc, &room.options)).wrap());
            status_line(p, &loc, &online);
            p.label(status_name(&loc, room.status));
            let waiting = room.status == RoomStatus::Waiting;
            let host = room.host.is_some() && room.host == room.you;
            // 任意人数: hands up but nobody facing anybody says what is missing.
            if sides {
                let seated: Vec<bool> = room
                    .seats
                    .iter()
                    .map(|s| s.occupant != Occupant::Empty)
                    .collect();
                let all_up = room
                    .seats
                    .iter()
                    .all(|s| s.occupant == Occupant::Empty || s.ready);
                let count = seated.iter().filter(|&&s| s).count();
                if let Ok(seated) = <[bool; 4]>::try_from(seated)
                    && count >= 2
                    && all_up
                    && bw_rules::junqi::setup::any_count_players(seated).is_none()
                {
                    theme::warning(p, &tr!(loc, "online-any-count-not-facing"));
                }
            }
            p.separator();
            // Who is with whom in a 四国 game with allies, in words as well as colours.
            let badges = match &online.view {
                Some(GameView::Junqi(v)) => {
                    board::team_badges(&v.view.players, |t| tr!(loc, "junqi-team", team = t))
                }
                _ => Vec::new(),
            };
            let team_of = |seat: u8| {
                badges
                    .get(seat as usize)
                    .map(|b| format!("[{}] ", b.2))
                    .unwrap_or_default()
            };
            for s in &room.seats {
                // A seat's row wraps inside the panel: an empty seat offers 坐下 and, to the
                // host, three computers, which are wider than the panel together.
                p.horizontal_wrapped(|h| {
                    let colour = seats.egui(s.seat + 1);
                    let who = match &s.occupant {
                        Occupant::Empty => tr!(loc, "online-seat-empty"),
                        // A logged-in person's rank and rating in the room's pool.
                        Occupant::Person { name } => match (s.rank, s.rating) {
                            (Some(rank), Some(rating)) => {
                                format!("{name} · {} {rating:.0}", rank_name(&loc, rank))
                            }
                            _ => name.clone(),
                        },
                        Occupant::Computer { level } => level_name(&loc, *level),
                    };
                    h.label(
                        egui::RichText::new(if sides {
                            let side = format!("online-side-{}", s.seat);
                            format!("{} {who}", tr!(loc, &side))
                        } else {
                            format!("{} {}{who}", s.seat + 1, team_of(s.seat))
                        })
                        .color(colour)
                        .strong(),
                    );
                    // A standing draw offer shows beside the seat that made it.
                    if let Some(GameView::Junqi(v)) = &online.view
                        && v.view
                            .players
                            .get(s.seat as usize)
                            .is_some_and(|pl| pl.dove)
                    {
                        h.label(tr!(loc, "junqi-dove"));
                    }
                    if s.ready && waiting {
                        h.label(tr!(loc, "online-hand-up"));
                    }
                    if matches!(s.occupant, Occupant::Person { .. }) && !s.connected {
                        h.label(tr!(loc, "online-away"));
                    }
                    if s.autoplay && room.status == RoomStatus::Playing {
                        h.label(tr!(loc, "online-autoplaying"));
                    }
                    if room.you == Some(s.seat) {
                        h.label(tr!(loc, "online-you"));
                    }
                    if waiting && s.occupant == Occupant::Empty {
                        if h.small_button(tr!(loc, "online-sit")).clicked() {
                            send(&mut intents, ClientMsg::Sit { seat: s.seat });
                        }
                        // A rated room's seats are for logged-in persons only.
                        if host && !room.options.rated {
                            for level in [Level::Easy, Level::Normal, Level::Hard] {
                                if h.small_button(level_name(&loc, level)).clicked() {
                                    send(
                                        &mut intents,
                                        ClientMsg::SetComputer {
                                            seat: s.seat,
                                            level: Some(level),
                                        },
                                    );
                                }
                            }
                        }
                    }
                    if waiting && host && room.you != Some(s.seat) {
                        match s.occupant {
                            Occupant::Person { .. } => {
                                if h.small_button(tr!(loc, "online-kick")).clicked() {
                                    send(&mut intents, ClientMsg::Kick { seat: s.seat });
                                }
                            }
                            Occupant::Computer { .. } => {
                                if h.small_button(tr!(loc, "online-remove")).clicked() {
                                    send(
                                        &mut intents,
                                        ClientMsg::SetComputer {
                                            seat: s.seat,
                                            level: None,
                                        },
                                    );
                                }
                            }
                            Occupant::Empty => {}
                        }
                    }
                });
            }
            if !room.observers.is_empty() {
                let more = room.observer_count.saturating_sub(room.observers.len());
                let names = room.observers.join("、");
                theme::hint(
                    p,
                    &if more > 0 {
                        tr!(loc, "online-observers-more", names = names, more = more)
                    } else {
                        tr!(loc, "online-observers", names = names)
                    },
                );
            }
            p.separator();
            if let Some(me) = room.you {
                if waiting {
                    let ready = room.seats[me as usize].ready;
                    let label = if ready {
                        "online-hand-down"
                    } else {
                        "online-raise-hand"
                    };
                    if p.button(tr!(loc, label)).clicked() {
                        send(&mut intents, ClientMsg::Ready { ready: !ready });
                    }
                    if p.button(tr!(loc, "online-stand")).clicked() {
                        send(&mut intents, ClientMsg::Stand);
                    }
                } else if room.status == RoomStatus::Playing {
                    // 托管: the server's computer plays this seat until it is taken back.
                    let auto = room.seats[me as usize].autoplay;
                    let label = if auto {
                        "online-autoplay-off"
                    } else {
                        "online-autoplay-on"
                    };
                    if p.button(tr!(loc, label)).clicked() {
                        send(&mut intents, ClientMsg::Autoplay { on: !auto });
                    }
                    game_buttons(
                        p,
                        &loc,
                        &online,
                        &content.0.pieces,
                        &saves,
                        &mut layout_name,
                        &mut intents,
                        &mut confirm_resign,
                    );
                }
            } else if room.status == RoomStatus::Playing {
                // An observer reads the clocks too.
                clocks(p, &loc, &online);
            }
            if let Some(n) = &online.notice {
                theme::warning(p, &notice_text(&loc, n));
            }
            // 括号大战: the outcome on the board's side, and the game's log.
            if let (true, Some(turn), Some(setup)) = (on_board, &bracket_turn, &bracket_setup)
                && turn.0.is_over()
            {
                crate::app::bracket::end::outcome_lines(p, &loc, &seats, &turn.0, &setup.settings);
            }
            // 军棋's end, as at one computer: the outcome, the scores, the layouts revealed.
            if let Some(GameView::Junqi(v)) = &online.view
                && let Phase::Over(outcome) = &v.view.phase
            {
                let who = |i: usize| seat_name(&loc, &room, i);
                p.label(
                    egui::RichText::new(crate::app::junqi::log::outcome_with(&loc, &who, outcome))
                        .size(20.0)
                        .strong(),
                );
                for (i, pl) in v.view.players.iter().enumerate() {
                    p.label(
                        egui::RichText::new(format!(
                            "{}  {}",
                            who(i),
                            tr!(loc, "junqi-score", score = pl.score)
                        ))
                        .color(seats.egui(i as u8 + 1)),
                    );
                }
                if online.revealed.is_some() {
                    theme::hint(p, &tr!(loc, "junqi-layouts-revealed"));
                }
            }
            // What the game did to the players' ratings and standings.
            for r in online.rated.iter().flatten() {
                let line = if r.rated {
                    tr!(
                        loc,
                        "online-rated-line",
                        name = r.name.clone(),
                        before = format!("{:.0}", r.before),
                        after = format!("{:.0}", r.after),
                        score = r.score
                    )
                } else {
                    tr!(
                        loc,
                        "online-unrated-line",
                        name = r.name.clone(),
                        score = r.score
                    )
                };
                p.label(line);
            }
            if online.finished.is_some() {
                p.label(egui::RichText::new(tr!(loc, "online-finished")).strong());
                if p.button(tr!(loc, "online-save")).clicked() {
                    intents.write(OnlineIntent::SaveFinished);
                }
            }
            // Leaving a seat mid-game asks first (the game goes on without the player).
            let seated_in_game = room.status == RoomStatus::Playing
                && room.you.is_some()
                && online.finished.is_none();
            if *confirm_leave && seated_in_game {
                theme::warning(p, &tr!(loc, "online-leave-sure"));
                p.horizontal(|h| {
                    if h.button(tr!(loc, "online-leave")).clicked() {
                        send(&mut intents, ClientMsg::Leave);
                        *confirm_leave = false;
                    }
                    if h.button(tr!(loc, "cancel")).clicked() {
                        *confirm_leave = false;
                    }
                });
            } else if p.button(tr!(loc, "online-leave")).clicked() {
                if seated_in_game {
                    *confirm_leave = true;
                } else {
                    send(&mut intents, ClientMsg::Leave);
                }
            }
            p.separator();
            // The 军棋 move list: public events only.
            if let (Some(rules), false) = (online.junqi_rules(), online.junqi_events.is_empty()) {
                // One row where it fits: the node names the list uses, and the controls
                // (not while laying out: the layout's own buttons take the room then).
                if online.layout.is_none() {
                    p.horizontal_wrapped(|h| {
                        board::node_names_toggle(h, &loc, &mut names);
                        controls::offer(h, &loc, &mut controls_help, "junqi");
                    });
                }
                let board = rules.make_board();
                let who = |i: usize| seat_name(&loc, &room, i);
                // As tall as the panel allows above the chat line (the panel does not
                // scroll: a short window shortens the list, never pushes the chat out).
                let room_left = p.available_height() - 80.0;
                egui::ScrollArea::vertical()
                    .id_salt("online_moves")
                    .max_height(room_left.clamp(40.0, 160.0))
                    .stick_to_bottom(true)
                    .show(p, |s| {
                        let words = crate::app::junqi::log::Words {
                            loc: &loc,
                            board: &board,
                            set: &content.0.pieces,
                            who: &who,
                            clashes: &online.junqi_clashes,
                        };
                        for (i, e) in online.junqi_events.iter().enumerate() {
                            if let Some(line) = words.line(i, e) {
                                s.label(line);
                            }
                        }
                    });
                p.separator();
            }
            if let (true, Some(play)) = (on_board, &bracket) {
                p.label(egui::RichText::new(tr!(loc, "event-log")).strong());
                p.allocate_ui(egui::vec2(p.available_width(), 180.0), |p| {
                    crate::app::bracket::hud::log(p, &play.log)
                });
                p.separator();
            }
            egui::ScrollArea::vertical()
                .max_height(200.0)
                .stick_to_bottom(true)
                .show(p, |s| {
                    for line in &online.chat {
                        if line.observers {
                            let text = tr!(
                                loc,
                                "online-observer-line",
                                from = line.from.clone(),
                                text = line.text.clone()
                            );
                            s.label(egui::RichText::new(text).italics().weak());
                        } else {
                            s.label(format!("{}: {}", line.from, line.text));
                        }
                    }
                });
            if room.you.is_none() && room.status == RoomStatus::Playing {
                theme::hint(p, &tr!(loc, "online-observers-only"));
            }
            p.horizontal(|h| {
                let field = h.add(egui::TextEdit::singleline(&mut *chat).desired_width(220.0));
                let enter = field.lost_focus() && h.input(|i| i.key_pressed(egui::Key::Enter));
                if (h.button(tr!(loc, "online-say")).clicked() || enter) && !chat.trim().is_empty()
                {
                    send(
                        &mut intents,
                        ClientMsg::Chat {
                            text: std::mem::take(&mut *chat),
                        },
                    );
                }
            });
        });
    if on_board {
        board_panels.0.push(room_panel.response.rect);
    }
    // 括号大战 is drawn by the board's own sprites and panels around this one.
    match &online.view {
        Some(GameView::Bracket(_)) => {}
        None => {
            egui::CentralPanel::default()
                .show(&mut root, |ui| theme::hint(ui, &tr!(loc, waiting_hint)));
        }
        Some(GameView::Junqi(v)) => {
            // The player's marks (标记), kept by this screen for this game only.
            let game = (room.id, online.games_shown);
            if marks.game != Some(game) {
                *marks = OnlineMarks {
                    game: Some(game),
                    ..Default::default()
                };
            }
            let me = (!v.observer).then_some(v.view.me);
            let face_down_enemy = |seat: usize, n: bw_rules::junqi::NodeId| {
                v.view.nodes[n.0 as usize].is_some_and(|p| p.owner != seat && p.kind.is_none())
            };
            marks
                .guesses
                .follow_events(&online.junqi_events, face_down_enemy);
            let set = &content.0.pieces;
            let guesses = me
                .map(|me| marks.guesses.of(me))
                .unwrap_or_default()
                .into_iter()
                .map(|(n, g)| (n, board::guess_text(&loc, set, g)))
                .collect();
            let right_click = egui::CentralPanel::default()
                .show(&mut root, |ui| {
                    junqi_board(
                        ui,
                        &loc,
                        &online,
                        v,
                        &content,
                        &seats,
                        &wood,
                        &mut intents,
                        names.0,
                        guesses,
                    )
                })
                .inner;
            if let (Some(me), Some((n, at))) = (me, right_click)
                && online.layout.is_none()
                && face_down_enemy(me, n)
            {
                marks.menu = Some((n, [at.x, at.y]));
            }
            if let Some(me) = me {
                let hints = crate::app::junqi::marks::hints(
                    set,
                    &online.junqi_events,
                    &online.junqi_clashes,
                );
                if let Some((node, guess)) =
                    board::mark_menu(ctx, &loc, &mut marks.menu, set, &hints)
                {
                    marks.guesses.set(me, node, guess);
                }
            }
        }
    }
    Ok(())
}

/// An online 军棋 game's marks: the player's guesses (never sent; gone with the game or
/// the client) and the open marks' menu.
#[derive(Default)]
pub(super) struct OnlineMarks {
    game: Option<(bw_online::protocol::RoomId, u32)>,
    guesses: crate::app::junqi::marks::Guesses,
    menu: Option<(bw_rules::junqi::NodeId, [f32; 2])>,
}

/// A seat's name in the room: the person's, or the computer's level.
fn seat_name(loc: &Locale, room: &RoomState, i: usize) -> String {
    match room.seats.get(i).map(|s| &s.occupant) {
        Some(Occupant::Person { name }) => name.clone(),
        Some(Occupant::Computer { level }) => level_name(loc, *level),
        _ => format!("{}", i + 1),
    }
}

/// The room's clocks, counting down between the server's messages: the running one, and
/// with a total clock (局时) each player's, then 读秒 once the mover's is spent.
fn clocks(p: &mut egui::Ui, loc: &Locale, online: &Online) {
    let totals = online.totals_left();
    let Some(ms) = online.clock_left() else {
        return;
    };
    let (Some(GameView::Junqi(v)), Some(room)) = (&online.view, &online.room) else {
        p.label(tr!(loc, "junqi-clock", n = ms.div_ceil(1000)));
        return;
    };
    if totals.is_empty() {
        // Whose clock it is: the mover's name beside the seconds (the layout clock is
        // everyone's).
        let playing = v.view.phase == bw_rules::junqi::Phase::Playing;
        let text = if playing {
            tr!(
                loc,
                "online-turn-clock",
                who = seat_name(loc, room, v.view.turn),
                n = ms.div_ceil(1000)
            )
        } else {
            tr!(loc, "junqi-clock", n = ms.div_ceil(1000))
        };
        p.label(egui::RichText::new(text).strong());
        return;
    }
    if v.view.phase != bw_rules::junqi::Phase::Playing {
        p.label(tr!(loc, "junqi-clock", n = ms.div_ceil(1000)));
    }
    for (i, &left) in totals.iter().enumerate() {
        let secs = left.div_ceil(1000);
        let time = format!("{}:{:02}", secs / 60, secs % 60);
        let line = tr!(
            loc,
            "online-total-clock",
            who = seat_name(loc, room, i),
            time = time
        );
        if i == v.view.turn && v.view.phase == bw_rules::junqi::Phase::Playing {
            p.label(egui::RichText::new(line).strong());
        } else {
            p.label(line);
        }
    }
    let mover_spent = totals.get(v.view.turn).is_some_and(|&t| t == 0);
    if v.view.phase == bw_rules::junqi::Phase::Playing && mover_spent {
        let n = ms.div_ceil(1000);
        let text = tr!(loc, "online-reading", n = n);
        if n <= super::super::sounds::READ_OUT_SECONDS {
            theme::warning(p, &text);
        } else {
            p.label(text);
        }
    }
}

fn game_buttons(
    p: &mut egui::Ui,
    loc: &Locale,
    online: &Online,
    pieces: &bw_rules::junqi::PieceSet,
    saves: &crate::app::Saves,
    layout_name: &mut String,
    intents: &mut MessageWriter<OnlineIntent>,
    confirm_resign: &mut bool,
) {
    if let Some(GameView::Junqi(v)) = &online.view {
        // Laying out: the same panel as at one computer (nothing is sent before 出征).
        if online.layout.is_some() {
            p.heading(tr!(loc, "junqi-deploy"));
            theme::hint(p, &tr!(loc, "junqi-deploy-help"));
            let problem = online.layout_problem(pieces, loc);
            let saved = online
                .with_army(pieces, |a| layouts::fitting(&saves.0.dir, a))
                .unwrap_or_default();
            match deploy_controls(p, loc, layout_name, &saved, problem.as_deref(), None) {
                Some(DeployAsk::Confirm) => {
                    intents.write(OnlineIntent::Deploy);
                }
                Some(ask) => {
                    intents.write(OnlineIntent::Layout(ask));
                }
                None => {}
            }
        }
        if v.view.phase == Phase::Playing {
            // Only those who have not offered answer an offer: the offerer waits (with the
            // dove beside its name in the seat list).
            let me = &v.view.players[v.view.me];
            let someone_offers = v.view.players.iter().any(|pl| pl.dove);
            if v.view.turn == v.view.me
                && p.button(tr!(loc, "junqi-offer-draw"))
                    .on_hover_text(tr!(loc, "junqi-offer-draw-help"))
                    .clicked()
            {
                intents.write(OnlineIntent::Act(GameAction::OfferDraw));
            }
            if someone_offers && !me.dove && me.lost.is_none() {
                p.horizontal(|h| {
                    if h.button(tr!(loc, "online-draw-yes")).clicked() {
                        intents.write(OnlineIntent::Act(GameAction::AnswerDraw { yes: true }));
                    }
                    if h.button(tr!(loc, "online-draw-no")).clicked() {
                        intents.write(OnlineIntent::Act(GameAction::AnswerDraw { yes: false }));
                    }
                });
            }
        }
    }
    clocks(p, loc, online);
    // 括号大战 gives up from the board's own palette, where it is confirmed.
    if matches!(online.view, Some(GameView::Bracket(_))) {
        return;
    }
    if *confirm_resign {
        theme::warning(p, &tr!(loc, "online-resign-sure"));
        p.horizontal(|h| {
            if h.button(tr!(loc, "junqi-resign")).clicked() {
                intents.write(OnlineIntent::Act(GameAction::Resign));
                *confirm_resign = false;
            }
            if h.button(tr!(loc, "cancel")).clicked() {
                *confirm_resign = false;
            }
        });
    } else if p.button(tr!(loc, "junqi-resign")).clicked() {
        *confirm_resign = true;
    }
}

fn junqi_board(
    ui: &mut egui::Ui,
    loc: &Locale,
    online: &Online,
    v: &JunqiView,
    content: &OnlineContent,
    seats: &SeatColors,
    wood: &JunqiBoardColor,
    intents: &mut MessageWriter<OnlineIntent>,
    names: bool,
    guesses: Vec<(bw_rules::junqi::NodeId, String)>,
) -> Option<(bw_rules::junqi::NodeId, egui::Pos2)> {
    let rules = online.junqi_rules()?;
    let board = rules.make_board();
    let set = &content.0.pieces;
    // The army being laid out shows in place of the (empty) own arm; at the end, every
    // initial layout.
    let mut nodes = match (&v.view.phase, &online.revealed) {
        (Phase::Over(_), Some(revealed)) => revealed.clone(),
        _ => v.view.nodes.clone(),
    };
    if let Some(layout) = &online.layout {
        for &(n, k) in layout {
            nodes[n.0 as usize] = Some(SeenPiece {
                owner: v.view.me,
                kind: Some(k),
            });
        }
    }
    let bottom = (!v.observer).then(|| rules.seat_letters()[v.view.me]);
    let destinations = match online.selected {
        Some(from) if online.layout.is_none() => v
            .view
            .legal_moves(&board, set)
            .into_iter()
            .filter(|m| m.0 == from)
            .map(|m| m.1)
            .collect(),
        _ => vec![],
    };
    let marks = Marks {
        wood: Some(theme::to_egui(wood.0)),
        selected: online.selected,
        destinations,
        recent: board::recent_moves(&online.junqi_events, (!v.observer).then_some(v.view.me)),
        turn: (v.view.phase == bw_rules::junqi::Phase::Playing)
            .then(|| {
                v.view
                    .players
                    .get(v.view.turn)
                    .map(|p| (p.seat, v.view.turn))
            })
            .flatten(),
        badges: board::team_badges(&v.view.players, |t| tr!(loc, "junqi-team", team = t)),
        names,
        guesses,
        ..Default::default()
    };
    let rect = ui.max_rect();
    let input = board::paint(
        ui,
        rect,
        &board,
        bottom,
        &board::scene(&nodes, set, &loc.code),
        seats,
        &marks,
    );
    if let Some((from, to)) = input.dropped {
        intents.write(OnlineIntent::JunqiDrag(from, to));
    } else if let Some(n) = input.clicked {
        intents.write(OnlineIntent::JunqiClick(n));
    }
    input.secondary
}
