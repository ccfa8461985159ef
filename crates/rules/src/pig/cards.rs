//! Cards and roles, and their letters in the problem's format.

use std::fmt;

use serde::{Deserialize, Serialize};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Card {
    /// 桃 peach
    P,
    /// 杀 kill
    K,
    /// 闪 dodge
    D,
    /// 决斗 duel
    F,
    /// 南猪入侵 invasion
    N,
    /// 万箭齐发 arrows
    W,
    /// 无懈可击 nullification
    J,
    /// 猪哥连弩 crossbow
    Z,
}

impl Card {
    pub const ALL: [Card; 8] = [
        Card::P,
        Card::K,
        Card::D,
        Card::F,
        Card::N,
        Card::W,
        Card::J,
        Card::Z,
    ];

    pub fn from_letter(c: char) -> Option<Card> {
        Some(match c {
            'P' => Card::P,
            'K' => Card::K,
            'D' => Card::D,
            'F' => Card::F,
            'N' => Card::N,
            'W' => Card::W,
            'J' => Card::J,
            'Z' => Card::Z,
            _ => return None,
        })
    }

    pub fn letter(self) -> char {
        match self {
            Card::P => 'P',
            Card::K => 'K',
            Card::D => 'D',
            Card::F => 'F',
            Card::N => 'N',
            Card::W => 'W',
            Card::J => 'J',
            Card::Z => 'Z',
        }
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    /// 主猪 the master pig
    MP,
    /// 忠猪 a loyal pig
    ZP,
    /// 反猪 a rebel pig
    FP,
}

impl Role {
    pub fn parse(s: &str) -> Option<Role> {
        match s {
            "MP" => Some(Role::MP),
            "ZP" => Some(Role::ZP),
            "FP" => Some(Role::FP),
            _ => None,
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Role::MP => "MP",
            Role::ZP => "ZP",
            Role::FP => "FP",
        })
    }
}
