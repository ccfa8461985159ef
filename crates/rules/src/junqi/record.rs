//! Game records: rule flags, seats, dealt hands, initial layouts, deployment order and
//! every action, as RON. A record replays exactly.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::board::Board;
use super::game::{Action, Junqi};
use super::pieces::PieceSet;
use super::setup::{Layout, Rules};

pub const RECORD_VERSION: u32 = 1;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RecordedAction {
    Move { from: String, to: String },
    OfferDraw,
    AnswerDraw { player: usize, yes: bool },
    Resign { player: usize },
    Timeout,
}

impl RecordedAction {
    pub fn of(action: &Action, board: &Board) -> RecordedAction {
        match *action {
            Action::Move { from, to } => RecordedAction::Move {
                from: board.name(from).into(),
                to: board.name(to).into(),
            },
            Action::OfferDraw => RecordedAction::OfferDraw,
            Action::AnswerDraw { player, yes } => RecordedAction::AnswerDraw { player, yes },
            Action::Resign { player } => RecordedAction::Resign { player },
            Action::Timeout => RecordedAction::Timeout,
        }
    }

    /// The action on `board`; an unknown node name is an error.
    pub fn action(&self, board: &Board) -> Result<Action, String> {
        let node = |name: &str| {
            board
                .find(name)
                .ok_or_else(|| format!("unknown node `{name}`"))
        };
        Ok(match self {
            RecordedAction::Move { from, to } => Action::Move {
                from: node(from)?,
                to: node(to)?,
            },
            RecordedAction::OfferDraw => Action::OfferDraw,
            RecordedAction::AnswerDraw { player, yes } => Action::AnswerDraw {
                player: *player,
                yes: *yes,
            },
            RecordedAction::Resign { player } => Action::Resign { player: *player },
            RecordedAction::Timeout => Action::Timeout,
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub version: u32,
    pub rules: Rules,
    /// Seat letter, whether a computer played it, and the player profile.
    pub seats: Vec<(char, bool, String)>,
    /// Dealt hands by piece id (after 乱战 flag conversion).
    pub hands: Vec<Vec<String>>,
    /// Initial layouts as (node, piece id).
    pub layouts: Vec<Vec<(String, String)>>,
    pub deploy_order: Vec<usize>,
    pub actions: Vec<RecordedAction>,
}

impl Record {
    pub fn of(game: &Junqi) -> Record {
        let b = &game.board;
        let s = &game.set;
        Record {
            version: RECORD_VERSION,
            rules: game.rules.clone(),
            seats: game
                .players
                .iter()
                .map(|p| (p.seat, p.computer, p.profile.clone()))
                .collect(),
            hands: game
                .players
                .iter()
                .map(|p| p.hand.iter().map(|&k| s.get(k).id.clone()).collect())
                .collect(),
            layouts: game
                .layouts
                .iter()
                .map(|l| {
                    l.iter()
                        .map(|&(n, k)| (b.name(n).to_string(), s.get(k).id.clone()))
                        .collect()
                })
                .collect(),
            deploy_order: game.deploy_order.clone(),
            actions: game
                .actions
                .iter()
                .map(|a| RecordedAction::of(a, b))
                .collect(),
        }
    }

    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("a record serializes")
    }

    pub fn from_ron(text: &str) -> Result<Record, String> {
        let r: Record = ron::from_str(text).map_err(|e| format!("not a Junqi record: {e}"))?;
        if r.version != RECORD_VERSION {
            return Err(format!(
                "record version {} (this game reads {RECORD_VERSION})",
                r.version
            ));
        }
        Ok(r)
    }

    /// Rebuilds the game: deal, deploy in the recorded order, then every action.
    pub fn replay(&self, set: Arc<PieceSet>) -> Result<Junqi, String> {
        let board: Board = self.rules.make_board();
        let kind = |id: &str| set.by_id(id).ok_or_else(|| format!("unknown piece `{id}`"));
        let node = |name: &str| {
            board
                .find(name)
                .ok_or_else(|| format!("unknown node `{name}`"))
        };
        let hands = self
            .hands
            .iter()
            .map(|h| h.iter().map(|k| kind(k)).collect::<Result<Vec<_>, _>>())
            .collect::<Result<Vec<_>, _>>()?;
        let mut game = Junqi::new(self.rules.clone(), set.clone(), hands)?;
        if self.seats.len() != game.players.len() {
            return Err("the seats do not match the rules".into());
        }
        for (p, (_, computer, profile)) in self.seats.iter().enumerate() {
            game.players[p].computer = *computer;
            game.players[p].profile = profile.clone();
        }
        for &p in &self.deploy_order {
            let layout: Layout = self
                .layouts
                .get(p)
                .ok_or("a layout is missing")?
                .iter()
                .map(|(n, k)| Ok((node(n)?, kind(k)?)))
                .collect::<Result<_, String>>()?;
            game.deploy(p, &layout).map_err(|e| e.to_string())?;
        }
        for (i, a) in self.actions.iter().enumerate() {
            game.act(a.action(&board)?)
                .map_err(|e| format!("action {}: {e}", i + 1))?;
        }
        Ok(game)
    }
}

/// Scores added up per player profile across games, kept as RON.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProfileScores {
    pub totals: std::collections::BTreeMap<String, i64>,
    pub games: std::collections::BTreeMap<String, u32>,
}

impl ProfileScores {
    /// Adds a finished game's scores to each seat's profile.
    pub fn add_game(&mut self, game: &Junqi) {
        for p in &game.players {
            *self.totals.entry(p.profile.clone()).or_default() += p.score as i64;
            *self.games.entry(p.profile.clone()).or_default() += 1;
        }
    }

    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .expect("scores serialize")
    }

    pub fn from_ron(text: &str) -> Result<ProfileScores, String> {
        ron::from_str(text).map_err(|e| format!("not a score table: {e}"))
    }
}
