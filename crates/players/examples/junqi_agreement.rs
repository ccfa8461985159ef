//! How settled the strong 军棋 player's choice is at each think time: on positions from
//! arena records, two decisions with different seeds, at every pair of budgets, and how
//! often they pick the same move. Measures, does not judge: BENCHMARKS.md reads the table.
//!
//! ```sh
//! bracket-war junqi arena --engine "bracket-war junqi engine --ai strong" \
//!     --engine "bracket-war junqi engine --ai strong" --games 30 --ms 100 --records /tmp/rec
//! taskset -c 0 cargo run --release -p bracket-war-players --example junqi_agreement -- \
//!     /tmp/rec 30,100,300,1000
//! ```
//!
//! The positions: in each record (by file name), the side to move after plies 20, 50, 80
//! and 110 while the game is in play and it has two moves or more. Row `a`, column `b`: how
//! often the first decision at `a` ms picks the second decision's move at `b` ms.

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use bw_players::junqi::SeatModel;
use bw_players::junqi::engine::brain;
use bw_rules::junqi::game::Phase;
use bw_rules::junqi::pieces::PieceSet;
use bw_rules::junqi::record::Record;

/// The plies after which a position is taken from each record.
const CUTS: [usize; 4] = [20, 50, 80, 110];

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("junqi_agreement: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let mut args = std::env::args().skip(1);
    let dir = PathBuf::from(
        args.next()
            .ok_or("usage: junqi_agreement RECORDS_DIR [MS,MS,…]")?,
    );
    let budgets: Vec<u64> = args
        .next()
        .unwrap_or_else(|| "100,300,1000".into())
        .split(',')
        .map(|b| {
            b.trim()
                .parse()
                .map_err(|_| format!("`{b}` is not a number of milliseconds"))
        })
        .collect::<Result<_, _>>()?;
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    let set = Arc::new(PieceSet::standard());
    let mut agree = vec![vec![0u32; budgets.len()]; budgets.len()];
    let (mut positions, mut seed) = (0u32, 0u64);
    for path in &files {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
        let record = Record::from_ron(&text).map_err(|e| format!("{}: {e}", path.display()))?;
        for cut in CUTS.into_iter().filter(|&c| c <= record.actions.len()) {
            let mut prefix = record.clone();
            prefix.actions.truncate(cut);
            let game = prefix
                .replay(set.clone())
                .map_err(|e| format!("{}: {e}", path.display()))?;
            let model = SeatModel::of(&game, game.turn);
            if game.phase != Phase::Playing || model.legal_moves().len() < 2 {
                continue;
            }
            // Two decisions at each budget, each with its own seed.
            let mut decide = |ms: u64| {
                seed += 1;
                let mut player = brain("strong", seed, None).expect("the strong player");
                player.choose(&model, Duration::from_millis(ms))
            };
            let picks: Vec<_> = budgets.iter().map(|&b| [decide(b), decide(b)]).collect();
            for (row, a) in agree.iter_mut().zip(&picks) {
                for (cell, b) in row.iter_mut().zip(&picks) {
                    *cell += u32::from(a[0] == b[1]);
                }
            }
            positions += 1;
        }
    }
    if positions == 0 {
        return Err(format!("no position in play in {}", dir.display()));
    }
    println!(
        "{positions} positions from {} records; row: first decision, column: second",
        files.len()
    );
    print!("{:>8}", "ms");
    for b in &budgets {
        print!("{b:>8}");
    }
    println!();
    for (b, row) in budgets.iter().zip(&agree) {
        print!("{b:>8}");
        for &a in row {
            print!("{:>8.2}", f64::from(a) / f64::from(positions));
        }
        println!();
    }
    Ok(())
}
