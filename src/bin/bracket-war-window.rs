//! `bracket-war-window`: the game window, started by `bracket-war` with the same arguments
//! (it runs the tool subcommands too).

fn main() -> std::process::ExitCode {
    bracket_war::tools::main(|cli| bracket_war::app::run_window(*cli))
}
