//! 军棋's board in the app, headless: the path shown for a hovered destination, the arrow
//! keys walking the board as it is drawn, a moving piece following its path, and a move on
//! the 四国 board answered within one frame.

use bracket_war::app::junqi::{JunqiIntent, StartJunqi};
use bracket_war::saves::JunqiTimers;
use bw_players::junqi::{AiKind, Seat};
use bw_rules::junqi::Rules;

use super::junqi::{app, game, intend, start, table, two_players, wait_until};

/// Hovering a destination of the selected piece shows the path it would take: a railway
/// run from the piece to the destination, every step a link of the board.
#[test]
fn hovering_a_destination_shows_the_path() {
    let (mut app, _saves) = app();
    start(
        &mut app,
        two_players(vec![Seat::Person, Seat::Computer(AiKind::Random)]),
    );
    intend(&mut app, JunqiIntent::Confirm);
    wait_until(&mut app, "the person's turn", |app| {
        table(app).person_to_act(game(app)) == Some(0)
    });
    let mut t = table(&app).clone();
    let moves = t.legal_moves(game(&app));
    let b = game(&app).board.clone();
    let &(from, to) = moves
        .iter()
        .max_by_key(|(f, to)| {
            let (x, y) = (b.node(*f), b.node(*to));
            ((x.x - y.x).abs() + (x.y - y.y).abs()) as i64
        })
        .unwrap();
    t.selected = Some(from);
    t.hovered = Some(to);
    let path = t.hover_path(game(&app));
    assert_eq!((path.first(), path.last()), (Some(&from), Some(&to)));
    for w in path.windows(2) {
        assert!(b.adjacent(w[0]).iter().any(|(n, _)| *n == w[1]));
    }
    t.hovered = None;
    assert!(t.hover_path(game(&app)).is_empty());
}

/// Keyboard play: the arrows move the cursor to the neighbouring node on screen (the board
/// turned so the viewer's arm is at the bottom), in every direction and back.
#[test]
fn the_arrow_keys_walk_the_board_as_it_is_drawn() {
    use bevy_egui::egui;
    use bracket_war::app::junqi::board::{positions, step};
    let board = bw_rules::junqi::Board::four_player();
    let rect = egui::Rect::from_min_size(egui::pos2(0.0, 0.0), egui::vec2(900.0, 760.0));
    for seat in ['S', 'E', 'N', 'W'] {
        let pos = positions(&board, Some(seat), rect);
        let start = board.arm_node(seat, 2, 2).unwrap();
        // The viewer's own arm is at the bottom of the picture.
        let arm_y: f32 = board.arm(seat).map(|n| pos[n.0 as usize].y).sum::<f32>()
            / board.arm(seat).count() as f32;
        assert!(
            arm_y > rect.center().y + 150.0,
            "{seat}'s arm at the bottom"
        );
        let up = step(&board, Some(seat), rect, start, egui::vec2(0.0, -1.0)).unwrap();
        assert!(pos[up.0 as usize].y < pos[start.0 as usize].y);
        assert!(
            (pos[up.0 as usize].x - pos[start.0 as usize].x).abs() < 1.0,
            "straight up"
        );
        let back = step(&board, Some(seat), rect, up, egui::vec2(0.0, 1.0)).unwrap();
        assert_eq!(back, start);
        let right = step(&board, Some(seat), rect, start, egui::vec2(1.0, 0.0)).unwrap();
        assert!(pos[right.0 as usize].x > pos[start.0 as usize].x);
    }
}

/// A railway run is drawn along its path, turning its corners: half way along an L-shaped
/// run of two equal legs is the corner.
#[test]
fn a_moving_piece_follows_its_path() {
    use bevy_egui::egui::pos2;
    use bracket_war::app::junqi::board::along;
    let path = [pos2(0.0, 0.0), pos2(10.0, 0.0), pos2(10.0, 10.0)];
    assert_eq!(along(&path, 0.0), pos2(0.0, 0.0));
    assert_eq!(along(&path, 0.25), pos2(5.0, 0.0));
    assert_eq!(along(&path, 0.5), pos2(10.0, 0.0));
    assert_eq!(along(&path, 0.75), pos2(10.0, 5.0));
    assert_eq!(along(&path, 1.0), pos2(10.0, 10.0));
}

/// A person's move on the 四国 board is applied in the very next update: the frame after
/// the click already shows it.
#[test]
fn a_move_on_the_four_player_board_is_answered_within_one_frame() {
    let (mut app, _saves) = app();
    start(
        &mut app,
        StartJunqi::New {
            slot: 2,
            rules: Rules::default(),
            seats: vec![
                Seat::Person,
                Seat::Computer(AiKind::Random),
                Seat::Computer(AiKind::Random),
                Seat::Computer(AiKind::Random),
            ],
            profiles: vec!["Ann".into()],
            seed: 3,
            timers: JunqiTimers::default(),
        },
    );
    intend(&mut app, JunqiIntent::Confirm);
    wait_until(&mut app, "S to move", |app| {
        table(app).person_to_act(game(app)) == Some(0)
    });
    let (from, to) = table(&app).legal_moves(game(&app))[0];
    let plies = game(&app).plies;
    app.world_mut().write_message(JunqiIntent::Move(from, to));
    app.update();
    assert_eq!(game(&app).plies, plies + 1);
    assert!(game(&app).at[from.0 as usize].is_none());
}
