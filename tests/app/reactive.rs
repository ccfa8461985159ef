//! The reactive window draws only on input or when asked. A click that changes the screen
//! must get the new screen drawn (and laid out, since egui hit-tests a click against the
//! last frame's widgets) before the next input: otherwise the old screen stays up until the
//! mouse moves and the next click is lost. So a screen change asks for frames, and a screen
//! that stands still asks for none.

use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bracket_war::app::state::WakeForNewScreen;
use bracket_war::app::{BracketScreen, JunqiScreen, PigScreen, Screen};

use super::headless_game;

/// Redraws asked for during the last update.
#[derive(Resource, Default)]
struct Asked(usize);

fn count(mut asked: MessageReader<RequestRedraw>, mut n: ResMut<Asked>) {
    n.0 = asked.read().count();
}

fn asked(app: &App) -> usize {
    app.world().resource::<Asked>().0
}

#[test]
fn a_screen_change_asks_for_the_new_screen_to_be_drawn() {
    let (mut app, _saves) = headless_game();
    app.init_resource::<Asked>()
        .add_systems(Last, count.after(WakeForNewScreen));
    app.update();
    app.update();
    assert_eq!(asked(&app), 0, "the menu at rest asks for nothing");
    let to = |app: &mut App, s: Screen| {
        app.world_mut().resource_mut::<NextState<Screen>>().set(s);
    };
    for screen in [
        Screen::Settings,
        Screen::Menu,
        Screen::Bracket,
        Screen::Menu,
        Screen::Pig,
    ] {
        // The click's frame sets the next screen (here: between two updates, as egui's
        // pass ends a frame): the frame that applies it, and the one after, are asked for.
        to(&mut app, screen);
        app.update();
        assert_eq!(*app.world().resource::<State<Screen>>().get(), screen);
        assert!(
            asked(&app) > 0,
            "no frame asked for after entering {screen:?}"
        );
        app.update();
        app.update();
        assert_eq!(asked(&app), 0, "{screen:?} at rest asks for nothing");
    }
    assert_eq!(
        *app.world().resource::<State<PigScreen>>().get(),
        PigScreen::Setup
    );
    // A game's own screens too: the sub-state a new top-level screen starts in (军棋's
    // slots), and a change inside a game (括号大战's slots → new game).
    to(&mut app, Screen::Junqi);
    app.update();
    assert_eq!(
        *app.world().resource::<State<JunqiScreen>>().get(),
        JunqiScreen::Slots
    );
    assert!(asked(&app) > 0);
    to(&mut app, Screen::Bracket);
    app.update();
    app.world_mut()
        .resource_mut::<NextState<BracketScreen>>()
        .set(BracketScreen::NewGame);
    app.update();
    assert_eq!(
        *app.world().resource::<State<BracketScreen>>().get(),
        BracketScreen::NewGame
    );
    assert!(asked(&app) > 0);
}
