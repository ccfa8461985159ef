//! 联机 in the app, headless: two windows' worth of app in one test process play a whole
//! 2-player 军棋 game through a server started in-process on 127.0.0.1:0 — connect, open a
//! room, enter, sit, raise hands, lay out (with a swap by clicks), and move by clicks to the
//! end; a server that cannot be reached shows as a lost connection.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bracket_war::app::online::{Notice, Online, OnlineIntent, Status};
use bracket_war::app::{OnlineScreen, Screen};
use bw_online::protocol::*;
use bw_rules::junqi::ai::{Ai, AiKind};
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
        },
        computer_takes_over: false,
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
        OnlineIntent::Send(ClientMsg::Join { room, seat: None }),
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
    for app in [&mut a, &mut b] {
        assert_eq!(online(app).layout_problem(&PieceSet::standard()), None);
        intend(app, OnlineIntent::Deploy);
    }
    until(&mut [&mut a, &mut b], "play", |x| {
        x.iter().all(|a| {
            matches!(&online(a).view, Some(GameView::Junqi(v)) if v.view.phase != Phase::Deploying)
        })
    });
    // Play by clicks: each side picks with the heuristic player from what it was shown.
    let set = PieceSet::standard();
    let board = junqi::Board::two_player();
    let mut ais = [Ai::new(AiKind::Heuristic, 1), Ai::new(AiKind::Heuristic, 2)];
    let deadline = Instant::now() + Duration::from_secs(240);
    let mut plies = 0;
    while online(&a).finished.is_none() || online(&b).finished.is_none() {
        assert!(
            Instant::now() < deadline,
            "the game did not end ({plies} plies)"
        );
        for (i, app) in [&mut a, &mut b].into_iter().enumerate() {
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
    let saves = bracket_war::saves::SaveDir::junqi(_sa.path());
    match saves.load_junqi(0, &Arc::new(PieceSet::standard())) {
        bracket_war::saves::JunqiSlot::Saved { game, .. } => {
            assert!(matches!(game.phase, Phase::Over(_)))
        }
        other => panic!("slot 1: {other:?}"),
    }
}

#[test]
fn a_server_that_cannot_be_reached_shows_as_lost() {
    let (mut a, _s) = app();
    intend(
        &mut a,
        OnlineIntent::Connect {
            url: "ws://127.0.0.1:9".into(),
            name: "x".into(),
        },
    );
    until(&mut [&mut a], "the failure", |x| {
        matches!(online(x[0]).status, Status::Lost(_))
    });
    let Status::Lost(why) = &online(&a).status else {
        unreachable!()
    };
    assert!(why.contains("127.0.0.1:9"), "{why}");
    assert_eq!(screen(&a), Some(OnlineScreen::Lobby));
}
