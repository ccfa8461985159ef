//! 猪国杀 simulation speed: the 16 judge cases, and 1,000 generated games.

use std::hint::black_box;
use std::path::Path;

use bw_rules::pig::engine::{Pig, Table, run};
use bw_rules::pig::judge::{format, parse};
use bw_rules::pig::{Card, NoEvents, ProblemConduct, Role};
use bw_rules::rng::SplitMix64;
use criterion::{Criterion, criterion_group, criterion_main};

fn cases() -> Vec<String> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/pig/cases");
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "in"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| std::fs::read_to_string(p).unwrap())
        .collect()
}

/// A seeded random table: 2..=10 pigs, random roles (at least one rebel), 200-card deck.
fn generated(seed: u64) -> Table {
    let mut rng = SplitMix64::new(seed);
    let n = 2 + rng.below(9) as usize;
    let mut card = || Card::ALL[rng.below(8) as usize];
    let hands: Vec<Vec<Card>> = (0..n).map(|_| (0..4).map(|_| card()).collect()).collect();
    let deck: Vec<Card> = (0..200).map(|_| card()).collect();
    let mut rng = SplitMix64::new(seed ^ 1);
    let pigs = hands
        .into_iter()
        .enumerate()
        .map(|(i, h)| {
            let role = match i {
                0 => Role::MP,
                1 => Role::FP,
                _ if rng.below(2) == 0 => Role::ZP,
                _ => Role::FP,
            };
            Pig::new(role, h)
        })
        .collect();
    Table::new(pigs, deck)
}

fn bench(c: &mut Criterion) {
    let inputs = cases();
    c.bench_function("pig: parse, play and print all 16 judge cases", |b| {
        b.iter(|| {
            for input in &inputs {
                let mut t = parse(black_box(input)).unwrap();
                run(&mut t, &mut ProblemConduct, &mut NoEvents, 10_000_000);
                black_box(format(&t));
            }
        })
    });
    let tables: Vec<Table> = (0..1000).map(generated).collect();
    c.bench_function("pig: 1,000 generated games (cap 10,000 turns)", |b| {
        b.iter(|| {
            for t in &tables {
                let mut t = t.clone();
                black_box(run(&mut t, &mut ProblemConduct, &mut NoEvents, 10_000));
            }
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
