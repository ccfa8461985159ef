//! The replay viewer: any saved game, step forward and back, play and pause. The board is
//! rebuilt by replaying the first `shown` actions through the rules, as saves are.

use std::time::Duration;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bw_rules::bracket::KindTable;
use bw_rules::bracket::ecs::{self as rules, BracketContent, BracketSetup, BracketTurn};
use bw_rules::bracket::game::{Action, Game};

use super::end::outcome_lines;
use super::{BracketGame, BracketPlay};
use crate::app::i18n::Locale;
use crate::app::state::{BracketScreen, Screen};
use crate::app::theme::{self, SeatColors};
use crate::saves::SaveData;
use crate::tr;

/// The game being replayed and how far.
#[derive(Resource, Clone, Debug)]
pub struct BracketReplay {
    pub save: SaveData,
    /// Actions applied so far.
    pub shown: usize,
    pub playing: bool,
    pub timer: Timer,
    /// Each action with the player who made it, for the move list.
    pub moves: Vec<(u8, Action)>,
    /// Moves a second when playing (the speed buttons: 0.5, 1, 2, 4 times the normal pace).
    pub speed: f32,
}

impl BracketReplay {
    /// A save's replay from its first move, playing at the normal pace.
    pub fn new(save: SaveData, kinds: &KindTable) -> BracketReplay {
        BracketReplay {
            moves: moves_of(&save, kinds),
            save,
            shown: 0,
            playing: true,
            timer: Timer::new(Duration::from_millis(MOVE_MS as u64), TimerMode::Repeating),
            speed: 1.0,
        }
    }
}

/// The normal pace of a playing replay: one move in this many milliseconds.
const MOVE_MS: f32 = 600.0;

/// The actions of a save with who made each (rebuilt through the rules; a refused action
/// ends the list, as it ends the replay's board).
fn moves_of(save: &SaveData, kinds: &KindTable) -> Vec<(u8, Action)> {
    let mut game = Game::new(save.settings.clone(), save.seed);
    let mut out = Vec::with_capacity(save.actions.len());
    for saved in &save.actions {
        let Ok(action) = saved.action(kinds) else {
            break;
        };
        let me = game.turn.current;
        if game.act(kinds, action).is_err() {
            break;
        }
        out.push((me, action));
    }
    out
}

/// Opens the replay of a save.
#[derive(Message, Clone, Debug)]
pub struct WatchBracketReplay(pub SaveData);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<WatchBracketReplay>()
        .add_systems(Update, open_replay)
        .add_systems(OnEnter(BracketScreen::Replay), clean_board_marks)
        .add_systems(
            Update,
            (tick, show_position)
                .chain()
                .run_if(in_state(BracketScreen::Replay)),
        );
}

pub(super) fn ui_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        controls.run_if(in_state(BracketScreen::Replay)),
    );
}

fn open_replay(
    mut commands: Commands,
    content: Res<BracketContent>,
    mut requests: MessageReader<WatchBracketReplay>,
    mut screen: ResMut<NextState<Screen>>,
    mut next: ResMut<NextState<BracketScreen>>,
) {
    if let Some(WatchBracketReplay(save)) = requests.read().last() {
        commands.insert_resource(BracketReplay::new(save.clone(), &content.0));
        NextState::set_if_neq(&mut *screen, Screen::Bracket);
        next.set(BracketScreen::Replay);
    }
}

/// The replay shows the board as it was, with every player's coverage: nothing of the
/// game last played (its keyboard cursor, hovered cell, preview or deletion mark).
fn clean_board_marks(mut ui: ResMut<BracketPlay>) {
    *ui = BracketPlay {
        coverage_hint: true,
        ..BracketPlay::default()
    };
}

fn tick(
    time: Res<Time>,
    mut replay: ResMut<BracketReplay>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if !replay.playing {
        return;
    }
    // The reactive window sleeps without input: ask for the next frame while playing.
    redraw.write(bevy::window::RequestRedraw);
    // The timer ticking is not a new position.
    let delta = time.delta();
    if replay
        .bypass_change_detection()
        .timer
        .tick(delta)
        .just_finished()
    {
        if replay.shown < replay.save.actions.len() {
            replay.shown += 1;
        }
        // At the last move it stops (its button shows ▶ again, not ||).
        if replay.shown == replay.save.actions.len() {
            replay.playing = false;
        }
    }
}

/// Rebuilds the board whenever the position changes. The replay keeps the window awake
/// while it plays.
fn show_position(world: &mut World) {
    let changed = world.resource_ref::<BracketReplay>().is_changed();
    let (save, shown) = {
        let r = world.resource::<BracketReplay>();
        (r.save.clone(), r.shown)
    };
    let rebuilt = world
        .get_resource::<BracketGame>()
        .is_some_and(|c| c.save.actions.len() == shown && c.save.seed == save.seed);
    if !changed && rebuilt {
        return;
    }
    let kinds = world.resource::<BracketContent>().0.clone();
    rules::start_game(world, save.settings.clone(), save.seed);
    for saved in &save.actions[..shown] {
        if let Ok(action) = saved.action(&kinds) {
            let _ = rules::act(world, action);
        }
    }
    let mut partial = save.clone();
    partial.actions.truncate(shown);
    world.insert_resource(BracketGame {
        slot: None,
        save: partial,
        online: None,
    });
}

fn controls(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    seats: Res<SeatColors>,
    content: Res<BracketContent>,
    turn: Option<Res<BracketTurn>>,
    setup: Option<Res<BracketSetup>>,
    mut replay: ResMut<BracketReplay>,
    mut next: ResMut<NextState<Screen>>,
    mut slots: ResMut<NextState<BracketScreen>>,
    mut board_panels: ResMut<super::view::BoardPanels>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let total = replay.save.actions.len();
    let mut root = theme::root_ui(ctx);
    // Above the board: below it the bar would cover the last row.
    let bar_panel = egui::Panel::top("replay").show(&mut root, |bar| {
        bar.horizontal(|bar| {
            bar.label(egui::RichText::new(tr!(loc, "watch-replay")).strong());
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
            if bar.button(tr!(loc, "to-menu")).clicked() {
                next.set(Screen::Menu);
            }
        });
    });
    board_panels.0.push(bar_panel.response.rect);
    // The move list at the left: a click shows the board after that move.
    let list = egui::Panel::left("replay_moves")
        .exact_size(260.0)
        .show(&mut root, |p| {
            // The pace (half, normal, twice, four times) and the way back to the slots,
            // here: the bar above is full in some languages.
            p.horizontal_wrapped(|h| {
                h.label(tr!(loc, "replay-speed"));
                for (speed, label) in [(0.5, "0.5×"), (1.0, "1×"), (2.0, "2×"), (4.0, "4×")] {
                    if h.selectable_label(replay.speed == speed, label).clicked() {
                        replay.speed = speed;
                        let pace = Duration::from_millis((MOVE_MS / speed) as u64);
                        replay.timer.set_duration(pace);
                    }
                }
            });
            if p.button(tr!(loc, "to-slots")).clicked() {
                slots.set(BracketScreen::Slots);
            }
            p.separator();
            p.heading(tr!(loc, "replay-moves"));
            egui::ScrollArea::vertical()
                .id_salt("replay_moves")
                .show(p, |s| {
                    let kinds = &content.0;
                    if s.selectable_label(replay.shown == 0, tr!(loc, "replay-start"))
                        .clicked()
                    {
                        replay.shown = 0;
                        replay.playing = false;
                    }
                    let mut jump = None;
                    for (i, (me, action)) in replay.moves.iter().enumerate() {
                        let line = format!(
                            "{}. {}",
                            i + 1,
                            super::log::action_line(&loc, *me, action, kinds)
                        );
                        let here = replay.shown == i + 1;
                        // The player's colour, white on the highlight of the move shown.
                        let text = egui::RichText::new(line).size(15.0);
                        let text = if here {
                            text.color(egui::Color32::WHITE).strong()
                        } else {
                            text.color(seats.egui(*me))
                        };
                        let label = s.selectable_label(here, text);
                        if here && replay.playing {
                            label.scroll_to_me(None);
                        }
                        if label.clicked() {
                            jump = Some(i + 1);
                        }
                    }
                    if let Some(n) = jump {
                        replay.shown = n;
                        replay.playing = false;
                    }
                });
        });
    board_panels.0.push(list.response.rect);
    // At the last move of a finished game: who won and the scores, beside the board,
    // below the bar (one root: panels of two roots would overlap).
    if replay.shown == total
        && let (Some(turn), Some(setup)) = (&turn, &setup)
        && turn.0.is_over()
    {
        // In a panel of its own at the right, where the log is in a game: a floating
        // window there covered the board's last column.
        let panel = egui::Panel::right("replay_result")
            .exact_size(280.0)
            .show(&mut root, |w| {
                w.add_space(12.0);
                w.heading(tr!(loc, "replay-result"));
                w.separator();
                outcome_lines(w, &loc, &seats, &turn.0, &setup.settings);
            });
        board_panels.0.push(panel.response.rect);
    }
    Ok(())
}
