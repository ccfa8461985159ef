//! Refereed games with in-process players: whole games end, records replay, bad replies
//! forfeit turns (never the game), and a seat's messages never depend on what it may not see.

use std::sync::Arc;
use std::time::Instant;

use bw_players::junqi::autoplay::{computer_players, play_out};
use bw_players::junqi::engine::{EngineSession, brain};
use bw_players::junqi::feed::SeatFeed;
use bw_players::junqi::protocol::{Codes, Line};
use bw_referee::contestant::{Contestant, InProcess, Silence};
use bw_referee::{GameSettings, play};
use bw_rules::junqi::headless::{setup, transcript};
use bw_rules::junqi::record::Record;
use bw_rules::junqi::setup::Rules;
use bw_rules::junqi::{BoardChoice, Phase, PieceSet};

fn engine(name: &str, seed: u64) -> InProcess {
    let session = EngineSession::new(
        brain(name, seed, Some(4)).unwrap(),
        Arc::new(PieceSet::standard()),
    );
    InProcess::new(name, session)
}

fn settings(rules: Rules, seed: u64) -> GameSettings {
    GameSettings {
        rules,
        seed,
        move_ms: 1000,
        deploy_ms: 1000,
    }
}

#[test]
fn a_whole_two_player_game_ends_and_its_record_replays() {
    let rules = Rules {
        board: BoardChoice::TwoPlayer,
        players: 2,
        ..Rules::default()
    };
    let (mut a, mut b) = (engine("random", 1), engine("heuristic", 2));
    let played = play(&settings(rules, 5), vec![&mut a, &mut b]).unwrap();
    assert!(matches!(played.game.phase, Phase::Over(_)));
    assert_eq!(played.forfeits, [0, 0], "{:?}", played.notes);
    let record = Record::from_ron(&Record::of(&played.game).to_ron()).unwrap();
    let again = record.replay(Arc::new(PieceSet::standard())).unwrap();
    assert_eq!(transcript(&again), transcript(&played.game));
}

#[test]
fn four_engines_play_a_four_player_game_with_the_strong_player() {
    let mut seats = [
        engine("strong", 1),
        engine("heuristic", 2),
        engine("strong", 3),
        engine("random", 4),
    ];
    let players: Vec<&mut dyn Contestant> =
        seats.iter_mut().map(|s| s as &mut dyn Contestant).collect();
    let played = play(&settings(Rules::default(), 9), players).unwrap();
    assert!(matches!(played.game.phase, Phase::Over(_)));
    assert_eq!(played.forfeits, [0, 0, 0, 0], "{:?}", played.notes);
}

/// A player that answers every question with the same line (and records what it heard).
struct Stubborn {
    answer: String,
    heard: Vec<String>,
    pending: bool,
}

impl Contestant for Stubborn {
    fn send(&mut self, line: &str) -> Result<(), Silence> {
        self.heard.push(line.to_string());
        if line.starts_with("go") || line.starts_with("deploy") || line == "draw?" {
            self.pending = true;
        }
        Ok(())
    }
    fn recv(&mut self, _deadline: Instant) -> Result<String, Silence> {
        if std::mem::take(&mut self.pending) {
            Ok(self.answer.clone())
        } else {
            Err(Silence::Late)
        }
    }
    fn label(&self) -> &str {
        "stubborn"
    }
}

#[test]
fn bad_replies_forfeit_turns_and_bad_layouts_lose_the_game() {
    let rules = Rules {
        players: 2,
        ..Rules::default()
    };
    // Garbage everywhere: its layout is refused twice, so it loses at the start.
    let mut liar = Stubborn {
        answer: "move S00 Z99".into(),
        heard: vec![],
        pending: false,
    };
    let mut fair = engine("heuristic", 3);
    let played = play(&settings(rules.clone(), 1), vec![&mut liar, &mut fair]).unwrap();
    assert!(
        matches!(&played.game.phase, Phase::Over(bw_rules::junqi::Outcome::Won { winners }) if winners == &vec![1])
    );
    assert_eq!(
        liar.heard
            .iter()
            .filter(|l| l.starts_with("layout refused"))
            .count(),
        2
    );
    assert!(liar.heard.iter().any(|l| l.starts_with("gameover loss")));

    // A legal layout but illegal moves: every turn is forfeited, the game still ends.
    let mut good_layout = engine("random", 4);
    let mut s = settings(rules, 2);
    s.move_ms = 5;
    // Learn a layout from a real engine first, then answer every `go` with nonsense.
    let mut layout_line = String::new();
    {
        use bw_referee::contestant::Contestant as _;
        let mut probe = engine("heuristic", 9);
        let set = PieceSet::standard();
        let hand: Vec<String> = set
            .standard_hand()
            .iter()
            .map(|&k| set.get(k).code.clone())
            .collect();
        for l in [
            "protocol 1".to_string(),
            bw_players::junqi::protocol::rules_line(&s.rules),
            "seat S".into(),
            format!("pieces {}", hand.join(" ")),
            "deploy 1000".into(),
        ] {
            probe.send(&l).unwrap();
        }
        while let Ok(l) = probe.recv(Instant::now()) {
            if l.starts_with("layout") {
                layout_line = l;
            }
        }
    }
    struct Scripted {
        layout: String,
        pending: Option<String>,
        forfeited: usize,
    }
    impl Contestant for Scripted {
        fn send(&mut self, line: &str) -> Result<(), Silence> {
            if line.starts_with("deploy") {
                self.pending = Some(self.layout.clone());
            } else if line.starts_with("go") {
                self.pending = Some("yes".into());
            } else if line.starts_with("event timeout S") {
                self.forfeited += 1;
            }
            Ok(())
        }
        fn recv(&mut self, _deadline: Instant) -> Result<String, Silence> {
            self.pending.take().ok_or(Silence::Late)
        }
        fn label(&self) -> &str {
            "scripted"
        }
    }
    let mut scripted = Scripted {
        layout: layout_line,
        pending: None,
        forfeited: 0,
    };
    let played = play(&s, vec![&mut scripted, &mut good_layout]).unwrap();
    assert!(matches!(played.game.phase, Phase::Over(_)));
    assert!(played.forfeits[0] > 0);
    assert_eq!(played.forfeits[1], 0);
    // Every forfeit was told to the seat as `event timeout S`.
    assert_eq!(scripted.forfeited as u32, played.forfeits[0]);
}

#[test]
fn what_a_seat_is_told_never_depends_on_what_it_may_not_see() {
    let rules = Rules::default();
    let set = Arc::new(PieceSet::standard());
    let mut game = setup(rules, set.clone(), 17, true).unwrap();
    let mut start_feed = SeatFeed::new(0);
    let start = start_feed.start(&game);
    let mut ais = computer_players(&[bw_players::junqi::AiKind::Heuristic; 4], 17);
    // Into the middle game: up to ply 150, while E and W (whom seat S may not see) still
    // have ten pieces between them, and short of the game's end.
    let theirs = |g: &bw_rules::junqi::Junqi| {
        g.at.iter()
            .filter(|p| p.is_some_and(|p| p.owner == 1 || p.owner == 3))
            .count()
    };
    while game.plies < 150 && theirs(&game) >= 10 {
        let mut next = game.clone();
        play_out(&mut next, &mut ais, game.plies + 1);
        if next.phase != Phase::Playing {
            break;
        }
        game = next;
    }
    let told = |g: &bw_rules::junqi::Junqi| {
        let mut feed = SeatFeed::new(0);
        let codes = Codes {
            board: &g.board,
            set: &g.set,
        };
        let mut lines: Vec<String> = feed
            .start(g)
            .iter()
            .map(|m| Line(m, codes).to_string())
            .collect();
        lines.extend(feed.events(g).iter().map(|m| Line(m, codes).to_string()));
        lines
    };
    let before = told(&game);
    // Swap the kinds of E's and W's pieces (seat S may not see them), each with one of
    // another kind.
    let mut other = game.clone();
    let mut hidden: Vec<usize> = (0..other.at.len())
        .filter(|&i| other.at[i].is_some_and(|p| p.owner == 1 || p.owner == 3))
        .collect();
    let kind = |g: &bw_rules::junqi::Junqi, i: usize| g.at[i].unwrap().kind;
    let mut swapped = 0;
    while let Some(a) = hidden.pop() {
        if let Some(j) = hidden
            .iter()
            .position(|&b| kind(&other, b) != kind(&other, a))
        {
            let b = hidden.swap_remove(j);
            let (ka, kb) = (kind(&other, a), kind(&other, b));
            other.at[a].as_mut().unwrap().kind = kb;
            other.at[b].as_mut().unwrap().kind = ka;
            swapped += 1;
        }
    }
    assert!(
        swapped >= 3,
        "{swapped} hidden pairs to swap at ply {}",
        game.plies
    );
    assert_eq!(told(&other), before);
    // At the start, too: only owners, never kinds.
    let codes = Codes {
        board: &game.board,
        set: &set,
    };
    for m in &start {
        let line = Line(m, codes).to_string();
        assert!(
            !set.ids()
                .any(|k| line.contains(&format!("={}", set.get(k).code)))
                || line == "known"
        );
    }
}

/// An engine whose every answer to `go` comes after the deadline: the first wait for it
/// times out, and it arrives while the referee waits for something later.
struct Laggard {
    inner: InProcess,
    late_once: bool,
    in_flight: Option<String>,
}

impl Contestant for Laggard {
    fn send(&mut self, line: &str) -> Result<(), Silence> {
        if line.starts_with("go") {
            self.late_once = true;
        }
        self.inner.send(line)
    }
    fn recv(&mut self, deadline: Instant) -> Result<String, Silence> {
        if deadline > Instant::now()
            && let Some(line) = self.in_flight.take()
        {
            return Ok(line);
        }
        if std::mem::take(&mut self.late_once) {
            self.in_flight = self.inner.recv(deadline).ok();
            return Err(Silence::Late);
        }
        if deadline <= Instant::now() {
            return Err(Silence::Late);
        }
        self.inner.recv(deadline)
    }
    fn label(&self) -> &str {
        "laggard"
    }
}

#[test]
fn a_late_answer_is_never_taken_for_the_next_one() {
    let rules = Rules {
        players: 2,
        quiet_limit: 20,
        ..Rules::default()
    };
    let mut laggard = Laggard {
        inner: engine("random", 1),
        late_once: false,
        in_flight: None,
    };
    let mut fair = engine("random", 2);
    let played = play(&settings(rules, 3), vec![&mut laggard, &mut fair]).unwrap();
    assert!(matches!(played.game.phase, Phase::Over(_)));
    assert!(played.forfeits[0] > 0);
    // Every answer came late and was dropped: not one was played as a later move.
    let moved = played
        .game
        .events
        .iter()
        .any(|e| matches!(e, bw_rules::junqi::PublicEvent::Moved { player: 0, .. }));
    assert!(!moved, "{:?}", played.notes);
    assert!(
        played.notes.iter().all(|n| n.contains("no reply within")),
        "{:?}",
        played.notes
    );
    assert!(played.unreliable[0] && !played.unreliable[1]);
}
