//! The game window. It reads like its screens: one plugin per screen or game, a top-level
//! [`state::Screen`] with a sub-state per game, and a [`theme`] every screen draws with.
//!
//! | folder / module | what |
//! |---|---|
//! | [`state`] | `Screen`, `BracketScreen`, `PigScreen`, `JunqiScreen`, `OnlineScreen`, computed states |
//! | [`settings`] | the user's settings (`settings.ron`), read by every screen |
//! | [`screens`] | the shared screens: main menu, settings, rules, and what every slot screen shares |
//! | [`thinking`] | the one way a computer thinks: work on the task pool, collected when ready |
//! | [`bracket`] | 括号大战 / 星号大战: slots, new game, board, panels, replay, computers |
//! | [`pig`] | 猪国杀: setup and slots, the table, a seat for a person |
//! | [`junqi`] | 军棋: slots, new game, deployment, hand-over, the board, the end |
//! | [`online`] | 联机: the connection to a game server, the lobby and the rooms |
//! | [`theme`] | palette, seat colours, widgets |
//! | [`audio`] | sound effects (asked for by message) and each game's music |
//! | [`i18n`] | Fluent locales (`assets/locales/<code>/*.ftl`) |
//! | [`texture_pack`], [`fonts`] | the pack's images and the CJK font |
//! | [`screenshot`] | the fixed `screenshot` command's screens |
//! | [`ui_map`] | the layout guard, and the UI map the real-window tests read |
//!
//! How data flows (see `docs/architecture.md`): a game starts by a `Start*` message
//! (`StartBracketGame`, `StartJunqi`, `StartPig`) read by one system; input systems turn the
//! mouse and keyboard into move messages (`BracketMove`, `JunqiIntent`, `OnlineIntent`, an
//! answer to the 猪国杀 seat); computers think on the task pool ([`thinking`]); one system
//! per game hands the moves to the rules crate, which changes the game's state; drawing
//! systems and egui panels read it back every frame.

pub mod audio;
pub mod bracket;
pub mod fonts;
pub mod i18n;
pub mod junqi;
pub mod online;
pub mod pig;
pub mod screens;
pub mod screenshot;
pub mod settings;
pub mod state;
pub mod texture_pack;
pub mod theme;
pub mod thinking;
pub mod ui_map;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::EguiPlugin;
use bw_rules::bracket::KindTable;
use bw_rules::bracket::ecs::{BracketContent, BracketRulesPlugin};

use crate::saves::SaveDir;
pub use state::{BracketScreen, JunqiScreen, OnlineScreen, PigScreen, Screen};

/// How the window starts.
#[derive(Clone, Debug, Default)]
pub struct AppOptions {
    pub saves: PathBuf,
    /// An extra folder of mod files.
    pub mods: Option<PathBuf>,
    /// A locale folder name (`zh-CN`, `en`, …), already checked by the command line.
    pub lang: Option<String>,
    pub screenshot: Option<screenshot::Request>,
    /// A texture pack chosen on the command line.
    pub pack: Option<String>,
    /// The assets folder (packs, fonts, locales); `None`: found beside the program.
    pub assets: Option<PathBuf>,
    /// Tests that drive the window: where it writes what it shows ([`ui_map`]).
    pub ui_map: Option<PathBuf>,
    /// The window's size in logical pixels (default 1280x800); tests set it with
    /// `BRACKET_WAR_WINDOW_SIZE=WxH` to check the layout of smaller windows.
    pub window_size: Option<(u32, u32)>,
}

/// The save folder.
#[derive(Resource, Clone, Debug)]
pub struct Saves(pub SaveDir);

/// The assets folder in use.
#[derive(Resource, Clone, Debug)]
pub struct AssetsDir(pub PathBuf);

/// Builds the whole app (window, plugins, states); `run` it to play.
pub fn build(options: AppOptions, kinds: Arc<KindTable>) -> App {
    let mut app = App::new();
    let assets = options.assets.clone().unwrap_or_else(default_assets_dir);
    let mut plugins = DefaultPlugins.build();
    if !audio::output_available() {
        info!("no sound card: the game runs without sound");
        plugins = plugins.disable::<bevy::audio::AudioPlugin>();
    }
    app.add_plugins(
        plugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "括号大战 Bracket War".into(),
                    resolution: options.window_size.unwrap_or((1280, 800)).into(),
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                file_path: assets.to_string_lossy().into_owned(),
                ..default()
            }),
    );
    // Reactive: the window only redraws on input or when something changes.
    app.insert_resource(WinitSettings::desktop_app());
    if options.screenshot.is_some() {
        app.insert_resource(WinitSettings {
            focused_mode: UpdateMode::Continuous,
            unfocused_mode: UpdateMode::Continuous,
        });
    }
    app.add_plugins(ui_map::plugin(options.ui_map.clone()));
    app.add_plugins(EguiPlugin::default())
        .insert_resource(LaunchTime(std::time::Instant::now()))
        .add_systems(Startup, spawn_camera)
        .add_systems(OnEnter(Screen::Menu), log_launch_time.run_if(run_once))
        .add_systems(Last, draw_first_frames)
        .add_systems(
            PreUpdate,
            (drop_unchanged_modifiers, egui_real_time)
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
    add_game(
        &mut app,
        AppOptions {
            assets: Some(assets),
            ..options
        },
        kinds,
        true,
    );
    app
}

/// The assets folder beside the program (or in a `cargo run` tree, or the working folder).
pub fn default_assets_dir() -> PathBuf {
    bw_files::assets_dir().unwrap_or_else(|e| {
        warn!("{e}");
        PathBuf::from("assets")
    })
}

/// Everything but the window: states, content, saves, settings, text and every game's
/// logic plugin. With `ui` (a window), every game's UI plugin too (drawing, pointer, egui
/// screens); without (headless tests), the app starts at the main menu.
pub fn add_game(app: &mut App, options: AppOptions, kinds: Arc<KindTable>, ui: bool) {
    let assets = options.assets.clone().unwrap_or_else(default_assets_dir);
    app.insert_resource(BracketContent(kinds))
        .insert_resource(Saves(SaveDir::new(&options.saves)))
        .insert_resource(AssetsDir(assets))
        .init_resource::<ModsReport>()
        .init_resource::<theme::SeatColors>()
        .init_resource::<theme::JunqiBoardColor>()
        // Playing, replays and computer turns wake the reactive window (also headless).
        .add_message::<bevy::window::RequestRedraw>()
        .add_message::<KeepTicking>()
        .add_systems(Last, keep_ticking)
        .add_plugins(state::plugin)
        .add_plugins(audio::plugin)
        .add_plugins(BracketRulesPlugin)
        .add_plugins(screens::plugin(options.lang.clone(), options.pack.clone()))
        .add_plugins((bracket::plugin, pig::plugin, junqi::plugin, online::plugin));
    if ui {
        app.add_plugins((
            audio::ui_plugin,
            bracket::ui_plugin,
            pig::ui_plugin,
            junqi::ui_plugin,
            online::ui_plugin,
        ))
        .add_plugins((fonts::FontsPlugin, texture_pack::TexturePackPlugin));
    } else {
        app.insert_state(Screen::Menu);
    }
    if let Some(req) = options.screenshot {
        app.add_plugins(screenshot::ScreenshotPlugin(req));
    }
}

/// A visible clock is running: while any system says so, the reactive window wakes once a
/// second (a clock shows whole seconds), and sleeps until input again once none does.
///
/// The wake-up period is the same for every clock on purpose: Bevy redraws at once
/// whenever the update mode changes, so a period that changed every frame would redraw
/// without pause.
#[derive(Message, Clone, Copy, Debug, Default)]
pub struct KeepTicking;

/// How often a running clock wakes the window.
pub const CLOCK_TICK: std::time::Duration = std::time::Duration::from_secs(1);

fn keep_ticking(
    mut ticking: MessageReader<KeepTicking>,
    winit: Option<ResMut<bevy::winit::WinitSettings>>,
) {
    let wanted_ticks = ticking.read().count() > 0;
    let Some(mut w) = winit else { return };
    if w.focused_mode == UpdateMode::Continuous {
        return; // screenshots run continuously
    }
    let wanted = if wanted_ticks {
        let tick = UpdateMode::reactive(CLOCK_TICK);
        WinitSettings {
            focused_mode: tick,
            unfocused_mode: tick,
        }
    } else {
        WinitSettings::desktop_app()
    };
    if (w.focused_mode, w.unfocused_mode) != (wanted.focused_mode, wanted.unfocused_mode) {
        *w = wanted;
    }
}

/// When the process started building the app (for the launch-to-menu figure).
#[derive(Resource)]
struct LaunchTime(std::time::Instant);

fn log_launch_time(launch: Res<LaunchTime>) {
    info!(
        "main menu reached {} ms after launch",
        launch.0.elapsed().as_millis()
    );
}

/// How long after launch the window draws without input. A window that opens without
/// focus (no window manager, or one that keeps a new window from taking focus) sleeps in
/// the unfocused reactive mode until input comes, and the frames it drew before it was
/// shown are lost: it stays black until the pointer crosses it.
const FIRST_FRAMES: std::time::Duration = std::time::Duration::from_secs(3);

fn draw_first_frames(
    launch: Res<LaunchTime>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if launch.0.elapsed() < FIRST_FRAMES {
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// The one camera. No multisampling: egui smooths its own edges and the board's sprites
/// are axis-aligned, while four samples a pixel made every frame cost several times more
/// where the GPU is emulated (Mesa's llvmpipe), as under Xvfb.
fn spawn_camera(mut commands: Commands) {
    commands.spawn((Camera2d, Msaa::Off));
}

/// bevy_egui 0.42 sends egui a `ModifiersChanged` event every frame, so egui always asks
/// for another frame and the reactive window never idles. Keep the event only when the
/// modifiers really changed.
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut last: Local<Option<bevy_egui::egui::Modifiers>>,
) {
    use bevy_egui::egui::Event;
    for mut input in &mut inputs {
        let previous = *last;
        input.0.events.retain(|e| match e {
            Event::ModifiersChanged(m) => {
                let changed = previous != Some(*m);
                *last = Some(*m);
                changed
            }
            _ => true,
        });
    }
}

/// egui times a press from the frame it arrives in to the frame of its release, and drops
/// one it thinks was held past its click time (0.8 s). bevy_egui gives egui Bevy's frame
/// time, which with pipelined rendering is the instant the *previous* frame finished
/// drawing: in the reactive window, a press after the pointer rested 1 s was dated before
/// the rest, so the click was lost (bevy_egui issue #352). egui gets the wall clock of the
/// frame that reads the input instead.
fn egui_real_time(
    mut inputs: Query<&mut bevy_egui::EguiInput>,
    mut start: Local<Option<std::time::Instant>>,
) {
    let start = *start.get_or_insert_with(std::time::Instant::now);
    let now = start.elapsed().as_secs_f64();
    for mut input in &mut inputs {
        input.0.time = Some(now);
    }
}

/// What loading the content said about mods, for the settings screen: the kinds mods added
/// and the files refused, each with why (file, line, field, reason).
#[derive(Resource, Clone, Debug, Default)]
pub struct ModsReport {
    pub loaded: Vec<ModKind>,
    pub refused: Vec<String>,
}

/// One kind a mod added.
#[derive(Clone, Debug)]
pub struct ModKind {
    pub id: String,
    pub glyph: char,
    pub name: bw_rules::bracket::content::Names,
    pub file: PathBuf,
    /// The picture the mod names, if any.
    pub image: Option<PathBuf>,
    /// Why that picture could not be used (the kind is then drawn from its glyph).
    pub image_problem: Option<String>,
}

/// Loads the piece kinds (built-ins, `content/mods`, the extra folder); refused mod files
/// are logged and skipped, and the game starts with the rest. Also what the settings
/// screen says about the mods.
pub fn load_kinds(extra_mods: Option<&Path>) -> (KindTable, ModsReport) {
    let dir = bw_files::content_dir().unwrap_or_else(|e| {
        warn!("{e}; using the built-in piece kinds");
        PathBuf::new()
    });
    let extra: Vec<PathBuf> = extra_mods.map(Path::to_path_buf).into_iter().collect();
    let report = KindTable::load(&dir, &extra);
    for e in &report.errors {
        warn!("content file refused: {e}");
        eprintln!("warning: content file refused: {e}");
    }
    let base = dir.join("bracket").join("pieces.ron");
    let builtin = Path::new(bw_rules::bracket::content::BUILTIN_PIECES_PATH);
    let mods = ModsReport {
        loaded: report
            .table
            .iter()
            .filter(|(_, k)| k.source != base && k.source != builtin)
            .map(|(_, k)| ModKind {
                id: k.id.clone(),
                glyph: k.glyph,
                name: k.name.clone(),
                file: k.source.clone(),
                image: k.image.clone(),
                image_problem: None,
            })
            .collect(),
        refused: report.errors.iter().map(|e| e.to_string()).collect(),
    };
    (report.table, mods)
}

/// Opens the window and runs it until it closes. A screenshot run uses a temporary save
/// folder (removed afterwards), never the player's.
pub fn run(mut options: AppOptions) -> AppExit {
    let temporary = options.screenshot.is_some().then(|| {
        tempfile::Builder::new()
            .prefix("bracket-war-screenshot-")
            .tempdir()
            .expect("a temporary folder")
    });
    if let Some(dir) = &temporary {
        options.saves = dir.path().to_path_buf();
    }
    if let Some(file) = std::env::var_os(ui_map::UI_MAP_ENV) {
        options.ui_map = Some(PathBuf::from(file));
    }
    if let Ok(size) = std::env::var("BRACKET_WAR_WINDOW_SIZE")
        && let Some((w, h)) = size.split_once('x')
        && let (Ok(w), Ok(h)) = (w.parse(), h.parse())
    {
        options.window_size = Some((w, h));
    }
    let (kinds, mods) = load_kinds(options.mods.as_deref());
    let mut app = build(options, Arc::new(kinds));
    app.insert_resource(mods);
    app.run()
}
