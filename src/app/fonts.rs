//! The CJK font, compiled in: egui and Bevy text both use it, so Chinese renders everywhere.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub const CJK_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansSC-Subset.otf");

/// The handle of the CJK font for Bevy text.
#[derive(Resource, Clone)]
pub struct UiFont(pub Handle<Font>);

pub struct FontsPlugin;

impl Plugin for FontsPlugin {
    fn build(&self, app: &mut App) {
        let handle = app
            .world_mut()
            .resource_mut::<Assets<Font>>()
            .add(Font::from_bytes(CJK_FONT.to_vec()));
        app.insert_resource(UiFont(handle))
            .add_systems(EguiPrimaryContextPass, install_egui_font);
    }
}

/// egui falls back to the CJK font for every character its own fonts lack.
fn install_egui_font(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut fonts = egui::FontDefinitions::default();
    fonts.font_data.insert(
        "noto_sc".into(),
        std::sync::Arc::new(egui::FontData::from_static(CJK_FONT)),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        fonts
            .families
            .entry(family)
            .or_default()
            .push("noto_sc".into());
    }
    ctx.set_fonts(fonts);
    let mut style = (*ctx.global_style()).clone();
    for (text_style, font) in style.text_styles.iter_mut() {
        font.size = match text_style {
            egui::TextStyle::Heading => 30.0,
            egui::TextStyle::Small => 13.0,
            _ => 18.0,
        };
    }
    style.spacing.button_padding = egui::vec2(12.0, 6.0);
    ctx.set_global_style(style);
    *done = true;
    Ok(())
}
