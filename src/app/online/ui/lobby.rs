//! The lobby: the server and the name, the room list, and a new room with the same
//! options as the local new-game screens.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use bw_online::protocol::{ClientMsg, GameKind, GameOptions, RoomOptions};
use bw_rules::{bracket, junqi};

use super::{notice_text, options_text, status_line, status_name};
use crate::app::i18n::Locale;
use crate::app::online::{Online, OnlineIntent, Status};
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
                timeouts_lose: None,
            },
            GameKind::Bracket => GameOptions::Bracket {
                settings: self.bracket.clone(),
                move_secs: (self.bracket_secs > 0).then_some(self.bracket_secs),
            },
        };
        RoomOptions {
            game,
            computer_takes_over: self.takeover,
            name: None,
            rated: false,
            observers: true,
            password: None,
        }
    }
}

pub(super) fn lobby_screen(
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
                    intents.write(OnlineIntent::Connect {
                        url: settings.online_server.clone(),
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
        // A long list scrolls in its own area, so the new-room form below stays on screen.
        egui::ScrollArea::vertical()
            .id_salt("rooms_scroll")
            .max_height(240.0)
            .show(ui, |ui| {
                egui::Grid::new("rooms").striped(true).show(ui, |g| {
                    for r in &online.lobby {
                        g.label(format!("#{}", r.id));
                        g.label(options_text(&loc, &r.options));
                        g.label(tr!(loc, "online-taken", taken = r.taken, seats = r.seats));
                        g.label(status_name(&loc, r.status));
                        if g.button(tr!(loc, "online-enter")).clicked() {
                            intents.write(OnlineIntent::Send(ClientMsg::Join {
                                room: r.id,
                                seat: None,
                                password: None,
                            }));
                        }
                        g.end_row();
                    }
                });
            });
        if online.lobby.is_empty() {
            theme::hint(ui, &tr!(loc, "online-no-rooms"));
        } else if online.lobby_total > online.lobby.len() {
            theme::hint(
                ui,
                &tr!(
                    loc,
                    "online-some-rooms",
                    shown = online.lobby.len(),
                    total = online.lobby_total
                ),
            );
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
