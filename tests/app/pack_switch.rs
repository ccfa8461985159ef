//! Switching texture packs in a running app: the new pack's images load at once (no
//! restart), the background follows, and the loading progress reaches the end.

use std::sync::Arc;
use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bracket_war::app::settings::UserSettings;
use bracket_war::app::texture_pack::{PackImages, TexturePackPlugin};
use bracket_war::app::{AppOptions, add_game};
use bw_rules::bracket::KindTable;

fn loaded(app: &mut App) -> bool {
    let server = app.world().resource::<AssetServer>().clone();
    let pack = app.world().resource::<PackImages>();
    let (done, all) = pack.progress(&server);
    done == all
}

/// Updates the app until the pack's images are loaded (the asset server reads them on
/// other threads), failing after half a minute.
fn wait_loaded(app: &mut App) {
    let deadline = Instant::now() + Duration::from_secs(30);
    while Instant::now() < deadline {
        app.update();
        if loaded(app) {
            return;
        }
        std::thread::yield_now();
    }
    let server = app.world().resource::<AssetServer>().clone();
    let pack = app.world().resource::<PackImages>();
    panic!(
        "the pack did not load: {:?} {:?}",
        server.load_state(pack.cell.id()),
        pack.paths.cell
    );
}

#[test]
fn a_pack_chosen_in_settings_replaces_the_images_at_once() {
    let saves = tempfile::tempdir().unwrap();
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        AssetPlugin {
            file_path: concat!(env!("CARGO_MANIFEST_DIR"), "/assets").into(),
            ..default()
        },
        bevy::image::ImagePlugin::default(),
    ));
    add_game(
        &mut app,
        AppOptions {
            saves: saves.path().to_path_buf(),
            ..Default::default()
        },
        Arc::new(KindTable::builtin()),
        false,
    );
    app.add_plugins(TexturePackPlugin);
    // Without a renderer nobody registers the PNG loader (the render plugin does, with the
    // GPU's compressed formats): register it as it would.
    app.register_asset_loader(bevy::image::ImageLoader::new(
        bevy::image::CompressedImageFormats::empty(),
    ));
    app.finish();
    app.cleanup();
    app.update();
    wait_loaded(&mut app);
    let before = app.world().resource::<PackImages>().clone();
    assert_eq!(before.paths.name, "default");
    let background = app.world().resource::<ClearColor>().0;

    app.world_mut().resource_mut::<UserSettings>().pack = "JoKing".into();
    app.update();
    let after = app.world().resource::<PackImages>().clone();
    assert_eq!(
        (after.requested.as_str(), after.paths.name.as_str()),
        ("JoKing", "JoKing")
    );
    assert_ne!(after.cell, before.cell);
    assert_ne!(after.pieces["angle"], before.pieces["angle"]);
    assert_ne!(app.world().resource::<ClearColor>().0, background);
    // The seat colours are the pack's too.
    assert_ne!(
        *app.world()
            .resource::<bracket_war::app::theme::SeatColors>(),
        bracket_war::app::theme::SeatColors::default()
    );
    wait_loaded(&mut app);
    // The images really are the pack's: loaded and of the size the art script draws.
    let images = app.world().resource::<Assets<Image>>();
    let cell = images
        .get(&after.cell)
        .expect("the JoKing cell image is loaded");
    assert_eq!(cell.size(), UVec2::new(128, 128));
}
