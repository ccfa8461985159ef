//! The command line. Subcommands whose output checks outside the repo read are fixed: keep
//! their names, arguments and output exactly as documented in the README.
//!
//! This crate needs only the rules and the files crates: the small `bracket-war` program is
//! built from it alone (so the tools start without the game engine) and starts
//! `bracket-war-window` for the window. The window program parses the same command line
//! with it and hands the game its options; the game itself never imports this crate.

mod bracket;
mod junqi;
mod online;
mod pig;
mod screenshot;

pub use screenshot::{Screen, ScreenshotArgs};

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser, Debug)]
#[command(name = "bracket-war", version, about = "括号大战 Bracket War")]
pub struct Cli {
    /// Extra folder of mod files (`*.ron`) with more piece kinds.
    #[arg(long, global = true, value_name = "DIR")]
    pub mods: Option<PathBuf>,
    /// The save folder (default: `saves/` beside `content/` when it can be written, else the
    /// platform's data folder).
    #[arg(long, value_name = "DIR")]
    pub saves: Option<PathBuf>,
    /// Interface language: a folder of `assets/locales` (`zh-CN`, `en`, …); `zh` names
    /// `zh-CN`.
    #[arg(long, value_name = "CODE")]
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
    /// Runs the online game server: prints `listening ws://HOST:PORT`, then serves.
    Serve(online::ServeArgs),
    /// Plays N rooms of computer clients through a server; the last line gives the
    /// latency.
    Loadtest(online::LoadtestArgs),
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

/// Parses the command line; a bad one is reported in one line (exit 2), help and version
/// are printed (exit 0).
pub fn parse() -> Result<Cli, ExitCode> {
    let mut cli = Cli::try_parse().map_err(|e| {
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
        ExitCode::from(2)
    })?;
    check_languages(&mut cli).map_err(|message| {
        eprintln!("error: {message}");
        ExitCode::from(2)
    })?;
    Ok(cli)
}

/// Resolves `--lang` (and the screenshot's `--lang`) to a locale folder, refusing an unknown
/// code in one line.
fn check_languages(cli: &mut Cli) -> Result<(), String> {
    let mut codes: Vec<&mut Option<String>> = vec![&mut cli.lang];
    if let Some(Command::Screenshot(args)) = &mut cli.command {
        codes.push(&mut args.lang);
    }
    for code in codes.into_iter().filter_map(|c| c.as_mut()) {
        let assets = bw_files::assets_dir()?;
        *code = bw_files::locale_code(&assets, code)?;
    }
    Ok(())
}

/// Runs a tool subcommand; gives the command line back for what the window does (no
/// subcommand, `screenshot`).
pub fn run_tool(cli: Cli) -> Result<Result<(), Failure>, Box<Cli>> {
    match cli.command {
        Some(Command::Bracket { command }) => Ok(bracket::run(command, cli.mods.as_deref())),
        Some(Command::Pig(args)) => Ok(pig::run(args)),
        Some(Command::Junqi { command }) => Ok(junqi::run(command)),
        Some(Command::Serve(args)) => Ok(online::serve(args)),
        Some(Command::Loadtest(args)) => Ok(online::loadtest(args)),
        Some(Command::Screenshot(_)) | None => Err(Box::new(cli)),
    }
}

/// A whole program: parse the command line, run a tool subcommand, or give the window's
/// command line to `open_window`.
pub fn main(open_window: impl FnOnce(Box<Cli>) -> Result<(), Failure>) -> ExitCode {
    let cli = match parse() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    exit(match run_tool(cli) {
        Ok(result) => result,
        Err(cli) => open_window(cli),
    })
}

/// Reports a result as an exit code, with the failure's one line on standard error.
pub fn exit(result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            eprintln!("{}", f.message);
            ExitCode::from(f.code)
        }
    }
}

/// Runs `bracket-war-window` (beside this program) with the same arguments.
pub fn launch_window() -> Result<(), Failure> {
    let exe = std::env::current_exe().map_err(|e| Failure {
        code: 1,
        message: format!("cannot find this program: {e}"),
    })?;
    let window = exe.with_file_name(format!(
        "bracket-war-window{}",
        std::env::consts::EXE_SUFFIX
    ));
    let status = std::process::Command::new(&window)
        .args(std::env::args_os().skip(1))
        .status()
        .map_err(|e| Failure {
            code: 1,
            message: format!(
                "cannot start {}: {e} (build both programs with `cargo build`, or run `cargo run --bin bracket-war-window`)",
                window.display()
            ),
        })?;
    match status.code() {
        Some(0) => Ok(()),
        code => Err(Failure {
            code: code.unwrap_or(1).clamp(1, 255) as u8,
            message: format!("{} exited with {status}", window.display()),
        }),
    }
}
