//! 猪国杀 with a seat: the person's pig answers a decision, the table is left, and the slot
//! continues the game at the person's next decision (it used to replay it with the pig
//! idle to the end).

use crate::driver::{Game, Map};
use crate::zh;

/// The buttons of the decision panel (below its title, above the controls).
fn decision_buttons(m: &Map) -> Vec<(i32, i32)> {
    let Some(title) = m.widget(&zh("pig-your-decision")) else {
        return vec![];
    };
    let controls_top = m.widget(&zh("back")).map_or(f32::MAX, |b| b.rect[1]);
    m.widgets
        .iter()
        .filter(|w| {
            w.role == "Button" && w.enabled && w.rect[1] > title.rect[3] && w.rect[3] < controls_top
        })
        .map(|w| w.center())
        .collect()
}

fn answers(m: &Map) -> usize {
    m.fact("pig-answers").unwrap_or("0").parse().unwrap()
}

#[test]
#[ignore = "needs Xvfb and xdotool: scripts/test.sh runs it"]
fn a_seat_answered_left_and_resumed_from_its_slot() {
    let mut g = Game::start("pig-seat");
    g.click(&zh("pig-kill"));
    g.wait("the 猪国杀 setup", |m| m.in_state("PigScreen::Setup"));
    let take = zh("pig-take-seat").replace("{ $n }", "1");
    g.click(&take);
    let m = g.wait("a decision for the person", |m| {
        m.fact("pig-question") == Some("1") && !decision_buttons(m).is_empty()
    });
    g.screenshot("decision");
    let (x, y) = decision_buttons(&m)[0];
    g.click_at(x, y, 1);
    let m = g.wait("the answer taken", |m| answers(m) >= 1);
    let given = answers(&m);
    // Leave, and come back through the slot.
    g.click(&zh("back"));
    let m = g.wait("the slots", |m| {
        m.in_state("PigScreen::Setup") && m.containing("#1 ").is_some()
    });
    let slot = m.containing("#1 ").unwrap();
    // "… · 未完，轮到 { $pig } 号决定": the words before the pig's number.
    let to_decide = zh("pig-slot-to-decide");
    let marker = to_decide
        .split('·')
        .nth(1)
        .unwrap()
        .split('{')
        .next()
        .unwrap()
        .trim();
    assert!(
        slot.text.contains(marker),
        "the slot says the game waits for the person: {}",
        slot.text
    );
    let (x, y) = slot.center();
    g.click_at(x, y, 1);
    let m = g.wait("the game continued at the person's decision", |m| {
        m.in_state("PigScreen::Table") && m.fact("pig-question") == Some("1")
    });
    assert_eq!(answers(&m), given, "the answers given before are kept");
    g.screenshot("resumed");
    g.finish();
}
