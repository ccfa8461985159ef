//! `bracket-war junqi ...`: reach, board, play and replay (fixed formats).

use std::path::PathBuf;
use std::sync::Arc;

use bw_players::junqi::AiKind;
use bw_players::junqi::autoplay::{computer_players, play_out};
use bw_rules::junqi::board::{Board, NodeId};
use bw_rules::junqi::headless::{setup, transcript};
use bw_rules::junqi::record::Record;
use bw_rules::junqi::{Alliance, BoardChoice, Occupancy, Occupant, PieceSet, Rules, destinations};
use clap::{Subcommand, ValueEnum};

use super::Failure;

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum BoardArg {
    #[value(name = "2p")]
    TwoP,
    #[value(name = "4p")]
    FourP,
}

impl BoardArg {
    fn board(self) -> Board {
        match self {
            BoardArg::TwoP => Board::two_player(),
            BoardArg::FourP => Board::four_player(),
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum AllianceArg {
    Opposite,
    Adjacent,
    None,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum DealArg {
    Standard,
    Random,
}

#[derive(Subcommand, Debug)]
pub enum JunqiCommand {
    /// Legal destinations of a movable piece on an otherwise given board.
    Reach {
        #[arg(long, value_enum)]
        board: BoardArg,
        #[arg(long)]
        from: String,
        #[arg(long)]
        engineer: bool,
        /// Nodes with own or allied pieces (comma separated).
        #[arg(long, value_delimiter = ',')]
        own: Vec<String>,
        /// Nodes with enemy pieces (comma separated).
        #[arg(long, value_delimiter = ',')]
        enemy: Vec<String>,
    },
    /// Node, link, railway and station counts of a board.
    Board {
        #[arg(long, value_enum)]
        board: BoardArg,
    },
    /// A headless game between computer players.
    Play {
        #[arg(long)]
        players: u8,
        #[arg(long, value_enum, default_value = "4p")]
        board: BoardArg,
        #[arg(long, value_enum, default_value = "opposite")]
        alliance: AllianceArg,
        #[arg(long, value_enum, default_value = "standard")]
        deal: DealArg,
        #[arg(long)]
        open_allies: bool,
        #[arg(long)]
        seed: u64,
        /// One computer player per seat (`random`, `heuristic` or `strong`), or one for all.
        #[arg(long, value_delimiter = ',', required = true)]
        ai: Vec<String>,
        /// Plies in a row without a capture that draw the game (0 means 60 between computers).
        #[arg(long, default_value_t = 60)]
        quiet_limit: u32,
        /// Save the game's record (RON) here.
        #[arg(long)]
        record: Option<PathBuf>,
    },
    /// Replays a record and prints the same transcript as the game that made it.
    Replay { file: PathBuf },
    /// A computer player speaking the 军棋 engine protocol on standard input and output
    /// (docs/junqi-engine.md).
    Engine {
        /// The player: random, heuristic or strong.
        #[arg(long, default_value = "strong")]
        ai: String,
        /// Seeds its choices (with --nodes, its play is reproducible).
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Samples per move for the strong player instead of the clock.
        #[arg(long)]
        nodes: Option<u32>,
        /// Think at most this many milliseconds a move, whatever `go` allows.
        #[arg(long)]
        ms: Option<u64>,
    },
    /// Plays engines against each other through the protocol and measures them.
    Arena {
        /// An engine's command line (give it two to four times).
        #[arg(long = "engine", value_name = "CMD", required = true)]
        engines: Vec<String>,
        #[arg(long)]
        games: u32,
        #[arg(long, value_enum, default_value = "4p")]
        board: BoardArg,
        #[arg(long, default_value_t = 2)]
        players: u8,
        #[arg(long, value_enum, default_value = "opposite")]
        alliance: AllianceArg,
        #[arg(long, value_enum, default_value = "standard")]
        deal: DealArg,
        /// Milliseconds per move (`go MS`).
        #[arg(long, default_value_t = 300)]
        ms: u64,
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Keep each game's record (RON, replayable in the game) in this folder.
        #[arg(long, value_name = "DIR")]
        records: Option<PathBuf>,
    },
}

pub fn run(command: JunqiCommand) -> Result<(), Failure> {
    match command {
        JunqiCommand::Reach {
            board,
            from,
            engineer,
            own,
            enemy,
        } => {
            let b = board.board();
            let node = |name: &str| {
                b.find(name).ok_or_else(|| {
                    Failure::bad_input(format!("unknown node `{name}` on the {} board", b.name))
                })
            };
            let from = node(&from)?;
            let mut occ = Occupancy::default();
            for (names, what) in [(&own, Occupant::Friend), (&enemy, Occupant::Enemy)] {
                for name in names.iter().filter(|n| !n.is_empty()) {
                    let n = node(name)?;
                    if n == from {
                        return Err(Failure::bad_input(format!(
                            "`{name}` is the moving piece's own node"
                        )));
                    }
                    if occ.of(n) != Occupant::Empty {
                        return Err(Failure::bad_input(format!("`{name}` is given twice")));
                    }
                    occ.put(n, what);
                }
            }
            let mut names: Vec<&str> = destinations(&b, &occ, from, engineer)
                .iter()
                .map(|n: NodeId| b.name(n))
                .collect();
            names.sort_unstable();
            println!("{}", names.join(" "));
            Ok(())
        }
        JunqiCommand::Board { board } => {
            let b = board.board();
            println!(
                "nodes {} links {} railway {} stations {}",
                b.len(),
                b.link_count(),
                b.rail_link_count(),
                b.station_count()
            );
            Ok(())
        }
        JunqiCommand::Play {
            players,
            board,
            alliance,
            deal,
            open_allies,
            seed,
            ai,
            quiet_limit,
            record,
        } => {
            let rules = rules_of(board, players, alliance, deal, open_allies, quiet_limit);
            rules.validate().map_err(Failure::bad_input)?;
            let kinds: Vec<AiKind> = ai
                .iter()
                .map(|a| {
                    AiKind::parse(a).ok_or_else(|| {
                        Failure::bad_input(format!(
                            "unknown computer player `{a}` (random, heuristic or strong)"
                        ))
                    })
                })
                .collect::<Result<_, _>>()?;
            let kinds = match kinds.len() {
                1 => vec![kinds[0]; players as usize],
                n if n == players as usize => kinds,
                n => {
                    return Err(Failure::bad_input(format!(
                        "{n} computer players for {players} seats"
                    )));
                }
            };
            let mut game = setup(rules, Arc::new(PieceSet::standard()), seed, true)
                .map_err(Failure::bad_input)?;
            let mut ais = computer_players(&kinds, seed);
            play_out(&mut game, &mut ais, 1_000_000);
            print!("{}", transcript(&game));
            if let Some(path) = record {
                bw_files::write_atomic(&path, Record::of(&game).to_ron()).map_err(|e| Failure {
                    code: 1,
                    message: format!("{}: cannot write: {e}", path.display()),
                })?;
            }
            Ok(())
        }
        JunqiCommand::Engine {
            ai,
            seed,
            nodes,
            ms,
        } => {
            let brain =
                bw_players::junqi::engine::brain(&ai, seed, nodes).map_err(Failure::bad_input)?;
            let mut session = bw_players::junqi::engine::EngineSession::new(
                brain,
                Arc::new(PieceSet::standard()),
            );
            session.max_ms = ms;
            let stdin = std::io::stdin();
            bw_players::junqi::engine::serve(&mut session, stdin.lock(), std::io::stdout().lock())
                .map_err(|e| Failure {
                    code: 1,
                    message: format!("engine: {e}"),
                })
        }
        JunqiCommand::Arena {
            engines,
            games,
            board,
            players,
            alliance,
            deal,
            ms,
            seed,
            records,
        } => {
            let rules = rules_of(board, players, alliance, deal, false, 60);
            rules.validate().map_err(Failure::bad_input)?;
            if games == 0 {
                return Err(Failure::bad_input("--games must be at least 1"));
            }
            if engines.len() < 2 {
                return Err(Failure::bad_input("an arena needs --engine twice or more"));
            }
            let settings = bw_referee::arena::ArenaSettings {
                engines,
                games,
                rules,
                move_ms: ms,
                seed,
                records,
            };
            bw_referee::arena::run(&settings, &mut std::io::stdout().lock())
                .map(|_| ())
                .map_err(|message| Failure { code: 1, message })
        }
        JunqiCommand::Replay { file } => {
            let text = std::fs::read_to_string(&file)
                .map_err(|e| Failure::bad_input(format!("{}: cannot read: {e}", file.display())))?;
            let record = Record::from_ron(&text)
                .map_err(|e| Failure::bad_input(format!("{}: {e}", file.display())))?;
            let game = record
                .replay(Arc::new(PieceSet::standard()))
                .map_err(|e| Failure::bad_input(format!("{}: {e}", file.display())))?;
            print!("{}", transcript(&game));
            Ok(())
        }
    }
}

fn rules_of(
    board: BoardArg,
    players: u8,
    alliance: AllianceArg,
    deal: DealArg,
    open_allies: bool,
    quiet_limit: u32,
) -> Rules {
    Rules {
        board: match board {
            BoardArg::TwoP => BoardChoice::TwoPlayer,
            BoardArg::FourP => BoardChoice::FourPlayer,
        },
        players,
        alliance: match alliance {
            AllianceArg::Opposite => Alliance::Opposite,
            AllianceArg::Adjacent => Alliance::Adjacent,
            AllianceArg::None => Alliance::None,
        },
        deal_random: matches!(deal, DealArg::Random),
        open_allies,
        quiet_limit,
        ..Rules::default()
    }
}
