//! Texture packs: `assets/packs/<name>/pack.ron` maps every piece kind, mirror, glass plate,
//! the board cell and UI elements to images. Packs in that folder are found at start;
//! switching in Settings takes effect at once. A missing image falls back to the default
//! pack; a kind without art is drawn as a generated glyph tile.

use std::collections::HashMap;
use std::path::Path;

use bevy::prelude::*;
use bevy_asset_loader::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bw_rules::bracket::content::Names;
use serde::Deserialize;

use super::AssetsDir;
use super::i18n::Locale;
use super::settings::UserSettings;
use super::state::Screen;
use super::theme::{self, DEFAULT_JUNQI_BOARD, DEFAULT_SEATS, JunqiBoardColor, SeatColors};
use crate::tr;

pub const DEFAULT_PACK: &str = "default";

/// Names of the packs with a `pack.ron` in the assets folder, `default` first.
pub fn available_packs(assets: &Path) -> Vec<String> {
    packs_in(assets)
}

pub fn packs_in(assets: &Path) -> Vec<String> {
    let mut packs: Vec<String> = std::fs::read_dir(assets.join("packs"))
        .into_iter()
        .flatten()
        .filter_map(|e| e.ok())
        .filter(|e| e.path().join("pack.ron").is_file())
        .filter_map(|e| e.file_name().into_string().ok())
        .collect();
    packs.sort_by_key(|p| (p != DEFAULT_PACK, p.to_lowercase()));
    if packs.is_empty() {
        packs.push(DEFAULT_PACK.into());
    }
    packs
}

#[derive(Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
struct BoardArt {
    cell: String,
    mirror_slash: String,
    mirror_backslash: String,
    glass_horizontal: String,
    glass_vertical: String,
    glass_cross: String,
}

#[derive(Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
struct UiArt {
    logo: String,
}

/// 军棋 art: a piece's face and back, and the board's surface (each the default pack's when
/// left out).
#[derive(Deserialize, Clone, Debug, Default)]
#[serde(deny_unknown_fields, default)]
struct JunqiArt {
    face: String,
    back: String,
    wood: String,
}

fn default_junqi_board() -> (f32, f32, f32) {
    DEFAULT_JUNQI_BOARD
}

fn default_seats() -> Vec<(f32, f32, f32)> {
    DEFAULT_SEATS.to_vec()
}

#[derive(Deserialize, Clone, Debug)]
#[serde(deny_unknown_fields)]
struct PackFile {
    name: Names,
    background: (f32, f32, f32),
    /// Seat colours of players 1–4 (sRGB 0..1); the default pack's when left out.
    #[serde(default = "default_seats")]
    seats: Vec<(f32, f32, f32)>,
    /// The 军棋 board's wood (sRGB 0..1); the default pack's when left out.
    #[serde(default = "default_junqi_board")]
    junqi_board: (f32, f32, f32),
    board: BoardArt,
    pieces: HashMap<String, String>,
    ui: UiArt,
    #[serde(default)]
    junqi: JunqiArt,
}

/// A pack with every image resolved to an asset path (relative to the assets folder).
#[derive(Clone, Debug, PartialEq)]
pub struct PackPaths {
    pub name: String,
    pub title: Names,
    pub background: (f32, f32, f32),
    pub seats: [(f32, f32, f32); 4],
    pub junqi_board: (f32, f32, f32),
    pub cell: String,
    pub mirrors: [String; 2],
    pub glass: [String; 3],
    pub pieces: HashMap<String, String>,
    pub logo: String,
    /// 军棋: a piece's face, its back, the board's surface.
    pub junqi: [String; 3],
    /// What fell back, and why.
    pub problems: Vec<String>,
}

fn read_pack(assets: &Path, name: &str) -> Result<PackFile, String> {
    let path = assets.join("packs").join(name).join("pack.ron");
    let text = std::fs::read_to_string(&path).map_err(|e| format!("{}: {e}", path.display()))?;
    ron::from_str(&text).map_err(|e| format!("{}: {e}", path.display()))
}

/// Resolves a pack against the default one: every image the pack lacks (not named, or the
/// file is missing) comes from the default pack; a pack that cannot be read is the default.
pub fn resolve_pack(assets: &Path, name: &str) -> PackPaths {
    let mut problems = Vec::new();
    let default = read_pack(assets, DEFAULT_PACK);
    let chosen = if name == DEFAULT_PACK {
        default.clone()
    } else {
        read_pack(assets, name)
    };
    let (pack, used) = match (chosen, &default) {
        (Ok(p), _) => (Some(p), name.to_string()),
        (Err(e), Ok(d)) => {
            problems.push(format!(
                "pack `{name}` refused, using the default pack: {e}"
            ));
            (Some(d.clone()), DEFAULT_PACK.to_string())
        }
        (Err(e), Err(_)) => {
            problems.push(e);
            (None, DEFAULT_PACK.to_string())
        }
    };
    let pick = |own: Option<&String>,
                fallback: Option<&String>,
                what: &str,
                problems: &mut Vec<String>|
     -> String {
        let local = own.map(|p| format!("packs/{used}/{p}"));
        if let Some(l) = &local
            && assets.join(l).is_file()
        {
            return l.clone();
        }
        let fb = fallback
            .map(|p| format!("packs/{DEFAULT_PACK}/{p}"))
            .unwrap_or_default();
        problems.push(format!(
            "{what}: {} missing, using {fb}",
            local.unwrap_or_else(|| "no image".into())
        ));
        fb
    };
    let d = default.as_ref().ok();
    let p = pack.as_ref();
    let cell = pick(
        p.map(|p| &p.board.cell),
        d.map(|d| &d.board.cell),
        "cell",
        &mut problems,
    );
    let mirrors = [
        pick(
            p.map(|p| &p.board.mirror_slash),
            d.map(|d| &d.board.mirror_slash),
            "mirror /",
            &mut problems,
        ),
        pick(
            p.map(|p| &p.board.mirror_backslash),
            d.map(|d| &d.board.mirror_backslash),
            "mirror \\",
            &mut problems,
        ),
    ];
    let glass = [
        pick(
            p.map(|p| &p.board.glass_horizontal),
            d.map(|d| &d.board.glass_horizontal),
            "glass -",
            &mut problems,
        ),
        pick(
            p.map(|p| &p.board.glass_vertical),
            d.map(|d| &d.board.glass_vertical),
            "glass |",
            &mut problems,
        ),
        pick(
            p.map(|p| &p.board.glass_cross),
            d.map(|d| &d.board.glass_cross),
            "glass +",
            &mut problems,
        ),
    ];
    let logo = pick(
        p.map(|p| &p.ui.logo),
        d.map(|d| &d.ui.logo),
        "logo",
        &mut problems,
    );
    let junqi_art = |f: fn(&JunqiArt) -> &String, what: &str, problems: &mut Vec<String>| {
        pick(
            p.map(|p| f(&p.junqi)).filter(|s| !s.is_empty()),
            d.map(|d| f(&d.junqi)).filter(|s| !s.is_empty()),
            what,
            problems,
        )
    };
    let junqi = [
        junqi_art(|j| &j.face, "junqi face", &mut problems),
        junqi_art(|j| &j.back, "junqi back", &mut problems),
        junqi_art(|j| &j.wood, "junqi wood", &mut problems),
    ];
    let mut kinds: Vec<&String> = p.map(|p| p.pieces.keys().collect()).unwrap_or_default();
    if let Some(d) = d {
        kinds.extend(d.pieces.keys());
    }
    kinds.sort();
    kinds.dedup();
    let pieces = kinds
        .into_iter()
        .map(|k| {
            let path = pick(
                p.and_then(|p| p.pieces.get(k)),
                d.and_then(|d| d.pieces.get(k)),
                k,
                &mut problems,
            );
            (k.clone(), path)
        })
        .filter(|(_, path)| !path.is_empty())
        .collect();
    PackPaths {
        name: used,
        title: p
            .map(|p| p.name.clone())
            .unwrap_or_else(|| Names::of([("zh-CN", "默认"), ("en", "Default")])),
        background: p.map_or((0.16, 0.17, 0.2), |p| p.background),
        junqi_board: p.map_or(DEFAULT_JUNQI_BOARD, |p| p.junqi_board),
        seats: match p.map(|p| <[(f32, f32, f32); 4]>::try_from(p.seats.as_slice())) {
            Some(Ok(seats)) => seats,
            Some(Err(_)) => {
                problems.push("seats: four colours are needed, using the default ones".into());
                DEFAULT_SEATS
            }
            None => DEFAULT_SEATS,
        },
        cell,
        mirrors,
        glass,
        pieces,
        logo,
        junqi,
        problems,
    }
}

/// The images of the pack in use.
#[derive(Resource, Clone, Debug)]
pub struct PackImages {
    /// The pack asked for (the one used may be the default, see `paths.name`).
    pub requested: String,
    pub paths: PackPaths,
    pub cell: Handle<Image>,
    pub mirrors: [Handle<Image>; 2],
    pub glass: [Handle<Image>; 3],
    pub pieces: HashMap<String, Handle<Image>>,
    pub logo: Handle<Image>,
    /// 军棋: face, back, wood.
    pub junqi: [Handle<Image>; 3],
}

impl PackImages {
    pub fn load(server: &AssetServer, requested: &str, paths: PackPaths) -> PackImages {
        let l = |p: &String| server.load::<Image>(p.clone());
        PackImages {
            requested: requested.to_string(),
            cell: l(&paths.cell),
            mirrors: [l(&paths.mirrors[0]), l(&paths.mirrors[1])],
            glass: [l(&paths.glass[0]), l(&paths.glass[1]), l(&paths.glass[2])],
            pieces: paths
                .pieces
                .iter()
                .map(|(k, p)| (k.clone(), l(p)))
                .collect(),
            logo: l(&paths.logo),
            junqi: [l(&paths.junqi[0]), l(&paths.junqi[1]), l(&paths.junqi[2])],
            paths,
        }
    }

    fn handles(&self) -> impl Iterator<Item = &Handle<Image>> {
        std::iter::once(&self.cell)
            .chain(&self.mirrors)
            .chain(&self.glass)
            .chain(self.pieces.values())
            .chain(std::iter::once(&self.logo))
            .chain(&self.junqi)
    }

    /// Loaded images and all images (a failed image counts as done: it falls back to the
    /// glyph tile or a plain colour).
    pub fn progress(&self, server: &AssetServer) -> (usize, usize) {
        let all: Vec<&Handle<Image>> = self.handles().collect();
        let done = all
            .iter()
            .filter(|h| {
                server.is_loaded_with_dependencies(h.id()) || server.load_state(h.id()).is_failed()
            })
            .count();
        (done, all.len())
    }
}

/// The pictures mods name for their kinds (by kind id), decoded at start. A pack's art for
/// a kind comes first; a kind with neither is drawn from its glyph.
#[derive(Resource, Clone, Debug, Default)]
pub struct ModImages(pub HashMap<String, Handle<Image>>);

impl ModImages {
    /// The art for a kind: the pack's, else the mod's own picture.
    pub fn art(&self, pack: &PackImages, kind: &str) -> Option<Handle<Image>> {
        pack.pieces.get(kind).or_else(|| self.0.get(kind)).cloned()
    }
}

/// Decodes a mod's picture (its size and header were checked when the content loaded).
fn decode_mod_image(path: &Path) -> Result<Image, String> {
    use bevy::asset::RenderAssetUsages;
    use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Image::from_buffer(
        &bytes,
        ImageType::Extension("png"),
        CompressedImageFormats::NONE,
        true,
        ImageSampler::Default,
        RenderAssetUsages::default(),
    )
    .map_err(|e| format!("{}: {e}", path.display()))
}

/// Decodes every mod picture once; one that fails is reported on the settings screen and
/// its kind is drawn from its glyph.
fn load_mod_images(
    mut commands: Commands,
    content: Res<bw_rules::bracket::ecs::BracketContent>,
    mut images: ResMut<Assets<Image>>,
    mut mods: ResMut<super::ModsReport>,
) {
    let mut loaded = HashMap::new();
    for (_, kind) in content.0.iter() {
        let Some(path) = &kind.image else { continue };
        match decode_mod_image(path) {
            Ok(image) => {
                loaded.insert(kind.id.clone(), images.add(image));
            }
            Err(why) => {
                warn!("mod picture not used: {why}");
                if let Some(m) = mods.loaded.iter_mut().find(|m| m.id == kind.id) {
                    m.image_problem = Some(why);
                }
            }
        }
    }
    commands.insert_resource(ModImages(loaded));
}

pub struct TexturePackPlugin;

/// The pack's images as bevy_asset_loader loads them before the main menu. The keys are
/// registered at start-up from the chosen pack (see [`register_pack_assets`]).
#[derive(AssetCollection, Resource)]
pub struct PackCollection {
    #[asset(key = "pack.board", collection(typed))]
    pub board: Vec<Handle<Image>>,
    #[asset(key = "pack.pieces", collection(typed))]
    pub pieces: Vec<Handle<Image>>,
    #[asset(key = "pack.logo")]
    pub logo: Handle<Image>,
}

/// One image of a pack, by asset path.
#[derive(Debug)]
struct PackImage(String);

impl DynamicAsset for PackImage {
    fn load(&self, server: &AssetServer) -> Vec<UntypedHandle> {
        vec![server.load::<Image>(self.0.clone()).untyped()]
    }

    fn build(&self, world: &mut World) -> Result<DynamicAssetType, anyhow::Error> {
        let server = world.resource::<AssetServer>();
        Ok(DynamicAssetType::Single(
            server.load::<Image>(self.0.clone()).untyped(),
        ))
    }
}

/// Several images of a pack.
#[derive(Debug)]
struct PackImageList(Vec<String>);

impl DynamicAsset for PackImageList {
    fn load(&self, server: &AssetServer) -> Vec<UntypedHandle> {
        self.0
            .iter()
            .map(|p| server.load::<Image>(p.clone()).untyped())
            .collect()
    }

    fn build(&self, world: &mut World) -> Result<DynamicAssetType, anyhow::Error> {
        let server = world.resource::<AssetServer>();
        let handles = self
            .0
            .iter()
            .map(|p| server.load::<Image>(p.clone()).untyped())
            .collect();
        Ok(DynamicAssetType::Collection(handles))
    }
}

/// Registers the chosen pack's images under the collection's keys.
pub fn register_pack_assets(dynamic: &mut DynamicAssets, paths: &PackPaths) {
    let mut board = vec![paths.cell.clone()];
    board.extend(paths.mirrors.iter().cloned());
    board.extend(paths.glass.iter().cloned());
    board.extend(paths.junqi.iter().cloned());
    let mut kinds: Vec<&String> = paths.pieces.keys().collect();
    kinds.sort();
    let pieces = kinds.into_iter().map(|k| paths.pieces[k].clone()).collect();
    dynamic.register_asset("pack.board", Box::new(PackImageList(board)));
    dynamic.register_asset("pack.pieces", Box::new(PackImageList(pieces)));
    dynamic.register_asset("pack.logo", Box::new(PackImage(paths.logo.clone())));
}

impl Plugin for TexturePackPlugin {
    fn build(&self, app: &mut App) {
        let chosen = app
            .world()
            .get_resource::<UserSettings>()
            .map_or(DEFAULT_PACK.to_string(), |s| s.pack.clone());
        let assets = app.world().resource::<AssetsDir>().0.clone();
        let mut dynamic = DynamicAssets::default();
        register_pack_assets(&mut dynamic, &resolve_pack(&assets, &chosen));
        app.insert_resource(dynamic)
            .add_loading_state(
                LoadingState::new(Screen::Loading)
                    .continue_to_state(Screen::Menu)
                    .load_collection::<PackCollection>(),
            )
            .init_resource::<ModImages>()
            .add_systems(Startup, (load_chosen_pack, load_mod_images))
            .add_systems(Update, switch_pack)
            .add_systems(
                EguiPrimaryContextPass,
                loading_screen.run_if(in_state(Screen::Loading)),
            );
    }
}

/// Loads the pack the settings name, with the seat colours they ask for.
fn load_pack(
    commands: &mut Commands,
    server: &AssetServer,
    assets: &Path,
    settings: &UserSettings,
) {
    let (name, colorblind) = (settings.pack.as_str(), settings.colorblind_seats);
    let paths = resolve_pack(assets, name);
    for p in &paths.problems {
        warn!("texture pack: {p}");
    }
    commands.insert_resource(ClearColor(Color::srgb(
        paths.background.0,
        paths.background.1,
        paths.background.2,
    )));
    let (r, g, b) = paths.junqi_board;
    commands.insert_resource(JunqiBoardColor(Color::srgb(r, g, b)));
    commands.insert_resource(SeatColors::chosen(paths.seats, colorblind));
    commands.insert_resource(PackImages::load(server, name, paths));
}

fn load_chosen_pack(
    mut commands: Commands,
    server: Res<AssetServer>,
    settings: Res<UserSettings>,
    assets: Res<AssetsDir>,
) {
    load_pack(&mut commands, &server, &assets.0, &settings);
}

/// A new pack chosen in Settings replaces the images at once.
fn switch_pack(
    mut commands: Commands,
    server: Res<AssetServer>,
    settings: Res<UserSettings>,
    assets: Res<AssetsDir>,
    pack: Option<Res<PackImages>>,
    seats: Option<Res<SeatColors>>,
) {
    let Some(pack) = pack else { return };
    if !settings.is_changed() {
        return;
    }
    if pack.requested != settings.pack {
        load_pack(&mut commands, &server, &assets.0, &settings);
    } else {
        // The seat palette may have changed: the pack's, or the colour-blind-safe one.
        let chosen = SeatColors::chosen(pack.paths.seats, settings.colorblind_seats);
        if seats.as_deref() != Some(&chosen) {
            commands.insert_resource(chosen);
        }
    }
}

fn loading_screen(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    server: Res<AssetServer>,
    pack: Option<Res<PackImages>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (done, all) = pack.map_or((0, 1), |p| p.progress(&server));
    egui::CentralPanel::default().show(&mut theme::root_ui(ctx), |ui| {
        ui.add_space(340.0);
        ui.vertical_centered(|ui| {
            ui.label(egui::RichText::new(tr!(loc, "loading")).size(28.0));
            ui.add_space(12.0);
            ui.add(
                egui::ProgressBar::new(done as f32 / all.max(1) as f32)
                    .desired_width(420.0)
                    .show_percentage(),
            );
        });
    });
    Ok(())
}
