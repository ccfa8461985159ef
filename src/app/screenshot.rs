//! `bracket-war screenshot`: opens the real window on one screen, waits until it is drawn,
//! saves a PNG and exits. The smoke test and the README's pictures use it.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, save_to_disk};
use bw_players::junqi::{Ai, AiKind, Seat, Style};
use bw_rules::bracket::KindTable;
use bw_rules::bracket::ecs::{BracketBoard, BracketContent, BracketSetup, BracketTurn};
use bw_rules::bracket::game::{Action, Game, Mode, Settings, legal_placements};
use bw_rules::bracket::generate::BoardSettings;
use bw_rules::junqi::Rules;
use bw_rules::junqi::game::Phase as JunqiPhase;

use super::bracket::{BracketDraft, BracketMode, BracketPlay, StartBracketGame};
use super::junqi::{JunqiDraft, JunqiPieces, JunqiTable, StartJunqi, new_table, open_match, route};
use super::online::{Online, OnlineIntent};
use super::state::{BracketScreen, JunqiScreen, OnlineScreen, PigScreen, Screen};
use crate::saves::{SaveData, SaveDir, SavedAction};
use bw_rules::junqi::Junqi;

mod online;
use online::{ShotClients, ShotServer, drive_online_bracket, drive_online_room};

/// The screens the fixed `screenshot` command can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shot {
    Menu,
    Slots,
    /// The new-game settings (the original's "settings screen").
    Settings,
    Game,
    /// 星号大战: a seeded game some stars in (its palette: stars only, no attacks shown).
    StarGame,
    End,
    /// 括号大战: the end's game replayed to its last move.
    Replay,
    /// 猪国杀: a seeded table in the middle of a game, with the event log.
    Pig,
    JunqiSetup,
    JunqiDeploy,
    JunqiGame,
    JunqiHandover,
    JunqiEnd,
    Online,
    OnlineRoom,
    OnlineBracket,
}

#[derive(Clone, Debug)]
pub struct Request {
    pub screen: Shot,
    pub out: PathBuf,
}

#[derive(Resource)]
struct ShotState {
    request: Request,
    frames: u32,
    taken: bool,
    arrived: bool,
    /// Frames since start, to give up on a screen that never comes.
    waited: u32,
    /// Frames on the requested screen before the picture is taken.
    settle: u32,
}

pub struct ScreenshotPlugin(pub Request);

impl Plugin for ScreenshotPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(ShotState {
            request: self.0.clone(),
            frames: 0,
            // Frames on the screen before the picture: the first ones can be black under
            // software Vulkan, and text and egui need a few more. The layout tour of the
            // tests, which needs no finished picture, asks for fewer.
            settle: std::env::var("BRACKET_WAR_SHOT_FRAMES")
                .ok()
                .and_then(|v| v.parse().ok())
                .unwrap_or(45),
            taken: false,
            arrived: false,
            waited: 0,
        })
        .add_systems(OnEnter(Screen::Menu), go_to_screen.run_if(run_once))
        .add_systems(OnEnter(BracketScreen::Playing), aim_a_piece)
        .add_systems(Update, (drive_online_room, drive_online_bracket))
        .add_systems(Last, take_screenshot);
    }
}

/// A demo game: seeded, with mirrors and glass, each move placing the kind used least so
/// far, so every piece kind is on the board.
pub fn demo_game(kinds: &KindTable, moves: usize, turn_limit: Option<u32>) -> Game {
    demo_game_in(Mode::Classic, kinds, moves, turn_limit)
}

/// [`demo_game`] in either mode (星号大战: stars only).
pub fn demo_game_in(mode: Mode, kinds: &KindTable, moves: usize, turn_limit: Option<u32>) -> Game {
    let settings = Settings {
        board: BoardSettings {
            side: 10,
            players: 2,
            mirror_density: 0.12,
            glass_density: 0.06,
        },
        mode,
        star_no_adjacent: false,
        turn_limit,
    };
    let mut game = Game::new(settings, 20261129);
    let mut used = vec![0usize; kinds.len()];
    let mut rng = bw_rules::rng::SplitMix64::new(7);
    for _ in 0..moves {
        if game.turn.is_over() {
            break;
        }
        let legal = legal_placements(&game.settings, &game.board, kinds, game.turn.current);
        let Some(least) = legal
            .iter()
            .filter_map(|a| match a {
                Action::Place { kind, .. } => Some(used[kind.0 as usize]),
                _ => None,
            })
            .min()
        else {
            game.act(kinds, Action::Pass)
                .expect("pass without a placement");
            continue;
        };
        let pool: Vec<Action> = legal
            .into_iter()
            .filter(|a| matches!(a, Action::Place { kind, .. } if used[kind.0 as usize] == least))
            .collect();
        let a = pool[rng.below(pool.len() as u64) as usize];
        if let Action::Place { kind, .. } = a {
            used[kind.0 as usize] += 1;
        }
        game.act(kinds, a).expect("legal");
    }
    game
}

/// The save of a game played here, every seat a person.
pub fn save_of(game: &Game, kinds: &KindTable) -> SaveData {
    let mut save = SaveData::new(
        game.settings.clone(),
        game.seed,
        vec![bw_players::bracket::Seat::Person; game.settings.board.players as usize],
        true,
    );
    save.actions = game
        .actions
        .iter()
        .map(|a| SavedAction::of(a, kinds))
        .collect();
    save
}

fn go_to_screen(
    mut commands: Commands,
    shot: Res<ShotState>,
    content: Res<BracketContent>,
    saves: Res<super::Saves>,
    mut screen: ResMut<NextState<Screen>>,
    mut bracket: ResMut<NextState<BracketScreen>>,
    mut pig: ResMut<NextState<PigScreen>>,
    mut junqi: ResMut<NextState<JunqiScreen>>,
    pieces: Res<JunqiPieces>,
    mut start_junqi: MessageWriter<StartJunqi>,
    mut start: MessageWriter<StartBracketGame>,
    mut mode: ResMut<BracketMode>,
    mut online_intents: MessageWriter<OnlineIntent>,
) {
    let kinds = &content.0;
    let dir: &SaveDir = &saves.0;
    match shot.request.screen {
        Shot::Menu => {}
        // The original's "settings screen" is the new-game settings (columns, `启动！`).
        Shot::Settings => {
            let mut draft = BracketDraft::new(0, false);
            draft.seed_text = "20261129".into();
            commands.insert_resource(draft);
            screen.set(Screen::Bracket);
            bracket.set(BracketScreen::NewGame);
        }
        Shot::Slots => {
            mode.star_war = false;
            for (slot, moves) in [(0, 24), (1, 6), (3, 40)] {
                let _ = dir.store(slot, &save_of(&demo_game(kinds, moves, None), kinds));
            }
            let _ = std::fs::create_dir_all(&dir.dir);
            let _ = std::fs::write(
                dir.path::<SaveData>(2),
                "// checksum 0000000000000000\n(version: 2, trunc",
            );
            screen.set(Screen::Bracket);
            bracket.set(BracketScreen::Slots);
        }
        Shot::StarGame => {
            let game = demo_game_in(Mode::StarWar, kinds, 16, None);
            let _ = dir.store(0, &save_of(&game, kinds));
            screen.set(Screen::Bracket);
            start.write(StartBracketGame::Load { slot: 0 });
        }
        Shot::Game => {
            let _ = dir.store(0, &save_of(&demo_game(kinds, 30, None), kinds));
            screen.set(Screen::Bracket);
            start.write(StartBracketGame::Load { slot: 0 });
        }
        Shot::End => {
            let _ = dir.store(0, &save_of(&demo_game(kinds, 200, Some(6)), kinds));
            screen.set(Screen::Bracket);
            start.write(StartBracketGame::Load { slot: 0 });
        }
        Shot::Replay => {
            let save = save_of(&demo_game(kinds, 200, Some(6)), kinds);
            let mut replay = super::bracket::replay::BracketReplay::new(save, kinds);
            replay.shown = replay.moves.len();
            replay.playing = false;
            commands.insert_resource(replay);
            screen.set(Screen::Bracket);
            bracket.set(BracketScreen::Replay);
        }
        Shot::Pig => {
            let setup = bw_rules::pig::setup::PigSetup {
                roles: vec![
                    bw_rules::pig::Role::MP,
                    bw_rules::pig::Role::ZP,
                    bw_rules::pig::Role::FP,
                    bw_rules::pig::Role::FP,
                    bw_rules::pig::Role::ZP,
                    bw_rules::pig::Role::FP,
                ],
                seed: 20261129,
                ..Default::default()
            };
            let mut game = super::pig::PigGame::simulate(setup.deal().expect("a valid setup"));
            let middle = game.events.len() * 2 / 5;
            game.show(middle);
            commands.insert_resource(game);
            screen.set(Screen::Pig);
            pig.set(PigScreen::Table);
        }
        Shot::JunqiSetup => {
            let mut draft = JunqiDraft::new(0);
            draft.seed_text = "20261129".into();
            commands.insert_resource(draft);
            screen.set(Screen::Junqi);
            junqi.set(JunqiScreen::NewGame);
        }
        Shot::JunqiDeploy => {
            start_junqi.write(junqi_demo_start(vec![
                Seat::Person,
                Seat::Computer(AiKind::Heuristic),
                Seat::Computer(AiKind::Heuristic),
                Seat::Computer(AiKind::Heuristic),
            ]));
        }
        Shot::JunqiHandover => {
            start_junqi.write(junqi_demo_start(vec![
                Seat::Person,
                Seat::Person,
                Seat::Computer(AiKind::Heuristic),
                Seat::Computer(AiKind::Heuristic),
            ]));
        }
        Shot::Online | Shot::OnlineRoom | Shot::OnlineBracket => {
            // A server of its own on a free port, in the temporary save folder.
            // Fixed seeds: the same boards and the same computer moves in every picture.
            let config = bw_server::server::Config {
                fixed_seeds: Some(20261129),
                ..bw_server::server::Config::new(dir.dir.join("server"))
            };
            let Ok(server) = bw_server::server::spawn("127.0.0.1:0", config) else {
                error!("the picture's server did not start");
                return;
            };
            let url = format!("ws://{}", server.addr);
            if shot.request.screen == Shot::Online {
                // Two rooms for the list: people waiting in them.
                let mut keep = Vec::new();
                for (name, options) in [
                    (
                        "小明",
                        bw_server::loadtest::room_options(bw_online::protocol::GameKind::Junqi, 4),
                    ),
                    (
                        "Ada",
                        bw_server::loadtest::room_options(
                            bw_online::protocol::GameKind::Bracket,
                            2,
                        ),
                    ),
                ] {
                    if let Ok(mut c) = bw_server::client::Client::join(&url, name, None) {
                        let _ = c.send(&bw_online::protocol::ClientMsg::CreateRoom { options });
                        let _ = c.recv(std::time::Duration::from_secs(2));
                        keep.push(c);
                    }
                }
                commands.insert_resource(ShotClients(keep));
            }
            commands.insert_resource(ShotServer(url.clone()));
            online_intents.write(OnlineIntent::Connect {
                url,
                name: "甲".into(),
                session: false,
                then: None,
            });
            screen.set(Screen::Online);
        }
        Shot::JunqiGame | Shot::JunqiEnd => {
            let (mut table, game) = junqi_demo_game(&pieces, shot.request.screen == Shot::JunqiEnd);
            let state = route(&mut table, &game);
            if state == JunqiScreen::Playing {
                // S to move: a piece selected with its destinations lit, a path hovered
                // (the longest railway run it has).
                let moves = table.legal_moves(&game);
                let b = &game.board;
                let far = moves.iter().max_by_key(|(f, t)| {
                    let (a, c) = (b.node(*f), b.node(*t));
                    ((a.x - c.x).abs() + (a.y - c.y).abs()) as i64
                });
                if let Some(&(from, to)) = far {
                    table.selected = Some(from);
                    table.hovered = Some(to);
                }
            }
            open_match(&mut commands, table, game);
            screen.set(Screen::Junqi);
            junqi.set(state);
        }
    }
}

fn take_screenshot(
    mut commands: Commands,
    mut shot: ResMut<ShotState>,
    screen: Res<State<Screen>>,
    bracket: Option<Res<State<BracketScreen>>>,
    pig: Option<Res<State<PigScreen>>>,
    junqi: Option<Res<State<JunqiScreen>>>,
    online_screen: Option<Res<State<OnlineScreen>>>,
    online: Option<Res<Online>>,
    mut time: ResMut<Time<Virtual>>,
    mut exit: MessageWriter<AppExit>,
) {
    let online_screen = online_screen.map(|s| *s.get());
    let bracket = bracket.map(|s| *s.get());
    let pig = pig.map(|s| *s.get());
    let junqi = junqi.map(|s| *s.get());
    let arrived = match shot.request.screen {
        Shot::Menu => *screen.get() == Screen::Menu,
        Shot::Slots => bracket == Some(BracketScreen::Slots),
        Shot::Settings => bracket == Some(BracketScreen::NewGame),
        Shot::Game | Shot::StarGame => bracket == Some(BracketScreen::Playing),
        Shot::End => bracket == Some(BracketScreen::GameOver),
        Shot::Replay => bracket == Some(BracketScreen::Replay),
        Shot::Pig => pig == Some(PigScreen::Table),
        Shot::JunqiSetup => junqi == Some(JunqiScreen::NewGame),
        Shot::JunqiDeploy => junqi == Some(JunqiScreen::Deploy),
        Shot::JunqiGame => junqi == Some(JunqiScreen::Playing),
        Shot::JunqiHandover => junqi == Some(JunqiScreen::Handover),
        Shot::JunqiEnd => junqi == Some(JunqiScreen::GameOver),
        Shot::Online => {
            online_screen == Some(OnlineScreen::Lobby)
                && online.as_ref().is_some_and(|o| o.lobby.len() >= 2)
        }
        // On the person's turn: the computer waits for it, so the picture is the same
        // every time.
        Shot::OnlineRoom => online.as_ref().is_some_and(|o| {
            matches!(&o.view, Some(bw_online::protocol::GameView::Junqi(v))
                if v.events.len() + v.first_event > 12 && v.view.turn == v.view.me
                    && !v.observer)
        }),
        Shot::OnlineBracket => {
            online_screen == Some(OnlineScreen::BracketBoard)
                && online.as_ref().is_some_and(|o| {
                    matches!(&o.view, Some(bw_online::protocol::GameView::Bracket(v))
                        if v.actions >= 8 && Some(v.turn.current) == o.my_seat().map(|s| s + 1))
                })
        }
    };
    shot.waited += 1;
    if shot.waited > 20_000 {
        error!("the {:?} screen never came", shot.request.screen);
        exit.write(AppExit::error());
        return;
    }
    // The deployment clock stands still for its picture (it would show another second on
    // a busier machine).
    if arrived && shot.request.screen == Shot::JunqiDeploy {
        time.pause();
    }
    shot.arrived |= arrived;
    if !shot.arrived {
        return;
    }
    // Count frames from the requested screen on: the first frames can be black under
    // software Vulkan, and text and egui need a few more.
    shot.frames += 1;
    if shot.frames == shot.settle && !shot.taken {
        shot.taken = true;
        let _ = std::fs::remove_file(&shot.request.out);
        commands
            .spawn(Screenshot::primary_window())
            .observe(save_to_disk(shot.request.out.clone()));
    }
    if shot.taken && shot.request.out.exists() && shot.frames > shot.settle + 15 {
        exit.write(AppExit::Success);
    }
}

/// On the game screen, aim an angle bracket at a legal cell so the picture shows the
/// placement preview (ghost, beam, newly covered cells) and the attack overlay.
fn aim_a_piece(
    mut ui: ResMut<BracketPlay>,
    content: Res<BracketContent>,
    snapshot: Res<BracketBoard>,
    setup: Res<BracketSetup>,
    turn: Res<BracketTurn>,
) {
    let kinds = &content.0;
    let angle = kinds.by_glyph('>');
    let legal = legal_placements(&setup.settings, &snapshot.board, kinds, turn.0.current);
    let aim = legal.iter().rev().find_map(|a| match *a {
        Action::Place { at, kind, facing } if Some(kind) == angle => Some((at, kind, facing)),
        _ => None,
    });
    if let Some((at, kind, facing)) = aim {
        ui.kind = Some(kind);
        ui.cursor = Some(at);
        ui.facing = facing.unwrap_or(bw_rules::bracket::Dir::R);
        ui.show_beams = true;
    }
}

/// A seeded 4-player 标准 game for the 军棋 screenshots.
fn junqi_demo_start(seats: Vec<Seat>) -> StartJunqi {
    StartJunqi::New {
        slot: 0,
        rules: Rules::default(),
        profiles: seats
            .iter()
            .enumerate()
            .map(|(p, s)| match s {
                Seat::Person => ["甲", "乙", "丙", "丁"][p].to_string(),
                Seat::Computer(k) => k.id().to_string(),
                Seat::Engine => "engine".to_string(),
            })
            .collect(),
        seats,
        seed: 20261129,
        timers: crate::saves::JunqiTimers::default(),
    }
}

/// The seeded game played by computers: to the middle (S to move), or to its end.
/// A 军棋 position for a screenshot, played out by computers (as a saved game is replayed
/// before it opens).
fn junqi_demo_game(pieces: &JunqiPieces, to_the_end: bool) -> (JunqiTable, Junqi) {
    let seats = vec![
        Seat::Person,
        Seat::Computer(AiKind::Heuristic),
        Seat::Computer(AiKind::Heuristic),
        Seat::Computer(AiKind::Heuristic),
    ];
    let profiles = vec![
        "甲".into(),
        "heuristic".into(),
        "heuristic".into(),
        "heuristic".into(),
    ];
    let (table, mut game) = new_table(
        Rules::default(),
        pieces.0.clone(),
        seats,
        profiles,
        20261129,
        0,
        crate::saves::JunqiTimers::default(),
    )
    .expect("a valid demo game");
    // The computers confirm first (as in the window), then the person.
    for p in [1, 2, 3, 0] {
        let layout = game.auto_layout(p, table.seed);
        game.deploy(p, &layout)
            .expect("the automatic layout is legal");
    }
    let mut ais: Vec<Ai> = (0..4)
        .map(|p| Ai::new(Style::Heuristic, 7 + p as u64))
        .collect();
    let stop = |g: &bw_rules::junqi::Junqi| {
        if to_the_end {
            g.phase != JunqiPhase::Playing || g.plies >= 2000
        } else {
            g.phase != JunqiPhase::Playing || (g.plies >= 41 && g.turn == 0)
        }
    };
    while !stop(&game) {
        let me = game.turn;
        let view = bw_rules::junqi::PlayerView::position(&game, me);
        let action = ais[me].choose(&game.board, &game.set, &view);
        if game.act(action).is_err() {
            let _ = game.act(bw_rules::junqi::Action::Timeout);
        }
    }
    if to_the_end && game.phase == JunqiPhase::Playing {
        let _ = game.act(bw_rules::junqi::Action::Resign { player: 0 });
    }
    (table, game)
}
