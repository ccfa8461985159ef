//! The hall around the rooms: who the player is on this server (log in, register, guest),
//! the leaderboard of each pool and the players' pages, whose recent games open in the
//! replay viewer.

use bevy::prelude::*;
use bevy_egui::egui;
use bw_online::hall::POOLS;
use bw_online::protocol::{ClientMsg, Finish, LEADERBOARD_PAGE, PlayerPage, Rank};

use crate::app::i18n::Locale;
use crate::app::online::{Online, OnlineIntent};
use crate::app::settings::UserSettings;
use crate::app::theme;
use crate::tr;

/// The hall's tabs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) enum Tab {
    #[default]
    Rooms,
    NewRoom,
    Leaderboard,
    Player,
}

/// What the hall's forms hold between frames. The password is held only while it is typed:
/// it is sent with the log-in and cleared.
#[derive(Resource, Default)]
pub(super) struct HallForm {
    pub tab: Tab,
    pub password: String,
    /// The player looked up on the players' tab.
    pub player_name: String,
    /// A private room being entered, and its password as typed.
    pub join: Option<(bw_online::protocol::RoomId, String)>,
}

/// A rank's title (司令, 军长 … 工兵).
pub(super) fn rank_name(loc: &Locale, rank: Rank) -> String {
    tr!(loc, rank.key())
}

/// A pool's name (`junqi-2` …) as the player reads it.
fn pool_name(loc: &Locale, pool: &str) -> String {
    tr!(loc, &format!("online-pool-{pool}"))
}

/// A standings mode (`2p`, `4p-standard` …) as the player reads it.
fn mode_name(loc: &Locale, mode: &str) -> String {
    let key = format!("online-mode-{mode}");
    if loc.has(&key) {
        tr!(loc, &key)
    } else {
        mode.to_string()
    }
}

/// The log-in, registration or guest's way in, before connecting. With a log-in kept for
/// this server, the player continues as that account in one click.
pub(super) fn connect_form(
    ui: &mut egui::Ui,
    loc: &Locale,
    online: &Online,
    settings: &mut UserSettings,
    form: &mut HallForm,
    intents: &mut MessageWriter<OnlineIntent>,
) {
    egui::Grid::new("connect_form")
        .num_columns(2)
        .show(ui, |g| {
            g.label(tr!(loc, "online-server"));
            g.add(egui::TextEdit::singleline(&mut settings.online_server).desired_width(260.0));
            g.end_row();
            g.label(tr!(loc, "online-name"));
            g.add(egui::TextEdit::singleline(&mut settings.online_name).desired_width(160.0));
            g.end_row();
            g.label(tr!(loc, "online-password"));
            g.add(
                egui::TextEdit::singleline(&mut form.password)
                    .password(true)
                    .desired_width(160.0),
            );
            g.end_row();
        });
    // What a new account's password needs, before anyone is refused for it.
    theme::hint(ui, &tr!(loc, "online-password-rule"));
    let name = settings.online_name.trim().to_string();
    let idle = online.status != super::Status::Connecting;
    let named = idle && !name.is_empty();
    let mut connect = |session: bool, then: Option<ClientMsg>| {
        intents.write(OnlineIntent::Connect {
            url: settings.online_server.clone(),
            name: name.clone(),
            session,
            then,
        });
    };
    ui.horizontal(|h| {
        let kept = !settings.online_session.is_empty()
            && crate::app::online::link::server_url(&settings.online_server)
                .ok()
                .as_deref()
                == Some(settings.online_session_server.as_str());
        if kept
            && h.add_enabled(
                named,
                egui::Button::new(tr!(loc, "online-continue-as", name = name.clone())),
            )
            .clicked()
        {
            connect(true, None);
        }
        let password = !form.password.is_empty();
        // 登录 and 注册 send the same two fields; the password goes no further.
        type Ask = fn(String, String) -> ClientMsg;
        let asks: [(&str, Ask); 2] = [
            ("online-login", |name, password| ClientMsg::Login {
                name,
                password,
            }),
            ("online-register", |name, password| ClientMsg::Register {
                name,
                password,
            }),
        ];
        for (key, ask) in asks {
            if h.add_enabled(named && password, egui::Button::new(tr!(loc, key)))
                .clicked()
            {
                let password = std::mem::take(&mut form.password);
                connect(false, Some(ask(name.clone(), password)));
            }
        }
        if h.add_enabled(named, egui::Button::new(tr!(loc, "online-guest")))
            .clicked()
        {
            form.password.clear();
            connect(false, None);
        }
    });
    theme::hint(ui, &tr!(loc, "online-help"));
    theme::hint(ui, &tr!(loc, "online-account-help"));
}

/// Who the connection is: the account (with 退出登录), or a guest.
pub(super) fn account_line(
    ui: &mut egui::Ui,
    loc: &Locale,
    online: &Online,
    intents: &mut MessageWriter<OnlineIntent>,
) {
    if online.logged_in {
        ui.label(
            egui::RichText::new(tr!(loc, "online-logged-in-as", name = online.me.clone())).strong(),
        );
        if ui.button(tr!(loc, "online-logout")).clicked() {
            intents.write(OnlineIntent::Logout);
        }
    } else {
        ui.label(tr!(loc, "online-guest-as", name = online.me.clone()));
    }
}

/// A pool's best ratings, a page at a time; a name opens the player's page.
pub(super) fn leaderboard(
    ui: &mut egui::Ui,
    loc: &Locale,
    online: &Online,
    form: &mut HallForm,
    intents: &mut MessageWriter<OnlineIntent>,
) {
    let shown = online.leaderboard.as_ref();
    let (pool, page) = shown.map_or((POOLS[0], 0), |(p, n, _)| (p.as_str(), *n));
    let ask = |intents: &mut MessageWriter<OnlineIntent>, pool: &str, page: u32| {
        intents.write(OnlineIntent::Send(ClientMsg::Leaderboard {
            pool: pool.to_string(),
            page,
        }));
    };
    if shown.is_none() {
        ask(intents, pool, 0);
    }
    ui.horizontal(|h| {
        for p in POOLS {
            // (The shown pool asked again: it may have changed since.)
            if h.selectable_label(p == pool, pool_name(loc, p)).clicked() {
                ask(intents, p, 0);
            }
        }
    });
    let Some((_, _, rows)) = shown else {
        return;
    };
    if rows.is_empty() && page == 0 {
        theme::hint(ui, &tr!(loc, "online-lb-empty"));
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("leaderboard")
        .max_height(ui.available_height() - 40.0)
        .show(ui, |ui| {
            egui::Grid::new("leaderboard_rows")
                .striped(true)
                .num_columns(5)
                .show(ui, |g| {
                    for key in [
                        "online-lb-place",
                        "online-name",
                        "online-lb-rank",
                        "online-lb-rating",
                        "online-lb-games",
                    ] {
                        g.label(egui::RichText::new(tr!(loc, key)).strong());
                    }
                    g.end_row();
                    for r in rows {
                        g.label(r.place.to_string());
                        if g.link(&r.name).clicked() {
                            form.player_name = r.name.clone();
                            form.tab = Tab::Player;
                            intents.write(OnlineIntent::Send(ClientMsg::Player {
                                name: r.name.clone(),
                            }));
                        }
                        g.label(rank_name(loc, r.rank));
                        g.label(format!("{:.0}", r.rating));
                        g.label(r.games.to_string());
                        g.end_row();
                    }
                });
        });
    ui.horizontal(|h| {
        if h.add_enabled(page > 0, egui::Button::new(tr!(loc, "online-prev")))
            .clicked()
        {
            ask(intents, pool, page - 1);
        }
        let full = rows.len() == LEADERBOARD_PAGE;
        if h.add_enabled(full, egui::Button::new(tr!(loc, "online-next")))
            .clicked()
        {
            ask(intents, pool, page + 1);
        }
    });
}

/// A player's page: ratings, standings by mode, recent games with 回放.
pub(super) fn player_page(
    ui: &mut egui::Ui,
    loc: &Locale,
    online: &Online,
    form: &mut HallForm,
    intents: &mut MessageWriter<OnlineIntent>,
) {
    ui.horizontal(|h| {
        h.label(tr!(loc, "online-name"));
        let field = h.add(egui::TextEdit::singleline(&mut form.player_name).desired_width(160.0));
        let enter = field.lost_focus() && h.input(|i| i.key_pressed(egui::Key::Enter));
        let name = form.player_name.trim().to_string();
        if (h.button(tr!(loc, "online-player-look")).clicked() || enter) && !name.is_empty() {
            intents.write(OnlineIntent::Send(ClientMsg::Player { name }));
        }
    });
    if let Some(page) = &online.player {
        show_page(ui, loc, page, intents);
    }
}

fn show_page(
    ui: &mut egui::Ui,
    loc: &Locale,
    page: &PlayerPage,
    intents: &mut MessageWriter<OnlineIntent>,
) {
    ui.heading(&page.name);
    ui.label(egui::RichText::new(tr!(loc, "online-player-ratings")).strong());
    for r in &page.ratings {
        ui.label(format!(
            "{}  {}  {:.0}  ({})",
            pool_name(loc, &r.pool),
            rank_name(loc, r.rank),
            r.rating,
            tr!(loc, "online-lb-games") + " " + &r.games.to_string()
        ));
    }
    ui.label(egui::RichText::new(tr!(loc, "online-player-totals")).strong());
    for t in &page.totals {
        ui.label(tr!(
            loc,
            "online-player-mode-line",
            mode = mode_name(loc, &t.mode),
            score = t.score,
            won = t.won,
            drawn = t.drawn,
            lost = t.lost
        ));
    }
    ui.label(egui::RichText::new(tr!(loc, "online-player-recent")).strong());
    if page.recent.is_empty() {
        theme::hint(ui, &tr!(loc, "online-player-none"));
        return;
    }
    egui::ScrollArea::vertical()
        .id_salt("recent_games")
        .show(ui, |ui| {
            egui::Grid::new("recent").striped(true).show(ui, |g| {
                for game in &page.recent {
                    g.label(format!("#{}", game.room));
                    g.label(mode_name(loc, &game.mode));
                    g.label(tr!(
                        loc,
                        match game.finish {
                            Finish::Won => "online-finish-won",
                            Finish::Drew => "online-finish-drew",
                            Finish::Lost => "online-finish-lost",
                        }
                    ));
                    g.label(format!("{:+}", game.score));
                    if game.rated {
                        g.label(format!(
                            "{:.0} → {:.0}",
                            game.rating_before, game.rating_after
                        ));
                    } else {
                        g.label("");
                    }
                    if g.button(tr!(loc, "online-replay")).clicked() {
                        intents.write(OnlineIntent::Send(ClientMsg::Record { room: game.room }));
                    }
                    g.end_row();
                }
            });
        });
}
