//! The 军棋 save slots: continue, watch the replay of, or delete a kept game; start a new one.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use bw_rules::junqi::game::Phase;

use super::{JunqiDraft, JunqiSlots, StartJunqi};
use crate::app::Saves;
use crate::app::i18n::{Locale, ago};
use crate::app::screens::slots::confirm_delete;
use crate::app::state::{JunqiScreen, Screen};
use crate::app::theme;
use crate::saves::{JunqiSave, JunqiSeat, JunqiSlot, Saved};
use crate::tr;

/// The locale key of a computer's level.
fn computer_key(kind: bw_players::junqi::AiKind) -> &'static str {
    match kind {
        bw_players::junqi::AiKind::Random => "junqi-computer-easy",
        bw_players::junqi::AiKind::Heuristic => "junqi-computer-normal",
        bw_players::junqi::AiKind::Strong => "junqi-computer-hard",
    }
}

pub(super) fn slots_screen(
    mut commands: Commands,
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    saves: Res<Saves>,
    pieces: Res<super::JunqiPieces>,
    mut list: ResMut<JunqiSlots>,
    mut screen: ResMut<NextState<Screen>>,
    mut next: ResMut<NextState<JunqiScreen>>,
    mut start: MessageWriter<StartJunqi>,
    mut watch: MessageWriter<super::replay::WatchJunqi>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    theme::page(ctx, |ui| {
        ui.add_space(30.0);
        theme::header(
            ui,
            &format!("{} · {}", tr!(loc, "junqi"), tr!(loc, "save-slots")),
        );
        ui.vertical_centered(|ui| theme::hint(ui, &tr!(loc, "junqi-slot-help")));
        ui.add_space(20.0);
        for i in 0..list.slots.len() {
            let text = match &list.slots[i] {
                JunqiSlot::Empty => format!("#{} ＋ {}", i + 1, tr!(loc, "empty-slot")),
                JunqiSlot::Saved(Saved { save, game }) => {
                    let since = crate::saves::now().saturating_sub(save.last_played);
                    // Who played: each seat's letter and its person's name or computer's
                    // level.
                    let who = |p: usize| {
                        let name = match save.seats.get(p) {
                            Some(JunqiSeat::Computer(kind)) => tr!(loc, computer_key(*kind)),
                            Some(JunqiSeat::Engine) => tr!(loc, "junqi-engine-seat"),
                            _ => game.players[p].profile.clone(),
                        };
                        format!("{}·{name}", game.players[p].seat)
                    };
                    let players: Vec<String> = (0..game.players.len()).map(who).collect();
                    let state = match &game.phase {
                        Phase::Deploying => tr!(loc, "junqi-slot-deploying"),
                        Phase::Playing => tr!(loc, "junqi-slot-playing", plies = game.plies),
                        Phase::Over(outcome) => format!(
                            "{} · {}",
                            tr!(loc, "junqi-slot-over", plies = game.plies),
                            super::log::outcome_with(&loc, &who, outcome)
                        ),
                    };
                    let online = if save.online {
                        format!(" · {}", tr!(loc, "junqi-slot-online"))
                    } else {
                        String::new()
                    };
                    format!(
                        "#{} {}{online}\n{} · {}",
                        i + 1,
                        players.join(&tr!(loc, "list-separator")),
                        state,
                        tr!(loc, "last-played", when = ago(&loc, since))
                    )
                }
                JunqiSlot::Damaged { damage, .. } => format!(
                    "#{} ⚠ {}: {}",
                    i + 1,
                    tr!(loc, "damaged"),
                    crate::app::i18n::damage(&loc, damage)
                ),
            };
            ui.vertical_centered(|ui| {
                let r = ui.add(
                    egui::Button::new(egui::RichText::new(text).size(18.0))
                        .min_size(egui::vec2(760.0, 52.0)),
                );
                if r.clicked() {
                    match &list.slots[i] {
                        JunqiSlot::Saved { .. } => {
                            start.write(StartJunqi::Load { slot: i });
                        }
                        JunqiSlot::Empty => {
                            commands.insert_resource(JunqiDraft::new(i));
                            next.set(JunqiScreen::NewGame);
                        }
                        JunqiSlot::Damaged { .. } => {}
                    }
                }
                if r.secondary_clicked() && !matches!(list.slots[i], JunqiSlot::Empty) {
                    list.confirm_delete = Some(i);
                }
                if let JunqiSlot::Saved(Saved { save, .. }) = &list.slots[i]
                    && ui
                        .button(format!("▶ {}", tr!(loc, "watch-replay")))
                        .clicked()
                {
                    watch.write(super::replay::WatchJunqi(save.record.clone()));
                }
            });
            ui.add_space(6.0);
        }
        ui.add_space(16.0);
        ui.vertical_centered(|ui| {
            if ui.button(tr!(loc, "back")).clicked() {
                screen.set(Screen::Menu);
            }
        });
    });
    let dir = &saves.0;
    if confirm_delete::<JunqiSave>(ctx, &loc, &mut list.confirm_delete, dir) {
        list.slots = (0..crate::saves::SLOT_COUNT)
            .map(|i| dir.load::<JunqiSave>(i, &pieces.0))
            .collect();
    }
    Ok(())
}
