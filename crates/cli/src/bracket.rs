//! `bracket-war bracket ...`: resolve a board file.

use std::io::Read;
use std::path::{Path, PathBuf};

use bw_rules::bracket::resolve;
use bw_rules::bracket::text::{format_report, parse_board};
use clap::Subcommand;

use super::Failure;

#[derive(Subcommand, Debug)]
pub enum BracketCommand {
    /// Resolve a board and print it with each player's coverage (fixed format).
    Resolve {
        /// The board file; `-` reads standard input.
        file: PathBuf,
    },
}

pub fn run(command: BracketCommand, mods: Option<&Path>) -> Result<(), Failure> {
    match command {
        BracketCommand::Resolve { file } => {
            let text = read_input(&file)?;
            let dir = bw_files::content_dir().unwrap_or_default();
            let extra: Vec<PathBuf> = mods.map(Path::to_path_buf).into_iter().collect();
            let report = bw_rules::bracket::KindTable::load(&dir, &extra);
            for e in &report.errors {
                eprintln!("warning: content file refused: {e}");
            }
            let kinds = report.table;
            let mut board = parse_board(&text, &kinds)
                .map_err(|e| Failure::bad_input(format!("{}: {e}", file.display())))?;
            resolve(&mut board, &kinds);
            print!("{}", format_report(&board, &kinds));
            Ok(())
        }
    }
}

fn read_input(file: &Path) -> Result<String, Failure> {
    let mut text = String::new();
    let result = if file.as_os_str() == "-" {
        std::io::stdin().read_to_string(&mut text).map(|_| ())
    } else {
        std::fs::File::open(file).and_then(|mut f| f.read_to_string(&mut text).map(|_| ()))
    };
    result.map_err(|e| Failure::bad_input(format!("{}: cannot read: {e}", file.display())))?;
    Ok(text)
}
