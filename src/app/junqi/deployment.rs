//! The army being laid out before it marches out (出征): one set of rules for a game at one
//! computer and for an online room. Clicks and drags move pieces, the layout panel's requests
//! make new layouts; nothing here reaches the game until the layout is confirmed.

use std::path::Path;

use bw_rules::junqi::NodeId;
use bw_rules::junqi::setup::{Layout, auto_layout, mirror_layout, validate_layout};

use super::deploy::DeployAsk;
use super::layout_error;
use super::layouts::{self, Army};
use crate::app::i18n::Locale;

/// Why a layout request failed (the reason is the layout store's, for the player).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Trouble {
    NotSaved(String),
    NotLoaded(String),
}

/// Why the rules would refuse the layout, in the player's words (`None`: it can march out).
pub fn problem(layout: &Layout, army: Army, loc: &Locale) -> Option<String> {
    validate_layout(
        army.rules, army.board, army.set, army.seat, army.hand, layout,
    )
    .err()
    .map(|e| layout_error(loc, &e))
}

/// A piece dropped on `to`: two pieces change places; a piece dropped on an empty station
/// of its own arm moves there; anything else does nothing.
pub fn drop_piece(layout: &mut Layout, army: Army, from: NodeId, to: NodeId) {
    let i = layout.iter().position(|&(n, _)| n == from);
    let j = layout.iter().position(|&(n, _)| n == to);
    match (i, j) {
        (Some(i), Some(j)) => {
            let (a, b) = (layout[i].1, layout[j].1);
            layout[i].1 = b;
            layout[j].1 = a;
        }
        (Some(i), None) if army.board.node(to).seat == Some(army.seat) => layout[i].0 = to,
        _ => {}
    }
}

/// A click while laying out: a click on one of the army's pieces selects it; the next click
/// drops it there ([`drop_piece`]) and clears the selection; a click on the selected piece
/// clears it.
pub fn click(layout: &mut Layout, selected: &mut Option<NodeId>, army: Army, node: NodeId) {
    match selected.take() {
        Some(from) if from != node => drop_piece(layout, army, from, node),
        Some(_) => {}
        None => {
            if layout.iter().any(|&(n, _)| n == node) {
                *selected = Some(node);
            }
        }
    }
}

/// The layout panel's request on the army as laid out: a new layout to show (`None`: the
/// layout stays), or what went wrong. [`DeployAsk::Confirm`] is the caller's: it sends or
/// deploys the layout. `seed` makes the automatic layout.
pub fn request(
    ask: &DeployAsk,
    layout: &Layout,
    army: Army,
    saves: &Path,
    seed: u64,
) -> Result<Option<Layout>, Trouble> {
    match ask {
        DeployAsk::Auto => Ok(Some(auto_layout(
            army.rules, army.board, army.set, army.seat, army.hand, seed,
        ))),
        DeployAsk::Mirror => Ok(Some(mirror_layout(army.board, army.seat, layout))),
        DeployAsk::Load(name) => layouts::load(saves, name, army)
            .map(Some)
            .map_err(Trouble::NotLoaded),
        DeployAsk::Save(name) => layouts::save(saves, name, army, layout)
            .map(|()| None)
            .map_err(Trouble::NotSaved),
        DeployAsk::Confirm => Ok(None),
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use bw_rules::junqi::headless::setup;
    use bw_rules::junqi::{PieceSet, Rules};

    use super::*;

    #[test]
    fn clicks_and_drops_swap_pieces_move_onto_own_empty_stations_and_nothing_else() {
        let mut game = setup(Rules::default(), Arc::new(PieceSet::standard()), 3, false).unwrap();
        let layout = game.layouts[0].clone();
        game.phase = bw_rules::junqi::Phase::Deploying;
        let army = Army::of(&game, 0);
        let (a, b) = (layout[0], layout[1]);
        // Two clicks swap two pieces; the selection is cleared.
        let (mut l, mut sel) = (layout.clone(), None);
        click(&mut l, &mut sel, army, a.0);
        assert_eq!(sel, Some(a.0));
        click(&mut l, &mut sel, army, b.0);
        assert_eq!((sel, l[0], l[1]), (None, (a.0, b.1), (b.0, a.1)));
        // A click on the selected piece clears it; a click on no piece selects nothing.
        click(&mut l, &mut sel, army, a.0);
        click(&mut l, &mut sel, army, a.0);
        assert_eq!(sel, None);
        let board = army.board;
        let empty_own = board
            .ids()
            .find(|&n| board.node(n).seat == Some(army.seat) && !l.iter().any(|&(m, _)| m == n))
            .expect("a camp of the arm is empty");
        click(&mut l, &mut sel, army, empty_own);
        assert_eq!(sel, None);
        // A drop on an empty station of the arm moves the piece there; elsewhere, nothing.
        drop_piece(&mut l, army, a.0, empty_own);
        assert_eq!(l[0].0, empty_own);
        let foreign = board
            .ids()
            .find(|&n| board.node(n).seat.is_some_and(|s| s != army.seat))
            .unwrap();
        let before = l.clone();
        drop_piece(&mut l, army, empty_own, foreign);
        assert_eq!(l, before);
    }
}
