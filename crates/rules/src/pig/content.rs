//! Card and role names and texts in zh and en, from `content/pig/cards.ron`.

use std::collections::HashMap;

use serde::Deserialize;

use super::cards::{Card, Role};
use crate::names::Names;

pub const BUILTIN_CARDS_RON: &str = include_str!("../../../../content/pig/cards.ron");

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub enum CardKind {
    Basic,
    Trick,
    Equipment,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardInfo {
    pub letter: char,
    pub kind: CardKind,
    pub name: Names,
    pub text: Names,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoleInfo {
    pub role: Role,
    pub name: Names,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawTexts {
    cards: Vec<CardInfo>,
    roles: Vec<RoleInfo>,
}

/// Every card and role with its texts.
#[derive(Clone, Debug)]
pub struct PigTexts {
    cards: HashMap<Card, CardInfo>,
    roles: HashMap<Role, RoleInfo>,
}

impl PigTexts {
    /// Parses a cards file; every card letter and role must appear exactly once.
    pub fn parse(text: &str) -> Result<PigTexts, String> {
        let raw: RawTexts = ron::from_str(text).map_err(|e| e.to_string())?;
        let mut cards = HashMap::new();
        for info in raw.cards {
            let card = Card::from_letter(info.letter)
                .ok_or_else(|| format!("unknown card letter `{}`", info.letter))?;
            if cards.insert(card, info).is_some() {
                return Err(format!("card `{card}` is described twice"));
            }
        }
        if let Some(missing) = Card::ALL.iter().find(|c| !cards.contains_key(c)) {
            return Err(format!("card `{missing}` is not described"));
        }
        let mut roles = HashMap::new();
        for info in raw.roles {
            roles.insert(info.role, info);
        }
        if roles.len() != 3 {
            return Err("every role (MP, ZP, FP) needs a name".into());
        }
        Ok(PigTexts { cards, roles })
    }

    /// The compiled-in copy of `content/pig/cards.ron`.
    pub fn builtin() -> PigTexts {
        PigTexts::parse(BUILTIN_CARDS_RON).expect("the built-in cards.ron is valid (tested)")
    }

    pub fn card(&self, card: Card) -> &CardInfo {
        &self.cards[&card]
    }

    pub fn role(&self, role: Role) -> &Names {
        &self.roles[&role].name
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builtin_texts_name_every_card_and_role() {
        let t = PigTexts::builtin();
        assert_eq!(t.card(Card::N).name.zh(), "南猪入侵");
        assert_eq!(t.card(Card::Z).kind, CardKind::Equipment);
        assert_eq!(t.role(Role::FP).en(), "Rebel pig");
    }

    #[test]
    fn a_missing_card_is_refused() {
        let text = BUILTIN_CARDS_RON.replace("letter: 'Z'", "letter: 'P'");
        assert!(PigTexts::parse(&text).unwrap_err().contains("twice"));
    }
}
