//! The main menu.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::AppState;
use super::i18n::T;
use super::settings::UserSettings;
use crate::app::newgame::NewGameMode;

pub struct MenuPlugin;

impl Plugin for MenuPlugin {
    fn build(&self, app: &mut App) {
        app.add_systems(
            EguiPrimaryContextPass,
            main_menu.run_if(in_state(AppState::MainMenu)),
        );
    }
}

fn main_menu(
    mut contexts: EguiContexts,
    settings: Res<UserSettings>,
    mut next: ResMut<NextState<AppState>>,
    mut mode: ResMut<NewGameMode>,
    mut exit: MessageWriter<AppExit>,
    pack: Option<Res<crate::app::texture_pack::PackImages>>,
) -> Result {
    // The pack's logo (a UI element of the texture pack) above the title.
    let logo =
        pack.map(|p| contexts.add_image(bevy_egui::EguiTextureHandle::Strong(p.logo.clone())));
    let ctx = contexts.ctx_mut()?;
    let lang = settings.lang;
    egui::CentralPanel::default().show(&mut super::root_ui(ctx), |ui| {
        ui.add_space(40.0);
        ui.vertical_centered(|ui| {
            match logo {
                Some(id) => {
                    ui.add(egui::Image::new((id, egui::vec2(512.0, 128.0))));
                }
                None => {
                    ui.add_space(128.0);
                }
            }
            ui.label(egui::RichText::new(T::Title.tr(lang)).size(64.0).strong());
            ui.add_space(30.0);
            let big = |text: &str| {
                egui::Button::new(egui::RichText::new(text).size(26.0))
                    .min_size(egui::vec2(320.0, 54.0))
            };
            if ui.add(big(T::BracketWar.tr(lang))).clicked() {
                mode.star_war = false;
                next.set(AppState::Slots);
            }
            ui.add_space(10.0);
            if ui.add(big(T::StarWar.tr(lang))).clicked() {
                mode.star_war = true;
                next.set(AppState::Slots);
            }
            ui.add_space(10.0);
            let junqi = format!("{}（{}）", T::Junqi.tr(lang), T::NotYet.tr(lang));
            ui.add_enabled(false, big(&junqi));
            ui.add_space(10.0);
            if ui.add(big(T::PigKill.tr(lang))).clicked() {
                next.set(AppState::PigSetup);
            }
            ui.add_space(10.0);
            if ui.add(big(T::Settings.tr(lang))).clicked() {
                next.set(AppState::Settings);
            }
            ui.add_space(10.0);
            if ui.add(big(T::Quit.tr(lang))).clicked() {
                exit.write(AppExit::Success);
            }
        });
    });
    Ok(())
}
