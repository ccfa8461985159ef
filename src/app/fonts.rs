//! The CJK font, compiled in: egui and Bevy text both use it, so Chinese renders everywhere.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

pub const CJK_FONT: &[u8] = include_bytes!("../../assets/fonts/NotoSansSC-Subset.otf");

/// Whether the compiled-in font has a glyph for `c` (a character it lacks shows as a box).
pub fn font_has(c: char) -> bool {
    static FACE: std::sync::LazyLock<Option<ttf_parser::Face<'static>>> =
        std::sync::LazyLock::new(|| ttf_parser::Face::parse(CJK_FONT, 0).ok());
    FACE.as_ref().is_some_and(|f| f.glyph_index(c).is_some())
}

/// What stands for a 括号大战 kind where its art does not: its glyph, or — for a mod's glyph
/// the font lacks — the first character of its name in `lang` (then of its id), never a box.
pub fn kind_mark(kind: &bw_rules::bracket::PieceKind, lang: &str) -> char {
    kind_mark_of(kind.glyph, &kind.name, &kind.id, lang)
}

/// [`kind_mark`] from a kind's parts.
pub fn kind_mark_of(glyph: char, name: &bw_rules::names::Names, id: &str, lang: &str) -> char {
    std::iter::once(glyph)
        .chain(name.get(lang).chars().next())
        .chain(id.chars().next().map(|c| c.to_ascii_uppercase()))
        .find(|c| font_has(*c))
        .unwrap_or('?')
}

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
