//! 军棋 set-up: the combat table, deployment rules, 乱战 dealing, and saved layouts.

use std::sync::Arc;

use bw_rules::junqi::pieces::{Combat, combat};
use bw_rules::junqi::setup::{auto_layout, deal, mirror_layout, validate_layout};
use bw_rules::junqi::{PieceSet, Rules};

fn set() -> Arc<PieceSet> {
    Arc::new(PieceSet::standard())
}

#[test]
fn combat_table() {
    let s = PieceSet::standard();
    let k = |id: &str| s.by_id(id).unwrap();
    assert_eq!(
        combat(&s, k("commander"), k("general")),
        Combat::AttackerWins
    );
    assert_eq!(combat(&s, k("captain"), k("major")), Combat::DefenderWins);
    assert_eq!(combat(&s, k("colonel"), k("colonel")), Combat::BothGo);
    assert_eq!(combat(&s, k("bomb"), k("commander")), Combat::BothGo);
    assert_eq!(combat(&s, k("engineer"), k("bomb")), Combat::BothGo);
    assert_eq!(combat(&s, k("engineer"), k("mine")), Combat::AttackerWins);
    assert_eq!(combat(&s, k("commander"), k("mine")), Combat::DefenderWins);
    assert_eq!(combat(&s, k("bomb"), k("mine")), Combat::BothGo);
    assert_eq!(combat(&s, k("engineer"), k("flag")), Combat::AttackerWins);
    assert_eq!(combat(&s, k("bomb"), k("flag")), Combat::BothGo);
}

#[test]
fn deployment_rules() {
    let s = set();
    let r = Rules::default();
    let b = r.make_board();
    let hand = s.standard_hand();
    let good = auto_layout(&r, &b, &s, 'S', &hand, 1);
    assert_eq!(validate_layout(&r, &b, &s, 'S', &hand, &good), Ok(()));
    assert_eq!(
        validate_layout(&r, &b, &s, 'S', &hand, &mirror_layout(&b, 'S', &good)),
        Ok(())
    );
    let swap = |layout: &Vec<(bw_rules::junqi::NodeId, bw_rules::junqi::PieceKindId)>,
                a: &str,
                kind: &str| {
        // Put `kind` on node `a`, moving whatever stood there to where `kind` stood.
        let mut l = layout.clone();
        let na = b.find(a).unwrap();
        let ia = l.iter().position(|x| x.0 == na).unwrap();
        let ik = l
            .iter()
            .position(|x| s.get(x.1).id == kind && x.0 != na)
            .unwrap();
        let (ka, kk) = (l[ia].1, l[ik].1);
        l[ia].1 = kk;
        l[ik].1 = ka;
        l
    };
    let err = |l| {
        validate_layout(&r, &b, &s, 'S', &hand, &l)
            .unwrap_err()
            .to_string()
    };
    assert!(err(swap(&good, "S01", "flag")).contains("headquarters"));
    assert!(err(swap(&good, "S02", "bomb")).contains("front row"));
    assert!(err(swap(&good, "S10", "mine")).contains("last two rows"));
    let off = Rules {
        bombs_not_front: false,
        ..r.clone()
    };
    assert_eq!(
        validate_layout(&off, &b, &s, 'S', &hand, &swap(&good, "S02", "bomb")),
        Ok(())
    );
    let mut camp = good.clone();
    camp[0].0 = b.find("S11").unwrap();
    assert!(err(camp).contains("camp"));
    let mut foreign = good.clone();
    foreign[0].0 = b.find("N00").unwrap();
    assert!(err(foreign).contains("not in your arm"));
    let mut short = good.clone();
    short.pop();
    assert!(err(short).contains("exactly"));
}

#[test]
fn random_dealing_turns_extra_flags_into_generals_and_layouts_still_fit() {
    let s = set();
    let r = Rules {
        deal_random: true,
        players: 4,
        ..Rules::default()
    };
    let flag = s.by_id("flag").unwrap();
    let mut saw_conversion = false;
    for seed in 0..300 {
        let hands = deal(&r, &s, seed);
        assert_eq!(hands.len(), 4);
        let flags: usize = hands
            .iter()
            .map(|h| h.iter().filter(|&&k| k == flag).count())
            .sum();
        assert!(
            hands
                .iter()
                .all(|h| h.len() == 25 && h.iter().filter(|&&k| k == flag).count() <= 2)
        );
        saw_conversion |= flags < 4;
        let b = r.make_board();
        for (h, seat) in hands.iter().zip(['S', 'E', 'N', 'W']) {
            let l = auto_layout(&r, &b, &s, seat, h, seed);
            assert_eq!(
                validate_layout(&r, &b, &s, seat, h, &l),
                Ok(()),
                "seed {seed}"
            );
        }
    }
    assert!(
        saw_conversion,
        "some deal had three or more flags in one hand"
    );
}

#[test]
fn layouts_save_load_at_any_seat_and_refuse_a_foreign_hand() {
    use bw_rules::junqi::setup::SavedLayout;
    let s = set();
    let r = Rules::default();
    let b = r.make_board();
    let hand = s.standard_hand();
    let layout = auto_layout(&r, &b, &s, 'S', &hand, 3);
    let text = SavedLayout::of(&b, &s, &layout).to_ron();
    let at_n = SavedLayout::load(&text, &r, &b, &s, 'N', &hand).unwrap();
    assert_eq!(at_n.len(), 25);
    assert!(at_n.iter().all(|&(n, _)| b.node(n).seat == Some('N')));
    // A hand with one more general and one less captain does not fit this layout.
    let mut other = hand.clone();
    let captain = other
        .iter()
        .position(|&k| s.get(k).id == "captain")
        .unwrap();
    other[captain] = s.by_id("general").unwrap();
    assert!(
        SavedLayout::load(&text, &r, &b, &s, 'S', &other)
            .unwrap_err()
            .contains("exactly")
    );
    assert!(SavedLayout::load("(pieces: [(9, 9, \"flag\")])", &r, &b, &s, 'S', &hand).is_err());
}

/// A computer lays out automatically every game: a person who plays it again must not find
/// the same layout, nor its mines, bombs and flag where they stood last time.
#[test]
fn the_automatic_layout_varies_from_game_to_game_and_keeps_the_flag_sealed() {
    use bw_rules::junqi::board::NodeKind;
    use bw_rules::junqi::pieces::Ability;
    use std::collections::{HashMap, HashSet};
    let s = set();
    let r = Rules::default();
    let b = r.make_board();
    let hand = s.standard_hand();
    let mut layouts = HashSet::new();
    // How often each kind of piece stood on each post.
    let mut seen: HashMap<(&str, _), u32> = HashMap::new();
    let games = 200;
    for seed in 0..games {
        let l = auto_layout(&r, &b, &s, 'S', &hand, seed);
        assert_eq!(validate_layout(&r, &b, &s, 'S', &hand, &l), Ok(()));
        let ability = |n| {
            l.iter()
                .find(|&&(m, _)| m == n)
                .map(|&(_, k)| s.get(k).ability)
        };
        let &(flag, _) = l
            .iter()
            .find(|&&(_, k)| s.get(k).ability == Ability::Flag)
            .unwrap();
        assert_eq!(b.kind(flag), NodeKind::Hq);
        let mines_beside = b
            .adjacent(flag)
            .iter()
            .filter(|&&(n, _)| ability(n) == Some(Ability::Mine))
            .count();
        assert_eq!(mines_beside, 3, "seed {seed}: the flag is not sealed");
        for &(n, k) in &l {
            *seen.entry((s.get(k).id.as_str(), n)).or_default() += 1;
        }
        layouts.insert(l);
    }
    assert_eq!(layouts.len(), games as usize, "every game its own layout");
    // Each of these pieces stands on at least the posts listed, and no post holds it in
    // more than three games of four, outside the flag's guard and the commander. The
    // spread puts the commander in the middle of the front, the one post the mirror keeps:
    // letting it trade posts with the general, or move along the spread, cost the
    // four-player game (BENCHMARKS.md, sessions 31–33).
    for (id, least_posts) in [
        ("flag", 2),
        ("mine", 5),
        ("bomb", 4),
        ("commander", 1),
        ("general", 2),
        ("engineer", 6),
    ] {
        let posts: Vec<u32> = seen
            .iter()
            .filter(|((kind, _), _)| *kind == id)
            .map(|(_, &count)| count)
            .collect();
        assert!(
            posts.len() >= least_posts,
            "{id} stood on only {} posts",
            posts.len()
        );
        if !matches!(id, "flag" | "mine" | "commander") {
            let most = posts.iter().max().unwrap();
            assert!(
                *most <= games as u32 * 3 / 4,
                "{id}: {most} of {games} on one post"
            );
        }
    }
}
