//! The 军棋 new-game screen, in the original room game's spirit: players 2/3/4, the board,
//! its seven standard combinations as one-click presets, every rule flag on its own, and who
//! plays each seat (a person with a profile name, or a computer of each level).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use bw_players::junqi::{AiKind, Seat};
use bw_rules::junqi::{Alliance, BoardChoice, Rules};

use super::StartJunqi;
use crate::app::i18n::Locale;
use crate::app::state::JunqiScreen;
use crate::app::theme::{self, setting_column, setting_step, step};
use crate::tr;

/// One of the original's standard combinations (标准军棋, 四国乱战, …).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Preset {
    /// Its message id in the locale files.
    pub id: &'static str,
    pub players: u8,
    pub board: BoardChoice,
    pub alliance: Alliance,
    pub deal_random: bool,
    pub open_allies: bool,
}

/// The seed's seven standard combinations.
pub const PRESETS: [Preset; 7] = [
    Preset {
        id: "junqi-preset-standard",
        players: 4,
        board: BoardChoice::FourPlayer,
        alliance: Alliance::Opposite,
        deal_random: false,
        open_allies: false,
    },
    Preset {
        id: "junqi-preset-random",
        players: 4,
        board: BoardChoice::FourPlayer,
        alliance: Alliance::Opposite,
        deal_random: true,
        open_allies: false,
    },
    Preset {
        id: "junqi-preset-free-for-all",
        players: 4,
        board: BoardChoice::FourPlayer,
        alliance: Alliance::None,
        deal_random: false,
        open_allies: false,
    },
    Preset {
        id: "junqi-preset-open",
        players: 4,
        board: BoardChoice::FourPlayer,
        alliance: Alliance::Opposite,
        deal_random: false,
        open_allies: true,
    },
    Preset {
        id: "junqi-preset-side-by-side",
        players: 4,
        board: BoardChoice::FourPlayer,
        alliance: Alliance::Adjacent,
        deal_random: false,
        open_allies: false,
    },
    Preset {
        id: "junqi-preset-open-random",
        players: 4,
        board: BoardChoice::FourPlayer,
        alliance: Alliance::Opposite,
        deal_random: true,
        open_allies: true,
    },
    Preset {
        id: "junqi-preset-two",
        players: 2,
        board: BoardChoice::TwoPlayer,
        alliance: Alliance::None,
        deal_random: false,
        open_allies: false,
    },
];

impl Preset {
    pub fn apply(&self, rules: &mut Rules) {
        rules.players = self.players;
        rules.board = self.board;
        rules.alliance = self.alliance;
        rules.deal_random = self.deal_random;
        rules.open_allies = self.open_allies;
    }

    pub fn matches(&self, r: &Rules) -> bool {
        r.players == self.players
            && r.board == self.board
            && (r.players < 4 || r.alliance == self.alliance)
            && r.deal_random == self.deal_random
            && r.open_allies == self.open_allies
    }
}

/// The game being set up, for the slot that will hold it.
#[derive(Resource, Clone, Debug)]
pub struct JunqiDraft {
    pub slot: usize,
    pub rules: Rules,
    pub seats: Vec<Seat>,
    pub profiles: Vec<String>,
    pub seed_text: String,
    pub timers: crate::saves::JunqiTimers,
    /// Every profile's totals so far.
    pub profiles_so_far: bw_rules::junqi::record::ProfileScores,
}

impl JunqiDraft {
    /// 标准军棋 with a person at S and computers elsewhere.
    pub fn new(slot: usize) -> JunqiDraft {
        JunqiDraft {
            slot,
            rules: Rules::default(),
            seats: vec![
                Seat::Person,
                Seat::Computer(AiKind::Heuristic),
                Seat::Computer(AiKind::Heuristic),
                Seat::Computer(AiKind::Heuristic),
            ],
            profiles: vec!["玩家".into(), String::new(), String::new(), String::new()],
            seed_text: (crate::saves::now() % 1_000_000).to_string(),
            timers: crate::saves::JunqiTimers::default(),
            profiles_so_far: Default::default(),
        }
    }

    pub fn seed(&self) -> u64 {
        bw_rules::rng::seed_from_text(&self.seed_text)
    }

    /// The start request: profiles of computers are their level.
    pub fn start(&self) -> StartJunqi {
        let n = self.rules.players as usize;
        StartJunqi::New {
            slot: self.slot,
            rules: self.rules.clone(),
            seats: self.seats[..n].to_vec(),
            profiles: (0..n)
                .map(|p| match self.seats[p] {
                    Seat::Person => self.profiles[p].clone(),
                    Seat::Computer(k) => super::ai_id(k).to_string(),
                    Seat::Engine => "engine".to_string(),
                })
                .collect(),
            seed: self.seed(),
            timers: self.timers,
        }
    }
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(JunqiScreen::NewGame), read_profiles);
}

pub(super) fn ui_plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        new_game_screen.run_if(in_state(JunqiScreen::NewGame)),
    );
}

/// The profiles' totals, shown under each person's name.
fn read_profiles(draft: Option<ResMut<JunqiDraft>>, saves: Res<crate::app::Saves>) {
    if let Some(mut d) = draft {
        d.profiles_so_far = crate::saves::load_junqi_profiles(&saves.0.dir).unwrap_or_default();
    }
}

fn seat_label(loc: &Locale, seat: Seat) -> String {
    match seat {
        Seat::Person => tr!(loc, "seat-human"),
        Seat::Computer(AiKind::Random) => tr!(loc, "junqi-computer-easy"),
        Seat::Computer(AiKind::Heuristic) => tr!(loc, "junqi-computer-normal"),
        Seat::Computer(AiKind::Strong) => tr!(loc, "junqi-computer-hard"),
        Seat::Engine => tr!(loc, "junqi-engine-seat"),
    }
}

/// The rule options and timers of a 军棋 game: the presets, every flag, the timers (the
/// new-game screen and the online rooms use it).
pub fn rules_editor(
    ui: &mut egui::Ui,
    loc: &Locale,
    rules: &mut Rules,
    timers: &mut crate::saves::JunqiTimers,
) {
    ui.horizontal_wrapped(|h| {
        h.label(tr!(loc, "junqi-presets"));
        for preset in PRESETS {
            if h.selectable_label(preset.matches(rules), tr!(loc, preset.id))
                .clicked()
            {
                preset.apply(rules);
            }
        }
    });
    ui.add_space(16.0);
    let on_off = |b: bool| if b { tr!(loc, "on") } else { tr!(loc, "off") };
    ui.columns(4, |cols| {
        let by = setting_step(
            &mut cols[0],
            &tr!(loc, "players"),
            &rules.players.to_string(),
        );
        if by != 0 {
            rules.players = step(&[2, 3, 4], rules.players, by);
            if rules.players > 2 {
                rules.board = BoardChoice::FourPlayer;
            }
        }
        let board = match rules.board {
            BoardChoice::TwoPlayer => tr!(loc, "junqi-board-2p"),
            BoardChoice::FourPlayer => tr!(loc, "junqi-board-4p"),
        };
        // Two players may use either board; more need the 四国 board.
        if setting_column(&mut cols[1], &tr!(loc, "junqi-board"), &board) && rules.players == 2 {
            rules.board = match rules.board {
                BoardChoice::TwoPlayer => BoardChoice::FourPlayer,
                BoardChoice::FourPlayer => BoardChoice::TwoPlayer,
            };
        }
        let alliance = match rules.alliance {
            Alliance::Opposite => tr!(loc, "junqi-alliance-opposite"),
            Alliance::Adjacent => tr!(loc, "junqi-alliance-adjacent"),
            Alliance::None => tr!(loc, "junqi-alliance-none"),
        };
        let by = setting_step(&mut cols[2], &tr!(loc, "junqi-alliance"), &alliance);
        if by != 0 && rules.players == 4 {
            rules.alliance = step(
                &[Alliance::Opposite, Alliance::Adjacent, Alliance::None],
                rules.alliance,
                by,
            );
        }
        if setting_column(
            &mut cols[3],
            &tr!(loc, "junqi-random-deal"),
            &on_off(rules.deal_random),
        ) {
            rules.deal_random = !rules.deal_random;
        }
    });
    ui.add_space(12.0);
    ui.columns(4, |cols| {
        if setting_column(
            &mut cols[0],
            &tr!(loc, "junqi-open-allies"),
            &on_off(rules.open_allies),
        ) {
            rules.open_allies = !rules.open_allies;
        }
        if setting_column(
            &mut cols[1],
            &tr!(loc, "junqi-reveal-flag"),
            &on_off(rules.reveal_flag),
        ) {
            rules.reveal_flag = !rules.reveal_flag;
        }
        if setting_column(
            &mut cols[2],
            &tr!(loc, "junqi-bombs-not-front"),
            &on_off(rules.bombs_not_front),
        ) {
            rules.bombs_not_front = !rules.bombs_not_front;
        }
        let quiet = if rules.quiet_limit == 0 {
            tr!(loc, "off")
        } else {
            rules.quiet_limit.to_string()
        };
        let by = setting_step(&mut cols[3], &tr!(loc, "junqi-quiet-limit"), &quiet);
        if by != 0 {
            rules.quiet_limit = step(&[0, 30, 60, 100], rules.quiet_limit, by);
        }
    });
    ui.add_space(12.0);
    ui.columns(4, |cols| {
        let secs = |s: Option<u32>| s.map_or(tr!(loc, "off"), |s| tr!(loc, "junqi-seconds", n = s));
        let by = setting_step(
            &mut cols[0],
            &tr!(loc, "junqi-deploy-timer"),
            &secs(timers.deploy),
        );
        if by != 0 {
            timers.deploy = step(&[None, Some(60), Some(120), Some(300)], timers.deploy, by);
        }
        let by = setting_step(
            &mut cols[1],
            &tr!(loc, "junqi-move-timer"),
            &secs(timers.moves),
        );
        if by != 0 {
            timers.moves = step(&[None, Some(30), Some(60), Some(120)], timers.moves, by);
        }
    });
}

fn new_game_screen(
    mut contexts: EguiContexts,
    loc: Res<Locale>,
    draft: Option<ResMut<JunqiDraft>>,
    mut next: ResMut<NextState<JunqiScreen>>,
    mut start: MessageWriter<StartJunqi>,
    settings: Option<Res<crate::app::settings::UserSettings>>,
) -> Result {
    let Some(mut draft) = draft else {
        next.set(JunqiScreen::Slots);
        return Ok(());
    };
    let engine_command = settings
        .as_ref()
        .map(|s| s.junqi_engine.trim().to_string())
        .unwrap_or_default();
    let has_engine = !engine_command.is_empty();
    let ctx = contexts.ctx_mut()?;
    theme::page(ctx, |ui| {
        ui.add_space(24.0);
        theme::header(ui, &tr!(loc, "junqi-new-game"));
        ui.vertical_centered(|ui| theme::hint(ui, &tr!(loc, "settings-step-help")));
        ui.add_space(16.0);
        let d = &mut *draft;
        rules_editor(ui, &loc, &mut d.rules, &mut d.timers);
        ui.add_space(12.0);
        let n = d.rules.players as usize;
        let letters = d.rules.seat_letters();
        ui.columns(4, |cols| {
            for (p, col) in cols.iter_mut().enumerate().take(n) {
                let title = tr!(loc, "junqi-seat", seat = letters[p].to_string());
                let by = setting_step(col, &title, &seat_label(&loc, d.seats[p]));
                if by != 0 {
                    // An external engine can sit once its command is set.
                    let mut seats = vec![
                        Seat::Person,
                        Seat::Computer(AiKind::Heuristic),
                        Seat::Computer(AiKind::Strong),
                        Seat::Computer(AiKind::Random),
                    ];
                    if has_engine {
                        seats.push(Seat::Engine);
                    }
                    d.seats[p] = step(&seats, d.seats[p], by);
                }
                if d.seats[p] == Seat::Person {
                    col.vertical_centered(|c| {
                        c.add(
                            egui::TextEdit::singleline(&mut d.profiles[p])
                                .hint_text(tr!(loc, "junqi-profile"))
                                .desired_width(150.0),
                        );
                        let name = d.profiles[p].trim();
                        if let Some(total) = d.profiles_so_far.totals.get(name) {
                            let games = d.profiles_so_far.games.get(name).copied().unwrap_or(0);
                            theme::hint(
                                c,
                                &tr!(loc, "junqi-profile-total", score = *total, games = games),
                            );
                        }
                    });
                }
            }
        });
        ui.add_space(8.0);
        ui.vertical_centered(|ui| {
            if has_engine {
                theme::hint(
                    ui,
                    &tr!(
                        loc,
                        "junqi-engine-command",
                        command = engine_command.clone()
                    ),
                );
            } else {
                theme::hint(ui, &tr!(loc, "junqi-engine-none"));
            }
            ui.add_space(8.0);
            ui.horizontal(|ui| {
                ui.add_space(ui.available_width() / 2.0 - 160.0);
                ui.label(tr!(loc, "seed"));
                ui.add(egui::TextEdit::singleline(&mut d.seed_text).desired_width(200.0));
            });
            ui.add_space(12.0);
            let go = egui::Button::new(egui::RichText::new(tr!(loc, "junqi-start")).size(30.0))
                .min_size(egui::vec2(220.0, 60.0));
            if ui.add(go).clicked() {
                start.write(d.start());
            }
            ui.add_space(8.0);
            if ui.button(tr!(loc, "back")).clicked() {
                next.set(JunqiScreen::Slots);
            }
        });
    });
    Ok(())
}
