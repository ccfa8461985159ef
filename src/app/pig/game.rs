//! The table screen: pigs around the table, the event log, the step controls, the result.
//! Watching, every pig is face up; with a person seated, other pigs' hands and hidden roles
//! are face down (in the log too).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use bw_rules::pig::content::PigTexts;
use bw_rules::pig::engine::Outcome;
use bw_rules::pig::view::{SeenPig, seen_by};
use bw_rules::pig::{Card, Event, Role};

use super::{PigAnswer, PigGame, PigSeat, PigTextsRes, card_name, cards, role_goal, role_name};
use crate::app::i18n::Locale;
use crate::app::settings::UserSettings;
use crate::app::state::PigScreen;
use crate::app::theme::{self, palette};
use crate::tr;
use bevy::window::RequestRedraw;

fn role_color(role: Option<Role>) -> egui::Color32 {
    match role {
        Some(Role::MP) => egui::Color32::from_rgb(235, 180, 40),
        Some(Role::ZP) => egui::Color32::from_rgb(90, 170, 240),
        Some(Role::FP) => egui::Color32::from_rgb(230, 90, 90),
        None => palette::MUTED,
    }
}

/// One event as a line of the log.
pub fn event_line(e: &Event, loc: &Locale, texts: &PigTexts) -> String {
    let pig = |p: &usize| tr!(loc, "pig-n", n = p + 1);
    let card = |c: &Card| card_name(texts, loc, *c);
    let cards = |cs: &[Card]| cs.iter().map(card).collect::<Vec<_>>().join(" ");
    match e {
        Event::TurnStart { pig: p } => tr!(loc, "pig-log-turn", pig = pig(p)),
        Event::Draw { pig: p, cards: cs } => {
            tr!(loc, "pig-log-draw", pig = pig(p), cards = cards(cs))
        }
        Event::FaceDown {
            pig: p,
            count,
            reward,
        } => {
            let id = if *reward {
                "pig-log-reward-hidden"
            } else {
                "pig-log-draw-hidden"
            };
            tr!(loc, id, pig = pig(p), n = *count)
        }
        Event::Play {
            pig: p,
            card: c,
            target,
        } => match target {
            Some(t) => tr!(
                loc,
                "pig-log-play-on",
                pig = pig(p),
                target = pig(t),
                card = card(c)
            ),
            None => tr!(loc, "pig-log-play", pig = pig(p), card = card(c)),
        },
        Event::Equip { pig: p, replaced } => tr!(
            loc,
            if *replaced {
                "pig-log-equip-replace"
            } else {
                "pig-log-equip"
            },
            pig = pig(p)
        ),
        Event::Heal { pig: p, hp } => tr!(loc, "pig-log-heal", pig = pig(p), hp = *hp),
        Event::Respond { pig: p, card: c } => {
            tr!(loc, "pig-log-respond", pig = pig(p), card = card(c))
        }
        Event::Nullify { pig: p, against } => {
            tr!(loc, "pig-log-nullify", pig = pig(p), against = pig(against))
        }
        Event::Reveal { pig: p, role } => match role {
            Role::ZP => tr!(loc, "pig-log-reveal-loyal", pig = pig(p)),
            Role::FP => tr!(loc, "pig-log-reveal-rebel", pig = pig(p)),
            Role::MP => tr!(loc, "pig-log-reveal", pig = pig(p)),
        },
        Event::Suspect { pig: p } => tr!(loc, "pig-log-suspect", pig = pig(p)),
        Event::Damage { pig: p, source, hp } => {
            tr!(
                loc,
                "pig-log-damage",
                pig = pig(p),
                source = pig(source),
                hp = *hp
            )
        }
        Event::Rescue { pig: p, hp } => tr!(loc, "pig-log-rescue", pig = pig(p), hp = *hp),
        Event::Death {
            pig: p,
            killer,
            role,
        } => tr!(
            loc,
            "pig-log-death",
            pig = pig(p),
            killer = pig(killer),
            role = role_name(texts, loc, *role)
        ),
        Event::Reward { pig: p, cards: cs } => {
            tr!(loc, "pig-log-reward", pig = pig(p), cards = cards(cs))
        }
        Event::Penalty { pig: p, discarded } => {
            tr!(loc, "pig-log-penalty", pig = pig(p), n = *discarded)
        }
        Event::End { outcome } => outcome_text(loc, Some(*outcome)),
    }
}

fn outcome_text(loc: &Locale, outcome: Option<Outcome>) -> String {
    match outcome {
        Some(Outcome::MasterWins) => tr!(loc, "pig-end-master"),
        Some(Outcome::RebelsWin) => tr!(loc, "pig-end-rebels"),
        Some(Outcome::NoResult) | None => tr!(loc, "pig-end-no-result"),
    }
}

/// Every pig as the viewer may see it: all face up when watching.
fn pigs_seen(game: &PigGame, seat: Option<usize>) -> Vec<SeenPig> {
    match seat {
        Some(s) => seen_by(&game.view, s),
        None => game
            .view
            .pigs
            .iter()
            .map(|p| SeenPig {
                role: Some(p.role),
                hp: p.hp,
                hand: Some(p.hand.clone()),
                hand_len: p.hand.len(),
                weapon: p.weapon,
                alive: p.alive,
                revealed: p.revealed,
                suspect: p.suspect,
            })
            .collect(),
    }
}

pub fn table_screen(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    texts: Res<PigTextsRes>,
    game: Option<ResMut<PigGame>>,
    seat: Option<Res<PigSeat>>,
    mut answers: MessageWriter<PigAnswer>,
    mut next: ResMut<NextState<PigScreen>>,
    settings: Res<UserSettings>,
    time: Res<Time>,
    mut redraw: MessageWriter<RequestRedraw>,
    mut flight: Local<Option<(usize, f32)>>,
    mut result_closed: Local<bool>,
) -> Result {
    let Some(mut game) = game else {
        next.set(PigScreen::Setup);
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut root = theme::root_ui(ctx);
    let total = game.events.len();
    let seated = seat.as_ref().map(|s| s.seat);
    egui::Panel::bottom("pig_controls").show(&mut root, |bar| {
        bar.horizontal(|bar| {
            // A seated game runs at the table's pace; the step controls are for watching.
            if seated.is_none() {
                if bar.button("|◀").clicked() {
                    game.show(0);
                }
                if bar.button(tr!(loc, "pig-step")).clicked() {
                    let to = game.shown + 1;
                    game.show(to);
                }
                if bar.button(tr!(loc, "pig-next-turn")).clicked() {
                    let to = game.next_turn();
                    game.show(to);
                }
                let play = if game.playing { "||" } else { "▶" };
                if bar.button(play).clicked() {
                    game.playing = !game.playing;
                }
                bar.add(
                    egui::Slider::new(&mut game.speed, 1.0..=60.0)
                        .text(tr!(loc, "pig-steps-per-second")),
                );
                if bar.button(tr!(loc, "pig-to-the-end")).clicked() {
                    game.show(total);
                }
                bar.label(format!("{} / {total}", game.shown));
            }
            if bar.button(tr!(loc, "back")).clicked() {
                next.set(PigScreen::Setup);
            }
        });
    });
    // The person's decision in a panel of its own above the controls: the table shrinks to
    // make room, so nothing of it (the person's own hand least of all) is covered.
    if let Some(seat) = seat.as_deref()
        && let Some(q) = seat.question.clone()
    {
        egui::Panel::bottom("pig_decision")
            .frame(theme::dialog_frame())
            .show(&mut root, |w| {
                w.label(
                    egui::RichText::new(tr!(loc, "pig-your-decision"))
                        .strong()
                        .color(theme::palette::ACCENT),
                );
                // The choices side by side, wrapping: a short panel leaves the table room.
                w.horizontal_wrapped(|w| {
                    if let Some(a) = super::seat::question_panel(w, &loc, &texts, seat.seat, &q) {
                        answers.write(PigAnswer(a));
                    }
                });
            });
    }
    egui::Panel::right("pig_log")
        .exact_size(340.0)
        .show(&mut root, |p| {
            p.heading(tr!(loc, "event-log"));
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .show(p, |s| {
                    let from = game.shown.saturating_sub(400);
                    for e in &game.events[from..game.shown] {
                        s.label(egui::RichText::new(event_line(e, &loc, &texts.0)).size(14.0));
                    }
                });
        });
    let pigs = pigs_seen(&game, seated);
    let last = last_played(&game.events[..game.shown]);
    // The card last played flies from its pig to the discard pile.
    if flight.as_ref().map(|f| f.0) != last.map(|l| l.0) {
        *flight = last.map(|l| (l.0, if settings.animations { 0.0 } else { FLIGHT }));
    }
    if let Some(f) = flight.as_mut()
        && f.1 < FLIGHT
    {
        f.1 += time.delta_secs();
        redraw.write(RequestRedraw);
    }
    egui::CentralPanel::default().show(&mut root, |p| {
        let rect = p.max_rect();
        let painter = p.painter_at(rect);
        let centre = rect.center();
        let (rx, ry) = (rect.width() * 0.36, rect.height() * 0.36);
        painter.circle_filled(
            centre,
            rx.min(ry) * 0.52,
            egui::Color32::from_rgb(40, 70, 50),
        );
        // The deck (face down, with what is left) and the discard pile (the last card
        // played face up, with how many were played).
        let big = egui::vec2(56.0, 80.0);
        let deck = egui::Rect::from_center_size(centre - egui::vec2(40.0, 6.0), big);
        for k in (0..3).rev() {
            cards::back(
                &painter,
                deck.translate(egui::vec2(k as f32 * 2.0, k as f32 * -2.0)),
            );
        }
        let caption = |at: egui::Pos2, text: String| {
            painter.text(
                at,
                egui::Align2::CENTER_TOP,
                text,
                egui::FontId::proportional(14.0),
                egui::Color32::WHITE,
            );
        };
        caption(
            deck.center_bottom() + egui::vec2(0.0, 6.0),
            tr!(loc, "pig-deck-left", n = game.view.deck_left),
        );
        let discard = egui::Rect::from_center_size(centre + egui::vec2(40.0, -6.0), big);
        painter.rect_stroke(
            discard,
            6,
            egui::Stroke::new(1.0, egui::Color32::from_white_alpha(60)),
            egui::StrokeKind::Inside,
        );
        caption(
            discard.center_bottom() + egui::vec2(0.0, 6.0),
            tr!(
                loc,
                "pig-discards",
                n = played_count(&game.events[..game.shown])
            ),
        );
        // The pigs' panels round the table, as large as fits without overlapping.
        let (k, seats_at) = seat_rects(rect, pigs.len());
        let seat_at = |i: usize| seats_at[i].center();
        let v = |x: f32, y: f32| egui::vec2(x * k, y * k);
        for (i, pig) in pigs.iter().enumerate() {
            let card = seats_at[i];
            let bg = if !pig.alive {
                egui::Color32::from_gray(45)
            } else if game.view.current == Some(i) {
                egui::Color32::from_rgb(70, 70, 95)
            } else {
                egui::Color32::from_gray(60)
            };
            painter.rect_filled(card, 8.0, bg);
            let stroke = if seated == Some(i) { 4.0 } else { 2.0 };
            painter.rect_stroke(
                card,
                8.0,
                egui::Stroke::new(stroke, role_color(pig.role)),
                egui::StrokeKind::Inside,
            );
            let role = pig.role.map_or_else(
                || tr!(loc, "pig-role-hidden"),
                |r| role_name(&texts.0, &loc, r),
            );
            // The role card, then the pig's number and what is known of it.
            let badge = egui::Rect::from_min_size(card.min + v(8.0, 6.0), v(44.0, 22.0));
            let badge = cards::role_badge(&painter, badge, pig.role, &role, role_color(pig.role));
            // What the role plays for, on the badge (a hidden role says why it is hidden).
            let goal = pig
                .role
                .map_or_else(|| tr!(loc, "pig-role-hidden-why"), |r| role_goal(&loc, r));
            p.interact(
                badge,
                egui::Id::new(("pig role badge", i)),
                egui::Sense::hover(),
            )
            .on_hover_text(goal);
            let mut title = format!("#{}", i + 1);
            if seated == Some(i) {
                title += &tr!(loc, "pig-you");
            }
            if pig.revealed && pig.role.is_some_and(|r| r != Role::MP) {
                title += &tr!(loc, "pig-revealed");
            }
            if pig.suspect {
                title += &tr!(loc, "pig-suspect");
            }
            painter.text(
                badge.right_center() + v(8.0, 0.0),
                egui::Align2::LEFT_CENTER,
                title,
                egui::FontId::proportional(15.0 * k),
                role_color(pig.role),
            );
            let status = if pig.alive {
                let hearts = "♥".repeat(pig.hp.max(0) as usize);
                let weapon = if pig.weapon {
                    tr!(loc, "pig-crossbow")
                } else {
                    String::new()
                };
                format!("{hearts} {}{weapon}", pig.hp)
            } else {
                tr!(loc, "pig-dead")
            };
            painter.text(
                card.min + v(8.0, 32.0),
                egui::Align2::LEFT_TOP,
                status,
                egui::FontId::proportional(15.0 * k),
                egui::Color32::from_rgb(240, 120, 120),
            );
            // The hand: faces when this viewer may see them, backs otherwise.
            let slot = |c: usize| {
                egui::Rect::from_min_size(card.min + v(8.0 + c as f32 * 31.0, 54.0), v(28.0, 40.0))
            };
            const ROW: usize = 8;
            match &pig.hand {
                Some(h) => {
                    for (j, c) in h.iter().take(ROW).enumerate() {
                        cards::face(&painter, slot(j), *c, &card_name(&texts.0, &loc, *c));
                    }
                    more(&painter, card, h.len(), k);
                }
                None => {
                    for j in 0..pig.hand_len.min(ROW) {
                        cards::back(&painter, slot(j));
                    }
                    more(&painter, card, pig.hand_len, k);
                    painter.text(
                        card.left_bottom() + v(8.0, -4.0),
                        egui::Align2::LEFT_BOTTOM,
                        tr!(loc, "pig-hand-hidden", n = pig.hand_len),
                        egui::FontId::proportional(12.0 * k),
                        palette::MUTED,
                    );
                }
            }
        }
        if let Some((_, pig, card)) = last {
            let t = flight.map_or(1.0, |f| (f.1 / FLIGHT).min(1.0));
            let ease = 1.0 - (1.0 - t).powi(3);
            let from = seat_at(pig);
            let at = from + (discard.center() - from) * ease;
            let rect = egui::Rect::from_center_size(at, big * (0.6 + 0.4 * ease));
            cards::face(&painter, rect, card, &card_name(&texts.0, &loc, card));
        }
        if game.shown < total {
            *result_closed = false;
        }
        if game.shown == total
            && !*result_closed
            && (seated.is_none() || super::seat::ended(&game.events))
        {
            let over = super::seat::ended(&game.events);
            theme::dialog(p.ctx(), &tr!(loc, "pig-result"), |w| {
                w.label(egui::RichText::new(outcome_text(&loc, game.outcome)).size(22.0));
                if let (Some(s), true) = (seated, over) {
                    let role = game.view.pigs[s].role;
                    let won = match game.outcome {
                        Some(Outcome::MasterWins) => role != Role::FP,
                        Some(Outcome::RebelsWin) => role == Role::FP,
                        _ => false,
                    };
                    let alive = game.view.pigs[s].alive;
                    w.label(tr!(
                        loc,
                        if won { "pig-you-won" } else { "pig-you-lost" },
                        alive = if alive { "yes" } else { "no" }
                    ));
                }
                // The judge-format result belongs to watching, under details.
                if seated.is_none()
                    && let Some(r) = &game.result
                {
                    egui::CollapsingHeader::new(tr!(loc, "pig-judge-output")).show(w, |w| {
                        w.label(egui::RichText::new(r).monospace().size(14.0));
                    });
                }
                w.add_space(8.0);
                // The dialog covers the table: look at it again, or leave.
                if w.button(tr!(loc, "pig-look-at-table")).clicked() {
                    *result_closed = true;
                }
                if w.button(tr!(loc, "back")).clicked() {
                    next.set(PigScreen::Setup);
                }
            });
        }
    });
    Ok(())
}

/// Seconds a played card takes to reach the discard pile.
const FLIGHT: f32 = 0.35;

/// The last card played among `events` (its event's index, the pig, the card).
fn last_played(events: &[Event]) -> Option<(usize, usize, Card)> {
    events.iter().enumerate().rev().find_map(|(i, e)| match e {
        Event::Play { pig, card, .. } | Event::Respond { pig, card } => Some((i, *pig, *card)),
        Event::Nullify { pig, .. } => Some((i, *pig, Card::J)),
        _ => None,
    })
}

/// How many cards were played so far (the discard pile).
fn played_count(events: &[Event]) -> usize {
    events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Play { .. } | Event::Respond { .. } | Event::Nullify { .. }
            )
        })
        .count()
}

/// A pig's panel at full size.
const SEAT: egui::Vec2 = egui::vec2(262.0, 122.0);

/// The pigs' panels round a table in `rect`: pig 1 at the bottom, the others counter-
/// clockwise on an ellipse, every panel inside `rect` and none over another. Returns their
/// scale (1: full size; smaller when the table is too small) and their rectangles.
pub fn seat_rects(rect: egui::Rect, n: usize) -> (f32, Vec<egui::Rect>) {
    let gap = 4.0;
    let place = |k: f32| -> Vec<egui::Rect> {
        let size = SEAT * k;
        let rx = (rect.width() - size.x) / 2.0 - gap;
        let ry = (rect.height() - size.y) / 2.0 - gap;
        (0..n)
            .map(|i| {
                let a = std::f32::consts::FRAC_PI_2 + i as f32 / n as f32 * std::f32::consts::TAU;
                let at = rect.center() + egui::vec2(rx.max(0.0) * a.cos(), ry.max(0.0) * a.sin());
                egui::Rect::from_center_size(at, size)
            })
            .collect()
    };
    let fits = |rects: &[egui::Rect]| {
        rects.iter().all(|r| rect.contains_rect(*r))
            && rects.iter().enumerate().all(|(i, a)| {
                rects[i + 1..]
                    .iter()
                    .all(|b| !a.expand(gap / 2.0).intersects(b.expand(gap / 2.0)))
            })
    };
    let mut k = 1.0;
    while k > 0.3 {
        let rects = place(k);
        if fits(&rects) {
            return (k, rects);
        }
        k -= 0.025;
    }
    (k, place(k))
}

/// "+n" after a hand longer than a row (`k`: the panel's scale).
fn more(painter: &egui::Painter, card: egui::Rect, n: usize, k: f32) {
    if n > 8 {
        painter.text(
            card.right_bottom() + egui::vec2(-8.0, -4.0) * k,
            egui::Align2::RIGHT_BOTTOM,
            format!("+{}", n - 8),
            egui::FontId::proportional(13.0 * k),
            palette::TEXT,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// At every table size a window gives (down to 1024x700 beside the log) and for every
    /// number of pigs, the panels stay inside the table and off each other, at full size
    /// where there is room.
    #[test]
    fn the_pigs_panels_never_overlap_and_stay_on_the_table() {
        for (w, h) in [(940.0, 740.0), (684.0, 640.0), (600.0, 500.0)] {
            let table = egui::Rect::from_min_size(egui::pos2(10.0, 20.0), egui::vec2(w, h));
            for n in 2..=10 {
                let (k, rects) = seat_rects(table, n);
                assert_eq!(rects.len(), n);
                assert!(k >= 0.5, "{w}x{h}, {n} pigs: scale {k}");
                for (i, a) in rects.iter().enumerate() {
                    assert!(table.contains_rect(*a), "{w}x{h}, {n} pigs: #{i} {a:?}");
                    for b in &rects[i + 1..] {
                        assert!(!a.intersects(*b), "{w}x{h}, {n} pigs: {a:?} and {b:?}");
                    }
                }
            }
        }
        // A big table keeps them full size.
        let big = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(940.0, 740.0));
        assert_eq!(seat_rects(big, 4).0, 1.0);
    }
}
