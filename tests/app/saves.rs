//! Save slots: round trip, every kind of damage (each shown as damaged without touching the
//! other slots), backups, and migration of the first format.

use bracket_war::saves::{Damage, SaveData, SaveDir, Saved, SavedAction, Slot, encode};
use bw_players::bracket::{AiKind, Seat};
use bw_rules::bracket::KindTable;
use bw_rules::bracket::game::{Action, At, Settings};
use bw_rules::bracket::generate::BoardSettings;

/// A save folder in a temporary folder that removes itself, also when a test fails.
struct TempSaves {
    saves: SaveDir,
    _folder: tempfile::TempDir,
}

impl std::ops::Deref for TempSaves {
    type Target = SaveDir;
    fn deref(&self) -> &SaveDir {
        &self.saves
    }
}

fn dir(name: &str) -> TempSaves {
    let folder = tempfile::Builder::new()
        .prefix(&format!("bw-saves-{name}-"))
        .tempdir()
        .unwrap();
    TempSaves {
        saves: SaveDir::new(folder.path()),
        _folder: folder,
    }
}

fn sample(kinds: &KindTable) -> SaveData {
    let settings = Settings {
        board: BoardSettings {
            side: 10,
            players: 2,
            mirror_density: 0.1,
            glass_density: 0.05,
        },
        ..Default::default()
    };
    let mut s = SaveData::new(
        settings,
        77,
        vec![Seat::Person, Seat::Computer(AiKind::Greedy)],
        true,
    );
    let angle = kinds.by_glyph('>').unwrap();
    s.actions = vec![
        SavedAction::of(
            &Action::Place {
                at: At { row: 2, col: 2 },
                kind: angle,
                facing: Some(bw_rules::bracket::Dir::R),
            },
            kinds,
        ),
        SavedAction::of(
            &Action::Place {
                at: At { row: 8, col: 8 },
                kind: kinds.by_glyph('o').unwrap(),
                facing: None,
            },
            kinds,
        ),
    ];
    s
}

#[test]
fn a_save_round_trips_and_rebuilds_the_board_by_replay() {
    let kinds = KindTable::builtin();
    let d = dir("roundtrip");
    let data = sample(&kinds);
    d.store(3, &data).unwrap();
    match d.load::<SaveData>(3, &kinds) {
        Slot::Saved(Saved { save: back, game }) => {
            assert_eq!(back, data);
            assert_eq!(game.actions.len(), 2);
            assert_eq!(game.turn.current, 1);
        }
        other => panic!("{other:?}"),
    }
    assert!(matches!(d.load::<SaveData>(0, &kinds), Slot::Empty));
}

#[test]
fn every_kind_of_damage_is_reported_and_other_slots_are_untouched() {
    let kinds = KindTable::builtin();
    let d = dir("damage");
    let good = sample(&kinds);
    d.store(0, &good).unwrap();
    let text = encode(&good);
    let body_edit = text.replace("seed: 77", "seed: 78");
    let newer = {
        let mut n = good.clone();
        n.version = 9;
        encode(&n)
    };
    let bad_replay = {
        let mut n = good.clone();
        n.actions.push(SavedAction::Place {
            row: 5,
            col: 5,
            kind: "circle".into(),
            facing: None,
        });
        encode(&n)
    };
    let cases: Vec<(usize, Vec<u8>, fn(&Damage) -> bool)> = vec![
        (1, text.as_bytes()[..text.len() / 2].to_vec(), |d| {
            matches!(d, Damage::Checksum)
        }),
        (2, body_edit.into_bytes(), |d| matches!(d, Damage::Checksum)),
        (3, newer.into_bytes(), |d| {
            matches!(d, Damage::NewerVersion(9))
        }),
        (4, vec![b'x'; 2 << 20], |d| matches!(d, Damage::TooLarge(_))),
        (5, encode(&good).replace("(\n", "[\n").into_bytes(), |d| {
            matches!(d, Damage::Checksum)
        }),
        (6, bad_replay.into_bytes(), |d| {
            matches!(d, Damage::Replay(_))
        }),
        (7, vec![0xff, 0xfe, 0x00], |d| matches!(d, Damage::Checksum)),
    ];
    std::fs::create_dir_all(&d.dir).unwrap();
    for (slot, bytes, _) in &cases {
        std::fs::write(d.path::<SaveData>(*slot), bytes).unwrap();
    }
    let slots = d.load_all::<SaveData>(&kinds);
    assert!(
        matches!(slots[0], Slot::Saved(_)),
        "the good slot still loads"
    );
    for (slot, _, check) in &cases {
        match &slots[*slot] {
            Slot::Damaged { damage, .. } => assert!(check(damage), "slot {slot}: {damage:?}"),
            other => panic!("slot {slot} should be damaged: {other:?}"),
        }
    }
}

#[test]
fn the_previous_save_is_kept_as_a_backup_and_can_be_restored() {
    let kinds = KindTable::builtin();
    let d = dir("backup");
    let first = sample(&kinds);
    d.store(0, &first).unwrap();
    let mut second = first.clone();
    second.actions.pop();
    d.store(0, &second).unwrap();
    std::fs::write(d.path::<SaveData>(0), "garbage").unwrap();
    assert!(matches!(
        d.load::<SaveData>(0, &kinds),
        Slot::Damaged { backup: true, .. }
    ));
    d.restore_backup::<SaveData>(0).unwrap();
    match d.load::<SaveData>(0, &kinds) {
        Slot::Saved(bracket_war::saves::Saved { save: data, .. }) => assert_eq!(data, first),
        other => panic!("{other:?}"),
    }
    d.delete::<SaveData>(0).unwrap();
    assert!(matches!(d.load::<SaveData>(0, &kinds), Slot::Empty));
}

/// Saves written before the seats said `Person` and `Computer(..)` (as 军棋's do) name them
/// `Human`, `RandomComputer`, `GreedyComputer`, `StrongComputer`: they still load, as the
/// same seats, and are written back in today's words.
#[test]
fn a_save_with_the_old_seat_words_loads_with_the_same_seats() {
    let kinds = KindTable::builtin();
    let d = dir("seat-words");
    let mut save = sample(&kinds);
    save.seats = vec![
        Seat::Person,
        Seat::Computer(AiKind::Random),
        Seat::Computer(AiKind::Greedy),
        Seat::Computer(AiKind::Strong),
    ];
    save.settings.board.players = 4;
    let today = encode(&save);
    let mut old = today.clone();
    for (new, was) in [
        ("Person", "Human"),
        ("Computer(Random)", "RandomComputer"),
        ("Computer(Greedy)", "GreedyComputer"),
        ("Computer(Strong)", "StrongComputer"),
    ] {
        assert!(today.contains(new), "{today}");
        old = old.replace(new, was);
    }
    let body = old.split_once('\n').map_or(old.as_str(), |(_, b)| b);
    let sum = body.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    });
    std::fs::create_dir_all(&d.dir).unwrap();
    std::fs::write(
        d.path::<SaveData>(0),
        format!("// checksum {sum:016x}\n{body}"),
    )
    .unwrap();
    match d.load::<SaveData>(0, &kinds) {
        Slot::Saved(bracket_war::saves::Saved { save: data, .. }) => {
            assert_eq!(data.seats, save.seats);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_first_save_format_is_migrated() {
    let kinds = KindTable::builtin();
    let d = dir("migrate");
    let body = "(settings: (board: (side: 10, players: 2, mirror_density: 0.0, glass_density: 0.0), mode: Classic, star_no_adjacent: false, turn_limit: None), seed: 5, actions: [Place(row: 2, col: 2, glyph: '>', facing: Some(R))], last_played: 1700000000)\n";
    let sum = body.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ b as u64).wrapping_mul(0x0000_0100_0000_01b3)
    });
    std::fs::create_dir_all(&d.dir).unwrap();
    std::fs::write(
        d.path::<SaveData>(0),
        format!("// checksum {sum:016x}\n{body}"),
    )
    .unwrap();
    match d.load::<SaveData>(0, &kinds) {
        Slot::Saved(bracket_war::saves::Saved { save: data, game }) => {
            assert_eq!(data.version, bracket_war::saves::SAVE_VERSION);
            assert_eq!(
                data.actions,
                vec![SavedAction::Place {
                    row: 2,
                    col: 2,
                    kind: "angle".into(),
                    facing: Some(bw_rules::bracket::Dir::R)
                }]
            );
            assert_eq!(data.seats, vec![Seat::Person; 2]);
            assert_eq!(game.turn.current, 2);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn pig_slots_save_replay_and_report_damage_apart_from_the_other_slots() {
    use bracket_war::saves::PigSlot;
    use bw_rules::pig::record::PigRecord;
    use bw_rules::pig::setup::PigSetup;
    let kinds = KindTable::builtin();
    let d = dir("pig");
    let pigs = SaveDir::new(&d.dir);
    let table = PigSetup {
        seed: 3,
        ..PigSetup::default()
    }
    .deal()
    .unwrap();
    let record = PigRecord::watched(&table, 1);
    pigs.store(0, &record).unwrap();
    d.store(0, &sample(&kinds)).unwrap();
    match pigs.load::<PigRecord>(0, &()) {
        PigSlot::Saved(r) => assert_eq!(r, record),
        other => panic!("{other:?}"),
    }
    // A damaged pig slot is reported; the 括号大战 slot with the same number is untouched.
    std::fs::write(pigs.path::<PigRecord>(0), "// checksum 0\n(").unwrap();
    assert!(matches!(
        pigs.load::<PigRecord>(0, &()),
        PigSlot::Damaged {
            damage: Damage::Checksum,
            backup: false
        }
    ));
    assert!(matches!(d.load::<SaveData>(0, &kinds), Slot::Saved(_)));
    assert!(matches!(pigs.load::<PigRecord>(1, &()), PigSlot::Empty));
}

/// A save that places a mod's piece kind, read when that mod is not loaded: the slot says
/// which kinds it needs (not "damaged"), the file is left as it was, and with the mod back
/// it loads as before.
#[test]
fn a_save_that_needs_a_missing_mod_says_so_and_is_kept() {
    let saves = dir("missing-mod");
    let mods = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/mods/good");
    let with_mod = KindTable::load(std::path::Path::new(""), &[mods]).table;
    let double = with_mod.by_id("double_angle").expect("the mod's kind");
    let mut data = sample(&with_mod);
    data.actions.push(SavedAction::of(
        &Action::Place {
            at: At { row: 1, col: 1 },
            kind: double,
            facing: Some(bw_rules::bracket::Dir::D),
        },
        &with_mod,
    ));
    saves.store(0, &data).unwrap();
    let file = saves.dir.join("slot-1.ron");
    let file = if file.exists() {
        file
    } else {
        std::fs::read_dir(&saves.dir)
            .unwrap()
            .flatten()
            .map(|e| e.path())
            .find(|p| p.to_string_lossy().ends_with("-1.ron"))
            .unwrap()
    };
    let before = std::fs::read(&file).unwrap();
    match saves.load::<SaveData>(0, &KindTable::builtin()) {
        Slot::Damaged {
            damage: Damage::MissingKinds(ids),
            ..
        } => assert_eq!(ids, vec!["double_angle".to_string()]),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        std::fs::read(&file).unwrap(),
        before,
        "the save is untouched"
    );
    assert!(matches!(
        saves.load::<SaveData>(0, &with_mod),
        Slot::Saved(_)
    ));
}

/// A finished game's slot names the round it ended in as the top bar showed it: a
/// surrender in round 6 (five complete) ended round 6; a turn limit of 3 ended round 3.
#[test]
fn a_finished_slot_names_the_round_the_game_ended_in() {
    use bracket_war::app::bracket::slots::ended_in;
    use bracket_war::app::screenshot::demo_game;
    let kinds = KindTable::builtin();
    let mut surrendered = demo_game(&kinds, 10, None);
    assert_eq!(
        surrendered.turn.round, 5,
        "ten placements of two players: five rounds"
    );
    surrendered.act(&kinds, Action::Surrender).unwrap();
    assert!(surrendered.turn.is_over());
    assert_eq!(ended_in(&surrendered), 6);
    let limited = demo_game(&kinds, 400, Some(3));
    assert!(limited.turn.is_over());
    assert_eq!(ended_in(&limited), 3);
}
