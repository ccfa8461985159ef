//! The hall's players in the database: accounts (argon2id password hashes), sessions (kept
//! as hashes, like seat tokens), Glicko-2 ratings per pool, standings per mode, and each
//! finished game's result per seat. The rules of it (names, passwords, ranks, rating,
//! anti-farming) are [`bw_online::hall`]'s; this file stores what they compute. Every change
//! is one transaction; a finished game is settled once (its results' key is the room and
//! the seat), so a retry after a crash counts nothing twice.

use std::sync::Arc;

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use sqlx::Row;

use bw_online::hall::{self, Finish, FinishedGame, Rated, Rating, Sitter};
use bw_online::protocol::{
    LEADERBOARD_PAGE, LeaderRow, ModeTotal, PlayerPage, PoolRating, RECENT_GAMES, RecentGame,
    RoomId,
};

use super::store::{Store, unix_ms};

/// Password hashes computed at once, server-wide (each takes a core for tens of
/// milliseconds and 19 MiB), on threads of their own: the same few threads every time, so
/// the memory the allocator keeps after a hash is a few threads' worth, not one for every
/// blocking thread Tokio ever started. The others wait, up to [`MAX_HASHES_WAITING`].
pub struct Hashing {
    jobs: std::sync::mpsc::Sender<Box<dyn FnOnce() + Send>>,
    waiting: Arc<std::sync::atomic::AtomicUsize>,
}

/// A hash's 19 MiB go back to the system when it is done: glibc's allocator keeps freed
/// blocks that large otherwise (the process grew by about 20 MiB a hashing thread).
fn give_memory_back() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: malloc_trim only returns free memory of the allocator to the system.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// Log-ins and registrations waiting for a hash; one more is refused (`busy`).
pub const MAX_HASHES_WAITING: usize = 64;

impl Hashing {
    /// `at_once` hashing threads (at least one), which end with the last `Hashing`.
    pub fn new(at_once: usize) -> Hashing {
        let (jobs, queue) = std::sync::mpsc::channel::<Box<dyn FnOnce() + Send>>();
        let queue = Arc::new(std::sync::Mutex::new(queue));
        for i in 0..at_once.max(1) {
            let queue = queue.clone();
            std::thread::Builder::new()
                .name(format!("password-hash-{i}"))
                .spawn(move || {
                    loop {
                        let job = queue.lock().expect("hash queue").recv();
                        match job {
                            Ok(job) => {
                                job();
                                give_memory_back();
                            }
                            Err(_) => break,
                        }
                    }
                })
                .expect("a thread for password hashes");
        }
        Hashing {
            jobs,
            waiting: Default::default(),
        }
    }

    /// Runs `job` on a hashing thread; `None` when too many wait.
    async fn run<T: Send + 'static>(&self, job: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        use std::sync::atomic::Ordering::AcqRel;
        if self.waiting.fetch_add(1, AcqRel) >= MAX_HASHES_WAITING {
            self.waiting.fetch_sub(1, AcqRel);
            return None;
        }
        let (done, answer) = tokio::sync::oneshot::channel();
        let waiting = self.waiting.clone();
        let sent = self.jobs.send(Box::new(move || {
            waiting.fetch_sub(1, AcqRel);
            let _ = done.send(job());
        }));
        if sent.is_err() {
            self.waiting.fetch_sub(1, AcqRel);
            return None;
        }
        answer.await.ok()
    }
}

/// A hash to verify against when the name has no account, so that an unknown name takes as
/// long as a wrong password (no way to tell which names exist by timing).
fn stand_in_hash() -> &'static str {
    static HASH: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    HASH.get_or_init(|| hash_password("not a password of anyone").unwrap_or_default())
}

fn hash_password(password: &str) -> Result<String, String> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| e.to_string())
}

fn verify_password(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc).is_ok_and(|h| {
        Argon2::default()
            .verify_password(password.as_bytes(), &h)
            .is_ok()
    })
}

/// Why a registration or a log-in did not happen.
#[derive(Debug, PartialEq, Eq)]
pub enum AccountError {
    /// The name (after normalisation) belongs to an account.
    Taken,
    /// The name looks like this account's name (letters of another script, I for l).
    LookAlike(String),
    /// No account of that name, or a wrong password (the client is not told which).
    BadLogin,
    /// A name or password the rules refuse; the reason says why.
    Invalid(String),
    /// Too many log-ins wait for the password hash.
    Busy,
    Database(String),
}

/// A logged-in player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Account {
    /// The name as registered.
    pub name: String,
    /// The normalised name, the account's key ([`hall::name_key`]).
    pub key: String,
}

/// A new session: the token (given to the client once, kept only as its hash) and when it
/// expires.
pub struct SessionToken {
    pub token: String,
    pub expires_ms: i64,
}

/// A finished game to count, and its room.
#[derive(Clone, Debug)]
pub struct Settlement {
    pub room: RoomId,
    pub game: FinishedGame,
}

/// What settling changed for one seat with an account.
#[derive(Clone, Debug, PartialEq)]
pub struct Settled {
    pub seat: u8,
    pub before: Rating,
    pub after: Rating,
    pub rated: bool,
}

fn finish_text(f: Finish) -> &'static str {
    match f {
        Finish::Won => "won",
        Finish::Drew => "drew",
        Finish::Lost => "lost",
    }
}

fn db(e: sqlx::Error) -> String {
    e.to_string()
}

impl Store {
    /// Registers an account and logs it in.
    pub async fn register(
        &self,
        hashing: &Hashing,
        name: &str,
        password: &str,
    ) -> Result<(Account, SessionToken), AccountError> {
        let key = hall::name_key(name).map_err(AccountError::Invalid)?;
        hall::check_password(password).map_err(AccountError::Invalid)?;
        let shown = bw_online::protocol::clean_name(name).map_err(AccountError::Invalid)?;
        let password = password.to_string();
        let phc = hashing
            .run(move || hash_password(&password))
            .await
            .ok_or(AccountError::Busy)?
            .map_err(AccountError::Database)?;
        let dberr = |e: sqlx::Error| AccountError::Database(db(e));
        let mut tx = self.pool.begin().await.map_err(dberr)?;
        let done = sqlx::query(
            "INSERT INTO accounts (name_key, name, phc, created_ms) VALUES ($1, $2, $3, $4) \
             ON CONFLICT (name_key) DO NOTHING",
        )
        .bind(&key)
        .bind(&shown)
        .bind(&phc)
        .bind(unix_ms())
        .execute(&mut *tx)
        .await
        .map_err(dberr)?;
        if done.rows_affected() == 0 {
            return Err(AccountError::Taken);
        }
        // One account per look: a name that reads as another account's is refused.
        for skeleton in hall::name_skeletons(&shown) {
            sqlx::query(
                "INSERT INTO name_skeletons (skeleton, name_key) VALUES ($1, $2) \
                 ON CONFLICT (skeleton) DO NOTHING",
            )
            .bind(&skeleton)
            .bind(&key)
            .execute(&mut *tx)
            .await
            .map_err(dberr)?;
            let row = sqlx::query("SELECT name_key FROM name_skeletons WHERE skeleton = $1")
                .bind(&skeleton)
                .fetch_one(&mut *tx)
                .await
                .map_err(dberr)?;
            let holder: String = row.try_get("name_key").map_err(dberr)?;
            if holder != key {
                let other = sqlx::query("SELECT name FROM accounts WHERE name_key = $1")
                    .bind(&holder)
                    .fetch_optional(&mut *tx)
                    .await
                    .map_err(dberr)?
                    .and_then(|r| r.try_get::<String, _>("name").ok())
                    .unwrap_or(holder);
                return Err(AccountError::LookAlike(other));
            }
        }
        tx.commit().await.map_err(dberr)?;
        let account = Account { name: shown, key };
        let session = self
            .new_session(&account.key)
            .await
            .map_err(AccountError::Database)?;
        Ok((account, session))
    }

    /// Logs in with a name and a password.
    pub async fn login(
        &self,
        hashing: &Hashing,
        name: &str,
        password: &str,
    ) -> Result<(Account, SessionToken), AccountError> {
        let key = hall::name_key(name).map_err(|_| AccountError::BadLogin)?;
        if password.len() > hall::MAX_PASSWORD_BYTES {
            return Err(AccountError::BadLogin);
        }
        let row = sqlx::query("SELECT name, phc FROM accounts WHERE name_key = $1")
            .bind(&key)
            .fetch_optional(&self.pool)
            .await
            .map_err(|e| AccountError::Database(db(e)))?;
        let found = row
            .map(|r| -> Result<(String, String), sqlx::Error> {
                Ok((r.try_get("name")?, r.try_get("phc")?))
            })
            .transpose()
            .map_err(|e| AccountError::Database(db(e)))?;
        let phc = found
            .as_ref()
            .map_or_else(|| stand_in_hash().to_string(), |(_, phc)| phc.clone());
        let password = password.to_string();
        let right = hashing
            .run(move || verify_password(&password, &phc))
            .await
            .ok_or(AccountError::Busy)?;
        let Some((name, _)) = found.filter(|_| right) else {
            return Err(AccountError::BadLogin);
        };
        let account = Account { name, key };
        let session = self
            .new_session(&account.key)
            .await
            .map_err(AccountError::Database)?;
        Ok((account, session))
    }

    async fn new_session(&self, key: &str) -> Result<SessionToken, String> {
        let token = super::new_token();
        let expires_ms = unix_ms() + (hall::SESSION_DAYS * 24 * 3600 * 1000) as i64;
        // Expired sessions go when a new one comes (the table holds only live ones and
        // the just-expired).
        sqlx::query("DELETE FROM sessions WHERE expires_ms < $1")
            .bind(unix_ms())
            .execute(&self.pool)
            .await
            .map_err(db)?;
        sqlx::query("INSERT INTO sessions (hash, name_key, expires_ms) VALUES ($1, $2, $3)")
            .bind(bw_online::room::token_hash(&token))
            .bind(key)
            .bind(expires_ms)
            .execute(&self.pool)
            .await
            .map_err(db)?;
        // An account keeps its newest sessions only (log-ins cannot grow the table).
        sqlx::query(
            "DELETE FROM sessions WHERE name_key = $1 AND hash NOT IN \
             (SELECT hash FROM sessions WHERE name_key = $1 \
              ORDER BY expires_ms DESC, hash LIMIT $2)",
        )
        .bind(key)
        .bind(hall::MAX_SESSIONS as i64)
        .execute(&self.pool)
        .await
        .map_err(db)?;
        Ok(SessionToken { token, expires_ms })
    }

    /// The account a session token stands for, if it is known and not expired.
    pub async fn session(&self, token: &str) -> Result<Option<Account>, String> {
        let row = sqlx::query(
            "SELECT a.name, a.name_key FROM sessions s JOIN accounts a \
             ON a.name_key = s.name_key WHERE s.hash = $1 AND s.expires_ms > $2",
        )
        .bind(bw_online::room::token_hash(token))
        .bind(unix_ms())
        .fetch_optional(&self.pool)
        .await
        .map_err(db)?;
        row.map(|r| -> Result<Account, sqlx::Error> {
            Ok(Account {
                name: r.try_get("name")?,
                key: r.try_get("name_key")?,
            })
        })
        .transpose()
        .map_err(db)
    }

    /// Ends a session (log-out); false when there was no such session.
    pub async fn end_session(&self, token: &str) -> Result<bool, String> {
        let done = sqlx::query("DELETE FROM sessions WHERE hash = $1")
            .bind(bw_online::room::token_hash(token))
            .execute(&self.pool)
            .await
            .map_err(db)?;
        Ok(done.rows_affected() > 0)
    }

    /// Test builds: makes a session expire now.
    #[doc(hidden)]
    pub async fn expire_sessions_of(&self, key: &str) -> Result<(), String> {
        sqlx::query("UPDATE sessions SET expires_ms = 0 WHERE name_key = $1")
            .bind(key)
            .execute(&self.pool)
            .await
            .map_err(db)?;
        Ok(())
    }

    /// Test builds: sets an account's rating in a pool (as if its games had brought it
    /// there).
    #[doc(hidden)]
    pub async fn set_rating_for_tests(
        &self,
        key: &str,
        pool: &str,
        rating: f64,
    ) -> Result<(), String> {
        let fresh = Rating::default();
        sqlx::query(
            "INSERT INTO ratings (name_key, pool, rating, deviation, volatility, games) \
             VALUES ($1, $2, $3, $4, $5, 0) ON CONFLICT (name_key, pool) DO UPDATE SET \
             rating = excluded.rating",
        )
        .bind(key)
        .bind(pool)
        .bind(rating)
        .bind(fresh.deviation)
        .bind(fresh.volatility)
        .execute(&self.pool)
        .await
        .map_err(db)?;
        Ok(())
    }

    /// How many accounts there are.
    pub async fn accounts(&self) -> Result<u64, String> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM accounts")
            .fetch_one(&self.pool)
            .await
            .map_err(db)?;
        let n: i64 = row.try_get("n").map_err(db)?;
        Ok(n as u64)
    }

    /// Every rating an account has: (pool, rating).
    pub async fn ratings_of(&self, key: &str) -> Result<Vec<(String, f64)>, String> {
        let rows = sqlx::query("SELECT pool, rating FROM ratings WHERE name_key = $1")
            .bind(key)
            .fetch_all(&self.pool)
            .await
            .map_err(db)?;
        rows.iter()
            .map(|r| {
                Ok((
                    r.try_get("pool").map_err(db)?,
                    r.try_get("rating").map_err(db)?,
                ))
            })
            .collect()
    }

    /// A player's rating in a pool (a new player's when there is none).
    pub async fn rating(&self, key: &str, pool: &str) -> Result<(Rating, u64), String> {
        let row = sqlx::query(
            "SELECT rating, deviation, volatility, games FROM ratings \
             WHERE name_key = $1 AND pool = $2",
        )
        .bind(key)
        .bind(pool)
        .fetch_optional(&self.pool)
        .await
        .map_err(db)?;
        match row {
            None => Ok((Rating::default(), 0)),
            Some(r) => Ok((
                Rating {
                    rating: r.try_get("rating").map_err(db)?,
                    deviation: r.try_get("deviation").map_err(db)?,
                    volatility: r.try_get("volatility").map_err(db)?,
                },
                r.try_get::<i64, _>("games").map_err(db)? as u64,
            )),
        }
    }

    /// Counts a finished game: standings for every account, ratings when the game is rated
    /// (every seat an account, no quick win), computers' ratings in their own pool when
    /// they played against accounts (the people's ratings do not move). Once per room: a
    /// second call changes nothing and answers what the first did.
    pub async fn settle(&self, settlement: &Settlement) -> Result<Vec<Settled>, String> {
        let (room, game) = (settlement.room, &settlement.game);
        let mut tx = self.pool.begin().await.map_err(db)?;
        let done = sqlx::query("SELECT COUNT(*) AS n FROM results WHERE room = $1")
            .bind(room as i64)
            .fetch_one(&mut *tx)
            .await
            .map_err(db)?;
        if done.try_get::<i64, _>("n").map_err(db)? > 0 {
            tx.rollback().await.map_err(db)?;
            return self.settled(room).await;
        }
        let mut before = Vec::with_capacity(game.seats.len());
        for seat in &game.seats {
            let rating = match seat.sitter.rating_key() {
                Some(key) => {
                    let row = sqlx::query(
                        "SELECT rating, deviation, volatility FROM ratings \
                         WHERE name_key = $1 AND pool = $2",
                    )
                    .bind(&key)
                    .bind(&game.pool)
                    .fetch_optional(&mut *tx)
                    .await
                    .map_err(db)?;
                    match row {
                        Some(r) => Rating {
                            rating: r.try_get("rating").map_err(db)?,
                            deviation: r.try_get("deviation").map_err(db)?,
                            volatility: r.try_get("volatility").map_err(db)?,
                        },
                        None => Rating::default(),
                    }
                }
                None => Rating::default(),
            };
            before.push(rating);
        }
        let accounts = game
            .seats
            .iter()
            .all(|s| matches!(s.sitter, Sitter::Account(_)));
        let someone_won = game.seats.iter().any(|s| s.finish == Finish::Won);
        let rated =
            game.rated && hall::is_rated(game.plies, game.seats.len(), someone_won, accounts);
        let computers_rated = !rated
            && !accounts
            && game
                .seats
                .iter()
                .all(|s| !matches!(s.sitter, Sitter::Guest))
            && game
                .seats
                .iter()
                .any(|s| matches!(s.sitter, Sitter::Computer(_)))
            && game
                .seats
                .iter()
                .any(|s| matches!(s.sitter, Sitter::Account(_)));
        let after = if rated || computers_rated {
            hall::rate(
                &game
                    .seats
                    .iter()
                    .zip(&before)
                    .map(|(s, b)| Rated {
                        team: s.team,
                        finish: s.finish,
                        before: *b,
                    })
                    .collect::<Vec<_>>(),
            )
        } else {
            before.clone()
        };
        let now = unix_ms();
        let mut out = Vec::new();
        for ((seat, before), after) in game.seats.iter().zip(&before).zip(&after) {
            let moves_rating = match seat.sitter {
                Sitter::Account(_) => rated,
                Sitter::Computer(_) => computers_rated,
                Sitter::Guest => false,
            };
            if let (true, Some(key)) = (moves_rating, seat.sitter.rating_key()) {
                sqlx::query(
                    "INSERT INTO ratings (name_key, pool, rating, deviation, volatility, games) \
                     VALUES ($1, $2, $3, $4, $5, 1) ON CONFLICT (name_key, pool) DO UPDATE SET \
                     rating = excluded.rating, deviation = excluded.deviation, \
                     volatility = excluded.volatility, games = ratings.games + 1",
                )
                .bind(&key)
                .bind(&game.pool)
                .bind(after.rating)
                .bind(after.deviation)
                .bind(after.volatility)
                .execute(&mut *tx)
                .await
                .map_err(db)?;
            }
            let Sitter::Account(key) = &seat.sitter else {
                continue;
            };
            // A person's rating moved only if the game was rated for them.
            let after = if moves_rating { after } else { before };
            let (won, drawn, lost) = match seat.finish {
                Finish::Won => (1, 0, 0),
                Finish::Drew => (0, 1, 0),
                Finish::Lost => (0, 0, 1),
            };
            sqlx::query(
                "INSERT INTO totals (name_key, mode, score, won, drawn, lost) \
                 VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (name_key, mode) DO UPDATE SET \
                 score = totals.score + excluded.score, won = totals.won + excluded.won, \
                 drawn = totals.drawn + excluded.drawn, lost = totals.lost + excluded.lost",
            )
            .bind(key)
            .bind(&game.mode)
            .bind(seat.score as i64)
            .bind(won as i64)
            .bind(drawn as i64)
            .bind(lost as i64)
            .execute(&mut *tx)
            .await
            .map_err(db)?;
            sqlx::query(
                "INSERT INTO results (room, seat, name_key, pool, mode, finish, score, rated, \
                 rating_before, rating_after, at_ms) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)",
            )
            .bind(room as i64)
            .bind(seat.seat as i32)
            .bind(key)
            .bind(&game.pool)
            .bind(&game.mode)
            .bind(finish_text(seat.finish))
            .bind(seat.score as i64)
            .bind(rated as i32)
            .bind(before.rating)
            .bind(after.rating)
            .bind(now)
            .execute(&mut *tx)
            .await
            .map_err(db)?;
            out.push(Settled {
                seat: seat.seat,
                before: *before,
                after: *after,
                rated,
            });
        }
        tx.commit().await.map_err(db)?;
        Ok(out)
    }

    /// What settling a room did, as stored.
    async fn settled(&self, room: RoomId) -> Result<Vec<Settled>, String> {
        let rows = sqlx::query(
            "SELECT seat, rated, rating_before, rating_after FROM results \
             WHERE room = $1 ORDER BY seat",
        )
        .bind(room as i64)
        .fetch_all(&self.pool)
        .await
        .map_err(db)?;
        rows.into_iter()
            .map(|r| -> Result<Settled, sqlx::Error> {
                let rating = |v: f64| Rating {
                    rating: v,
                    ..Rating::default()
                };
                Ok(Settled {
                    seat: r.try_get::<i32, _>("seat")? as u8,
                    rated: r.try_get::<i32, _>("rated")? != 0,
                    before: rating(r.try_get("rating_before")?),
                    after: rating(r.try_get("rating_after")?),
                })
            })
            .collect::<Result<_, _>>()
            .map_err(db)
    }
}

impl Store {
    /// A player's page: ratings by pool, standings by mode, the last games (`None`: no
    /// account of that name).
    pub async fn player_page(&self, name: &str) -> Result<Option<PlayerPage>, String> {
        let Ok(key) = hall::name_key(name) else {
            return Ok(None);
        };
        let Some(row) = sqlx::query("SELECT name FROM accounts WHERE name_key = $1")
            .bind(&key)
            .fetch_optional(&self.pool)
            .await
            .map_err(db)?
        else {
            return Ok(None);
        };
        let name: String = row.try_get("name").map_err(db)?;
        let ratings = sqlx::query(
            "SELECT pool, rating, deviation, games FROM ratings WHERE name_key = $1 \
             ORDER BY pool",
        )
        .bind(&key)
        .fetch_all(&self.pool)
        .await
        .map_err(db)?
        .into_iter()
        .map(|r| -> Result<PoolRating, sqlx::Error> {
            let rating: f64 = r.try_get("rating")?;
            Ok(PoolRating {
                pool: r.try_get("pool")?,
                rating,
                deviation: r.try_get("deviation")?,
                games: r.try_get::<i64, _>("games")? as u64,
                rank: hall::Rank::of(rating),
            })
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(db)?;
        let totals = sqlx::query(
            "SELECT mode, score, won, drawn, lost FROM totals WHERE name_key = $1 ORDER BY mode",
        )
        .bind(&key)
        .fetch_all(&self.pool)
        .await
        .map_err(db)?
        .into_iter()
        .map(|r| -> Result<ModeTotal, sqlx::Error> {
            Ok(ModeTotal {
                mode: r.try_get("mode")?,
                score: r.try_get("score")?,
                won: r.try_get::<i64, _>("won")? as u64,
                drawn: r.try_get::<i64, _>("drawn")? as u64,
                lost: r.try_get::<i64, _>("lost")? as u64,
            })
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(db)?;
        let recent = sqlx::query(
            "SELECT room, mode, finish, score, rated, rating_before, rating_after, at_ms \
             FROM results WHERE name_key = $1 ORDER BY at_ms DESC, room DESC LIMIT $2",
        )
        .bind(&key)
        .bind(RECENT_GAMES as i64)
        .fetch_all(&self.pool)
        .await
        .map_err(db)?
        .into_iter()
        .map(|r| -> Result<RecentGame, sqlx::Error> {
            let finish = match r.try_get::<String, _>("finish")?.as_str() {
                "won" => Finish::Won,
                "drew" => Finish::Drew,
                _ => Finish::Lost,
            };
            Ok(RecentGame {
                room: r.try_get::<i64, _>("room")? as RoomId,
                mode: r.try_get("mode")?,
                finish,
                score: r.try_get("score")?,
                rated: r.try_get::<i32, _>("rated")? != 0,
                rating_before: r.try_get("rating_before")?,
                rating_after: r.try_get("rating_after")?,
                at_ms: r.try_get("at_ms")?,
            })
        })
        .collect::<Result<Vec<_>, _>>()
        .map_err(db)?;
        Ok(Some(PlayerPage {
            name,
            ratings,
            totals,
            recent,
        }))
    }

    /// A page of a pool's best ratings: accounts only (computers' ratings are on their own
    /// board), highest first, ties by fewer games' deviation then name.
    pub async fn leaderboard(&self, pool: &str, page: u32) -> Result<Vec<LeaderRow>, String> {
        let offset = page as i64 * LEADERBOARD_PAGE as i64;
        let rows = sqlx::query(
            "SELECT a.name, r.rating, r.deviation, r.games FROM ratings r \
             JOIN accounts a ON a.name_key = r.name_key WHERE r.pool = $1 \
             ORDER BY r.rating DESC, r.deviation ASC, a.name_key ASC LIMIT $2 OFFSET $3",
        )
        .bind(pool)
        .bind(LEADERBOARD_PAGE as i64)
        .bind(offset)
        .fetch_all(&self.pool)
        .await
        .map_err(db)?;
        rows.into_iter()
            .enumerate()
            .map(|(i, r)| -> Result<LeaderRow, sqlx::Error> {
                let rating: f64 = r.try_get("rating")?;
                Ok(LeaderRow {
                    place: (offset + i as i64 + 1) as u32,
                    name: r.try_get("name")?,
                    rating,
                    deviation: r.try_get("deviation")?,
                    games: r.try_get::<i64, _>("games")? as u64,
                    rank: hall::Rank::of(rating),
                })
            })
            .collect::<Result<_, _>>()
            .map_err(db)
    }
}
