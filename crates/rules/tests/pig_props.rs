//! Random tables never panic, and the event log is consistent with the table: every card
//! is somewhere (deck, hands, weapons, discards), deaths match, the game ends once.

use bw_rules::pig::engine::{Outcome, Pig, Table, run};
use bw_rules::pig::judge::{format, parse};
use bw_rules::pig::{Card, Event, EventLog, ProblemConduct, Role};
use proptest::prelude::*;

fn card() -> impl Strategy<Value = Card> {
    prop::sample::select(Card::ALL.to_vec())
}

fn table() -> impl Strategy<Value = Table> {
    (2usize..=10)
        .prop_flat_map(|n| {
            (
                prop::collection::vec(prop::sample::select(vec![Role::ZP, Role::FP]), n - 1),
                prop::collection::vec(prop::collection::vec(card(), 4), n),
                prop::collection::vec(card(), 1..300),
            )
        })
        .prop_map(|(roles, hands, deck)| {
            let pigs = std::iter::once(Role::MP)
                .chain(roles)
                .zip(hands)
                .map(|(r, h)| Pig::new(r, h))
                .collect();
            Table::new(pigs, deck)
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn random_games_keep_every_card_and_a_consistent_log(mut t in table()) {
        let n = t.n();
        let mut log = EventLog::default();
        let outcome = run(&mut t, &mut ProblemConduct, &mut log, 20_000);
        let held: usize = t.pigs.iter().map(|p| p.hand.len() + p.weapon as usize).sum();
        prop_assert_eq!(held + t.discarded, 4 * n + t.drawn, "cards are conserved");
        let drawn_in_log: usize = log.0.iter().map(|e| match e {
            Event::Draw { cards, .. } | Event::Reward { cards, .. } => cards.len(),
            _ => 0,
        }).sum();
        prop_assert_eq!(drawn_in_log, t.drawn);
        for e in &log.0 {
            if let Event::Death { pig, .. } = e {
                prop_assert!(!t.pigs[*pig].alive);
            }
        }
        let deaths = log.0.iter().filter(|e| matches!(e, Event::Death { .. })).count();
        prop_assert_eq!(deaths, t.pigs.iter().filter(|p| !p.alive).count());
        let ends: Vec<&Event> = log.0.iter().filter(|e| matches!(e, Event::End { .. })).collect();
        prop_assert_eq!(ends.len(), 1);
        prop_assert_eq!(log.0.last(), Some(&Event::End { outcome }));
        match outcome {
            Outcome::RebelsWin => prop_assert!(!t.pigs[0].alive),
            Outcome::MasterWins => prop_assert!(t.pigs[0].alive && t.pigs.iter().all(|p| !p.alive || p.role != Role::FP)),
            Outcome::NoResult => prop_assert_eq!(t.turns, 20_000),
        }
    }

    #[test]
    fn any_text_input_is_refused_or_played_without_panic(text in "[0-9A-Z \n]{0,120}") {
        if let Ok(mut t) = parse(&text) {
            run(&mut t, &mut ProblemConduct, &mut bw_rules::pig::NoEvents, 10_000);
            let _ = format(&t);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Following the event log from the start rebuilds the final table exactly.
    #[test]
    fn the_event_log_tells_the_whole_game(mut t in table()) {
        use bw_rules::pig::view::TableView;
        let start = TableView::start(&t);
        let mut log = EventLog::default();
        run(&mut t, &mut ProblemConduct, &mut log, 5_000);
        let end = TableView::after(&start, &log.0, log.0.len());
        for (v, p) in end.pigs.iter().zip(&t.pigs) {
            prop_assert_eq!(&v.hand, &p.hand);
            prop_assert_eq!((v.hp, v.alive, v.weapon, v.revealed, v.suspect), (p.hp, p.alive, p.weapon, p.revealed, p.suspect));
        }
        prop_assert_eq!(end.deck_left, t.deck_left());
        prop_assert_eq!(end.outcome, t.outcome);
    }
}

#[test]
fn random_setups_deal_reproducibly_and_bad_setups_are_refused() {
    use bw_rules::pig::setup::PigSetup;
    let s = PigSetup {
        seed: 9,
        ..PigSetup::default()
    };
    assert_eq!(s.deal().unwrap(), s.deal().unwrap());
    assert_eq!(PigSetup::from_ron(&s.to_ron()).unwrap(), s);
    let mut bad = s.clone();
    bad.roles[1] = Role::MP;
    assert!(bad.deal().is_err());
    let mut none = s.clone();
    none.weights = [0; 8];
    assert!(none.validate().is_err());
}
