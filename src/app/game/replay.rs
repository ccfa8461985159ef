//! The replay viewer: any saved game, step forward and back, play and pause. The board is
//! rebuilt by replaying the first `shown` actions through the rules, as saves are.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bw_rules::bracket::ecs::{self as rules, Content};

use super::{CurrentGame, clear_board};
use crate::app::AppState;
use crate::app::i18n::T;
use crate::app::settings::UserSettings;
use crate::saves::SaveData;

/// The game being replayed and how far.
#[derive(Resource, Clone, Debug)]
pub struct ReplayState {
    pub save: SaveData,
    /// Actions applied so far.
    pub shown: usize,
    pub playing: bool,
    pub timer: Timer,
}

/// Opens the replay of a save.
#[derive(Message, Clone, Debug)]
pub struct WatchReplay(pub SaveData);

pub struct ReplayPlugin {
    pub ui: bool,
}

impl Plugin for ReplayPlugin {
    fn build(&self, app: &mut App) {
        app.add_message::<WatchReplay>()
            .add_systems(Update, open_replay)
            .add_systems(
                Update,
                (tick, show_position)
                    .chain()
                    .run_if(in_state(AppState::Replay)),
            )
            .add_systems(OnExit(AppState::Replay), clear_board);
        if self.ui {
            app.add_systems(
                EguiPrimaryContextPass,
                controls.run_if(in_state(AppState::Replay)),
            );
        }
    }
}

fn open_replay(
    mut commands: Commands,
    mut requests: MessageReader<WatchReplay>,
    mut next: ResMut<NextState<AppState>>,
) {
    if let Some(WatchReplay(save)) = requests.read().last() {
        commands.insert_resource(ReplayState {
            save: save.clone(),
            shown: 0,
            playing: true,
            timer: Timer::new(Duration::from_millis(600), TimerMode::Repeating),
        });
        next.set(AppState::Replay);
    }
}

fn tick(time: Res<Time>, mut replay: ResMut<ReplayState>) {
    if !replay.playing {
        return;
    }
    if replay.timer.tick(time.delta()).just_finished() {
        if replay.shown < replay.save.actions.len() {
            replay.shown += 1;
        } else {
            replay.playing = false;
        }
    }
}

/// Rebuilds the board whenever the position changes.
fn show_position(world: &mut World) {
    let changed = world.resource_ref::<ReplayState>().is_changed();
    let (save, shown) = {
        let r = world.resource::<ReplayState>();
        (r.save.clone(), r.shown)
    };
    let rebuilt = world
        .get_resource::<CurrentGame>()
        .is_some_and(|c| c.save.actions.len() == shown && c.save.seed == save.seed);
    if !changed && rebuilt {
        return;
    }
    let kinds = world.resource::<Content>().0.clone();
    clear_board(world);
    rules::start_game(world, save.settings.clone(), save.seed);
    for saved in &save.actions[..shown] {
        if let Ok(action) = saved.action(&kinds) {
            let _ = rules::act(world, action);
        }
    }
    let mut partial = save.clone();
    partial.actions.truncate(shown);
    world.insert_resource(CurrentGame {
        slot: usize::MAX,
        save: partial,
    });
}

fn controls(
    mut contexts: EguiContexts,
    settings: Res<UserSettings>,
    mut replay: ResMut<ReplayState>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.lang;
    let total = replay.save.actions.len();
    egui::Panel::bottom("replay").show(&mut crate::app::root_ui(ctx), |bar| {
        bar.horizontal(|bar| {
            bar.label(egui::RichText::new(T::WatchReplay.tr(lang)).strong());
            if bar.button("|◀").clicked() {
                replay.shown = 0;
            }
            if bar.button("◀").clicked() {
                replay.shown = replay.shown.saturating_sub(1);
                replay.playing = false;
            }
            let play = if replay.playing { "||" } else { "▶" };
            if bar.button(play).clicked() {
                replay.playing = !replay.playing;
            }
            if bar.button("▶|").clicked() {
                replay.shown = (replay.shown + 1).min(total);
                replay.playing = false;
            }
            let mut at = replay.shown;
            if bar.add(egui::Slider::new(&mut at, 0..=total)).changed() {
                replay.shown = at;
            }
            bar.label(format!("{} / {total}", replay.shown));
            if bar.button(T::ToMenu.tr(lang)).clicked() {
                next.set(AppState::MainMenu);
            }
        });
    });
    Ok(())
}
