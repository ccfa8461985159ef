//! `bracket-war screenshot --screen S --out FILE.png [--pack NAME] [--lang zh|en]` (fixed).

use std::path::PathBuf;

use crate::app::i18n::Lang;
use crate::app::screenshot::{Request, Screen};

#[derive(clap::Args, Debug)]
pub struct ScreenshotArgs {
    #[arg(long, value_enum)]
    pub screen: Screen,
    #[arg(long)]
    pub out: PathBuf,
    /// Texture pack to show.
    #[arg(long)]
    pub pack: Option<String>,
    #[arg(long, value_parser = ["zh", "en"])]
    pub lang: Option<String>,
}

impl ScreenshotArgs {
    pub fn request(&self) -> Request {
        Request {
            screen: self.screen,
            out: self.out.clone(),
        }
    }

    pub fn lang(&self) -> Option<Lang> {
        self.lang.as_deref().and_then(Lang::parse)
    }
}
