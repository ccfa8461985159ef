//! `bracket-war`: the game window, and a command-line tool for tests and tools.

use std::process::ExitCode;

fn main() -> ExitCode {
    bracket_war::cli::run()
}
