//! `bracket-war screenshot --screen S --out FILE.png [--pack NAME] [--lang CODE]` (fixed).

use std::path::PathBuf;

/// The screens the screenshot command can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Screen {
    Menu,
    Slots,
    Settings,
    Game,
    /// 星号大战: a seeded game some stars in.
    StarGame,
    End,
    /// 括号大战: that finished game's replay at its last move (the move list, the result).
    Replay,
    /// 猪国杀: a seeded table in the middle of a game, with the event log.
    Pig,
    /// 军棋: the new-game screen.
    JunqiSetup,
    /// 军棋: seat S lays out its army in a seeded 4-player 标准 game.
    JunqiDeploy,
    /// 军棋: the middle of that game seen from S, a piece selected, a path hovered.
    JunqiGame,
    /// 军棋: the hand-over screen between two persons.
    JunqiHandover,
    /// 军棋: the end of a game, every layout revealed.
    JunqiEnd,
    /// 联机: the lobby of a server started for the picture, with two rooms listed.
    Online,
    /// 联机: a 军棋 room against a computer on that server, some moves into the game.
    OnlineRoom,
    /// 联机: a 括号大战 room against a computer on that server, on the game's own board.
    OnlineBracket,
}

#[derive(clap::Args, Debug, Clone)]
pub struct ScreenshotArgs {
    #[arg(long, value_enum)]
    pub screen: Screen,
    #[arg(long)]
    pub out: PathBuf,
    /// Texture pack to show.
    #[arg(long)]
    pub pack: Option<String>,
    /// Interface language: a folder of `assets/locales`; `zh` names `zh-CN`.
    #[arg(long, value_name = "CODE")]
    pub lang: Option<String>,
}
