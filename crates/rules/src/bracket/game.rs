//! The rules of a turn: placement, deletion, pass, surrender, turn order, the turn limit and
//! 星号大战 Star War. A game is its settings, its seed and its action list: replaying them
//! rebuilds it exactly.
//!
//! [`Game`] is the headless form (command line, computer players, replays). The ECS form
//! keeps the same [`TurnState`] as a resource beside the board's entities and checks actions
//! with the same functions.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{Board, Piece, Player, Tile};
use super::cellset::CellSet;
use super::content::{Class, KindId, KindTable};
use super::coverage::{CoverageMap, coverage, coverage_all};
use super::generate::{BoardSettings, generate};
use super::geometry::Dir;
use super::resolve::{Resolution, resolve};

/// The kind a Star War player may place.
pub const STAR_KIND_ID: &str = "star";

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mode {
    /// 括号大战: every kind, deletions, the last player left wins.
    #[default]
    Classic,
    /// 星号大战: stars only, no deletion, ends when everyone passes in one round.
    StarWar,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Settings {
    pub board: BoardSettings,
    pub mode: Mode,
    /// Star War: no two stars of one player may touch orthogonally outside home corners.
    pub star_no_adjacent: bool,
    /// After this many full rounds the game is scored by coverage.
    pub turn_limit: Option<u32>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            board: BoardSettings::default(),
            mode: Mode::Classic,
            star_no_adjacent: false,
            turn_limit: None,
        }
    }
}

/// A cell position on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct At {
    pub row: u8,
    pub col: u8,
}

impl At {
    pub fn new(row: usize, col: usize) -> At {
        At {
            row: row as u8,
            col: col as u8,
        }
    }

    pub fn cell(self, board: &Board) -> Option<usize> {
        let (r, c) = (self.row as usize, self.col as usize);
        (r < board.side() && c < board.side()).then(|| board.index(r, c))
    }
}

impl fmt::Display for At {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// One action of the player whose turn it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    Place {
        at: At,
        kind: KindId,
        facing: Option<Dir>,
    },
    Delete {
        at: At,
    },
    Pass,
    Surrender,
}

/// Why an action was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    GameOver,
    OffBoard(At),
    Occupied(At),
    NotCovered(At),
    OthersHome(At, Player),
    KindNotAllowed(String),
    NeedsFacing(String),
    ShapeHasNoFacing(String),
    AdjacentStar(At),
    NoOwnPiece(At),
    NotInOwnHome(At),
    NoDeletionInStarWar,
    MustPlace,
    UnknownKind(String),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::GameOver => write!(f, "the game is over"),
            Refusal::OffBoard(a) => write!(f, "{a} is off the board"),
            Refusal::Occupied(a) => write!(f, "{a} is not empty"),
            Refusal::NotCovered(a) => write!(f, "{a} is outside your signal coverage"),
            Refusal::OthersHome(a, p) => write!(f, "{a} is in player {p}'s home corner"),
            Refusal::KindNotAllowed(k) => write!(f, "`{k}` cannot be placed in this mode"),
            Refusal::NeedsFacing(k) => write!(f, "the bracket `{k}` needs a facing"),
            Refusal::ShapeHasNoFacing(k) => write!(f, "the shape `{k}` has no facing"),
            Refusal::AdjacentStar(a) => {
                write!(f, "a star at {a} would touch another of your stars")
            }
            Refusal::NoOwnPiece(a) => write!(f, "{a} does not hold a piece of yours"),
            Refusal::NotInOwnHome(a) => write!(f, "{a} is outside your home corner"),
            Refusal::NoDeletionInStarWar => write!(f, "Star War has no deletions"),
            Refusal::MustPlace => write!(f, "you can still place: passing is not allowed"),
            Refusal::UnknownKind(k) => write!(f, "no piece kind `{k}`"),
        }
    }
}

impl std::error::Error for Refusal {}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The last player left.
    LastStanding(Player),
    /// Scored by coverage (turn limit, or Star War's end); `winners` share the win.
    Scored {
        scores: Vec<(Player, u32)>,
        winners: Vec<Player>,
    },
}

/// Whose turn it is and who is still playing.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    pub current: Player,
    /// Seats still in the game, ascending.
    pub in_game: Vec<Player>,
    /// Full rounds completed.
    pub round: u32,
    /// Players who passed in the current round.
    pub passed: Vec<Player>,
    pub outcome: Option<Outcome>,
}

impl TurnState {
    pub fn new(players: u8) -> TurnState {
        TurnState {
            current: 1,
            in_game: (1..=players).collect(),
            round: 0,
            passed: Vec::new(),
            outcome: None,
        }
    }

    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The next seat in the game after `after` (wrapping), if any.
    fn next_after(&self, after: Player) -> Option<(Player, bool)> {
        let later = self.in_game.iter().copied().find(|&p| p > after);
        match later {
            Some(p) => Some((p, false)),
            None => self.in_game.first().map(|&p| (p, true)),
        }
    }
}

/// Checks an action for the current player without changing anything.
pub fn check(
    settings: &Settings,
    board: &Board,
    turn: &TurnState,
    kinds: &KindTable,
    action: &Action,
) -> Result<(), Refusal> {
    if turn.is_over() {
        return Err(Refusal::GameOver);
    }
    let me = turn.current;
    match *action {
        Action::Place { at, kind, facing } => {
            let covered = coverage(board, kinds, me);
            check_place(settings, board, kinds, &covered, me, at, kind, facing)
        }
        Action::Delete { at } => {
            if settings.mode == Mode::StarWar {
                return Err(Refusal::NoDeletionInStarWar);
            }
            let cell = at.cell(board).ok_or(Refusal::OffBoard(at))?;
            match board.tile(cell) {
                Tile::Piece(p) if p.owner == me => {}
                _ => return Err(Refusal::NoOwnPiece(at)),
            }
            if !board.corner_contains(me, cell) {
                return Err(Refusal::NotInOwnHome(at));
            }
            Ok(())
        }
        Action::Pass => {
            if has_legal_placement(settings, board, kinds, me) {
                Err(Refusal::MustPlace)
            } else {
                Ok(())
            }
        }
        Action::Surrender => Ok(()),
    }
}

fn check_place(
    settings: &Settings,
    board: &Board,
    kinds: &KindTable,
    covered: &CellSet,
    me: Player,
    at: At,
    kind: KindId,
    facing: Option<Dir>,
) -> Result<(), Refusal> {
    let cell = at.cell(board).ok_or(Refusal::OffBoard(at))?;
    let k = kinds.get(kind);
    if settings.mode == Mode::StarWar && k.id != STAR_KIND_ID {
        return Err(Refusal::KindNotAllowed(k.id.clone()));
    }
    match (k.class, facing) {
        (Class::Bracket, None) => return Err(Refusal::NeedsFacing(k.id.clone())),
        (Class::Shape, Some(_)) => return Err(Refusal::ShapeHasNoFacing(k.id.clone())),
        _ => {}
    }
    if board.tile(cell) != Tile::Empty {
        return Err(Refusal::Occupied(at));
    }
    if let Some(p) = board.home_owner(cell).filter(|&p| p != me) {
        return Err(Refusal::OthersHome(at, p));
    }
    if !covered.contains(cell) {
        return Err(Refusal::NotCovered(at));
    }
    if settings.mode == Mode::StarWar
        && settings.star_no_adjacent
        && touches_own_star(board, kinds, me, cell)
    {
        return Err(Refusal::AdjacentStar(at));
    }
    Ok(())
}

/// Star War's optional rule: a star outside every home corner may not touch another star of
/// the same player that also stands outside every home corner. Only the corners of players
/// in the game count: on a 2-player board the two empty corners are ordinary cells, and so
/// is the corner of a player who surrendered.
fn touches_own_star(board: &Board, kinds: &KindTable, me: Player, cell: usize) -> bool {
    let outside = |c: usize| board.home_owner(c).is_none();
    outside(cell)
        && Dir::ALL
            .into_iter()
            .filter_map(|d| board.step(cell, d))
            .any(|n| {
                matches!(board.tile(n), Tile::Piece(p)
                if p.owner == me && kinds.get(p.kind).id == STAR_KIND_ID && outside(n))
            })
}

/// The kinds the mode allows, with the facings each may take.
pub fn placeable_kinds(settings: &Settings, kinds: &KindTable) -> Vec<(KindId, Vec<Option<Dir>>)> {
    kinds
        .iter()
        .filter(|(_, k)| settings.mode == Mode::Classic || k.id == STAR_KIND_ID)
        .map(|(id, k)| {
            let facings = match k.class {
                Class::Bracket => Dir::ALL.into_iter().map(Some).collect(),
                Class::Shape => vec![None],
            };
            (id, facings)
        })
        .collect()
}

/// Every legal placement of `me`, in cell, kind, facing order.
pub fn legal_placements(
    settings: &Settings,
    board: &Board,
    kinds: &KindTable,
    me: Player,
) -> Vec<Action> {
    let covered = coverage(board, kinds, me);
    let palette = placeable_kinds(settings, kinds);
    let mut out = Vec::new();
    for cell in covered.iter() {
        let (r, c) = board.row_col(cell);
        let at = At::new(r, c);
        for (kind, facings) in &palette {
            for &facing in facings {
                if check_place(settings, board, kinds, &covered, me, at, *kind, facing).is_ok() {
                    out.push(Action::Place {
                        at,
                        kind: *kind,
                        facing,
                    });
                }
            }
        }
    }
    out
}

pub fn has_legal_placement(
    settings: &Settings,
    board: &Board,
    kinds: &KindTable,
    me: Player,
) -> bool {
    let covered = coverage(board, kinds, me);
    let palette = placeable_kinds(settings, kinds);
    covered.iter().any(|cell| {
        let (r, c) = board.row_col(cell);
        palette.iter().any(|(kind, facings)| {
            check_place(
                settings,
                board,
                kinds,
                &covered,
                me,
                At::new(r, c),
                *kind,
                facings[0],
            )
            .is_ok()
        })
    })
}

/// Applies a checked action to a board and turn state; used by both the headless game and
/// the ECS world (which mirrors the board change onto entities).
pub fn apply_unchecked(
    settings: &Settings,
    board: &mut Board,
    turn: &mut TurnState,
    kinds: &KindTable,
    action: &Action,
) -> Resolution {
    let me = turn.current;
    let resolution = match *action {
        Action::Place { at, kind, facing } => {
            let cell = at.cell(board).expect("checked");
            board.set(
                cell,
                Tile::Piece(Piece {
                    owner: me,
                    kind,
                    facing,
                }),
            );
            resolve(board, kinds)
        }
        Action::Delete { at } => {
            board.set(at.cell(board).expect("checked"), Tile::Empty);
            resolve(board, kinds)
        }
        Action::Pass => Resolution::default(),
        Action::Surrender => {
            for (cell, p) in board.pieces().collect::<Vec<_>>() {
                if p.owner == me {
                    board.set(cell, Tile::Empty);
                }
            }
            board.remove_home(me);
            resolve(board, kinds)
        }
    };
    advance(settings, board, turn, kinds, action);
    resolution
}

/// Moves the turn on after an action and decides whether the game ended.
pub fn advance(
    settings: &Settings,
    board: &Board,
    turn: &mut TurnState,
    kinds: &KindTable,
    action: &Action,
) {
    let me = turn.current;
    match action {
        Action::Delete { .. } => return, // the turn goes on
        Action::Pass => turn.passed.push(me),
        Action::Surrender => {
            turn.in_game.retain(|&p| p != me);
            turn.passed.retain(|&p| p != me);
            if turn.in_game.len() == 1 {
                turn.outcome = Some(Outcome::LastStanding(turn.in_game[0]));
                return;
            }
        }
        Action::Place { .. } => {}
    }
    let Some((next, wrapped)) = turn.next_after(me) else {
        return;
    };
    if wrapped {
        let everyone_passed = turn.in_game.iter().all(|p| turn.passed.contains(p));
        turn.round += 1;
        turn.passed.clear();
        if settings.mode == Mode::StarWar && everyone_passed {
            turn.outcome = Some(score(board, kinds, &turn.in_game));
            return;
        }
        if settings.turn_limit.is_some_and(|l| turn.round >= l) {
            turn.outcome = Some(score(board, kinds, &turn.in_game));
            return;
        }
    }
    turn.current = next;
}

/// Scores each player by the cells they cover; the highest share the win.
pub fn score(board: &Board, kinds: &KindTable, players: &[Player]) -> Outcome {
    let map: CoverageMap = coverage_all(board, kinds);
    let scores: Vec<(Player, u32)> = players
        .iter()
        .map(|&p| (p, map[p as usize - 1].len() as u32))
        .collect();
    let best = scores.iter().map(|s| s.1).max().unwrap_or(0);
    let winners = scores.iter().filter(|s| s.1 == best).map(|s| s.0).collect();
    Outcome::Scored { scores, winners }
}

/// A headless game: settings, seed, board, turn and the actions that led here.
#[derive(Clone, Debug)]
pub struct Game {
    pub settings: Settings,
    pub seed: u64,
    pub board: Board,
    pub turn: TurnState,
    pub actions: Vec<Action>,
}

impl Game {
    pub fn new(settings: Settings, seed: u64) -> Game {
        let board = generate(&settings.board, seed);
        let turn = TurnState::new(settings.board.players);
        Game {
            settings,
            seed,
            board,
            turn,
            actions: Vec::new(),
        }
    }

    /// Checks and applies an action of the current player.
    pub fn act(&mut self, kinds: &KindTable, action: Action) -> Result<Resolution, Refusal> {
        check(&self.settings, &self.board, &self.turn, kinds, &action)?;
        let r = apply_unchecked(
            &self.settings,
            &mut self.board,
            &mut self.turn,
            kinds,
            &action,
        );
        self.actions.push(action);
        Ok(r)
    }

    /// Rebuilds a game from its settings, seed and actions; the index of the first refused
    /// action on failure.
    pub fn replay(
        settings: Settings,
        seed: u64,
        actions: &[Action],
        kinds: &KindTable,
    ) -> Result<Game, (usize, Refusal)> {
        let mut game = Game::new(settings, seed);
        for (i, a) in actions.iter().enumerate() {
            game.act(kinds, *a).map_err(|e| (i, e))?;
        }
        Ok(game)
    }
}
