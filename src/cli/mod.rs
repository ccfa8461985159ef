//! The command line. Subcommands whose output checks outside the repo read are fixed: keep
//! their names, arguments and output exactly as documented in the README.

mod bracket;
mod junqi;
mod pig;

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(name = "bracket-war", version, about = "括号大战 Bracket War")]
pub struct Cli {
    /// Extra folder of mod files (`*.ron`) with more piece kinds.
    #[arg(long, global = true, value_name = "DIR")]
    pub mods: Option<PathBuf>,
    #[command(subcommand)]
    pub command: Option<Command>,
    #[command(flatten)]
    pub window: crate::bracket::WindowArgs,
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
    if cli.command.is_some() && cli.window.is_set() {
        eprintln!(
            "error: --board, --seed, --screenshot and --moves are for the window, not for a subcommand"
        );
        return ExitCode::from(2);
    }
    let result = match cli.command {
        Some(Command::Bracket { command }) => bracket::run(command, cli.mods.as_deref()),
        Some(Command::Pig(args)) => pig::run(args),
        Some(Command::Junqi { command }) => junqi::run(command),
        None => crate::bracket::run_window(cli.window, cli.mods.as_deref()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("{}", f.message);
            ExitCode::from(f.code)
        }
    }
}
