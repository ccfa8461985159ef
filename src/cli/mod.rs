//! The command line. Subcommands whose output checks outside the repo read are fixed: keep
//! their names, arguments and output exactly as documented in the README.

mod bracket;
mod junqi;
mod pig;
mod screenshot;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(name = "bracket-war", version, about = "括号大战 Bracket War")]
pub struct Cli {
    /// Extra folder of mod files (`*.ron`) with more piece kinds.
    #[arg(long, global = true, value_name = "DIR")]
    pub mods: Option<PathBuf>,
    /// The save folder (default `saves/` in the working directory).
    #[arg(long, value_name = "DIR")]
    pub saves: Option<PathBuf>,
    /// Interface language.
    #[arg(long, value_parser = ["zh", "en"])]
    pub lang: Option<String>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// 括号大战 tools.
    Bracket {
        #[command(subcommand)]
        command: bracket::BracketCommand,
    },
    /// 军棋 tools: reach, board counts, headless games, replays.
    Junqi {
        #[command(subcommand)]
        command: junqi::JunqiCommand,
    },
    /// Opens the window on one screen, saves a PNG of it and exits.
    Screenshot(screenshot::ScreenshotArgs),
    /// 猪国杀 judge mode: reads the problem's input, prints the problem's output.
    Pig(pig::PigArgs),
}

/// A command-line failure: the exit code and a one-line reason.
pub struct Failure {
    pub code: u8,
    pub message: String,
}

impl Failure {
    pub fn bad_input(message: impl Into<String>) -> Failure {
        Failure {
            code: 2,
            message: message.into(),
        }
    }
}

pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            use clap::error::ErrorKind;
            if matches!(e.kind(), ErrorKind::DisplayHelp | ErrorKind::DisplayVersion) {
                print!("{e}");
                return ExitCode::SUCCESS;
            }
            let rendered = e.to_string();
            let first = rendered
                .lines()
                .find(|l| l.starts_with("error:"))
                .unwrap_or("error: a subcommand is missing; see --help");
            eprintln!("{}", first.trim());
            return ExitCode::from(2);
        }
    };
    let result = match cli.command {
        Some(Command::Bracket { command }) => bracket::run(command, cli.mods.as_deref()),
        Some(Command::Pig(args)) => pig::run(args),
        Some(Command::Junqi { command }) => junqi::run(command),
        Some(Command::Screenshot(args)) => {
            let dir =
                std::env::temp_dir().join(format!("bracket-war-screenshot-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            let lang = args
                .lang()
                .or(cli.lang.as_deref().and_then(crate::app::i18n::Lang::parse));
            let result = run_window(crate::app::AppOptions {
                saves: dir.clone(),
                mods: cli.mods,
                lang,
                screenshot: Some(args.request()),
                pack: args.pack,
            });
            let _ = std::fs::remove_dir_all(&dir);
            result
        }
        None => run_window(crate::app::AppOptions {
            saves: cli.saves.unwrap_or_else(|| PathBuf::from("saves")),
            mods: cli.mods,
            lang: cli.lang.as_deref().and_then(crate::app::i18n::Lang::parse),
            screenshot: None,
            pack: None,
        }),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("{}", f.message);
            ExitCode::from(f.code)
        }
    }
}

fn run_window(options: crate::app::AppOptions) -> Result<(), Failure> {
    let kinds = std::sync::Arc::new(crate::content::load_kinds(options.mods.as_deref()));
    match crate::app::build(options, kinds).run() {
        bevy::app::AppExit::Success => Ok(()),
        bevy::app::AppExit::Error(code) => Err(Failure {
            code: code.get(),
            message: "the window closed with an error".into(),
        }),
    }
}
