//! 猪国杀 cards drawn as cards: a face with the card's icon and name (杀 a sword, 闪 a
//! shield, 桃 a peach, 决斗 crossed blades, 南猪入侵 a pig's snout, 万箭齐发 a volley, 无懈可击
//! a ban, 猪哥连弩 a crossbow), a back for a hidden card, and a role card. Drawn with
//! egui's painter at any size, in the theme's colours.

use bevy_egui::egui::{self, Align2, Color32, FontId, Pos2, Rect, Stroke, StrokeKind, pos2, vec2};
use bw_rules::pig::{Card, Role};

/// The colour of a card's icon (basic cards warm or cool, tricks gold, the weapon steel).
pub fn ink(card: Card) -> Color32 {
    match card {
        Card::K => Color32::from_rgb(200, 40, 40),
        Card::D => Color32::from_rgb(40, 110, 200),
        Card::P => Color32::from_rgb(230, 110, 140),
        Card::F => Color32::from_rgb(210, 120, 20),
        Card::N => Color32::from_rgb(150, 90, 60),
        Card::W => Color32::from_rgb(180, 140, 20),
        Card::J => Color32::from_rgb(120, 70, 170),
        Card::Z => Color32::from_rgb(90, 100, 110),
    }
}

const FACE: Color32 = Color32::from_rgb(246, 242, 230);
const EDGE: Color32 = Color32::from_rgb(60, 55, 50);

/// A card face in `rect`, its name underneath the icon.
pub fn face(painter: &egui::Painter, rect: Rect, card: Card, name: &str) {
    let r = (rect.width() * 0.12) as u8;
    painter.rect_filled(rect, r, FACE);
    painter.rect_stroke(rect, r, Stroke::new(1.0, EDGE), StrokeKind::Inside);
    let icon = Rect::from_center_size(
        rect.center_top() + vec2(0.0, rect.height() * 0.36),
        vec2(rect.width() * 0.62, rect.width() * 0.62),
    );
    draw_icon(painter, icon, card);
    // The name on one line, smaller if it must (a name broken mid-word, "Crossb/ow", reads
    // as two words).
    let mut size = (rect.width() * 0.26).clamp(8.0, 22.0);
    let mut galley = painter.layout_no_wrap(name.to_owned(), FontId::proportional(size), EDGE);
    if galley.size().x > rect.width() - 4.0 {
        size = (size * (rect.width() - 4.0) / galley.size().x).max(6.0);
        galley = painter.layout_no_wrap(name.to_owned(), FontId::proportional(size), EDGE);
    }
    let at = pos2(
        rect.center().x - galley.size().x / 2.0,
        rect.bottom() - galley.size().y - rect.height() * 0.05,
    );
    painter.galley(at, galley, EDGE);
}

/// A card face down.
pub fn back(painter: &egui::Painter, rect: Rect) {
    let r = (rect.width() * 0.12) as u8;
    painter.rect_filled(rect, r, Color32::from_rgb(120, 40, 40));
    painter.rect_stroke(
        rect.shrink(rect.width() * 0.1),
        r / 2,
        Stroke::new(1.0, Color32::from_rgb(220, 180, 100)),
        StrokeKind::Inside,
    );
    painter.rect_stroke(rect, r, Stroke::new(1.0, EDGE), StrokeKind::Inside);
}

/// A role card: the role's name on its colour (a hidden role: a question mark). The card
/// starts at `rect` and grows to the right to hold the name (English names are longer);
/// returns the rectangle drawn.
pub fn role_badge(
    painter: &egui::Painter,
    rect: Rect,
    role: Option<Role>,
    name: &str,
    colour: Color32,
) -> Rect {
    let text = if role.is_some() { name } else { "?" };
    let width = painter
        .layout_no_wrap(
            text.to_owned(),
            FontId::proportional(rect.height() * 0.55),
            colour,
        )
        .size()
        .x;
    let rect = rect.with_max_x(rect.max.x.max(rect.min.x + width + 10.0));
    painter.rect_filled(rect, 4, colour.gamma_multiply(0.25));
    painter.rect_stroke(rect, 4, Stroke::new(1.5, colour), StrokeKind::Inside);
    painter.text(
        rect.center(),
        Align2::CENTER_CENTER,
        text,
        FontId::proportional(rect.height() * 0.55),
        colour,
    );
    rect
}

fn draw_icon(p: &egui::Painter, r: Rect, card: Card) {
    let c = ink(card);
    let w = r.width();
    let s = Stroke::new((w * 0.09).max(1.5), c);
    let at = |x: f32, y: f32| -> Pos2 { r.min + vec2(x * w, y * r.height()) };
    match card {
        // A sword: the blade, the guard, the grip.
        Card::K => {
            p.line_segment([at(0.2, 0.85), at(0.85, 0.15)], s);
            p.line_segment([at(0.2, 0.52), at(0.5, 0.85)], s);
        }
        // A shield.
        Card::D => {
            p.add(egui::Shape::convex_polygon(
                vec![
                    at(0.2, 0.15),
                    at(0.8, 0.15),
                    at(0.8, 0.5),
                    at(0.5, 0.9),
                    at(0.2, 0.5),
                ],
                c.gamma_multiply(0.35),
                s,
            ));
        }
        // A peach with its leaf.
        Card::P => {
            p.circle_filled(at(0.5, 0.58), w * 0.32, c);
            p.line_segment(
                [at(0.5, 0.3), at(0.72, 0.12)],
                Stroke::new(s.width, Color32::from_rgb(60, 150, 70)),
            );
        }
        // Two crossed blades.
        Card::F => {
            p.line_segment([at(0.15, 0.15), at(0.85, 0.85)], s);
            p.line_segment([at(0.85, 0.15), at(0.15, 0.85)], s);
        }
        // A pig's snout: a round face, two nostrils.
        Card::N => {
            p.circle_stroke(at(0.5, 0.5), w * 0.38, s);
            p.circle_filled(at(0.38, 0.52), w * 0.08, c);
            p.circle_filled(at(0.62, 0.52), w * 0.08, c);
        }
        // A volley: three arrows falling.
        Card::W => {
            for x in [0.2, 0.5, 0.8] {
                p.line_segment([at(x, 0.1), at(x, 0.85)], s);
                p.line_segment([at(x - 0.1, 0.7), at(x, 0.9)], s);
                p.line_segment([at(x + 0.1, 0.7), at(x, 0.9)], s);
            }
        }
        // A ban: a ring with a slash.
        Card::J => {
            p.circle_stroke(at(0.5, 0.5), w * 0.38, s);
            p.line_segment([at(0.24, 0.24), at(0.76, 0.76)], s);
        }
        // A crossbow: the bow, its string, the stock.
        Card::Z => {
            p.add(egui::Shape::line(
                vec![at(0.1, 0.4), at(0.3, 0.22), at(0.7, 0.22), at(0.9, 0.4)],
                s,
            ));
            p.line_segment([at(0.1, 0.4), at(0.9, 0.4)], Stroke::new(1.0, c));
            p.line_segment([at(0.5, 0.15), at(0.5, 0.9)], s);
        }
    }
}
