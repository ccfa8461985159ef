//! The settings screen, the pause menu's settings, and what follows a change of the
//! user's settings ([`crate::app::settings`]): the language, the window's mode and title.
//! A damaged settings file means defaults and a notice, never a crash.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, PrimaryWindow, WindowMode};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::Notices;
use crate::app::i18n::{FALLBACK, Locale};
use crate::app::settings::{HARD_THINK_CHOICES, SETTINGS_FILE, UserSettings, persist};
use crate::app::state::Screen;
use crate::app::texture_pack::available_packs;
use crate::app::theme::{self, setting_column};
use crate::app::{AssetsDir, Saves};
use crate::tr;

pub(super) fn plugin(lang: Option<String>, pack: Option<String>) -> impl Fn(&mut App) {
    move |app: &mut App| {
        let dir = app.world().resource::<Saves>().0.dir.clone();
        let assets = app.world().resource::<AssetsDir>().0.clone();
        let (mut settings, damaged) = UserSettings::load(&dir);
        if let Some(lang) = &lang {
            settings.lang = lang.clone();
        }
        if let Some(pack) = &pack {
            settings.pack = pack.clone();
        }
        // A saved language whose folder is gone: English.
        if bw_files::locale_code(&assets, &settings.lang).is_err() {
            settings.lang = FALLBACK.into();
        }
        let locale = Locale::load_or_fallback(&assets, &settings.lang);
        let mut notices = app.world_mut().resource_mut::<Notices>();
        if let Some(reason) = damaged {
            warn!("{SETTINGS_FILE} is damaged, defaults used: {reason}");
            notices.0.push(tr!(
                locale,
                "notice-settings-damaged",
                file = dir.join(SETTINGS_FILE).display().to_string(),
                reason = reason
            ));
        }
        for p in &locale.problems {
            warn!("locale: {p}");
            notices.0.push(p.clone());
        }
        app.insert_resource(settings)
            .insert_resource(locale)
            .add_systems(
                EguiPrimaryContextPass,
                settings_screen.run_if(in_state(Screen::Settings)),
            )
            .add_systems(
                Update,
                (switch_language, apply_window_mode, persist)
                    .run_if(resource_changed::<UserSettings>),
            )
            .add_systems(Update, window_title.run_if(resource_changed::<Locale>));
    }
}

/// A new language replaces the locale at once.
fn switch_language(
    mut commands: Commands,
    settings: Res<UserSettings>,
    loc: Res<Locale>,
    assets: Res<AssetsDir>,
) {
    if loc.code != settings.lang {
        commands.insert_resource(Locale::load_or_fallback(&assets.0, &settings.lang));
    }
}

/// The window's title in the interface language.
fn window_title(loc: Res<Locale>, mut window: Query<&mut Window, With<PrimaryWindow>>) {
    if let Ok(mut w) = window.single_mut() {
        w.title = tr!(loc, "window-title");
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

/// The next item of a list after `current` (the first when `current` is not in it).
pub fn next_of<T: Clone + PartialEq>(items: &[T], current: &T) -> Option<T> {
    let i = items
        .iter()
        .position(|x| x == current)
        .map_or(0, |i| (i + 1) % items.len().max(1));
    items.get(i).cloned()
}

/// The settings columns shared by the settings screen and the pause menu: language and
/// texture pack.
pub fn language_and_pack(
    cols: &mut [egui::Ui],
    loc: &Locale,
    settings: &mut UserSettings,
    assets: &std::path::Path,
) {
    let languages = bw_files::locales_in(assets);
    if setting_column(
        &mut cols[0],
        &tr!(loc, "settings-language"),
        &tr!(loc, "language-name"),
    ) && let Some(next) = next_of(&languages, &settings.lang)
    {
        settings.lang = next;
    }
    let packs = available_packs(assets);
    if setting_column(
        &mut cols[1],
        &tr!(loc, "settings-pack"),
        &settings.pack.clone(),
    ) && let Some(next) = next_of(&packs, &settings.pack)
    {
        settings.pack = next;
    }
}

fn settings_screen(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    assets: Res<AssetsDir>,
    mut settings: ResMut<UserSettings>,
    mut next: ResMut<NextState<Screen>>,
    mods: Res<crate::app::ModsReport>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    theme::page(ctx, |ui| {
        ui.add_space(60.0);
        theme::header(ui, &tr!(loc, "settings"));
        ui.add_space(40.0);
        ui.columns(4, |cols| {
            language_and_pack(cols, &loc, &mut settings, &assets.0);
            let mode = if settings.fullscreen {
                "settings-fullscreen"
            } else {
                "settings-windowed"
            };
            if setting_column(&mut cols[2], &tr!(loc, "settings-window"), &tr!(loc, mode)) {
                settings.fullscreen = !settings.fullscreen;
            }
            let anim = if settings.animations { "on" } else { "off" };
            if setting_column(
                &mut cols[3],
                &tr!(loc, "settings-animations"),
                &tr!(loc, anim),
            ) {
                settings.animations = !settings.animations;
            }
        });
        ui.add_space(20.0);
        ui.columns(4, |cols| {
            let palette = if settings.colorblind_seats {
                "settings-seat-colors-colorblind"
            } else {
                "settings-seat-colors-pack"
            };
            if setting_column(
                &mut cols[0],
                &tr!(loc, "settings-seat-colors"),
                &tr!(loc, palette),
            ) {
                settings.colorblind_seats = !settings.colorblind_seats;
            }
            let by = theme::setting_step(
                &mut cols[1],
                &tr!(loc, "settings-hard-think"),
                &tr!(
                    loc,
                    "settings-seconds",
                    seconds = format!("{:.1}", settings.hard_think().as_secs_f64())
                ),
            );
            if by != 0 {
                settings.hard_think_ms = theme::step(
                    &HARD_THINK_CHOICES,
                    settings.hard_think().as_millis() as u64,
                    by,
                );
            }
        });
        ui.add_space(32.0);
        sound_row(ui, &loc, &mut settings);
        ui.add_space(32.0);
        ui.vertical_centered(|ui| {
            ui.label(tr!(loc, "settings-junqi-engine"));
            // Edited on a copy: the settings change (and are written) only when the text does.
            let mut engine = settings.junqi_engine.clone();
            if ui
                .add(egui::TextEdit::singleline(&mut engine).desired_width(520.0))
                .changed()
            {
                settings.junqi_engine = engine;
            }
            theme::hint(ui, &tr!(loc, "settings-junqi-engine-hint"));
        });
        ui.add_space(24.0);
        mods_section(ui, &loc, &mods);
        ui.add_space(32.0);
        ui.vertical_centered(|ui| {
            if ui.button(tr!(loc, "back")).clicked() {
                next.set(Screen::Menu);
            }
        });
    });
    Ok(())
}

/// The mods: each kind a mod added (glyph, name, file) and each file refused with why
/// (file, line, field, reason); where mods go when there are none.
fn mods_section(ui: &mut egui::Ui, loc: &Locale, mods: &crate::app::ModsReport) {
    ui.vertical_centered(|ui| {
        ui.label(tr!(loc, "settings-mods"));
        if mods.loaded.is_empty() && mods.refused.is_empty() {
            theme::hint(ui, &tr!(loc, "settings-mods-none"));
        }
        for m in &mods.loaded {
            let mark = crate::app::fonts::kind_mark_of(m.glyph, &m.name, &m.id, &loc.code);
            ui.label(tr!(
                loc,
                "settings-mod-loaded",
                kind = format!("{mark} {}", m.name.get(&loc.code)),
                file = m.file.display().to_string()
            ));
            if mark != m.glyph {
                theme::hint(
                    ui,
                    &tr!(
                        loc,
                        "settings-mod-glyph-missing",
                        code = format!("U+{:04X}", m.glyph as u32),
                        mark = mark.to_string()
                    ),
                );
            }
            match (&m.image, &m.image_problem) {
                (Some(_), Some(why)) => theme::warning(
                    ui,
                    &tr!(loc, "settings-mod-image-failed", why = why.clone()),
                ),
                (Some(image), None) => theme::hint(
                    ui,
                    &tr!(
                        loc,
                        "settings-mod-image",
                        file = image
                            .file_name()
                            .map(|f| f.to_string_lossy().into_owned())
                            .unwrap_or_default()
                    ),
                ),
                _ => {}
            }
        }
        for why in &mods.refused {
            theme::warning(ui, &tr!(loc, "settings-mod-refused", why = why.clone()));
        }
    });
}

/// What the pause menu was told this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PauseChoice {
    Resume,
    /// Save and return to the main menu (games save after every move already).
    Quit,
}

/// The pause menu of a game screen (括号大战, 军棋): resume, the language and the pack (they
/// switch at any time, as the original did), the sound, and — where the game can be left
/// from here — save and return to the menu.
pub fn pause_menu(
    ctx: &egui::Context,
    loc: &Locale,
    title: &str,
    settings: &mut ResMut<UserSettings>,
    assets: &std::path::Path,
    can_quit: bool,
) -> Option<PauseChoice> {
    let mut choice = None;
    theme::dialog(ctx, title, |w| {
        if w.button(tr!(loc, "resume")).clicked() {
            choice = Some(PauseChoice::Resume);
        }
        w.add_space(6.0);
        w.columns(2, |cols| language_and_pack(cols, loc, settings, assets));
        // A pack brings its own seat colours: said before it surprises anyone mid-game.
        if !settings.colorblind_seats {
            theme::hint(w, &tr!(loc, "pause-pack-colours"));
        }
        w.add_space(6.0);
        sound_row(w, loc, settings);
        if can_quit {
            w.add_space(6.0);
            if w.button(tr!(loc, "save-and-quit")).clicked() {
                choice = Some(PauseChoice::Quit);
            }
        }
    });
    choice
}

/// Sound: mute, and the master, effects and music volumes (0–100 %). The settings change
/// only when a value does, so they are written once per change, not every frame.
pub fn sound_row(ui: &mut egui::Ui, loc: &Locale, settings: &mut ResMut<UserSettings>) {
    let mut now = (
        settings.muted,
        settings.master_volume,
        settings.effects_volume,
        settings.music_volume,
    );
    ui.vertical_centered(|ui| {
        ui.label(egui::RichText::new(tr!(loc, "settings-sound")).color(theme::palette::MUTED));
    });
    ui.columns(4, |cols| {
        cols[0].vertical_centered(|ui| {
            ui.checkbox(&mut now.0, tr!(loc, "settings-mute"));
        });
        for (col, key, value) in [
            (1, "settings-master-volume", &mut now.1),
            (2, "settings-effects-volume", &mut now.2),
            (3, "settings-music-volume", &mut now.3),
        ] {
            cols[col].vertical_centered(|ui| {
                ui.label(tr!(loc, key));
                let mut percent = (*value * 100.0).round();
                ui.add_enabled(
                    !now.0,
                    egui::Slider::new(&mut percent, 0.0..=100.0)
                        .suffix(" %")
                        .step_by(5.0),
                );
                *value = percent / 100.0;
            });
        }
    });
    let before = (
        settings.muted,
        settings.master_volume,
        settings.effects_volume,
        settings.music_volume,
    );
    if now != before {
        settings.muted = now.0;
        settings.master_volume = now.1;
        settings.effects_volume = now.2;
        settings.music_volume = now.3;
    }
}
