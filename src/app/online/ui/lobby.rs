//! The lobby: the way in (server, name, log-in), then the hall's tabs: the rooms with
//! their filter and a new room with the same options as the local new-game screens, the
//! leaderboard, the players' pages.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use bw_online::protocol::{
    ClientMsg, GameKind, GameOptions, LOBBY_PAGE, LobbyFilter, RoomOptions, RoomStatus,
};
use bw_rules::{bracket, junqi};

use super::hall::{HallForm, Tab, account_line, connect_form, leaderboard, player_page};
use super::{notice_text, options_text, status_line, status_name};
use crate::app::i18n::Locale;
use crate::app::online::{Online, OnlineIntent};
use crate::app::settings::UserSettings;
use crate::app::state::Screen;
use crate::app::theme;
use crate::tr;

/// The new-room form: the same options as the local new-game screens.
#[derive(Resource)]
pub(super) struct NewRoom {
    game: GameKind,
    junqi: junqi::Rules,
    timers: crate::saves::JunqiTimers,
    bracket: bracket::Settings,
    /// 括号大战's time per turn (0: none).
    bracket_secs: u32,
    /// 军棋's total clock (局时) in minutes (0: none), "N timeouts lose" (0: never), and
    /// 任意人数 on the four-player board.
    total_mins: u32,
    timeouts_lose: u32,
    any_count: bool,
    takeover: bool,
    /// The room's own settings: its name (empty: none), rated, whether others may watch,
    /// its password (empty: a public room).
    name: String,
    rated: bool,
    observers: bool,
    password: String,
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
            total_mins: 0,
            timeouts_lose: 5,
            any_count: false,
            takeover: true,
            name: String::new(),
            rated: false,
            observers: true,
            password: String::new(),
        }
    }
}

impl NewRoom {
    /// 任意人数 is the four-player board's, and seats four.
    fn any_count_applies(&self) -> bool {
        self.any_count && self.junqi.board == junqi::BoardChoice::FourPlayer
    }

    fn options(&self) -> RoomOptions {
        let game = match self.game {
            GameKind::Junqi => GameOptions::Junqi {
                rules: self.junqi.clone(),
                deploy_secs: self.timers.deploy,
                move_secs: self.timers.moves,
                timeouts_lose: (self.timeouts_lose > 0).then_some(self.timeouts_lose),
                total_secs: (self.total_mins > 0).then_some(self.total_mins * 60),
                any_count: self.any_count_applies(),
            },
            GameKind::Bracket => GameOptions::Bracket {
                settings: self.bracket.clone(),
                move_secs: (self.bracket_secs > 0).then_some(self.bracket_secs),
            },
        };
        let text = |s: &str| (!s.trim().is_empty()).then(|| s.trim().to_string());
        RoomOptions {
            game,
            computer_takes_over: self.takeover,
            name: text(&self.name),
            rated: self.rated,
            observers: self.observers,
            password: text(&self.password),
        }
    }
}

/// How often the hall's room list is asked for again while a player looks at it.
pub const ROOMS_REFRESH: std::time::Duration = std::time::Duration::from_secs(5);

/// The room list keeps itself up to date while the 房间 tab is open (rooms come, fill and
/// go): asked again every [`ROOMS_REFRESH`], the window waking once a second for it.
pub(super) fn refresh_rooms(
    online: Res<Online>,
    hall: Res<HallForm>,
    mut last: Local<Option<std::time::Instant>>,
    mut intents: MessageWriter<OnlineIntent>,
    mut ticking: MessageWriter<crate::app::KeepTicking>,
) {
    if !online.connected() || hall.tab != Tab::Rooms {
        *last = None;
        return;
    }
    ticking.write(crate::app::KeepTicking);
    let now = std::time::Instant::now();
    match *last {
        Some(at) if now.duration_since(at) < ROOMS_REFRESH => {}
        Some(_) => {
            intents.write(OnlineIntent::FindRooms(None));
            *last = Some(now);
        }
        // Just opened: the list came with it.
        None => *last = Some(now),
    }
}

pub(super) fn lobby_screen(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    online: Res<Online>,
    mut settings: ResMut<UserSettings>,
    mut form: ResMut<NewRoom>,
    mut hall: ResMut<HallForm>,
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
            if online.connected() {
                h.separator();
                account_line(h, &loc, &online, &mut intents);
                if h.button(tr!(loc, "online-disconnect")).clicked() {
                    intents.write(OnlineIntent::Disconnect);
                }
            }
        });
        if online.connected() {
            ui.horizontal(|h| {
                for (tab, key) in [
                    (Tab::Rooms, "online-tab-rooms"),
                    (Tab::NewRoom, "online-tab-new-room"),
                    (Tab::Leaderboard, "online-tab-leaderboard"),
                    (Tab::Player, "online-tab-player"),
                ] {
                    if h.selectable_value(&mut hall.tab, tab, tr!(loc, key))
                        .clicked()
                    {
                        intents.write(OnlineIntent::Dismiss);
                        // The board as it stands now (games end while the tab is closed).
                        if tab == Tab::Leaderboard
                            && let Some((pool, page, _)) = &online.leaderboard
                        {
                            intents.write(OnlineIntent::Send(ClientMsg::Leaderboard {
                                pool: pool.clone(),
                                page: *page,
                            }));
                        }
                    }
                }
            });
        }
    });
    egui::CentralPanel::default().show(&mut root, |ui| {
        if !online.connected() {
            connect_form(ui, &loc, &online, &mut settings, &mut hall, &mut intents);
            if let Some(n) = &online.notice {
                theme::warning(ui, &notice_text(&loc, n));
            }
            return;
        }
        if let Some(n) = &online.notice {
            theme::warning(ui, &notice_text(&loc, n));
        }
        match hall.tab {
            Tab::Rooms => rooms(ui, &loc, &online, &mut hall, &mut intents),
            Tab::NewRoom => new_room(ui, &loc, &online, &mut form, &mut intents),
            Tab::Leaderboard => leaderboard(ui, &loc, &online, &mut hall, &mut intents),
            Tab::Player => player_page(ui, &loc, &online, &mut hall, &mut intents),
        }
    });
    Ok(())
}

/// The hall's rooms: the filter, a page of rooms (name, game, seats, observers, status),
/// 进入 or 观战 in one click (a private room asks for its password first), the pager.
fn rooms(
    ui: &mut egui::Ui,
    loc: &Locale,
    online: &Online,
    hall: &mut HallForm,
    intents: &mut MessageWriter<OnlineIntent>,
) {
    // 快速开始: a table of the player's grade, in one click.
    ui.horizontal_wrapped(|h| {
        h.label(egui::RichText::new(tr!(loc, "online-quick")).strong());
        match &online.queued {
            Some((pool, waiting)) => {
                let pool = tr!(loc, &format!("online-pool-{pool}"));
                h.label(tr!(loc, "online-queued", pool = pool, n = *waiting));
                if h.button(tr!(loc, "online-leave-queue")).clicked() {
                    intents.write(OnlineIntent::Send(ClientMsg::LeaveQueue));
                }
            }
            None => {
                for pool in bw_online::quick::QUICK_POOLS {
                    if h.button(tr!(loc, &format!("online-pool-{pool}"))).clicked() {
                        intents.write(OnlineIntent::Send(ClientMsg::QuickMatch {
                            pool: pool.to_string(),
                        }));
                    }
                }
            }
        }
    });
    ui.separator();
    let mut filter = online.filter.clone();
    ui.horizontal_wrapped(|h| {
        h.heading(tr!(loc, "online-rooms"));
        h.label(tr!(loc, "online-filter-game"));
        h.selectable_value(&mut filter.game, None, tr!(loc, "online-filter-any"));
        h.selectable_value(&mut filter.game, Some(GameKind::Junqi), tr!(loc, "junqi"));
        h.selectable_value(
            &mut filter.game,
            Some(GameKind::Bracket),
            tr!(loc, "bracket-war"),
        );
        h.separator();
        h.label(tr!(loc, "online-filter-status"));
        h.selectable_value(&mut filter.status, None, tr!(loc, "online-filter-any"));
        for s in [RoomStatus::Waiting, RoomStatus::Playing] {
            h.selectable_value(&mut filter.status, Some(s), status_name(loc, s));
        }
        h.separator();
        h.selectable_value(&mut filter.rated, None, tr!(loc, "online-filter-any"));
        h.selectable_value(
            &mut filter.rated,
            Some(true),
            tr!(loc, "online-filter-rated"),
        );
        h.selectable_value(
            &mut filter.rated,
            Some(false),
            tr!(loc, "online-filter-unrated"),
        );
        h.separator();
        h.checkbox(&mut filter.free_seats, tr!(loc, "online-filter-free"));
        if h.button(tr!(loc, "online-refresh")).clicked() {
            intents.write(OnlineIntent::FindRooms(None));
        }
    });
    if filter != online.filter {
        intents.write(OnlineIntent::FindRooms(Some(filter)));
    }
    // A long list scrolls in its own area; the password prompt and the pager stay below it.
    egui::ScrollArea::vertical()
        .id_salt("rooms_scroll")
        .max_height((ui.available_height() - 80.0).max(120.0))
        .show(ui, |ui| {
            egui::Grid::new("rooms").striped(true).show(ui, |g| {
                for r in &online.lobby {
                    g.label(format!("#{}", r.id));
                    g.label(r.options.name.clone().unwrap_or_default());
                    g.label(options_text(loc, &r.options));
                    let mut marks = Vec::new();
                    if r.options.rated {
                        marks.push(tr!(loc, "online-rated"));
                    }
                    // Held by another server of the hall: entering goes there.
                    if let Some(server) = &r.server {
                        let host = server.split("://").nth(1).unwrap_or(server);
                        marks.push(tr!(loc, "online-other-server", server = host));
                    }
                    if r.private {
                        marks.push(tr!(loc, "online-private"));
                    }
                    g.label(marks.join(" · "));
                    g.label(tr!(loc, "online-taken", taken = r.taken, seats = r.seats));
                    g.label(tr!(loc, "online-observer-count", n = r.observers));
                    g.label(status_name(loc, r.status));
                    let label = if r.status == RoomStatus::Waiting {
                        "online-enter"
                    } else {
                        "online-watch"
                    };
                    if g.button(tr!(loc, label)).clicked() {
                        if r.private {
                            hall.join = Some((r.id, String::new()));
                        } else {
                            intents.write(OnlineIntent::Send(ClientMsg::Join {
                                room: r.id,
                                seat: None,
                                password: None,
                            }));
                        }
                    }
                    g.end_row();
                }
            });
        });
    if let Some((room, password)) = &mut hall.join {
        let room = *room;
        let mut done = false;
        ui.horizontal(|h| {
            h.label(tr!(loc, "online-join-password", room = room));
            let field = h.add(
                egui::TextEdit::singleline(password)
                    .password(true)
                    .desired_width(160.0),
            );
            let enter = field.lost_focus() && h.input(|i| i.key_pressed(egui::Key::Enter));
            if h.button(tr!(loc, "online-enter")).clicked() || enter {
                intents.write(OnlineIntent::Send(ClientMsg::Join {
                    room,
                    seat: None,
                    password: Some(std::mem::take(password)),
                }));
                done = true;
            }
            if h.button(tr!(loc, "cancel")).clicked() {
                done = true;
            }
        });
        if done {
            hall.join = None;
        }
    }
    let pages = online.lobby_total.div_ceil(LOBBY_PAGE).max(1) as u32;
    if online.lobby.is_empty() {
        let key = if online.filter == LobbyFilter::default() {
            "online-no-rooms"
        } else {
            "online-no-match"
        };
        theme::hint(ui, &tr!(loc, key));
    }
    if pages > 1 || online.lobby_page > 0 {
        ui.horizontal(|h| {
            let page = online.lobby_page;
            if h.add_enabled(page > 0, egui::Button::new(tr!(loc, "online-prev")))
                .clicked()
            {
                intents.write(OnlineIntent::LobbyPage(page - 1));
            }
            h.label(tr!(loc, "online-page", page = page + 1, pages = pages));
            if h.add_enabled(page + 1 < pages, egui::Button::new(tr!(loc, "online-next")))
                .clicked()
            {
                intents.write(OnlineIntent::LobbyPage(page + 1));
            }
        });
    }
}

/// The new-room form: the game's own options, and the room's (name, rated, observers,
/// password).
fn new_room(
    ui: &mut egui::Ui,
    loc: &Locale,
    online: &Online,
    form: &mut NewRoom,
    intents: &mut MessageWriter<OnlineIntent>,
) {
    egui::ScrollArea::vertical().show(ui, |ui| {
        ui.horizontal(|h| {
            h.radio_value(&mut form.game, GameKind::Junqi, tr!(loc, "junqi"));
            h.radio_value(&mut form.game, GameKind::Bracket, tr!(loc, "bracket-war"));
        });
        ui.add_space(8.0);
        let f = &mut *form;
        match f.game {
            GameKind::Junqi => {
                crate::app::junqi::newgame::rules_editor(ui, loc, &mut f.junqi, &mut f.timers);
                junqi_room_rules(ui, loc, f);
            }
            GameKind::Bracket => {
                crate::app::bracket::newgame::settings_editor(ui, loc, &mut f.bracket, None);
                ui.horizontal(|h| {
                    h.label(tr!(loc, "online-move-secs"));
                    h.add(egui::DragValue::new(&mut f.bracket_secs).range(0..=600));
                });
            }
        }
        ui.add_space(8.0);
        egui::Grid::new("room_options")
            .num_columns(2)
            .show(ui, |g| {
                g.label(tr!(loc, "online-room-name"));
                g.add(egui::TextEdit::singleline(&mut f.name).desired_width(200.0));
                g.end_row();
                g.label(tr!(loc, "online-room-password"));
                g.add(egui::TextEdit::singleline(&mut f.password).desired_width(200.0));
                g.end_row();
            });
        ui.checkbox(&mut f.observers, tr!(loc, "online-room-observers"));
        // Rated rooms are 军棋's, and only for logged-in players.
        let may_rate = f.game == GameKind::Junqi && online.logged_in;
        if !may_rate {
            f.rated = false;
        }
        ui.add_enabled(
            may_rate,
            egui::Checkbox::new(&mut f.rated, tr!(loc, "online-room-rated")),
        );
        ui.checkbox(&mut f.takeover, tr!(loc, "online-takeover"));
        ui.add_space(8.0);
        if theme::big_button(ui, true, &tr!(loc, "online-create")).clicked() {
            intents.write(OnlineIntent::Send(ClientMsg::CreateRoom {
                options: f.options(),
            }));
        }
    });
}

/// 军棋 rooms' own rules: the total clock, timeouts that lose, 任意人数.
fn junqi_room_rules(ui: &mut egui::Ui, loc: &Locale, f: &mut NewRoom) {
    ui.horizontal(|h| {
        h.label(tr!(loc, "online-total-mins"));
        h.add(egui::DragValue::new(&mut f.total_mins).range(0..=180));
    });
    if f.total_mins > 0 {
        theme::hint(ui, &tr!(loc, "online-total-help"));
    }
    ui.horizontal(|h| {
        h.label(tr!(loc, "online-timeouts-lose"));
        h.add(
            egui::DragValue::new(&mut f.timeouts_lose)
                .range(0..=bw_online::protocol::MAX_TIMEOUTS_LOSE),
        );
    });
    // 任意人数 is the four-player board's: elsewhere it is off, not greyed while ticked.
    let four = f.junqi.board == junqi::BoardChoice::FourPlayer;
    if !four {
        f.any_count = false;
    }
    ui.add_enabled(
        four,
        egui::Checkbox::new(&mut f.any_count, tr!(loc, "online-any-count")),
    );
    if f.any_count_applies() {
        f.junqi.players = 4;
        theme::hint(ui, &tr!(loc, "online-any-count-help"));
    }
}
