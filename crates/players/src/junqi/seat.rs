//! Who plays a seat: a person, one of the game's computer players, or an external engine.

use super::simple::Style;

#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum AiKind {
    Random,
    Heuristic,
    /// The sampling search player ([`super::strong`]): it decides through [`Decision`].
    Strong,
}

impl AiKind {
    /// The name on the command line and in the protocol (`random`, `heuristic`, `strong`).
    pub fn id(self) -> &'static str {
        match self {
            AiKind::Random => "random",
            AiKind::Heuristic => "heuristic",
            AiKind::Strong => "strong",
        }
    }

    /// How the simple player of this level picks a move (`None`: the strong player).
    pub fn style(self) -> Option<Style> {
        match self {
            AiKind::Random => Some(Style::Random),
            AiKind::Heuristic => Some(Style::Heuristic),
            AiKind::Strong => None,
        }
    }

    pub fn parse(s: &str) -> Option<AiKind> {
        match s {
            "random" => Some(AiKind::Random),
            "heuristic" => Some(AiKind::Heuristic),
            "strong" => Some(AiKind::Strong),
            _ => None,
        }
    }
}

/// Who plays a seat (saved with a game in the app).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Seat {
    Person,
    Computer(AiKind),
    /// An external program speaking the engine protocol (its command is a setting).
    Engine,
}
