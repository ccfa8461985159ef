//! Resolution speed: the kernel on 10x10 and 20x20 boards, and one resolve through the
//! ECS schedule. Boards come from seeded random games, so every run measures the same.

use std::hint::black_box;

use bevy_app::App;
use bw_rules::bracket::board::Board;
use bw_rules::bracket::ecs::{BracketRulesPlugin, resolve_world, spawn_board};
use bw_rules::bracket::game::{Action, Game, Settings, legal_placements};
use bw_rules::bracket::generate::BoardSettings;
use bw_rules::bracket::resolve::Resolver;
use bw_rules::bracket::{KindTable, resolve};
use bw_rules::rng::SplitMix64;
use criterion::{BatchSize, Criterion, criterion_group, criterion_main};

/// Plays random legal placements until `pieces` pieces stand on the board.
fn midgame(side: usize, players: u8, pieces: usize, mirrors: f64, seed: u64) -> Board {
    let kinds = KindTable::builtin();
    let settings = Settings {
        board: BoardSettings {
            side,
            players,
            mirror_density: mirrors,
            ..Default::default()
        },
        ..Default::default()
    };
    let mut game = Game::new(settings, seed);
    let mut rng = SplitMix64::new(seed);
    for _ in 0..20_000 {
        if game.board.pieces().count() >= pieces {
            break;
        }
        let legal = legal_placements(&game.settings, &game.board, &kinds, game.turn.current);
        let a = if legal.is_empty() {
            Action::Pass
        } else {
            legal[rng.below(legal.len() as u64) as usize]
        };
        game.act(&kinds, a).unwrap();
    }
    game.board
}

/// The board right after the legal placement (of either player) that removes the most
/// pieces, unresolved.
fn deadliest_placement(board: &Board, kinds: &KindTable) -> (Board, usize) {
    let settings = Settings::default();
    let mut best = (board.clone(), 0);
    let moves = [1, 2].into_iter().flat_map(|p| {
        legal_placements(&settings, board, kinds, p)
            .into_iter()
            .map(move |a| (p, a))
    });
    for (owner, a) in moves {
        let Action::Place { at, kind, facing } = a else {
            continue;
        };
        let mut b = board.clone();
        let cell = b.index(at.row as usize, at.col as usize);
        b.set(
            cell,
            bw_rules::bracket::Tile::Piece(bw_rules::bracket::Piece {
                owner,
                kind,
                facing,
            }),
        );
        let placed = b.clone();
        let removed = resolve(&mut b, kinds).removed_count();
        if removed > best.1 {
            best = (placed, removed);
        }
    }
    best
}

fn describe(name: &str, b: &Board) {
    let pieces = b.pieces().count();
    let fixtures = b.tiles().iter().filter(|t| t.is_fixture()).count();
    eprintln!(
        "{name}: {0}x{0}, {pieces} pieces, {fixtures} mirrors/glass",
        b.side()
    );
}

fn bench(c: &mut Criterion) {
    let kinds = KindTable::builtin();
    let small = midgame(10, 2, 30, 0.114, 4);
    let large = midgame(20, 4, 120, 0.114, 12);
    describe("10x10", &small);
    describe("20x20", &large);
    let (small_kill, removed) = deadliest_placement(&small, &kinds);
    eprintln!("10x10 after its deadliest placement: {removed} pieces removed");

    c.bench_function("kernel resolve 10x10 2p ~30 pieces", |b| {
        let mut r = Resolver::default();
        b.iter_batched_ref(
            || small.clone(),
            |board| r.resolve(black_box(board), &kinds),
            BatchSize::SmallInput,
        )
    });
    c.bench_function("kernel resolve 10x10 2p placement that destroys", |b| {
        let mut r = Resolver::default();
        b.iter_batched_ref(
            || small_kill.clone(),
            |board| r.resolve(black_box(board), &kinds),
            BatchSize::SmallInput,
        )
    });
    c.bench_function("kernel resolve 20x20 4p ~120 pieces", |b| {
        let mut r = Resolver::default();
        b.iter_batched_ref(
            || large.clone(),
            |board| r.resolve(black_box(board), &kinds),
            BatchSize::SmallInput,
        )
    });
    c.bench_function("kernel resolve 10x10 2p ~30 pieces, fresh buffers", |b| {
        b.iter_batched_ref(
            || small.clone(),
            |board| resolve(black_box(board), &kinds),
            BatchSize::SmallInput,
        )
    });
    c.bench_function("ecs schedule resolve 10x10 2p ~30 pieces", |b| {
        let mut app = App::new();
        app.add_plugins(BracketRulesPlugin);
        spawn_board(app.world_mut(), &small);
        resolve_world(app.world_mut());
        b.iter(|| resolve_world(black_box(app.world_mut())))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
