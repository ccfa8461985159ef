//! What a 军棋 piece is worth to the computer players, in material units (a 团长 is about 3).

use bw_rules::junqi::pieces::{Ability, PieceKindId, PieceSet};

/// What a piece is worth (material units): the fighting pieces by rank, each rank 1.45
/// times the one below; the flag nothing (taking it ends the game, which the players
/// score apart).
pub fn value(set: &PieceSet, k: PieceKindId) -> f32 {
    let kind = set.get(k);
    match kind.ability {
        Ability::Flag => 0.0,
        Ability::Mine => 2.0,
        Ability::Bomb => 5.5,
        Ability::Engineer => 2.2,
        Ability::Commander | Ability::None => 0.5 * 1.45f32.powi(kind.rank as i32),
    }
}
