//! 猪国杀 in the app, headless: the table stepped by event and by turn to the judge's
//! output, a person seated at a pig answering the engine's questions, and a seated game
//! resumed from its record.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bracket_war::app::PigScreen;

use super::flow::{Here, app, go, state, wait_until};

#[test]
fn the_pig_table_steps_by_event_and_turn_and_ends_with_the_judge_output() {
    use bracket_war::app::pig::PigGame;
    use bw_rules::pig::Event;
    let input = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/pig/cases/hack5.in"
    ))
    .unwrap();
    let answer = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/pig/cases/hack5.ans"
    ))
    .unwrap();
    let mut game = PigGame::simulate(bw_rules::pig::judge::parse(&input).unwrap());
    let trim = |s: &str| {
        s.lines()
            .map(|l| l.trim_end().to_string())
            .filter(|l| !l.is_empty())
            .collect::<Vec<_>>()
    };
    assert_eq!(trim(game.result.as_deref().unwrap()), trim(&answer));
    // One turn at a time: each stop is just before the next turn starts.
    let mut stops = 0;
    while game.shown < game.events.len() {
        let to = game.next_turn();
        game.show(to);
        stops += 1;
        if game.shown < game.events.len() {
            assert!(matches!(game.events[game.shown], Event::TurnStart { .. }));
        }
    }
    let turns = game
        .events
        .iter()
        .filter(|e| matches!(e, Event::TurnStart { .. }))
        .count();
    assert_eq!(stops, turns);
    // Stepping back rebuilds the table from the start.
    let end = game.view.clone();
    game.show(3);
    game.show(game.events.len());
    assert_eq!(game.view, end);
    // Through the app: the setup screen's state leads to the table.
    let (mut app, _saves) = app("pig");
    app.world_mut().insert_resource(game);
    go(&mut app, Here::Pig(PigScreen::Table));
    assert_eq!(state(&app), Here::Pig(PigScreen::Table));
}

#[test]
fn taking_a_seat_asks_the_person_and_the_game_still_ends() {
    use bracket_war::app::pig::{PigAnswer, PigGame, PigSeat, StartPig};
    use bw_rules::pig::seat::{Answer, Question};
    let input =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pig/cases/0.in"))
            .unwrap();
    let table = bw_rules::pig::judge::parse(&input).unwrap();
    let (mut app, _saves) = app("seat");
    app.world_mut().write_message(StartPig::Seat {
        table,
        seat: 0,
        slot: None,
    });
    go(&mut app, Here::Pig(PigScreen::Table));
    let mut asked = 0;
    // A guard against a hang, not a timing: a whole game of a person who never plays takes
    // a few thousand frames (each answer is a message, and the table plays on off the main
    // thread), about 45 s of a headless app's frames on this 2-core machine.
    let deadline = Instant::now() + Duration::from_secs(180);
    while !app.world().resource::<PigSeat>().finished {
        assert!(
            Instant::now() < deadline,
            "timed out waiting for the game to end"
        );
        app.update();
        let seat = app.world().resource::<PigSeat>();
        if let Some(q) = seat.question.clone() {
            asked += 1;
            // A loyal pig's player who never plays a card and never answers.
            app.world_mut().write_message(PigAnswer(match q {
                Question::Play { .. } => Answer::Play(None),
                _ => Answer::No,
            }));
        }
        std::thread::yield_now();
    }
    assert!(app.world().resource::<PigSeat>().finished, "the game ended");
    let game = app.world().resource::<PigGame>();
    assert!(asked > 0, "the person's pig was asked");
    assert_eq!(
        game.shown,
        game.events.len(),
        "the table follows the game live"
    );
    match game.events.last() {
        Some(bw_rules::pig::Event::End { outcome }) => {
            use bw_rules::pig::engine::Outcome;
            // A result in the judge's format, unless the turn cap stopped the game.
            assert_eq!(game.result.is_some(), *outcome != Outcome::NoResult);
        }
        other => panic!("the log ends with the end of the game, not {other:?}"),
    }
}

/// A seated game left in the middle continues from its record: the engine is given the
/// recorded answers again and asks the person the same next question, with the same table.
#[test]
fn a_seated_pig_game_resumes_where_it_was_left() {
    use bracket_war::app::pig::{PigAnswer, PigGame, PigSeat, StartPig};
    use bw_rules::pig::seat::{Answer, Question};
    let input =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pig/cases/0.in"))
            .unwrap();
    let table = bw_rules::pig::judge::parse(&input).unwrap();
    let (mut app, _saves) = app("resume");
    app.world_mut().write_message(StartPig::Seat {
        table,
        seat: 0,
        slot: None,
    });
    go(&mut app, Here::Pig(PigScreen::Table));
    // Answer three questions (play the first legal card each time), then wait for the fourth.
    let question = |app: &App| app.world().resource::<PigSeat>().question.clone();
    for _ in 0..3 {
        wait_until(&mut app, "a question", |app| question(app).is_some());
        let q = question(&app).unwrap();
        app.world_mut().write_message(PigAnswer(match q {
            Question::Play { legal, .. } => Answer::Play(legal.first().copied()),
            _ => Answer::Yes,
        }));
        app.update();
    }
    wait_until(&mut app, "the fourth question", |app| {
        question(app).is_some()
    });
    let (record, asked, events) = {
        let seat = app.world().resource::<PigSeat>();
        let game = app.world().resource::<PigGame>();
        (
            seat.record.clone(),
            seat.question.clone(),
            game.events.clone(),
        )
    };
    assert_eq!(record.answers.len(), 3);
    // Leave the table, then continue from the record.
    go(&mut app, Here::Pig(PigScreen::Setup));
    assert!(app.world().get_resource::<PigSeat>().is_none());
    app.world_mut()
        .write_message(StartPig::Resume { record, slot: None });
    go(&mut app, Here::Pig(PigScreen::Table));
    wait_until(&mut app, "the resumed question", |app| {
        question(app).is_some()
    });
    assert_eq!(question(&app), asked);
    assert_eq!(app.world().resource::<PigGame>().events, events);
    assert_eq!(app.world().resource::<PigSeat>().record.answers.len(), 3);
}
