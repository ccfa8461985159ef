//! The screens every game shares: the main menu, the rules of every game, and the settings (with the user's
//! settings, kept in the save folder, and the interface language they choose), and the
//! pieces every save-slot screen uses.

pub mod controls;
pub mod menu;
pub mod rules;
pub mod settings;
pub mod slots;

use bevy::prelude::*;

/// Things the player should know that are not errors of an action: a damaged settings
/// file replaced by defaults, a refused mod file, a locale with broken lines. The main menu
/// shows them until dismissed.
#[derive(Resource, Clone, Debug, Default)]
pub struct Notices(pub Vec<String>);

/// The shared screens, with the language and pack chosen on the command line (they win
/// over the saved settings).
pub fn plugin(lang: Option<String>, pack: Option<String>) -> impl Fn(&mut App) {
    move |app: &mut App| {
        app.init_resource::<Notices>()
            .add_plugins(settings::plugin(lang.clone(), pack.clone()))
            .add_plugins((menu::plugin, rules::plugin, controls::plugin));
    }
}
