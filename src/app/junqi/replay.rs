//! The 军棋 replay viewer: any saved or finished game, ply by ply — step, play and pause,
//! a slider — seen with everything revealed, or as one seat saw it at that ply.

use std::sync::Arc;
use std::time::Duration;

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bw_rules::junqi::record::Record;
use bw_rules::junqi::view::SeenPiece;
use bw_rules::junqi::{Junqi, Phase, PieceSet, PlayerId, PlayerView};

use bevy_egui::{EguiContexts, egui};

use super::board::art;
use super::board::{self, Marks};
use crate::app::i18n::Locale;
use crate::app::state::{JunqiScreen, Screen};
use crate::app::theme::{self, JunqiBoardColor, SeatColors};
use crate::tr;

/// The game being replayed and how far.
#[derive(Resource, Clone, Debug)]
pub struct JunqiReplay {
    pub record: Record,
    /// Actions shown so far.
    pub shown: usize,
    pub playing: bool,
    pub timer: Timer,
    /// Whose view: `None` shows every piece (only where [`Self::all_open`] allows it).
    pub seat: Option<PlayerId>,
    /// The seats whose view may be shown. A finished game (or one only computers play)
    /// opens every seat and the view with everything; an unfinished one opens only the
    /// seats people play, so that nobody reads an opponent's layout in the middle of a game.
    pub open_seats: Vec<PlayerId>,
    /// Whether the view with every piece revealed may be shown.
    pub all_open: bool,
    /// Plies (moves on the board) of the whole record: what the slot counts too. Actions
    /// also count layouts, draw offers and their answers.
    pub total_plies: u32,
    /// The game after `shown` actions (rebuilt when `shown` changes).
    pub game: Junqi,
    /// The game after every action of the record (its event log is the move list's).
    pub end: Junqi,
    /// How many events the game had after each action (`ends[k]`: after `k + 1` actions).
    pub ends: Vec<usize>,
    /// Moves a second when playing, as a multiple of the normal pace (0.5, 1, 2, 4).
    pub speed: f32,
}

/// The normal pace of a playing replay: one action in this many milliseconds.
const ACTION_MS: f32 = 700.0;

impl JunqiReplay {
    pub fn new(record: Record, set: Arc<PieceSet>) -> Result<JunqiReplay, String> {
        let game = at(&record, 0, &set)?;
        // Action by action, to know which events each one made (the move list).
        let mut end = game.clone();
        let mut ends = Vec::with_capacity(record.actions.len());
        for (i, a) in record.actions.iter().enumerate() {
            let action = a.action(&end.board)?;
            end.act(action)
                .map_err(|e| format!("action {}: {e}", i + 1))?;
            ends.push(end.events.len());
        }
        let finished = matches!(end.phase, Phase::Over(_));
        let people: Vec<PlayerId> = (0..record.seats.len())
            .filter(|&p| !record.seats[p].1)
            .collect();
        let all_open = finished || people.is_empty();
        let open_seats = if all_open {
            (0..record.seats.len()).collect()
        } else {
            people.clone()
        };
        // One person: their view. Several at one computer: the screen asks whose.
        let seat = match (all_open, people.as_slice()) {
            (false, [one]) => Some(*one),
            _ => None,
        };
        Ok(JunqiReplay {
            record,
            shown: 0,
            playing: seat.is_some() || all_open,
            timer: Timer::new(
                Duration::from_millis(ACTION_MS as u64),
                TimerMode::Repeating,
            ),
            seat,
            open_seats,
            all_open,
            total_plies: end.plies,
            game,
            end,
            ends,
            speed: 1.0,
        })
    }

    /// The view asked for cannot be shown yet: an unfinished game between several people
    /// at one computer waits until one of them says whose view it is.
    pub fn asks_whose(&self) -> bool {
        self.seat.is_none() && !self.all_open
    }

    pub fn total(&self) -> usize {
        self.record.actions.len()
    }

    /// The move list: for each action that made a line, the number of actions to show
    /// after it and the line, in words, with the ranks the chosen seat may know (all of
    /// them only for a finished game seen with everything).
    pub fn move_list(&self, loc: &Locale) -> Vec<(usize, String)> {
        let clashes = self.end.clashes_seen_by(self.seat, 0);
        let who = |p: usize| {
            let (seat, computer, profile) = &self.record.seats[p];
            if *computer {
                format!("{seat} · {}", tr!(loc, "junqi-computer"))
            } else {
                format!("{seat} · {profile}")
            }
        };
        let words = super::log::Words {
            loc,
            board: &self.end.board,
            set: &self.end.set,
            who: &who,
            clashes: &clashes,
        };
        let mut out = Vec::new();
        let mut from = 0;
        for (k, &to) in self.ends.iter().enumerate() {
            for i in from..to {
                if let Some(line) = words.line(i, &self.end.events[i]) {
                    out.push((k + 1, line));
                }
            }
            from = to;
        }
        out
    }

    /// Shows the game after `n` actions.
    pub fn show(&mut self, n: usize) {
        let n = n.min(self.total());
        if let Ok(g) = at(&self.record, n, &self.game.set) {
            self.game = g;
            self.shown = n;
        }
    }

    /// The pieces on the board as the chosen seat saw them then (or all of them).
    pub fn nodes(&self) -> Vec<Option<SeenPiece>> {
        match self.seat {
            Some(p) => PlayerView::position(&self.game, p).nodes,
            None if !self.all_open => vec![None; self.game.at.len()],
            None => self
                .game
                .at
                .iter()
                .map(|s| {
                    s.map(|p| SeenPiece {
                        owner: p.owner,
                        kind: Some(p.kind),
                    })
                })
                .collect(),
        }
    }
}

/// The game after the first `n` actions of a record.
fn at(record: &Record, n: usize, set: &Arc<PieceSet>) -> Result<Junqi, String> {
    let mut partial = record.clone();
    partial.actions.truncate(n);
    partial.replay(set.clone())
}

/// Opens the replay of a record.
#[derive(Message, Clone, Debug)]
pub struct WatchJunqi(pub Record);

pub(super) fn plugin(app: &mut App) {
    app.add_message::<WatchJunqi>()
        .add_systems(Update, open_replay.after(super::JunqiPlay))
        .add_systems(Update, tick.run_if(in_state(JunqiScreen::Replay)))
        .add_systems(OnExit(JunqiScreen::Replay), |mut c: Commands| {
            c.remove_resource::<JunqiReplay>()
        });
}

fn open_replay(
    mut commands: Commands,
    mut requests: MessageReader<WatchJunqi>,
    pieces: Res<super::JunqiPieces>,
    mut screen: ResMut<NextState<Screen>>,
    mut next: ResMut<NextState<JunqiScreen>>,
) {
    if let Some(WatchJunqi(record)) = requests.read().last() {
        match JunqiReplay::new(record.clone(), pieces.0.clone()) {
            Ok(r) => {
                commands.insert_resource(r);
                NextState::set_if_neq(&mut *screen, Screen::Junqi);
                next.set(JunqiScreen::Replay);
            }
            Err(e) => warn!("the 军棋 record cannot be replayed: {e}"),
        }
    }
}

/// Plays forward, keeping the reactive window awake while it plays.
fn tick(
    time: Res<Time>,
    mut replay: ResMut<JunqiReplay>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    if !replay.playing {
        return;
    }
    redraw.write(RequestRedraw);
    let delta = time.delta();
    if replay
        .bypass_change_detection()
        .timer
        .tick(delta)
        .just_finished()
    {
        if replay.shown < replay.total() {
            let n = replay.shown + 1;
            replay.show(n);
        } else {
            replay.playing = false;
        }
    }
}

/// A replay's move list, and what it was made for: the seat, the language, the record's
/// length.
type MoveListCache = ((Option<PlayerId>, String, usize), Vec<(usize, String)>);

/// The replay viewer's screen: the board at the ply shown, the controls, the move list.
pub(super) fn replay_screen(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    replay: Option<ResMut<JunqiReplay>>,
    seats: Res<SeatColors>,
    wood: Res<JunqiBoardColor>,
    pack: Option<Res<crate::app::texture_pack::PackImages>>,
    mut screen: ResMut<NextState<Screen>>,
    mut next: ResMut<NextState<JunqiScreen>>,
    mut names: ResMut<board::NodeNames>,
    mut list: Local<Option<MoveListCache>>,
) -> Result {
    let junqi_art = art(&mut contexts, pack.as_deref());
    let ctx = contexts.ctx_mut()?;
    let Some(mut replay) = replay else {
        return Ok(());
    };
    let mut root = theme::root_ui(ctx);
    let total = replay.total();
    egui::Panel::bottom("junqi_replay").show(&mut root, |bar| {
        // Wrapped: whose-view buttons for four seats do not fit one row in every language.
        bar.horizontal_wrapped(|bar| {
            bar.label(egui::RichText::new(tr!(loc, "watch-replay")).strong());
            if bar.button("|◀").clicked() {
                replay.show(0);
            }
            if bar.button("◀").clicked() {
                let n = replay.shown.saturating_sub(1);
                replay.show(n);
                replay.playing = false;
            }
            let play = if replay.playing { "||" } else { "▶" };
            if bar.button(play).clicked() {
                replay.playing = !replay.playing;
            }
            if bar.button("▶|").clicked() {
                let n = replay.shown + 1;
                replay.show(n);
                replay.playing = false;
            }
            let mut at = replay.shown;
            if bar.add(egui::Slider::new(&mut at, 0..=total)).changed() {
                replay.show(at);
            }
            bar.label(tr!(
                loc,
                "junqi-replay-plies",
                n = replay.game.plies,
                total = replay.total_plies
            ));
            // Whose view: everything, or one seat's as it was at this ply.
            let players: Vec<char> = replay.game.players.iter().map(|p| p.seat).collect();
            if replay.all_open
                && bar
                    .selectable_label(replay.seat.is_none(), tr!(loc, "junqi-replay-all"))
                    .clicked()
            {
                replay.seat = None;
            }
            for (i, seat) in players.iter().enumerate() {
                if !replay.open_seats.contains(&i) {
                    continue;
                }
                if bar
                    .selectable_label(
                        replay.seat == Some(i),
                        tr!(loc, "junqi-replay-seat", seat = seat.to_string()),
                    )
                    .clicked()
                {
                    replay.seat = Some(i);
                }
            }
            if bar.button(tr!(loc, "to-slots")).clicked() {
                next.set(JunqiScreen::Slots);
            }
            if bar.button(tr!(loc, "to-menu")).clicked() {
                screen.set(Screen::Menu);
            }
        });
    });
    // The move list at the right (a click shows the board after that move), the pace, and
    // the node names that the list uses.
    if !replay.asks_whose() {
        egui::Panel::right("junqi_replay_moves")
            .exact_size(320.0)
            .show(&mut root, |p| {
                p.horizontal_wrapped(|h| {
                    h.label(tr!(loc, "replay-speed"));
                    for (speed, label) in [(0.5, "0.5×"), (1.0, "1×"), (2.0, "2×"), (4.0, "4×")]
                    {
                        if h.selectable_label(replay.speed == speed, label).clicked() {
                            replay.speed = speed;
                            let pace = Duration::from_millis((ACTION_MS / speed) as u64);
                            replay.timer.set_duration(pace);
                        }
                    }
                });
                board::node_names_toggle(p, &loc, &mut names);
                p.separator();
                p.heading(tr!(loc, "junqi-moves"));
                // Made again only for a new replay, or when the seat or the language
                // changes (the window redraws every frame while the replay plays).
                let key = (replay.seat, loc.code.clone(), replay.total());
                if replay.is_added() || list.as_ref().is_none_or(|(k, _)| *k != key) {
                    *list = Some((key, replay.move_list(&loc)));
                }
                let lines = list.as_ref().map(|(_, l)| l.clone()).unwrap_or_default();
                let mut jump = None;
                egui::ScrollArea::vertical()
                    .id_salt("junqi_replay_moves")
                    .auto_shrink([false, false])
                    .show(p, |s| {
                        if s.selectable_label(replay.shown == 0, tr!(loc, "replay-start"))
                            .clicked()
                        {
                            jump = Some(0);
                        }
                        for (after, line) in lines {
                            let here = replay.shown == after;
                            let text = egui::RichText::new(line).size(14.0);
                            let label = s.selectable_label(here, text);
                            if here && replay.playing {
                                label.scroll_to_me(None);
                            }
                            if label.clicked() {
                                jump = Some(after);
                            }
                        }
                    });
                if let Some(n) = jump {
                    replay.show(n);
                    replay.playing = false;
                }
            });
    }
    egui::CentralPanel::default().show(&mut root, |ui| {
        if replay.asks_whose() {
            ui.add_space(120.0);
            ui.vertical_centered(|ui| {
                theme::header(ui, &tr!(loc, "junqi-replay-whose"));
                theme::hint(ui, &tr!(loc, "junqi-replay-whose-hint"));
            });
            return;
        }
        let rect = ui.max_rect();
        let bottom = replay.seat.map(|p| replay.game.players[p].seat);
        let nodes = replay.nodes();
        board::paint(
            ui,
            rect,
            &replay.game.board,
            bottom,
            &board::scene(&nodes, &replay.game.set, &loc.code),
            &seats,
            &Marks {
                wood: Some(theme::to_egui(wood.0)),
                art: junqi_art,
                recent: board::recent_moves(&replay.game.events, None),
                turn: (replay.game.phase == bw_rules::junqi::Phase::Playing)
                    .then(|| (replay.game.players[replay.game.turn].seat, replay.game.turn)),
                badges: board::team_badges(
                    &bw_rules::junqi::PlayerView::public(&replay.game).players,
                    |t| tr!(loc, "junqi-team", team = t),
                ),
                names: names.0,
                ..Default::default()
            },
        );
    });
    Ok(())
}
