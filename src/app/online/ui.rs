//! The online screens: the lobby (server, name, the room list, a new room) and a room
//! (seats, 举手, computers, chat, and the game as this seat sees it).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bw_online::protocol::*;
use bw_rules::bracket;
use bw_rules::bracket::record::RecordedAction as BracketAction;
use bw_rules::junqi::view::SeenPiece;
use bw_rules::junqi::{self, Phase};

use super::{Notice, Online, OnlineContent, OnlineIntent, OnlineWaker, Status};
use crate::app::i18n::Locale;
use crate::app::junqi::board::{self, Marks};
use crate::app::screens::settings::UserSettings;
use crate::app::state::{OnlineScreen, Screen};
use crate::app::theme::{self, JunqiBoardColor, SeatColors};
use crate::tr;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, install_waker)
        .init_resource::<NewRoom>()
        .add_systems(
            EguiPrimaryContextPass,
            (
                lobby_screen.run_if(in_state(OnlineScreen::Lobby)),
                room_screen.run_if(in_state(OnlineScreen::Room)),
            ),
        );
}

/// Messages from the connection's thread wake the window (it redraws only on input).
fn install_waker(mut commands: Commands, proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>) {
    if let Some(proxy) = proxy {
        let proxy: bevy::winit::EventLoopProxy<bevy::winit::WinitUserEvent> = (**proxy).clone();
        let proxy = std::sync::Mutex::new(proxy);
        commands.insert_resource(OnlineWaker(std::sync::Arc::new(move || {
            if let Ok(p) = proxy.lock() {
                let _ = p.send_event(bevy::winit::WinitUserEvent::WakeUp);
            }
        })));
    }
}

/// The new-room form: the same options as the local new-game screens.
#[derive(Resource)]
struct NewRoom {
    game: GameKind,
    junqi: junqi::Rules,
    timers: crate::saves::JunqiTimers,
    bracket: bracket::Settings,
    /// 括号大战's time per turn (0: none).
    bracket_secs: u32,
    takeover: bool,
}

impl Default for NewRoom {
    fn default() -> Self {
        NewRoom {
            game: GameKind::Junqi,
            junqi: junqi::Rules {
                board: junqi::BoardChoice::TwoPlayer,
                players: 2,
                ..junqi::Rules::default()
            },
            timers: crate::saves::JunqiTimers {
                deploy: Some(120),
                moves: Some(60),
            },
            bracket: bracket::Settings {
                turn_limit: Some(20),
                ..bracket::Settings::default()
            },
            bracket_secs: 60,
            takeover: true,
        }
    }
}

impl NewRoom {
    fn options(&self) -> RoomOptions {
        let game = match self.game {
            GameKind::Junqi => GameOptions::Junqi {
                rules: self.junqi.clone(),
                deploy_secs: self.timers.deploy,
                move_secs: self.timers.moves,
            },
            GameKind::Bracket => GameOptions::Bracket {
                settings: self.bracket.clone(),
                move_secs: (self.bracket_secs > 0).then_some(self.bracket_secs),
            },
        };
        RoomOptions {
            game,
            computer_takes_over: self.takeover,
        }
    }
}

fn describe(loc: &Locale, options: &RoomOptions) -> String {
    match &options.game {
        GameOptions::Junqi { rules, .. } => {
            let board = match rules.board {
                junqi::BoardChoice::TwoPlayer => tr!(loc, "online-board-2p"),
                junqi::BoardChoice::FourPlayer => tr!(loc, "online-board-4p"),
            };
            let players = tr!(loc, "online-players", n = rules.players);
            format!("{} · {board} · {players}", tr!(loc, "junqi"))
        }
        GameOptions::Bracket { settings, .. } => format!(
            "{} · {}×{} · {}",
            tr!(loc, "bracket-war"),
            settings.board.side,
            settings.board.side,
            tr!(loc, "online-players", n = settings.board.players)
        ),
    }
}

fn status_line(ui: &mut egui::Ui, loc: &Locale, online: &Online) {
    let text = match &online.status {
        Status::Offline => tr!(loc, "online-offline"),
        Status::Connecting => tr!(loc, "online-connecting"),
        Status::Connected => tr!(loc, "online-connected"),
        Status::Lost(why) => tr!(loc, "online-lost", reason = why.clone()),
    };
    match online.status {
        Status::Lost(_) => theme::warning(ui, &text),
        _ => {
            ui.label(egui::RichText::new(text).strong());
        }
    }
}

fn lobby_screen(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    online: Res<Online>,
    mut settings: ResMut<UserSettings>,
    mut form: ResMut<NewRoom>,
    mut intents: MessageWriter<OnlineIntent>,
    mut next: ResMut<NextState<Screen>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut root = theme::root_ui(ctx);
    egui::Panel::top("online_top").show(&mut root, |ui| {
        ui.horizontal(|h| {
            if h.button(tr!(loc, "back")).clicked() {
                next.set(Screen::Menu);
            }
            h.heading(tr!(loc, "online"));
            status_line(h, &loc, &online);
        });
    });
    egui::CentralPanel::default().show(&mut root, |ui| {
        if !online.connected() {
            ui.horizontal(|h| {
                h.label(tr!(loc, "online-server"));
                h.add(egui::TextEdit::singleline(&mut settings.online_server).desired_width(260.0));
                h.label(tr!(loc, "online-name"));
                h.add(egui::TextEdit::singleline(&mut settings.online_name).desired_width(160.0));
                let ready =
                    online.status != Status::Connecting && !settings.online_name.trim().is_empty();
                if h.add_enabled(ready, egui::Button::new(tr!(loc, "online-connect")))
                    .clicked()
                {
                    let url = if settings.online_server.starts_with("ws://") {
                        settings.online_server.clone()
                    } else {
                        format!("ws://{}", settings.online_server)
                    };
                    intents.write(OnlineIntent::Connect {
                        url,
                        name: settings.online_name.trim().to_string(),
                    });
                }
            });
            theme::hint(ui, &tr!(loc, "online-help"));
            return;
        }
        if let Some(n) = &online.notice {
            theme::warning(ui, &notice_text(&loc, n));
        }
        ui.horizontal(|h| {
            h.heading(tr!(loc, "online-rooms"));
            if h.button(tr!(loc, "online-refresh")).clicked() {
                intents.write(OnlineIntent::Send(ClientMsg::ListRooms));
            }
            if h.button(tr!(loc, "online-disconnect")).clicked() {
                intents.write(OnlineIntent::Disconnect);
            }
        });
        egui::Grid::new("rooms").striped(true).show(ui, |g| {
            for r in &online.lobby {
                g.label(format!("#{}", r.id));
                g.label(describe(&loc, &r.options));
                g.label(tr!(loc, "online-taken", taken = r.taken, seats = r.seats));
                g.label(status_name(&loc, r.status));
                if g.button(tr!(loc, "online-enter")).clicked() {
                    intents.write(OnlineIntent::Send(ClientMsg::Join {
                        room: r.id,
                        seat: None,
                    }));
                }
                g.end_row();
            }
        });
        if online.lobby.is_empty() {
            theme::hint(ui, &tr!(loc, "online-no-rooms"));
        }
        ui.separator();
        ui.heading(tr!(loc, "online-new-room"));
        egui::ScrollArea::vertical().show(ui, |ui| {
            ui.horizontal(|h| {
                h.radio_value(&mut form.game, GameKind::Junqi, tr!(loc, "junqi"));
                h.radio_value(&mut form.game, GameKind::Bracket, tr!(loc, "bracket-war"));
            });
            ui.add_space(8.0);
            let f = &mut *form;
            match f.game {
                GameKind::Junqi => {
                    crate::app::junqi::newgame::rules_editor(ui, &loc, &mut f.junqi, &mut f.timers)
                }
                GameKind::Bracket => {
                    crate::app::bracket::newgame::settings_editor(ui, &loc, &mut f.bracket, None);
                    ui.horizontal(|h| {
                        h.label(tr!(loc, "online-move-secs"));
                        h.add(egui::DragValue::new(&mut f.bracket_secs).range(0..=600));
                    });
                }
            }
            ui.add_space(8.0);
            ui.checkbox(&mut f.takeover, tr!(loc, "online-takeover"));
            ui.add_space(8.0);
            if theme::big_button(ui, true, &tr!(loc, "online-create")).clicked() {
                intents.write(OnlineIntent::Send(ClientMsg::CreateRoom {
                    options: f.options(),
                }));
            }
        });
    });
    Ok(())
}

fn status_name(loc: &Locale, s: RoomStatus) -> String {
    tr!(
        loc,
        match s {
            RoomStatus::Waiting => "online-status-waiting",
            RoomStatus::Playing => "online-status-playing",
            RoomStatus::Over => "online-status-over",
            RoomStatus::Failed => "online-status-failed",
        }
    )
}

fn level_name(loc: &Locale, level: Level) -> String {
    tr!(
        loc,
        match level {
            Level::Easy => "seat-computer-random",
            Level::Normal => "seat-computer-greedy",
            Level::Hard => "seat-computer-strong",
        }
    )
}

fn room_screen(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    online: Res<Online>,
    content: Res<OnlineContent>,
    seats: Res<SeatColors>,
    wood: Res<JunqiBoardColor>,
    mut intents: MessageWriter<OnlineIntent>,
    mut chat: Local<String>,
    mut confirm_resign: Local<bool>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Some(room) = online.room.clone() else {
        return Ok(());
    };
    let send = |intents: &mut MessageWriter<OnlineIntent>, m| {
        intents.write(OnlineIntent::Send(m));
    };
    let mut root = theme::root_ui(ctx);
    egui::Panel::right("online_room")
        .exact_size(320.0)
        .show(&mut root, |p| {
            p.heading(format!("#{}", room.id));
            p.add(egui::Label::new(describe(&loc, &room.options)).wrap());
            status_line(p, &loc, &online);
            p.label(status_name(&loc, room.status));
            let waiting = room.status == RoomStatus::Waiting;
            let host = room.host.is_some() && room.host == room.you;
            p.separator();
            for s in &room.seats {
                p.horizontal(|h| {
                    let colour = seats.egui(s.seat + 1);
                    let who = match &s.occupant {
                        Occupant::Empty => tr!(loc, "online-seat-empty"),
                        Occupant::Person { name } => name.clone(),
                        Occupant::Computer { level } => level_name(&loc, *level),
                    };
                    h.label(
                        egui::RichText::new(format!("{} {who}", s.seat + 1))
                            .color(colour)
                            .strong(),
                    );
                    if s.ready && waiting {
                        h.label(tr!(loc, "online-hand-up"));
                    }
                    if matches!(s.occupant, Occupant::Person { .. }) && !s.connected {
                        h.label(tr!(loc, "online-away"));
                    }
                    if room.you == Some(s.seat) {
                        h.label(tr!(loc, "online-you"));
                    }
                    if waiting && s.occupant == Occupant::Empty {
                        if h.small_button(tr!(loc, "online-sit")).clicked() {
                            send(&mut intents, ClientMsg::Sit { seat: s.seat });
                        }
                        if host {
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
                theme::hint(
                    p,
                    &tr!(loc, "online-observers", names = room.observers.join("、")),
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
                    game_buttons(p, &loc, &online, &mut intents, &mut confirm_resign);
                }
            }
            if let Some(n) = &online.notice {
                theme::warning(p, &notice_text(&loc, n));
            }
            if online.finished.is_some() {
                p.label(egui::RichText::new(tr!(loc, "online-finished")).strong());
                if p.button(tr!(loc, "online-save")).clicked() {
                    intents.write(OnlineIntent::SaveFinished);
                }
            }
            if p.button(tr!(loc, "online-leave")).clicked() {
                send(&mut intents, ClientMsg::Leave);
            }
            p.separator();
            // The 军棋 move list: public events only.
            if let (Some(rules), false) = (online.junqi_rules(), online.junqi_events.is_empty()) {
                let board = rules.make_board();
                let who = |i: usize| match room.seats.get(i).map(|s| &s.occupant) {
                    Some(Occupant::Person { name }) => name.clone(),
                    Some(Occupant::Computer { level }) => level_name(&loc, *level),
                    _ => format!("{}", i + 1),
                };
                egui::ScrollArea::vertical()
                    .id_salt("online_moves")
                    .max_height(160.0)
                    .stick_to_bottom(true)
                    .show(p, |s| {
                        for e in &online.junqi_events {
                            if let Some(line) =
                                crate::app::junqi::screens::describe_with(&loc, &board, &who, e)
                            {
                                s.label(line);
                            }
                        }
                    });
                p.separator();
            }
            egui::ScrollArea::vertical()
                .max_height(200.0)
                .stick_to_bottom(true)
                .show(p, |s| {
                    for (from, text) in &online.chat {
                        s.label(format!("{from}: {text}"));
                    }
                });
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
    egui::CentralPanel::default().show(&mut root, |ui| match &online.view {
        None => theme::hint(ui, &tr!(loc, "online-waiting")),
        Some(GameView::Junqi(v)) => {
            junqi_board(ui, &loc, &online, v, &content, &seats, &wood, &mut intents)
        }
        Some(GameView::Bracket(_)) => bracket_board(ui, &loc, &online, &seats, &mut intents),
    });
    Ok(())
}

fn game_buttons(
    p: &mut egui::Ui,
    loc: &Locale,
    online: &Online,
    intents: &mut MessageWriter<OnlineIntent>,
    confirm_resign: &mut bool,
) {
    if let Some(GameView::Junqi(v)) = &online.view {
        if online.layout.is_some() {
            let problem = online.layout_problem(&junqi::PieceSet::standard());
            if let Some(why) = &problem {
                theme::warning(p, why);
            }
            if p.add_enabled(
                problem.is_none(),
                egui::Button::new(tr!(loc, "junqi-confirm-layout")),
            )
            .clicked()
            {
                intents.write(OnlineIntent::Deploy);
            }
        }
        if let Some(ms) = v.clock_ms {
            p.label(tr!(loc, "junqi-clock", n = ms.div_ceil(1000)));
        }
        if v.view.phase == Phase::Playing {
            let doves = v.view.players.iter().any(|pl| pl.dove);
            if v.view.turn == v.view.me && p.button(tr!(loc, "junqi-offer-draw")).clicked() {
                intents.write(OnlineIntent::Act(GameAction::OfferDraw));
            }
            if doves {
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
    if let Some(GameView::Bracket(v)) = &online.view
        && let Some(ms) = v.clock_ms
    {
        p.label(tr!(loc, "junqi-clock", n = ms.div_ceil(1000)));
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
) {
    let Some(rules) = online.junqi_rules() else {
        return;
    };
    let board = rules.make_board();
    let set = &content.0.pieces;
    // The army being laid out shows in place of the (empty) own arm.
    let mut nodes = v.view.nodes.clone();
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
    if let Some(n) = input.clicked {
        intents.write(OnlineIntent::JunqiClick(n));
    }
}

fn bracket_board(
    ui: &mut egui::Ui,
    loc: &Locale,
    online: &Online,
    seats: &SeatColors,
    intents: &mut MessageWriter<OnlineIntent>,
) {
    let Some(game) = &online.bracket else {
        return;
    };
    let kinds = bracket::KindTable::builtin();
    let me = online.my_seat();
    let my_turn = me.is_some_and(|s| game.turn.current == s + 1) && !game.turn.is_over();
    if me.is_some() {
        ui.horizontal_wrapped(|h| {
            for (k, _) in bracket::game::placeable_kinds(&game.settings, &kinds) {
                let kind = kinds.get(k);
                let on = online.kind.as_deref() == Some(kind.id.as_str());
                if h.selectable_label(on, format!("{} {}", kind.glyph, kind.id))
                    .clicked()
                {
                    intents.write(OnlineIntent::ChooseKind(kind.id.clone()));
                }
            }
            h.separator();
            for d in bracket::Dir::ALL {
                let on = online.facing.unwrap_or(bracket::Dir::R) == d;
                if h.selectable_label(on, format!("{d:?}")).clicked() {
                    intents.write(OnlineIntent::ChooseFacing(d));
                }
            }
        });
    }
    if my_turn {
        ui.horizontal(|h| {
            if h.button(tr!(loc, "pass")).clicked() {
                intents.write(OnlineIntent::Act(GameAction::Bracket {
                    action: BracketAction::Pass,
                }));
            }
        });
    }
    let side = game.board.side();
    let cell = ((ui.available_height() - 20.0) / side as f32)
        .min(ui.available_width() / side as f32)
        .clamp(16.0, 48.0);
    egui::Grid::new("bracket_online")
        .spacing([1.0, 1.0])
        .show(ui, |g| {
            for r in 0..side {
                for c in 0..side {
                    let tile = game.board.tile(game.board.index(r, c));
                    let text = bracket::text::tile_token(tile, &kinds);
                    let colour = match tile {
                        bracket::Tile::Piece(p) => seats.egui(p.owner),
                        _ => egui::Color32::GRAY,
                    };
                    let b = egui::Button::new(egui::RichText::new(text).color(colour).monospace())
                        .min_size(egui::vec2(cell, cell));
                    if g.add_enabled(my_turn, b).clicked() {
                        intents.write(OnlineIntent::BracketClick(r as u8, c as u8));
                    }
                }
                g.end_row();
            }
        });
}

/// A notice in the interface language (the server's own words only for the rules' reason).
fn notice_text(loc: &Locale, n: &Notice) -> String {
    match n {
        Notice::Refused(code, detail) => {
            let key = match code {
                RefusalCode::Version => "online-refused-version",
                RefusalCode::Malformed => "online-refused-malformed",
                RefusalCode::RateLimited => "online-refused-rate_limited",
                RefusalCode::TooLarge => "online-refused-too_large",
                RefusalCode::NoRoom => "online-refused-no_room",
                RefusalCode::RoomFull => "online-refused-room_full",
                RefusalCode::SeatTaken => "online-refused-seat_taken",
                RefusalCode::BadToken => "online-refused-bad_token",
                RefusalCode::NotHost => "online-refused-not_host",
                RefusalCode::NotSeated => "online-refused-not_seated",
                RefusalCode::WrongPhase => "online-refused-wrong_phase",
                RefusalCode::NotYourTurn => "online-refused-not_your_turn",
                RefusalCode::Illegal => "online-refused-illegal",
                RefusalCode::BadOptions => "online-refused-bad_options",
                RefusalCode::RoomFailed => "online-refused-room_failed",
                RefusalCode::Idle => "online-refused-idle",
            };
            tr!(loc, key, detail = detail.clone())
        }
        Notice::Left(why) => tr!(
            loc,
            match why {
                LeftWhy::Kicked => "online-left-kicked",
                LeftWhy::Replaced => "online-left-replaced",
                LeftWhy::RoomFailed => "online-refused-room_failed",
                LeftWhy::Left => "online-left",
            }
        ),
        Notice::ChooseKind => tr!(loc, "online-choose-kind"),
        Notice::Saved(slot) => tr!(loc, "online-saved", slot = *slot),
        Notice::NoFreeSlot => tr!(loc, "online-no-free-slot"),
        Notice::SaveFailed(e) => tr!(loc, "online-save-failed", reason = e.clone()),
    }
}
