//! The messages of the online protocol, shared by the server and every client. One message
//! is one WebSocket text frame holding one JSON object, tagged by `"type"`. The protocol and
//! its rules (versions, errors, reconnection) are written down in `docs/protocol.md`.

use serde::{Deserialize, Serialize};

use bw_rules::bracket;
use bw_rules::bracket::record::RecordedAction as BracketAction;
use bw_rules::junqi;

/// The protocol version. A client says its version in `hello`; a server that speaks
/// another refuses it with [`RefusalCode::Version`] and closes the connection.
pub const PROTOCOL_VERSION: u32 = 1;

/// The largest frame or message either side accepts, in bytes.
pub const MAX_FRAME_BYTES: usize = 64 * 1024;

/// Longest player name and chat line, in characters.
pub const MAX_NAME_CHARS: usize = 24;
pub const MAX_CHAT_CHARS: usize = 300;
/// The most observers a room takes; one more is refused with `room_full`.
pub const MAX_OBSERVERS: usize = 50;
/// The observers' names a `room` message lists (their count is always there).
pub const OBSERVER_NAMES_SHOWN: usize = 10;
/// The longest quiet-move limit an online 军棋 room may set (plies without a capture before
/// the game is drawn): every online game ends.
pub const MAX_QUIET_LIMIT: u32 = 300;

pub type RoomId = u64;

/// What a client asks.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum ClientMsg {
    /// The first message of every connection. `resume` is a seat token from `seated`: the
    /// connection takes that seat again (reconnection).
    Hello {
        version: u32,
        name: String,
        #[serde(default)]
        resume: Option<String>,
        /// A session token from `logged_in`: the connection is that account again (its
        /// name replaces `name`). An unknown or expired one is refused (`bad_session`)
        /// and the connection goes on as a guest called `name`.
        #[serde(default)]
        session: Option<String>,
    },
    /// Makes an account and logs in with it (`logged_in`). Not in a room.
    Register {
        name: String,
        password: String,
    },
    /// Logs in (`logged_in`); a wrong password and an unknown name are both `bad_login`.
    /// Not in a room.
    Login {
        name: String,
        password: String,
    },
    /// Ends the session: the token no longer logs in; the connection goes on as a guest.
    Logout {
        session: String,
    },
    /// A player's page (`player`): ratings, standings, recent games.
    Player {
        name: String,
    },
    /// The best ratings of a pool (`junqi-2`, `junqi-3`, `junqi-4`), a page of
    /// [`LEADERBOARD_PAGE`] rows (`leaderboard`).
    Leaderboard {
        pool: String,
        #[serde(default)]
        page: u32,
    },
    /// A finished game's record (`record`), to replay: the games on a player's page name
    /// their room. Only games that ended have one (nothing hidden is ever sent).
    Record {
        room: RoomId,
    },
    /// 快速开始: waits in the queue of a pool (`junqi-2`, `junqi-4`) until the server seats
    /// the player at a table with players of its grade (`queued`, then `room` and `seated`
    /// in the new room). Not in a room.
    QuickMatch {
        pool: String,
    },
    /// Leaves the quick-match queue (`unqueued`).
    LeaveQueue,
    /// Asks for the room list (`lobby`).
    ListRooms,
    /// Creates a room and sits in its first seat (the creator is its host).
    CreateRoom {
        options: RoomOptions,
    },
    /// Enters a room: `seat` sits down (a free seat), none observes. A private room asks
    /// for its `password`.
    Join {
        room: RoomId,
        #[serde(default)]
        seat: Option<u8>,
        #[serde(default)]
        password: Option<String>,
    },
    /// A page of the rooms that pass `filter` (`lobby`, [`LOBBY_PAGE`] rooms a page,
    /// waiting rooms first).
    FindRooms {
        /// Absent or null: every room.
        #[serde(default)]
        filter: Option<LobbyFilter>,
        #[serde(default)]
        page: u32,
    },
    /// Moves to a free seat of the room (from observing or another seat), before the game.
    Sit {
        seat: u8,
    },
    /// Leaves the seat and observes (before the game).
    Stand,
    /// Leaves the room. During a game the seat is kept for its token, as after a dropped
    /// connection.
    Leave,
    /// 举手: ready (or not) to start. The game starts when every seat is taken and every
    /// person is ready.
    Ready {
        ready: bool,
    },
    /// Host only, before the game: a computer takes a free seat, or leaves it (`level`
    /// none).
    SetComputer {
        seat: u8,
        #[serde(default)]
        level: Option<Level>,
    },
    /// Host only, before the game: the person in that seat is made to leave the room.
    Kick {
        seat: u8,
    },
    Chat {
        text: String,
    },
    /// 托管: during the game, the server's computer (normal) plays the sender's seat (`on`),
    /// or the person takes it back. Coming back after a dropped connection takes it back too.
    Autoplay {
        on: bool,
    },
    /// A move in the game, for the sender's seat. `seq` comes back in `acted` or `refused`.
    Act {
        seq: u32,
        action: GameAction,
    },
}

/// A computer's level: easy = random, normal = heuristic (军棋) / greedy (括号大战), hard =
/// the strong player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Level {
    Easy,
    Normal,
    Hard,
}

/// A room's game and rule options: the same as the local new-game screens'.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RoomOptions {
    pub game: GameOptions,
    /// After a dropped player's grace period, a computer (normal) plays the seat; without
    /// it, the seat's turns time out.
    #[serde(default)]
    pub computer_takes_over: bool,
    /// The room's name in the hall (as a player name: 1–24 visible characters).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// A rated room (军棋): only logged-in persons sit, no computers; its game moves
    /// ratings (docs/hall.md).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
    /// Whether anyone may watch (the host's choice).
    #[serde(default = "yes", skip_serializing_if = "Clone::clone")]
    pub observers: bool,
    /// A private room: everyone who joins says this password (1–64 characters). Sent with
    /// `create_room` only; the room keeps its hash and the lobby shows `private`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub password: Option<String>,
}

fn yes() -> bool {
    true
}

impl RoomOptions {
    /// A public room of that game, unrated, open to observers.
    pub fn of(game: GameOptions) -> RoomOptions {
        RoomOptions {
            game,
            computer_takes_over: false,
            name: None,
            rated: false,
            observers: true,
            password: None,
        }
    }

    /// What the room's own settings refuse (the game's are [`GameOptions::validate`]).
    pub fn validate(&self) -> Result<(), String> {
        self.game.validate()?;
        if let Some(name) = &self.name {
            clean_name(name).map_err(|e| e.replace("player name", "room name"))?;
        }
        if let Some(p) = &self.password
            && !(1..=MAX_ROOM_PASSWORD_CHARS).contains(&p.chars().count())
        {
            return Err(format!(
                "a room password of 1 to {MAX_ROOM_PASSWORD_CHARS} characters"
            ));
        }
        if self.rated && !matches!(self.game, GameOptions::Junqi { .. }) {
            return Err("only 军棋 rooms are rated".into());
        }
        Ok(())
    }
}

/// The longest total clock (局时) a room may give each seat: 3 hours.
pub const MAX_TOTAL_SECS: u32 = 3 * 3600;

/// The most timeouts a room may let a seat have before it loses.
pub const MAX_TIMEOUTS_LOSE: u32 = 20;

/// The longest room password.
pub const MAX_ROOM_PASSWORD_CHARS: usize = 64;
/// Rooms on a page of `find_rooms`.
pub const LOBBY_PAGE: usize = 50;

/// Which rooms `find_rooms` lists; every field unset lists them all.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LobbyFilter {
    #[serde(default)]
    pub game: Option<GameKind>,
    #[serde(default)]
    pub status: Option<RoomStatus>,
    /// Only rooms with a free seat.
    #[serde(default)]
    pub free_seats: bool,
    #[serde(default)]
    pub rated: Option<bool>,
}

impl LobbyFilter {
    pub fn passes(&self, r: &RoomSummary) -> bool {
        self.game.is_none_or(|g| r.options.game.game() == g)
            && self.status.is_none_or(|s| r.status == s)
            && (!self.free_seats || r.taken < r.seats)
            && self.rated.is_none_or(|rated| r.options.rated == rated)
    }
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case", deny_unknown_fields)]
pub enum GameOptions {
    Junqi {
        rules: junqi::Rules,
        /// Deployment time in seconds (none: no limit); at the end, the automatic layout.
        #[serde(default)]
        deploy_secs: Option<u32>,
        /// Time for each move in seconds (none: no limit); at the end, the turn is lost.
        #[serde(default)]
        move_secs: Option<u32>,
        /// "N timeouts lose" (QQ: 5): a seat whose turn times out this many times resigns
        /// (none: never). Turns of an absent player that time out count too.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        timeouts_lose: Option<u32>,
        /// 局时: each seat's time for all its moves, in seconds (none: no total clock). A
        /// move uses it first; once it is spent, each move has `move_secs` (读秒), or, with
        /// no move timer, the seat loses on time. Layouts do not use it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        total_secs: Option<u32>,
        /// 任意人数 (four-player board): four seats, and the game starts when every seated
        /// player raised a hand and at least two sit facing each other, as a 2-, 3- or
        /// 4-player game ([`bw_rules::junqi::setup::any_count_players`]).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        any_count: bool,
    },
    Bracket {
        settings: bracket::Settings,
        /// Time for each turn in seconds (none: no limit); at the end, the normal computer
        /// places for the player.
        #[serde(default)]
        move_secs: Option<u32>,
    },
}

impl GameOptions {
    pub fn seats(&self) -> usize {
        match self {
            GameOptions::Junqi { rules, .. } => rules.players as usize,
            GameOptions::Bracket { settings, .. } => settings.board.players as usize,
        }
    }

    pub fn validate(&self) -> Result<(), String> {
        let limit = |s: Option<u32>| match s {
            Some(0) => Err("a timer of 0 seconds".to_string()),
            Some(s) if s > 3600 => Err(format!("a timer of {s} seconds (at most 3600)")),
            _ => Ok(()),
        };
        match self {
            GameOptions::Junqi {
                rules,
                deploy_secs,
                move_secs,
                timeouts_lose,
                total_secs,
                any_count,
            } => {
                rules.validate()?;
                if *any_count
                    && (rules.board != junqi::BoardChoice::FourPlayer || rules.players != 4)
                {
                    return Err("任意人数 is played on the four-player board, set for 4".into());
                }
                if total_secs.is_some_and(|s| s > MAX_TOTAL_SECS) {
                    return Err(format!(
                        "a total clock of {} seconds (at most {MAX_TOTAL_SECS})",
                        total_secs.unwrap_or(0)
                    ));
                }
                if let Some(n) = timeouts_lose
                    && !(1..=MAX_TIMEOUTS_LOSE).contains(n)
                {
                    return Err(format!(
                        "{n} timeouts to lose (1 to {MAX_TIMEOUTS_LOSE}, or none)"
                    ));
                }
                // Online games must end: the quiet-move draw is on, and comes in time.
                if !(1..=MAX_QUIET_LIMIT).contains(&rules.quiet_limit) {
                    return Err(format!(
                        "a quiet limit of {} plies (online: 1 to {MAX_QUIET_LIMIT})",
                        rules.quiet_limit
                    ));
                }
                limit(*deploy_secs)?;
                limit(*move_secs)?;
                if *total_secs == Some(0) {
                    return Err("a total clock of 0 seconds".into());
                }
                Ok(())
            }
            GameOptions::Bracket {
                settings,
                move_secs,
            } => {
                settings.board.validate()?;
                if settings.turn_limit == Some(0) {
                    return Err("a turn limit of 0 rounds".into());
                }
                limit(*move_secs)
            }
        }
    }

    /// A 任意人数 room's game (the seats that play are known at the start).
    pub fn any_count(&self) -> bool {
        matches!(
            self,
            GameOptions::Junqi {
                any_count: true,
                ..
            }
        )
    }

    pub fn game(&self) -> GameKind {
        match self {
            GameOptions::Junqi { .. } => GameKind::Junqi,
            GameOptions::Bracket { .. } => GameKind::Bracket,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum GameKind {
    Junqi,
    Bracket,
}

/// A move in a room's game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum GameAction {
    /// 军棋: the seat's layout, as (node name, piece id) pairs.
    Deploy { layout: Vec<(String, String)> },
    /// 军棋: a move between node names.
    Move { from: String, to: String },
    /// 军棋: uses the turn and shows a dove.
    OfferDraw,
    /// 军棋: at any time, yes shows a dove, no clears every dove.
    AnswerDraw { yes: bool },
    /// Either game, at any time for 军棋, on the seat's turn for 括号大战.
    Resign,
    /// 括号大战: an action of the seat whose turn it is (`Surrender` is `resign`).
    Bracket { action: BracketAction },
}

/// What the server says.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to `hello`: the name the connection goes by, and whether it is logged in.
    Welcome {
        version: u32,
        name: String,
        #[serde(default)]
        account: bool,
    },
    /// Registered or logged in: the account's name (as registered) and a session token to
    /// say in a later `hello` (keep it, not the password), valid until `expires_ms` (Unix
    /// time).
    LoggedIn {
        name: String,
        session: String,
        expires_ms: i64,
    },
    /// The session ended; the connection is a guest called `name`.
    LoggedOut { name: String },
    /// A player's page.
    Player { page: PlayerPage },
    /// A page of a pool's best ratings (rated accounts only).
    Leaderboard {
        pool: String,
        page: u32,
        rows: Vec<LeaderRow>,
    },
    /// A finished game was counted: each seat with an account, its rating before and after
    /// (equal when the game was not rated) and its score.
    Rated { results: Vec<SeatRating> },
    /// The rooms, as many as fit in one frame (rooms waiting for players first), and how
    /// many rooms there are in all.
    Lobby {
        rooms: Vec<RoomSummary>,
        #[serde(default)]
        total: usize,
        /// The page of `find_rooms` (0 for `list_rooms`).
        #[serde(default)]
        page: u32,
    },
    /// The room the connection is in, whenever it changes.
    Room { room: RoomState },
    /// The connection sits in `seat`; `token` takes it back after a dropped connection.
    Seated {
        room: RoomId,
        seat: u8,
        token: String,
    },
    /// The connection is no longer in a room (it left, was kicked, or the room closed).
    Left { why: LeftWhy, reason: String },
    Chat {
        from: String,
        text: String,
        /// A line of the observers' own chat: while a game is played, what observers say
        /// goes to observers only (they cannot coach the players).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        observers: bool,
    },
    /// The connection's view of the game: its seat's view (an observer's is the public
    /// one), and the public events since the last `game` message to this connection.
    Game { view: GameView },
    /// The action `seq` was taken (the `game` message with its effect came just before).
    Acted { seq: u32 },
    /// A request was refused; the connection stays open.
    Refused {
        #[serde(default)]
        seq: Option<u32>,
        code: RefusalCode,
        reason: String,
    },
    /// The game ended: its whole record (everything revealed), to keep in a save slot.
    Finished { record: GameRecord },
    /// The record asked for with `record`.
    Record { room: RoomId, record: GameRecord },
    /// The answer to `join` for a room another server of this hall holds: connect to
    /// `server` (a `ws://` or `wss://` address; the session works there too) and join it
    /// there.
    Elsewhere { room: RoomId, server: String },
    /// In a quick-match queue: its pool, and how many wait in it (this player too).
    Queued { pool: String, waiting: usize },
    /// Out of the quick-match queue (asked, or the server could not make the table).
    Unqueued,
    /// A fault closes the connection after this message.
    Error { code: RefusalCode, reason: String },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RefusalCode {
    /// The client speaks another protocol version.
    Version,
    /// Not JSON, not a known message, or a message out of place (`hello` twice…).
    Malformed,
    /// Too many messages in too short a time.
    RateLimited,
    /// The frame was larger than [`MAX_FRAME_BYTES`].
    TooLarge,
    /// No such room, or it closed.
    NoRoom,
    RoomFull,
    SeatTaken,
    /// A seat token that names no seat.
    BadToken,
    /// Only the host may do that.
    NotHost,
    /// Only a seated player may do that (observers cannot act).
    NotSeated,
    /// Not now (the game has started, or has not).
    WrongPhase,
    NotYourTurn,
    /// The rules refuse the move; the reason says why.
    Illegal,
    BadOptions,
    /// The room's game failed inside the server; the room is closed, its record kept.
    RoomFailed,
    /// The connection was silent too long.
    Idle,
    /// The server holds as many rooms as it may.
    ServerFull,
    /// `register`: the name (after normalisation) belongs to an account.
    NameTaken,
    /// `register`: a name the server does not take (the reason says why).
    BadName,
    /// `register`: a password under 8 characters or over 128 bytes.
    BadPassword,
    /// `login`: no account of that name, or a wrong password.
    BadLogin,
    /// `hello`: the session token is unknown or expired; the connection is a guest.
    BadSession,
    /// Too many log-ins wait for the password hash; try again.
    Busy,
    /// A rated game cannot be resigned in its first plies.
    TooEarly,
    /// A private room's password was wrong or missing.
    WrongPassword,
    /// A rated room's seats are for logged-in persons.
    NotLoggedIn,
    /// The host does not let anyone watch.
    NoObservers,
    /// No account has that name (a player's page).
    NoPlayer,
}

/// Rank titles as QQ's hall names them, from the rating: 司令 at the top, 工兵 at the bottom.
/// Each rank is a band of the rating ([`crate::hall`] has the bands); a band is also a grade
/// for quick match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Rank {
    Engineer,
    Platoon,
    Company,
    Battalion,
    Regiment,
    Brigade,
    Division,
    Corps,
    Commander,
}

/// How a seat came out of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Finish {
    Won,
    Drew,
    Lost,
}

/// Rows of a `leaderboard` page.
pub const LEADERBOARD_PAGE: usize = 50;
/// Games on a `player` page.
pub const RECENT_GAMES: usize = 20;

/// A rating as the hall shows it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PoolRating {
    pub pool: String,
    pub rating: f64,
    pub deviation: f64,
    pub games: u64,
    pub rank: Rank,
}

/// A player's standing in a mode: the sum of the seed's scores, and the results.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ModeTotal {
    pub mode: String,
    pub score: i64,
    pub won: u64,
    pub drawn: u64,
    pub lost: u64,
}

/// One finished game on a player's page; `room` opens its record.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RecentGame {
    pub room: RoomId,
    pub mode: String,
    pub finish: Finish,
    pub score: i64,
    pub rated: bool,
    pub rating_before: f64,
    pub rating_after: f64,
    pub at_ms: i64,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct PlayerPage {
    pub name: String,
    pub ratings: Vec<PoolRating>,
    pub totals: Vec<ModeTotal>,
    pub recent: Vec<RecentGame>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LeaderRow {
    pub place: u32,
    pub name: String,
    pub rating: f64,
    pub deviation: f64,
    pub games: u64,
    pub rank: Rank,
}

/// A seat's result as `rated` tells it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatRating {
    pub seat: u8,
    pub name: String,
    pub rated: bool,
    pub before: f64,
    pub after: f64,
    pub score: i64,
}

/// Why a connection is no longer in a room.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum LeftWhy {
    /// It said `leave`.
    Left,
    /// The host asked it to leave.
    Kicked,
    /// Another connection took the seat back with its token.
    Replaced,
    /// The room closed after a server fault.
    RoomFailed,
}

/// A line of the room list.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomSummary {
    pub id: RoomId,
    pub options: RoomOptions,
    pub seats: usize,
    pub taken: usize,
    pub observers: usize,
    pub status: RoomStatus,
    /// Joining asks for a password.
    #[serde(default)]
    pub private: bool,
    /// Held by another server of the same hall (several servers on one database): its
    /// address, where the client goes to join it (`elsewhere`). None: this server.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum RoomStatus {
    Waiting,
    Playing,
    Over,
    /// Closed after a failure inside the server.
    Failed,
    /// Closed because nobody was in it: nobody can come back to it.
    Closed,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoomState {
    pub id: RoomId,
    pub options: RoomOptions,
    pub status: RoomStatus,
    pub seats: Vec<SeatInfo>,
    /// The first observers' names (at most [`OBSERVER_NAMES_SHOWN`]).
    pub observers: Vec<String>,
    /// How many observers there are.
    #[serde(default)]
    pub observer_count: usize,
    /// The seat of the host (the first seat held by a person).
    pub host: Option<u8>,
    /// The connection's own seat.
    pub you: Option<u8>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatInfo {
    pub seat: u8,
    pub occupant: Occupant,
    pub ready: bool,
    /// A person's connection is open.
    pub connected: bool,
    /// 托管: the server's computer plays this person's seat (asked, or after the grace
    /// period in a room where computers take over).
    #[serde(default)]
    pub autoplay: bool,
    /// A logged-in person's rating in the room's pool (a 军棋 room's), and its rank.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<Rank>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "is", rename_all = "snake_case")]
pub enum Occupant {
    Empty,
    Person { name: String },
    Computer { level: Level },
}

/// A game as one connection may see it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum GameView {
    /// Boxed: a 军棋 view is several times the size of a 括号大战 one.
    Junqi(Box<JunqiView>),
    Bracket(BracketView),
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JunqiView {
    /// The seat's view (an observer's: seat 0's view without its pieces' kinds, hand
    /// empty), or the whole position once the game is over.
    pub view: junqi::view::PlayerView,
    /// The observer flag: `view.me` means nothing then.
    pub observer: bool,
    /// The index in the game's public event log of `events[0]`.
    pub first_event: usize,
    pub events: Vec<junqi::PublicEvent>,
    /// Milliseconds left on the running clock (deployment or the current move).
    pub clock_ms: Option<u64>,
    /// 局时: each player's total clock left, in milliseconds, as the view was made (the
    /// player to move counts down from it; at 0 the move is in 读秒). Empty without one.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub total_ms: Vec<u64>,
    /// The combats among `events` (all of the game's once it is over, when every kind is
    /// known) with the kinds this connection may know: its seat's own pieces, open allies'.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub clashes: Vec<junqi::SeenClash>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BracketView {
    /// The board in the text format of `bracket-war bracket resolve`.
    pub board: String,
    /// The board's seed: with the room's settings and the actions it rebuilds the game
    /// exactly (everything in 括号大战 is public).
    pub seed: u64,
    pub turn: bracket::TurnState,
    /// The number of actions taken so far.
    pub actions: usize,
    /// The actions since the last `game` message to this connection, with their seats.
    pub new_actions: Vec<(u8, BracketAction)>,
    pub clock_ms: Option<u64>,
}

/// A finished game's record, in the save formats.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "game", rename_all = "snake_case")]
pub enum GameRecord {
    /// A 军棋 record (`junqi::record::Record`), as RON.
    Junqi { ron: String },
    Bracket {
        settings: bracket::Settings,
        seed: u64,
        actions: Vec<BracketAction>,
    },
}

/// Parses a client message; the error is one line.
pub fn parse_client(text: &str) -> Result<ClientMsg, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("not a client message: {e}"))?;
    let msg: ClientMsg =
        serde_json::from_value(value.clone()).map_err(|e| format!("not a client message: {e}"))?;
    // serde lets a message without fields (`list_rooms`, `leave`, …) carry any: every field
    // the message does not have is refused, as for the others.
    let known = serde_json::to_value(&msg).map_err(|e| e.to_string())?;
    if let (Some(sent), Some(known)) = (value.as_object(), known.as_object())
        && let Some(field) = sent
            .iter()
            .find(|(k, v)| !known.contains_key(*k) && !v.is_null())
            .map(|(k, _)| k)
    {
        return Err(format!("not a client message: unknown field `{field}`"));
    }
    Ok(msg)
}

/// Characters a name may not hold: bidirectional overrides and isolates, which turn the
/// text around it.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// Characters of no width: inside a name they would make "Bob" and "Bo\u{200B}b" two
/// players who look the same.
fn is_zero_width(c: char) -> bool {
    matches!(
        c,
        '\u{200B}'..='\u{200D}' | '\u{2060}'..='\u{2064}' | '\u{FEFF}' | '\u{180E}' | '\u{00AD}' | '\u{034F}'
    )
}

/// Characters that show nothing.
fn is_invisible(c: char) -> bool {
    matches!(
        c,
        '\u{200B}'..='\u{200D}' | '\u{2060}' | '\u{FEFF}' | '\u{180E}'
    ) || c.is_whitespace()
}

/// A player name as the server keeps it: trimmed; 1 to [`MAX_NAME_CHARS`] characters; no
/// control characters, no bidirectional overrides, and something visible.
pub fn clean_name(name: &str) -> Result<String, String> {
    let name = name.trim();
    if name.is_empty() {
        return Err("an empty player name".into());
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(format!(
            "a player name of more than {MAX_NAME_CHARS} characters"
        ));
    }
    if name.chars().any(char::is_control) {
        return Err("a player name with control characters".into());
    }
    if name.chars().any(is_bidi_control) {
        return Err("a player name with characters that turn text around".into());
    }
    if name.chars().all(is_invisible) {
        return Err("a player name with nothing visible".into());
    }
    if name.chars().any(is_zero_width) {
        return Err("a player name with invisible characters".into());
    }
    Ok(name.to_string())
}

pub fn parse_server(text: &str) -> Result<ServerMsg, String> {
    serde_json::from_str(text).map_err(|e| format!("not a server message: {e}"))
}

pub fn to_json<T: Serialize>(msg: &T) -> String {
    serde_json::to_string(msg).expect("protocol messages serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_a_message_does_not_have_is_refused_even_without_fields() {
        assert!(parse_client(r#"{"type":"list_rooms"}"#).is_ok());
        let e = parse_client(r#"{"type":"list_rooms","page":2}"#).unwrap_err();
        assert!(e.contains("unknown field `page`"), "{e}");
        assert!(parse_client(r#"{"type":"chat","text":"hi","colour":"red"}"#).is_err());
        // An absent optional field may be sent as null.
        assert!(parse_client(r#"{"type":"join","room":3,"seat":null}"#).is_ok());
    }

    #[test]
    fn names_are_visible_and_read_the_right_way() {
        assert_eq!(clean_name("  Ada ").unwrap(), "Ada");
        assert_eq!(clean_name("小明").unwrap(), "小明");
        for bad in [
            "",
            "   ",
            "\u{200B}\u{200B}",
            "\u{FEFF}",
            "Eve\u{202E}gnp.exe",
            "a\u{2066}b",
            "tab\there",
            "x".repeat(MAX_NAME_CHARS + 1).as_str(),
        ] {
            assert!(clean_name(bad).is_err(), "{bad:?}");
        }
        assert!(clean_name(&"名".repeat(MAX_NAME_CHARS)).is_ok());
    }

    #[test]
    fn messages_round_trip_as_tagged_json() {
        let m = ClientMsg::Act {
            seq: 3,
            action: GameAction::Move {
                from: "S1,2".into(),
                to: "S2,2".into(),
            },
        };
        let text = to_json(&m);
        assert_eq!(
            text,
            r#"{"type":"act","seq":3,"action":{"kind":"move","from":"S1,2","to":"S2,2"}}"#
        );
        assert_eq!(parse_client(&text).unwrap(), m);
        let hello = parse_client(r#"{"type":"hello","version":1,"name":"A"}"#).unwrap();
        assert_eq!(
            hello,
            ClientMsg::Hello {
                version: 1,
                name: "A".into(),
                resume: None,
                session: None,
            }
        );
    }

    #[test]
    fn unknown_or_malformed_messages_are_refused_with_a_reason() {
        for bad in [
            "",
            "{",
            "[]",
            r#"{"type":"fly"}"#,
            r#"{"type":"hello","version":1}"#,
            r#"{"type":"chat","text":"x","extra":1}"#,
        ] {
            let e = parse_client(bad).unwrap_err();
            assert!(e.starts_with("not a client message"), "{bad}: {e}");
        }
    }

    #[test]
    fn options_are_validated() {
        let ok = GameOptions::Junqi {
            rules: junqi::Rules::default(),
            deploy_secs: Some(120),
            move_secs: None,
            timeouts_lose: None,
            total_secs: None,
            any_count: false,
        };
        assert!(ok.validate().is_ok());
        let bad = GameOptions::Junqi {
            rules: junqi::Rules {
                board: junqi::BoardChoice::TwoPlayer,
                players: 4,
                ..junqi::Rules::default()
            },
            deploy_secs: None,
            move_secs: None,
            timeouts_lose: None,
            total_secs: None,
            any_count: false,
        };
        assert!(bad.validate().is_err());
        let zero = GameOptions::Bracket {
            settings: bracket::Settings::default(),
            move_secs: Some(0),
        };
        assert!(zero.validate().is_err());
    }
}
