//! The 军棋 hall over loopback (docs/hall.md): accounts and sessions, standings and
//! Glicko-2 ratings settled once per room (on SQLite, and on PostgreSQL when one is
//! given), rated, private and unwatched rooms, the paged hall, a seat taken back by
//! session, and what an attack on all of it found.

use super::*;
const PASSWORD: &str = "correct horse";

/// A message that answers a request: the answer or a refusal.
fn answer(c: &mut Client) -> ServerMsg {
    c.expect(WAIT, |m| {
        matches!(
            m,
            ServerMsg::LoggedIn { .. }
                | ServerMsg::LoggedOut { .. }
                | ServerMsg::Player { .. }
                | ServerMsg::Leaderboard { .. }
                | ServerMsg::Refused { .. }
        )
    })
    .unwrap()
}

pub(crate) fn refusal(m: ServerMsg) -> (RefusalCode, String) {
    match m {
        ServerMsg::Refused { code, reason, .. } => (code, reason),
        other => panic!("not refused: {other:?}"),
    }
}

/// A fresh connection that registers `name` (or logs in, when it exists); its session.
fn logged_in(url: &str, name: &str, register: bool) -> (Client, String) {
    let mut c = Client::join(url, "someone", None).unwrap();
    let (name, password) = (name.to_string(), PASSWORD.to_string());
    c.send(&if register {
        ClientMsg::Register { name, password }
    } else {
        ClientMsg::Login { name, password }
    })
    .unwrap();
    match answer(&mut c) {
        ServerMsg::LoggedIn { session, .. } => (c, session),
        other => panic!("not logged in: {other:?}"),
    }
}

#[test]
fn accounts_register_log_in_keep_no_password_and_sessions_expire() {
    let (_s, url, dir) = server(|_| {});
    let mut a = Client::join(&url, "anyone", None).unwrap();
    a.send(&ClientMsg::Register {
        name: " Ada  Lovelace ".into(),
        password: PASSWORD.into(),
    })
    .unwrap();
    let ServerMsg::LoggedIn {
        name,
        session,
        expires_ms,
    } = answer(&mut a)
    else {
        panic!("not registered")
    };
    assert_eq!(name, "Ada  Lovelace", "the name as shown, trimmed");
    let now_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64;
    let days = (expires_ms - now_ms) as f64 / 86_400_000.0;
    assert!((29.9..=30.1).contains(&days), "{days} days");

    let mut b = Client::join(&url, "b", None).unwrap();
    let mut ask = |msg: ClientMsg| {
        b.send(&msg).unwrap();
        answer(&mut b)
    };
    let register = |name: &str, password: &str| ClientMsg::Register {
        name: name.into(),
        password: password.into(),
    };
    let login = |name: &str, password: &str| ClientMsg::Login {
        name: name.into(),
        password: password.into(),
    };
    // One account whatever the case, width or spaces.
    let (code, _) = refusal(ask(register("ＡＤＡ lovelace", "another password")));
    assert_eq!(code, RefusalCode::NameTaken);
    assert_eq!(
        refusal(ask(register("Bob", "short"))).0,
        RefusalCode::BadPassword
    );
    assert_eq!(
        refusal(ask(register("\u{200B}", PASSWORD))).0,
        RefusalCode::BadName
    );
    // A wrong password and an unknown name are told alike.
    let wrong = refusal(ask(login("ada lovelace", "not the password")));
    let unknown = refusal(ask(login("Nobody", PASSWORD)));
    assert_eq!(wrong, unknown);
    assert_eq!(wrong.0, RefusalCode::BadLogin);
    let ServerMsg::LoggedIn {
        name, session: s2, ..
    } = ask(login("ADA LOVELACE", PASSWORD))
    else {
        panic!("not logged in")
    };
    assert_eq!(name, "Ada  Lovelace");
    assert_ne!(s2, session, "each log-in has its own session");

    // A session logs a connection in again under the account's name.
    let mut c = Client::connect(&url).unwrap();
    let (name, account) = c.hello_session("whoever", &session).unwrap();
    assert_eq!((name.as_str(), account), ("Ada  Lovelace", true));

    // Neither the password nor a session token is in the database.
    let db = std::fs::read(dir.path().join("server.db")).unwrap();
    let wal = std::fs::read(dir.path().join("server.db-wal")).unwrap_or_default();
    for bytes in [&db, &wal] {
        for secret in [PASSWORD, session.as_str(), s2.as_str()] {
            assert!(
                !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
                "`{secret}` is in the database"
            );
        }
    }

    // Log-out ends that session only; an expired session logs nobody in.
    b.send(&ClientMsg::Logout {
        session: s2.clone(),
    })
    .unwrap();
    assert!(matches!(answer(&mut b), ServerMsg::LoggedOut { .. }));
    let (name, account) = Client::connect(&url)
        .unwrap()
        .hello_session("guest name", &s2)
        .unwrap();
    assert_eq!((name.as_str(), account), ("guest name", false));
    let (rt, store) = database(dir.path());
    rt.block_on(store.expire_sessions_of("ada lovelace"))
        .unwrap();
    let (name, account) = Client::connect(&url)
        .unwrap()
        .hello_session("later", &session)
        .unwrap();
    assert_eq!((name.as_str(), account), ("later", false));

    // Guessing is bounded: past 5 failed log-ins the connection closes.
    let mut g = Client::join(&url, "guesser", None).unwrap();
    for i in 0..5 {
        g.send(&login("Ada Lovelace", &format!("guess number {i}")))
            .unwrap();
        assert_eq!(refusal(answer(&mut g)).0, RefusalCode::BadLogin);
    }
    g.send(&login("Ada Lovelace", "guess number 6")).unwrap();
    let seen = g.until_closed(WAIT).expect("closed");
    assert!(seen.iter().any(|m| matches!(
        m,
        ServerMsg::Error {
            code: RefusalCode::RateLimited,
            ..
        }
    )));
}

/// Names that read alike are one account's: letters of another script (a Cyrillic А),
/// a capital I for an l, full-width letters; names that only share letters are not.
#[test]
fn a_name_that_looks_like_an_accounts_name_is_refused() {
    let (_s, url, _dir) = server(|_| {});
    let mut c = Client::join(&url, "anyone", None).unwrap();
    let mut register = |name: &str| {
        c.send(&ClientMsg::Register {
            name: name.into(),
            password: PASSWORD.into(),
        })
        .unwrap();
        answer(&mut c)
    };
    assert!(matches!(register("Alice"), ServerMsg::LoggedIn { .. }));
    assert!(matches!(register("Bill"), ServerMsg::LoggedIn { .. }));
    // Full-width letters are the same name (its key), refused as taken.
    assert_eq!(refusal(register("\u{FF21}lice")).0, RefusalCode::NameTaken);
    for name in ["\u{410}lice", "\u{410}LICE", "BiII"] {
        let (code, reason) = refusal(register(name));
        assert_eq!(code, RefusalCode::NameTaken, "{name}");
        assert!(reason.contains("looks like"), "{name}: {reason}");
    }
    assert!(matches!(register("Alicia"), ServerMsg::LoggedIn { .. }));
    assert!(matches!(register("司令"), ServerMsg::LoggedIn { .. }));
    // The refused names made no account: the real one still logs in.
    c.send(&ClientMsg::Login {
        name: "alice".into(),
        password: PASSWORD.into(),
    })
    .unwrap();
    assert!(matches!(answer(&mut c), ServerMsg::LoggedIn { name, .. } if name == "Alice"));
}

/// What the hall told a client of its finished game (`rated`).
fn told(c: &mut BotClient) -> Vec<SeatRating> {
    let deadline = std::time::Instant::now() + WAIT;
    while c.rated.is_none() && std::time::Instant::now() < deadline {
        c.poll(Duration::from_millis(50)).unwrap();
    }
    c.rated.clone().expect("told how the game was counted")
}

/// The scores and plies of a finished 军棋 record.
fn junqi_result(ron: &str) -> bw_rules::junqi::Junqi {
    bw_rules::junqi::record::Record::from_ron(ron)
        .unwrap()
        .replay(std::sync::Arc::new(bw_rules::junqi::PieceSet::standard()))
        .unwrap()
}

#[test]
fn finished_games_count_in_standings_and_rated_ones_move_ratings_once() {
    // Fixed seeds: the same deals every run.
    let (_s, url, dir) = server(|c| c.fixed_seeds = Some(1));
    // Two accounts play a game to the end.
    let rated = RoomOptions {
        rated: true,
        ..room_options(GameKind::Junqi, 2)
    };
    let (mut clients, room, _) =
        room_of_two_by(|name| logged_in(&url, name, true).0, rated.clone(), 11);
    // Past 30 plies (16 moves each after the layouts) the second resigns: a rated win.
    let mut acted = [0; 2];
    drive(&mut clients, Duration::from_secs(120), |i, c| {
        acted[i] = c.acted;
        acted.iter().all(|&n| n > 17)
    })
    .unwrap();
    clients[1]
        .client
        .send(&ClientMsg::Act {
            seq: 1000,
            action: GameAction::Resign,
        })
        .unwrap();
    drive(&mut clients, Duration::from_secs(120), |_, _| false).unwrap();
    let Some(GameRecord::Junqi { ron }) = clients[0].finished.clone() else {
        panic!("no record")
    };
    let game = junqi_result(&ron);
    let won = matches!(
        game.phase,
        bw_rules::junqi::Phase::Over(bw_rules::junqi::Outcome::Won { .. })
    );
    let rated = bw_online::hall::is_rated(game.plies, 2, won, true);
    assert!(
        rated,
        "34 plies and a win: rated; the game ended after {} plies: {:?}",
        game.plies, game.phase
    );
    println!("{} plies, {:?}, rated {rated}", game.plies, game.phase);
    // Both are told their result.
    for c in &mut clients {
        let results = told(c);
        assert_eq!(results.len(), 2);
        for r in &results {
            assert_eq!(r.rated, rated);
            assert_eq!(r.score, game.players[r.seat as usize].score as i64);
            assert_eq!(r.before, 1500.0);
            // Equal ratings that draw stay equal (only the deviation narrows).
            assert_eq!(r.after != 1500.0, rated && won, "{r:?}");
        }
    }
    let (rt, store) = database(dir.path());
    let page = |name: &str| rt.block_on(store.player_page(name)).unwrap().unwrap();
    for (seat, name) in ["host", "guest"].into_iter().enumerate() {
        let p = page(name);
        let total = &p.totals[0];
        assert_eq!(total.mode, "2p");
        assert_eq!(total.score, game.players[seat].score as i64);
        assert_eq!(total.won + total.drawn + total.lost, 1);
        assert_eq!(p.recent.len(), 1);
        assert_eq!(p.recent[0].room, room);
        assert_eq!(p.ratings.len(), rated as usize, "{p:?}");
    }
    // The game's record opens from the page's room.
    assert_eq!(rt.block_on(store.record(room)).unwrap().unwrap(), ron);

    // An account against a guest: standings move, ratings do not.
    let (mut clients, _, _) = room_of_two_by(
        |name| {
            if name == "host" {
                logged_in(&url, "host", false).0
            } else {
                Client::join(&url, "a guest", None).unwrap()
            }
        },
        room_options(GameKind::Junqi, 2),
        12,
    );
    drive(&mut clients, Duration::from_secs(120), |_, _| false).unwrap();
    let results = told(&mut clients[0]);
    assert_eq!(results.len(), 1, "only the account's seat: {results:?}");
    assert!(!results[0].rated);
    assert_eq!(
        results[0].after, results[0].before,
        "an unrated game moves nothing"
    );
    let p = page("host");
    assert_eq!(p.recent.len(), 2);
    let games: u64 = p.totals.iter().map(|t| t.won + t.drawn + t.lost).sum();
    assert_eq!(games, 2);
    assert_eq!(p.ratings.iter().map(|r| r.games).sum::<u64>(), rated as u64);
}

#[test]
fn settling_is_glicko_2_by_hand_once_per_room_and_the_leaderboard_ranks_it() {
    let dir = tempfile::tempdir().unwrap();
    let (rt, store) = database(dir.path());
    settles_once_by_hand(&rt, &store);
}

#[test]
#[ignore = "needs PostgreSQL: BW_TEST_POSTGRES (scripts/test.sh starts one)"]
fn postgres_settles_once_by_hand_and_keeps_accounts() {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    let url = postgres_database("hall");
    let store = rt
        .block_on(bw_server::server::Store::open(&url, None))
        .unwrap();
    settles_once_by_hand(&rt, &store);
    // Accounts and sessions on PostgreSQL as on SQLite.
    let hashing = bw_server::server::accounts::Hashing::new(1);
    let (account, session) = rt
        .block_on(store.login(&hashing, "WINNER", PASSWORD))
        .unwrap();
    assert_eq!(account.name, "Winner");
    let back = rt.block_on(store.session(&session.token)).unwrap();
    assert_eq!(back, Some(account));
    assert!(matches!(
        rt.block_on(store.register(&hashing, "winner", PASSWORD)),
        Err(bw_server::server::accounts::AccountError::Taken)
    ));
}

/// Two accounts, a game settled twice and a quick win, on either database.
fn settles_once_by_hand(rt: &tokio::runtime::Runtime, store: &bw_server::server::Store) {
    use bw_online::hall::{Finish, FinishedGame, FinishedSeat, Sitter};
    use bw_server::server::accounts::{Hashing, Settlement};
    let hashing = Hashing::new(1);
    for name in ["Winner", "Loser"] {
        rt.block_on(store.register(&hashing, name, PASSWORD))
            .unwrap();
    }
    let seat = |seat: u8, name: &str, finish, score| FinishedSeat {
        seat,
        name: name.into(),
        sitter: Sitter::Account(name.to_lowercase()),
        team: seat,
        finish,
        score,
    };
    let game = |plies| FinishedGame {
        rated: true,
        pool: "junqi-2".into(),
        mode: "2p".into(),
        plies,
        seats: vec![
            seat(0, "Winner", Finish::Won, 10),
            seat(1, "Loser", Finish::Lost, -10),
        ],
    };
    let settled = rt
        .block_on(store.settle(&Settlement {
            room: 7,
            game: game(50),
        }))
        .unwrap();
    // By hand (hall.rs): from 1500 ± 350, one win: 1662.3; one loss: 1337.7.
    assert!(
        (settled[0].after.rating - 1662.3).abs() < 0.5,
        "{settled:?}"
    );
    assert!(
        (settled[1].after.rating - 1337.7).abs() < 0.5,
        "{settled:?}"
    );
    // The same room again (a retry): nothing counted twice.
    let again = rt
        .block_on(store.settle(&Settlement {
            room: 7,
            game: game(50),
        }))
        .unwrap();
    assert_eq!(again.len(), 2);
    assert_eq!(again[0].after.rating, settled[0].after.rating);
    let (r, games) = rt.block_on(store.rating("winner", "junqi-2")).unwrap();
    assert_eq!((r.rating, games), (settled[0].after.rating, 1));
    let page = rt.block_on(store.player_page("winner")).unwrap().unwrap();
    assert_eq!((page.totals[0].score, page.totals[0].won), (10, 1));
    // A quick win (under 30 plies) counts in the standings only.
    let quick = rt
        .block_on(store.settle(&Settlement {
            room: 8,
            game: game(29),
        }))
        .unwrap();
    assert!(!quick[0].rated);
    assert_eq!(quick[0].after, quick[0].before);
    let page = rt.block_on(store.player_page("winner")).unwrap().unwrap();
    assert_eq!((page.totals[0].score, page.totals[0].won), (20, 2));
    assert_eq!(page.ratings[0].games, 1);
    assert_eq!(page.ratings[0].rank, bw_online::hall::Rank::Brigade);
    // The leaderboard: best first, with ranks.
    let board = rt.block_on(store.leaderboard("junqi-2", 0)).unwrap();
    let names: Vec<&str> = board.iter().map(|r| r.name.as_str()).collect();
    assert_eq!(names, ["Winner", "Loser"]);
    assert_eq!(board[1].place, 2);
    assert_eq!(board[1].rank, bw_online::hall::Rank::Company);
    assert!(
        rt.block_on(store.leaderboard("junqi-2", 1))
            .unwrap()
            .is_empty()
    );
}

#[test]
fn a_rated_game_cannot_be_resigned_in_its_first_plies_and_an_unrated_one_can() {
    let (_s, url, _dir) = server(|_| {});
    for accounts in [true, false] {
        let (mut clients, _, _) = room_of_two_by(
            |name| {
                if accounts {
                    logged_in(&url, &format!("{name} resigns"), true).0
                } else {
                    Client::join(&url, name, None).unwrap()
                }
            },
            RoomOptions {
                rated: accounts,
                ..room_options(GameKind::Junqi, 2)
            },
            13,
        );
        // Play until the armies are deployed and someone is to move.
        drive(&mut clients, Duration::from_secs(60), |_, c| {
            matches!(&c.last_view, Some(GameView::Junqi(v)) if v.view.phase == bw_rules::junqi::Phase::Playing)
        })
        .unwrap();
        let c = &mut clients[0].client;
        c.send(&ClientMsg::Act {
            seq: 999,
            action: GameAction::Resign,
        })
        .unwrap();
        let m = c
            .expect(WAIT, |m| {
                matches!(
                    m,
                    ServerMsg::Acted { seq: 999 } | ServerMsg::Refused { seq: Some(999), .. }
                )
            })
            .unwrap();
        if accounts {
            assert_eq!(refusal(m).0, RefusalCode::TooEarly);
        } else {
            assert_eq!(m, ServerMsg::Acted { seq: 999 });
        }
    }
}

/// The hall lists rooms by page and filter (game, status, free seats, rated, private), and
/// rooms keep their settings: a private room asks its password, a rated room seats only
/// logged-in players, a room may forbid watching.
#[test]
fn the_hall_finds_rooms_by_filter_and_rooms_keep_their_doors() {
    let (_s, url, _dir) = server(|_| {});
    let (mut host, _) = logged_in(&url, "Hall Host", true);
    let junqi = room_options(GameKind::Junqi, 2);
    let mut made = Vec::new();
    // Each room made by an account of its own (an account sits in one room at a time).
    let mut make = |options: RoomOptions| {
        let (mut c, _) = logged_in(&url, &format!("maker {}", made.len()), true);
        c.send(&ClientMsg::CreateRoom { options }).unwrap();
        let (room, _) = seated(&mut c);
        made.push(c);
        room
    };
    let public = make(RoomOptions {
        name: Some("新手房".into()),
        ..junqi.clone()
    });
    let private = make(RoomOptions {
        password: Some("open sesame".into()),
        ..junqi.clone()
    });
    let rated = make(RoomOptions {
        rated: true,
        ..junqi.clone()
    });
    let unwatched = make(RoomOptions {
        observers: false,
        ..junqi.clone()
    });
    let bracket = make(short_bracket());
    let find = |c: &mut Client, filter: LobbyFilter, page: u32| {
        c.send(&ClientMsg::FindRooms {
            filter: Some(filter),
            page,
        })
        .unwrap();
        match c
            .expect(WAIT, |m| matches!(m, ServerMsg::Lobby { .. }))
            .unwrap()
        {
            ServerMsg::Lobby { rooms, total, page } => (rooms, total, page),
            _ => unreachable!(),
        }
    };
    let mut g = Client::join(&url, "a guest", None).unwrap();
    let ids = |rooms: &[RoomSummary]| rooms.iter().map(|r| r.id).collect::<Vec<_>>();
    let (all, total, _) = find(&mut g, LobbyFilter::default(), 0);
    assert_eq!(total, 5);
    assert_eq!(ids(&all), [public, private, rated, unwatched, bracket]);
    assert_eq!(all[0].options.name.as_deref(), Some("新手房"));
    assert!(all[1].private && !all[0].private);
    assert!(
        all.iter().all(|r| r.options.password.is_none()),
        "no password in the lobby"
    );
    let mut only = |filter| ids(&find(&mut g, filter, 0).0);
    let filter = LobbyFilter {
        game: Some(GameKind::Bracket),
        ..Default::default()
    };
    assert_eq!(only(filter), [bracket]);
    let filter = LobbyFilter {
        rated: Some(true),
        ..Default::default()
    };
    assert_eq!(only(filter), [rated]);
    let filter = LobbyFilter {
        status: Some(RoomStatus::Playing),
        ..Default::default()
    };
    assert!(only(filter).is_empty());
    let (rooms, total, page) = find(&mut g, LobbyFilter::default(), 1);
    assert_eq!(
        (rooms.len(), total, page),
        (0, 5, 1),
        "page 1 of 5 rooms is empty"
    );
    // The doors.
    let join = |c: &mut Client, room, seat, password: Option<&str>| {
        c.send(&ClientMsg::Join {
            room,
            seat,
            password: password.map(String::from),
        })
        .unwrap();
        let m = c
            .expect(WAIT, |m| {
                matches!(m, ServerMsg::Room { .. } | ServerMsg::Refused { .. })
            })
            .unwrap();
        if matches!(m, ServerMsg::Room { .. }) {
            c.send(&ClientMsg::Leave).unwrap();
            c.expect(WAIT, |m| matches!(m, ServerMsg::Left { .. }))
                .unwrap();
            None
        } else {
            Some(refusal(m).0)
        }
    };
    assert_eq!(
        join(&mut g, private, None, None),
        Some(RefusalCode::WrongPassword)
    );
    assert_eq!(
        join(&mut g, private, None, Some("open sesame!")),
        Some(RefusalCode::WrongPassword)
    );
    assert_eq!(join(&mut g, private, None, Some("open sesame")), None);
    assert_eq!(
        join(&mut g, rated, Some(1), None),
        Some(RefusalCode::NotLoggedIn)
    );
    assert_eq!(join(&mut g, rated, None, None), None, "a guest may watch");
    assert_eq!(
        join(&mut g, unwatched, None, None),
        Some(RefusalCode::NoObservers)
    );
    assert_eq!(join(&mut g, unwatched, Some(1), None), None, "but may sit");
    // A rated room has no computers; a bad room name is refused.
    made[2]
        .send(&ClientMsg::SetComputer {
            seat: 1,
            level: Some(Level::Normal),
        })
        .unwrap();
    let m = made[2]
        .expect(WAIT, |m| matches!(m, ServerMsg::Refused { .. }))
        .unwrap();
    assert_eq!(refusal(m).0, RefusalCode::BadOptions);
    host.send(&ClientMsg::CreateRoom {
        options: RoomOptions {
            name: Some("\u{202E}evil".into()),
            ..junqi
        },
    })
    .unwrap();
    assert_eq!(refusal(answer(&mut host)).0, RefusalCode::BadOptions);
}

/// A logged-in player who drops comes back to the seat by saying `hello` with the session
/// alone (no seat token): the seat gets a new token, the game goes on to its end.
#[test]
fn a_logged_in_player_comes_back_to_the_seat_by_session_alone() {
    let (_s, url, _dir) = server(|_| {});
    let sessions = std::cell::RefCell::new(Vec::new());
    let (mut clients, room, tokens) = room_of_two_by(
        |name| {
            let (c, session) = logged_in(&url, &format!("{name} returns"), true);
            sessions.borrow_mut().push(session);
            c
        },
        room_options(GameKind::Junqi, 2),
        21,
    );
    let mut acted = [0; 2];
    drive(&mut clients, Duration::from_secs(60), |i, c| {
        acted[i] = c.acted;
        acted.iter().all(|&n| n > 5)
    })
    .unwrap();
    drop(clients.pop()); // seat 1's connection drops
    let mut c = Client::connect(&url).unwrap();
    let (name, account) = c.hello_session("anyone", &sessions.borrow()[1]).unwrap();
    assert_eq!((name.as_str(), account), ("guest returns", true));
    let ServerMsg::Seated {
        room: back,
        seat,
        token,
    } = c
        .expect(WAIT, |m| matches!(m, ServerMsg::Seated { .. }))
        .unwrap()
    else {
        unreachable!()
    };
    assert_eq!((back, seat), (room, 1));
    assert_ne!(token, tokens[1], "a new seat token");
    clients.push(BotClient::new(
        c,
        Bot::new(Content::builtin(), Level::Normal, 22),
    ));
    drive(&mut clients, Duration::from_secs(120), |_, _| false).unwrap();
    // The new token takes the seat back too; the old one names nothing.
    let mut old = Client::join(&url, "x", Some(tokens[1].clone())).unwrap();
    let m = old
        .expect(WAIT, |m| {
            matches!(m, ServerMsg::Refused { .. } | ServerMsg::Seated { .. })
        })
        .unwrap();
    assert!(
        matches!(
            m,
            ServerMsg::Refused {
                code: RefusalCode::BadToken,
                ..
            }
        ),
        "{m:?}"
    );
}

/// Password hashes are dear on purpose: an address gets a few attempts a minute (a named
/// limit, `--password-attempts-per-minute`), and an account keeps its newest sessions only.
#[test]
fn password_attempts_are_limited_per_address_and_sessions_per_account() {
    let (_s, url, _dir) = server(|c| c.password_attempts_per_minute = 3);
    let (mut c, _) = logged_in(&url, "Counted", true);
    for _ in 0..2 {
        c.send(&ClientMsg::Login {
            name: "Counted".into(),
            password: PASSWORD.into(),
        })
        .unwrap();
        assert!(matches!(answer(&mut c), ServerMsg::LoggedIn { .. }));
    }
    c.send(&ClientMsg::Login {
        name: "Counted".into(),
        password: PASSWORD.into(),
    })
    .unwrap();
    let (code, reason) = refusal(answer(&mut c));
    assert_eq!(code, RefusalCode::RateLimited, "{reason}");
    // The connection stays, and so does everything that needs no password.
    c.send(&ClientMsg::Player {
        name: "counted".into(),
    })
    .unwrap();
    assert!(matches!(answer(&mut c), ServerMsg::Player { .. }));
    // A page of a name no account has says so.
    c.send(&ClientMsg::Player {
        name: "nobody at all".into(),
    })
    .unwrap();
    assert_eq!(refusal(answer(&mut c)).0, RefusalCode::NoPlayer);

    let (_s, url, _dir) = server(|_| {});
    let sessions: Vec<String> = (0..=bw_online::hall::MAX_SESSIONS)
        .map(|i| logged_in(&url, "Many Devices", i == 0).1)
        .collect();
    let still = |s: &str| {
        Client::connect(&url)
            .unwrap()
            .hello_session("x", s)
            .unwrap()
            .1
    };
    assert!(!still(&sessions[0]), "the oldest session ended");
    assert!(sessions[1..].iter().all(|s| still(s)), "the newest 10 stay");
}

/// What an attack on the hall found (session 15), each refused now: one account in two
/// seats of a room, names that are a computer's rating key or hide invisible characters,
/// a log-out of no session, and a null filter.
#[test]
fn the_hall_refuses_what_an_attacker_tried() {
    let (_s, url, _dir) = server(|_| {});
    let (mut a, session) = logged_in(&url, "Solo", true);
    a.send(&ClientMsg::CreateRoom {
        options: RoomOptions {
            rated: true,
            ..room_options(GameKind::Junqi, 2)
        },
    })
    .unwrap();
    let (room, _) = seated(&mut a);
    // A second connection of the same account (a bogus seat token keeps it from taking
    // the first seat back) may not sit in the other seat.
    let mut b = Client::connect(&url).unwrap();
    b.send(&ClientMsg::Hello {
        version: PROTOCOL_VERSION,
        name: "x".into(),
        resume: Some("00".repeat(16)),
        session: Some(session),
    })
    .unwrap();
    b.expect(WAIT, |m| {
        matches!(m, ServerMsg::Welcome { account: true, .. })
    })
    .unwrap();
    b.send(&ClientMsg::Join {
        room,
        seat: Some(1),
        password: None,
    })
    .unwrap();
    let m = b
        .expect(WAIT, |m| {
            matches!(
                m,
                ServerMsg::Refused {
                    code: RefusalCode::SeatTaken,
                    ..
                } | ServerMsg::Seated { .. }
            )
        })
        .unwrap();
    assert!(matches!(m, ServerMsg::Refused { .. }), "{m:?}");
    // Names.
    let mut g = Client::join(&url, "g", None).unwrap();
    for name in [
        "computer:easy",
        "ｃｏｍｐｕｔｅｒ：ｅａｓｙ",
        "Bo\u{200B}b",
        "Al\u{2060}ice",
    ] {
        g.send(&ClientMsg::Register {
            name: name.into(),
            password: PASSWORD.into(),
        })
        .unwrap();
        assert_eq!(refusal(answer(&mut g)).0, RefusalCode::BadName, "{name}");
    }
    // A log-out of no session says so, and the connection stays logged in as it was.
    a.send(&ClientMsg::Leave).unwrap();
    a.expect(WAIT, |m| matches!(m, ServerMsg::Left { .. }))
        .unwrap();
    a.send(&ClientMsg::Logout {
        session: "garbage".into(),
    })
    .unwrap();
    assert_eq!(refusal(answer(&mut a)).0, RefusalCode::BadSession);
    // A null filter is no filter.
    g.send_text(r#"{"type":"find_rooms","filter":null}"#)
        .unwrap();
    let m = g
        .expect(WAIT, |m| matches!(m, ServerMsg::Lobby { .. }))
        .unwrap();
    // A lobby, not a close (the room may or may not have closed yet: its only person left).
    assert!(matches!(m, ServerMsg::Lobby { page: 0, .. }), "{m:?}");
    g.send(&ClientMsg::ListRooms).unwrap();
    g.expect(WAIT, |m| matches!(m, ServerMsg::Lobby { .. }))
        .expect("the connection stays");
}

/// The next `queued`, `unqueued` or refusal.
fn queue_answer(c: &mut Client) -> ServerMsg {
    c.expect(WAIT, |m| {
        matches!(
            m,
            ServerMsg::Queued { .. } | ServerMsg::Unqueued | ServerMsg::Refused { .. }
        )
    })
    .unwrap()
}

/// Waits until the connection is seated; its room.
fn seated_room(c: &mut Client) -> (RoomId, u8) {
    match c
        .expect(WAIT, |m| matches!(m, ServerMsg::Seated { .. }))
        .unwrap()
    {
        ServerMsg::Seated { room, seat, .. } => (room, seat),
        _ => unreachable!(),
    }
}

fn quick(c: &mut Client, pool: &str) -> ServerMsg {
    c.send(&ClientMsg::QuickMatch { pool: pool.into() })
        .unwrap();
    queue_answer(c)
}

#[test]
fn quick_match_seats_players_of_a_grade_in_a_rated_room_hands_raised() {
    let (_s, url, _dir) = server(|_| {});
    let (mut a, _) = logged_in(&url, "快一", true);
    let (mut b, _) = logged_in(&url, "快二", true);
    let mut guest = Client::join(&url, "游客", None).unwrap();
    assert!(matches!(
        quick(&mut a, "junqi-2"),
        ServerMsg::Queued { waiting: 1, .. }
    ));
    // A guest is not seated with an account (a rated game needs every seat logged in).
    assert!(matches!(
        quick(&mut guest, "junqi-2"),
        ServerMsg::Queued { .. }
    ));
    assert!(matches!(
        quick(&mut b, "junqi-2"),
        ServerMsg::Queued { waiting: 3, .. }
    ));
    let (room, seat_a) = seated_room(&mut a);
    let (room_b, seat_b) = seated_room(&mut b);
    assert_eq!(room, room_b);
    assert_eq!((seat_a, seat_b), (0, 1), "in the queue's order");
    // Hands raised: the game starts, each seat laying out; the room is rated.
    for c in [&mut a, &mut b] {
        let state = c
            .expect(
                WAIT,
                |m| matches!(m, ServerMsg::Room { room } if room.status == RoomStatus::Playing),
            )
            .unwrap();
        let ServerMsg::Room { room: state } = state else {
            unreachable!()
        };
        assert!(state.options.rated);
        assert!(
            state
                .seats
                .iter()
                .all(|s| s.rating == Some(1500.0) && s.rank == Some(Rank::Regiment))
        );
    }
    // The guest still waits, alone; it leaves the queue when it asks.
    guest.send(&ClientMsg::LeaveQueue).unwrap();
    assert_eq!(queue_answer(&mut guest), ServerMsg::Unqueued);
    // In a room, quick match is refused; an unknown pool too.
    assert_eq!(refusal(quick(&mut a, "junqi-2")).0, RefusalCode::WrongPhase);
    assert_eq!(
        refusal(quick(&mut guest, "junqi-3")).0,
        RefusalCode::BadOptions
    );
}

#[test]
fn quick_match_makes_four_player_tables_and_forgets_who_left() {
    let (_s, url, _dir) = server(|_| {});
    let mut gone = Client::join(&url, "走了", None).unwrap();
    assert!(matches!(
        quick(&mut gone, "junqi-4"),
        ServerMsg::Queued { .. }
    ));
    drop(gone);
    std::thread::sleep(Duration::from_millis(200));
    let mut four: Vec<Client> = (0..4)
        .map(|i| Client::join(&url, &format!("客{i}"), None).unwrap())
        .collect();
    for c in &mut four {
        assert!(matches!(quick(c, "junqi-4"), ServerMsg::Queued { .. }));
    }
    let seats: Vec<(RoomId, u8)> = four.iter_mut().map(seated_room).collect();
    assert!(seats.iter().all(|s| s.0 == seats[0].0), "{seats:?}");
    let mut taken: Vec<u8> = seats.iter().map(|s| s.1).collect();
    taken.sort();
    assert_eq!(taken, vec![0, 1, 2, 3]);
    // Guests: an unrated 4-player 标准 room, and nobody sits for the one who left.
    let state = four[0]
        .expect(
            WAIT,
            |m| matches!(m, ServerMsg::Room { room } if room.status == RoomStatus::Playing),
        )
        .unwrap();
    let ServerMsg::Room { room } = state else {
        unreachable!()
    };
    assert!(!room.options.rated);
    assert!(room.seats.iter().all(|s| matches!(&s.occupant,
        Occupant::Person { name } if name.starts_with('客'))));
}

/// Quick match under a queue of accounts of many grades: pairs form within a grade first.
#[test]
fn quick_match_pairs_within_a_grade_before_widening() {
    let (_s, url, dir) = server(|_| {});
    // Two accounts whose ratings are grades apart, and one of the first one's grade.
    let (mut low, _) = logged_in(&url, "低", true);
    let (mut high, _) = logged_in(&url, "高", true);
    let (mut peer, _) = logged_in(&url, "同", true);
    let (rt, store) = database(dir.path());
    for (key, rating) in [("低", 1250.0), ("高", 1500.0), ("同", 1260.0)] {
        rt.block_on(store.set_rating_for_tests(key, "junqi-2", rating))
            .unwrap();
    }
    assert!(matches!(
        quick(&mut low, "junqi-2"),
        ServerMsg::Queued { .. }
    ));
    assert!(matches!(
        quick(&mut high, "junqi-2"),
        ServerMsg::Queued { .. }
    ));
    // Two grades apart: not paired now (only after 45 s each).
    std::thread::sleep(Duration::from_millis(1200));
    assert!(matches!(
        quick(&mut peer, "junqi-2"),
        ServerMsg::Queued { .. }
    ));
    let (room_low, _) = seated_room(&mut low);
    let (room_peer, _) = seated_room(&mut peer);
    assert_eq!(room_low, room_peer);
    high.send(&ClientMsg::LeaveQueue).unwrap();
    assert_eq!(queue_answer(&mut high), ServerMsg::Unqueued);
}

#[test]
fn registrations_stop_at_the_servers_account_limit() {
    let (_s, url, _dir) = server(|c| c.max_accounts = 2);
    let (_a, _) = logged_in(&url, "一号", true);
    let (_b, _) = logged_in(&url, "二号", true);
    let mut c = Client::join(&url, "三号", None).unwrap();
    c.send(&ClientMsg::Register {
        name: "三号".into(),
        password: PASSWORD.into(),
    })
    .unwrap();
    let (code, reason) = refusal(answer(&mut c));
    assert_eq!(code, RefusalCode::ServerFull);
    assert!(reason.contains("2 accounts"), "{reason}");
    // The accounts there still log in.
    let (_a, _) = logged_in(&url, "一号", false);
}
