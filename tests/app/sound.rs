//! Sound and the move effects, headless: which effects a move asks for (and when), the
//! volume they play at, mute, each game's music following the screen, the volumes kept in
//! the settings file; and the 括号大战 move effects (beam, highlight, pop-in) that the
//! animation setting turns off.

use std::time::Duration;

use bevy::audio::PlaybackSettings;
use bevy::prelude::*;
use bevy::time::TimeUpdateStrategy;
use bracket_war::app::audio::{Music, MusicPlayer, Sfx, SoundEffect};
use bracket_war::app::bracket::effects::{BeamTrace, MoveHighlight, PopIn, partial_path};
use bracket_war::app::bracket::{BracketMove, StartBracketGame};
use bracket_war::app::pig::PigGame;
use bracket_war::app::settings::UserSettings;
use bracket_war::app::{BracketScreen, PigScreen, Screen};
use bw_players::bracket::Seat;
use bw_rules::bracket::ecs::{BracketBoard, BracketTurn};
use bw_rules::bracket::game::{Action, At, Settings};
use bw_rules::bracket::generate::BoardSettings;
use bw_rules::bracket::{Dir, KindTable};

use super::headless_game;

/// Every effect that started playing, in order (the entities leave a frame later).
#[derive(Resource, Default)]
struct Heard(Vec<(Sfx, f32)>);

fn record(
    mut heard: ResMut<Heard>,
    started: Query<(&SoundEffect, &PlaybackSettings), Added<SoundEffect>>,
) {
    for (s, p) in &started {
        heard.0.push((s.0, p.volume.to_linear()));
    }
}

/// The headless game with a clock of 100 ms a frame, recording what is heard.
fn listening_game() -> (App, tempfile::TempDir) {
    let (mut app, saves) = headless_game();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        100,
    )))
    .init_resource::<Heard>()
    .add_systems(Last, record);
    app.update();
    (app, saves)
}

fn heard(app: &App) -> Vec<Sfx> {
    app.world()
        .resource::<Heard>()
        .0
        .iter()
        .map(|h| h.0)
        .collect()
}

fn frames(app: &mut App, n: usize) {
    for _ in 0..n {
        app.update();
    }
}

fn count<T: Component>(app: &mut App) -> usize {
    app.world_mut()
        .query_filtered::<(), With<T>>()
        .iter(app.world())
        .count()
}

fn place(app: &mut App, row: u8, col: u8, facing: Dir) {
    let angle = KindTable::builtin().by_glyph('>').unwrap();
    app.world_mut().write_message(BracketMove(Action::Place {
        at: At { row, col },
        kind: angle,
        facing: Some(facing),
    }));
    app.update();
}

pub(crate) fn two_people(app: &mut App) {
    app.world_mut().write_message(StartBracketGame::New {
        slot: 0,
        settings: Settings {
            board: BoardSettings {
                side: 10,
                players: 2,
                mirror_density: 0.0,
                glass_density: 0.0,
            },
            ..Default::default()
        },
        seats: vec![Seat::Person, Seat::Person],
        coverage_hint: false,
        seed: 5,
    });
    frames(app, 2);
    assert_eq!(
        *app.world().resource::<State<BracketScreen>>().get(),
        BracketScreen::Playing
    );
}

#[test]
fn a_placement_is_heard_and_seen_and_the_settings_quiet_it() {
    let (mut app, _saves) = listening_game();
    two_people(&mut app);
    // P1 puts a bracket at its corner, facing down the board: a beam leaves it.
    place(&mut app, 1, 1, Dir::D);
    assert_eq!(app.world().resource::<BracketTurn>().0.current, 2);
    let now = heard(&app);
    assert!(now.contains(&Sfx::Place), "{now:?}");
    assert!(now.contains(&Sfx::Beam), "{now:?}");
    assert!(
        !now.contains(&Sfx::Turn),
        "the turn sounds once the beam is drawn"
    );
    // Played at master × effects (0.8 × 0.8 by default).
    let volume = app.world().resource::<Heard>().0[0].1;
    assert!((volume - 0.64).abs() < 1e-4, "{volume}");
    // The effects of the move: the beam drawing along its path, the glowing cell, the
    // piece popping in.
    let beam = app
        .world_mut()
        .query::<&BeamTrace>()
        .single(app.world())
        .unwrap()
        .clone();
    assert!(beam.points.len() > 2, "{beam:?}");
    assert_eq!(count::<MoveHighlight>(&mut app), 1);
    let board = app.world().resource::<BracketBoard>();
    let piece = board.entity_at(board.board.index(1, 1)).unwrap();
    assert!(app.world().get::<PopIn>(piece).is_some());
    frames(&mut app, 8);
    assert!(heard(&app).contains(&Sfx::Turn), "{:?}", heard(&app));

    // Muted: the game goes on in silence.
    app.world_mut().resource_mut::<UserSettings>().muted = true;
    let before = heard(&app).len();
    place(&mut app, 8, 8, Dir::U);
    frames(&mut app, 8);
    assert_eq!(app.world().resource::<BracketTurn>().0.current, 1);
    assert_eq!(heard(&app).len(), before, "muted, yet {:?}", heard(&app));

    // Sound back at half the effects volume; animations off: nothing is drawn for a move.
    {
        let mut s = app.world_mut().resource_mut::<UserSettings>();
        s.muted = false;
        s.effects_volume = 0.5;
        s.animations = false;
    }
    let highlights = count::<MoveHighlight>(&mut app);
    let beams = count::<BeamTrace>(&mut app);
    place(&mut app, 1, 2, Dir::D);
    let last = *app.world().resource::<Heard>().0.last().unwrap();
    assert!((last.1 - 0.4).abs() < 1e-4, "{last:?}");
    assert_eq!(count::<MoveHighlight>(&mut app), highlights);
    assert_eq!(count::<BeamTrace>(&mut app), beams);
}

#[test]
fn a_beam_is_drawn_along_its_path() {
    let points = [Vec2::ZERO, Vec2::new(10.0, 0.0), Vec2::new(10.0, 10.0)];
    assert_eq!(partial_path(&points, 0.0), vec![Vec2::ZERO]);
    assert_eq!(
        partial_path(&points, 0.25),
        vec![Vec2::ZERO, Vec2::new(5.0, 0.0)]
    );
    assert_eq!(
        partial_path(&points, 0.75),
        vec![Vec2::ZERO, Vec2::new(10.0, 0.0), Vec2::new(10.0, 5.0)]
    );
    assert_eq!(partial_path(&points, 1.0), points.to_vec());
}

fn music(app: &mut App) -> Vec<(Music, f32)> {
    app.world_mut()
        .query::<(&MusicPlayer, &PlaybackSettings)>()
        .iter(app.world())
        .map(|(m, p)| (m.0, p.volume.to_linear()))
        .collect()
}

fn screen(app: &mut App, s: Screen) {
    app.world_mut().resource_mut::<NextState<Screen>>().set(s);
    frames(app, 2);
}

#[test]
fn each_game_has_its_music_and_the_menus_are_silent() {
    let (mut app, _saves) = listening_game();
    assert_eq!(music(&mut app), vec![]);
    screen(&mut app, Screen::Bracket);
    let playing = music(&mut app);
    assert_eq!(playing.len(), 1);
    assert_eq!(playing[0].0, Music::Bracket);
    // Master × music: 0.8 × 0.35.
    assert!((playing[0].1 - 0.28).abs() < 1e-4, "{playing:?}");
    screen(&mut app, Screen::Junqi);
    assert_eq!(
        music(&mut app).iter().map(|m| m.0).collect::<Vec<_>>(),
        [Music::Junqi]
    );
    screen(&mut app, Screen::Pig);
    assert_eq!(
        music(&mut app).iter().map(|m| m.0).collect::<Vec<_>>(),
        [Music::Pig]
    );
    // A volume moved in Settings reaches the track that plays.
    app.world_mut().resource_mut::<UserSettings>().music_volume = 0.5;
    frames(&mut app, 1);
    assert!((music(&mut app)[0].1 - 0.4).abs() < 1e-4);
    app.world_mut().resource_mut::<UserSettings>().muted = true;
    frames(&mut app, 1);
    assert_eq!(music(&mut app)[0].1, 0.0);
    screen(&mut app, Screen::Menu);
    assert_eq!(music(&mut app), vec![]);
}

#[test]
fn the_volumes_are_kept_and_an_older_settings_file_gets_the_defaults() {
    let (mut app, saves) = listening_game();
    {
        let mut s = app.world_mut().resource_mut::<UserSettings>();
        s.master_volume = 0.6;
        s.music_volume = 0.0;
        s.muted = true;
    }
    frames(&mut app, 1);
    let (kept, damaged) = UserSettings::load(saves.path());
    assert_eq!(damaged, None);
    assert_eq!(
        (kept.master_volume, kept.music_volume, kept.muted),
        (0.6, 0.0, true)
    );
    // A settings file from before sound had no volumes: the defaults, no complaint.
    let old = tempfile::tempdir().unwrap();
    std::fs::write(
        old.path().join("settings.ron"),
        "(lang: \"en\", pack: \"JoKing\", fullscreen: false, animations: true)",
    )
    .unwrap();
    let (s, damaged) = UserSettings::load(old.path());
    assert_eq!(damaged, None);
    assert_eq!(s.pack, "JoKing");
    let d = UserSettings::default();
    assert_eq!(
        (s.master_volume, s.effects_volume, s.music_volume, s.muted),
        (d.master_volume, d.effects_volume, d.music_volume, false)
    );
}

#[test]
fn a_pig_table_sounds_as_it_plays_and_a_jump_is_silent() {
    let input = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/pig/cases/hack5.in"
    ))
    .unwrap();
    let (mut app, _saves) = listening_game();
    let game = PigGame::simulate(bw_rules::pig::judge::parse(&input).unwrap());
    let total = game.events.len();
    app.world_mut().insert_resource(game);
    app.world_mut()
        .resource_mut::<NextState<Screen>>()
        .set(Screen::Pig);
    frames(&mut app, 1);
    app.world_mut()
        .resource_mut::<NextState<PigScreen>>()
        .set(PigScreen::Table);
    frames(&mut app, 2);
    // A jump to the middle: nothing heard.
    app.world_mut().resource_mut::<PigGame>().show(total / 2);
    frames(&mut app, 2);
    assert_eq!(heard(&app), vec![]);
    // Playing on to the end at 10 events a second (a frame is 100 ms: one event a frame).
    {
        let mut g = app.world_mut().resource_mut::<PigGame>();
        g.speed = 10.0;
        g.playing = true;
    }
    let mut guard = 0;
    while app.world().resource::<PigGame>().shown < total {
        app.update();
        guard += 1;
        assert!(guard < 10 * total, "the table did not play to its end");
    }
    frames(&mut app, 2);
    let all = heard(&app);
    for s in [Sfx::Turn, Sfx::Place, Sfx::Win] {
        assert!(all.contains(&s), "{s:?} not in {all:?}");
    }
}

#[test]
fn junqi_moves_sound_from_their_public_events() {
    use bracket_war::app::junqi::sounds::cues;
    use bw_rules::junqi::NodeId;
    use bw_rules::junqi::game::PublicEvent;
    let sfx =
        |c: Vec<bracket_war::app::audio::PlaySfx>| c.iter().map(|p| p.sfx).collect::<Vec<_>>();
    let quiet_move = PublicEvent::Moved {
        player: 0,
        path: vec![NodeId(1), NodeId(2)],
        combat: false,
        removed: vec![],
        defender: None,
    };
    let capture = PublicEvent::Moved {
        player: 1,
        path: vec![NodeId(2), NodeId(3)],
        combat: true,
        removed: vec![NodeId(3)],
        defender: Some(0),
    };
    assert_eq!(sfx(cues(&[quiet_move], true)), [Sfx::Place, Sfx::Turn]);
    assert_eq!(
        sfx(cues(std::slice::from_ref(&capture), true)),
        [Sfx::Destroy, Sfx::Turn]
    );
    assert_eq!(sfx(cues(&[capture], false)), [Sfx::Destroy, Sfx::Win]);
    assert_eq!(sfx(cues(&[PublicEvent::Deployed { player: 0 }], true)), []);
}
