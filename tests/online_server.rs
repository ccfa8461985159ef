//! `bracket-war serve` and `bracket-war loadtest` as programs: the fixed first and last
//! lines, bad command lines, and a server killed (SIGKILL) mid-game and started again on
//! the same data, after which every game resumes and finishes.

use std::io::{BufRead, BufReader};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use bw_online::bot::Bot;
use bw_online::protocol::*;
use bw_online::room::Content;
use bw_server::client::{BotClient, Client, drive};
use bw_server::loadtest::room_options;

fn exe() -> Command {
    Command::new(env!("CARGO_BIN_EXE_bracket-war"))
}

/// A running `serve`, killed when dropped (also when a test fails half-way).
struct Server(Child);

impl Server {
    /// SIGKILL, and wait for the process to be gone.
    fn kill(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Starts `serve` on a free port; the server and its URL (from the fixed first line).
fn serve(data: &std::path::Path) -> (Server, String) {
    let mut child = exe()
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    let url = first
        .strip_prefix("listening ")
        .unwrap_or_else(|| panic!("first line: {first:?}"))
        .trim()
        .to_string();
    assert!(url.starts_with("ws://127.0.0.1:"), "{url}");
    (Server(child), url)
}

fn seated(c: &mut Client) -> (RoomId, String) {
    match c
        .expect(Duration::from_secs(10), |m| {
            matches!(m, ServerMsg::Seated { .. })
        })
        .unwrap()
    {
        ServerMsg::Seated { room, token, .. } => (room, token),
        _ => unreachable!(),
    }
}

#[test]
fn a_server_killed_mid_game_resumes_every_game_after_a_restart() {
    let data = tempfile::tempdir().unwrap();
    let (mut server, url) = serve(data.path());
    let mut games = Vec::new();
    for (game, seed) in [(GameKind::Junqi, 1), (GameKind::Bracket, 2)] {
        let mut a = Client::join(&url, "a", None).unwrap();
        a.send(&ClientMsg::CreateRoom {
            options: room_options(game, 2),
        })
        .unwrap();
        let (room, ta) = seated(&mut a);
        let mut b = Client::join(&url, "b", None).unwrap();
        b.send(&ClientMsg::Join {
            room,
            seat: Some(1),
        })
        .unwrap();
        let (_, tb) = seated(&mut b);
        for c in [&mut a, &mut b] {
            c.send(&ClientMsg::Ready { ready: true }).unwrap();
        }
        let bot = |s| Bot::new(Content::builtin(), Level::Normal, s);
        let mut clients = vec![
            BotClient::new(a, bot(seed)),
            BotClient::new(b, bot(seed + 10)),
        ];
        // Into the game: a few actions each.
        drive(&mut clients, Duration::from_secs(60), |_, c| c.acted >= 3).unwrap();
        games.push((room, [ta, tb]));
    }
    server.kill(); // SIGKILL

    let (mut server, url) = serve(data.path());
    for (room, tokens) in games {
        let mut clients: Vec<BotClient> = tokens
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let c = Client::join(&url, "back", Some(t.clone())).unwrap();
                BotClient::new(
                    c,
                    Bot::new(Content::builtin(), Level::Normal, 50 + i as u64),
                )
            })
            .collect();
        drive(&mut clients, Duration::from_secs(180), |_, _| false)
            .unwrap_or_else(|e| panic!("room {room} after the restart: {e}"));
        let record = bw_server::server::store::record_in(data.path(), room).unwrap();
        assert!(record.is_some(), "room {room} has its record");
    }
    server.kill();
}

#[test]
fn loadtest_prints_its_fixed_last_line() {
    let data = tempfile::tempdir().unwrap();
    let (mut server, url) = serve(data.path());
    for game in ["junqi", "bracket"] {
        let out = exe()
            .args([
                "loadtest", "--server", &url, "--game", game, "--rooms", "3", "--seed", "4",
            ])
            .env("BW_LOADTEST_THINK_MS", "40")
            .output()
            .unwrap();
        let stdout = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{stdout} {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let last = stdout.lines().last().unwrap();
        let words: Vec<&str> = last.split(' ').collect();
        assert_eq!(
            [
                words[0], words[1], words[2], words[3], words[4], words[5], words[6], words[8]
            ],
            [
                "rooms", "3", "finished", "3", "errors", "0", "p50_ms", "p99_ms"
            ],
            "{last}"
        );
        let p50: f64 = words[7].parse().unwrap();
        let p99: f64 = words[9].parse().unwrap();
        assert!(p50 > 0.0 && p99 >= p50, "{last}");
    }
    let out = exe()
        .args([
            "loadtest",
            "--server",
            &url,
            "--game",
            "junqi",
            "--rooms",
            "1",
            "--players",
            "4",
        ])
        .env("BW_LOADTEST_THINK_MS", "40")
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    server.kill();
}

#[test]
fn bad_command_lines_fail_in_one_line() {
    for (args, code) in [
        (
            vec![
                "loadtest",
                "--server",
                "ws://127.0.0.1:9",
                "--game",
                "chess",
                "--rooms",
                "1",
            ],
            2,
        ),
        (
            vec![
                "loadtest",
                "--server",
                "ws://127.0.0.1:9",
                "--game",
                "junqi",
                "--rooms",
                "1",
                "--players",
                "3",
            ],
            2,
        ),
        (
            vec![
                "loadtest",
                "--server",
                "ws://127.0.0.1:9",
                "--game",
                "junqi",
                "--rooms",
                "1",
            ],
            1,
        ),
        (vec!["serve", "--addr", "not-an-address"], 1),
        // A limit below one frame would close every client that is sent the lobby.
        (vec!["serve", "--max-queued-bytes", "1000"], 2),
        (vec!["serve", "--max-queued-bytes", "lots"], 2),
        // Only SQLite and PostgreSQL; a database that cannot be opened says so.
        (vec!["serve", "--database", "mysql://db/rooms"], 2),
        (vec!["serve", "--keep-finished-days", "0"], 2),
        (vec!["serve", "--max-thinking", "0"], 2),
        (
            vec![
                "serve",
                "--addr",
                "127.0.0.1:0",
                "--database",
                "sqlite:/no/such/folder/rooms.db",
            ],
            1,
        ),
    ] {
        let out = exe().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert_eq!(err.trim().lines().count(), 1, "{args:?}: {err}");
    }
}
