//! The 军棋 hall's players without I/O: when two names are the same account, what a password
//! must be, rank titles from ratings, the Glicko-2 update of a finished game, and which
//! games are rated (QQ's anti-farming rules). The server stores what these compute.

use serde::{Deserialize, Serialize};
use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, glicko2_rating_period};

pub use crate::protocol::{Finish, Rank};
use crate::protocol::{Level, clean_name};

/// The fewest characters a password may have.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// The most bytes a password may have (the hash reads every one).
pub const MAX_PASSWORD_BYTES: usize = 128;
/// How long a log-in lasts: a session token is refused this long after it was given.
pub const SESSION_DAYS: u64 = 30;
/// Sessions an account keeps (devices logged in at once); a new log-in ends the oldest.
pub const MAX_SESSIONS: usize = 10;
/// A rated game may not be resigned in its first plies (QQ: 20).
pub const NO_RESIGN_PLIES: u32 = 20;

/// The key under which an account name is unique: the name as shown ([`clean_name`]),
/// in lower case, with full-width ASCII (`ＡＢＣ１`) read as ASCII and each run of spaces as
/// one. "Ada", "ada " and "ＡＤＡ" are one account.
pub fn name_key(name: &str) -> Result<String, String> {
    let shown = clean_name(name)?;
    if shown.contains([':', '\u{FF1A}']) {
        // Computers' ratings are kept under `computer:LEVEL`: no account key has a colon.
        return Err("an account name with a colon".into());
    }
    Ok(fold(&shown))
}

/// A name as its key holds it: full-width forms as ASCII, one space between words,
/// lower case.
fn fold(shown: &str) -> String {
    let mut key = String::with_capacity(shown.len());
    let mut space = false;
    for c in shown.chars() {
        let c = match c {
            '\u{FF01}'..='\u{FF5E}' => char::from_u32(c as u32 - 0xFEE0).unwrap_or(c),
            '\u{3000}' => ' ',
            c => c,
        };
        if c.is_whitespace() {
            space = true;
            continue;
        }
        if space && !key.is_empty() {
            key.push(' ');
        }
        space = false;
        key.extend(c.to_lowercase());
    }
    key
}

/// What a name looks like (Unicode TR39's confusable skeletons): the skeleton of its key,
/// and its own skeleton folded as keys are (so `BiII` with a capital i reads as `bill`,
/// and `АLICE` with a Cyrillic А as `alice`). Names that share a skeleton are told apart by
/// nobody reading them — Latin `Alice` and `Аlice`, `paypal` and `pаypаl` — so a server
/// keeps each skeleton for one account, beside its key; log-ins still go by the key.
pub fn name_skeletons(name: &str) -> Vec<String> {
    use unicode_security::confusable_detection::skeleton;
    let of_key: String = skeleton(&fold(name)).collect();
    let own: String = skeleton(name).collect();
    let mut out = vec![of_key, fold(&own)];
    out.dedup();
    out
}

/// Whether two names look alike ([`name_skeletons`]).
pub fn look_alike(a: &str, b: &str) -> bool {
    let b = name_skeletons(b);
    name_skeletons(a).iter().any(|s| b.contains(s))
}

/// Why a password is refused, or nothing.
pub fn check_password(password: &str) -> Result<(), String> {
    if password.len() > MAX_PASSWORD_BYTES {
        return Err(format!(
            "a password of more than {MAX_PASSWORD_BYTES} bytes"
        ));
    }
    if password.chars().count() < MIN_PASSWORD_CHARS {
        return Err(format!(
            "a password needs at least {MIN_PASSWORD_CHARS} characters"
        ));
    }
    Ok(())
}

/// A Glicko-2 rating on the usual scale (a new player: 1500 ± 350, volatility 0.06).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    pub rating: f64,
    pub deviation: f64,
    pub volatility: f64,
}

impl Default for Rating {
    fn default() -> Self {
        Rating::from(Glicko2Rating::new())
    }
}

impl From<Glicko2Rating> for Rating {
    fn from(r: Glicko2Rating) -> Self {
        Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

impl From<Rating> for Glicko2Rating {
    fn from(r: Rating) -> Self {
        Glicko2Rating {
            rating: r.rating,
            deviation: r.deviation,
            volatility: r.volatility,
        }
    }
}

/// The rating bands of the ranks ([`Rank`] is a word of the protocol).
impl Rank {
    /// Every rank from the lowest, with the least rating of its band.
    pub const BANDS: [(Rank, f64); 9] = [
        (Rank::Engineer, f64::NEG_INFINITY),
        (Rank::Platoon, 1200.0),
        (Rank::Company, 1300.0),
        (Rank::Battalion, 1400.0),
        (Rank::Regiment, 1500.0),
        (Rank::Brigade, 1650.0),
        (Rank::Division, 1800.0),
        (Rank::Corps, 1950.0),
        (Rank::Commander, 2100.0),
    ];

    /// The rank of a rating.
    pub fn of(rating: f64) -> Rank {
        Rank::BANDS
            .iter()
            .rev()
            .find(|(_, least)| rating >= *least)
            .map_or(Rank::Engineer, |(rank, _)| *rank)
    }

    /// The grade: 0 for 工兵 up to 8 for 司令.
    pub fn grade(self) -> u8 {
        self as u8
    }

    /// The locale key of the title (`rank-…` in the locale files).
    pub fn key(self) -> &'static str {
        match self {
            Rank::Engineer => "rank-engineer",
            Rank::Platoon => "rank-platoon",
            Rank::Company => "rank-company",
            Rank::Battalion => "rank-battalion",
            Rank::Regiment => "rank-regiment",
            Rank::Brigade => "rank-brigade",
            Rank::Division => "rank-division",
            Rank::Corps => "rank-corps",
            Rank::Commander => "rank-commander",
        }
    }
}

/// One seat of a finished game, as rating sees it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rated {
    /// Seats of one team are allies: they are not rated against each other.
    pub team: u8,
    pub finish: Finish,
    pub before: Rating,
}

/// The ratings after a game: each seat is rated against every seat of another team, all in
/// one rating period (a win over each opponent when its side won and theirs did not; two
/// seats that both lost, or a drawn game, count as a draw between them).
pub fn rate(seats: &[Rated]) -> Vec<Rating> {
    let config = Glicko2Config::new();
    seats
        .iter()
        .map(|me| {
            let results: Vec<(Glicko2Rating, Outcomes)> = seats
                .iter()
                .filter(|other| other.team != me.team)
                .map(|other| {
                    let outcome = match (me.finish, other.finish) {
                        (Finish::Won, Finish::Lost) => Outcomes::WIN,
                        (Finish::Lost, Finish::Won) => Outcomes::LOSS,
                        _ => Outcomes::DRAW,
                    };
                    (other.before.into(), outcome)
                })
                .collect();
            if results.is_empty() {
                me.before
            } else {
                glicko2_rating_period(&me.before.into(), &results, &config).into()
            }
        })
        .collect()
}

/// The fewest plies a won game must have to be rated (QQ: 30 with 2 players, 40 with more).
pub fn least_plies_for_a_rated_win(players: usize) -> u32 {
    if players <= 2 { 30 } else { 40 }
}

/// Whether a finished game changes ratings: every seat a logged-in person (no guest, no
/// computer), and a win not inside [`least_plies_for_a_rated_win`].
pub fn is_rated(plies: u32, players: usize, someone_won: bool, all_accounts: bool) -> bool {
    all_accounts && players >= 2 && !(someone_won && plies < least_plies_for_a_rated_win(players))
}

/// Who sat in a seat of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Sitter {
    /// A logged-in person: the account's key ([`name_key`]).
    Account(String),
    Guest,
    Computer(Level),
}

impl Sitter {
    /// The key of the seat's rating: an account's, or a computer level's (computers have a
    /// pool of their own); a guest has none.
    pub fn rating_key(&self) -> Option<String> {
        match self {
            Sitter::Account(key) => Some(key.clone()),
            Sitter::Guest => None,
            Sitter::Computer(level) => Some(format!("computer:{level:?}").to_lowercase()),
        }
    }
}

/// One seat of a finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedSeat {
    pub seat: u8,
    /// The name shown in the room.
    pub name: String,
    pub sitter: Sitter,
    pub team: u8,
    pub finish: Finish,
    /// The seed's score of this game (the rules crate's).
    pub score: i32,
}

/// A finished 军棋 game as the hall counts it.
#[derive(Clone, Debug, PartialEq)]
pub struct FinishedGame {
    /// The room was rated (every seat a logged-in person).
    pub rated: bool,
    /// The rating pool: [`junqi_pool`].
    pub pool: String,
    /// The mode the standings add up in: [`junqi_mode`].
    pub mode: String,
    pub plies: u32,
    pub seats: Vec<FinishedSeat>,
}

/// Every rating pool of people (a leaderboard each).
pub const POOLS: [&str; 3] = ["junqi-2", "junqi-3", "junqi-4"];

/// The rating pool of a 军棋 game: by its number of players.
pub fn junqi_pool(players: usize) -> String {
    format!("junqi-{players}")
}

/// The mode of a 军棋 game for the standings: `2p`, or the board's players and who is with
/// whom (`4p-standard`, `4p-side-by-side`, `4p-melee`, `3p-melee` …).
pub fn junqi_mode(rules: &bw_rules::junqi::Rules) -> String {
    use bw_rules::junqi::{Alliance, BoardChoice};
    match rules.board {
        BoardChoice::TwoPlayer => "2p".into(),
        BoardChoice::FourPlayer => {
            let alliance = match rules.alliance {
                Alliance::Opposite => "standard",
                Alliance::Adjacent => "side-by-side",
                Alliance::None => "melee",
            };
            format!("{}p-{alliance}", rules.players)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_that_look_alike_across_scripts_have_one_skeleton() {
        let sk = look_alike;
        // Cyrillic а and Latin a; Greek Ο and Latin O; I, l and 1 in a Latin name.
        assert!(sk("Alice", "\u{410}lice"));
        assert!(sk("paypal", "p\u{430}yp\u{430}l"));
        assert!(sk("ODIN", "\u{39F}DIN"));
        assert!(sk("Bill", "BiII"));
        assert!(sk("alice", "\u{410}LICE"));
        assert!(sk("Alice", "\u{FF21}lice"), "full width");
        assert!(!sk("Alice", "Alicia"));
        assert!(!sk("司令", "军长"));
        assert!(sk("司令", "司令"));
    }

    #[test]
    fn names_are_one_account_whatever_their_case_width_or_spaces() {
        let ada = name_key("Ada Lovelace").unwrap();
        for same in [
            "ada lovelace",
            "  ADA   LOVELACE ",
            "ＡＤＡ　Ｌｏｖｅｌａｃｅ",
        ] {
            assert_eq!(name_key(same).unwrap(), ada, "{same}");
        }
        assert_ne!(name_key("Ada Lovelace2").unwrap(), ada);
        assert_eq!(name_key("小明").unwrap(), "小明");
        assert!(name_key("\u{200B}").is_err());
        assert!(name_key("Eve\u{202E}x").is_err());
    }

    #[test]
    fn passwords_have_a_floor_and_a_ceiling() {
        assert!(check_password("1234567").is_err());
        assert!(check_password("12345678").is_ok());
        assert!(check_password("密码密码密码密码").is_ok());
        assert!(check_password(&"x".repeat(MAX_PASSWORD_BYTES)).is_ok());
        assert!(check_password(&"x".repeat(MAX_PASSWORD_BYTES + 1)).is_err());
    }

    #[test]
    fn ranks_follow_the_bands() {
        assert_eq!(Rank::of(0.0), Rank::Engineer);
        assert_eq!(Rank::of(1199.9), Rank::Engineer);
        assert_eq!(Rank::of(1200.0), Rank::Platoon);
        assert_eq!(Rank::of(1500.0), Rank::Regiment);
        assert_eq!(Rank::of(Rating::default().rating), Rank::Regiment);
        assert_eq!(Rank::of(2099.0), Rank::Corps);
        assert_eq!(Rank::of(3000.0), Rank::Commander);
        assert_eq!(Rank::Engineer.grade(), 0);
        assert_eq!(Rank::Commander.grade(), 8);
    }

    /// Glickman's worked example ("Example of the Glicko-2 system", glicko.net/glicko/
    /// glicko2.pdf): a 1500 ± 200 player beats 1400 ± 30 and loses to 1550 ± 100 and
    /// 1700 ± 300 in one period, τ = 0.5: 1464.06 ± 151.52, volatility 0.05999.
    #[test]
    fn the_worked_example_of_the_glicko_2_paper() {
        let r = |rating, deviation| Rating {
            rating,
            deviation,
            volatility: 0.06,
        };
        let me = Rated {
            team: 0,
            finish: Finish::Won,
            before: r(1500.0, 200.0),
        };
        // Three one-on-one games, one period: the same as `rate` with the three opponents
        // as three seats of other teams when each result is set per pair.
        let config = Glicko2Config::new();
        let new: Rating = glicko2_rating_period(
            &me.before.into(),
            &[
                (r(1400.0, 30.0).into(), Outcomes::WIN),
                (r(1550.0, 100.0).into(), Outcomes::LOSS),
                (r(1700.0, 300.0).into(), Outcomes::LOSS),
            ],
            &config,
        )
        .into();
        assert!((new.rating - 1464.06).abs() < 0.01, "{new:?}");
        assert!((new.deviation - 151.52).abs() < 0.01, "{new:?}");
        assert!((new.volatility - 0.05999).abs() < 0.00001, "{new:?}");
    }

    #[test]
    fn two_players_win_and_lose_by_the_same_amount_from_equal_ratings() {
        let new = rate(&[
            Rated {
                team: 0,
                finish: Finish::Won,
                before: Rating::default(),
            },
            Rated {
                team: 1,
                finish: Finish::Lost,
                before: Rating::default(),
            },
        ]);
        // By hand: g(φ=350/173.7178) = 0.6690, E = 0.5, v = 1/(g²E(1−E)) = 8.935; Δ = v·g·0.5;
        // the new μ' = φ'²·g·0.5 with φ' = 1/√(1/(φ²+σ²)+1/v): 1500 + 173.7178·μ' ≈ 1662.3
        // (the volatility's own update moves it by less than 0.5).
        assert!((new[0].rating - 1662.3).abs() < 0.5, "{new:?}");
        assert!((new[1].rating - 1337.7).abs() < 0.5, "{new:?}");
        assert!((new[0].deviation - new[1].deviation).abs() < 1e-9);
        assert!(new[0].deviation < 350.0);
    }

    #[test]
    fn allies_are_not_rated_against_each_other_and_share_the_result() {
        let seat = |team, finish| Rated {
            team,
            finish,
            before: Rating::default(),
        };
        let new = rate(&[
            seat(0, Finish::Won),
            seat(1, Finish::Lost),
            seat(0, Finish::Lost), // an ally out before the end: its side won, it lost
            seat(1, Finish::Lost),
        ]);
        assert!(new[0].rating > 1500.0);
        assert!(new[1].rating < 1500.0 && new[3].rating < 1500.0);
        assert!((new[1].rating - new[3].rating).abs() < 1e-9);
        // The eliminated ally drew with both losers of the other side.
        assert!((new[2].rating - 1500.0).abs() < 1e-6, "{new:?}");
        // A drawn game between equals changes no rating, only the deviation.
        let drawn = rate(&[seat(0, Finish::Drew), seat(1, Finish::Drew)]);
        assert!((drawn[0].rating - 1500.0).abs() < 1e-9);
        assert!(drawn[0].deviation < 350.0);
    }

    #[test]
    fn quick_wins_are_not_rated_and_neither_are_guests_or_computers() {
        assert!(!is_rated(29, 2, true, true));
        assert!(is_rated(30, 2, true, true));
        assert!(!is_rated(39, 4, true, true));
        assert!(is_rated(40, 4, true, true));
        assert!(
            is_rated(10, 2, false, true),
            "a draw is rated whenever it comes"
        );
        assert!(!is_rated(100, 2, true, false));
    }
}
