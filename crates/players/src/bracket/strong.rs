//! The strong 括号大战 player: a selective search over the exact kernels ([`strong`]), a
//! first pass that follows the most promising placements a round deep, then a careful second
//! pass over the best of them ([`Careful`]) when time is left.

use bw_rules::bracket::board::Player;
use bw_rules::bracket::game::{Action, Game, Outcome, TurnState, legal_placements};
use bw_rules::bracket::resolve::Resolver;
use bw_rules::bracket::{Board, KindTable};
use bw_rules::rng::SplitMix64;

use super::{Eval, after, ranked};

/// How many placements, the best one-ply first, the strong player follows a round deep.
///
/// Measured (BENCHMARKS.md, "括号大战: the strong player"): twice as many (64) won no more,
/// and iterative deepening (the best 12 two rounds deep, 6 three, …) won less than this one
/// round at 32, because every extra round is played by the one-ply replies the search
/// assumes, which drift further from the real opponent's.
pub const STRONG_WIDTH: usize = 32;

/// With three or more players, how many of each opponent's best placements (ranked once in
/// the position the search starts from) its reply in a line is chosen among, together with
/// every placement within two cells of a change since then; with two the reply is chosen
/// among all placements. Measured (BENCHMARKS.md, sessions 29 and 30, "… replies that turn
/// on the player" and "… the threat list dropped"): adding each opponent's 12 placements
/// worst for the player won nothing on 14x14 and cost about six points on 10x10 (hard vs
/// normal 76.2 % with them, 82.1 % without, over the same 200 deals), so the list holds only
/// its best.
pub const REPLY_SHORTLIST: usize = 24;

/// Once every placement of the first pass has been followed and time is left, this many of
/// the best are followed again more carefully ([`Careful`]).
pub const RECHECK: usize = 8;

/// In the second pass with two players the opponent answers with the worst for the player
/// of its this many best placements, not only its best one.
pub const RECHECK_REPLIES: usize = 3;

/// The same with three or more players, for each opponent in turn (so 2 × 2 × 2 answers
/// with four players: 3 × 3 × 3 would not fit the hard level's second).
pub const RECHECK_REPLIES_MANY: usize = 2;

/// The strong player: a selective search over the exact kernels. Every placement is
/// scored one ply deep; then the most promising ones ([`STRONG_WIDTH`]), best first and as
/// many as the budget allows, are followed a round: each opponent in turn answers with its
/// own best placement, then the player's best follow-up is valued. The placement whose
/// line ends best is played. With three or more players a round costs three replies, so
/// each reply is chosen from a shortlist (the opponent's [`REPLY_SHORTLIST`] best) and the
/// budget reaches every one of the placements. A line that reaches the last round of a game
/// with a round limit is played on to the end and valued by the cells that decide it
/// ([`to_the_end`]). Time left after that buys a second, more careful pass over the best
/// [`RECHECK`] placements ([`Careful`]); it decides only if it completes.
pub fn strong(game: &Game, kinds: &KindTable, seed: u64, budget: std::time::Duration) -> Action {
    let started = std::time::Instant::now();
    let me = game.turn.current;
    let settings = &game.settings;
    let moves = legal_placements(settings, &game.board, kinds, me);
    if moves.is_empty() {
        return Action::Pass;
    }
    let mut rng = SplitMix64::new(seed);
    let mut resolver = Resolver::default();
    let mut eval = Eval::for_mode(settings.mode);
    let first = ranked(
        &game.board,
        kinds,
        me,
        &moves,
        &mut resolver,
        &mut rng,
        &mut eval,
    );
    let mut replies = Replies {
        root: &game.board,
        short: None,
    };
    if game.board.seats().count() >= 3 {
        let mut short: [Vec<Action>; 4] = Default::default();
        for p in game.board.seats() {
            short[p as usize - 1] = if p == me {
                first.iter().take(REPLY_SHORTLIST).map(|x| x.1).collect()
            } else {
                let theirs = legal_placements(settings, &game.board, kinds, p);
                ranked(
                    &game.board,
                    kinds,
                    p,
                    &theirs,
                    &mut resolver,
                    &mut rng,
                    &mut eval,
                )
                .into_iter()
                .take(REPLY_SHORTLIST)
                .map(|x| x.1)
                .collect()
            };
        }
        replies.short = Some(short);
    }
    let mut best = (i64::MIN, first[0].1);
    let mut followed: Vec<(i64, i64, Action)> = Vec::new();
    for &(one_ply, a) in first.iter().take(STRONG_WIDTH) {
        if best.0 != i64::MIN && started.elapsed() >= budget {
            break;
        }
        let value = line(
            game,
            kinds,
            me,
            a,
            &replies,
            &mut resolver,
            &mut rng,
            &mut eval,
        );
        // The one-ply value breaks ties (a sure gain now over an equal line later).
        let value = value * 4 + one_ply / 16;
        followed.push((value, one_ply, a));
        if value > best.0 {
            best = (value, a);
        }
    }
    if followed.len() < first.len().min(STRONG_WIDTH) {
        return best.1;
    }
    followed.sort_by_key(|x| std::cmp::Reverse(x.0));
    let mut search = Careful {
        settings,
        kinds,
        me,
        replies: &replies,
        resolver: &mut resolver,
        rng: &mut rng,
        eval: &mut eval,
        each: if replies.short.is_some() {
            RECHECK_REPLIES_MANY
        } else {
            RECHECK_REPLIES
        },
        deadline: started + budget,
    };
    let mut careful: Option<(i64, Action)> = None;
    for &(_, one_ply, a) in followed.iter().take(RECHECK) {
        let Some(value) = search.line(game, a) else {
            return best.1;
        };
        let value = value * 4 + one_ply / 16;
        if careful.is_none_or(|c| value > c.0) {
            careful = Some((value, a));
        }
    }
    careful.map_or(best.1, |c| c.1)
}

/// The careful second pass: each opponent, until the turn comes back, answers with the
/// worst for the player of its [`RECHECK_REPLIES`] best placements ([`RECHECK_REPLIES_MANY`]
/// with three or more players; among the placements [`Replies`] gives it), then the
/// player's best follow-up is valued.
struct Careful<'a, 'r> {
    settings: &'a bw_rules::bracket::game::Settings,
    kinds: &'a KindTable,
    me: Player,
    replies: &'a Replies<'r>,
    resolver: &'a mut Resolver,
    rng: &'a mut SplitMix64,
    eval: &'a mut Eval,
    /// How many of each opponent's best placements are tried.
    each: usize,
    /// The pass gives up when the time is out.
    deadline: std::time::Instant,
}

impl Careful<'_, '_> {
    /// The value to the player of placing as `a`, or `None` when the time ran out.
    fn line(&mut self, game: &Game, a: Action) -> Option<i64> {
        let board = after(&game.board, self.kinds, self.me, a, self.resolver);
        let here = self.eval.value(&board, self.resolver.coverage(), self.me) * 16;
        let mut turn = game.turn.clone();
        bw_rules::bracket::game::advance(self.settings, &board, &mut turn, self.kinds, &a);
        self.value(&board, &turn, here)
    }

    /// The value to the player of `board` with `turn` to play (`here`: its static value),
    /// or `None` when the time ran out.
    fn value(&mut self, board: &Board, turn: &TurnState, here: i64) -> Option<i64> {
        if std::time::Instant::now() >= self.deadline {
            return None;
        }
        if !turn.in_game.contains(&self.me) {
            return Some(LOST);
        }
        if let Some(v) = final_value(turn, self.me) {
            return Some(v);
        }
        if turn.is_over() {
            return Some(here);
        }
        let p = turn.current;
        if p == self.me && last_round(self.settings, turn) {
            return Some(
                to_the_end(
                    self.settings,
                    self.kinds,
                    self.me,
                    board.clone(),
                    turn.clone(),
                    self.replies,
                    self.resolver,
                    self.rng,
                    self.eval,
                )
                .unwrap_or(here),
            );
        }
        let options = self.replies.ranked(
            self.settings,
            board,
            self.kinds,
            p,
            self.resolver,
            self.rng,
            self.eval,
        );
        if p == self.me {
            return Some(options.first().map_or(here, |o| o.0));
        }
        if options.is_empty() {
            let mut t = turn.clone();
            bw_rules::bracket::game::advance(
                self.settings,
                board,
                &mut t,
                self.kinds,
                &Action::Pass,
            );
            return self.value(board, &t, here);
        }
        let mut worst = i64::MAX;
        for &(_, reply) in options.iter().take(self.each) {
            let next = after(board, self.kinds, p, reply, self.resolver);
            let next_here = self.eval.value(&next, self.resolver.coverage(), self.me) * 16;
            let mut t = turn.clone();
            bw_rules::bracket::game::advance(self.settings, &next, &mut t, self.kinds, &reply);
            worst = worst.min(self.value(&next, &t, next_here)?);
        }
        Some(worst)
    }
}

/// The value to `me` of a game that ended by the cells covered (what decides it: `me`'s
/// cells against the most any other player covers), or `None` while it goes on.
fn final_value(turn: &TurnState, me: Player) -> Option<i64> {
    let Some(Outcome::Scored { scores, .. }) = &turn.outcome else {
        return None;
    };
    let mine = scores.iter().find(|s| s.0 == me).map_or(0, |s| s.1) as i64;
    let theirs = scores
        .iter()
        .filter(|s| s.0 != me)
        .map(|s| s.1 as i64)
        .max()
        .unwrap_or(0);
    Some((mine - theirs) * 16)
}

/// The value to `me` of placing as `a`, every opponent then answering with its best
/// placement until the turn comes back, valued by `me`'s best follow-up.
fn line(
    game: &Game,
    kinds: &KindTable,
    me: Player,
    a: Action,
    replies: &Replies,
    resolver: &mut Resolver,
    rng: &mut SplitMix64,
    eval: &mut Eval,
) -> i64 {
    let settings = &game.settings;
    let mut board = after(&game.board, kinds, me, a, resolver);
    let mut turn = game.turn.clone();
    bw_rules::bracket::game::advance(settings, &board, &mut turn, kinds, &a);
    while !turn.is_over() && turn.current != me {
        let p = turn.current;
        let reply = replies
            .best(settings, &board, kinds, p, resolver, rng, eval)
            .1;
        board = after(&board, kinds, p, reply, resolver);
        bw_rules::bracket::game::advance(settings, &board, &mut turn, kinds, &reply);
    }
    if !turn.in_game.contains(&me) {
        return LOST;
    }
    if let Some(v) = final_value(&turn, me) {
        return v;
    }
    // `board` is the last `after`'s, so the resolver holds its coverage.
    let here = eval.value(&board, resolver.coverage(), me) * 16;
    if turn.is_over() || turn.current != me {
        return here;
    }
    if last_round(settings, &turn) {
        return to_the_end(
            settings, kinds, me, board, turn, replies, resolver, rng, eval,
        )
        .unwrap_or(here);
    }
    match replies.best(settings, &board, kinds, me, resolver, rng, eval) {
        (_, Action::Pass) => here,
        (v, _) => v,
    }
}

/// Whether `turn` is in the last round of a game with a round limit.
fn last_round(settings: &bw_rules::bracket::game::Settings, turn: &TurnState) -> bool {
    settings.turn_limit.is_some_and(|l| turn.round + 1 >= l)
}

/// The value to `me` of playing on from `board` to the end of the game, every player (`me`
/// too) placing its best, or `None` when the game does not end by the cells covered (a
/// player is left alone).
fn to_the_end(
    settings: &bw_rules::bracket::game::Settings,
    kinds: &KindTable,
    me: Player,
    mut board: Board,
    mut turn: TurnState,
    replies: &Replies,
    resolver: &mut Resolver,
    rng: &mut SplitMix64,
    eval: &mut Eval,
) -> Option<i64> {
    while !turn.is_over() {
        let p = turn.current;
        let (_, a) = replies.best(settings, &board, kinds, p, resolver, rng, eval);
        if let Action::Place { .. } = a {
            board = after(&board, kinds, p, a, resolver);
        }
        bw_rules::bracket::game::advance(settings, &board, &mut turn, kinds, &a);
    }
    if !turn.in_game.contains(&me) {
        return Some(LOST);
    }
    final_value(&turn, me)
}

/// A line in which the player is out of the game (low enough that `4 × LOST` plus any
/// one-ply value stays in range).
const LOST: i64 = i64::MIN / 8;

/// Where the placements a line's players answer with are chosen from.
struct Replies<'a> {
    /// The position the search starts from.
    root: &'a Board,
    /// Each seat's best placements there (indexed `player - 1`), when replies are chosen
    /// from a shortlist; `None`: from every legal placement.
    short: Option<[Vec<Action>; 4]>,
}

impl Replies<'_> {
    /// `p`'s best placement in `board` with its one-ply value, or a pass when it has none.
    fn best(
        &self,
        settings: &bw_rules::bracket::game::Settings,
        board: &Board,
        kinds: &KindTable,
        p: Player,
        resolver: &mut Resolver,
        rng: &mut SplitMix64,
        eval: &mut Eval,
    ) -> (i64, Action) {
        self.ranked(settings, board, kinds, p, resolver, rng, eval)
            .first()
            .copied()
            .unwrap_or((0, Action::Pass))
    }

    /// The placements `p` chooses among in `board`, with their one-ply values, best first
    /// (none when it cannot place).
    fn ranked(
        &self,
        settings: &bw_rules::bracket::game::Settings,
        board: &Board,
        kinds: &KindTable,
        p: Player,
        resolver: &mut Resolver,
        rng: &mut SplitMix64,
        eval: &mut Eval,
    ) -> Vec<(i64, Action)> {
        let moves = legal_placements(settings, board, kinds, p);
        if moves.is_empty() {
            return Vec::new();
        }
        let Some(short) = &self.short else {
            return ranked(board, kinds, p, &moves, resolver, rng, eval);
        };
        let changed: Vec<(usize, usize)> = (0..board.cells())
            .filter(|&c| self.root.tile(c) != board.tile(c))
            .map(|c| board.row_col(c))
            .collect();
        let near = |at: &bw_rules::bracket::game::At| {
            changed
                .iter()
                .any(|&(r, c)| r.abs_diff(at.row as usize) <= 2 && c.abs_diff(at.col as usize) <= 2)
        };
        let pick: Vec<Action> = moves
            .iter()
            .copied()
            .filter(|a| match a {
                Action::Place { at, .. } => short[p as usize - 1].contains(a) || near(at),
                _ => false,
            })
            .collect();
        let pick = if pick.is_empty() { moves } else { pick };
        ranked(board, kinds, p, &pick, resolver, rng, eval)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bw_rules::bracket::game::Settings;
    use bw_rules::bracket::generate::BoardSettings;
    use std::time::Duration;

    fn game(side: usize, players: u8, seed: u64) -> Game {
        let settings = Settings {
            board: BoardSettings {
                side,
                players,
                ..BoardSettings::default()
            },
            ..Settings::default()
        };
        Game::new(settings, seed)
    }

    /// With four players the replies come from a shortlist; what the strong player plays
    /// is still legal, and it places while it can.
    #[test]
    fn the_strong_player_plays_legal_placements_with_two_and_four_players() {
        let kinds = KindTable::builtin();
        for (side, players) in [(10, 2), (14, 4)] {
            let mut g = game(side, players, 7);
            for turn in 0..3 * players as u64 {
                if g.turn.is_over() {
                    break;
                }
                let me = g.turn.current;
                let can_place = !legal_placements(&g.settings, &g.board, &kinds, me).is_empty();
                let a = strong(&g, &kinds, turn, Duration::from_millis(20));
                assert_eq!(
                    matches!(a, Action::Place { .. }),
                    can_place,
                    "{players} players, turn {turn}: {a:?}"
                );
                g.act(&kinds, a).unwrap_or_else(|e| {
                    panic!("{players} players, turn {turn}: {a:?} refused: {e:?}")
                });
            }
        }
    }

    /// A line that reaches the end of the game is valued by what decides it: the player's
    /// cells against the most any other player covers (pieces no longer count).
    #[test]
    fn a_finished_line_is_valued_by_the_cells_that_decide_the_game() {
        let mut turn = game(10, 4, 1).turn;
        assert_eq!(final_value(&turn, 1), None);
        turn.outcome = Some(Outcome::Scored {
            scores: vec![(1, 30), (2, 35), (3, 20), (4, 10)],
            winners: vec![2],
        });
        assert_eq!(final_value(&turn, 1), Some(-5 * 16));
        assert_eq!(final_value(&turn, 2), Some(5 * 16));
        assert_eq!(final_value(&turn, 4), Some(-25 * 16));
    }

    /// A line that reaches the last round of a game with a round limit is played on to the
    /// end, every player placing its best, and valued by the cells that decide the game, not
    /// by the player's position right after its own last placement.
    #[test]
    fn a_line_that_reaches_the_last_round_is_played_to_the_end() {
        let kinds = KindTable::builtin();
        let mut g = game(10, 2, 5);
        g.settings.turn_limit = Some(2);
        let me = g.turn.current;
        let moves = legal_placements(&g.settings, &g.board, &kinds, me);
        let replies = Replies {
            root: &g.board,
            short: None,
        };
        let mut resolver = Resolver::default();
        let mut eval = Eval::Coverage;
        let mut rng = SplitMix64::new(1);
        let a = ranked(
            &g.board,
            &kinds,
            me,
            &moves,
            &mut resolver,
            &mut rng,
            &mut eval,
        )[0]
        .1;
        let value = line(
            &g,
            &kinds,
            me,
            a,
            &replies,
            &mut resolver,
            &mut SplitMix64::new(2),
            &mut eval,
        );
        // The same line by hand: the opponent's best, the player's best, the opponent's best.
        let mut rng = SplitMix64::new(2);
        let mut played = g.clone();
        played.act(&kinds, a).unwrap();
        let mut follow_up = None;
        while !played.turn.is_over() {
            let p = played.turn.current;
            let (v, b) = replies.best(
                &played.settings,
                &played.board,
                &kinds,
                p,
                &mut resolver,
                &mut rng,
                &mut eval,
            );
            if p == me {
                follow_up.get_or_insert(v);
            }
            played.act(&kinds, b).unwrap();
        }
        assert_eq!(played.turn.round, 2);
        let end = final_value(&played.turn, me).expect("scored at the round limit");
        assert_eq!(value, end);
        // What the line was worth before: the player's position after its own last placement.
        assert_ne!(
            Some(value),
            follow_up,
            "the end differs from the follow-up here"
        );
    }

    /// The strong player, given the same seed and ample time for its whole search, plays
    /// the same placement: the arena's records replay.
    #[test]
    fn the_strong_player_is_reproducible_when_its_search_completes() {
        let kinds = KindTable::builtin();
        // Four players (replies from a shortlist) and two (with the careful second pass).
        for (side, players) in [(14, 4), (10, 2)] {
            let g = game(side, players, 3);
            let a = strong(&g, &kinds, 11, Duration::from_secs(60));
            assert_eq!(a, strong(&g, &kinds, 11, Duration::from_secs(60)));
        }
    }
}
