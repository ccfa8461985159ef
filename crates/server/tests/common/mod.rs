//! What the server's integration tests share: a server on a free port with its own data
//! folder, and a room of two bot clients.
#![allow(dead_code)]

use std::time::Duration;

use bw_online::bot::Bot;
use bw_online::protocol::*;
use bw_online::room::Content;
use bw_rules::bracket;
use bw_server::client::{BotClient, Client};
use bw_server::server::{Config, Running, spawn};

pub const WAIT: Duration = Duration::from_secs(10);

pub fn server(config: impl FnOnce(&mut Config)) -> (Running, String, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    let mut c = Config::new(dir.path());
    config(&mut c);
    let running = spawn("127.0.0.1:0", c).unwrap();
    let url = format!("ws://{}", running.addr);
    (running, url, dir)
}

/// The server's database under `dir`, opened beside the server (SQLite lets a reader in
/// while the server writes), with the runtime to use it on.
pub fn database(dir: &std::path::Path) -> (tokio::runtime::Runtime, bw_server::server::Store) {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let url = format!("sqlite:{}", dir.join("server.db").display());
    let store = rt
        .block_on(bw_server::server::Store::open(&url, None))
        .unwrap();
    (rt, store)
}

/// A new, empty PostgreSQL database on the server `BW_TEST_POSTGRES` names (an
/// administrator's URL, as `scripts/postgres.sh` prints): its URL. `psql` makes it.
pub fn postgres_database(what: &str) -> String {
    use std::sync::atomic::{AtomicU32, Ordering};
    static MADE: AtomicU32 = AtomicU32::new(0);
    let admin = std::env::var("BW_TEST_POSTGRES")
        .expect("BW_TEST_POSTGRES names a PostgreSQL server (scripts/postgres.sh start DIR)");
    let name = format!(
        "bw_{what}_{}_{}",
        std::process::id(),
        MADE.fetch_add(1, Ordering::Relaxed)
    );
    let out = std::process::Command::new("psql")
        .arg(&admin)
        .args(["-v", "ON_ERROR_STOP=1", "-c"])
        .arg(format!("CREATE DATABASE {name}"))
        .output()
        .expect("psql runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let (base, _) = admin.rsplit_once('/').expect("a URL with a database");
    format!("{base}/{name}")
}

pub fn short_bracket() -> RoomOptions {
    RoomOptions {
        game: GameOptions::Bracket {
            settings: bracket::Settings {
                turn_limit: Some(3),
                ..bracket::Settings::default()
            },
            move_secs: None,
        },
        computer_takes_over: false,
        name: None,
        rated: false,
        observers: true,
        password: None,
    }
}

pub fn seated(c: &mut Client) -> (RoomId, String) {
    match c
        .expect(WAIT, |m| matches!(m, ServerMsg::Seated { .. }))
        .unwrap()
    {
        ServerMsg::Seated { room, token, .. } => (room, token),
        _ => unreachable!(),
    }
}

/// A room with two bot clients, both ready; the room id and both seat tokens.
pub fn room_of_two(
    url: &str,
    options: RoomOptions,
    seed: u64,
) -> (Vec<BotClient>, RoomId, Vec<String>) {
    room_of_two_by(|name| Client::join(url, name, None).unwrap(), options, seed)
}

/// [`room_of_two`] with clients that `join` connects (and says `hello` with the name).
pub fn room_of_two_by(
    join: impl Fn(&str) -> Client,
    options: RoomOptions,
    seed: u64,
) -> (Vec<BotClient>, RoomId, Vec<String>) {
    let mut a = join("host");
    a.send(&ClientMsg::CreateRoom { options }).unwrap();
    let (room, ta) = seated(&mut a);
    let mut b = join("guest");
    b.send(&ClientMsg::Join {
        room,
        seat: Some(1),
        password: None,
    })
    .unwrap();
    let (_, tb) = seated(&mut b);
    for c in [&mut a, &mut b] {
        c.send(&ClientMsg::Ready { ready: true }).unwrap();
    }
    let bot = |s| Bot::new(Content::builtin(), Level::Normal, s);
    let clients = vec![
        BotClient::new(a, bot(seed)),
        BotClient::new(b, bot(seed + 1)),
    ];
    (clients, room, vec![ta, tb])
}
