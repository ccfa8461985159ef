//! 军棋 speed: all legal moves in a 4-player middle game, one engineer search on the
//! four-player board, and whole headless games between random players.

use std::hint::black_box;
use std::sync::Arc;

use bw_rules::junqi::game::{Action, Junqi, Phase, legal_moves};
use bw_rules::junqi::headless::setup;
use bw_rules::junqi::reach::{Occupancy, destinations};
use bw_rules::junqi::{Ability, PieceSet, PlayerView, Rules};
use bw_rules::rng::{SplitMix64, stream};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

/// Plays uniformly random legal moves, each seat with its own generator drawn from the game
/// seed (as the players crate's random computers do), until the game ends or `max_plies`.
fn play_randomly(g: &mut Junqi, seed: u64, max_plies: u32) {
    let mut rngs: Vec<SplitMix64> = (0..g.players.len())
        .map(|p| SplitMix64::new(stream(seed, p, 2)))
        .collect();
    while g.phase == Phase::Playing && g.plies < max_plies {
        let me = g.turn;
        let moves = PlayerView::position(g, me).legal_moves(&g.board, &g.set);
        let a = match moves.len() {
            0 => Action::Resign { player: me },
            n => {
                let (from, to) = moves[rngs[me].below(n as u64) as usize];
                Action::Move { from, to }
            }
        };
        g.act(a).unwrap();
    }
}

/// A 4-player game after 40 plies of random play.
fn middle_game() -> Junqi {
    let mut g = setup(Rules::default(), Arc::new(PieceSet::standard()), 2024, true).unwrap();
    play_randomly(&mut g, 2024, 40);
    g
}

fn bench(c: &mut Criterion) {
    let g = middle_game();
    let teams = g.teams();
    let me = g.turn;
    let pieces = g.at.iter().flatten().count();
    let moves = legal_moves(&g.board, &g.set, &g.at, &teams, me).len();
    eprintln!(
        "middle game: {pieces} pieces on the board, {moves} legal moves for the player to move"
    );
    c.bench_function(
        "junqi: all legal moves of one player, 4p middle game",
        |b| b.iter(|| legal_moves(black_box(&g.board), &g.set, black_box(&g.at), &teams, me)),
    );

    let engineer = g
        .board
        .ids()
        .find(|n| matches!(g.at[n.0 as usize], Some(p) if p.owner == me && g.set.get(p.kind).ability == Ability::Engineer && !g.board.rail_neighbours(*n).is_empty()));
    let occ = bw_rules::junqi::game::occupancy(&g.at, &teams, me);
    if let Some(from) = engineer {
        c.bench_function("junqi: one engineer search, 4p middle game", |b| {
            b.iter(|| destinations(black_box(&g.board), black_box(&occ), from, true))
        });
    }
    let empty = Occupancy::default();
    let s40 = g.board.find("S40").unwrap();
    c.bench_function("junqi: one engineer search, empty 4p board from S40", |b| {
        b.iter(|| destinations(black_box(&g.board), black_box(&empty), s40, true))
    });

    // What a computer seat does to deploy (the window does it on the main thread: this is
    // why that is fine).
    c.bench_function(
        "junqi: one automatic layout (a computer's deployment)",
        |b| {
            let mut seed = 0u64;
            b.iter(|| {
                seed += 1;
                black_box(&g).auto_layout(1, seed)
            })
        },
    );

    let set = Arc::new(PieceSet::standard());
    let mut group = c.benchmark_group("junqi: headless random 4-player games");
    group.throughput(Throughput::Elements(1));
    group.sample_size(20);
    let mut seed = 0u64;
    group.bench_function("one whole game (setup, deployment, play to the end)", |b| {
        b.iter(|| {
            seed += 1;
            let mut g = setup(Rules::default(), set.clone(), seed, true).unwrap();
            play_randomly(&mut g, seed, 1_000_000);
            black_box(g.plies)
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
