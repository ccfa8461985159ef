//! 联机 in the app, headless: two windows' worth of app in one test process play a whole
//! 2-player 军棋 game through a server started in-process on 127.0.0.1:0 — connect, open a
//! room, enter, sit, raise hands, lay out (with a swap by clicks), and move by clicks to the
//! end; a server that cannot be reached shows as a lost connection.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bracket_war::app::junqi::deploy::DeployAsk;
use bracket_war::app::online::{Notice, Online, OnlineIntent, Status};
use bracket_war::app::{OnlineScreen, Screen};
use bw_online::protocol::*;
use bw_players::junqi::{Ai, Style};
use bw_rules::junqi::{self, Phase, PieceSet};

fn app() -> (App, tempfile::TempDir) {
    let (mut app, saves) = crate::headless_game();
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Online);
    app.update();
    app.update();
    (app, saves)
}

fn online(app: &App) -> &Online {
    app.world().resource::<Online>()
}

fn screen(app: &App) -> Option<OnlineScreen> {
    app.world()
        .get_resource::<State<OnlineScreen>>()
        .map(|s| *s.get())
}

fn intend(app: &mut App, i: OnlineIntent) {
    app.world_mut().write_message(i);
    app.update();
}

/// Connects to `url` as `name` and registers that name (the password: the name's own).
fn register(url: &str, name: &str) -> OnlineIntent {
    OnlineIntent::Connect {
        url: url.to_string(),
        name: name.into(),
        session: false,
        then: Some(ClientMsg::Register {
            name: name.into(),
            password: format!("{name} 的密码 1234"),
        }),
    }
}

/// Updates both apps until `done` holds (the network runs on threads).
fn until(apps: &mut [&mut App], what: &str, done: impl Fn(&[&mut App]) -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done(apps) {
        assert!(Instant::now() < deadline, "timed out waiting for: {what}");
        for a in apps.iter_mut() {
            a.update();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn two_apps_play_junqi_through_a_server() {
    let data = tempfile::tempdir().unwrap();
    let server =
        bw_server::server::spawn("127.0.0.1:0", bw_server::server::Config::new(data.path()))
            .unwrap();
    let url = format!("ws://{}", server.addr);
    let (mut a, _sa) = app();
    let (mut b, _sb) = app();
    assert_eq!(screen(&a), Some(OnlineScreen::Lobby));
    for (app, name) in [(&mut a, "甲"), (&mut b, "乙")] {
        intend(
            app,
            OnlineIntent::Connect {
                url: url.clone(),
                name: name.into(),
                session: false,
                then: None,
            },
        );
    }
    until(&mut [&mut a, &mut b], "both connected", |x| {
        x.iter().all(|a| online(a).connected())
    });
    let options = RoomOptions {
        game: GameOptions::Junqi {
            rules: junqi::Rules {
                board: junqi::BoardChoice::TwoPlayer,
                players: 2,
                quiet_limit: 30,
                ..junqi::Rules::default()
            },
            deploy_secs: None,
            move_secs: None,
            timeouts_lose: None,
            total_secs: None,
            any_count: false,
        },
        computer_takes_over: false,
        name: None,
        rated: false,
        observers: true,
        password: None,
    };
    intend(
        &mut a,
        OnlineIntent::Send(ClientMsg::CreateRoom { options }),
    );
    until(&mut [&mut a, &mut b], "the host in its room", |x| {
        screen(x[0]) == Some(OnlineScreen::Room) && online(x[0]).my_seat() == Some(0)
    });
    let room = online(&a).room.as_ref().unwrap().id;
    intend(&mut b, OnlineIntent::Send(ClientMsg::ListRooms));
    until(&mut [&mut a, &mut b], "the room listed", |x| {
        online(x[1]).lobby.iter().any(|r| r.id == room)
    });
    intend(
        &mut b,
        OnlineIntent::Send(ClientMsg::Join {
            room,
            seat: None,
            password: None,
        }),
    );
    until(&mut [&mut a, &mut b], "the guest watching", |x| {
        screen(x[1]) == Some(OnlineScreen::Room)
    });
    intend(&mut b, OnlineIntent::Send(ClientMsg::Sit { seat: 1 }));
    until(&mut [&mut a, &mut b], "the guest seated", |x| {
        online(x[1]).my_seat() == Some(1)
    });
    for app in [&mut a, &mut b] {
        intend(app, OnlineIntent::Send(ClientMsg::Ready { ready: true }));
    }
    until(&mut [&mut a, &mut b], "both laying out", |x| {
        x.iter().all(|a| online(a).layout.is_some())
    });
    // A swap by two clicks changes the army; a second swap puts it back.
    let layout = online(&a).layout.clone().unwrap();
    let (n1, n2) = (layout[0].0, layout[1].0);
    assert_ne!(layout[0].1, layout[1].1);
    for n in [n1, n2] {
        intend(&mut a, OnlineIntent::JunqiClick(n));
    }
    let swapped = online(&a).layout.clone().unwrap();
    assert_eq!((swapped[0].1, swapped[1].1), (layout[1].1, layout[0].1));
    for n in [n1, n2] {
        intend(&mut a, OnlineIntent::JunqiClick(n));
    }
    assert_eq!(online(&a).layout.clone().unwrap(), layout);
    // The layout panel of a game at one computer: drag to swap, mirror, a new automatic
    // layout, and a named layout kept and put back — all before anything is sent.
    intend(&mut a, OnlineIntent::JunqiDrag(n1, n2));
    assert_eq!(online(&a).layout.clone().unwrap()[0].1, layout[1].1);
    intend(&mut a, OnlineIntent::JunqiDrag(n1, n2));
    assert_eq!(online(&a).layout.clone().unwrap(), layout);
    intend(&mut a, OnlineIntent::Layout(DeployAsk::Mirror));
    let mirrored = online(&a).layout.clone().unwrap();
    assert_ne!(mirrored, layout);
    intend(&mut a, OnlineIntent::Layout(DeployAsk::Mirror));
    assert_eq!(online(&a).layout.clone().unwrap(), layout);
    intend(&mut a, OnlineIntent::Layout(DeployAsk::Save("网上".into())));
    // A new automatic layout (drawn afresh each time: a few tries give a different one).
    for _ in 0..8 {
        intend(&mut a, OnlineIntent::Layout(DeployAsk::Auto));
        if online(&a).layout.clone().unwrap() != layout {
            break;
        }
    }
    assert_ne!(online(&a).layout.clone().unwrap(), layout);
    assert_eq!(
        online(&a).layout_problem(
            &PieceSet::standard(),
            a.world().resource::<bracket_war::app::i18n::Locale>()
        ),
        None
    );
    intend(&mut a, OnlineIntent::Layout(DeployAsk::Load("网上".into())));
    let mut back = online(&a).layout.clone().unwrap();
    let mut want = layout.clone();
    back.sort();
    want.sort();
    assert_eq!(back, want, "the named layout put back");
    intend(
        &mut a,
        OnlineIntent::Layout(DeployAsk::Load("none such".into())),
    );
    assert!(matches!(
        online(&a).notice,
        Some(Notice::LayoutNotLoaded(_))
    ));
    a.world_mut().resource_mut::<Online>().notice = None;
    for app in [&mut a, &mut b] {
        assert_eq!(
            online(app).layout_problem(
                &PieceSet::standard(),
                app.world().resource::<bracket_war::app::i18n::Locale>()
            ),
            None
        );
        intend(app, OnlineIntent::Deploy);
    }
    until(&mut [&mut a, &mut b], "play", |x| {
        x.iter().all(|a| {
            matches!(&online(a).view, Some(GameView::Junqi(v)) if v.view.phase != Phase::Deploying)
        })
    });
    let plies = play_to_the_end(&mut a, &mut b, None);
    assert!(plies > 10, "{plies} plies");
    for app in [&a, &b] {
        assert!(online(app).notice.is_none(), "{:?}", online(app).notice);
        let Some(GameRecord::Junqi { ron }) = &online(app).finished else {
            panic!("no record");
        };
        let record = junqi::record::Record::from_ron(ron).unwrap();
        assert_eq!(record.seats[0].2, "甲");
        assert_eq!(record.seats[1].2, "乙");
    }
    // Kept in a save slot: it loads as a finished 军棋 game.
    intend(&mut a, OnlineIntent::SaveFinished);
    assert_eq!(online(&a).notice, Some(Notice::Saved(1)));
    let saves = bracket_war::saves::SaveDir::new(_sa.path());
    match saves.load::<bracket_war::saves::JunqiSave>(0, &Arc::new(PieceSet::standard())) {
        bracket_war::saves::JunqiSlot::Saved(bracket_war::saves::Saved { game, .. }) => {
            assert!(matches!(game.phase, Phase::Over(_)))
        }
        other => panic!("slot 1: {other:?}"),
    }
}

#[test]
fn a_server_that_cannot_be_reached_or_a_bad_address_says_so() {
    use bracket_war::app::online::link::LinkEnd;
    let (mut a, _s) = app();
    intend(
        &mut a,
        OnlineIntent::Connect {
            url: "ws://127.0.0.1:9".into(),
            name: "x".into(),
            session: false,
            then: None,
        },
    );
    until(&mut [&mut a], "the failure", |x| {
        matches!(online(x[0]).status, Status::Lost(_))
    });
    let Status::Lost(why) = &online(&a).status else {
        unreachable!()
    };
    assert_eq!(*why, LinkEnd::Unreachable);
    assert_eq!(screen(&a), Some(OnlineScreen::Lobby));
    // What is not an address says so at once, in the player's words (every message is in
    // both locale files).
    for typed in ["http://[bad", "127.0.0.1", "server:99999", "a b:7878", ""] {
        intend(
            &mut a,
            OnlineIntent::Connect {
                url: typed.into(),
                name: "x".into(),
                session: false,
                then: None,
            },
        );
        a.update();
        assert_eq!(
            online(&a).status,
            Status::Lost(LinkEnd::BadAddress),
            "{typed:?}"
        );
    }
    assert_eq!(
        bracket_war::app::online::link::server_url("192.168.1.5:7878"),
        Ok("ws://192.168.1.5:7878".into())
    );
    assert_eq!(
        bracket_war::app::online::link::server_url("wss://play.example.org:443/"),
        Ok("wss://play.example.org:443".into())
    );
}

/// Plays a 军棋 game to its end by clicks: each side picks with the heuristic player from
/// what it was shown; with `resign_at`, the second side resigns once that many plies are
/// played. The plies played.
fn play_to_the_end(a: &mut App, b: &mut App, resign_at: Option<usize>) -> usize {
    let mut resigned = false;
    let set = PieceSet::standard();
    let board = junqi::Board::two_player();
    let mut ais = [Ai::new(Style::Heuristic, 1), Ai::new(Style::Heuristic, 2)];
    let deadline = Instant::now() + Duration::from_secs(240);
    let mut plies = 0;
    while online(a).finished.is_none() || online(b).finished.is_none() {
        assert!(
            Instant::now() < deadline,
            "the game did not end ({plies} plies)"
        );
        if !resigned && resign_at.is_some_and(|n| plies >= n) && online(b).finished.is_none() {
            resigned = true;
            intend(b, OnlineIntent::Act(GameAction::Resign));
        }
        for (i, app) in [&mut *a, &mut *b].into_iter().enumerate() {
            app.update();
            let Some(GameView::Junqi(v)) = online(app).view.clone() else {
                continue;
            };
            if v.view.phase != Phase::Playing || v.view.turn != v.view.me {
                continue;
            }
            match ais[i].choose(&board, &set, &v.view) {
                junqi::Action::Move { from, to } => {
                    intend(app, OnlineIntent::JunqiClick(from));
                    intend(app, OnlineIntent::JunqiClick(to));
                }
                junqi::Action::OfferDraw => intend(app, OnlineIntent::Act(GameAction::OfferDraw)),
                _ => intend(app, OnlineIntent::Act(GameAction::Resign)),
            }
            plies += 1;
            // Wait for the server's answer before looking again.
            let before = online(app).view.clone();
            let t = Instant::now();
            while online(app).view == before && t.elapsed() < Duration::from_secs(5) {
                app.update();
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }
    plies
}

/// The hall from the app: two players register (the password goes no further than the
/// message), quick match seats them in a rated room (the hall's filter finds it), they play
/// it to the end, and both ratings move, beside their names too; the game is on the
/// player's page, and its record opens in the replay viewer; the kept session logs in again
/// without the password.
#[test]
fn a_rated_game_moves_both_ratings_and_its_replay_opens() {
    use bracket_war::app::JunqiScreen;
    use bracket_war::app::settings::UserSettings;

    let data = tempfile::tempdir().unwrap();
    let server =
        bw_server::server::spawn("127.0.0.1:0", bw_server::server::Config::new(data.path()))
            .unwrap();
    let url = format!("ws://{}", server.addr);
    let (mut a, _sa) = app();
    let (mut b, _sb) = app();
    for (app, name) in [(&mut a, "甲方"), (&mut b, "乙方")] {
        intend(app, register(&url, name));
    }
    until(&mut [&mut a, &mut b], "both logged in", |x| {
        x.iter().all(|a| online(a).logged_in)
    });
    // The session is kept for this server, never the password.
    for app in [&mut a, &mut b] {
        app.update();
        let settings = app.world().resource::<UserSettings>();
        assert!(!settings.online_session.is_empty());
        assert_eq!(settings.online_session_server, url);
        let kept = ron::ser::to_string(settings).unwrap();
        assert!(!kept.contains("密码"), "{kept}");
    }
    // 快速开始: both new players are of one grade, so the first two in the queue sit
    // together at once, hands raised, in a rated room.
    for app in [&mut a, &mut b] {
        intend(
            app,
            OnlineIntent::Send(ClientMsg::QuickMatch {
                pool: "junqi-2".into(),
            }),
        );
    }
    until(&mut [&mut a, &mut b], "both seated by quick match", |x| {
        x.iter()
            .all(|a| online(a).my_seat().is_some() && online(a).queued.is_none())
    });
    let room = online(&a).room.as_ref().unwrap().id;
    assert_eq!(online(&b).room.as_ref().unwrap().id, room);
    assert!(online(&a).room.as_ref().unwrap().options.rated);
    until(
        &mut [&mut a, &mut b],
        "both names with their ratings",
        |x| {
            online(x[0])
                .room
                .as_ref()
                .is_some_and(|r| r.seats.iter().all(|s| s.rating == Some(1500.0)))
        },
    );
    // The hall's filter finds it among the rated rooms.
    let (mut c, _sc) = app();
    intend(
        &mut c,
        OnlineIntent::Connect {
            url: url.clone(),
            name: "观众".into(),
            session: false,
            then: None,
        },
    );
    until(&mut [&mut c], "a third connected", |x| {
        online(x[0]).connected()
    });
    intend(
        &mut c,
        OnlineIntent::FindRooms(Some(LobbyFilter {
            rated: Some(true),
            ..LobbyFilter::default()
        })),
    );
    until(&mut [&mut c], "the rated room listed", |x| {
        online(x[0])
            .lobby
            .iter()
            .any(|r| r.id == room && r.options.rated)
    });
    intend(
        &mut c,
        OnlineIntent::FindRooms(Some(LobbyFilter {
            rated: Some(false),
            ..LobbyFilter::default()
        })),
    );
    until(&mut [&mut c], "not among the unrated", |x| {
        online(x[0]).lobby_page == 0 && online(x[0]).lobby.iter().all(|r| r.id != room)
    });
    drop(c);
    until(&mut [&mut a, &mut b], "both laying out", |x| {
        x.iter().all(|a| online(a).layout.is_some())
    });
    for app in [&mut a, &mut b] {
        intend(app, OnlineIntent::Deploy);
    }
    // A decisive game long enough to be rated (a win inside 30 plies is not): the second
    // seat resigns after 34.
    let plies = play_to_the_end(&mut a, &mut b, Some(34));
    until(&mut [&mut a, &mut b], "the ratings", |x| {
        x.iter().all(|a| online(a).rated.is_some())
    });
    let results = online(&a).rated.clone().unwrap();
    assert_eq!(results.len(), 2, "{results:?}");
    for r in &results {
        assert!(r.rated, "{plies} plies: {r:?}");
        assert_ne!(r.before, r.after, "{r:?}");
    }
    // The new ratings beside the names.
    until(&mut [&mut a, &mut b], "the room's new ratings", |x| {
        let seats = &online(x[1]).room.as_ref().unwrap().seats;
        results
            .iter()
            .all(|r| seats[r.seat as usize].rating == Some(r.after))
    });
    // The player's page lists the game; its record opens in the replay viewer.
    intend(&mut a, OnlineIntent::Send(ClientMsg::Leave));
    until(&mut [&mut a], "left", |x| online(x[0]).room.is_none());
    intend(
        &mut a,
        OnlineIntent::Send(ClientMsg::Player {
            name: "乙方".into(),
        }),
    );
    until(&mut [&mut a], "the player page", |x| {
        online(x[0]).player.is_some()
    });
    let page = online(&a).player.clone().unwrap();
    assert_eq!(page.name, "乙方");
    assert_eq!(page.recent[0].room, room);
    assert!(page.recent[0].rated);
    intend(
        &mut a,
        OnlineIntent::Send(ClientMsg::Record {
            room: page.recent[0].room,
        }),
    );
    until(&mut [&mut a], "the replay viewer", |x| {
        x[0].world()
            .get_resource::<State<JunqiScreen>>()
            .is_some_and(|s| *s.get() == JunqiScreen::Replay)
    });
    let replay = a
        .world()
        .resource::<bracket_war::app::junqi::replay::JunqiReplay>();
    let mut names: Vec<&str> = replay.record.seats.iter().map(|s| s.2.as_str()).collect();
    names.sort();
    assert_eq!(names, ["乙方", "甲方"]);
    assert!(replay.all_open, "a finished game opens every seat");
    // Back online, the kept session logs in again without the password.
    a.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Online);
    a.update();
    a.update();
    intend(
        &mut a,
        OnlineIntent::Connect {
            url: url.clone(),
            name: "someone".into(),
            session: true,
            then: None,
        },
    );
    until(&mut [&mut a], "logged in again", |x| {
        online(x[0]).connected() && online(x[0]).logged_in
    });
    assert_eq!(online(&a).me, "甲方");
    // Logging out ends the session: it is forgotten.
    intend(&mut a, OnlineIntent::Logout);
    until(&mut [&mut a], "logged out", |x| !online(x[0]).logged_in);
    a.update();
    assert!(
        a.world()
            .resource::<UserSettings>()
            .online_session
            .is_empty()
    );
}

#[test]
fn a_bracket_room_is_played_on_the_games_own_board() {
    use bracket_war::app::bracket::{BracketGame, BracketMove, game_of, is_human_turn};
    use bw_rules::bracket::ecs::{
        BoardCell, BracketActions, BracketBoard, BracketContent, BracketTurn,
    };
    use bw_rules::bracket::text::format_board;

    let data = tempfile::tempdir().unwrap();
    let server =
        bw_server::server::spawn("127.0.0.1:0", bw_server::server::Config::new(data.path()))
            .unwrap();
    let (mut a, saves) = app();
    let own_kinds = a.world().resource::<BracketContent>().0.clone();
    intend(
        &mut a,
        OnlineIntent::Connect {
            url: format!("ws://{}", server.addr),
            name: "甲".into(),
            session: false,
            then: None,
        },
    );
    until(&mut [&mut a], "connected", |x| online(x[0]).connected());
    let options = bw_server::loadtest::room_options(GameKind::Bracket, 2);
    intend(
        &mut a,
        OnlineIntent::Send(ClientMsg::CreateRoom { options }),
    );
    until(&mut [&mut a], "seated", |x| {
        online(x[0]).my_seat() == Some(0)
    });
    intend(
        &mut a,
        OnlineIntent::Send(ClientMsg::SetComputer {
            seat: 1,
            level: Some(Level::Normal),
        }),
    );
    until(&mut [&mut a], "the computer seated", |x| {
        online(x[0]).room.as_ref().unwrap().seats[1].occupant != Occupant::Empty
    });
    intend(&mut a, OnlineIntent::Send(ClientMsg::Ready { ready: true }));
    until(&mut [&mut a], "the board", |x| {
        screen(x[0]) == Some(OnlineScreen::BracketBoard)
            && x[0].world().get_resource::<BracketGame>().is_some()
    });
    // The board's rule entities (its mirrors and glass) are in the world, as in a game at
    // one computer.
    let fixtures = a.world_mut().query::<&BoardCell>().iter(a.world()).count();
    let board = a.world().resource::<BracketBoard>().board.clone();
    let tiles = (0..board.side() * board.side())
        .filter(|&i| board.tile(i) != bw_rules::bracket::Tile::Empty)
        .count();
    assert!(fixtures > 0);
    assert_eq!(fixtures, tiles);

    let world_text = |app: &App| {
        let kinds = &app.world().resource::<BracketContent>().0;
        format_board(&app.world().resource::<BracketBoard>().board, kinds)
    };
    let actions = |app: &App| app.world().resource::<BracketActions>().0.len();
    let view_actions = |app: &App| match &online(app).view {
        Some(GameView::Bracket(v)) => v.actions,
        _ => 0,
    };
    let mut mine = 0;
    let mut refused_once = false;
    let deadline = Instant::now() + Duration::from_secs(120);
    while online(&a).finished.is_none() {
        assert!(Instant::now() < deadline, "the game did not end");
        a.update();
        std::thread::sleep(Duration::from_millis(2));
        // The board is the server's: every action it sent is played in the world.
        if let Some(GameView::Bracket(v)) = &online(&a).view
            && v.actions == actions(&a)
        {
            assert_eq!(
                world_text(&a),
                v.board,
                "the board after {} actions",
                v.actions
            );
        }
        let world = a.world();
        let human = is_human_turn(
            world.resource::<BracketTurn>(),
            world.resource::<BracketGame>(),
        );
        if actions(&a) != view_actions(&a) {
            continue;
        }
        if !human {
            continue;
        }
        // A move the rules refuse (on a mirror or glass) goes to the server, which says no;
        // the board stays as it was.
        if !refused_once {
            refused_once = true;
            let board = a.world().resource::<BracketBoard>().board.clone();
            let kinds = a.world().resource::<BracketContent>().0.clone();
            let taken = (0..board.side() * board.side())
                .find(|&i| board.tile(i) != bw_rules::bracket::Tile::Empty)
                .unwrap();
            let before = world_text(&a);
            a.world_mut()
                .write_message(BracketMove(bw_rules::bracket::game::Action::Place {
                    at: bw_rules::bracket::game::At {
                        row: (taken / board.side()) as u8,
                        col: (taken % board.side()) as u8,
                    },
                    kind: kinds.by_id("paren").unwrap(),
                    facing: None,
                }));
            until(&mut [&mut a], "the refusal", |x| {
                matches!(
                    online(x[0]).notice,
                    Some(Notice::Refused(RefusalCode::Illegal, _))
                )
            });
            assert_eq!(world_text(&a), before);
            a.world_mut().resource_mut::<Online>().notice = None;
        }
        // This seat's move, queued where the mouse and the keyboard put theirs.
        let game = game_of(a.world());
        let kinds = a.world().resource::<BracketContent>().0.clone();
        let action = bw_players::bracket::choose(
            bw_players::bracket::Seat::Computer(bw_players::bracket::AiKind::Greedy),
            &game,
            &kinds,
            mine,
            bw_players::THINKING,
        );
        let before = actions(&a);
        a.world_mut().write_message(BracketMove(action));
        mine += 1;
        until(&mut [&mut a], "the server's answer", |x| {
            actions(x[0]) > before || online(x[0]).notice.is_some()
        });
        assert!(online(&a).notice.is_none(), "{:?}", online(&a).notice);
    }
    assert!(refused_once);
    assert!(mine >= 5, "{mine} moves");
    until(&mut [&mut a], "the last action", |x| {
        actions(x[0]) == view_actions(x[0])
    });
    assert!(a.world().resource::<BracketTurn>().0.is_over());
    let Some(GameRecord::Bracket {
        actions: record, ..
    }) = online(&a).finished.clone()
    else {
        panic!("no record");
    };
    assert_eq!(record.len(), actions(&a));
    // Kept in a save slot, it loads as the same finished game.
    intend(&mut a, OnlineIntent::SaveFinished);
    assert_eq!(online(&a).notice, Some(Notice::Saved(1)));
    let dir = bracket_war::saves::SaveDir::new(saves.path());
    match dir.load::<bracket_war::saves::SaveData>(0, &own_kinds) {
        bracket_war::saves::Slot::Saved(bracket_war::saves::Saved { save: data, .. }) => {
            assert_eq!(data.actions, record)
        }
        other => panic!("slot 1: {other:?}"),
    }
    // Leaving the room leaves the board; the app's own kinds come back.
    intend(&mut a, OnlineIntent::Send(ClientMsg::Leave));
    until(&mut [&mut a], "the lobby", |x| {
        screen(x[0]) == Some(OnlineScreen::Lobby)
    });
    a.update();
    let cells = a.world_mut().query::<&BoardCell>().iter(a.world()).count();
    assert_eq!(cells, 0, "the board's entities left with it");
    assert!(Arc::ptr_eq(
        &a.world().resource::<BracketContent>().0,
        &own_kinds
    ));
    assert!(a.world().get_resource::<BracketGame>().is_none());
}

/// Several servers of one hall (one database; SQLite serves here as PostgreSQL does in
/// `tests/online_server.rs`): a logged-in player in the hall of server B sees a room that
/// server A holds, asks to enter it, is sent to A with the same session, and is in the
/// room there, still logged in.
#[test]
fn a_room_on_another_server_of_the_hall_is_entered_there() {
    let data = tempfile::tempdir().unwrap();
    let database = format!("sqlite:{}", data.path().join("hall.db").display());
    let start = |dir: &str| {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let url = format!("ws://127.0.0.1:{port}");
        let mut config = bw_server::server::Config::new(data.path().join(dir));
        config.database = Some(database.clone());
        config.public_url = Some(url.clone());
        bw_server::server::spawn(&format!("127.0.0.1:{port}"), config).unwrap();
        url
    };
    let (url_a, url_b) = (start("a"), start("b"));
    let (mut a, _sa) = app();
    let (mut b, _sb) = app();
    for (app, name, url) in [(&mut a, "甲方", &url_a), (&mut b, "乙方", &url_b)] {
        intend(app, register(url, name));
    }
    until(&mut [&mut a, &mut b], "both logged in", |x| {
        x.iter().all(|a| online(a).logged_in)
    });
    intend(
        &mut a,
        OnlineIntent::Send(ClientMsg::CreateRoom {
            options: bw_server::loadtest::room_options(GameKind::Junqi, 2),
        }),
    );
    until(&mut [&mut a, &mut b], "the host in its room on A", |x| {
        online(x[0]).my_seat() == Some(0)
    });
    let room = online(&a).room.as_ref().unwrap().id;
    // B's hall lists A's room (once B has read the shared list), with A's address.
    let deadline = Instant::now() + Duration::from_secs(20);
    while !online(&b).lobby.iter().any(|r| r.id == room) {
        assert!(Instant::now() < deadline, "B's hall never listed A's room");
        intend(&mut b, OnlineIntent::FindRooms(None));
        std::thread::sleep(Duration::from_millis(100));
        b.update();
    }
    let line = online(&b).lobby.iter().find(|r| r.id == room).unwrap();
    assert_eq!(line.server.as_deref(), Some(url_a.as_str()));
    intend(
        &mut b,
        OnlineIntent::Send(ClientMsg::Join {
            room,
            seat: Some(1),
            password: None,
        }),
    );
    until(&mut [&mut a, &mut b], "乙方 seated in A's room", |x| {
        online(x[1]).my_seat() == Some(1)
    });
    assert_eq!(online(&b).server, url_a, "the window went to A");
    assert!(online(&b).logged_in, "with the same session");
    assert_eq!(online(&b).me, "乙方");
    until(&mut [&mut a, &mut b], "the host sees 乙方 sit", |x| {
        matches!(
            &online(x[0]).room.as_ref().unwrap().seats[1].occupant,
            Occupant::Person { name } if name == "乙方"
        )
    });
}

/// A registration the server refuses (the name is an account's) ends the connection: the
/// player is back at the connect form with the reason, not in the hall as a guest under
/// that name.
#[test]
fn a_refused_registration_leaves_nobody_in_the_hall_under_that_name() {
    let data = tempfile::tempdir().unwrap();
    let server =
        bw_server::server::spawn("127.0.0.1:0", bw_server::server::Config::new(data.path()))
            .unwrap();
    let url = format!("ws://{}", server.addr);
    let (mut a, _sa) = app();
    let (mut b, _sb) = app();
    intend(&mut a, register(&url, "小明"));
    until(&mut [&mut a], "registered", |x| online(x[0]).logged_in);
    intend(&mut b, register(&url, "小明"));
    until(&mut [&mut b], "refused and disconnected", |x| {
        matches!(
            online(x[0]).notice,
            Some(Notice::Refused(RefusalCode::NameTaken, _))
        ) && online(x[0]).status == Status::Offline
    });
    assert!(!online(&b).connected());
    assert!(!online(&b).logged_in);
}
