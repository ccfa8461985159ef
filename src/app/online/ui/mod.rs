//! The online screens: the lobby (server, name, the room list, a new room) and a room
//! (seats, 举手, computers, chat, and the game as this seat sees it).

use bevy::prelude::*;
use bevy_egui::{EguiPrimaryContextPass, egui};
use bw_online::protocol::*;
use bw_rules::junqi;

use super::{Notice, Online, OnlineWaker, Status};
use crate::app::i18n::Locale;
use crate::app::state::{InRoom, OnlineScreen};
use crate::app::theme;
use crate::tr;

mod hall;
mod lobby;
mod room;
use lobby::{NewRoom, lobby_screen};
use room::room_screen;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, install_waker)
        .init_resource::<NewRoom>()
        .init_resource::<hall::HallForm>()
        .add_systems(
            Update,
            lobby::refresh_rooms.run_if(in_state(OnlineScreen::Lobby)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                lobby_screen.run_if(in_state(OnlineScreen::Lobby)),
                // Beside a 括号大战 board, after the board's own panels.
                room_screen
                    .after(crate::app::bracket::BracketPanels)
                    .run_if(in_state(InRoom)),
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

fn options_text(loc: &Locale, options: &RoomOptions) -> String {
    match &options.game {
        GameOptions::Junqi {
            rules,
            any_count,
            total_secs,
            ..
        } => {
            let board = match rules.board {
                junqi::BoardChoice::TwoPlayer => tr!(loc, "online-board-2p"),
                junqi::BoardChoice::FourPlayer => tr!(loc, "online-board-4p"),
            };
            let mut players = tr!(loc, "online-players", n = rules.players);
            if *any_count {
                // Before the game: 任意人数; after: how many it started with, too.
                players = if rules.players == 4 {
                    tr!(loc, "online-any-count")
                } else {
                    format!("{} ({players})", tr!(loc, "online-any-count"))
                };
            }
            let mut text = format!("{} · {board} · {players}", tr!(loc, "junqi"));
            if let Some(s) = total_secs {
                text += &format!(" · {}", tr!(loc, "online-total-mark", n = s.div_ceil(60)));
            }
            text
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
        Status::Lost(why) => tr!(loc, why.key()),
    };
    match online.status {
        Status::Lost(_) => theme::warning(ui, &text),
        _ => {
            ui.label(egui::RichText::new(text).strong());
        }
    }
}

fn status_name(loc: &Locale, s: RoomStatus) -> String {
    tr!(
        loc,
        match s {
            RoomStatus::Waiting => "online-status-waiting",
            RoomStatus::Playing => "online-status-playing",
            RoomStatus::Over => "online-status-over",
            RoomStatus::Failed => "online-status-failed",
            RoomStatus::Closed => "online-status-closed",
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
                RefusalCode::ServerFull => "online-refused-server_full",
                RefusalCode::NameTaken => "online-refused-name_taken",
                RefusalCode::BadName => "online-refused-bad_name",
                RefusalCode::BadPassword => "online-refused-bad_password",
                RefusalCode::BadLogin => "online-refused-bad_login",
                RefusalCode::BadSession => "online-refused-bad_session",
                RefusalCode::Busy => "online-refused-busy",
                RefusalCode::TooEarly => "online-refused-too_early",
                RefusalCode::WrongPassword => "online-refused-wrong_password",
                RefusalCode::NotLoggedIn => "online-refused-not_logged_in",
                RefusalCode::NoObservers => "online-refused-no_observers",
                RefusalCode::NoPlayer => "online-refused-no_player",
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
        Notice::Saved(slot) => tr!(loc, "online-saved", slot = *slot),
        Notice::LayoutNotSaved(e) => tr!(loc, "junqi-layout-not-saved", reason = e.clone()),
        Notice::LayoutNotLoaded(e) => e.clone(),
        Notice::NoFreeSlot => tr!(loc, "online-no-free-slot"),
        Notice::SaveFailed(e) => tr!(loc, "online-save-failed", reason = e.clone()),
        Notice::Cannot(key) => tr!(loc, key),
    }
}
