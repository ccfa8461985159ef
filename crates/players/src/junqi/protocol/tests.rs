use super::*;
use crate::junqi::feed::SeatFeed;
use bw_rules::junqi::game::{Junqi, PublicEvent};
use bw_rules::junqi::headless::setup;
use std::sync::Arc;

fn names_of(game: &Junqi) -> (Arc<Board>, Arc<PieceSet>) {
    (game.board.clone(), game.set.clone())
}

#[test]
fn every_message_round_trips_through_its_line() {
    let game = setup(Rules::default(), Arc::new(PieceSet::standard()), 7, true).unwrap();
    let (board, set) = names_of(&game);
    let names = Codes {
        board: &board,
        set: &set,
    };
    let s = |n: &str| board.find(n).unwrap();
    let messages = vec![
        ToEngine::Protocol(1),
        ToEngine::Rules(Rules::default()),
        ToEngine::Seat('E'),
        ToEngine::Pieces(set.standard_hand()),
        ToEngine::Deploy(5000),
        ToEngine::LayoutOk,
        ToEngine::LayoutRefused("the flag must stand in a headquarters".into()),
        ToEngine::Start { first: 'N' },
        ToEngine::Occupied(vec![(s("S00"), 'S'), (s("N44"), 'N')]),
        ToEngine::Known(vec![(s("E51"), set.by_code("FLAG").unwrap())]),
        ToEngine::Event(EngineEvent::Move {
            seat: 'S',
            from: s("S30"),
            to: s("C00"),
            outcome: MoveOutcome::Both,
        }),
        ToEngine::Event(EngineEvent::Reveal {
            seat: 'W',
            nodes: vec![s("W51"), s("W53")],
        }),
        ToEngine::Event(EngineEvent::Offer('E')),
        ToEngine::Event(EngineEvent::Answer('N', false)),
        ToEngine::Event(EngineEvent::Timeout('S')),
        ToEngine::Event(EngineEvent::Out('N', OutReason::Flag { by: Some('S') })),
        ToEngine::Event(EngineEvent::Out('E', OutReason::Resign)),
        ToEngine::Go(300),
        ToEngine::DrawQuery,
        ToEngine::GameOver(GameResult::Draw, "quiet".into()),
        ToEngine::Quit,
    ];
    for m in messages {
        let line = Line(&m, names).to_string();
        assert_eq!(ToEngine::parse(&line, Some(names)), Ok(m), "{line}");
        assert!(ToEngine::parse(&format!("{line}\r"), Some(names)).is_ok());
    }
    let replies = vec![
        FromEngine::Engine("bracket-war strong 0.1.0".into()),
        FromEngine::Ok,
        FromEngine::Layout(game.layouts[0].clone()),
        FromEngine::Move(s("S30"), s("S20")),
        FromEngine::Offer,
        FromEngine::Resign,
        FromEngine::Yes,
        FromEngine::No,
        FromEngine::Info("depth 3".into()),
        FromEngine::Error("unknown message `hello`".into()),
    ];
    for r in replies {
        let line = Line(&r, names).to_string();
        assert_eq!(FromEngine::parse(&line, names), Some(Ok(r)), "{line}");
    }
}

#[test]
fn malformed_lines_say_what_is_wrong() {
    let board = Board::four_player();
    let set = PieceSet::standard();
    let names = Codes {
        board: &board,
        set: &set,
    };
    for (line, says) in [
        ("", "empty"),
        ("hello", "unknown message"),
        ("go", "takes 1"),
        ("go soon", "whole number"),
        ("seat Q", "seat letter"),
        ("pieces MAR XYZ", "piece code"),
        ("event move S S30 Z99 empty", "unknown node"),
        ("event move S S30 S20 maybe", "unknown outcome"),
        ("rules board=2p seats=S,N", "cannot be played"),
        ("rules board=4p seats=S,N,E,W,S", "players"),
        ("rules board=4p", "without seats"),
        ("rules board=4p seats=S,N colour=red", "unknown rule"),
    ] {
        let err = ToEngine::parse(line, Some(names)).unwrap_err();
        assert!(err.contains(says), "{line}: {err}");
    }
    assert!(
        ToEngine::parse("pieces MAR", None)
            .unwrap_err()
            .contains("before `rules`")
    );
    assert_eq!(FromEngine::parse("  ", names), None);
    assert!(FromEngine::parse("move S30", names).unwrap().is_err());
    assert!(FromEngine::parse("layout S30", names).unwrap().is_err());
}

#[test]
fn the_rules_line_reads_back_as_the_same_rules() {
    for board in ["2p", "4p"] {
        for seats in ["A,B", "S,N", "S,E,N", "S,E,N,W"] {
            let line = format!(
                "rules board={board} seats={seats} alliance=adjacent deal=random open_allies=on reveal_flag=off bombs_not_front=off quiet_limit=0"
            );
            match ToEngine::parse(&line, None) {
                Ok(ToEngine::Rules(r)) => assert_eq!(rules_line(&r), line),
                Ok(other) => panic!("{other:?}"),
                Err(e) => assert!((board == "2p") != (seats == "A,B"), "{line} refused: {e}"),
            }
        }
    }
}

#[test]
fn a_seat_feed_tells_outcomes_never_identities() {
    let mut game = setup(Rules::default(), Arc::new(PieceSet::standard()), 3, true).unwrap();
    let mut ais =
        crate::junqi::autoplay::computer_players(&[crate::junqi::AiKind::Heuristic; 4], 3);
    let mut feed = SeatFeed::new(1);
    let start = feed.start(&game);
    let ToEngine::Occupied(occ) = &start[1] else {
        panic!()
    };
    assert_eq!(occ.len(), 100);
    assert_eq!(start[2], ToEngine::Known(vec![]));
    let mut moves = 0;
    let mut told = Vec::new();
    crate::junqi::autoplay::play_out(&mut game, &mut ais, 400);
    told.extend(feed.events(&game));
    for m in &told {
        if let ToEngine::Event(EngineEvent::Move { .. }) = m {
            moves += 1;
        }
    }
    let moved = game
        .events
        .iter()
        .filter(|e| matches!(e, PublicEvent::Moved { .. }))
        .count();
    assert_eq!(moves, moved);
    // Nothing more is told twice.
    assert!(
        feed.events(&game)
            .iter()
            .all(|m| matches!(m, ToEngine::GameOver(..)))
    );
}
