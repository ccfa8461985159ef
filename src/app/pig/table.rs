//! The table screen: pigs around the table, the event log, the step controls, the result.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use bw_rules::pig::content::PigTexts;
use bw_rules::pig::engine::Outcome;
use bw_rules::pig::{Card, Event, Role};

use super::{PigGame, PigTextsRes, card_name, role_name};
use crate::app::AppState;
use crate::app::i18n::{Lang, T};
use crate::app::settings::UserSettings;

fn role_color(role: Role) -> egui::Color32 {
    match role {
        Role::MP => egui::Color32::from_rgb(235, 180, 40),
        Role::ZP => egui::Color32::from_rgb(90, 170, 240),
        Role::FP => egui::Color32::from_rgb(230, 90, 90),
    }
}

/// One event as a line of the log.
pub fn describe(e: &Event, lang: Lang, texts: &PigTexts) -> String {
    let zh = lang == Lang::Zh;
    let pig = |p: &usize| {
        if zh {
            format!("{} 号猪", p + 1)
        } else {
            format!("pig {}", p + 1)
        }
    };
    let card = |c: &Card| card_name(texts, lang, *c);
    let cards = |cs: &[Card]| {
        cs.iter()
            .map(|c| c.letter().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    match e {
        Event::TurnStart { pig: p } => {
            if zh {
                format!("—— {} 的回合", pig(p))
            } else {
                format!("—— {}'s turn", pig(p))
            }
        }
        Event::Draw { pig: p, cards: cs } => {
            if zh {
                format!("{} 摸牌 {}", pig(p), cards(cs))
            } else {
                format!("{} draws {}", pig(p), cards(cs))
            }
        }
        Event::Play {
            pig: p,
            card: c,
            target,
        } => match target {
            Some(t) => {
                if zh {
                    format!("{} 对 {} 使用{}", pig(p), pig(t), card(c))
                } else {
                    format!("{} plays {} on {}", pig(p), card(c), pig(t))
                }
            }
            None => {
                if zh {
                    format!("{} 使用{}", pig(p), card(c))
                } else {
                    format!("{} plays {}", pig(p), card(c))
                }
            }
        },
        Event::Equip { pig: p, replaced } => {
            if zh {
                format!(
                    "{} 装备猪哥连弩{}",
                    pig(p),
                    if *replaced {
                        "（替换旧武器）"
                    } else {
                        ""
                    }
                )
            } else {
                format!(
                    "{} equips the crossbow{}",
                    pig(p),
                    if *replaced { " (replacing one)" } else { "" }
                )
            }
        }
        Event::Heal { pig: p, hp } => {
            if zh {
                format!("{} 回复到 {hp} 点体力", pig(p))
            } else {
                format!("{} heals to {hp}", pig(p))
            }
        }
        Event::Respond { pig: p, card: c } => {
            if zh {
                format!("{} 打出{}", pig(p), card(c))
            } else {
                format!("{} answers with {}", pig(p), card(c))
            }
        }
        Event::Nullify { pig: p, against } => {
            if zh {
                format!("{} 打出无懈可击（对 {}）", pig(p), pig(against))
            } else {
                format!("{} nullifies (against {})", pig(p), pig(against))
            }
        }
        Event::Reveal { pig: p, role } => {
            let what = match (role, zh) {
                (Role::ZP, true) => "跳忠",
                (Role::FP, true) => "跳反",
                (Role::ZP, false) => "reveals as loyal",
                (_, true) => "表明身份",
                _ => "reveals as a rebel",
            };
            format!("{} {what}", pig(p))
        }
        Event::Suspect { pig: p } => {
            if zh {
                format!("主猪认为 {} 是类反猪", pig(p))
            } else {
                format!("the MP now takes {} for a rebel", pig(p))
            }
        }
        Event::Damage { pig: p, source, hp } => {
            if zh {
                format!("{} 受到 {} 的 1 点伤害，剩 {hp}", pig(p), pig(source))
            } else {
                format!("{} takes 1 damage from {}, {hp} left", pig(p), pig(source))
            }
        }
        Event::Rescue { pig: p, hp } => {
            if zh {
                format!("{} 濒死吃桃，回到 {hp}", pig(p))
            } else {
                format!("{} eats a peach while dying, {hp}", pig(p))
            }
        }
        Event::Death { pig: p, killer, .. } => {
            if zh {
                format!("{} 死亡（{} 所杀）", pig(p), pig(killer))
            } else {
                format!("{} dies (killed by {})", pig(p), pig(killer))
            }
        }
        Event::Reward { pig: p, cards: cs } => {
            if zh {
                format!("{} 杀死反猪，摸三张 {}", pig(p), cards(cs))
            } else {
                format!("{} killed a rebel and draws {}", pig(p), cards(cs))
            }
        }
        Event::Penalty { pig: p, discarded } => {
            if zh {
                format!("主猪杀死忠猪，弃置全部 {discarded} 张牌")
            } else {
                format!("{} killed a loyal pig and loses {discarded} cards", pig(p))
            }
        }
        Event::End { outcome } => match (outcome, zh) {
            (Outcome::MasterWins, true) => "游戏结束：主猪胜".into(),
            (Outcome::RebelsWin, true) => "游戏结束：反猪胜".into(),
            (Outcome::NoResult, true) => "回合数达到上限：无结果".into(),
            (Outcome::MasterWins, false) => "The MP wins".into(),
            (Outcome::RebelsWin, false) => "The rebels win".into(),
            (Outcome::NoResult, false) => "Turn cap reached: no result".into(),
        },
    }
}

pub fn table_screen(
    mut contexts: EguiContexts,
    settings: Res<UserSettings>,
    texts: Res<PigTextsRes>,
    game: Option<ResMut<PigGame>>,
    mut seat: Option<ResMut<super::PigSeat>>,
    mut next: ResMut<NextState<AppState>>,
) -> Result {
    let Some(mut game) = game else {
        next.set(AppState::PigSetup);
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let lang = settings.lang;
    let zh = lang == Lang::Zh;
    let mut root = crate::app::root_ui(ctx);
    let total = game.events.len();
    egui::Panel::bottom("pig-controls").show(&mut root, |bar| {
        bar.horizontal(|bar| {
            if bar.button("|◀").clicked() {
                game.show(0);
            }
            if bar.button(if zh { "下一步" } else { "Step" }).clicked() {
                let to = game.shown + 1;
                game.show(to);
            }
            if bar
                .button(if zh { "下一回合" } else { "Next turn" })
                .clicked()
            {
                let to = game.next_turn();
                game.show(to);
            }
            let play = if game.playing { "||" } else { "▶" };
            if bar.button(play).clicked() {
                game.playing = !game.playing;
            }
            bar.add(egui::Slider::new(&mut game.speed, 1.0..=60.0).text(if zh {
                "步/秒"
            } else {
                "steps/s"
            }));
            if bar
                .button(if zh { "跳到结尾" } else { "To the end" })
                .clicked()
            {
                game.show(total);
            }
            bar.label(format!("{} / {total}", game.shown));
            if bar.button(T::Back.tr(lang)).clicked() {
                next.set(AppState::PigSetup);
            }
        });
    });
    if let Some(seat) = seat.as_deref_mut()
        && let Some(q) = seat.question.clone()
    {
        let ctx = root.ctx().clone();
        egui::Window::new(if zh {
            "轮到你决定"
        } else {
            "Your decision"
        })
        .anchor(egui::Align2::LEFT_TOP, [12.0, 12.0])
        .collapsible(false)
        .resizable(false)
        .show(&ctx, |w| {
            if let Some(a) = super::seat::question_panel(w, lang, &texts, seat.seat, &q) {
                seat.answer(a);
            }
        });
    }
    egui::Panel::right("pig-log")
        .exact_size(340.0)
        .show(&mut root, |p| {
            p.heading(T::EventLog.tr(lang));
            egui::ScrollArea::vertical()
                .stick_to_bottom(true)
                .show(p, |s| {
                    let from = game.shown.saturating_sub(400);
                    for e in &game.events[from..game.shown] {
                        s.label(egui::RichText::new(describe(e, lang, &texts.0)).size(14.0));
                    }
                });
        });
    egui::CentralPanel::default().show(&mut root, |p| {
        let rect = p.max_rect();
        let painter = p.painter_at(rect);
        let centre = rect.center();
        let (rx, ry) = (rect.width() * 0.36, rect.height() * 0.36);
        painter.circle_filled(
            centre,
            rx.min(ry) * 0.45,
            egui::Color32::from_rgb(40, 70, 50),
        );
        let deck = if zh {
            format!("牌堆 {}", game.view.deck_left)
        } else {
            format!("deck {}", game.view.deck_left)
        };
        painter.text(
            centre,
            egui::Align2::CENTER_CENTER,
            deck,
            egui::FontId::proportional(20.0),
            egui::Color32::WHITE,
        );
        let n = game.view.pigs.len();
        for (i, pig) in game.view.pigs.iter().enumerate() {
            let a = std::f32::consts::FRAC_PI_2 + i as f32 / n as f32 * std::f32::consts::TAU;
            let pos = centre + egui::vec2(rx * a.cos(), ry * a.sin());
            let card = egui::Rect::from_center_size(pos, egui::vec2(230.0, 96.0));
            let current = game.view.current == Some(i);
            let bg = if !pig.alive {
                egui::Color32::from_gray(45)
            } else if current {
                egui::Color32::from_rgb(70, 70, 95)
            } else {
                egui::Color32::from_gray(60)
            };
            painter.rect_filled(card, 8.0, bg);
            painter.rect_stroke(
                card,
                8.0,
                egui::Stroke::new(2.0, role_color(pig.role)),
                egui::StrokeKind::Inside,
            );
            let mut title = format!("#{} {}", i + 1, role_name(&texts.0, lang, pig.role));
            if pig.revealed && pig.role != Role::MP {
                title += if zh {
                    if pig.role == Role::ZP {
                        " ·跳忠"
                    } else {
                        " ·跳反"
                    }
                } else {
                    " · revealed"
                };
            }
            if pig.suspect {
                title += if zh { " ·类反" } else { " · suspect" };
            }
            painter.text(
                card.min + egui::vec2(8.0, 6.0),
                egui::Align2::LEFT_TOP,
                title,
                egui::FontId::proportional(16.0),
                role_color(pig.role),
            );
            let status = if pig.alive {
                let hearts = "♥".repeat(pig.hp.max(0) as usize);
                format!(
                    "{hearts} {}{}",
                    pig.hp,
                    if pig.weapon {
                        if zh { " 猪哥连弩" } else { " crossbow" }
                    } else {
                        ""
                    }
                )
            } else {
                "DEAD".to_string()
            };
            painter.text(
                card.min + egui::vec2(8.0, 30.0),
                egui::Align2::LEFT_TOP,
                status,
                egui::FontId::proportional(15.0),
                egui::Color32::from_rgb(240, 120, 120),
            );
            let hand: String = pig
                .hand
                .iter()
                .take(24)
                .map(|c| c.letter())
                .collect::<Vec<_>>()
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(" ");
            let more = if pig.hand.len() > 24 {
                format!(" …(+{})", pig.hand.len() - 24)
            } else {
                String::new()
            };
            painter.text(
                card.min + egui::vec2(8.0, 56.0),
                egui::Align2::LEFT_TOP,
                format!("{hand}{more}"),
                egui::FontId::monospace(15.0),
                egui::Color32::from_gray(230),
            );
        }
        if game.shown == total {
            let text = match &game.result {
                Some(r) => r.clone(),
                None => (if zh {
                    "回合数达到上限：无结果"
                } else {
                    "turn cap reached: no result"
                })
                .to_string(),
            };
            egui::Window::new(if zh {
                "结果（与评测输出相同）"
            } else {
                "Result (as judge mode prints it)"
            })
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .collapsible(false)
            .resizable(false)
            .show(p.ctx(), |w| {
                w.label(egui::RichText::new(text).monospace().size(15.0));
            });
        }
    });
    Ok(())
}
