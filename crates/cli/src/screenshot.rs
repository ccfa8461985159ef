//! `bracket-war screenshot --screen S --out FILE.png [--pack NAME] [--lang CODE]` (fixed).

use std::path::PathBuf;

/// The screens the screenshot command can show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Screen {
    Menu,
    Slots,
    Settings,
    Game,
    End,
    /// 猪国杀: a seeded table in the middle of a game, with the event log.
    Pig,
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
