//! 军棋 in the window: slots, a new-game screen with the original's presets, deployment
//! (swap two pieces, automatic layout, mirror, 出征), the board with hidden pieces, hot-seat
//! hand-over between persons, computer seats thinking off the main thread, automatic saves
//! after every deployment and ply, and the end with every layout revealed.
//!
//! The game is the rules crate's ECS match in the window's world: board nodes and pieces are
//! entities, the rest is the [`JunqiMatch`] resource, and every change — a person's move, a
//! computer's decision, a layout, a clock running out — is a [`JunqiIntent`] that
//! [`apply_intents`] carries out as one pass of the rules' ordered schedule
//! ([`bw_rules::junqi::ecs`]), then [`route`]s to the screen the game needs next.
//! [`JunqiTable`] holds what is not the game: seats, who looks, the layout being made, the
//! selection, the clocks. Everything a screen shows of a game in play is built from one
//! seat's `PlayerView`, never from the full game.

pub mod board;
pub mod computers;
pub mod deploy;
pub mod deployment;
pub mod end;
pub mod external;
pub mod game;
pub mod intents;
pub mod layouts;
pub mod log;
pub mod marks;
pub mod newgame;
pub mod replay;
pub mod slots;
pub mod sounds;

use std::sync::Arc;

use bevy::prelude::*;
use bevy::tasks::Task;
use bw_players::junqi::{AiKind, Seat};
use bw_rules::junqi::ecs::{JunqiMatch, JunqiRulesPlugin, despawn_match, spawn_match};
use bw_rules::junqi::game::{Action, Phase, PlayerId, Refusal};
use bw_rules::junqi::record::Record;
use bw_rules::junqi::setup::{Layout, deal};
use bw_rules::junqi::{Junqi, NodeId, PieceSet, PlayerView, Rules, canonical_path};

use crate::app::Saves;
use crate::app::i18n::Locale;
use crate::app::state::{JunqiScreen, Screen};
use crate::app::thinking::Thinking;
use crate::saves::{JUNQI_SAVE_VERSION, JunqiSave, JunqiSlot, JunqiTimers, SLOT_COUNT, Saved};
use crate::tr;

use computers::{computer_deploy, computer_turn, engine_turns};
pub use intents::apply_intents;
pub use newgame::{JunqiDraft, PRESETS, Preset};

/// The piece set every 军棋 game uses.
#[derive(Resource, Clone)]
pub struct JunqiPieces(pub Arc<PieceSet>);

/// Who plays and who looks at the game on screen; the game itself is the [`JunqiMatch`] in
/// the world.
#[derive(Resource, Clone, Debug)]
pub struct JunqiTable {
    pub seats: Vec<Seat>,
    pub seed: u64,
    pub slot: usize,
    /// Whose view is on screen (a person's; with one person, always theirs).
    pub viewer: Option<PlayerId>,
    /// The person the hand-over screen waits for.
    pub handover: Option<PlayerId>,
    /// The viewer's layout while deploying.
    pub layout: Layout,
    /// Deployment: the first piece clicked of a swap. Play: the piece to move.
    pub selected: Option<NodeId>,
    /// The node under the pointer (its path is drawn when a selected piece can go there).
    pub hovered: Option<NodeId>,
    /// Why the last intention was refused.
    pub message: Option<String>,
    pub confirm_resign: bool,
    /// The pause menu is open (Esc with nothing selected).
    pub paused: bool,
    pub timers: JunqiTimers,
    /// Seconds left on the clock of the person acting (deployment or move), if one runs.
    pub clock: Option<f32>,
    /// The finished game's scores were added to the profiles.
    pub scored: bool,
    /// The game was played online (a slot kept from a room): said on its slot card.
    pub online: bool,
    /// Each profile's total over earlier games (the side panel shows it beside this game's).
    pub profile_totals: std::collections::BTreeMap<String, i64>,
    /// Each person's marks on face-down enemy pieces (标记).
    pub guesses: marks::Guesses,
    /// The marks' menu, open over this node at this window position.
    pub mark_menu: Option<(NodeId, [f32; 2])>,
}

impl JunqiTable {
    /// A table for a game, nobody looking yet.
    pub fn new(seats: Vec<Seat>, seed: u64, slot: usize, timers: JunqiTimers) -> JunqiTable {
        JunqiTable {
            seats,
            seed,
            slot,
            viewer: None,
            handover: None,
            layout: Layout::new(),
            selected: None,
            hovered: None,
            message: None,
            confirm_resign: false,
            paused: false,
            timers,
            clock: None,
            scored: false,
            online: false,
            profile_totals: Default::default(),
            guesses: Default::default(),
            mark_menu: None,
        }
    }

    pub fn persons(&self) -> Vec<PlayerId> {
        (0..self.seats.len())
            .filter(|&p| self.seats[p] == Seat::Person)
            .collect()
    }

    /// The person who must act now: deploying, the first person still to deploy; in play,
    /// the player to move if a person plays that seat.
    pub fn person_to_act(&self, game: &Junqi) -> Option<PlayerId> {
        match game.phase {
            Phase::Deploying => self
                .persons()
                .into_iter()
                .find(|&p| !game.players[p].deployed),
            Phase::Playing => (self.seats[game.turn] == Seat::Person).then_some(game.turn),
            Phase::Over(_) => None,
        }
    }

    /// The view on screen: the viewer's, or (no person at all) the first seat's.
    pub fn view(&self, game: &Junqi) -> PlayerView {
        PlayerView::of(game, self.viewer.unwrap_or(0))
    }

    /// The viewer's legal moves, from the viewer's view alone.
    pub fn legal_moves(&self, game: &Junqi) -> Vec<(NodeId, NodeId)> {
        let view = PlayerView::position(game, self.viewer.unwrap_or(0));
        view.legal_moves(&game.board, &game.set)
    }

    /// The path the selected piece would take to the hovered node (railway runs turn
    /// corners), from the viewer's view: owners only, no ranks.
    pub fn hover_path(&self, game: &Junqi) -> Vec<NodeId> {
        let (Some(from), Some(to)) = (self.selected, self.hovered) else {
            return vec![];
        };
        if !self.legal_moves(game).contains(&(from, to)) {
            return vec![];
        }
        let view = PlayerView::position(game, self.viewer.unwrap_or(0));
        canonical_path(&game.board, &view.occupancy(), from, to)
    }

    pub fn save(&self, game: &Junqi) -> JunqiSave {
        JunqiSave {
            version: JUNQI_SAVE_VERSION,
            record: Record::of(game),
            seats: self.seats.clone(),
            seed: self.seed,
            timers: self.timers,
            scored: self.scored,
            last_played: crate::saves::now(),
            online: self.online,
            marks: self
                .guesses
                .all()
                .into_iter()
                .map(|(seat, node, guess)| crate::saves::JunqiMark {
                    seat,
                    node: game.board.name(node).to_string(),
                    guess: match guess {
                        marks::Guess::Kind(k) => game.set.get(k).id.clone(),
                        marks::Guess::Unknown => "?".into(),
                    },
                })
                .collect(),
        }
    }
}

/// Opens a game: a new one in a slot, or the one saved in a slot.
#[derive(Message, Clone, Debug)]
pub enum StartJunqi {
    New {
        slot: usize,
        rules: Rules,
        seats: Vec<Seat>,
        /// A profile name per seat (computers: their level).
        profiles: Vec<String>,
        seed: u64,
        timers: JunqiTimers,
    },
    Load {
        slot: usize,
    },
}

/// What a person asks for on the 军棋 screens.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum JunqiIntent {
    /// The hand-over screen was clicked: the waiting person looks now.
    TakeOver,
    /// Deployment: a piece clicked (two clicks swap), or dragged onto another.
    DeployClick(NodeId),
    Swap(NodeId, NodeId),
    AutoLayout,
    Mirror,
    /// 出征: confirm the layout.
    Confirm,
    /// Keep the layout on the board under a name (in the save folder).
    SaveLayout(String),
    /// Put a saved layout on the board.
    LoadLayout(String),
    /// Play: a node clicked (select an own piece, or move the selected one there).
    BoardClick(NodeId),
    /// 标记: the viewer marks a face-down enemy piece with a guess (`None` clears it).
    Mark {
        node: NodeId,
        guess: Option<marks::Guess>,
    },
    Move(NodeId, NodeId),
    OfferDraw,
    AnswerDraw {
        player: PlayerId,
        yes: bool,
    },
    Resign(PlayerId),
    /// The action a computer seat decided on its turn (a move, or a draw offer), in the
    /// position after `ply` plies (stale once the game moved on).
    Computer {
        ply: u32,
        action: Action,
    },
    /// A computer seat's layout, ready.
    ComputerLayout {
        player: PlayerId,
        layout: Layout,
    },
    /// An external engine's answer (a layout, an action, a draw answer, or why it has none).
    Engine {
        player: PlayerId,
        answer: external::Answer,
    },
    /// The clock of the person acting ran out: the automatic layout marches, or the turn is
    /// lost.
    OutOfTime,
}

/// A computer seat thinking off the main thread.
#[derive(Resource, Default)]
pub struct JunqiThinking(pub Thinking<(u32, Action)>);

/// Computer seats laying out off the main thread.
#[derive(Resource, Default)]
pub struct JunqiComputerLayouts(pub Vec<(PlayerId, Task<Layout>)>);

/// 军棋's logic: starting games, the persons' intentions, computers and engines, clocks,
/// scores, sounds.
pub fn plugin(app: &mut App) {
    app.add_plugins(JunqiRulesPlugin)
        .insert_resource(JunqiPieces(Arc::new(PieceSet::standard())))
        .init_resource::<JunqiThinking>()
        .init_resource::<JunqiComputerLayouts>()
        .init_resource::<external::JunqiEngines>()
        .init_resource::<JunqiSlots>()
        .init_resource::<board::NodeNames>()
        .add_message::<StartJunqi>()
        .add_message::<JunqiIntent>()
        .add_plugins(newgame::plugin)
        .add_plugins(replay::plugin)
        .add_systems(OnEnter(JunqiScreen::Slots), refresh_slots)
        .add_systems(
            Update,
            (
                start_games,
                apply_intents,
                computer_deploy,
                computer_turn,
                engine_turns,
                tick_clock,
                score_finished_game,
                sounds::table_sounds,
            )
                .chain()
                .in_set(JunqiPlay)
                .run_if(resource_exists::<JunqiPieces>),
        )
        .add_systems(OnExit(Screen::Junqi), leave);
}

/// The live game's systems: starting, intentions, computers, engines, clocks, scores. A
/// replay asked for in the same frame opens after them, so it is what the screen shows.
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct JunqiPlay;

/// 军棋's screens: slots, new game, deployment, hand-over, the board, the end, the replay.
pub fn ui_plugin(app: &mut App) {
    use bevy_egui::EguiPrimaryContextPass;
    app.add_plugins(newgame::ui_plugin).add_systems(
        EguiPrimaryContextPass,
        (
            slots::slots_screen.run_if(in_state(JunqiScreen::Slots)),
            deploy::handover_screen.run_if(in_state(JunqiScreen::Handover)),
            deploy::deploy_screen.run_if(in_state(JunqiScreen::Deploy)),
            game::game_screen.run_if(in_state(JunqiScreen::Playing)),
            end::end_screen.run_if(in_state(JunqiScreen::GameOver)),
            replay::replay_screen.run_if(in_state(JunqiScreen::Replay)),
        ),
    );
}

/// The 军棋 slots as last read.
#[derive(Resource, Default)]
pub struct JunqiSlots {
    pub slots: Vec<JunqiSlot>,
    pub confirm_delete: Option<usize>,
}

fn refresh_slots(mut list: ResMut<JunqiSlots>, saves: Res<Saves>, pieces: Res<JunqiPieces>) {
    let dir = &saves.0;
    list.slots = (0..SLOT_COUNT)
        .map(|i| dir.load::<JunqiSave>(i, &pieces.0))
        .collect();
    list.confirm_delete = None;
}

fn leave(
    mut commands: Commands,
    mut thinking: ResMut<JunqiThinking>,
    mut layouts: ResMut<JunqiComputerLayouts>,
    mut engines: ResMut<external::JunqiEngines>,
    game: Option<Res<JunqiMatch>>,
) {
    thinking.0.cancel();
    layouts.0.clear();
    engines.finish(game.as_deref().map(|g| &g.0));
    *engines = external::JunqiEngines::default();
    commands.remove_resource::<JunqiTable>();
    commands.queue(despawn_match);
}

/// Puts a game on the table: its nodes and pieces become entities in the window's world
/// (replacing any earlier game's), and the table with its seats is inserted.
pub fn open_match(commands: &mut Commands, table: JunqiTable, game: Junqi) {
    commands.insert_resource(table);
    commands.queue(move |world: &mut World| {
        despawn_match(world);
        spawn_match(world, game);
    });
}

/// A new game: dealt by the seed, computers lay out at once (seeded), persons next.
pub fn new_table(
    rules: Rules,
    pieces: Arc<PieceSet>,
    seats: Vec<Seat>,
    profiles: Vec<String>,
    seed: u64,
    slot: usize,
    timers: JunqiTimers,
) -> Result<(JunqiTable, Junqi), String> {
    let hands = deal(&rules, &pieces, seed);
    let mut game = Junqi::new(rules, pieces, hands)?;
    if seats.len() != game.players.len() {
        return Err(format!(
            "{} seats for {} players",
            seats.len(),
            game.players.len()
        ));
    }
    for (p, seat) in seats.iter().enumerate() {
        game.players[p].computer = *seat != Seat::Person;
        if let Some(name) = profiles.get(p).filter(|n| !n.trim().is_empty()) {
            game.players[p].profile = name.trim().to_string();
        }
    }
    // Computers and external engines lay out on the task pool (`computer_deploy`,
    // `engine_turns`); the first to confirm moves first.
    Ok((JunqiTable::new(seats, seed, slot, timers), game))
}

/// The screen the game needs next, with the viewer and hand-over set for it.
pub fn route(table: &mut JunqiTable, game: &Junqi) -> JunqiScreen {
    table.selected = None;
    table.confirm_resign = false;
    table.clock = None;
    if matches!(game.phase, Phase::Over(_)) {
        return JunqiScreen::GameOver;
    }
    let Some(p) = table.person_to_act(game) else {
        // A computer moves; the last person's view stays on screen.
        if table.viewer.is_none() {
            table.viewer = table.persons().first().copied();
        }
        return JunqiScreen::Playing;
    };
    let several = table.persons().len() > 1;
    if several && table.viewer != Some(p) {
        table.handover = Some(p);
        table.viewer = None;
        return JunqiScreen::Handover;
    }
    take_over(table, game, p)
}

/// The person `p` looks at the board now.
fn take_over(table: &mut JunqiTable, game: &Junqi, p: PlayerId) -> JunqiScreen {
    table.viewer = Some(p);
    table.handover = None;
    if game.phase == Phase::Deploying {
        table.layout = game.auto_layout(p, table.seed);
        table.clock = table.timers.deploy.map(|s| s as f32);
        JunqiScreen::Deploy
    } else {
        table.clock = table.timers.moves.map(|s| s as f32);
        JunqiScreen::Playing
    }
}

fn autosave(table: &JunqiTable, game: &Junqi, saves: &Saves) {
    if let Err(e) = saves.0.store(table.slot, &table.save(game)) {
        warn!("the 军棋 game could not be saved: {e}");
    }
}

fn start_games(
    mut commands: Commands,
    mut requests: MessageReader<StartJunqi>,
    pieces: Res<JunqiPieces>,
    saves: Res<Saves>,
    mut screen: ResMut<NextState<Screen>>,
    mut next: ResMut<NextState<JunqiScreen>>,
    mut thinking: ResMut<JunqiThinking>,
    mut layouts: ResMut<JunqiComputerLayouts>,
    mut engines: ResMut<external::JunqiEngines>,
    settings: Option<Res<crate::app::settings::UserSettings>>,
) {
    for request in requests.read() {
        let opened = match request.clone() {
            StartJunqi::New {
                slot,
                rules,
                seats,
                profiles,
                seed,
                timers,
            } => new_table(rules, pieces.0.clone(), seats, profiles, seed, slot, timers),
            StartJunqi::Load { slot } => match saves.0.load::<JunqiSave>(slot, &pieces.0) {
                JunqiSlot::Saved(Saved { save, game }) => {
                    let mut t = JunqiTable::new(save.seats, save.seed, slot, save.timers);
                    t.scored = save.scored;
                    t.online = save.online;
                    // The marks as the position stands (one naming no node or piece of
                    // this game is dropped).
                    let kept = save
                        .marks
                        .iter()
                        .filter_map(|m| {
                            let node = game.board.find(&m.node)?;
                            let guess = match m.guess.as_str() {
                                "?" => marks::Guess::Unknown,
                                id => marks::Guess::Kind(game.set.by_id(id)?),
                            };
                            Some((m.seat, node, guess))
                        })
                        .collect();
                    t.guesses = marks::Guesses::restored(kept, game.events.len());
                    Ok((t, *game))
                }
                _ => continue,
            },
        };
        let (mut table, game) = match opened {
            Ok(t) => t,
            Err(e) => {
                warn!("the 军棋 game could not start: {e}");
                continue;
            }
        };
        if !matches!(game.phase, Phase::Over(_)) {
            autosave(&table, &game, &saves);
        }
        table.profile_totals = crate::saves::load_junqi_profiles(&saves.0.dir)
            .map(|p| p.totals)
            .unwrap_or_default();
        thinking.0.cancel();
        layouts.0.clear();
        engines.finish(None);
        *engines = external::JunqiEngines::for_game(
            &table.seats,
            settings.as_ref().map_or("", |s| s.junqi_engine.as_str()),
        );
        NextState::set_if_neq(&mut *screen, Screen::Junqi);
        next.set(route(&mut table, &game));
        open_match(&mut commands, table, game);
    }
}

fn refusal(loc: &Locale, r: &Refusal) -> String {
    match r {
        Refusal::BadLayout(e) => layout_error(loc, e),
        Refusal::Unreachable(..) => tr!(loc, "junqi-refusal-unreachable"),
        Refusal::NotYourTurn => tr!(loc, "junqi-refusal-not-your-turn"),
        _ => tr!(loc, "junqi-refusal-other"),
    }
}

/// Why `me`'s piece on `n` cannot move now, as a locale key (`None`: no piece of `me`'s
/// there), from what `me` sees of the node. At one computer and online alike.
pub fn why_immobile(
    board: &bw_rules::junqi::Board,
    set: &PieceSet,
    seen: Option<bw_rules::junqi::view::SeenPiece>,
    me: usize,
    n: NodeId,
) -> Option<&'static str> {
    use bw_rules::junqi::pieces::Ability;
    let piece = seen.filter(|p| p.owner == me)?;
    let ability = piece.kind.map(|k| set.get(k).ability);
    Some(match ability {
        Some(Ability::Flag) => "junqi-why-flag",
        Some(Ability::Mine) => "junqi-why-mine",
        _ if board.kind(n) == bw_rules::junqi::NodeKind::Hq => "junqi-why-hq",
        _ => "junqi-why-blocked",
    })
}

/// Why a layout cannot march, in the player's words (at one computer and online alike).
pub fn layout_error(loc: &Locale, e: &bw_rules::junqi::setup::LayoutError) -> String {
    use bw_rules::junqi::setup::LayoutError as L;
    match e {
        L::NotInArm(n) => tr!(loc, "junqi-layout-not-in-arm", node = n),
        L::InCamp(n) => tr!(loc, "junqi-layout-in-camp", node = n),
        L::TwoPieces(n) => tr!(loc, "junqi-layout-two-pieces", node = n),
        L::FlagNotInHq(n) => tr!(loc, "junqi-layout-flag-not-in-hq", node = n),
        L::BombOnFront(n) => tr!(loc, "junqi-layout-bomb-on-front", node = n),
        L::WrongPieces => tr!(loc, "junqi-layout-wrong-pieces"),
        L::MinesNotBack { need, back } => {
            tr!(
                loc,
                "junqi-layout-mines-not-back",
                need = *need,
                back = *back
            )
        }
    }
}

/// Why the viewer's layout cannot be confirmed (`None`: it can).
pub fn layout_problem(table: &JunqiTable, game: &Junqi, loc: &Locale) -> Option<String> {
    let p = table.viewer?;
    deployment::problem(&table.layout, layouts::Army::of(game, p), loc)
}

/// The deployment and move clocks run down while their person acts; at zero they say so
/// ([`JunqiIntent::OutOfTime`]). While a clock runs the reactive window keeps ticking
/// ([`crate::app::KeepTicking`]), so the countdown moves.
fn tick_clock(
    time: Res<Time<Real>>,
    table: Option<ResMut<JunqiTable>>,
    state: Option<Res<State<JunqiScreen>>>,
    mut intents: MessageWriter<JunqiIntent>,
    mut ticking: MessageWriter<crate::app::KeepTicking>,
) {
    let running = |table: &Option<ResMut<JunqiTable>>| {
        table
            .as_ref()
            .is_some_and(|t| t.clock.is_some() && !t.paused)
            && state
                .as_ref()
                .is_some_and(|s| matches!(s.get(), JunqiScreen::Deploy | JunqiScreen::Playing))
    };
    if !running(&table) {
        return;
    }
    let Some(mut table) = table else { return };
    let t = &mut *table;
    let left = t.clock.unwrap_or(0.0) - time.delta_secs();
    t.clock = Some(left);
    // One frame more at zero, to carry the intention out.
    ticking.write(crate::app::KeepTicking);
    if left <= 0.0 {
        t.clock = None;
        intents.write(JunqiIntent::OutOfTime);
    }
}

/// A finished game's scores go to its players' profiles, once (the save remembers it).
fn score_finished_game(
    table: Option<ResMut<JunqiTable>>,
    game: Option<Res<JunqiMatch>>,
    saves: Res<Saves>,
) {
    let (Some(mut table), Some(game)) = (table, game) else {
        return;
    };
    let game = &game.0;
    if table.scored || !matches!(game.phase, Phase::Over(_)) {
        return;
    }
    let dir = &saves.0.dir;
    let mut profiles = match crate::saves::load_junqi_profiles(dir) {
        Ok(p) => p,
        Err(e) => {
            warn!(
                "{} is damaged, scores start again: {e}",
                crate::saves::JUNQI_PROFILES_FILE
            );
            Default::default()
        }
    };
    profiles.add_game(game);
    if let Err(e) = crate::saves::write_ron(&dir.join(crate::saves::JUNQI_PROFILES_FILE), &profiles)
    {
        warn!("the profiles could not be saved: {e}");
        return;
    }
    table.scored = true;
    table.profile_totals = profiles.totals;
    autosave(&table, game, &saves);
}

/// The level names of computers, for profiles and labels.
pub fn ai_id(kind: AiKind) -> &'static str {
    kind.id()
}
