//! A 括号大战 action as records, saves and the network carry it: piece kinds by id, so
//! content order may change between versions.

use serde::{Deserialize, Serialize};

use super::content::KindTable;
use super::game::{Action, At};
use super::geometry::Dir;

/// An action with its kind by id.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RecordedAction {
    Place {
        row: u8,
        col: u8,
        kind: String,
        facing: Option<Dir>,
    },
    Delete {
        row: u8,
        col: u8,
    },
    Pass,
    Surrender,
}

impl RecordedAction {
    pub fn of(action: &Action, kinds: &KindTable) -> RecordedAction {
        match *action {
            Action::Place { at, kind, facing } => RecordedAction::Place {
                row: at.row,
                col: at.col,
                kind: kinds.get(kind).id.clone(),
                facing,
            },
            Action::Delete { at } => RecordedAction::Delete {
                row: at.row,
                col: at.col,
            },
            Action::Pass => RecordedAction::Pass,
            Action::Surrender => RecordedAction::Surrender,
        }
    }

    pub fn action(&self, kinds: &KindTable) -> Result<Action, String> {
        Ok(match self {
            RecordedAction::Place {
                row,
                col,
                kind,
                facing,
            } => Action::Place {
                at: At {
                    row: *row,
                    col: *col,
                },
                kind: kinds
                    .by_id(kind)
                    .ok_or_else(|| format!("the save uses the unknown piece kind `{kind}`"))?,
                facing: *facing,
            },
            RecordedAction::Delete { row, col } => Action::Delete {
                at: At {
                    row: *row,
                    col: *col,
                },
            },
            RecordedAction::Pass => Action::Pass,
            RecordedAction::Surrender => Action::Surrender,
        })
    }
}
