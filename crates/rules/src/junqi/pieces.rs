//! Junqi piece kinds from `content/junqi/pieces.ron`.

use serde::{Deserialize, Serialize};

use crate::names::Names;

/// A player, by their index in turn order.
pub type PlayerId = usize;

/// A piece on the board: whose it is and what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Piece {
    pub owner: PlayerId,
    pub kind: PieceKindId,
}

pub const PIECES_RON: &str = include_str!("../../../../content/junqi/pieces.ron");

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct PieceKindId(pub u8);

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ability {
    /// An ordinary fighting piece.
    #[default]
    None,
    /// 司令: when a player's last one dies, their flags are revealed.
    Commander,
    /// 工兵: any railway path; removes mines.
    Engineer,
    /// 地雷: never moves; kills attackers except engineers and bombs.
    Mine,
    /// 炸弹: removes whatever it meets, and itself.
    Bomb,
    /// 军旗: never moves; its capture loses the game.
    Flag,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PieceKind {
    pub id: String,
    /// The kind's code in the engine protocol (`MAR`, `ENG`, …; default: the id in capitals).
    #[serde(default)]
    pub code: String,
    pub name: Names,
    /// One or two characters for a piece face.
    pub short: Names,
    /// Fighting rank: higher removes lower, equal both go.
    pub rank: u8,
    /// How many a standard set has.
    pub count: u8,
    #[serde(default)]
    pub ability: Ability,
}

impl PieceKind {
    pub fn mobile(&self) -> bool {
        !matches!(self.ability, Ability::Mine | Ability::Flag)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSet {
    kinds: Vec<PieceKind>,
    extra_flags_become: String,
    max_flags_per_hand: u8,
}

/// The piece set: kinds in order, and the 乱战 flag rule.
#[derive(Clone, Debug)]
pub struct PieceSet {
    kinds: Vec<PieceKind>,
    pub extra_flags_become: PieceKindId,
    pub max_flags_per_hand: u8,
}

impl PieceSet {
    pub fn parse(text: &str) -> Result<PieceSet, String> {
        let mut raw: RawSet = ron::from_str(text).map_err(|e| e.to_string())?;
        for k in raw.kinds.iter_mut().filter(|k| k.code.is_empty()) {
            k.code = k.id.to_uppercase();
        }
        let find = |id: &str| {
            raw.kinds
                .iter()
                .position(|k| k.id == id)
                .map(|i| PieceKindId(i as u8))
                .ok_or_else(|| format!("no kind `{id}`"))
        };
        let extra = find(&raw.extra_flags_become)?;
        let total: u32 = raw.kinds.iter().map(|k| k.count as u32).sum();
        if total != 25 {
            return Err(format!("a set has {total} pieces; an arm has 25 places"));
        }
        if !raw.kinds.iter().any(|k| k.ability == Ability::Flag) {
            return Err("a set needs a flag".into());
        }
        Ok(PieceSet {
            kinds: raw.kinds,
            extra_flags_become: extra,
            max_flags_per_hand: raw.max_flags_per_hand,
        })
    }

    pub fn standard() -> PieceSet {
        PieceSet::parse(PIECES_RON).expect("pieces.ron is valid (tested)")
    }

    pub fn get(&self, k: PieceKindId) -> &PieceKind {
        &self.kinds[k.0 as usize]
    }

    pub fn ids(&self) -> impl Iterator<Item = PieceKindId> + '_ {
        (0..self.kinds.len()).map(|i| PieceKindId(i as u8))
    }

    pub fn by_id(&self, id: &str) -> Option<PieceKindId> {
        self.kinds
            .iter()
            .position(|k| k.id == id)
            .map(|i| PieceKindId(i as u8))
    }

    /// The kind with this protocol code (`MAR`, `ENG`, …).
    pub fn by_code(&self, code: &str) -> Option<PieceKindId> {
        self.kinds
            .iter()
            .position(|k| k.code == code)
            .map(|i| PieceKindId(i as u8))
    }

    pub fn len(&self) -> usize {
        self.kinds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.kinds.is_empty()
    }

    /// One standard set, kinds in order with their counts.
    pub fn standard_hand(&self) -> Vec<PieceKindId> {
        self.ids()
            .flat_map(|k| std::iter::repeat_n(k, self.get(k).count as usize))
            .collect()
    }
}

/// What a combat does.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Combat {
    AttackerWins,
    DefenderWins,
    BothGo,
}

/// The combat table. Flag capture is `AttackerWins` (or `BothGo` for a bomb).
pub fn combat(set: &PieceSet, attacker: PieceKindId, defender: PieceKindId) -> Combat {
    let (a, d) = (set.get(attacker), set.get(defender));
    match (a.ability, d.ability) {
        (Ability::Bomb, _) | (_, Ability::Bomb) => Combat::BothGo,
        (_, Ability::Flag) => Combat::AttackerWins,
        (Ability::Engineer, Ability::Mine) => Combat::AttackerWins,
        (_, Ability::Mine) => Combat::DefenderWins,
        _ if a.rank > d.rank => Combat::AttackerWins,
        _ if a.rank < d.rank => Combat::DefenderWins,
        _ => Combat::BothGo,
    }
}
