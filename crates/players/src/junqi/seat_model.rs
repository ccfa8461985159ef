//! A seat's own model of a 军棋 game, built from the public messages only (what the engine
//! protocol's referee says): its own pieces, what it was told (`known`, revealed flags), and
//! for every other piece a *token* with the set of kinds it may still be, narrowed by
//! deployment rules, movement and combat outcomes. It never holds a full game state.

use std::sync::Arc;

use super::feed::SeatFeed;
use super::protocol::{EngineEvent, MoveOutcome, ToEngine};
use bw_rules::junqi::board::{Board, NodeId, NodeKind};
use bw_rules::junqi::game::{Phase, PlayerId};
use bw_rules::junqi::pieces::{Ability, Combat, PieceKindId, PieceSet, combat};
use bw_rules::junqi::reach::{Occupancy, Occupant, destinations};
use bw_rules::junqi::setup::{Layout, Rules};
use bw_rules::junqi::view::{PlayerView, PublicPlayer, SeenPiece};

/// A set of piece kinds (bit k = kind k).
pub type KindMask = u32;

/// One piece on the board as a seat knows it: whose, where, and what it may be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Token {
    pub owner: PlayerId,
    /// `None` once it left the board.
    pub node: Option<NodeId>,
    pub start: NodeId,
    /// The kinds it may be (one bit when known).
    pub possible: KindMask,
    /// The kinds it may be as every other seat can tell from the public messages alone
    /// (where it stood, that it moved or ran like an engineer, its flag shown, its
    /// combats' outcomes against what the seat knows of the other piece): for the seat's
    /// own pieces, what its enemies may know of them.
    pub public: KindMask,
    pub moved: bool,
}

impl Token {
    pub fn known(&self) -> Option<PieceKindId> {
        known(self.possible)
    }
}

/// The one kind a set of kinds holds, if it holds one.
pub fn known(mask: KindMask) -> Option<PieceKindId> {
    (mask.count_ones() == 1).then(|| PieceKindId(mask.trailing_zeros() as u8))
}

/// What one seat knows of a game in play, from the protocol's messages.
#[derive(Clone, Debug)]
pub struct SeatModel {
    pub rules: Rules,
    pub board: Arc<Board>,
    pub set: Arc<PieceSet>,
    pub seats: Vec<char>,
    pub teams: Vec<u8>,
    pub me: PlayerId,
    pub hand: Vec<PieceKindId>,
    pub layout: Layout,
    pub lost: Vec<bool>,
    pub dove: Vec<bool>,
    pub turn: PlayerId,
    /// Plies in a row without a piece leaving the board.
    pub quiet: u32,
    pub plies: u32,
    pub tokens: Vec<Token>,
    /// The token on each node.
    pub token_at: Vec<Option<u16>>,
}

impl SeatModel {
    /// Seat `me`'s model of a game, from exactly what the protocol tells that seat: how the
    /// game's own computer seats see it.
    pub fn of(game: &bw_rules::junqi::Junqi, me: PlayerId) -> SeatModel {
        SeatModel::following(game, me).0
    }

    /// Seat `me`'s model of a game and the feed it was told from, to be brought up to date
    /// as the game goes on ([`SeatModel::catch_up`]) instead of built again every ply.
    pub fn following(game: &bw_rules::junqi::Junqi, me: PlayerId) -> (SeatModel, SeatFeed) {
        let mut m = SeatModel::new(
            game.rules.clone(),
            game.set.clone(),
            me,
            game.players[me].hand.clone(),
        );
        m.layout = game.layouts[me].clone();
        let mut feed = SeatFeed::new(me);
        let told = feed.start(game);
        for message in &told {
            let _ = m.tell(message);
        }
        m.catch_up(&mut feed, game);
        (m, feed)
    }

    /// Tells the model what `feed` has not told it yet of `game`.
    pub fn catch_up(&mut self, feed: &mut SeatFeed, game: &bw_rules::junqi::Junqi) {
        for message in &feed.events(game) {
            // The feed is the referee's own: it never contradicts the model.
            let _ = self.tell(message);
        }
    }

    pub fn new(rules: Rules, set: Arc<PieceSet>, me: PlayerId, hand: Vec<PieceKindId>) -> Self {
        let board = Arc::new(rules.make_board());
        let seats = rules.seat_letters();
        let n = seats.len();
        SeatModel {
            teams: rules.teams(),
            token_at: vec![None; board.len()],
            board,
            set,
            seats,
            me,
            hand,
            layout: Layout::new(),
            lost: vec![false; n],
            dove: vec![false; n],
            turn: 0,
            quiet: 0,
            plies: 0,
            tokens: Vec::new(),
            rules,
        }
    }

    pub fn seat_index(&self, seat: char) -> Result<PlayerId, String> {
        self.seats
            .iter()
            .position(|&s| s == seat)
            .ok_or_else(|| format!("seat {seat} does not play this game"))
    }

    pub fn allies(&self, a: PlayerId, b: PlayerId) -> bool {
        a != b && self.teams[a] == self.teams[b]
    }

    pub fn friend(&self, p: PlayerId) -> bool {
        self.teams[p] == self.teams[self.me]
    }

    /// The kinds that move.
    pub fn mobile_mask(&self) -> KindMask {
        self.mask_where(|k| self.set.get(k).mobile())
    }

    fn mask_where(&self, f: impl Fn(PieceKindId) -> bool) -> KindMask {
        self.set
            .ids()
            .filter(|&k| f(k))
            .fold(0, |m, k| m | 1 << k.0)
    }

    /// What a piece that started on `node` may be, by the deployment rules alone.
    fn start_mask(&self, node: NodeId) -> KindMask {
        let n = self.board.node(node);
        let standard_mines = !self.rules.deal_random;
        self.mask_where(|k| match self.set.get(k).ability {
            Ability::Flag => n.kind == NodeKind::Hq,
            // A standard hand has 3 mines, all of which must stand in rows 4–5.
            Ability::Mine => !standard_mines || n.r >= 4,
            Ability::Bomb => !(self.rules.bombs_not_front && n.r == 0),
            _ => true,
        })
    }

    /// Play starts: every occupied node and its owner, and the identities the seat may see.
    pub fn start(
        &mut self,
        first: PlayerId,
        occupied: &[(NodeId, PlayerId)],
        known: &[(NodeId, PieceKindId)],
    ) {
        self.turn = first;
        self.tokens.clear();
        self.token_at.iter_mut().for_each(|t| *t = None);
        for &(node, owner) in occupied {
            let mine = self
                .layout
                .iter()
                .find(|&&(n, _)| n == node)
                .map(|&(_, k)| k);
            let possible = match (owner == self.me, mine) {
                (true, Some(k)) => 1 << k.0,
                _ => self.start_mask(node),
            };
            self.token_at[node.0 as usize] = Some(self.tokens.len() as u16);
            self.tokens.push(Token {
                owner,
                node: Some(node),
                start: node,
                possible,
                public: self.start_mask(node),
                moved: false,
            });
        }
        for &(node, kind) in known {
            if let Some(t) = self.token_at[node.0 as usize] {
                self.tokens[t as usize].possible = 1 << kind.0;
            }
        }
    }

    pub fn token_on(&self, node: NodeId) -> Option<&Token> {
        self.token_at[node.0 as usize].map(|t| &self.tokens[t as usize])
    }

    /// Occupancy as `mover` sees it.
    pub fn occupancy(&self, mover: PlayerId) -> Occupancy {
        self.token_at
            .iter()
            .map(|t| match t {
                None => Occupant::Empty,
                Some(t) if self.teams[self.tokens[*t as usize].owner] == self.teams[mover] => {
                    Occupant::Friend
                }
                Some(_) => Occupant::Enemy,
            })
            .collect()
    }

    /// Narrows a token; a contradiction (a referee that lied, or a rule this model does not
    /// know) falls back to what it showed by moving.
    fn narrow(&mut self, t: usize, mask: KindMask) {
        let mobile = self.mobile_mask();
        let token = &mut self.tokens[t];
        let narrowed = token.possible & mask;
        token.possible = if narrowed != 0 {
            narrowed
        } else if token.moved {
            mobile
        } else {
            (1u32 << self.set.len()) - 1
        };
    }

    /// Narrows what every seat can tell of a token (never to nothing: a kind the public
    /// messages cannot rule out stays).
    fn narrow_public(&mut self, t: usize, mask: KindMask) {
        let token = &mut self.tokens[t];
        if token.public & mask != 0 {
            token.public &= mask;
        }
    }

    /// The kinds `other` may be, given that a combat with `known` went `outcome`.
    fn combat_mask(&self, known: PieceKindId, known_attacks: bool, outcome: Combat) -> KindMask {
        self.mask_where(|k| {
            let c = if known_attacks {
                combat(&self.set, known, k)
            } else {
                combat(&self.set, k, known)
            };
            c == outcome
        })
    }

    /// Applies one public event.
    pub fn apply(&mut self, event: &EngineEvent) -> Result<(), String> {
        match *event {
            EngineEvent::Move {
                seat,
                from,
                to,
                outcome,
            } => {
                let player = self.seat_index(seat)?;
                let Some(t) = self.token_at[from.0 as usize] else {
                    return Err(format!("no piece on {} to move", self.board.name(from)));
                };
                let t = t as usize;
                if self.tokens[t].owner != player {
                    return Err(format!(
                        "the piece on {} is not {seat}'s",
                        self.board.name(from)
                    ));
                }
                // It moved: not a mine or flag. A run no other piece could make: an engineer.
                let mobile = self.mobile_mask();
                self.tokens[t].moved = true;
                self.narrow(t, mobile);
                self.narrow_public(t, mobile);
                let occ = self.occupancy(player);
                if !destinations(&self.board, &occ, from, false).contains(to) {
                    let eng = self.mask_where(|k| self.set.get(k).ability == Ability::Engineer);
                    self.narrow(t, eng);
                    self.narrow_public(t, eng);
                }
                let defender = self.token_at[to.0 as usize].map(|d| d as usize);
                let c = match outcome {
                    MoveOutcome::Empty => None,
                    MoveOutcome::Won => Some(Combat::AttackerWins),
                    MoveOutcome::Lost => Some(Combat::DefenderWins),
                    MoveOutcome::Both => Some(Combat::BothGo),
                };
                if let (Some(c), Some(d)) = (c, defender) {
                    match (self.tokens[t].known(), self.tokens[d].known()) {
                        (Some(a), None) => {
                            let m = self.combat_mask(a, true, c);
                            self.narrow(d, m);
                        }
                        (None, Some(k)) => {
                            let m = self.combat_mask(k, false, c);
                            self.narrow(t, m);
                        }
                        _ => {}
                    }
                    // What the other side can tell: the outcome against any kind the seat
                    // thinks the other piece may be (the other side knows its own piece,
                    // so it knows at least this much).
                    let (ta, td) = (self.tokens[t].possible, self.tokens[d].possible);
                    let union = |model: &SeatModel, other: KindMask, attacks: bool| {
                        model
                            .set
                            .ids()
                            .filter(|k| other & 1 << k.0 != 0)
                            .fold(0, |m, k| m | model.combat_mask(k, !attacks, c))
                    };
                    let for_attacker = union(self, td, true);
                    let for_defender = union(self, ta, false);
                    self.narrow_public(t, for_attacker);
                    self.narrow_public(d, for_defender);
                }
                let leave = |model: &mut SeatModel, tok: usize| {
                    if let Some(n) = model.tokens[tok].node.take() {
                        model.token_at[n.0 as usize] = None;
                    }
                };
                match outcome {
                    MoveOutcome::Empty | MoveOutcome::Won => {
                        if let Some(d) = defender {
                            leave(self, d);
                        }
                        self.token_at[from.0 as usize] = None;
                        self.token_at[to.0 as usize] = Some(t as u16);
                        self.tokens[t].node = Some(to);
                    }
                    MoveOutcome::Lost => leave(self, t),
                    MoveOutcome::Both => {
                        leave(self, t);
                        if let Some(d) = defender {
                            leave(self, d);
                        }
                    }
                }
                self.dove[player] = false;
                self.end_ply(outcome != MoveOutcome::Empty);
            }
            EngineEvent::Reveal { seat, ref nodes } => {
                self.seat_index(seat)?;
                let flag = self.mask_where(|k| self.set.get(k).ability == Ability::Flag);
                for n in nodes {
                    if let Some(t) = self.token_at[n.0 as usize] {
                        self.tokens[t as usize].possible = flag;
                        self.tokens[t as usize].public = flag;
                    }
                }
            }
            EngineEvent::Offer(seat) => {
                let p = self.seat_index(seat)?;
                self.dove[p] = true;
                self.end_ply(false);
            }
            EngineEvent::Answer(seat, yes) => {
                let p = self.seat_index(seat)?;
                if yes {
                    self.dove[p] = true;
                } else {
                    self.dove.iter_mut().for_each(|d| *d = false);
                }
            }
            EngineEvent::Timeout(seat) => {
                self.seat_index(seat)?;
                self.end_ply(false);
            }
            EngineEvent::Out(seat, _) => {
                let p = self.seat_index(seat)?;
                self.lost[p] = true;
                self.dove[p] = false;
                for t in 0..self.tokens.len() {
                    if self.tokens[t].owner == p
                        && let Some(n) = self.tokens[t].node.take()
                    {
                        self.token_at[n.0 as usize] = None;
                        self.quiet = 0;
                    }
                }
                if self.turn == p {
                    self.advance();
                }
            }
        }
        Ok(())
    }

    fn end_ply(&mut self, removal: bool) {
        self.plies += 1;
        self.quiet = if removal { 0 } else { self.quiet + 1 };
        self.advance();
    }

    fn advance(&mut self) {
        let n = self.seats.len();
        for step in 1..=n {
            let p = (self.turn + step) % n;
            if !self.lost[p] {
                self.turn = p;
                return;
            }
        }
    }

    /// Takes in one message of a game being played (start, occupancy, known pieces,
    /// events); the others are not about the position.
    pub fn tell(&mut self, message: &ToEngine) -> Result<(), String> {
        match message {
            ToEngine::Start { first } => self.turn = self.seat_index(*first)?,
            ToEngine::Occupied(pairs) => {
                let pairs: Vec<(NodeId, PlayerId)> = pairs
                    .iter()
                    .map(|&(n, s)| Ok((n, self.seat_index(s)?)))
                    .collect::<Result<_, String>>()?;
                let turn = self.turn;
                self.start(turn, &pairs, &[]);
            }
            ToEngine::Known(pairs) => {
                for &(n, k) in pairs {
                    match self.token_at[n.0 as usize] {
                        Some(t) => self.tokens[t as usize].possible = 1 << k.0,
                        None => return Err(format!("{} is not occupied", self.board.name(n))),
                    }
                }
            }
            ToEngine::Event(e) => self.apply(e)?,
            _ => {}
        }
        Ok(())
    }

    /// The seat's view, in the form the game's computer players read.
    pub fn view(&self) -> PlayerView {
        PlayerView {
            me: self.me,
            turn: self.turn,
            phase: Phase::Playing,
            nodes: self
                .token_at
                .iter()
                .map(|t| {
                    t.map(|t| {
                        let tok = &self.tokens[t as usize];
                        SeenPiece {
                            owner: tok.owner,
                            // Own pieces, what the referee showed, and what the seat
                            // deduced (an engineer's turning run, a combat's outcome).
                            kind: tok.known(),
                        }
                    })
                })
                .collect(),
            players: self
                .seats
                .iter()
                .enumerate()
                .map(|(p, &seat)| PublicPlayer {
                    seat,
                    team: self.teams[p],
                    lost: self.lost[p].then_some(bw_rules::junqi::game::LossReason::Resigned),
                    score: 0,
                    dove: self.dove[p],
                    flags_revealed: false,
                })
                .collect(),
            hand: self.hand.clone(),
            events: Vec::new(),
        }
    }

    /// What the piece on each node may be, as far as the seat knows (0: an empty node).
    pub fn may_be(&self) -> Vec<KindMask> {
        self.token_at
            .iter()
            .map(|t| t.map_or(0, |t| self.tokens[t as usize].possible))
            .collect()
    }

    /// The seat's legal moves.
    pub fn legal_moves(&self) -> Vec<(NodeId, NodeId)> {
        self.view().legal_moves(&self.board, &self.set)
    }
}
