//! 联机 Online: the lobby and the rooms of a game server (docs/protocol.md). The server
//! referees; this client shows what its seat may see and sends intentions. The connection
//! runs on its own thread ([`link`]); [`pump`] takes in what arrived, [`apply_intents`]
//! turns the screens' intentions into protocol messages, and [`ui`] draws the screens.
//!
//! A 括号大战 room's game is played on the game's own board ([`OnlineScreen::BracketBoard`]):
//! the server's moves go into the ECS world through the same kernel calls as a game at one
//! computer ([`play_bracket`]), and the board's moves go to the server ([`send_bracket_moves`]).

mod board;
pub mod link;
mod sounds;
pub mod ui;

use std::sync::Arc;

use bevy::prelude::*;
use bw_online::protocol::*;
use bw_rules::bracket;
use bw_rules::bracket::record::RecordedAction as BracketAction;
use bw_rules::junqi::setup::{Layout, auto_layout};
use bw_rules::junqi::{self, NodeId, Phase, PieceSet};

use crate::app::bracket::BracketMoves;
use crate::app::junqi::deploy::DeployAsk;
use crate::app::junqi::deployment::{self, Trouble};
use crate::app::junqi::layouts::Army;
use crate::app::state::{InRoom, OnlineScreen, Screen};
use link::{Link, LinkEvent};

/// The connection and everything the server told this client.
#[derive(Resource, Default)]
pub struct Online {
    link: Option<Link>,
    pub status: Status,
    pub lobby: Vec<RoomSummary>,
    /// How many rooms pass the hall's filter (the server lists them a page at a time).
    pub lobby_total: usize,
    /// The hall's filter and the page of it shown.
    pub filter: LobbyFilter,
    pub lobby_page: u32,
    /// The name the server calls this connection, and whether it is an account's.
    pub me: String,
    pub logged_in: bool,
    /// The session token of the account logged in (kept in the settings, for this server).
    pub session: Option<String>,
    /// The address connected to (a session is kept for it).
    pub server: String,
    /// The session kept for this server ended (logged out, or expired): forget it.
    session_ended: bool,
    /// The last leaderboard page (pool, page, rows) and player page the server sent.
    pub leaderboard: Option<(String, u32, Vec<LeaderRow>)>,
    pub player: Option<PlayerPage>,
    /// The ratings the room's finished game moved.
    pub rated: Option<Vec<SeatRating>>,
    /// In a quick-match queue: its pool, and how many waited in it when this player joined.
    pub queued: Option<(String, usize)>,
    /// A record the player asked for (from a player page), to open in the replay viewer.
    replay: Option<GameRecord>,
    pub room: Option<RoomState>,
    /// This connection's seat in its room, and the token that takes it back.
    pub seat: Option<(RoomId, u8, String)>,
    pub view: Option<GameView>,
    /// When the last view came (its `clock_ms` counts from then).
    pub view_at: Option<std::time::Instant>,
    /// 军棋: the public events so far.
    pub junqi_events: Vec<junqi::PublicEvent>,
    /// The combats among them, with the kinds this seat may know (by event index).
    pub junqi_clashes: Vec<junqi::SeenClash>,
    /// Counts the games this client was shown (a new one clears what the screen kept of
    /// the last, such as the player's marks).
    pub games_shown: u32,
    /// 括号大战: a game to start on the board (its settings and seed), the server's actions
    /// not yet played there, and how many actions the server has sent in all.
    bracket_start: Option<(bracket::game::Settings, u64)>,
    bracket_inbox: Vec<BracketAction>,
    bracket_received: usize,
    /// The board holds this room's game (it was started from the server's first view).
    bracket_on_board: bool,
    pub chat: Vec<ChatLine>,
    /// The last refusal, fault or note for the player.
    pub notice: Option<Notice>,
    /// The record of the game that ended here.
    pub finished: Option<GameRecord>,
    /// 军棋: every initial layout of the game that ended here (from its record), shown on
    /// the board at the end as at one computer.
    pub revealed: Option<Vec<Option<junqi::view::SeenPiece>>>,
    seq: u32,
    /// 军棋: the army being laid out before it is sent, and the selected node.
    pub layout: Option<Layout>,
    pub selected: Option<NodeId>,
    /// The last `join` asked (another server of the hall may hold the room: `elsewhere`).
    last_join: Option<ClientMsg>,
    /// A log-in or registration was asked with the connection: refused, the connection
    /// ends (nobody stays in the hall as a guest under a name they could not log in as).
    signing_in: bool,
    /// Another server holds the room asked for: its address, and the `join` to say there.
    moving: Option<(String, ClientMsg)>,
}

/// A line of a room's chat; `observers`: said in the observers' own chat.
#[derive(Clone, Debug, PartialEq)]
pub struct ChatLine {
    pub from: String,
    pub text: String,
    pub observers: bool,
}

/// Something the player should read (shown from the locale files).
#[derive(Clone, Debug, PartialEq)]
pub enum Notice {
    /// The server refused a request: its code, and its words (the rules' reason).
    Refused(RefusalCode, String),
    Left(LeftWhy),
    Saved(usize),
    /// A named layout could not be kept; one could not be put back (the rules' reason).
    LayoutNotSaved(String),
    LayoutNotLoaded(String),
    NoFreeSlot,
    SaveFailed(String),
    /// Why a piece clicked cannot move (a locale key).
    Cannot(&'static str),
}

#[derive(Clone, Debug, Default, PartialEq)]
pub enum Status {
    #[default]
    Offline,
    Connecting,
    Connected,
    /// The connection failed or ended; why.
    Lost(link::LinkEnd),
}

/// What the online screens ask for.
#[derive(Message, Clone, Debug)]
pub enum OnlineIntent {
    /// Connects as `name`; with the session kept for this server, as that account; then
    /// sends `then` (a log-in or a registration: the password goes no further).
    Connect {
        url: String,
        name: String,
        session: bool,
        then: Option<ClientMsg>,
    },
    Disconnect,
    /// Ends the account's session: the connection goes on as a guest.
    Logout,
    /// The player moved on (another tab): the last refusal is put away.
    Dismiss,
    /// The hall's rooms again, with this filter, from its first page (`None`: the same
    /// filter and page).
    FindRooms(Option<LobbyFilter>),
    /// Another page of the hall's rooms.
    LobbyPage(u32),
    /// A lobby or room message (list, create, join, sit, ready, chat, leave, …).
    Send(ClientMsg),
    /// An action for this seat's game.
    Act(GameAction),
    /// 军棋: a node clicked (deployment swaps; in play, select then move).
    JunqiClick(NodeId),
    /// 军棋: a piece dragged onto a node (a swap while laying out, a move in play).
    JunqiDrag(NodeId, NodeId),
    /// 军棋: the layout panel's requests (a new automatic layout, mirror, named layouts).
    Layout(DeployAsk),
    /// 军棋: send the army as laid out.
    Deploy,
    /// Keeps the finished game's record in the first free slot of its game.
    SaveFinished,
}

/// The piece set and the kinds every online room plays with (the built-in content, as the
/// server's).
#[derive(Resource, Clone)]
pub struct OnlineContent(pub bw_online::room::Content);

/// 联机: the connection, the lobby's and the rooms' logic.
pub fn plugin(app: &mut App) {
    app.init_resource::<Online>()
        .insert_resource(OnlineContent(bw_online::room::Content::builtin()))
        .add_message::<OnlineIntent>()
        // The server's 括号大战 moves are on the board before the screen shows it.
        .add_systems(PreUpdate, (pump, board::play_bracket).chain())
        .add_systems(
            Update,
            (apply_intents, board::send_bracket_moves.after(BracketMoves))
                .run_if(in_state(Screen::Online)),
        )
        .add_systems(
            Update,
            (tick_room_clock, sounds::junqi_sounds, sounds::reading_ticks).run_if(in_state(InRoom)),
        )
        .add_systems(OnExit(OnlineScreen::BracketBoard), board::give_back_kinds)
        .add_systems(OnExit(Screen::Online), disconnect);
}

/// 联机's screens: the lobby and the rooms.
pub fn ui_plugin(app: &mut App) {
    app.add_plugins(ui::plugin);
}

impl Online {
    pub fn connected(&self) -> bool {
        self.status == Status::Connected
    }

    fn send(&self, msg: ClientMsg) {
        if let Some(link) = &self.link {
            link.send(msg);
        }
    }

    /// This connection's seat in the room it is in.
    pub fn my_seat(&self) -> Option<u8> {
        self.room.as_ref().and_then(|r| r.you)
    }

    pub fn junqi_rules(&self) -> Option<&junqi::Rules> {
        match &self.room.as_ref()?.options.game {
            GameOptions::Junqi { rules, .. } => Some(rules),
            _ => None,
        }
    }

    fn reset_game(&mut self) {
        self.games_shown = self.games_shown.wrapping_add(1);
        self.view = None;
        self.junqi_events.clear();
        self.junqi_clashes.clear();
        self.bracket_start = None;
        self.bracket_inbox.clear();
        self.bracket_received = 0;
        self.bracket_on_board = false;
        self.finished = None;
        self.revealed = None;
        self.layout = None;
        self.selected = None;
        self.rated = None;
    }

    /// Asks for the hall's rooms: the page shown, with the filter.
    fn find_rooms(&self) {
        self.send(ClientMsg::FindRooms {
            filter: Some(self.filter.clone()),
            page: self.lobby_page,
        });
    }

    /// Takes in one server message.
    fn take(&mut self, msg: ServerMsg, content: &bw_online::room::Content) {
        match msg {
            ServerMsg::Welcome { name, account, .. } => {
                self.status = Status::Connected;
                self.me = name;
                self.logged_in = account;
                if !account && self.session.take().is_some() {
                    self.session_ended = true;
                }
                self.find_rooms();
            }
            ServerMsg::LoggedIn { name, session, .. } => {
                self.signing_in = false;
                self.me = name;
                self.logged_in = true;
                self.session = Some(session);
                self.notice = None;
            }
            ServerMsg::LoggedOut { name } => {
                self.me = name;
                self.logged_in = false;
                self.session = None;
                self.session_ended = true;
            }
            // An answer clears the last refusal: it is no longer what the player reads.
            ServerMsg::Player { page } => {
                self.notice = None;
                self.player = Some(page)
            }
            ServerMsg::Leaderboard { pool, page, rows } => {
                self.notice = None;
                self.leaderboard = Some((pool, page, rows))
            }
            ServerMsg::Rated { results } => self.rated = Some(results),
            ServerMsg::Record { record, .. } => self.replay = Some(record),
            ServerMsg::Elsewhere { room, server } => {
                if let Some(join @ ClientMsg::Join { room: asked, .. }) = self.last_join.take()
                    && asked == room
                {
                    self.moving = Some((server, join));
                }
            }
            ServerMsg::Queued { pool, waiting } => self.queued = Some((pool, waiting)),
            ServerMsg::Unqueued => self.queued = None,
            ServerMsg::Lobby { rooms, total, page } => {
                self.lobby_total = total.max(rooms.len());
                self.lobby = rooms;
                self.lobby_page = page;
            }
            ServerMsg::Room { room } => {
                self.queued = None;
                if self.room.as_ref().map(|r| r.id) != Some(room.id) {
                    self.reset_game();
                    self.chat.clear();
                    self.notice = None;
                }
                self.room = Some(room);
            }
            ServerMsg::Seated { room, seat, token } => {
                self.seat = Some((room, seat, token));
                self.layout = None;
            }
            ServerMsg::Left { why, .. } => {
                self.room = None;
                self.seat = None;
                self.reset_game();
                self.notice = (why != LeftWhy::Left).then_some(Notice::Left(why));
                self.find_rooms();
            }
            ServerMsg::Chat {
                from,
                text,
                observers,
            } => self.chat.push(ChatLine {
                from,
                text,
                observers,
            }),
            ServerMsg::Game { view } => self.take_view(view, content),
            ServerMsg::Acted { .. } => self.notice = None,
            ServerMsg::Refused { code, reason, .. } => {
                if code == RefusalCode::BadSession {
                    self.session = None;
                    self.session_ended = true;
                }
                let about_the_account = matches!(
                    code,
                    RefusalCode::NameTaken
                        | RefusalCode::BadName
                        | RefusalCode::BadPassword
                        | RefusalCode::BadLogin
                        | RefusalCode::Busy
                        | RefusalCode::RateLimited
                        | RefusalCode::ServerFull
                );
                if self.signing_in && about_the_account && !self.logged_in {
                    self.signing_in = false;
                    // Back to the connect form, with the reason.
                    self.link = None;
                    self.status = Status::Offline;
                }
                self.notice = Some(Notice::Refused(code, reason))
            }
            ServerMsg::Finished { record } => {
                self.notice = None;
                if let GameRecord::Junqi { ron } = &record {
                    let game = junqi::record::Record::from_ron(ron)
                        .and_then(|r| r.replay(content.pieces.clone()));
                    match game {
                        Ok(game) => {
                            self.revealed = Some(crate::app::junqi::board::initial_layouts(&game))
                        }
                        Err(e) => warn!("the server's 军棋 record does not replay here: {e}"),
                    }
                }
                self.finished = Some(record);
            }
            ServerMsg::Error { code, reason } => self.notice = Some(Notice::Refused(code, reason)),
        }
    }

    fn take_view(&mut self, view: GameView, content: &bw_online::room::Content) {
        let set = &*content.pieces;
        match &view {
            GameView::Junqi(v) => {
                if v.first_event == 0 {
                    self.junqi_events.clear();
                    self.junqi_clashes.clear();
                }
                if self.junqi_events.len() == v.first_event {
                    self.junqi_events.extend(v.events.iter().cloned());
                }
                // The combats as this seat may know them; a later view (the game's end)
                // may tell more of the same combat.
                for c in &v.clashes {
                    match self
                        .junqi_clashes
                        .binary_search_by_key(&c.event, |k| k.event)
                    {
                        Ok(i) => self.junqi_clashes[i] = *c,
                        Err(i) => self.junqi_clashes.insert(i, *c),
                    }
                }
                // A fresh army to lay out, when this seat still has to deploy.
                let mine = v.view.nodes.iter().flatten().any(|p| p.owner == v.view.me);
                if v.view.phase == Phase::Deploying && !v.observer && !mine {
                    if self.layout.is_none()
                        && let Some(rules) = self.junqi_rules().cloned()
                    {
                        let board = rules.make_board();
                        let seat = rules.seat_letters()[v.view.me];
                        // Seeded afresh: an army that always started the same would tell
                        // everyone where the flag is unless its player changed it.
                        let seed = fresh_seed();
                        self.layout =
                            Some(auto_layout(&rules, &board, set, seat, &v.view.hand, seed));
                    }
                } else {
                    self.layout = None;
                }
            }
            GameView::Bracket(v) => {
                let settings = match &self.room.as_ref().map(|r| &r.options.game) {
                    Some(GameOptions::Bracket { settings, .. }) => settings.clone(),
                    _ => return,
                };
                // The board is rebuilt from the start when the server sends every action
                // (a new game, or this seat taken back after a reconnection).
                let first = v.actions.saturating_sub(v.new_actions.len());
                if first == 0 {
                    self.bracket_start = Some((settings, v.seed));
                    self.bracket_inbox.clear();
                    self.bracket_received = 0;
                    self.bracket_on_board = true;
                }
                if self.bracket_received == first {
                    self.bracket_inbox
                        .extend(v.new_actions.iter().map(|(_, a)| a.clone()));
                    self.bracket_received = v.actions;
                }
            }
        }
        self.view = Some(view);
        self.view_at = Some(std::time::Instant::now());
    }

    /// Milliseconds left on the room's running clock, counted down since the view came.
    pub fn clock_left(&self) -> Option<u64> {
        let ms = match self.view.as_ref()? {
            GameView::Junqi(v) => v.clock_ms?,
            GameView::Bracket(v) => v.clock_ms?,
        };
        let since = self.view_at.map_or(0, |t| t.elapsed().as_millis() as u64);
        Some(ms.saturating_sub(since))
    }

    /// 局时: each player's total clock left, in milliseconds, the mover's counted down since
    /// the view came (empty without a total clock).
    pub fn totals_left(&self) -> Vec<u64> {
        let Some(GameView::Junqi(v)) = self.view.as_ref() else {
            return Vec::new();
        };
        let since = self.view_at.map_or(0, |t| t.elapsed().as_millis() as u64);
        let mover = (v.view.phase == Phase::Playing).then_some(v.view.turn);
        v.total_ms
            .iter()
            .enumerate()
            .map(|(p, &ms)| {
                if Some(p) == mover {
                    ms.saturating_sub(since)
                } else {
                    ms
                }
            })
            .collect()
    }

    /// 读秒: the seconds left of this seat's own move clock once only the move timer is
    /// left (no total clock, or one spent), when this seat is to move in a 军棋 game.
    pub fn reading_seconds(&self) -> Option<u64> {
        let Some(GameView::Junqi(v)) = self.view.as_ref() else {
            return None;
        };
        if v.observer || v.view.phase != Phase::Playing || v.view.turn != v.view.me {
            return None;
        }
        if self.totals_left().get(v.view.me).is_some_and(|&t| t > 0) {
            return None;
        }
        Some(self.clock_left()?.div_ceil(1000))
    }

    /// 军棋: `f` of this seat's army as its view tells it (rules, board, seat and hand).
    pub fn with_army<R>(&self, set: &PieceSet, f: impl FnOnce(Army) -> R) -> Option<R> {
        let (Some(GameView::Junqi(v)), Some(rules)) = (&self.view, self.junqi_rules()) else {
            return None;
        };
        let board = rules.make_board();
        Some(f(Army {
            rules,
            board: &board,
            set,
            seat: rules.seat_letters()[v.view.me],
            hand: &v.view.hand,
        }))
    }

    /// The 军棋 layout's problem, if the rules would refuse it.
    pub fn layout_problem(&self, set: &PieceSet, loc: &crate::app::i18n::Locale) -> Option<String> {
        let layout = self.layout.as_ref()?;
        self.with_army(set, |a| deployment::problem(layout, a, loc))?
    }

    fn act(&mut self, action: GameAction) {
        self.seq += 1;
        self.send(ClientMsg::Act {
            seq: self.seq,
            action,
        });
    }
}

/// Takes in what the connection thread received.
fn pump(
    mut online: ResMut<Online>,
    mut settings: ResMut<crate::app::settings::UserSettings>,
    content: Res<OnlineContent>,
    screen: Option<Res<State<Screen>>>,
    mut next: Option<ResMut<NextState<OnlineScreen>>>,
    mut watch_junqi: MessageWriter<crate::app::junqi::replay::WatchJunqi>,
    mut watch_bracket: MessageWriter<crate::app::bracket::replay::WatchBracketReplay>,
) {
    let Some(link) = &online.link else { return };
    let events = link.drain();
    if events.is_empty() {
        return;
    }
    for e in events {
        match e {
            // `hello` was answered with `welcome` (the link waits for it).
            LinkEvent::Connected => online.status = Status::Connected,
            LinkEvent::Msg(m) => online.take(m, &content.0),
            LinkEvent::Closed(reason) => {
                online.link = None;
                online.status = Status::Lost(reason);
                online.room = None;
                break;
            }
        }
    }
    // The seat's token outlives the window (kept in the settings).
    let token = online
        .seat
        .as_ref()
        .map(|s| s.2.clone())
        .unwrap_or_default();
    if settings.online_token != token && online.connected() {
        settings.online_token = token;
    }
    // The account's session too, for this server (a log-out or an expired one clears it).
    // (A guest on another server leaves the session of the first one alone.)
    if online.connected() {
        match &online.session {
            Some(session) if *session != settings.online_session => {
                settings.online_session = session.clone();
                settings.online_session_server = online.server.clone();
                settings.online_name = online.me.clone();
            }
            _ => {}
        }
        if std::mem::take(&mut online.session_ended)
            && settings.online_session_server == online.server
        {
            settings.online_session.clear();
        }
    }
    // A record asked for from a player page opens in its game's replay viewer.
    if let Some(record) = online.replay.take() {
        open_record(record, &mut watch_junqi, &mut watch_bracket);
    }
    // The screen follows the room: a 括号大战 game shows on its board.
    if screen.is_some_and(|s| *s.get() == Screen::Online)
        && let Some(next) = next.as_mut()
    {
        let want = match (&online.room, &online.view) {
            (None, _) => OnlineScreen::Lobby,
            // Only once the board holds the game (a view that continues a game this
            // client never started waits for the whole game).
            (Some(_), Some(GameView::Bracket(_))) if online.bracket_on_board => {
                OnlineScreen::BracketBoard
            }
            (Some(_), _) => OnlineScreen::Room,
        };
        NextState::set_if_neq(&mut **next, want);
    }
}

/// Wakes the window from the connection's thread (the window redraws only on input).
#[derive(Resource, Clone)]
pub struct OnlineWaker(pub Arc<dyn Fn() + Send + Sync>);

fn apply_intents(
    mut intents: MessageReader<OnlineIntent>,
    mut online: ResMut<Online>,
    content: Res<OnlineContent>,
    waker: Option<Res<OnlineWaker>>,
    saves: Res<crate::app::Saves>,
    settings: Res<crate::app::settings::UserSettings>,
) {
    let set = content.0.pieces.clone();
    // A room on another server of the hall: go there as the same person (the session
    // works on every server of the hall) and join it.
    let moving = online
        .moving
        .take()
        .map(|(url, join)| OnlineIntent::Connect {
            url,
            name: online.me.clone(),
            session: true,
            then: Some(join),
        });
    let moving = moving.map(|intent| (intent, true));
    for (intent, moving) in intents.read().map(|i| (i.clone(), false)).chain(moving) {
        match intent {
            OnlineIntent::Connect {
                url,
                name,
                session,
                then,
            } => {
                // What the person typed: an address, or a clear word that it is not one.
                let url = match link::server_url(&url) {
                    Ok(url) => url,
                    Err(why) => {
                        online.link = None;
                        online.status = Status::Lost(why);
                        continue;
                    }
                };
                let wake = waker.as_ref().map(|w| {
                    let w = w.0.clone();
                    Box::new(move || w()) as link::Waker
                });
                // Taking back the seat of a game this window was in (also after a restart
                // of the game: the token is kept in the settings).
                let resume = online.seat.as_ref().map(|s| s.2.clone()).or_else(|| {
                    (!settings.online_token.is_empty()).then(|| settings.online_token.clone())
                });
                // The session kept for this server, when the player continues as that account.
                // (Sent to another server of the hall: the live session goes along.)
                let kept = (!settings.online_session.is_empty()
                    && settings.online_session_server == url)
                    .then(|| settings.online_session.clone());
                let session = session
                    .then(|| online.session.clone().filter(|_| moving).or(kept))
                    .flatten();
                online.session = session.clone();
                online.server = url.clone();
                let hello = link::Hello {
                    name,
                    resume,
                    session,
                };
                online.signing_in = matches!(
                    then,
                    Some(ClientMsg::Login { .. } | ClientMsg::Register { .. })
                );
                online.link = Some(Link::open(url, hello, then, wake));
                online.status = Status::Connecting;
                online.notice = None;
            }
            OnlineIntent::Logout => {
                if let Some(session) = online.session.take() {
                    online.send(ClientMsg::Logout { session });
                }
            }
            OnlineIntent::FindRooms(filter) => {
                if let Some(filter) = filter {
                    online.filter = filter;
                    online.lobby_page = 0;
                }
                online.find_rooms();
            }
            OnlineIntent::Dismiss => online.notice = None,
            OnlineIntent::LobbyPage(page) => {
                online.lobby_page = page;
                online.find_rooms();
            }
            OnlineIntent::Disconnect => {
                online.link = None;
                online.status = Status::Offline;
                online.room = None;
                online.seat = None;
                online.reset_game();
            }
            OnlineIntent::Send(msg) => {
                if let ClientMsg::Join { .. } = &msg {
                    online.last_join = Some(msg.clone());
                }
                online.send(msg)
            }
            OnlineIntent::Act(action) => online.act(action),
            OnlineIntent::Deploy => {
                let (Some(layout), Some(rules)) = (online.layout.clone(), online.junqi_rules())
                else {
                    continue;
                };
                let board = rules.make_board();
                let named = layout
                    .iter()
                    .map(|&(n, k)| (board.name(n).to_string(), set.get(k).id.clone()))
                    .collect();
                online.act(GameAction::Deploy { layout: named });
            }
            OnlineIntent::JunqiClick(node) => junqi_click(&mut online, &set, node),
            OnlineIntent::JunqiDrag(from, to) => junqi_drag(&mut online, &set, from, to),
            OnlineIntent::Layout(ask) => layout_ask(&mut online, &set, &saves, ask),
            OnlineIntent::SaveFinished => {
                let notice = match &online.finished {
                    Some(record) => match save_record(&saves, record) {
                        Ok(slot) => Notice::Saved(slot + 1),
                        Err(n) => n,
                    },
                    None => continue,
                };
                online.notice = Some(notice);
            }
        }
    }
}

/// A seed nobody else can guess (for this seat's layouts): the standard library's random
/// hasher keys, mixed with the time.
fn fresh_seed() -> u64 {
    use std::hash::BuildHasher;
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    std::collections::hash_map::RandomState::new().hash_one(now)
}

/// The 军棋 layout panel's requests, on the army being laid out (nothing is sent before 出征):
/// the deployment's own rules, as at one computer.
fn layout_ask(online: &mut Online, set: &Arc<PieceSet>, saves: &crate::app::Saves, ask: DeployAsk) {
    let Some(layout) = online.layout.clone() else {
        return;
    };
    let seed = fresh_seed();
    let result = online.with_army(set, |a| {
        deployment::request(&ask, &layout, a, &saves.0.dir, seed)
    });
    match result {
        Some(Ok(Some(new))) => {
            online.layout = Some(new);
            online.selected = None;
        }
        Some(Err(Trouble::NotLoaded(e))) => online.notice = Some(Notice::LayoutNotLoaded(e)),
        Some(Err(Trouble::NotSaved(e))) => online.notice = Some(Notice::LayoutNotSaved(e)),
        _ => {}
    }
}

/// 军棋: a piece dragged onto a node: laying out, the deployment's drop; in play, a move.
fn junqi_drag(online: &mut Online, set: &Arc<PieceSet>, from: NodeId, to: NodeId) {
    if let Some(mut layout) = online.layout.take() {
        online.with_army(set, |a| deployment::drop_piece(&mut layout, a, from, to));
        online.layout = Some(layout);
        online.selected = None;
        return;
    }
    online.selected = None;
    junqi_click(online, set, from);
    junqi_click(online, set, to);
}

/// 军棋 clicks: during deployment two clicks swap two of the army's pieces; in play, a
/// click on an own piece selects it and a click on one of its destinations moves.
fn junqi_click(online: &mut Online, set: &Arc<PieceSet>, node: NodeId) {
    let Some(GameView::Junqi(v)) = online.view.clone() else {
        return;
    };
    let Some(rules) = online.junqi_rules().cloned() else {
        return;
    };
    let board = rules.make_board();
    if let Some(mut layout) = online.layout.take() {
        let mut selected = online.selected;
        online.with_army(set, |a| {
            deployment::click(&mut layout, &mut selected, a, node)
        });
        online.layout = Some(layout);
        online.selected = selected;
        return;
    }
    if v.view.phase != Phase::Playing || v.observer || v.view.turn != v.view.me {
        return;
    }
    let moves = v.view.legal_moves(&board, set);
    if let Some(from) = online.selected
        && moves.contains(&(from, node))
    {
        online.selected = None;
        online.act(GameAction::Move {
            from: board.name(from).to_string(),
            to: board.name(node).to_string(),
        });
        return;
    }
    online.selected = moves.iter().any(|&(f, _)| f == node).then_some(node);
    // A piece of one's own that cannot move says why.
    online.notice = match online.selected {
        None => crate::app::junqi::why_immobile(
            &board,
            set,
            v.view.nodes.get(node.0 as usize).copied().flatten(),
            v.view.me,
            node,
        )
        .map(Notice::Cannot),
        Some(_) => None,
    };
}

/// A room clock on screen keeps the window ticking so that it counts down.
fn tick_room_clock(online: Res<Online>, mut ticking: MessageWriter<crate::app::KeepTicking>) {
    let playing = online
        .room
        .as_ref()
        .is_some_and(|r| r.status == RoomStatus::Playing);
    if playing && online.clock_left().is_some_and(|ms| ms > 0) {
        ticking.write(crate::app::KeepTicking);
    }
}

fn disconnect(mut online: ResMut<Online>) {
    if online.room.is_some() {
        online.send(ClientMsg::Leave);
    }
    online.link = None;
    online.status = Status::Offline;
    online.room = None;
    online.reset_game();
}

/// Opens a finished game's record (downloaded from the server) in its replay viewer.
fn open_record(
    record: GameRecord,
    watch_junqi: &mut MessageWriter<crate::app::junqi::replay::WatchJunqi>,
    watch_bracket: &mut MessageWriter<crate::app::bracket::replay::WatchBracketReplay>,
) {
    match record {
        GameRecord::Junqi { ron } => match junqi::record::Record::from_ron(&ron) {
            Ok(record) => {
                watch_junqi.write(crate::app::junqi::replay::WatchJunqi(record));
            }
            Err(e) => warn!("the server's 军棋 record cannot be read: {e}"),
        },
        bracket @ GameRecord::Bracket { .. } => {
            if let Some(save) = bracket_save(&bracket) {
                watch_bracket.write(crate::app::bracket::replay::WatchBracketReplay(save));
            }
        }
    }
}

/// A 括号大战 record as a save (what the replay viewer and the save slots take).
fn bracket_save(record: &GameRecord) -> Option<crate::saves::SaveData> {
    let GameRecord::Bracket {
        settings,
        seed,
        actions,
    } = record
    else {
        return None;
    };
    let players = settings.board.players as usize;
    let mut data = crate::saves::SaveData::new(
        settings.clone(),
        *seed,
        vec![bw_players::bracket::Seat::Person; players],
        false,
    );
    data.actions = actions.clone();
    Some(data)
}

/// Keeps a finished online game in the first free slot of its game's save slots.
fn save_record(saves: &crate::app::Saves, record: &GameRecord) -> Result<usize, Notice> {
    use crate::saves::{JUNQI_SAVE_VERSION, JunqiSave, JunqiSeat, SLOT_COUNT, SaveData};
    let dir = &saves.0;
    fn free<F: crate::saves::SlotFile>(dir: &crate::saves::SaveDir) -> Result<usize, Notice> {
        (0..SLOT_COUNT)
            .find(|&s| !dir.path::<F>(s).exists())
            .ok_or(Notice::NoFreeSlot)
    }
    let slot = match record {
        GameRecord::Junqi { .. } => free::<JunqiSave>(dir)?,
        GameRecord::Bracket { .. } => free::<SaveData>(dir)?,
    };
    let failed = |e: String| Notice::SaveFailed(e);
    match record {
        GameRecord::Junqi { ron } => {
            let record = junqi::record::Record::from_ron(ron).map_err(failed)?;
            let seats = record
                .seats
                .iter()
                .map(|&(_, computer, _)| {
                    if computer {
                        JunqiSeat::Computer(bw_players::junqi::AiKind::Heuristic)
                    } else {
                        JunqiSeat::Person
                    }
                })
                .collect();
            let save = JunqiSave {
                version: JUNQI_SAVE_VERSION,
                record,
                seats,
                seed: 0,
                timers: Default::default(),
                // The scores of an online game are not added to this computer's profiles.
                scored: true,
                last_played: crate::saves::now(),
                online: true,
                marks: Vec::new(),
            };
            dir.store(slot, &save).map_err(|e| failed(e.to_string()))?;
        }
        bracket @ GameRecord::Bracket { .. } => {
            let data = bracket_save(bracket).expect("a 括号大战 record");
            dir.store(slot, &data).map_err(|e| failed(e.to_string()))?;
        }
    }
    Ok(slot)
}
