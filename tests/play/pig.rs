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
    let m = g.wait("the 猪国杀 setup", |m| {
        m.in_state("PigScreen::Setup") && !m.of_role("TextInput").is_empty()
    });
    // A new table shows a fresh seed; this test types seed 1 (pig 1 has decisions to make
    // and the game outlasts the first).
    g.retype_first_field(&m, "1");
    let seed_one = |m: &Map| {
        m.of_role("TextInput")
            .first()
            .is_some_and(|w| w.text == "1")
    };
    g.wait("seed 1 typed", seed_one);
    g.screenshot("setup");
    // Watching takes no save slot.
    g.click(&zh("pig-watch"));
    g.wait("the table, watched", |m| m.in_state("PigScreen::Table"));
    g.click(&zh("back"));
    let m = g.wait("the setup again", |m| {
        m.in_state("PigScreen::Setup") && m.containing("#1 ").is_some()
    });
    let first = &m.containing("#1 ").unwrap().text;
    assert!(
        first.contains(&zh("empty-slot")),
        "watching left slot #1 empty: {first}"
    );
    g.retype_first_field(&m, "1");
    g.wait("seed 1 typed again", seed_one);
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
    // The next table would be another one: a fresh seed, not the one just played.
    let shown = &m.of_role("TextInput")[0].text;
    assert_ne!(shown, "1", "a fresh seed for the next table");
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
