//! The 括号大战 window. For now: a board (generated from a seed, or loaded from a board file)
//! as entities, resolved by the rules' schedule and drawn with sprites; Space (or a click)
//! lets the current player make a random legal move, so resolutions can be watched.

mod view;

use std::path::{Path, PathBuf};
use std::sync::Arc;

use bevy::prelude::*;
use bevy::winit::{UpdateMode, WinitSettings};
use bw_rules::bracket::ecs::{self as rules, BracketRulesPlugin, Content, GameSetup, Turn};
use bw_rules::bracket::game::{Settings, TurnState};
use bw_rules::bracket::generate::BoardSettings;
use bw_rules::bracket::text::parse_board;

use crate::cli::Failure;

#[derive(clap::Args, Debug, Default, Clone)]
pub struct WindowArgs {
    /// Open this board file (the `bracket resolve` format) instead of a generated board.
    #[arg(long, value_name = "FILE")]
    pub board: Option<PathBuf>,
    /// Seed of the generated board.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Save a screenshot of the window to this PNG file, then exit.
    #[arg(long, value_name = "FILE.png")]
    pub screenshot: Option<PathBuf>,
    /// Random moves to make before showing the board.
    #[arg(long, default_value_t = 0)]
    pub moves: u32,
}

impl WindowArgs {
    /// Whether any window option was given.
    pub fn is_set(&self) -> bool {
        self.board.is_some() || self.seed != 1 || self.screenshot.is_some() || self.moves != 0
    }
}

/// What the window starts with.
#[derive(Resource, Clone)]
enum StartBoard {
    Generated(Settings, u64),
    Loaded(bw_rules::bracket::Board),
}

pub fn run_window(args: WindowArgs, mods: Option<&Path>) -> Result<(), Failure> {
    let kinds = Arc::new(crate::content::load_kinds(mods));
    let start = match &args.board {
        Some(file) => {
            let text = std::fs::read_to_string(file)
                .map_err(|e| Failure::bad_input(format!("{}: cannot read: {e}", file.display())))?;
            let board = parse_board(&text, &kinds)
                .map_err(|e| Failure::bad_input(format!("{}: {e}", file.display())))?;
            StartBoard::Loaded(board)
        }
        None => StartBoard::Generated(Settings::default(), args.seed),
    };
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "括号大战 Bracket War".into(),
            resolution: (1280, 800).into(),
            ..default()
        }),
        ..default()
    }));
    let continuous = args.screenshot.is_some();
    app.insert_resource(if continuous {
        WinitSettings {
            focused_mode: UpdateMode::Continuous,
            unfocused_mode: UpdateMode::Continuous,
        }
    } else {
        WinitSettings::desktop_app()
    });
    app.insert_resource(Content(kinds))
        .insert_resource(start)
        .insert_resource(DemoMoves {
            pending: args.moves,
            rng: bw_rules::rng::SplitMix64::new(args.seed ^ 0x5eed),
        })
        .add_plugins(BracketRulesPlugin)
        .add_plugins(view::BoardViewPlugin)
        .add_systems(Startup, start_board);
    if let Some(path) = args.screenshot {
        app.add_plugins(view::ScreenshotPlugin { path });
    }
    app.run();
    Ok(())
}

/// Random legal moves still to make (from `--moves`, or one per Space press).
#[derive(Resource)]
pub struct DemoMoves {
    pub pending: u32,
    pub rng: bw_rules::rng::SplitMix64,
}

fn start_board(world: &mut World) {
    let start = world.resource::<StartBoard>().clone();
    match start {
        StartBoard::Generated(settings, seed) => rules::start_game(world, settings, seed),
        StartBoard::Loaded(board) => {
            let settings = Settings {
                board: BoardSettings {
                    side: board.side(),
                    players: board.seats().count() as u8,
                    ..default()
                },
                ..default()
            };
            rules::spawn_board(world, &board);
            world.insert_resource(Turn(TurnState::new(settings.board.players)));
            world.insert_resource(GameSetup { settings, seed: 0 });
            rules::resolve_world(world);
        }
    }
}
