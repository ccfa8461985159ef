//! One test per behaviour point of `shared/spec/pig.md` (the known ways to get 猪国杀
//! wrong), asserted on the event sequence and the final table.

use bw_rules::pig::engine::{Outcome, Pig, Table, run};
use bw_rules::pig::{Card, Event, EventLog, ProblemConduct, Role};

fn cards(s: &str) -> Vec<Card> {
    s.split_whitespace()
        .map(|w| Card::from_letter(w.chars().next().unwrap()).unwrap())
        .collect()
}

fn table(pigs: &[(&str, &str)], deck: &str) -> Table {
    Table::new(
        pigs.iter()
            .map(|(r, h)| Pig::new(Role::parse(r).unwrap(), cards(h)))
            .collect(),
        cards(deck),
    )
}

fn play(t: &mut Table, turns: u64) -> Vec<Event> {
    let mut log = EventLog::default();
    run(t, &mut ProblemConduct, &mut log, turns);
    log.0
}

fn plays_of(events: &[Event], pig: usize) -> Vec<(Card, Option<usize>)> {
    events
        .iter()
        .filter_map(|e| match e {
            Event::Play {
                pig: p,
                card,
                target,
            } if *p == pig => Some((*card, *target)),
            _ => None,
        })
        .collect()
}

fn position(events: &[Event], f: impl Fn(&Event) -> bool) -> Option<usize> {
    events.iter().position(f)
}

#[test]
fn p01_rescan_from_the_left_after_every_card() {
    // The FP kills, cannot kill again, equips the crossbow, rescans and kills again.
    let mut t = table(&[("MP", "D D D D"), ("FP", "K K Z D")], "D");
    let e = play(&mut t, 2);
    assert_eq!(
        plays_of(&e, 1),
        vec![(Card::K, Some(0)), (Card::Z, None), (Card::K, Some(0))]
    );
}

#[test]
fn p02_suspect_is_an_unrevealed_pig_that_damaged_the_mp_with_an_area_card() {
    let mut t = table(
        &[("MP", "D D D D"), ("ZP", "N D D D"), ("FP", "D D D D")],
        "D D D D D D K K D",
    );
    let e = play(&mut t, 4);
    assert!(e.contains(&Event::Suspect { pig: 1 }));
    assert!(
        plays_of(&e, 0).contains(&(Card::K, Some(1))),
        "the MP kills its 类反 ZP"
    );
}

#[test]
fn p02_revealing_clears_suspicion() {
    // The ZP is a suspect; it kills a revealed rebel, which reveals it: the MP sees a ZP.
    let mut t = table(
        &[("MP", "K D D D"), ("ZP", "K D D D"), ("FP", "D D D D")],
        "D",
    );
    t.pigs[1].suspect = true;
    t.pigs[2].revealed = true;
    t.current = 1;
    let e = play(&mut t, 3);
    assert_eq!(plays_of(&e, 1), vec![(Card::K, Some(2))]);
    assert!(e.contains(&Event::Reveal {
        pig: 1,
        role: Role::ZP
    }));
    assert!(!t.pigs[1].suspect);
    assert!(
        plays_of(&e, 0).is_empty(),
        "the MP no longer attacks the revealed ZP"
    );
}

#[test]
fn p02_a_zp_protects_the_mp_from_its_own_area_card() {
    let mut t = table(
        &[("MP", "D D D D"), ("ZP", "N J D D"), ("FP", "D D D D")],
        "D",
    );
    t.current = 1;
    let e = play(&mut t, 1);
    assert!(e.contains(&Event::Nullify { pig: 1, against: 0 }));
    assert!(
        !e.contains(&Event::Suspect { pig: 1 }),
        "no damage, no suspicion"
    );
    assert_eq!(t.pigs[0].hp, 4);
}

#[test]
fn p03_mp_duels_the_first_suspect_at_any_distance() {
    let mut t = table(
        &[
            ("MP", "D D D D"),
            ("FP", "D D D D"),
            ("ZP", "N K K D"),
            ("FP", "D D D D"),
        ],
        "D D D D D D D D F D",
    );
    let e = play(&mut t, 5);
    assert!(e.contains(&Event::Suspect { pig: 2 }));
    assert_eq!(plays_of(&e, 0), vec![(Card::F, Some(2))]);
    // p07: a ZP never discards 杀 in a duel against the MP.
    assert!(e.contains(&Event::Damage {
        pig: 2,
        source: 0,
        hp: 3
    }));
    assert_eq!(t.pigs[2].hand.iter().filter(|&&c| c == Card::K).count(), 2);
}

#[test]
fn p04_nobody_protects_an_unrevealed_pig_not_even_itself() {
    let mut t = table(
        &[("MP", "N D D D"), ("ZP", "J D D D"), ("FP", "J D D D")],
        "D",
    );
    let e = play(&mut t, 1);
    assert!(!e.iter().any(|e| matches!(e, Event::Nullify { .. })));
    assert_eq!((t.pigs[1].hp, t.pigs[2].hp), (3, 3));
}

#[test]
fn p05_nullification_chains_go_around_from_the_user_and_reveal() {
    let mut t = table(
        &[
            ("MP", "J J D D"),
            ("ZP", "J D D D"),
            ("FP", "F J D D"),
            ("FP", "J D D D"),
        ],
        "D",
    );
    let e = play(&mut t, 3);
    let chain: Vec<(usize, usize)> = e
        .iter()
        .filter_map(|e| match e {
            Event::Nullify { pig, against } => Some((*pig, *against)),
            _ => None,
        })
        .collect();
    assert_eq!(chain, vec![(0, 0), (2, 0), (0, 2), (3, 0), (1, 3)]);
    assert!(
        !e.iter().any(|e| matches!(e, Event::Damage { .. })),
        "five 无懈可击: the duel is off"
    );
    assert!(t.pigs[1].revealed && t.pigs[3].revealed);
    // p12: the attacker revealed itself before the chain started.
    let reveal = position(&e, |e| {
        *e == Event::Reveal {
            pig: 2,
            role: Role::FP,
        }
    })
    .unwrap();
    let first_j = position(&e, |e| matches!(e, Event::Nullify { .. })).unwrap();
    assert!(reveal < first_j);
}

#[test]
fn p06_area_cards_ask_per_target_and_a_protected_target_is_untouched() {
    let mut t = table(
        &[("MP", "D D D D"), ("FP", "W D D D"), ("ZP", "J D D D")],
        "D",
    );
    let e = play(&mut t, 2);
    assert!(
        e.contains(&Event::Respond {
            pig: 2,
            card: Card::D
        }),
        "the ZP answers first"
    );
    assert!(e.contains(&Event::Nullify { pig: 2, against: 0 }));
    assert!(!e.contains(&Event::Respond {
        pig: 0,
        card: Card::D
    }));
    assert_eq!(t.pigs[0].hp, 4);
    assert_eq!(t.pigs[0].hand.len(), 6);
}

#[test]
fn p07_duel_target_discards_first_and_the_loser_takes_damage() {
    let mut t = table(&[("MP", "K K D D"), ("FP", "F K D D")], "D");
    let e = play(&mut t, 2);
    let answers: Vec<usize> = e
        .iter()
        .filter_map(|e| match e {
            Event::Respond { pig, card: Card::K } => Some(*pig),
            _ => None,
        })
        .collect();
    assert_eq!(answers, vec![0, 1, 0]);
    assert!(e.contains(&Event::Damage {
        pig: 1,
        source: 0,
        hp: 3
    }));
}

#[test]
fn p07_the_initiator_may_die_in_its_own_turn() {
    let mut t = table(
        &[("MP", "K D D D"), ("FP", "F D D D"), ("FP", "D D D D")],
        "D",
    );
    t.pigs[1].hp = 1;
    let e = play(&mut t, 2);
    assert!(e.contains(&Event::Death {
        pig: 1,
        killer: 0,
        role: Role::FP
    }));
    assert!(!t.pigs[1].alive);
    assert_eq!(t.current, 2, "play goes on with the next living pig");
}

#[test]
fn p08_mp_killing_a_zp_loses_everything_at_once_even_mid_card() {
    let mut t = table(
        &[("MP", "N K K D"), ("ZP", "D D D D"), ("FP", "D D D D")],
        "D",
    );
    t.pigs[0].weapon = true;
    t.pigs[1].hp = 1;
    let e = play(&mut t, 1);
    assert!(e.contains(&Event::Penalty {
        pig: 0,
        discarded: 6
    }));
    assert!(t.pigs[0].hand.is_empty() && !t.pigs[0].weapon);
    assert_eq!(t.pigs[2].hp, 3, "the 南猪入侵 went on after the death");
}

#[test]
fn p09_the_killer_of_a_rebel_draws_three_unless_the_game_ended() {
    let mut t = table(
        &[
            ("MP", "D D D D"),
            ("ZP", "K D D D"),
            ("FP", "D D D D"),
            ("FP", "D D D D"),
        ],
        "D D D D P Z N",
    );
    t.pigs[2].revealed = true;
    t.pigs[2].hp = 1;
    t.pigs[2].hand = cards("K");
    let e = play(&mut t, 2);
    assert!(e.contains(&Event::Reward {
        pig: 1,
        cards: cards("P Z N")
    }));

    let mut last = table(
        &[("MP", "D D D D"), ("ZP", "K D D D"), ("FP", "K")],
        "D D D D P Z N",
    );
    last.pigs[2].revealed = true;
    last.pigs[2].hp = 1;
    let e = play(&mut last, 2);
    assert_eq!(last.outcome, Some(Outcome::MasterWins));
    assert!(!e.iter().any(|e| matches!(e, Event::Reward { .. })));
}

#[test]
fn p10_the_game_ends_the_instant_the_mp_dies_even_mid_area_card() {
    let mut t = table(
        &[("MP", "D D D D"), ("ZP", "D D D D"), ("FP", "N D D D")],
        "D",
    );
    t.pigs[0].hp = 1;
    t.current = 2;
    let e = play(&mut t, 1);
    assert_eq!(t.outcome, Some(Outcome::RebelsWin));
    assert_eq!(t.pigs[1].hp, 4, "the ZP after the MP was never reached");
    assert!(matches!(
        e.last(),
        Some(Event::End {
            outcome: Outcome::RebelsWin
        })
    ));
}

#[test]
fn p11_rebels_duel_the_mp_from_afar_but_kill_only_the_next_living_pig() {
    let mut t = table(
        &[
            ("MP", "D D D D"),
            ("ZP", "D D D D"),
            ("FP", "K F D D"),
            ("ZP", "D D D D"),
        ],
        "D",
    );
    t.current = 2;
    let e = play(&mut t, 1);
    assert_eq!(plays_of(&e, 2), vec![(Card::F, Some(0))]);

    let mut t = table(
        &[
            ("MP", "D D D D"),
            ("ZP", "D D D D"),
            ("FP", "K F D D"),
            ("ZP", "D D D D"),
        ],
        "D",
    );
    t.current = 2;
    t.pigs[3].alive = false;
    t.pigs[3].hand.clear();
    let e = play(&mut t, 1);
    assert_eq!(
        plays_of(&e, 2),
        vec![(Card::K, Some(0)), (Card::F, Some(0))]
    );
}

#[test]
fn p12_a_kill_reveals_the_attacker_before_the_dodge() {
    let mut t = table(&[("MP", "D D D D"), ("FP", "K D D D")], "D");
    let e = play(&mut t, 2);
    let reveal = position(&e, |e| {
        *e == Event::Reveal {
            pig: 1,
            role: Role::FP,
        }
    })
    .unwrap();
    let dodge = position(&e, |e| {
        *e == Event::Respond {
            pig: 0,
            card: Card::D,
        }
    })
    .unwrap();
    assert!(reveal < dodge);
}

#[test]
fn p13_one_kill_per_turn_without_a_weapon_and_a_new_weapon_replaces_the_old() {
    let mut t = table(&[("MP", "D D D D"), ("FP", "K K D D")], "D");
    let e = play(&mut t, 2);
    assert_eq!(plays_of(&e, 1), vec![(Card::K, Some(0))]);
    let mut t = table(&[("MP", "Z D D D"), ("FP", "D D D D")], "D");
    t.pigs[0].weapon = true;
    let e = play(&mut t, 1);
    assert!(e.contains(&Event::Equip {
        pig: 0,
        replaced: true
    }));
}

#[test]
fn p14_peaches_below_full_on_ones_turn_and_just_enough_when_dying() {
    let mut t = table(&[("MP", "P P D D"), ("FP", "D D D D")], "D");
    t.pigs[0].hp = 3;
    play(&mut t, 1);
    assert_eq!(
        (
            t.pigs[0].hp,
            t.pigs[0].hand.iter().filter(|&&c| c == Card::P).count()
        ),
        (4, 1)
    );

    let mut t = table(&[("MP", "D D D D"), ("FP", "K D D D")], "D");
    t.pigs[0].hp = 1;
    t.pigs[0].hand = cards("P P P");
    t.current = 1;
    let e = play(&mut t, 1);
    assert!(e.contains(&Event::Rescue { pig: 0, hp: 1 }));
    assert_eq!(
        (t.pigs[0].hp, t.pigs[0].hand.len()),
        (1, 2),
        "one peach brings 0 to 1"
    );
}

#[test]
fn p15_answers_discard_the_leftmost_matching_card() {
    let mut t = table(&[("MP", "D D D D"), ("FP", "K D D D")], "P");
    t.pigs[0].hand = cards("K D P D");
    let e = play(&mut t, 2);
    assert!(e.contains(&Event::Respond {
        pig: 0,
        card: Card::D
    }));
    assert_eq!(t.pigs[0].hand, cards("K P D P P"));
}

#[test]
fn p16_dead_pigs_are_skipped_and_hands_grow_without_limit() {
    let mut t = table(
        &[("MP", "N D D D"), ("ZP", "D D D D"), ("FP", "D D D D")],
        "D",
    );
    t.pigs[1].alive = false;
    t.pigs[1].hand.clear();
    t.pigs[2].hand = vec![Card::D; 2500];
    let e = play(&mut t, 1);
    assert!(!e.iter().any(|e| matches!(
        e,
        Event::Damage { pig: 1, .. } | Event::Respond { pig: 1, .. }
    )));
    assert_eq!(t.pigs[2].hp, 3);
    assert_eq!(t.pigs[2].hand.len(), 2500);
}

#[test]
fn p17_a_game_that_never_ends_stops_at_the_turn_cap() {
    let mut t = table(&[("MP", "D D D D"), ("FP", "D D D D")], "D");
    play(&mut t, 1000);
    assert_eq!((t.outcome, t.turns), (Some(Outcome::NoResult), 1000));
}

#[test]
fn a_seat_asked_out_plays_without_a_thread_and_matches_the_problem_when_it_answers_alike() {
    use bw_rules::pig::conduct::{Conduct, NullifyAsk};
    use bw_rules::pig::seat::{Answer, Question, SeatedGame};
    // A person who answers exactly as the problem's pig would gives the judge's result.
    let input = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/pig/cases/hack3.in"
    ))
    .unwrap();
    let want = bw_rules::pig::judge::judge(&input, 10_000_000)
        .unwrap()
        .unwrap();
    use bw_rules::pig::record::{PIG_RECORD_VERSION, PigRecord, RecordedAnswer, write_input};
    let table = bw_rules::pig::judge::parse(&input).unwrap();
    let start = table.clone();
    let mut recorded = Vec::new();
    let seat = 1;
    let mut game = SeatedGame::new(table.clone(), seat, 10_000_000);
    // Mirror the table from the events, to answer like ProblemConduct would.
    let mut mirror = table;
    let mut view = bw_rules::pig::view::TableView::start(&mirror);
    let mut questions = 0;
    // Each question with how many events came before it, to check a resumed game against.
    let mut asked: Vec<(Question, usize)> = Vec::new();
    let mut kill_used = false;
    let mut seen = 0;
    let end = loop {
        let progress = game.progress();
        assert!(progress.from <= seen, "no event is skipped");
        for e in &progress.events[seen - progress.from..] {
            match e {
                Event::TurnStart { .. } => kill_used = false,
                Event::Play {
                    pig, card: Card::K, ..
                } if *pig == seat => kill_used = true,
                _ => {}
            }
            view.apply(e);
        }
        seen = progress.from + progress.events.len();
        match progress.question {
            None => break progress.end.expect("a finished game has its last table"),
            Some(q) => {
                questions += 1;
                asked.push((q.clone(), seen));
                for (m, v) in mirror.pigs.iter_mut().zip(&view.pigs) {
                    *m = v.clone();
                }
                let mut conduct = ProblemConduct;
                let answer = match q {
                    Question::Play { legal, .. } => {
                        let p = conduct.next_play(&mirror, seat, kill_used);
                        assert!(p.is_none_or(|p| legal.contains(&p)));
                        Answer::Play(p)
                    }
                    Question::Dodge { attacker } => yes(conduct.dodge(&mirror, seat, attacker)),
                    Question::AreaAnswer { card, user } => {
                        yes(conduct.area_answer(&mirror, seat, card, user))
                    }
                    Question::DuelKill { opponent } => {
                        yes(conduct.duel_kill(&mirror, seat, opponent))
                    }
                    Question::Nullify { ask } => {
                        let _: NullifyAsk = ask;
                        yes(conduct.nullify(&mirror, seat, ask))
                    }
                    Question::DyingPeach => yes(conduct.dying_peach(&mirror, seat)),
                };
                recorded.push(RecordedAnswer::from(answer));
                game.answer(answer);
            }
        }
    };
    assert!(questions > 0, "the seat was asked");
    // A game resumed with its first k answers stands where the live game stood: the same
    // question after the same events.
    for k in [0, questions / 3, questions - 1] {
        let answers: Vec<Answer> = recorded[..k].iter().map(|&a| a.into()).collect();
        let p = SeatedGame::resumed(start.clone(), seat, 10_000_000, answers).progress();
        assert_eq!(p.from, 0, "a resumed game plays from the start");
        assert_eq!((p.question.unwrap(), p.events.len()), asked[k].clone());
    }
    assert_eq!(bw_rules::pig::judge::format(&end), want);
    // The record of the seated game replays it exactly.
    let record = PigRecord {
        version: PIG_RECORD_VERSION,
        input: write_input(&start),
        seat: Some(seat),
        answers: recorded,
        last_played: 0,
    };
    let (_, _, replayed) = record.replay(10_000_000).unwrap();
    assert_eq!(bw_rules::pig::judge::format(&replayed), want);
    // Every answer given: nothing waits for the person.
    assert!(!record.awaits_person(10_000_000).unwrap());
    // Left after half the answers: the person still has a decision to make there, so the
    // slot continues the game instead of replaying it with made-up answers.
    let mut left = record.clone();
    left.answers.truncate(left.answers.len() / 2);
    assert!(left.awaits_person(10_000_000).unwrap());
}

fn yes(b: bool) -> bw_rules::pig::seat::Answer {
    if b {
        bw_rules::pig::seat::Answer::Yes
    } else {
        bw_rules::pig::seat::Answer::No
    }
}

#[test]
fn tables_write_back_to_the_problem_format_and_watched_records_replay() {
    use bw_rules::pig::record::{PigRecord, write_input};
    use bw_rules::pig::setup::PigSetup;
    let t = PigSetup {
        seed: 4,
        ..PigSetup::default()
    }
    .deal()
    .unwrap();
    let text = write_input(&t);
    assert_eq!(bw_rules::pig::judge::parse(&text).unwrap(), t);
    let record = PigRecord::watched(&t, 0);
    let (start, events, end) = record.replay(10_000).unwrap();
    assert_eq!(start, t);
    let mut again = t.clone();
    let mut log = EventLog::default();
    run(&mut again, &mut ProblemConduct, &mut log, 10_000);
    assert_eq!((events, end), (log.0, again));
}
