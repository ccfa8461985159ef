//! `bracket-war`: the command-line tools, and the way into the game window. It is built from
//! the tools and the rules alone, so the tools start at once; for the window (no subcommand,
//! or `screenshot`) it starts `bracket-war-window` beside it with the same arguments.

#[path = "tools/mod.rs"]
mod tools;

fn main() -> std::process::ExitCode {
    tools::main(|_window| tools::launch_window())
}
