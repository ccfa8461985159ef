//! Every string of the interface, in Chinese and English, switchable at run time.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Lang {
    #[default]
    Zh,
    En,
}

impl Lang {
    pub fn parse(s: &str) -> Option<Lang> {
        match s {
            "zh" => Some(Lang::Zh),
            "en" => Some(Lang::En),
            _ => None,
        }
    }

    pub fn other(self) -> Lang {
        match self {
            Lang::Zh => Lang::En,
            Lang::En => Lang::Zh,
        }
    }
}

/// A fixed interface string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum T {
    Title,
    BracketWar,
    StarWar,
    Junqi,
    PigKill,
    NotYet,
    Settings,
    Quit,
    Back,
    Language,
    TexturePack,
    Window,
    Fullscreen,
    Windowed,
    Animations,
    On,
    Off,
    Loading,
    SaveSlots,
    EmptySlot,
    Damaged,
    RestoreBackup,
    Delete,
    ConfirmDelete,
    Yes,
    No,
    SlotHelp,
    NewGame,
    Players,
    BoardSize,
    Mirrors,
    Glass,
    Mode,
    NoAdjacentStars,
    CoverageHint,
    TurnLimit,
    Seat,
    Human,
    Computer,
    Seed,
    Start,
    None,
    Turn,
    Round,
    Palette,
    Surrender,
    Pause,
    Resume,
    SaveAndQuit,
    ShowBeams,
    EventLog,
    Pass,
    Winner,
    Scores,
    Draw,
    WatchReplay,
    ToMenu,
    LastPlayed,
    PlayerN,
    Placed,
    Destroyed,
    Deleted,
    Surrendered,
    Passed,
    Thinking,
    ClickToPlace,
    Random,
    Greedy,
}

impl T {
    pub fn tr(self, lang: Lang) -> &'static str {
        let (zh, en) = match self {
            T::Title => ("括号大战", "Bracket War"),
            T::BracketWar => ("括号大战", "Bracket War"),
            T::StarWar => ("星号大战", "Star War"),
            T::Junqi => ("军棋", "Junqi"),
            T::PigKill => ("猪国杀", "Pig Country Kill"),
            T::NotYet => ("尚未开放", "coming later"),
            T::Settings => ("设置", "Settings"),
            T::Quit => ("退出", "Quit"),
            T::Back => ("返回", "Back"),
            T::Language => ("语言", "Language"),
            T::TexturePack => ("材质包", "Texture pack"),
            T::Window => ("窗口", "Window"),
            T::Fullscreen => ("全屏", "Fullscreen"),
            T::Windowed => ("窗口化", "Windowed"),
            T::Animations => ("动画", "Animations"),
            T::On => ("开", "on"),
            T::Off => ("关", "off"),
            T::Loading => ("加载中", "Loading"),
            T::SaveSlots => ("存档", "Save slots"),
            T::EmptySlot => ("空存档", "Empty slot"),
            T::Damaged => ("存档已损坏", "Damaged save"),
            T::RestoreBackup => ("恢复备份", "Restore backup"),
            T::Delete => ("删除", "Delete"),
            T::ConfirmDelete => ("确定删除这个存档吗？", "Delete this save?"),
            T::Yes => ("是", "Yes"),
            T::No => ("否", "No"),
            T::SlotHelp => (
                "左键进入，右键删除",
                "Left click to open, right click to delete",
            ),
            T::NewGame => ("新游戏", "New game"),
            T::Players => ("玩家数", "Players"),
            T::BoardSize => ("棋盘大小", "Board size"),
            T::Mirrors => ("镜子密度", "Mirror density"),
            T::Glass => ("玻璃密度", "Glass density"),
            T::Mode => ("模式", "Mode"),
            T::NoAdjacentStars => ("星号不相连", "No touching stars"),
            T::CoverageHint => ("覆盖提示", "Coverage hint"),
            T::TurnLimit => ("回合上限", "Turn limit"),
            T::Seat => ("座位", "Seat"),
            T::Human => ("人类", "Human"),
            T::Computer => ("电脑", "Computer"),
            T::Seed => ("种子", "Seed"),
            T::Start => ("启动！", "Start!"),
            T::None => ("无", "none"),
            T::Turn => ("轮到", "Turn"),
            T::Round => ("回合", "Round"),
            T::Palette => ("棋子", "Pieces"),
            T::Surrender => ("投降", "Surrender"),
            T::Pause => ("暂停", "Pause"),
            T::Resume => ("继续", "Resume"),
            T::SaveAndQuit => ("保存并返回菜单", "Save and quit to menu"),
            T::ShowBeams => ("显示攻击", "Show attacks"),
            T::EventLog => ("记录", "Log"),
            T::Pass => ("跳过", "Pass"),
            T::Winner => ("获胜", "wins"),
            T::Scores => ("得分", "Scores"),
            T::Draw => ("平局", "Draw"),
            T::WatchReplay => ("观看回放", "Watch replay"),
            T::ToMenu => ("返回菜单", "Main menu"),
            T::LastPlayed => ("上次游玩", "Last played"),
            T::PlayerN => ("玩家", "Player"),
            T::Placed => ("放置", "placed"),
            T::Destroyed => ("被摧毁", "destroyed"),
            T::Deleted => ("删除", "deleted"),
            T::Surrendered => ("投降了", "surrendered"),
            T::Passed => ("跳过", "passed"),
            T::Thinking => ("思考中……", "thinking…"),
            T::ClickToPlace => (
                "选择棋子，拖到棋盘上；方向键或滚轮旋转",
                "Pick a piece and drag it onto the board; arrows or the wheel turn it",
            ),
            T::Random => ("随机", "Random"),
            T::Greedy => ("贪心", "Greedy"),
        };
        match lang {
            Lang::Zh => zh,
            Lang::En => en,
        }
    }
}

/// A player's name: "玩家 1" / "Player 1".
pub fn player_name(lang: Lang, p: u8) -> String {
    format!("{} {p}", T::PlayerN.tr(lang))
}

/// Why an action was refused, in the interface language.
pub fn refusal(lang: Lang, r: &bw_rules::bracket::game::Refusal) -> String {
    use bw_rules::bracket::game::Refusal as R;
    if lang == Lang::En {
        return r.to_string();
    }
    match r {
        R::GameOver => "游戏已经结束".into(),
        R::OffBoard(a) => format!("{a} 不在棋盘上"),
        R::Occupied(a) => format!("{a} 不是空地"),
        R::NotCovered(a) => format!("{a} 不在你的信号覆盖区域内"),
        R::OthersHome(a, p) => format!("{a} 在玩家 {p} 的大本营里"),
        R::KindNotAllowed(k) => format!("这个模式不能放置 `{k}`"),
        R::NeedsFacing(k) => format!("括号 `{k}` 需要一个方向"),
        R::ShapeHasNoFacing(k) => format!("图形 `{k}` 没有方向"),
        R::AdjacentStar(a) => format!("{a} 的星号会与你的另一个星号相连"),
        R::NoOwnPiece(a) => format!("{a} 没有你的棋子"),
        R::NotInOwnHome(a) => format!("{a} 不在你的 3×3 范围内"),
        R::NoDeletionInStarWar => "星号大战不能删除".into(),
        R::MustPlace => "你还能放置棋子，不能跳过".into(),
        R::UnknownKind(k) => format!("没有 `{k}` 这种棋子"),
    }
}

/// Why a save slot is damaged, in the interface language.
pub fn damage(lang: Lang, d: &crate::saves::Damage) -> String {
    use crate::saves::Damage as D;
    if lang == Lang::En {
        return d.to_string();
    }
    match d {
        D::TooLarge(n) => format!("文件有 {n} 字节，比存档能有的大"),
        D::Unreadable(e) => format!("文件无法读取：{e}"),
        D::Checksum => "校验和不符（文件被截断或修改过）".into(),
        D::NotASave(e) => format!("这不是存档：{e}"),
        D::NewerVersion(v) => format!("由更新版本的游戏保存（格式 {v}）"),
        D::Replay(e) => format!("存档无法重放：{e}"),
    }
}
