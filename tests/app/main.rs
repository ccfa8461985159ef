//! The tests that run the game's library in one process (one test binary, linked once):
//! the app's screens headless with `MinimalPlugins`, 军棋 and 联机 in the app, texture packs,
//! saves, locales and the font.

#[path = "../common/mod.rs"]
mod common;

mod flow;
mod font;
mod hands;
mod junqi;
mod junqi_board;
mod junqi_seats;
mod locales;
mod minimal;
mod online;
mod pack_switch;
mod pig;
mod reactive;
mod replay;
mod saves;
mod sound;
mod texture_packs;

/// The whole game without a window (MinimalPlugins, states, input; English text), at the
/// main menu, with its own temporary save folder (kept alive by the returned guard).
pub fn headless_game() -> (bevy::prelude::App, tempfile::TempDir) {
    use bevy::prelude::*;
    let saves = tempfile::tempdir().unwrap();
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        bevy::state::app::StatesPlugin,
        bevy::input::InputPlugin,
    ));
    let options = bracket_war::app::AppOptions {
        saves: saves.path().to_path_buf(),
        lang: Some("en".into()),
        ..Default::default()
    };
    bracket_war::app::add_game(
        &mut app,
        options,
        std::sync::Arc::new(bw_rules::bracket::KindTable::builtin()),
        false,
    );
    app.update();
    (app, saves)
}

/// A key pressed and released through Bevy's keyboard input, one update each.
pub fn tap(app: &mut bevy::prelude::App, key_code: bevy::prelude::KeyCode) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
    use bevy::prelude::Entity;
    for state in [ButtonState::Pressed, ButtonState::Released] {
        app.world_mut().write_message(KeyboardInput {
            key_code,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state,
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        });
        app.update();
    }
}
