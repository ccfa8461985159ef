//! `bracket-war-window`: the game window, started by `bracket-war` with the same arguments
//! (it runs the tool subcommands too). This is where the command line meets the game: the
//! command-line crate parses, the game gets plain [`AppOptions`].

use std::path::PathBuf;

use bracket_war::app::screenshot::{Request, Shot};
use bracket_war::app::{AppOptions, run};
use bw_cli::{Cli, Command, Failure, Screen};

fn options(cli: Cli) -> AppOptions {
    match cli.command {
        Some(Command::Screenshot(args)) => AppOptions {
            saves: PathBuf::new(),
            mods: cli.mods,
            lang: args.lang.or(cli.lang),
            screenshot: Some(Request {
                screen: match args.screen {
                    Screen::Menu => Shot::Menu,
                    Screen::Slots => Shot::Slots,
                    Screen::Settings => Shot::Settings,
                    Screen::Game => Shot::Game,
                    Screen::StarGame => Shot::StarGame,
                    Screen::End => Shot::End,
                    Screen::Replay => Shot::Replay,
                    Screen::Pig => Shot::Pig,
                    Screen::JunqiSetup => Shot::JunqiSetup,
                    Screen::JunqiDeploy => Shot::JunqiDeploy,
                    Screen::JunqiGame => Shot::JunqiGame,
                    Screen::JunqiHandover => Shot::JunqiHandover,
                    Screen::JunqiEnd => Shot::JunqiEnd,
                    Screen::Online => Shot::Online,
                    Screen::OnlineRoom => Shot::OnlineRoom,
                    Screen::OnlineBracket => Shot::OnlineBracket,
                },
                out: args.out,
            }),
            pack: args.pack,
            assets: None,
            ui_map: None,
            window_size: None,
        },
        _ => AppOptions {
            saves: cli.saves.unwrap_or_else(bw_files::default_saves_dir),
            mods: cli.mods,
            lang: cli.lang,
            ..Default::default()
        },
    }
}

fn main() -> std::process::ExitCode {
    bw_cli::main(|cli| match run(options(*cli)) {
        bracket_war::bevy::app::AppExit::Success => Ok(()),
        bracket_war::bevy::app::AppExit::Error(code) => Err(Failure {
            code: code.get(),
            message: "the window closed with an error".into(),
        }),
    })
}
