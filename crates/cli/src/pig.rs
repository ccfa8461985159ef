//! `bracket-war pig [FILE]`: judge mode — the problem's input in, its exact output out.

use std::io::Read;
use std::path::PathBuf;

use bw_rules::pig::judge::judge;

use super::Failure;

#[derive(clap::Args, Debug)]
pub struct PigArgs {
    /// Input in the problem's format; standard input if absent or `-`.
    pub file: Option<PathBuf>,
    /// Give up (exit 3) on a game that has not ended after this many turns.
    #[arg(long, default_value_t = 10_000_000)]
    pub max_turns: u64,
}

pub fn run(args: PigArgs) -> Result<(), Failure> {
    let mut input = String::new();
    let name = match &args.file {
        Some(f) if f.as_os_str() != "-" => {
            std::fs::File::open(f)
                .and_then(|mut file| file.read_to_string(&mut input))
                .map_err(|e| Failure::bad_input(format!("{}: cannot read: {e}", f.display())))?;
            f.display().to_string()
        }
        _ => {
            std::io::stdin()
                .read_to_string(&mut input)
                .map_err(|e| Failure::bad_input(format!("standard input: cannot read: {e}")))?;
            "standard input".to_string()
        }
    };
    match judge(&input, args.max_turns) {
        Ok(Some(output)) => {
            print!("{output}");
            Ok(())
        }
        Ok(None) => Err(Failure {
            code: 3,
            message: format!(
                "{name}: the game did not end within {} turns",
                args.max_turns
            ),
        }),
        Err(e) => Err(Failure::bad_input(format!("{name}: {e}"))),
    }
}
