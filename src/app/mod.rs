//! The game window: states for screens, one plugin per feature.
//!
//! | state | plugin |
//! |---|---|
//! | `MainMenu` | [`menu`] |
//! | `Settings` | [`settings`] |
//! | `Slots` | [`slots`] (save slots) |
//! | `NewGame` | [`newgame`] (new-game settings) |
//! | `InGame`, `GameOver` | [`game`] (board, palette, log, end screen) |

pub mod fonts;
pub mod game;
pub mod i18n;
pub mod menu;
pub mod newgame;
pub mod pig;
pub mod screenshot;
pub mod settings;
pub mod slots;
pub mod texture_pack;

use std::path::PathBuf;
use std::sync::Arc;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use bevy_egui::EguiPlugin;
use bw_rules::bracket::KindTable;
use bw_rules::bracket::ecs::{BracketRulesPlugin, Content};

use crate::saves::SaveDir;
use i18n::Lang;

/// The screens.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum AppState {
    /// The texture pack's images load, with a progress bar.
    #[default]
    Loading,
    MainMenu,
    Settings,
    Slots,
    NewGame,
    InGame,
    GameOver,
    /// Watching a saved game.
    Replay,
    /// 猪国杀: setting up a table.
    PigSetup,
    /// 猪国杀: watching a table.
    PigTable,
}

/// How the window starts.
#[derive(Clone, Debug, Default)]
pub struct AppOptions {
    pub saves: PathBuf,
    pub mods: Option<PathBuf>,
    pub lang: Option<Lang>,
    pub screenshot: Option<screenshot::Request>,
    /// A texture pack chosen on the command line.
    pub pack: Option<String>,
}

/// The save folder.
#[derive(Resource, Clone, Debug)]
pub struct Saves(pub SaveDir);

/// Builds the whole app (window, plugins, states); `run` it to play.
pub fn build(options: AppOptions, kinds: Arc<KindTable>) -> App {
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "括号大战 Bracket War".into(),
                    resolution: (1280, 800).into(),
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                file_path: texture_pack::assets_dir().to_string_lossy().into_owned(),
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
    app.add_plugins(EguiPlugin::default())
        .insert_resource(LaunchTime(std::time::Instant::now()))
        .add_systems(Startup, spawn_camera)
        .add_systems(
            OnEnter(AppState::MainMenu),
            log_launch_time.run_if(run_once),
        )
        .add_systems(
            PreUpdate,
            drop_unchanged_modifiers
                .after(bevy_egui::EguiPreUpdateSet::ProcessInput)
                .before(bevy_egui::EguiPreUpdateSet::BeginPass),
        );
    add_game(&mut app, options, kinds, true);
    app
}

/// Everything but the window: states, content, saves, settings and every screen's logic.
/// With `ui` false (tests), the drawing and input plugins are left out and the app starts
/// at the main menu.
pub fn add_game(app: &mut App, options: AppOptions, kinds: Arc<KindTable>, ui: bool) {
    app.insert_resource(Content(kinds))
        .insert_resource(Saves(SaveDir::new(&options.saves)))
        .init_state::<AppState>()
        .add_plugins((
            BracketRulesPlugin,
            settings::SettingsPlugin {
                lang: options.lang,
                pack: options.pack.clone(),
            },
            menu::MenuPlugin,
            slots::SlotsPlugin,
            newgame::NewGamePlugin,
            game::GamePlugin { ui },
            pig::PigPlugin { ui },
        ));
    if ui {
        app.add_plugins((fonts::FontsPlugin, texture_pack::TexturePackPlugin));
    } else {
        app.insert_state(AppState::MainMenu);
    }
    if let Some(req) = options.screenshot {
        app.add_plugins(screenshot::ScreenshotPlugin(req));
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

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
}

/// A full-window egui `Ui` to lay panels out in (egui 0.36 panels live inside a `Ui`).
pub fn root_ui(ctx: &bevy_egui::egui::Context) -> bevy_egui::egui::Ui {
    use bevy_egui::egui;
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
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

/// Opens the window for a command line without a tool subcommand: the game, or one screen
/// for `screenshot` (with a temporary save folder, never the player's).
pub fn run_window(cli: crate::tools::Cli) -> Result<(), crate::tools::Failure> {
    let lang = cli.lang.as_deref().and_then(Lang::parse);
    let options = match cli.command {
        Some(crate::tools::Command::Screenshot(args)) => {
            let dir =
                std::env::temp_dir().join(format!("bracket-war-screenshot-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            AppOptions {
                saves: dir,
                mods: cli.mods,
                lang: args.lang.as_deref().and_then(Lang::parse).or(lang),
                screenshot: Some(screenshot::Request {
                    screen: args.screen,
                    out: args.out,
                }),
                pack: args.pack,
            }
        }
        _ => AppOptions {
            saves: cli.saves.unwrap_or_else(|| PathBuf::from("saves")),
            mods: cli.mods,
            lang,
            screenshot: None,
            pack: None,
        },
    };
    let temporary = options.screenshot.is_some().then(|| options.saves.clone());
    let kinds = Arc::new(crate::tools::content::load_kinds(options.mods.as_deref()));
    let exit = build(options, kinds).run();
    if let Some(dir) = temporary {
        let _ = std::fs::remove_dir_all(dir);
    }
    match exit {
        AppExit::Success => Ok(()),
        AppExit::Error(code) => Err(crate::tools::Failure {
            code: code.get(),
            message: "the window closed with an error".into(),
        }),
    }
}
