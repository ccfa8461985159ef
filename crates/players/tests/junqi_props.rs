//! 1,000 random headless games across every mode end (the quiet limit ends stalled ones)
//! without a panic, and keep the invariants after every ply.

use std::sync::Arc;

use bw_players::junqi::AiKind;
use bw_players::junqi::autoplay::computer_players;
use bw_rules::junqi::game::{Phase, PublicEvent};
use bw_rules::junqi::headless::setup;
use bw_rules::junqi::{Alliance, BoardChoice, PieceSet, Rules};
use proptest::prelude::*;

fn rules() -> impl Strategy<Value = Rules> {
    (
        prop_oneof![
            Just((BoardChoice::TwoPlayer, 2u8)),
            Just((BoardChoice::FourPlayer, 2u8)),
            Just((BoardChoice::FourPlayer, 3u8)),
            Just((BoardChoice::FourPlayer, 4u8)),
        ],
        prop::sample::select(vec![Alliance::Opposite, Alliance::Adjacent, Alliance::None]),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(
            |((board, players), alliance, deal_random, open_allies)| Rules {
                board,
                players,
                alliance,
                deal_random,
                open_allies,
                ..Rules::default()
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 1000, ..ProptestConfig::default() })]

    #[test]
    fn random_games_end_and_keep_the_invariants(r in rules(), seed in any::<u64>(), heuristic in any::<bool>()) {
        let set = Arc::new(PieceSet::standard());
        let n = r.players as usize;
        let mut g = setup(r, set.clone(), seed, true).unwrap();
        let kind = if heuristic { AiKind::Heuristic } else { AiKind::Random };
        let mut ais = computer_players(&vec![kind; n], seed);
        let mut lost_pieces = vec![0usize; n];
        let mut guard = 0;
        while g.phase == Phase::Playing {
            guard += 1;
            prop_assert!(guard < 20_000, "a game between computers ends");
            let me = g.turn;
            prop_assert!(g.players[me].in_game());
            let before = g.at.clone();
            let events_before = g.events.len();
            let action = ais[me].act(&g, me);
            g.act(action).unwrap();
            for e in &g.events[events_before..] {
                if let PublicEvent::Moved { path, removed, .. } = e {
                    let piece = before[path[0].0 as usize].expect("a move starts on a piece");
                    prop_assert!(piece.owner == me);
                    prop_assert!(set.get(piece.kind).mobile(), "an immobile piece moved");
                    prop_assert!(g.board.kind(path[0]) != bw_rules::junqi::NodeKind::Hq);
                    for n in removed {
                        lost_pieces[before[n.0 as usize].unwrap().owner] += 1;
                    }
                }
            }
            for (p, lost) in lost_pieces.iter().enumerate() {
                let on_board = g.at.iter().flatten().filter(|x| x.owner == p).count();
                if g.players[p].in_game() {
                    prop_assert_eq!(on_board + lost, 25);
                } else {
                    prop_assert_eq!(on_board, 0, "a loser's pieces leave the board");
                }
            }
        }
        prop_assert!(matches!(g.phase, Phase::Over(_)));
    }
}
