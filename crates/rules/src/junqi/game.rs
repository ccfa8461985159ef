//! A Junqi game: deployment, moves, combat, elimination, scores, draws and the quiet limit.
//!
//! [`Junqi`] is the headless game (command line, computer players, records). Moves are
//! decided by pure functions ([`resolve_move`], [`legal_moves`]) over the position, which
//! the ECS systems call too.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::board::{Board, NodeId, NodeSet};
pub use super::moves::{
    MoveResult, has_legal_move, legal_moves, mobile, occupancy, piece_destinations, resolve_move,
};
use super::pieces::{Ability, PieceKindId, PieceSet};
pub use super::pieces::{Piece, PlayerId};
use super::setup::{Layout, LayoutError, Rules, validate_layout};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum LossReason {
    FlagCaptured { by: PlayerId },
    NoLegalMove,
    Resigned,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerState {
    pub seat: char,
    pub team: u8,
    pub hand: Vec<PieceKindId>,
    pub deployed: bool,
    pub lost: Option<LossReason>,
    pub score: i32,
    /// Shows a draw offer (dove).
    pub dove: bool,
    /// The flags are shown to everyone (last commander died).
    pub flags_revealed: bool,
    /// A computer plays this seat (the quiet limit is always on among computers).
    pub computer: bool,
    /// The player profile at this seat (scores add up per profile across games).
    pub profile: String,
}

impl PlayerState {
    pub fn in_game(&self) -> bool {
        self.lost.is_none()
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Outcome {
    /// The players still in are all allies (or one player is left).
    Won { winners: Vec<PlayerId> },
    /// Everyone still in showed a dove.
    DrawAgreed,
    /// The quiet limit was reached.
    DrawQuiet,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    Move {
        from: NodeId,
        to: NodeId,
    },
    /// Uses the turn and shows a dove.
    OfferDraw,
    /// Any player still in, at any time: yes shows a dove, no clears every dove.
    AnswerDraw {
        player: PlayerId,
        yes: bool,
    },
    /// Any player still in, at any time.
    Resign {
        player: PlayerId,
    },
    /// The current player's timer ran out: the turn is forfeit.
    Timeout,
}

/// What everyone sees happen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum PublicEvent {
    Deployed {
        player: PlayerId,
    },
    Moved {
        player: PlayerId,
        path: Vec<NodeId>,
        combat: bool,
        removed: Vec<NodeId>,
        /// In a combat, whose piece was attacked (everyone sees where it stood).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        defender: Option<PlayerId>,
    },
    FlagCaptured {
        by: PlayerId,
        of: PlayerId,
    },
    FlagsRevealed {
        player: PlayerId,
        nodes: Vec<NodeId>,
    },
    Lost {
        player: PlayerId,
        reason: LossReason,
    },
    DrawOffered {
        player: PlayerId,
    },
    DrawAnswered {
        player: PlayerId,
        yes: bool,
    },
    TurnForfeit {
        player: PlayerId,
    },
    Ended {
        outcome: Outcome,
    },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    NotPlaying,
    NotYourTurn,
    NoPieceOfYours(NodeId),
    Immobile(NodeId),
    Unreachable(NodeId, NodeId),
    PlayerOut(PlayerId),
    BadLayout(LayoutError),
    AlreadyDeployed(PlayerId),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::NotPlaying => write!(f, "the game is not in play"),
            Refusal::NotYourTurn => write!(f, "it is not that player's turn"),
            Refusal::NoPieceOfYours(n) => write!(f, "node {} holds no piece of the player", n.0),
            Refusal::Immobile(n) => write!(f, "the piece on node {} cannot move", n.0),
            Refusal::Unreachable(a, b) => write!(f, "node {} cannot reach node {}", a.0, b.0),
            Refusal::PlayerOut(p) => write!(f, "player {p} is out of the game"),
            Refusal::BadLayout(m) => write!(f, "layout refused: {m}"),
            Refusal::AlreadyDeployed(p) => write!(f, "player {p} has deployed already"),
        }
    }
}

impl std::error::Error for Refusal {}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Phase {
    Deploying,
    Playing,
    Over(Outcome),
}

/// The headless game.
#[derive(Clone, Debug)]
pub struct Junqi {
    pub rules: Rules,
    pub board: Arc<Board>,
    pub set: Arc<PieceSet>,
    pub players: Vec<PlayerState>,
    /// The piece on each node.
    pub at: Vec<Option<Piece>>,
    pub phase: Phase,
    pub turn: PlayerId,
    /// Plies in a row without a piece leaving the board.
    pub quiet: u32,
    pub plies: u32,
    /// Players in the order they finished deploying.
    pub deploy_order: Vec<PlayerId>,
    pub events: Vec<PublicEvent>,
    /// Each player's initial layout (empty until deployed).
    pub layouts: Vec<Layout>,
    /// Every action taken in play, in order.
    pub actions: Vec<Action>,
    /// A piece left the board since the last ply ended.
    quiet_reset: bool,
    /// What met in each combat, with full information: only [`Junqi::clashes_seen_by`]
    /// gives it out, masked for a seat.
    clashes: Vec<Clash>,
}

/// The two pieces of a combat, and the index of its `Moved` event.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Clash {
    event: usize,
    attacker: Piece,
    defender: Piece,
}

/// A combat as a seat may know it: the kinds it may see (its own pieces, its allies' when
/// they are open, everything once the game is over), `None` for the others.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeenClash {
    /// The index of the combat's `Moved` event in the game's event log.
    pub event: usize,
    pub attacker: Option<PieceKindId>,
    pub defender: Option<PieceKindId>,
}

impl Junqi {
    /// Whether `seat` (`None`: an observer) may know the kind of `piece`: its own, an open
    /// ally's, a flag its owner's fallen commander revealed, and every piece once the game
    /// is over. The one rule the views and the combats' words share.
    pub fn kind_known_to(&self, seat: Option<PlayerId>, piece: Piece) -> bool {
        matches!(self.phase, Phase::Over(_))
            || seat == Some(piece.owner)
            || (self.rules.open_allies_applies()
                && seat.is_some_and(|me| self.allies(me, piece.owner)))
            || (self.players[piece.owner].flags_revealed
                && self.set.get(piece.kind).ability == Ability::Flag)
    }

    /// The combats whose `Moved` event is at index `from_event` or later, as `seat` may
    /// know them (`None`: an observer).
    pub fn clashes_seen_by(&self, seat: Option<PlayerId>, from_event: usize) -> Vec<SeenClash> {
        let first = self.clashes.partition_point(|c| c.event < from_event);
        self.clashes[first..]
            .iter()
            .map(|c| SeenClash {
                event: c.event,
                attacker: self
                    .kind_known_to(seat, c.attacker)
                    .then_some(c.attacker.kind),
                defender: self
                    .kind_known_to(seat, c.defender)
                    .then_some(c.defender.kind),
            })
            .collect()
    }

    /// A game waiting for deployment, with the players' hands (see [`super::setup::deal`]).
    pub fn new(
        rules: Rules,
        set: Arc<PieceSet>,
        hands: Vec<Vec<PieceKindId>>,
    ) -> Result<Junqi, String> {
        rules.validate()?;
        if hands.len() != rules.players as usize {
            return Err(format!(
                "{} hands for {} players",
                hands.len(),
                rules.players
            ));
        }
        let board = Arc::new(rules.make_board());
        let teams = rules.teams();
        let players = rules
            .seat_letters()
            .into_iter()
            .zip(hands)
            .zip(teams)
            .map(|((seat, hand), team)| PlayerState {
                seat,
                team,
                hand,
                deployed: false,
                lost: None,
                score: 0,
                dove: false,
                flags_revealed: false,
                computer: false,
                profile: format!("{seat}"),
            })
            .collect();
        let at = vec![None; board.len()];
        let rules_copy = rules.clone();
        Ok(Junqi {
            rules,
            board,
            set,
            players,
            at,
            phase: Phase::Deploying,
            turn: 0,
            quiet: 0,
            plies: 0,
            deploy_order: vec![],
            events: vec![],
            layouts: vec![Layout::new(); rules_players(&rules_copy)],
            actions: vec![],
            quiet_reset: false,
            clashes: Vec::new(),
        })
    }

    /// Player `p`'s automatic layout for a game seed ([`super::setup::auto_layout`] with the
    /// seat's own stream of the seed): what headless games deploy, what a simple computer
    /// deploys, what the clock deploys for a seat that did not, and what the window's
    /// deployment starts from.
    pub fn auto_layout(&self, p: PlayerId, seed: u64) -> Layout {
        super::setup::auto_layout(
            &self.rules,
            &self.board,
            &self.set,
            self.players[p].seat,
            &self.players[p].hand,
            crate::rng::stream(seed, p, 1),
        )
    }

    pub fn teams(&self) -> Vec<u8> {
        self.players.iter().map(|p| p.team).collect()
    }

    pub fn allies(&self, a: PlayerId, b: PlayerId) -> bool {
        a != b && self.players[a].team == self.players[b].team
    }

    pub fn in_game(&self) -> impl Iterator<Item = PlayerId> + '_ {
        (0..self.players.len()).filter(|&p| self.players[p].in_game())
    }

    /// Places a player's pieces; when the last player has deployed, play starts with whoever
    /// finished first.
    pub fn deploy(&mut self, player: PlayerId, layout: &Layout) -> Result<(), Refusal> {
        if self.phase != Phase::Deploying {
            return Err(Refusal::NotPlaying);
        }
        let p = &self.players[player];
        if p.deployed {
            return Err(Refusal::AlreadyDeployed(player));
        }
        validate_layout(&self.rules, &self.board, &self.set, p.seat, &p.hand, layout)
            .map_err(Refusal::BadLayout)?;
        for &(node, kind) in layout {
            self.at[node.0 as usize] = Some(Piece {
                owner: player,
                kind,
            });
        }
        self.players[player].deployed = true;
        self.layouts[player] = layout.clone();
        self.deploy_order.push(player);
        self.events.push(PublicEvent::Deployed { player });
        if self.players.iter().all(|p| p.deployed) {
            self.phase = Phase::Playing;
            self.turn = self.deploy_order[0];
            self.start_turn();
        }
        Ok(())
    }

    pub fn legal_moves(&self, player: PlayerId) -> Vec<(NodeId, NodeId)> {
        legal_moves(&self.board, &self.set, &self.at, &self.teams(), player)
    }

    pub fn destinations(&self, from: NodeId) -> NodeSet {
        piece_destinations(&self.board, &self.set, &self.at, &self.teams(), from)
    }

    /// Checks and applies an action; a refused action changes nothing.
    ///
    /// ```
    /// use std::sync::Arc;
    /// use bw_rules::junqi::headless::setup;
    /// use bw_rules::junqi::{Action, Phase, PieceSet, PlayerView, Rules};
    ///
    /// // Four players, dealt and deployed automatically from seed 7.
    /// let mut game = setup(Rules::default(), Arc::new(PieceSet::standard()), 7, false).unwrap();
    /// assert_eq!(game.phase, Phase::Playing);
    /// // The player to move picks one of the moves its own view allows.
    /// let me = game.turn;
    /// let (from, to) = PlayerView::of(&game, me).legal_moves(&game.board, &game.set)[0];
    /// game.act(Action::Move { from, to }).unwrap();
    /// assert_eq!(game.plies, 1);
    /// // Moving out of turn is refused.
    /// assert!(game.act(Action::Move { from: to, to: from }).is_err());
    /// ```
    pub fn act(&mut self, action: Action) -> Result<(), Refusal> {
        if self.phase != Phase::Playing {
            return Err(Refusal::NotPlaying);
        }
        self.apply_action(action)?;
        self.actions.push(action);
        Ok(())
    }

    fn apply_action(&mut self, action: Action) -> Result<(), Refusal> {
        match action {
            Action::Move { from, to } => {
                let me = self.turn;
                match self.at[from.0 as usize] {
                    Some(p) if p.owner == me => {
                        if !mobile(&self.board, &self.set, from, p) {
                            return Err(Refusal::Immobile(from));
                        }
                    }
                    _ => return Err(Refusal::NoPieceOfYours(from)),
                }
                if !self.destinations(from).contains(to) {
                    return Err(Refusal::Unreachable(from, to));
                }
                let result =
                    resolve_move(&self.board, &self.set, &self.at, &self.teams(), from, to);
                let captured = self.move_step(me, from, to, &result);
                if let Some(of) = captured {
                    self.capture_step(me, of);
                }
                self.end_ply();
            }
            Action::OfferDraw => {
                let me = self.turn;
                self.players[me].dove = true;
                self.events.push(PublicEvent::DrawOffered { player: me });
                if !self.check_draw_agreed() {
                    self.end_ply();
                }
            }
            Action::AnswerDraw { player, yes } => {
                if !self.players.get(player).is_some_and(|p| p.in_game()) {
                    return Err(Refusal::PlayerOut(player));
                }
                self.events.push(PublicEvent::DrawAnswered { player, yes });
                if yes {
                    self.players[player].dove = true;
                    self.check_draw_agreed();
                } else {
                    self.players.iter_mut().for_each(|p| p.dove = false);
                }
            }
            Action::Resign { player } => {
                if !self.players.get(player).is_some_and(|p| p.in_game()) {
                    return Err(Refusal::PlayerOut(player));
                }
                let was_turn = player == self.turn;
                self.lose(player, LossReason::Resigned);
                if self.phase == Phase::Playing && was_turn {
                    self.advance();
                }
            }
            Action::Timeout => {
                self.events
                    .push(PublicEvent::TurnForfeit { player: self.turn });
                self.end_ply();
            }
        }
        Ok(())
    }

    /// Applies a decided move to the position: combat, removals, the commander rule.
    /// Returns the owner of a captured flag.
    pub(crate) fn move_step(
        &mut self,
        me: PlayerId,
        from: NodeId,
        to: NodeId,
        result: &MoveResult,
    ) -> Option<PlayerId> {
        self.players[me].dove = false;
        let defender = result.combat.and(self.at[to.0 as usize]);
        if let (Some(attacker), Some(defender)) = (self.at[from.0 as usize], defender) {
            self.clashes.push(Clash {
                event: self.events.len(),
                attacker,
                defender,
            });
        }
        let mut left: Vec<Piece> = Vec::new();
        for &n in &result.removed {
            left.extend(self.at[n.0 as usize].take());
        }
        if result.attacker_moves {
            self.at[to.0 as usize] = self.at[from.0 as usize].take();
        }
        self.events.push(PublicEvent::Moved {
            player: me,
            path: result.path.clone(),
            combat: result.combat.is_some(),
            removed: result.removed.clone(),
            defender: defender.map(|p| p.owner),
        });
        if !left.is_empty() {
            self.quiet_reset = true;
        }
        for p in &left {
            self.check_commander(p.owner);
        }
        result.flag_of
    }

    /// A flag was captured: its owner is eliminated.
    pub(crate) fn capture_step(&mut self, by: PlayerId, of: PlayerId) {
        self.events.push(PublicEvent::FlagCaptured { by, of });
        self.lose(of, LossReason::FlagCaptured { by });
    }

    /// When a player's last commander is gone, their flags are shown to everyone.
    fn check_commander(&mut self, player: PlayerId) {
        if !self.rules.reveal_flag || self.players[player].flags_revealed {
            return;
        }
        let is = |k: PieceKindId| self.set.get(k).ability == Ability::Commander;
        let dealt = self.players[player].hand.iter().any(|&k| is(k));
        let alive = self
            .at
            .iter()
            .flatten()
            .any(|p| p.owner == player && is(p.kind));
        if dealt && !alive {
            self.players[player].flags_revealed = true;
            let nodes: Vec<NodeId> = self
                .board
                .ids()
                .filter(|n| matches!(self.at[n.0 as usize], Some(p) if p.owner == player && self.set.get(p.kind).ability == Ability::Flag))
                .collect();
            self.events
                .push(PublicEvent::FlagsRevealed { player, nodes });
        }
    }

    /// A player loses: score changes, their pieces leave, and the game may end.
    fn lose(&mut self, loser: PlayerId, reason: LossReason) {
        if self.players[loser].lost.is_some() {
            return;
        }
        let others: Vec<PlayerId> = self.in_game().filter(|&p| p != loser).collect();
        match reason {
            LossReason::FlagCaptured { by } => {
                self.players[loser].score -= 10;
                for &p in &others {
                    if p == by {
                        self.players[p].score += 10;
                    } else if self.allies(p, loser) {
                        self.players[p].score -= 5;
                    } else if self.allies(p, by) {
                        self.players[p].score += 5;
                    }
                }
            }
            LossReason::NoLegalMove | LossReason::Resigned => {
                self.players[loser].score -= 5;
                for &p in &others {
                    self.players[p].score += if self.allies(p, loser) { -5 } else { 5 };
                }
            }
        }
        self.players[loser].lost = Some(reason);
        self.players[loser].dove = false;
        self.events.push(PublicEvent::Lost {
            player: loser,
            reason,
        });
        let mut any = false;
        for slot in self.at.iter_mut() {
            if slot.is_some_and(|p| p.owner == loser) {
                *slot = None;
                any = true;
            }
        }
        if any {
            match reason {
                // During a move: the ply that captured the flag counts 0 when it ends.
                LossReason::FlagCaptured { .. } => self.quiet_reset = true,
                // Between plies (no legal move when a turn starts, a resignation): the
                // count restarts now, so the next ply counts 1.
                LossReason::NoLegalMove | LossReason::Resigned => self.quiet = 0,
            }
        }
        self.check_end();
        if self.phase == Phase::Playing {
            self.check_draw_agreed();
        }
    }

    fn check_end(&mut self) {
        let left: Vec<PlayerId> = self.in_game().collect();
        let all_allies = left
            .iter()
            .all(|&p| self.players[p].team == self.players[left[0]].team);
        if left.len() <= 1 || all_allies {
            self.finish(Outcome::Won { winners: left });
        }
    }

    fn check_draw_agreed(&mut self) -> bool {
        if self.phase == Phase::Playing && self.in_game().all(|p| self.players[p].dove) {
            self.finish(Outcome::DrawAgreed);
            return true;
        }
        false
    }

    fn finish(&mut self, outcome: Outcome) {
        self.events.push(PublicEvent::Ended {
            outcome: outcome.clone(),
        });
        self.phase = Phase::Over(outcome);
    }

    /// The quiet limit in force: always on when only computers are left.
    pub fn quiet_limit(&self) -> u32 {
        let computers_only = self.in_game().all(|p| self.players[p].computer);
        match (self.rules.quiet_limit, computers_only) {
            (0, true) => 60,
            (l, _) => l,
        }
    }

    /// Ends a used turn: the quiet count, the quiet-limit draw, then the next player.
    pub(crate) fn end_ply(&mut self) {
        self.plies += 1;
        if std::mem::take(&mut self.quiet_reset) {
            self.quiet = 0;
        } else {
            self.quiet += 1;
        }
        if self.phase != Phase::Playing {
            return;
        }
        let limit = self.quiet_limit();
        if limit > 0 && self.quiet >= limit {
            self.finish(Outcome::DrawQuiet);
            return;
        }
        self.advance();
    }

    /// Passes the turn to the next player still in, who loses at once without a legal move.
    fn advance(&mut self) {
        let n = self.players.len();
        let mut p = self.turn;
        for _ in 0..n {
            p = (p + 1) % n;
            if self.players[p].in_game() {
                break;
            }
        }
        self.turn = p;
        self.start_turn();
    }

    fn start_turn(&mut self) {
        while self.phase == Phase::Playing {
            let me = self.turn;
            if has_legal_move(&self.board, &self.set, &self.at, &self.teams(), me) {
                return;
            }
            self.lose(me, LossReason::NoLegalMove);
            if self.phase != Phase::Playing {
                return;
            }
            let n = self.players.len();
            let mut p = me;
            for _ in 0..n {
                p = (p + 1) % n;
                if self.players[p].in_game() {
                    break;
                }
            }
            self.turn = p;
        }
    }
}

fn rules_players(rules: &Rules) -> usize {
    rules.players as usize
}
