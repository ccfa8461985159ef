//! 括号大战's computer players: a random player, a greedy one-ply player that scores every
//! legal placement with the rule kernels, and a selective search player ([`strong()`]) that
//! in 星号大战 plays for territory ([`territory`]). Pure functions of the game: the app runs
//! them off the main thread, tests and tools call them directly.

mod strong;
pub mod territory;

pub use strong::{
    RECHECK, RECHECK_REPLIES, RECHECK_REPLIES_MANY, REPLY_SHORTLIST, STRONG_WIDTH, strong,
};

use bw_rules::bracket::board::Player;
use bw_rules::bracket::coverage::CoverageMap;
use bw_rules::bracket::game::{Action, Game, Mode, legal_placements};
use bw_rules::bracket::resolve::Resolver;
use bw_rules::bracket::{Board, KindTable};
use bw_rules::rng::SplitMix64;

use serde::{Deserialize, Serialize};

/// Who plays a seat (saved with every game): a person or a computer, in the same words as
/// 军棋's `Seat`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "SavedSeat")]
pub enum Seat {
    #[default]
    Person,
    Computer(AiKind),
}

/// The computer players of 括号大战.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AiKind {
    Random,
    /// The one-ply player.
    Greedy,
    /// The selective search player ([`strong`]), thinking the time [`choose`] is given.
    Strong,
}

impl Seat {
    pub fn is_computer(self) -> bool {
        self != Seat::Person
    }
}

/// A seat as saves hold it: today's words, or the ones of saves written before them
/// (`Human`, `RandomComputer`, `GreedyComputer`, `StrongComputer`), which still load.
#[derive(Deserialize)]
enum SavedSeat {
    Person,
    Computer(AiKind),
    Human,
    RandomComputer,
    GreedyComputer,
    StrongComputer,
}

impl From<SavedSeat> for Seat {
    fn from(s: SavedSeat) -> Seat {
        match s {
            SavedSeat::Person | SavedSeat::Human => Seat::Person,
            SavedSeat::Computer(k) => Seat::Computer(k),
            SavedSeat::RandomComputer => Seat::Computer(AiKind::Random),
            SavedSeat::GreedyComputer => Seat::Computer(AiKind::Greedy),
            SavedSeat::StrongComputer => Seat::Computer(AiKind::Strong),
        }
    }
}

/// The action a computer seat takes in this position; the strong player thinks `think`
/// (the others need no time).
pub fn choose(
    seat: Seat,
    game: &Game,
    kinds: &KindTable,
    seed: u64,
    think: std::time::Duration,
) -> Action {
    let me = game.turn.current;
    let moves = legal_placements(&game.settings, &game.board, kinds, me);
    if moves.is_empty() {
        return Action::Pass;
    }
    let mut rng = SplitMix64::new(seed);
    match seat {
        Seat::Computer(AiKind::Random) | Seat::Person => {
            moves[rng.below(moves.len() as u64) as usize]
        }
        Seat::Computer(AiKind::Greedy) => {
            let mut resolver = Resolver::default();
            ranked(
                &game.board,
                kinds,
                me,
                &moves,
                &mut resolver,
                &mut rng,
                &mut Eval::Coverage,
            )[0]
            .1
        }
        Seat::Computer(AiKind::Strong) => strong(game, kinds, seed, think),
    }
}

/// The board after `me` places as `a`, resolved; `resolver.coverage()` is then its
/// coverage, so a caller valuing the board does not compute it twice.
fn after(
    board: &Board,
    kinds: &KindTable,
    me: Player,
    a: Action,
    resolver: &mut Resolver,
) -> Board {
    let mut b = board.clone();
    if let Action::Place { at, kind, facing } = a {
        let cell = b.index(at.row as usize, at.col as usize);
        b.set(
            cell,
            bw_rules::bracket::Tile::Piece(bw_rules::bracket::Piece {
                owner: me,
                kind,
                facing,
            }),
        );
    }
    resolver.resolve(&mut b, kinds);
    b
}

/// How a player values a position.
enum Eval {
    /// Own coverage and pieces against the best opponent's (the greedy player's measure).
    Coverage,
    /// 星号大战: the share of the board each player reaches first ([`territory`]).
    Territory(territory::Scratch),
}

impl Eval {
    fn for_mode(mode: Mode) -> Eval {
        match mode {
            Mode::StarWar => Eval::Territory(territory::Scratch::default()),
            _ => Eval::Coverage,
        }
    }

    /// The value of `board` to `me`, given the board's coverage.
    fn value(&mut self, board: &Board, coverage: &CoverageMap, me: Player) -> i64 {
        match self {
            Eval::Coverage => evaluate(board, coverage, me),
            Eval::Territory(scratch) => territory::value_with(board, coverage, me, scratch),
        }
    }
}

/// Placements with their one-ply value for `me`, best first (ties broken at random).
fn ranked(
    board: &Board,
    kinds: &KindTable,
    me: Player,
    moves: &[Action],
    resolver: &mut Resolver,
    rng: &mut SplitMix64,
    eval: &mut Eval,
) -> Vec<(i64, Action)> {
    let mut out: Vec<(i64, Action)> = moves
        .iter()
        .map(|&a| {
            let b = after(board, kinds, me, a, resolver);
            let v = eval.value(&b, resolver.coverage(), me);
            (v * 16 + rng.below(16) as i64, a)
        })
        .collect();
    out.sort_by_key(|x| std::cmp::Reverse(x.0));
    out
}

/// Own coverage and pieces against the best opponent's.
fn evaluate(board: &Board, cov: &CoverageMap, me: Player) -> i64 {
    let pieces = |p: Player| board.pieces().filter(|(_, x)| x.owner == p).count() as i64;
    let mine = cov[me as usize - 1].len() as i64 + 2 * pieces(me);
    let theirs = board
        .seats()
        .filter(|&p| p != me)
        .map(|p| cov[p as usize - 1].len() as i64 + 2 * pieces(p))
        .max()
        .unwrap_or(0);
    mine - theirs
}
