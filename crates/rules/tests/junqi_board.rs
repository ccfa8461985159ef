//! Both boards as the spec counts them, and the spec's reach vectors.

use bw_rules::junqi::{Board, NodeId, Occupancy, Occupant, PieceSet, canonical_path, destinations};

fn names(b: &Board, set: bw_rules::junqi::NodeSet) -> Vec<String> {
    let mut v: Vec<String> = set.iter().map(|n| b.name(n).to_string()).collect();
    v.sort();
    v
}

fn rail_only(b: &Board, from: &str, engineer: bool) -> Vec<String> {
    let f = b.find(from).unwrap();
    let all = destinations(b, &Occupancy::default(), f, engineer);
    let steps: Vec<NodeId> = b.adjacent(f).iter().map(|&(n, _)| n).collect();
    let mut v: Vec<String> = all
        .iter()
        .filter(|n| !steps.contains(n) || b.rail_neighbours(f).contains(n))
        .map(|n| b.name(n).to_string())
        .collect();
    v.sort();
    v
}

fn expand(list: &str) -> Vec<String> {
    let mut v: Vec<String> = list.split_whitespace().map(String::from).collect();
    v.sort();
    v
}

#[test]
fn two_player_board_counts() {
    let b = Board::two_player();
    assert_eq!(
        (b.len(), b.link_count(), b.rail_link_count()),
        (60, 133, 35)
    );
    assert_eq!(b.station_count(), 32);
    assert_eq!(b.lines().len(), 7);
}

#[test]
fn four_player_board_counts() {
    let b = Board::four_player();
    assert_eq!(
        (
            b.len(),
            b.link_count(),
            b.rail_link_count(),
            b.station_count()
        ),
        (129, 288, 92, 73)
    );
    assert_eq!(b.lines().len(), 18);
}

#[test]
fn four_player_non_engineer_at_s44_reaches_21_by_rail() {
    let b = Board::four_player();
    let got = rail_only(&b, "S44", false);
    let want = expand(
        "S40 S41 S42 S43 S04 S14 S24 S34 C02 C12 C22 N00 N10 N20 N30 N40 E00 E10 E20 E30 E40",
    );
    assert_eq!(got, want);
}

#[test]
fn four_player_engineer_at_s40_reaches_every_other_station() {
    let b = Board::four_player();
    let f = b.find("S40").unwrap();
    let got = destinations(&b, &Occupancy::default(), f, true);
    let stations = b
        .ids()
        .filter(|&n| b.kind(n) == bw_rules::junqi::NodeKind::Station && n != f);
    for s in stations {
        assert!(got.contains(s), "{}", b.name(s));
    }
    let rail: Vec<String> = rail_only(&b, "S40", true);
    assert_eq!(rail.len(), 72);
}

#[test]
fn two_player_non_engineer_at_a40_reaches_13_and_an_engineer_31() {
    let b = Board::two_player();
    assert_eq!(
        rail_only(&b, "A40", false),
        expand("A00 A10 A20 A30 A41 A42 A43 A44 B04 B14 B24 B34 B44")
    );
    assert_eq!(rail_only(&b, "A40", true).len(), 31);
}

#[test]
fn road_steps_camps_and_headquarters() {
    let b = Board::two_player();
    // A camp links to its eight neighbours; a post only to its orthogonal ones.
    assert_eq!(
        names(
            &b,
            destinations(&b, &Occupancy::default(), b.find("A22").unwrap(), false)
        )
        .len(),
        8
    );
    assert_eq!(
        names(
            &b,
            destinations(&b, &Occupancy::default(), b.find("A12").unwrap(), false)
        ),
        expand("A02 A11 A13 A22")
    );
    // A piece on an HQ never moves.
    assert!(destinations(&b, &Occupancy::default(), b.find("A51").unwrap(), false).is_empty());
    // An enemy in a camp is not a destination; one on the railway blocks the run but can be hit.
    let mut occ = Occupancy::default();
    occ.put(b.find("A11").unwrap(), Occupant::Enemy);
    occ.put(b.find("A20").unwrap(), Occupant::Enemy);
    let d = names(&b, destinations(&b, &occ, b.find("A40").unwrap(), false));
    assert!(d.contains(&"A20".to_string()) && !d.contains(&"A10".to_string()));
    let d = names(&b, destinations(&b, &occ, b.find("A10").unwrap(), false));
    assert!(
        !d.contains(&"A11".to_string()),
        "an enemy in a camp cannot be attacked"
    );
}

#[test]
fn canonical_paths_prefer_links_then_straight_runs_then_the_shortest_railway_path() {
    let b = Board::four_player();
    let occ = Occupancy::default();
    let p = |from: &str, to: &str| {
        canonical_path(&b, &occ, b.find(from).unwrap(), b.find(to).unwrap())
            .iter()
            .map(|&n| b.name(n).to_string())
            .collect::<Vec<_>>()
            .join(" ")
    };
    assert_eq!(p("S40", "S41"), "S40 S41");
    assert_eq!(p("S40", "S00"), "S40 S30 S20 S10 S00");
    assert_eq!(p("S40", "S43"), "S40 S41 S42 S43");
    // Along an arc: still one straight line.
    assert_eq!(p("S14", "E10"), "S14 S04 E00 E10");
    // No straight line joins S40 and S04: several shortest paths of 8 links; the names
    // decide node by node (S30 < S41, then C20 < S01).
    assert_eq!(p("S40", "S04"), "S40 S30 S20 S10 S00 C20 C21 C22 S04");
}

#[test]
fn the_standard_set_has_25_pieces() {
    let set = PieceSet::standard();
    assert_eq!(set.standard_hand().len(), 25);
    assert_eq!(set.get(set.extra_flags_become).id, "general");
}
