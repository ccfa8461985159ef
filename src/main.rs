//! `bracket-war`: the command-line tools, and the way into the game window. It is built from
//! the command-line crate alone (no game engine), so the tools start at once; for the window
//! (no subcommand, or `screenshot`) it starts `bracket-war-window` beside it with the same
//! arguments.

fn main() -> std::process::ExitCode {
    bw_cli::main(|_window| bw_cli::launch_window())
}
