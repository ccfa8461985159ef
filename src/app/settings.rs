//! User settings (language, texture pack, window, animations), kept in the save folder, and
//! the settings screen.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use serde::{Deserialize, Serialize};

use super::i18n::{Lang, T};
use super::{AppState, Saves};

#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct UserSettings {
    pub lang: Lang,
    pub pack: String,
    pub fullscreen: bool,
    pub animations: bool,
}

impl Default for UserSettings {
    fn default() -> Self {
        UserSettings {
            lang: Lang::Zh,
            pack: "default".into(),
            fullscreen: false,
            animations: true,
        }
    }
}

pub struct SettingsPlugin {
    /// A language chosen on the command line wins over the saved one.
    pub lang: Option<Lang>,
    /// So does a texture pack.
    pub pack: Option<String>,
}

impl Plugin for SettingsPlugin {
    fn build(&self, app: &mut App) {
        let dir = app.world().resource::<Saves>().0.dir.clone();
        let mut settings: UserSettings = std::fs::read_to_string(dir.join("settings.ron"))
            .ok()
            .and_then(|t| ron::from_str(&t).ok())
            .unwrap_or_default();
        if let Some(lang) = self.lang {
            settings.lang = lang;
        }
        if let Some(pack) = &self.pack {
            settings.pack = pack.clone();
        }
        app.insert_resource(settings)
            .add_systems(
                EguiPrimaryContextPass,
                settings_screen.run_if(in_state(AppState::Settings)),
            )
            .add_systems(
                Update,
                (apply_window_mode, persist).run_if(resource_changed::<UserSettings>),
            );
    }
}

fn persist(settings: Res<UserSettings>, saves: Res<Saves>) {
    if settings.is_added() {
        return;
    }
    let dir = &saves.0.dir;
    let text = ron::ser::to_string_pretty(&*settings, ron::ser::PrettyConfig::default())
        .expect("settings serialize");
    if let Err(e) =
        std::fs::create_dir_all(dir).and_then(|_| std::fs::write(dir.join("settings.ron"), text))
    {
        warn!("settings not saved: {e}");
    }
}

fn apply_window_mode(
    settings: Res<UserSettings>,
    mut window: Query<&mut Window, With<PrimaryWindow>>,
) {
    if let Ok(mut w) = window.single_mut() {
        w.mode = if settings.fullscreen {
            WindowMode::BorderlessFullscreen(MonitorSelection::Current)
        } else {
            WindowMode::Windowed
        };
    }
}

/// A column header and a button that cycles the value when clicked.
pub fn setting_column(ui: &mut egui::Ui, title: &str, value: &str) -> bool {
    let mut clicked = false;
    ui.vertical_centered(|ui| {
        ui.label(
            egui::RichText::new(title)
                .size(16.0)
                .color(egui::Color32::from_gray(170)),
        );
        ui.add_space(6.0);
        clicked = ui
            .add_sized(
                [150.0, 64.0],
                egui::Button::new(egui::RichText::new(value).size(22.0)),
            )
            .clicked();
    });
    clicked
}

fn settings_screen(
    mut contexts: EguiContexts,
    mut settings: ResMut<UserSettings>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let lang = settings.lang;
    let packs = super::texture_pack::available_packs();
    egui::CentralPanel::default().show(&mut super::root_ui(ctx), |ui| {
        ui.add_space(60.0);
        ui.vertical_centered(|ui| ui.heading(T::Settings.tr(lang)));
        ui.add_space(40.0);
        ui.columns(4, |cols| {
            let lang_name = match lang {
                Lang::Zh => "中文",
                Lang::En => "English",
            };
            if setting_column(&mut cols[0], T::Language.tr(lang), lang_name) {
                settings.lang = lang.other();
            }
            if setting_column(
                &mut cols[1],
                T::TexturePack.tr(lang),
                &settings.pack.clone(),
            ) && !packs.is_empty()
            {
                let i = packs
                    .iter()
                    .position(|p| *p == settings.pack)
                    .map_or(0, |i| (i + 1) % packs.len());
                settings.pack = packs[i].clone();
            }
            let mode = if settings.fullscreen {
                T::Fullscreen
            } else {
                T::Windowed
            };
            if setting_column(&mut cols[2], T::Window.tr(lang), mode.tr(lang)) {
                settings.fullscreen = !settings.fullscreen;
            }
            let anim = if settings.animations { T::On } else { T::Off };
            if setting_column(&mut cols[3], T::Animations.tr(lang), anim.tr(lang)) {
                settings.animations = !settings.animations;
            }
        });
        ui.add_space(40.0);
        ui.vertical_centered(|ui| {
            if ui.button(T::Back.tr(lang)).clicked() {
                next.set(AppState::MainMenu);
            }
        });
    });
    Ok(())
}
