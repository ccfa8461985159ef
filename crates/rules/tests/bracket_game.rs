//! The rules of a turn, through the action API: every refusal has its reason.

use bw_rules::bracket::board::Tile;
use bw_rules::bracket::game::{
    Action, At, Game, Mode, Outcome, Refusal, Settings, legal_placements,
};
use bw_rules::bracket::generate::BoardSettings;
use bw_rules::bracket::text::parse_board;
use bw_rules::bracket::{Dir, KindId, KindTable};

fn kinds() -> KindTable {
    KindTable::builtin()
}

fn kind(k: &KindTable, glyph: char) -> KindId {
    k.by_glyph(glyph).unwrap()
}

fn empty_game(players: u8, mode: Mode) -> Game {
    Game::new(
        Settings {
            board: BoardSettings {
                side: 10,
                players,
                mirror_density: 0.0,
                glass_density: 0.0,
            },
            mode,
            ..Default::default()
        },
        1,
    )
}

fn place(k: &KindTable, r: u8, c: u8, glyph: char, facing: Option<Dir>) -> Action {
    Action::Place {
        at: At { row: r, col: c },
        kind: kind(k, glyph),
        facing,
    }
}

#[test]
fn placement_needs_coverage_an_empty_cell_and_no_foreign_corner() {
    let k = kinds();
    let mut g = empty_game(2, Mode::Classic);
    assert_eq!(
        g.act(&k, place(&k, 5, 5, 'o', None)),
        Err(Refusal::NotCovered(At { row: 5, col: 5 }))
    );
    assert_eq!(
        g.act(&k, place(&k, 1, 1, '>', None)),
        Err(Refusal::NeedsFacing("angle".into()))
    );
    assert_eq!(
        g.act(&k, place(&k, 1, 1, 'o', Some(Dir::U))),
        Err(Refusal::ShapeHasNoFacing("circle".into()))
    );
    assert_eq!(
        g.act(&k, place(&k, 10, 1, 'o', None)),
        Err(Refusal::OffBoard(At { row: 10, col: 1 }))
    );
    // A ray through P2's corner covers it, but P1 still may not place there.
    g.board = parse_board(
        &std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/diagonal_reach.board"
        ))
        .unwrap(),
        &k,
    )
    .unwrap();
    assert_eq!(
        g.act(&k, place(&k, 8, 9, 'o', None)),
        Err(Refusal::OthersHome(At { row: 8, col: 9 }, 2))
    );
    assert_eq!(
        g.act(&k, place(&k, 8, 0, '>', Some(Dir::R))),
        Err(Refusal::Occupied(At { row: 8, col: 0 }))
    );
    assert_eq!(g.turn.current, 1, "a refused action changes nothing");
    g.act(&k, place(&k, 5, 0, 'o', None)).unwrap();
    assert_eq!(g.turn.current, 2, "a placement ends the turn");
}

#[test]
fn turn_order_runs_p1_p2_p3_p4() {
    let k = kinds();
    let mut g = empty_game(4, Mode::Classic);
    let spots = [(1, 1, 1), (2, 8, 8), (3, 1, 8), (4, 8, 1)];
    for (p, r, c) in spots {
        assert_eq!(g.turn.current, p);
        g.act(&k, place(&k, r, c, 'o', None)).unwrap();
    }
    assert_eq!((g.turn.current, g.turn.round), (1, 1));
}

#[test]
fn deletions_only_of_own_pieces_in_own_corner_each_resolving() {
    let k = kinds();
    let mut g = empty_game(2, Mode::Classic);
    g.act(&k, place(&k, 2, 2, '>', Some(Dir::D))).unwrap(); // P1 covers column 2
    g.act(&k, place(&k, 8, 8, 'o', None)).unwrap();
    g.act(&k, place(&k, 6, 2, 'o', None)).unwrap(); // stands on the ray
    g.act(&k, place(&k, 9, 9, 'o', None)).unwrap();
    assert_eq!(
        g.act(
            &k,
            Action::Delete {
                at: At { row: 6, col: 2 }
            }
        ),
        Err(Refusal::NotInOwnHome(At { row: 6, col: 2 }))
    );
    assert_eq!(
        g.act(
            &k,
            Action::Delete {
                at: At { row: 8, col: 8 }
            }
        ),
        Err(Refusal::NoOwnPiece(At { row: 8, col: 8 }))
    );
    let r = g
        .act(
            &k,
            Action::Delete {
                at: At { row: 2, col: 2 },
            },
        )
        .unwrap();
    assert_eq!(r.removed_count(), 1, "the circle lost its coverage at once");
    assert_eq!(g.board.tile(g.board.index(6, 2)), Tile::Empty);
    assert_eq!(g.turn.current, 1, "deleting does not end the turn");
    g.act(&k, place(&k, 0, 0, 'o', None)).unwrap();
    assert_eq!(g.turn.current, 2);
}

#[test]
fn surrender_clears_pieces_frees_the_corner_and_the_last_player_wins() {
    let k = kinds();
    let mut g = empty_game(3, Mode::Classic);
    g.act(&k, place(&k, 1, 1, 'o', None)).unwrap();
    g.act(&k, Action::Surrender).unwrap(); // P2 leaves
    assert!(!g.board.has_home(2));
    assert_eq!(g.turn.current, 3, "turn order skips the surrendered seat");
    g.act(&k, place(&k, 1, 8, 'o', None)).unwrap();
    assert_eq!(g.turn.current, 1);
    g.act(&k, Action::Surrender).unwrap();
    assert_eq!(g.turn.outcome, Some(Outcome::LastStanding(3)));
    assert!(g.board.pieces().all(|(_, p)| p.owner == 3));
    assert_eq!(g.act(&k, Action::Pass), Err(Refusal::GameOver));
}

#[test]
fn passing_is_only_for_a_player_who_cannot_place() {
    let k = kinds();
    let mut g = empty_game(2, Mode::Classic);
    assert_eq!(g.act(&k, Action::Pass), Err(Refusal::MustPlace));
}

#[test]
fn turn_limit_scores_coverage_and_ties_share() {
    let k = kinds();
    let mut g = empty_game(2, Mode::Classic);
    g.settings.turn_limit = Some(1);
    g.act(&k, place(&k, 2, 2, '>', Some(Dir::R))).unwrap();
    g.act(&k, place(&k, 8, 8, 'o', None)).unwrap();
    assert_eq!(
        g.turn.outcome,
        Some(Outcome::Scored {
            scores: vec![(1, 16), (2, 9)],
            winners: vec![1]
        })
    );
    let mut tie = empty_game(2, Mode::Classic);
    tie.settings.turn_limit = Some(1);
    tie.act(&k, place(&k, 1, 1, 'o', None)).unwrap();
    tie.act(&k, place(&k, 8, 8, 'o', None)).unwrap();
    assert!(
        matches!(tie.turn.outcome, Some(Outcome::Scored { ref winners, .. }) if winners == &vec![1, 2])
    );
}

#[test]
fn star_war_only_stars_no_deletion_and_ends_when_all_pass() {
    let k = kinds();
    let mut g = empty_game(2, Mode::StarWar);
    assert_eq!(
        g.act(&k, place(&k, 1, 1, 'o', None)),
        Err(Refusal::KindNotAllowed("circle".into()))
    );
    g.act(&k, place(&k, 2, 2, '*', None)).unwrap();
    g.act(&k, place(&k, 7, 7, '*', None)).unwrap();
    assert_eq!(
        g.act(
            &k,
            Action::Delete {
                at: At { row: 2, col: 2 }
            }
        ),
        Err(Refusal::NoDeletionInStarWar)
    );
    // Play it out: stars until nobody can place; everyone passing in one round ends it.
    let mut guard = 0;
    while !g.turn.is_over() {
        let me = g.turn.current;
        let legal = legal_placements(&g.settings, &g.board, &k, me);
        let a = legal.first().copied().unwrap_or(Action::Pass);
        g.act(&k, a).unwrap();
        guard += 1;
        assert!(guard < 500, "Star War ends");
    }
    let Some(Outcome::Scored { scores, winners }) = &g.turn.outcome else {
        panic!("Star War is scored")
    };
    assert_eq!(scores.len(), 2);
    assert!(!winners.is_empty());
    assert_eq!(g.actions.last(), Some(&Action::Pass));
}

#[test]
fn star_war_no_adjacent_rule() {
    let k = kinds();
    let mut g = empty_game(2, Mode::StarWar);
    g.settings.star_no_adjacent = true;
    g.act(&k, place(&k, 2, 2, '*', None)).unwrap(); // inside the corner: free
    g.act(&k, place(&k, 7, 7, '*', None)).unwrap();
    g.act(&k, place(&k, 2, 4, '*', None)).unwrap(); // outside, not touching
    g.act(&k, place(&k, 7, 5, '*', None)).unwrap();
    assert_eq!(
        g.act(&k, place(&k, 3, 4, '*', None)),
        Err(Refusal::AdjacentStar(At { row: 3, col: 4 }))
    );
    // Touching a star that stands inside a corner is allowed.
    g.act(&k, place(&k, 3, 2, '*', None)).unwrap();
}

#[test]
fn star_war_no_adjacent_rule_exempts_only_corners_of_players_in_the_game() {
    let k = kinds();
    let mut g = empty_game(2, Mode::StarWar);
    g.settings.star_no_adjacent = true;
    let star = kind(&k, '*');
    let cell = |r: usize, c: usize| g.board.index(r, c);
    let empty_corner = cell(0, 7);
    // A chain of P1's stars from its corner to just left of the top-right corner, which
    // would be P3's in a 4-player game.
    for c in [cell(0, 2), cell(0, 5), cell(0, 6)] {
        g.board.set(
            c,
            Tile::Piece(bw_rules::bracket::Piece {
                owner: 1,
                kind: star,
                facing: None,
            }),
        );
    }
    assert_eq!(g.board.home_owner(empty_corner), None);
    // With two players that corner is an ordinary cell: touching is refused there too.
    assert_eq!(
        g.act(&k, place(&k, 0, 7, '*', None)),
        Err(Refusal::AdjacentStar(At { row: 0, col: 7 }))
    );
}
