//! A computer client: it plays a room's game from the messages its connection receives,
//! as any client must (the load test and the tests use it).

use std::sync::Arc;

use bw_players::bracket::{AiKind, Seat};
use bw_players::junqi::{Ai, Style};
use bw_rules::bracket;
use bw_rules::bracket::record::RecordedAction as BracketAction;
use bw_rules::junqi::setup::auto_layout;
use bw_rules::junqi::{self, Phase};
use bw_rules::rng::SplitMix64;

use crate::protocol::*;
use crate::room::Content;

pub struct Bot {
    content: Content,
    level: Level,
    rng: SplitMix64,
    options: Option<RoomOptions>,
    seat: Option<u8>,
    junqi_board: Option<Arc<junqi::Board>>,
    /// 括号大战: the game rebuilt from the seed and the actions.
    bracket: Option<bracket::Game>,
    /// The last view received.
    view: Option<GameView>,
    /// An action was sent and its answer (`acted` or `refused`) has not come yet.
    pending: bool,
}

impl Bot {
    pub fn new(content: Content, level: Level, seed: u64) -> Bot {
        Bot {
            content,
            level,
            rng: SplitMix64::new(seed),
            options: None,
            seat: None,
            junqi_board: None,
            bracket: None,
            view: None,
            pending: false,
        }
    }

    /// Takes in a server message; the action to send, if it is this bot's turn. The bot
    /// sends one action at a time and decides from the latest view once it is answered.
    pub fn on_message(&mut self, msg: &ServerMsg) -> Option<GameAction> {
        match msg {
            ServerMsg::Game { view } => {
                self.track(view);
                self.view = Some(view.clone());
            }
            // `seated` starts a (new) connection's seat: nothing is pending on it.
            ServerMsg::Acted { .. } | ServerMsg::Refused { seq: Some(_), .. } => {
                self.pending = false;
            }
            // A (new) connection's seat: nothing is pending on it, and its view is coming.
            ServerMsg::Seated { .. } => {
                self.pending = false;
                self.view = None;
                return None;
            }
            ServerMsg::Room { room } => {
                if self.options.as_ref() != Some(&room.options) {
                    if let GameOptions::Junqi { rules, .. } = &room.options.game {
                        self.junqi_board = Some(Arc::new(rules.make_board()));
                    }
                    self.options = Some(room.options.clone());
                }
                self.seat = room.you;
                return None;
            }
            _ => return None,
        }
        if self.pending {
            return None;
        }
        let view = self.view.clone()?;
        let action = self.decide(&view);
        self.pending = action.is_some();
        action
    }

    /// 括号大战: keeps the rebuilt game up to date with every view.
    fn track(&mut self, view: &GameView) {
        let (GameView::Bracket(v), Some(options)) = (view, &self.options) else {
            return;
        };
        let GameOptions::Bracket { settings, .. } = &options.game else {
            return;
        };
        let kinds = &self.content.kinds;
        let first = v.actions - v.new_actions.len();
        if first == 0 {
            self.bracket = Some(bracket::Game::new(settings.clone(), v.seed));
        }
        let Some(game) = self.bracket.as_mut() else {
            return;
        };
        if game.actions.len() != first {
            self.bracket = None; // missed messages: wait for a full view
            return;
        }
        for (_, a) in &v.new_actions {
            let ok = a
                .action(kinds)
                .ok()
                .and_then(|action| game.act(kinds, action).ok());
            if ok.is_none() {
                self.bracket = None;
                return;
            }
        }
    }

    fn decide(&mut self, view: &GameView) -> Option<GameAction> {
        let seat = self.seat?;
        match view {
            GameView::Junqi(v) => {
                let GameOptions::Junqi { rules, .. } = &self.options.as_ref()?.game else {
                    return None;
                };
                let board = self.junqi_board.clone()?;
                let set = &self.content.pieces;
                let me = seat as usize;
                match v.view.phase {
                    Phase::Deploying => {
                        let placed = v.view.nodes.iter().flatten().any(|p| p.owner == me);
                        if placed {
                            return None;
                        }
                        let letter = rules.seat_letters()[me];
                        let layout = auto_layout(
                            rules,
                            &board,
                            set,
                            letter,
                            &v.view.hand,
                            self.rng.next_u64(),
                        );
                        Some(GameAction::Deploy {
                            layout: layout
                                .iter()
                                .map(|&(n, k)| (board.name(n).to_string(), set.get(k).id.clone()))
                                .collect(),
                        })
                    }
                    Phase::Playing if v.view.turn == me => {
                        let kind = match self.level {
                            Level::Easy => Style::Random,
                            _ => Style::Heuristic,
                        };
                        match Ai::new(kind, self.rng.next_u64()).choose(&board, set, &v.view) {
                            junqi::Action::Move { from, to } => Some(GameAction::Move {
                                from: board.name(from).to_string(),
                                to: board.name(to).to_string(),
                            }),
                            junqi::Action::OfferDraw => Some(GameAction::OfferDraw),
                            _ => Some(GameAction::Resign),
                        }
                    }
                    _ => None,
                }
            }
            GameView::Bracket(v) => {
                let kinds = &self.content.kinds;
                let game = self.bracket.as_ref()?;
                if game.actions.len() != v.actions
                    || game.turn.is_over()
                    || game.turn.current != seat + 1
                {
                    return None;
                }
                let kind = match self.level {
                    Level::Easy => Seat::Computer(AiKind::Random),
                    Level::Normal => Seat::Computer(AiKind::Greedy),
                    Level::Hard => Seat::Computer(AiKind::Strong),
                };
                Some(
                    match bw_players::bracket::choose(
                        kind,
                        game,
                        kinds,
                        self.rng.next_u64(),
                        bw_players::THINKING,
                    ) {
                        bracket::Action::Surrender => GameAction::Resign,
                        a => GameAction::Bracket {
                            action: BracketAction::of(&a, kinds),
                        },
                    },
                )
            }
        }
    }
}
