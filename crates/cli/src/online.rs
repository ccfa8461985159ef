//! `bracket-war serve` and `bracket-war loadtest` (fixed commands: keep their arguments and
//! output as written in the README).

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::Failure;

#[derive(Args, Debug)]
pub struct ServeArgs {
    /// The address to listen on (port 0: any free port).
    #[arg(long, default_value = "127.0.0.1:7878", value_name = "HOST:PORT")]
    pub addr: String,
    /// The folder of the embedded database (`server.db`: rooms, journals, records).
    #[arg(long, default_value = "server-data", value_name = "DIR")]
    pub data: PathBuf,
    /// The database instead of `DIR/server.db`: `sqlite:PATH` or `postgres://USER@HOST/DB`.
    #[arg(long, value_name = "URL", value_parser = database_url)]
    pub database: Option<String>,
    /// This server's address as players reach it (`ws://HOST:PORT` or `wss://…`). Give it
    /// to each of several servers on one --database: they share the hall's room list, and a
    /// player who joins a room on another server is sent to its address.
    #[arg(long, value_name = "URL", value_parser = public_url)]
    pub public_url: Option<String>,
    /// Computers thinking at once, server-wide; the others wait their turn (default: the
    /// machine's cores).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..=1024))]
    pub max_thinking: Option<u64>,
    /// Milliseconds a hard computer thinks a move (100 to 10000).
    #[arg(long, default_value_t = bw_players::THINKING.as_millis() as u64, value_name = "MS",
          value_parser = clap::value_parser!(u64).range(bw_players::THINKING_MS))]
    pub hard_think_ms: u64,
    /// Delete finished rooms' journals and records this many days after they ended
    /// (default: keep them).
    #[arg(long, value_name = "DAYS", value_parser = clap::value_parser!(u64).range(1..=36500))]
    pub keep_finished_days: Option<u64>,
    /// Serve wss:// (TLS) with this certificate chain (PEM, leaf first); with --tls-key.
    #[arg(long, value_name = "PEM", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// The certificate's private key (PEM: PKCS#8, PKCS#1 or SEC1); with --tls-cert.
    #[arg(long, value_name = "PEM", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Serve Prometheus metrics at http://ADDR/metrics (printed as the second line).
    #[arg(long, value_name = "HOST:PORT")]
    pub metrics: Option<String>,
    /// Bytes the server holds for one connection that does not read (messages not yet
    /// written, pongs included); over it the connection closes. At least one frame (65536).
    #[arg(
        long,
        default_value_t = bw_server::server::DEFAULT_MAX_QUEUED_BYTES as u64,
        value_name = "BYTES",
        value_parser = clap::value_parser!(u64).range(65536..=(1u64 << 32))
    )]
    pub max_queued_bytes: u64,
    /// Connections open at once; one more is closed at once.
    #[arg(long, default_value_t = bw_server::server::DEFAULT_MAX_CONNECTIONS as u64, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_connections: u64,
    /// Connections open at once from one address.
    #[arg(long, default_value_t = bw_server::server::DEFAULT_MAX_CONNECTIONS_PER_IP as u64, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_connections_per_ip: u64,
    /// Rooms open at once; one more is refused.
    #[arg(long, default_value_t = bw_server::server::DEFAULT_MAX_ROOMS as u64, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    pub max_rooms: u64,
    /// Observers in one room at once; one more is refused.
    #[arg(long, default_value_t = bw_online::protocol::MAX_OBSERVERS as u64, value_name = "N",
          value_parser = clap::value_parser!(u64).range(0..=1000))]
    pub max_observers: u64,
    /// Accounts the server keeps; a registration past it is refused.
    #[arg(long, default_value_t = bw_server::server::DEFAULT_MAX_ACCOUNTS, value_name = "N",
          value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    pub max_accounts: u64,
    /// Log-ins and registrations per address and minute (each checks a password hash).
    #[arg(long, default_value_t = bw_server::server::DEFAULT_PASSWORD_ATTEMPTS_PER_MINUTE, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub password_attempts_per_minute: u32,
}

#[derive(Clone, Copy, Debug, ValueEnum)]
pub enum LoadGame {
    Junqi,
    Bracket,
}

#[derive(Args, Debug)]
pub struct LoadtestArgs {
    /// The server, as `ws://HOST:PORT` or `wss://HOST:PORT`.
    #[arg(long, value_name = "URL")]
    pub server: String,
    #[arg(long, value_enum)]
    pub game: LoadGame,
    /// How many rooms play at once.
    #[arg(long, value_name = "N")]
    pub rooms: usize,
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u8).range(2..=4))]
    pub players: u8,
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// 快速开始: each client registers an account and asks for quick match; the server
    /// makes the tables (`--rooms` × `--players` clients). Serve with
    /// `--password-attempts-per-minute` raised: every account comes from one address.
    #[arg(long)]
    pub quick_match: bool,
}

pub fn serve(args: ServeArgs) -> Result<(), Failure> {
    let defaults = bw_server::server::Config::new(&args.data);
    let config = bw_server::server::Config {
        max_thinking: args
            .max_thinking
            .map_or(defaults.max_thinking, |n| n as usize),
        max_queued_bytes: args.max_queued_bytes as usize,
        max_connections: args.max_connections as usize,
        max_connections_per_ip: args.max_connections_per_ip as usize,
        max_rooms: args.max_rooms as usize,
        password_attempts_per_minute: args.password_attempts_per_minute,
        max_observers: args.max_observers as usize,
        hard_think: std::time::Duration::from_millis(args.hard_think_ms),
        max_accounts: args.max_accounts,
        database: args.database,
        public_url: args.public_url,
        keep_finished: args
            .keep_finished_days
            .map(|d| std::time::Duration::from_secs(d * 86_400)),
        metrics: args.metrics,
        tls: match (args.tls_cert, args.tls_key) {
            (Some(cert), Some(key)) => Some(bw_server::server::TlsFiles { cert, key }),
            _ => None,
        },
        ..defaults
    };
    bw_server::server::run(&args.addr, config).map_err(|e| Failure {
        code: 1,
        message: format!("error: {e}"),
    })
}

/// A server address a player's client can open: `ws://` or `wss://`, a host and a port.
fn public_url(s: &str) -> Result<String, String> {
    let rest = s
        .strip_prefix("ws://")
        .or_else(|| s.strip_prefix("wss://"))
        .ok_or("the address starts with ws:// or wss://")?;
    let (host, port) = rest
        .trim_end_matches('/')
        .rsplit_once(':')
        .ok_or("the address names a port (ws://HOST:PORT)")?;
    if host.is_empty() || port.parse::<u16>().map_or(true, |p| p == 0) {
        return Err("the address is ws://HOST:PORT with a port from 1 to 65535".into());
    }
    Ok(s.trim_end_matches('/').to_string())
}

/// A database URL the server can open: SQLite or PostgreSQL.
fn database_url(s: &str) -> Result<String, String> {
    if s.starts_with("sqlite:") || s.starts_with("postgres://") || s.starts_with("postgresql://") {
        Ok(s.to_string())
    } else {
        Err("expected sqlite:PATH or postgres://…".into())
    }
}

pub fn loadtest(args: LoadtestArgs) -> Result<(), Failure> {
    if args.players == 3 {
        return Err(Failure::bad_input(
            "error: --players 3: a load test seats 2 or 4",
        ));
    }
    if args.quick_match && matches!(args.game, LoadGame::Bracket) {
        return Err(Failure::bad_input(
            "error: --quick-match: quick match is for 军棋 (--game junqi)",
        ));
    }
    let report = bw_server::loadtest::run(bw_server::loadtest::Args {
        server: args.server,
        game: match args.game {
            LoadGame::Junqi => bw_online::protocol::GameKind::Junqi,
            LoadGame::Bracket => bw_online::protocol::GameKind::Bracket,
        },
        rooms: args.rooms,
        players: args.players,
        seed: args.seed,
        quick: args.quick_match,
    })
    .map_err(|e| Failure {
        code: 1,
        message: format!("error: {e}"),
    })?;
    for s in &report.samples {
        eprintln!("{s}");
    }
    if let Some(line) = report.quick_line() {
        println!("{line}");
    }
    println!("{}", report.line());
    if report.errors > 0 {
        return Err(Failure {
            code: 1,
            message: format!("error: {} rooms failed", report.errors),
        });
    }
    Ok(())
}
