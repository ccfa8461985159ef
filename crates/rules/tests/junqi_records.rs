//! 军棋 views, records and scores: what a seat sees, replays, and points across games.

use bw_rules::junqi::game::{Action, Phase};
use bw_rules::junqi::record::Record;
use bw_rules::junqi::{Alliance, BoardChoice, PlayerView, Rules};

mod common;
use common::{play_randomly, position, rules, set};

#[test]
fn views_never_leak_hidden_ranks() {
    let r = Rules {
        open_allies: true,
        ..rules(BoardChoice::FourPlayer, 4, Alliance::Opposite)
    };
    let mut g = position(
        r.clone(),
        &[
            ("S00", 0, "commander"),
            ("E00", 1, "general"),
            ("N00", 2, "engineer"),
            ("W00", 3, "bomb"),
        ],
    );
    let v = PlayerView::of(&g, 0);
    let seen = |v: &PlayerView, n: &str| v.nodes[g.board.find(n).unwrap().0 as usize].unwrap();
    assert!(seen(&v, "S00").kind.is_some());
    assert!(
        seen(&v, "N00").kind.is_some(),
        "友明: the ally's pieces are shown"
    );
    assert_eq!(seen(&v, "E00").kind, None);
    assert_eq!(seen(&v, "W00").kind, None);
    assert_eq!(seen(&v, "E00").owner, 1, "owners are public");
    // Nothing in the serialized view names a hidden kind's id.
    let text = ron::to_string(&v).unwrap();
    assert!(!text.contains("general") && !text.contains("bomb"));
    // Without 友明 the ally is hidden too; at the end everything is shown.
    let closed = position(
        Rules {
            open_allies: false,
            ..r
        },
        &[("S00", 0, "commander"), ("N00", 2, "engineer")],
    );
    assert_eq!(
        PlayerView::of(&closed, 0).nodes[closed.board.find("N00").unwrap().0 as usize]
            .unwrap()
            .kind,
        None
    );
    g.act(Action::Resign { player: 1 }).unwrap();
    g.act(Action::Resign { player: 3 }).unwrap();
    assert!(matches!(g.phase, Phase::Over(_)));
    let end = PlayerView::of(&g, 0);
    assert!(end.nodes.iter().flatten().all(|p| p.kind.is_some()));
}

#[test]
fn records_round_trip_and_replay_exactly() {
    use bw_rules::junqi::headless::{setup, transcript};
    for (players, board, alliance, random) in [
        (4, BoardChoice::FourPlayer, Alliance::Opposite, false),
        (4, BoardChoice::FourPlayer, Alliance::None, true),
        (2, BoardChoice::TwoPlayer, Alliance::None, false),
        (3, BoardChoice::FourPlayer, Alliance::Adjacent, true),
    ] {
        let r = Rules {
            players,
            board,
            alliance,
            deal_random: random,
            ..Rules::default()
        };
        let mut g = setup(r, set(), 42, true).unwrap();
        play_randomly(&mut g, 42, 100_000);
        let rec = Record::of(&g);
        let text = rec.to_ron();
        let back = Record::from_ron(&text).unwrap();
        assert_eq!(back, rec);
        let again = back.replay(set()).unwrap();
        assert_eq!(transcript(&again), transcript(&g));
        assert_eq!(again.at, g.at);
    }
    assert!(Record::from_ron("(version: 99)").is_err());
}

#[test]
fn scores_add_up_per_profile_across_games() {
    use bw_rules::junqi::headless::setup;
    use bw_rules::junqi::record::ProfileScores;
    let mut table = ProfileScores::default();
    let mut expected = std::collections::BTreeMap::<String, i64>::new();
    for seed in 0..6 {
        let mut g = setup(
            Rules {
                players: 2,
                board: BoardChoice::TwoPlayer,
                ..Rules::default()
            },
            set(),
            seed,
            true,
        )
        .unwrap();
        g.players[0].profile = "ada".into();
        g.players[1].profile = if seed % 2 == 0 {
            "bo".into()
        } else {
            "cy".into()
        };
        play_randomly(&mut g, seed, 100_000);
        for p in &g.players {
            *expected.entry(p.profile.clone()).or_default() += p.score as i64;
        }
        let rec = Record::of(&g);
        assert_eq!(
            rec.replay(set()).unwrap().players[1].profile,
            g.players[1].profile
        );
        table.add_game(&g);
    }
    assert_eq!(table.totals, expected);
    assert_eq!(table.games["ada"], 6);
    assert_eq!(ProfileScores::from_ron(&table.to_ron()).unwrap(), table);
}
