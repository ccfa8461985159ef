//! `bracket-war-window`: the game window, started by `bracket-war` with the same arguments
//! (it runs the tool subcommands too).

use std::process::ExitCode;

use bracket_war::tools;

fn main() -> ExitCode {
    let cli = match tools::parse() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    match tools::run_tool(cli) {
        Ok(result) => tools::exit(result),
        Err(cli) => tools::exit(bracket_war::app::run_window(*cli)),
    }
}
