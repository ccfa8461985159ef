//! The look every screen shares: the palette, the seat colours (from the texture pack), and
//! the few widgets every screen uses — a big menu button, a header, a setting column that
//! cycles its value, a hint line, a warning line, and a centred confirm dialog.

use bevy::prelude::*;
use bevy_egui::egui;

/// Fixed colours of the interface (the texture pack gives the background and seats).
pub mod palette {
    use bevy_egui::egui::Color32;

    /// Something went wrong or cannot be done: refusals, damage, errors.
    pub const WARNING: Color32 = Color32::from_rgb(240, 150, 120);
    /// Secondary text: column titles, hints.
    pub const MUTED: Color32 = Color32::from_gray(170);
    /// Main text drawn by hand (slot cards, tables).
    pub const TEXT: Color32 = Color32::from_gray(230);
    /// A card or slot, and the same when hovered.
    pub const CARD: Color32 = Color32::from_gray(50);
    pub const CARD_HOVER: Color32 = Color32::from_gray(70);
    /// A mirror and a glass plate in miniatures.
    pub const MIRROR: Color32 = Color32::from_rgb(120, 170, 200);
    pub const GLASS: Color32 = Color32::from_rgb(90, 190, 200);
    /// Dialogs: their card, and the accent of their title and edge.
    pub const DIALOG: Color32 = Color32::from_rgb(36, 38, 44);
    pub const ACCENT: Color32 = Color32::from_rgb(226, 186, 96);
    /// The board's paper in miniatures.
    pub const PAPER: Color32 = Color32::from_rgb(236, 234, 226);
}

/// The colour of each seat (players 1–4), from the texture pack's `pack.ron`.
#[derive(Resource, Clone, Debug, PartialEq)]
pub struct SeatColors(pub [Color; 4]);

impl Default for SeatColors {
    fn default() -> Self {
        SeatColors(DEFAULT_SEATS.map(|(r, g, b)| Color::srgb(r, g, b)))
    }
}

/// The colour of the 军棋 board's wood, from the texture pack.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct JunqiBoardColor(pub Color);

/// The default pack's 军棋 board.
pub const DEFAULT_JUNQI_BOARD: (f32, f32, f32) = (0.87, 0.81, 0.63);

impl Default for JunqiBoardColor {
    fn default() -> Self {
        let (r, g, b) = DEFAULT_JUNQI_BOARD;
        JunqiBoardColor(Color::srgb(r, g, b))
    }
}

/// The default pack's seat colours (red, blue, green, amber).
pub const DEFAULT_SEATS: [(f32, f32, f32); 4] = [
    (0.86, 0.22, 0.22),
    (0.22, 0.42, 0.90),
    (0.20, 0.62, 0.30),
    (0.92, 0.62, 0.10),
];

/// Seat colours for every kind of colour vision (Okabe & Ito's palette: vermillion, blue,
/// bluish green, reddish purple), chosen in Settings over the pack's.
pub const COLORBLIND_SEATS: [(f32, f32, f32); 4] = [
    (0.84, 0.37, 0.00),
    (0.00, 0.45, 0.70),
    (0.00, 0.62, 0.45),
    (0.80, 0.47, 0.65),
];

impl SeatColors {
    /// The seat colours to draw with: the pack's, or the colour-blind-safe ones.
    pub fn chosen(pack: [(f32, f32, f32); 4], colorblind: bool) -> SeatColors {
        let seats = if colorblind { COLORBLIND_SEATS } else { pack };
        SeatColors(seats.map(|(r, g, b)| Color::srgb(r, g, b)))
    }

    /// Player `p` (1-based).
    pub fn get(&self, p: u8) -> Color {
        self.0[(p.clamp(1, 4) - 1) as usize]
    }

    pub fn egui(&self, p: u8) -> egui::Color32 {
        to_egui(self.get(p))
    }
}

pub fn to_egui(c: Color) -> egui::Color32 {
    let c = c.to_srgba();
    egui::Color32::from_rgba_unmultiplied(
        (c.red * 255.0).round() as u8,
        (c.green * 255.0).round() as u8,
        (c.blue * 255.0).round() as u8,
        (c.alpha * 255.0).round() as u8,
    )
}

/// A large button of the main menu.
pub fn big_button(ui: &mut egui::Ui, enabled: bool, text: &str) -> egui::Response {
    ui.add_enabled(
        enabled,
        egui::Button::new(egui::RichText::new(text).size(26.0)).min_size(egui::vec2(320.0, 54.0)),
    )
}

/// A screen's title, centred.
pub fn header(ui: &mut egui::Ui, text: &str) {
    ui.vertical_centered(|ui| ui.heading(text));
}

/// A line of secondary text.
pub fn hint(ui: &mut egui::Ui, text: &str) {
    ui.label(egui::RichText::new(text).color(palette::MUTED));
}

/// A line that says something cannot be done.
pub fn warning(ui: &mut egui::Ui, text: &str) {
    ui.colored_label(palette::WARNING, text);
}

/// A setting as a column: its title, and its value on a button that a left click steps
/// forward and a right click steps back. True on either (an on/off setting toggles).
pub fn setting_column(ui: &mut egui::Ui, title: &str, value: &str) -> bool {
    setting_step(ui, title, value) != 0
}

/// [`setting_column`] saying which way: 1 for a left click (the next value), -1 for a
/// right click (the one before), 0 for none.
pub fn setting_step(ui: &mut egui::Ui, title: &str, value: &str) -> i8 {
    let mut step = 0;
    ui.vertical_centered(|ui| {
        ui.label(egui::RichText::new(title).size(16.0).color(palette::MUTED));
        ui.add_space(6.0);
        let button = ui.add_sized(
            [150.0, 64.0],
            egui::Button::new(egui::RichText::new(value).size(20.0))
                .wrap_mode(egui::TextWrapMode::Extend),
        );
        if button.clicked() {
            step = 1;
        } else if button.secondary_clicked() {
            step = -1;
        }
    });
    step
}

/// The value `by` steps from `current` among `options`, round the end either way (the
/// first when `current` is none of them).
pub fn step<T: Copy + PartialEq>(options: &[T], current: T, by: i8) -> T {
    let n = options.len() as isize;
    match options.iter().position(|&o| o == current) {
        Some(i) => options[(i as isize + by as isize).rem_euclid(n) as usize],
        None => options[0],
    }
}

/// What a confirm dialog answered this frame.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    Yes,
    No,
}

/// A centred dialog with a question and two buttons; `Some` when one was clicked (Esc or
/// a click beside the dialog is No).
pub fn confirm(
    ctx: &egui::Context,
    title: &str,
    question: &str,
    yes: &str,
    no: &str,
) -> Option<Answer> {
    let mut answer = None;
    let shown = modal(ctx, title, |w| {
        w.label(question);
        w.add_space(12.0);
        w.horizontal(|h| {
            if h.button(yes).clicked() {
                answer = Some(Answer::Yes);
            }
            if h.button(no).clicked() {
                answer = Some(Answer::No);
            }
        });
    });
    if answer.is_none() && shown.should_close() {
        answer = Some(Answer::No);
    }
    answer
}

/// A centred dialog (pause, end of game) styled like the confirm dialog: the rest of the
/// window dims behind it and takes no clicks while it is open.
pub fn dialog(ctx: &egui::Context, title: &str, body: impl FnOnce(&mut egui::Ui)) {
    modal(ctx, title, |w| {
        w.vertical_centered(body);
    });
}

/// A [`dialog`] that Esc or a click beside it closes: true when the person asked to (the
/// Esc is consumed: it is not also the screen's Esc).
pub fn dismissible_dialog(
    ctx: &egui::Context,
    title: &str,
    body: impl FnOnce(&mut egui::Ui),
) -> bool {
    modal(ctx, title, |w| {
        w.vertical_centered(body);
    })
    .should_close()
}

/// The frame every dialog is drawn in: a raised card with the accent's edge.
pub fn dialog_frame() -> egui::Frame {
    egui::Frame::new()
        .fill(palette::DIALOG)
        .stroke(egui::Stroke::new(1.5, palette::ACCENT))
        .corner_radius(12)
        .inner_margin(egui::Margin::symmetric(28, 20))
        .shadow(egui::Shadow {
            offset: [0, 8],
            blur: 28,
            spread: 2,
            color: egui::Color32::from_black_alpha(140),
        })
}

/// A modal card centred in the window: its title in the accent colour over a rule, then
/// the body with roomy buttons.
fn modal<R>(
    ctx: &egui::Context,
    title: &str,
    body: impl FnOnce(&mut egui::Ui) -> R,
) -> egui::ModalResponse<R> {
    egui::Modal::new(egui::Id::new(("dialog", title)))
        .frame(dialog_frame())
        .backdrop_color(egui::Color32::from_black_alpha(110))
        .show(ctx, |w| {
            w.set_min_width(300.0);
            w.spacing_mut().button_padding = egui::vec2(18.0, 7.0);
            w.spacing_mut().item_spacing.y = 8.0;
            w.vertical_centered(|w| {
                w.label(
                    egui::RichText::new(title)
                        .size(26.0)
                        .color(palette::ACCENT)
                        .strong(),
                );
            });
            w.separator();
            w.add_space(6.0);
            body(w)
        })
}

/// A screen that is one column of content (settings, new games, slots): it scrolls when
/// the window is too short for it, instead of cutting its last buttons off.
pub fn page(ctx: &egui::Context, body: impl FnOnce(&mut egui::Ui)) {
    egui::CentralPanel::default().show(&mut root_ui(ctx), |ui| {
        egui::ScrollArea::vertical()
            .id_salt("page")
            .auto_shrink([false, false])
            .show(ui, body);
    });
}

/// A full-window egui `Ui` to lay panels out in (egui 0.36 panels live inside a `Ui`).
pub fn root_ui(ctx: &egui::Context) -> egui::Ui {
    egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    )
}
