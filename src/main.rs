//! `bracket-war`: the command-line tools, and the way into the game window. It is built from
//! the tools and the rules alone, so the tools start at once; for the window (no subcommand,
//! or `screenshot`) it starts `bracket-war-window` beside it with the same arguments.

#[path = "tools/mod.rs"]
mod tools;

use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match tools::parse() {
        Ok(cli) => cli,
        Err(code) => return code,
    };
    match tools::run_tool(cli) {
        Ok(result) => tools::exit(result),
        Err(_window) => tools::exit(tools::launch_window()),
    }
}
