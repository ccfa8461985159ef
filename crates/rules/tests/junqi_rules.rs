//! 军棋 rules, one test per rule and per mode, on positions set up by hand.

use bw_rules::junqi::game::{
    Action, Junqi, LossReason, Outcome, Phase, Piece, PublicEvent, Refusal,
};
use bw_rules::junqi::setup::auto_layout;
use bw_rules::junqi::{Alliance, BoardChoice, PlayerView, Rules};

mod common;
use common::{position, rules, set};

fn node(g: &Junqi, name: &str) -> bw_rules::junqi::NodeId {
    g.board.find(name).unwrap()
}

fn mv(g: &mut Junqi, from: &str, to: &str) -> Result<(), Refusal> {
    let (f, t) = (node(g, from), node(g, to));
    g.act(Action::Move { from: f, to: t })
}

fn kind_at(g: &Junqi, n: &str) -> Option<(usize, String)> {
    g.at[node(g, n).0 as usize].map(|p| (p.owner, g.set.get(p.kind).id.clone()))
}

#[test]
fn immobile_pieces_allies_and_camps() {
    let r = rules(BoardChoice::FourPlayer, 4, Alliance::Opposite);
    let mut g = position(
        r,
        &[
            ("S40", 0, "flag"),
            ("S41", 0, "mine"),
            ("S51", 0, "captain"),
            ("S20", 0, "colonel"),
            ("S10", 2, "major"),
            ("S11", 1, "lieutenant"),
            ("S22", 0, "general"),
            ("S12", 1, "lieutenant"),
            ("E40", 1, "engineer"),
            ("N40", 2, "engineer"),
            ("W40", 3, "engineer"),
        ],
    );
    assert_eq!(
        mv(&mut g, "S40", "S30"),
        Err(Refusal::Immobile(node(&g, "S40")))
    );
    assert_eq!(
        mv(&mut g, "S41", "S31"),
        Err(Refusal::Immobile(node(&g, "S41")))
    );
    assert_eq!(
        mv(&mut g, "S51", "S41"),
        Err(Refusal::Immobile(node(&g, "S51"))),
        "a piece on an HQ never moves"
    );
    // An ally (N) blocks and is never a target.
    assert!(!g.destinations(node(&g, "S20")).contains(node(&g, "S10")));
    // An enemy in a camp cannot be attacked; a piece in a camp attacks out.
    assert!(!g.destinations(node(&g, "S20")).contains(node(&g, "S11")));
    assert!(!g.destinations(node(&g, "S22")).contains(node(&g, "S11")));
    assert!(g.destinations(node(&g, "S22")).contains(node(&g, "S12")));
    mv(&mut g, "S22", "S12").unwrap();
    assert_eq!(kind_at(&g, "S12"), Some((0, "general".into())));
    assert_eq!(g.turn, 1, "E moves next");
}

#[test]
fn capturing_a_flag_eliminates_and_scores() {
    let r = rules(BoardChoice::FourPlayer, 4, Alliance::Opposite);
    let mut g = position(
        r,
        &[
            ("S00", 0, "engineer"),
            ("S51", 0, "flag"),
            ("E51", 1, "flag"),
            ("E41", 1, "bomb"),
            ("N51", 2, "flag"),
            ("N00", 2, "engineer"),
            ("W51", 3, "flag"),
            ("W40", 3, "engineer"),
        ],
    );
    g.turn = 1;
    mv(&mut g, "E41", "E31").unwrap();
    assert_eq!(g.turn, 2);
    mv(&mut g, "N00", "N10").unwrap();
    let w = node(&g, "W40");
    assert!(
        !g.destinations(w).contains(node(&g, "S51")),
        "no railway reaches an HQ"
    );
    mv(&mut g, "W40", "W30").unwrap();
    // S's engineer turns corners on the railway: S00..S04, the arc, E00..E40, E41.
    mv(&mut g, "S00", "E41").unwrap();
    assert_eq!(g.turn, 1);
    mv(&mut g, "E31", "E21").unwrap();
    mv(&mut g, "N10", "N20").unwrap();
    mv(&mut g, "W30", "W20").unwrap();
    mv(&mut g, "E41", "E51").unwrap();
    assert_eq!(g.players[1].lost, Some(LossReason::FlagCaptured { by: 0 }));
    assert!(
        g.at.iter().flatten().all(|p| p.owner != 1),
        "the loser's pieces leave"
    );
    let scores: Vec<i32> = g.players.iter().map(|p| p.score).collect();
    assert_eq!(scores, vec![10, -10, 5, -5]);
}

#[test]
fn a_bomb_on_a_flag_goes_with_it_and_its_owner_captures() {
    let r = rules(BoardChoice::TwoPlayer, 2, Alliance::None);
    let mut g = position(
        r,
        &[
            ("A40", 0, "bomb"),
            ("A51", 0, "flag"),
            ("B41", 1, "bomb"),
            ("B51", 1, "flag"),
            ("B00", 1, "engineer"),
        ],
    );
    // A's bomb runs up the left edge to B44... the flag is on B51, reached from B41 or B50.
    let (b41, a40) = (node(&g, "B41"), node(&g, "A40"));
    let bomb = g.set.by_id("bomb").unwrap();
    g.at[a40.0 as usize] = None;
    g.at[b41.0 as usize] = Some(Piece {
        owner: 0,
        kind: bomb,
    });
    mv(&mut g, "B41", "B51").unwrap();
    assert!(kind_at(&g, "B51").is_none() && kind_at(&g, "B41").is_none());
    assert!(
        g.events
            .contains(&PublicEvent::FlagCaptured { by: 0, of: 1 })
    );
    assert_eq!(g.phase, Phase::Over(Outcome::Won { winners: vec![0] }));
}

#[test]
fn no_legal_move_at_the_start_of_a_turn_loses_even_the_first_turn() {
    let r = rules(BoardChoice::FourPlayer, 3, Alliance::Opposite);
    let s = set();
    let mut g = Junqi::new(r.clone(), s.clone(), vec![s.standard_hand(); 3]).unwrap();
    // Deploy everyone; then take E's mobile pieces away before E's first turn.
    for p in 0..3 {
        let seat = g.players[p].seat;
        let l = auto_layout(&r, &g.board, &s, seat, &g.players[p].hand.clone(), p as u64);
        g.deploy(p, &l).unwrap();
    }
    assert_eq!(g.turn, 0, "the first to finish deploying moves first");
    for slot in g.at.iter_mut() {
        if let Some(p) = slot
            && p.owner == 1
            && s.get(p.kind).mobile()
        {
            *slot = None;
        }
    }
    let (f, t) = g.legal_moves(0)[0];
    g.act(Action::Move { from: f, to: t }).unwrap();
    assert_eq!(g.players[1].lost, Some(LossReason::NoLegalMove));
    assert_eq!(g.turn, 2, "play passes to N");
    let scores: Vec<i32> = g.players.iter().map(|p| p.score).collect();
    assert_eq!(scores, vec![5, -5, 5], "no allies with 3 players");
}

#[test]
fn resigning_any_time_and_on_ones_own_turn() {
    let r = rules(BoardChoice::FourPlayer, 4, Alliance::Opposite);
    let mut g = position(
        r,
        &[
            ("S00", 0, "captain"),
            ("E00", 1, "captain"),
            ("N00", 2, "captain"),
            ("W00", 3, "captain"),
        ],
    );
    g.act(Action::Resign { player: 2 }).unwrap();
    assert_eq!(g.turn, 0, "not N's turn: S still moves");
    assert_eq!(
        g.players.iter().map(|p| p.score).collect::<Vec<_>>(),
        vec![-5, 5, -5, 5]
    );
    g.act(Action::Resign { player: 0 }).unwrap();
    assert_eq!(
        g.phase,
        Phase::Over(Outcome::Won {
            winners: vec![1, 3]
        })
    );
    assert_eq!(
        g.act(Action::Resign { player: 1 }),
        Err(Refusal::NotPlaying)
    );
}

#[test]
fn the_last_commanders_death_reveals_the_flag() {
    let r = rules(BoardChoice::TwoPlayer, 2, Alliance::None);
    let mut g = position(
        r,
        &[
            ("A00", 0, "bomb"),
            ("A51", 0, "flag"),
            ("B04", 1, "commander"),
            ("B51", 1, "flag"),
            ("B40", 1, "engineer"),
        ],
    );
    mv(&mut g, "A00", "B04").unwrap();
    assert!(g.players[1].flags_revealed);
    assert!(g.events.contains(&PublicEvent::FlagsRevealed {
        player: 1,
        nodes: vec![node(&g, "B51")]
    }));
    let view = PlayerView::of(&g, 0);
    assert_eq!(
        view.nodes[node(&g, "B51").0 as usize].unwrap().kind,
        g.set.by_id("flag")
    );
    assert_eq!(view.nodes[node(&g, "B40").0 as usize].unwrap().kind, None);

    let off = Rules {
        reveal_flag: false,
        ..rules(BoardChoice::TwoPlayer, 2, Alliance::None)
    };
    let mut g = position(
        off,
        &[
            ("A00", 0, "bomb"),
            ("A51", 0, "flag"),
            ("B04", 1, "commander"),
            ("B51", 1, "flag"),
            ("B40", 1, "engineer"),
        ],
    );
    mv(&mut g, "A00", "B04").unwrap();
    assert!(!g.players[1].flags_revealed);
}

#[test]
fn draw_offers_answers_and_holdouts() {
    let r = rules(BoardChoice::FourPlayer, 3, Alliance::Opposite);
    let mut g = position(
        r,
        &[
            ("S00", 0, "captain"),
            ("E00", 1, "captain"),
            ("N00", 2, "captain"),
        ],
    );
    g.act(Action::OfferDraw).unwrap();
    assert_eq!(g.turn, 1, "an offer uses the turn");
    g.act(Action::AnswerDraw {
        player: 2,
        yes: true,
    })
    .unwrap();
    g.act(Action::AnswerDraw {
        player: 1,
        yes: false,
    })
    .unwrap();
    assert!(g.players.iter().all(|p| !p.dove), "a no clears every dove");
    g.act(Action::OfferDraw).unwrap(); // E
    g.act(Action::AnswerDraw {
        player: 2,
        yes: true,
    })
    .unwrap();
    assert_eq!(g.phase, Phase::Playing);
    // The holdout S resigns: everyone left shows a dove.
    g.act(Action::Resign { player: 0 }).unwrap();
    assert_eq!(g.phase, Phase::Over(Outcome::DrawAgreed));
}

#[test]
fn a_dove_lasts_until_its_holder_moves() {
    let r = rules(BoardChoice::TwoPlayer, 2, Alliance::None);
    let mut g = position(r, &[("A00", 0, "captain"), ("B40", 1, "captain")]);
    g.act(Action::OfferDraw).unwrap();
    assert!(g.players[0].dove);
    mv(&mut g, "B40", "B30").unwrap();
    mv(&mut g, "A00", "A10").unwrap();
    assert!(!g.players[0].dove);
}

#[test]
fn quiet_limit_draws_and_a_capture_resets_it() {
    let r = Rules {
        quiet_limit: 4,
        ..rules(BoardChoice::TwoPlayer, 2, Alliance::None)
    };
    let mut g = position(
        r,
        &[
            ("A40", 0, "captain"),
            ("A30", 0, "lieutenant"),
            ("B40", 1, "captain"),
            ("B44", 1, "engineer"),
        ],
    );
    mv(&mut g, "A30", "A20").unwrap();
    mv(&mut g, "B40", "B30").unwrap();
    mv(&mut g, "A20", "A10").unwrap();
    assert_eq!(g.quiet, 3);
    mv(&mut g, "B30", "B20").unwrap();
    assert_eq!(g.phase, Phase::Over(Outcome::DrawQuiet));

    let r = Rules {
        quiet_limit: 3,
        ..rules(BoardChoice::TwoPlayer, 2, Alliance::None)
    };
    let mut g = position(
        r,
        &[
            ("A00", 0, "captain"),
            ("A40", 0, "lieutenant"),
            ("B04", 1, "lieutenant"),
            ("B40", 1, "engineer"),
        ],
    );
    mv(&mut g, "A40", "A30").unwrap();
    mv(&mut g, "B40", "B30").unwrap();
    mv(&mut g, "A00", "B04").unwrap();
    assert_eq!(g.quiet, 0, "a piece left the board");
    assert_eq!(g.phase, Phase::Playing);
}

#[test]
fn seats_alliances_and_turn_order_per_mode() {
    let two_on_four = rules(BoardChoice::FourPlayer, 2, Alliance::Opposite);
    assert_eq!(two_on_four.seat_letters(), vec!['S', 'N']);
    assert_eq!(two_on_four.teams(), vec![0, 1], "no allies with 2 players");
    let three = rules(BoardChoice::FourPlayer, 3, Alliance::Opposite);
    assert_eq!(three.seat_letters(), vec!['S', 'E', 'N']);
    assert_eq!(three.teams(), vec![0, 1, 2]);
    assert_eq!(
        rules(BoardChoice::FourPlayer, 4, Alliance::Opposite).teams(),
        vec![0, 1, 0, 1]
    );
    assert_eq!(
        rules(BoardChoice::FourPlayer, 4, Alliance::Adjacent).teams(),
        vec![0, 0, 1, 1]
    );
    assert_eq!(
        rules(BoardChoice::FourPlayer, 4, Alliance::None).teams(),
        vec![0, 1, 2, 3]
    );
    assert!(
        rules(BoardChoice::TwoPlayer, 3, Alliance::None)
            .validate()
            .is_err()
    );
    let open_no_allies = Rules {
        open_allies: true,
        ..rules(BoardChoice::FourPlayer, 4, Alliance::None)
    };
    assert!(
        !open_no_allies.open_allies_applies(),
        "友明 without allies is ignored"
    );
    // An empty arm (W with 3 players) is open board.
    let mut g = position(
        three,
        &[
            ("S00", 0, "engineer"),
            ("S51", 0, "flag"),
            ("E51", 1, "flag"),
            ("E00", 1, "captain"),
            ("N51", 2, "flag"),
            ("N00", 2, "captain"),
        ],
    );
    assert!(g.destinations(node(&g, "S00")).contains(node(&g, "W40")));
    mv(&mut g, "S00", "W40").unwrap();
    assert_eq!(g.turn, 1);
}

/// A player knocked out between plies (no legal move at the start of their turn, or a
/// resignation) takes their pieces off the board: the quiet count restarts at once, so the
/// next ply counts 1 (spec: any piece leaving resets the count).
#[test]
fn a_loss_between_plies_resets_the_quiet_count_at_once() {
    let quiet = |limit| Rules {
        quiet_limit: limit,
        ..rules(BoardChoice::FourPlayer, 3, Alliance::None)
    };
    // A quiet move: the first legal move onto an empty node.
    let first_move = |g: &mut Junqi| {
        let (f, t) = g
            .legal_moves(g.turn)
            .into_iter()
            .find(|(_, t)| g.at[t.0 as usize].is_none())
            .unwrap();
        g.act(Action::Move { from: f, to: t }).unwrap();
    };
    // No legal move: E holds only a flag and loses when its turn starts.
    let mut g = position(
        quiet(10),
        &[
            ("S20", 0, "captain"),
            ("E40", 1, "flag"),
            ("N20", 2, "captain"),
        ],
    );
    first_move(&mut g); // S
    assert_eq!(g.players[1].lost, Some(LossReason::NoLegalMove));
    assert_eq!(g.quiet, 0, "E's flag left the board");
    assert_eq!(g.turn, 2);
    first_move(&mut g); // N
    assert_eq!(g.quiet, 1);

    // Resignation: N resigns after two quiet plies.
    let mut g = position(
        quiet(10),
        &[
            ("S20", 0, "captain"),
            ("E20", 1, "captain"),
            ("N20", 2, "captain"),
        ],
    );
    first_move(&mut g); // S
    first_move(&mut g); // E
    assert_eq!(g.quiet, 2);
    g.act(Action::Resign { player: 2 }).unwrap();
    assert_eq!(g.quiet, 0, "N's pieces left the board");
    first_move(&mut g); // S (N is out)
    assert_eq!(g.quiet, 1);
    // The draw comes after exactly `limit` quiet plies.
    let mut g = position(
        quiet(3),
        &[
            ("S20", 0, "captain"),
            ("E20", 1, "captain"),
            ("N20", 2, "captain"),
        ],
    );
    first_move(&mut g);
    first_move(&mut g);
    g.act(Action::Resign { player: 2 }).unwrap();
    first_move(&mut g);
    first_move(&mut g);
    assert_eq!(
        g.phase,
        Phase::Playing,
        "two quiet plies since the resignation"
    );
    first_move(&mut g);
    assert_eq!(g.phase, Phase::Over(Outcome::DrawQuiet));
}

/// A combat's kinds are known to the seats that may know them, and only to them: the
/// attacker's owner knows its piece, the defender's owner its own, an ally (not open) and
/// an observer neither, everyone both once the game is over. A defender of another rank
/// that loses the same way changes nothing the attacker's seat is told; everyone sees
/// whose piece was attacked.
#[test]
fn a_combat_tells_each_seat_only_the_kinds_it_may_know() {
    let play = |defender: &str| {
        let r = rules(BoardChoice::FourPlayer, 4, Alliance::Opposite);
        let mut g = position(
            r,
            &[
                ("S22", 0, "captain"),
                ("S12", 1, "defender_kind"),
                ("S51", 0, "flag"),
                ("E51", 1, "flag"),
                ("E41", 1, "engineer"),
                ("E31", 1, "commander"),
                ("N51", 2, "flag"),
                ("N00", 2, "engineer"),
                ("W51", 3, "flag"),
                ("W40", 3, "engineer"),
            ]
            .map(|(n, o, k)| (n, o, if k == "defender_kind" { defender } else { k })),
        );
        mv(&mut g, "S22", "S12").unwrap();
        g
    };
    let g = play("lieutenant");
    let Some(PublicEvent::Moved {
        combat, defender, ..
    }) = g.events.last()
    else {
        panic!("a move: {:?}", g.events.last());
    };
    assert!(*combat);
    assert_eq!(*defender, Some(1), "whose piece was attacked is public");
    let set = common::set();
    let (captain, lieutenant) = (
        set.by_id("captain").unwrap(),
        set.by_id("lieutenant").unwrap(),
    );
    let seen = |g: &Junqi, seat| {
        g.clashes_seen_by(seat, 0)
            .iter()
            .map(|c| (c.attacker, c.defender))
            .collect::<Vec<_>>()
    };
    assert_eq!(seen(&g, Some(0)), [(Some(captain), None)]);
    assert_eq!(seen(&g, Some(1)), [(None, Some(lieutenant))]);
    assert_eq!(seen(&g, Some(2)), [(None, None)], "an ally, not open");
    assert_eq!(seen(&g, None), [(None, None)], "an observer");
    // An engineer there instead loses the same way: S is told exactly the same.
    let other = play("engineer");
    assert_eq!(other.events, g.events);
    assert_eq!(seen(&other, Some(0)), seen(&g, Some(0)));
    assert_ne!(seen(&other, Some(1)), seen(&g, Some(1)));
    // Only the combats from an event on.
    assert!(g.clashes_seen_by(Some(0), g.events.len()).is_empty());
    // Over: everyone knows both.
    let mut over = g.clone();
    for player in [1, 3] {
        over.act(Action::Resign { player }).unwrap();
    }
    assert!(matches!(over.phase, Phase::Over(_)));
    assert_eq!(seen(&over, Some(2)), [(Some(captain), Some(lieutenant))]);
    assert_eq!(seen(&over, None), [(Some(captain), Some(lieutenant))]);
}
