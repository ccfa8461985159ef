//! Quick match (快速开始), as QQ's hall has it: a player asks for a game of a pool, waits in
//! its queue, and is seated with players of the same grade (the rank band of their rating,
//! [`Rank::grade`](crate::protocol::Rank::grade)); the longer someone waits, the wider the
//! band: the same grade first, then ±1, ±2, then anyone. The rules of it are here, pure; the
//! server keeps the queues and makes the rooms.

use crate::protocol::{GameOptions, RoomOptions};

/// The pools quick match serves: 2-player 军棋 and 4-player 标准 (two teams of facing seats).
pub const QUICK_POOLS: [&str; 2] = ["junqi-2", "junqi-4"];

/// How long a player waits before the band widens to ±1, ±2, and then to anyone
/// (milliseconds).
pub const WIDEN_AFTER_MS: [u64; 3] = [15_000, 45_000, 90_000];

/// How many grades apart a player who has waited `waited_ms` may be paired.
pub fn grade_band(waited_ms: u64) -> u8 {
    match WIDEN_AFTER_MS.iter().position(|&t| waited_ms < t) {
        Some(n) => n as u8,
        None => u8::MAX,
    }
}

/// Someone in a queue.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Waiting {
    /// The grade of the player's rating in the pool (a guest's: a new player's).
    pub grade: u8,
    /// When the player joined the queue (server time, ms).
    pub since_ms: u64,
    /// Logged in: accounts are seated with accounts (their games are rated), guests with
    /// guests.
    pub account: bool,
}

/// The tables a queue makes now: groups of `size` indices into `queue`, each oldest first.
/// The oldest player is served first; a group's grades lie within the band of each of its
/// members (so the one who waited least decides), and accounts and guests are not mixed.
pub fn quick_matches(queue: &[Waiting], size: usize, now_ms: u64) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..queue.len()).collect();
    order.sort_by_key(|&i| (queue[i].since_ms, i));
    let band = |i: usize| grade_band(now_ms.saturating_sub(queue[i].since_ms));
    let mut taken = vec![false; queue.len()];
    let mut groups = Vec::new();
    for (n, &first) in order.iter().enumerate() {
        if taken[first] || size == 0 {
            continue;
        }
        let mut group = vec![first];
        let (mut lo, mut hi, mut width) = (queue[first].grade, queue[first].grade, band(first));
        for &other in &order[n + 1..] {
            if group.len() == size {
                break;
            }
            if taken[other] || queue[other].account != queue[first].account {
                continue;
            }
            let g = queue[other].grade;
            let (l, h, w) = (lo.min(g), hi.max(g), width.min(band(other)));
            if h - l <= w {
                group.push(other);
                (lo, hi, width) = (l, h, w);
            }
        }
        if group.len() == size {
            for &i in &group {
                taken[i] = true;
            }
            groups.push(group);
        }
    }
    groups
}

/// The room quick match makes for a pool: the standard rules, a minute a move with 5
/// timeouts losing (QQ's), two minutes to lay out, the computer taking over a seat whose
/// player is gone past the grace period; rated when every seat is an account's.
pub fn quick_room(pool: &str, rated: bool) -> Option<RoomOptions> {
    use bw_rules::junqi::{Alliance, BoardChoice, Rules};
    let rules = match pool {
        "junqi-2" => Rules {
            board: BoardChoice::TwoPlayer,
            players: 2,
            ..Rules::default()
        },
        "junqi-4" => Rules {
            board: BoardChoice::FourPlayer,
            players: 4,
            alliance: Alliance::Opposite,
            ..Rules::default()
        },
        _ => return None,
    };
    let mut options = RoomOptions::of(GameOptions::Junqi {
        rules,
        deploy_secs: Some(120),
        move_secs: Some(60),
        timeouts_lose: Some(5),
        total_secs: None,
        any_count: false,
    });
    options.computer_takes_over = true;
    options.rated = rated;
    Some(options)
}

/// How many players a pool's table seats.
pub fn table_size(pool: &str) -> Option<usize> {
    match pool {
        "junqi-2" => Some(2),
        "junqi-4" => Some(4),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(grade: u8, since_ms: u64) -> Waiting {
        Waiting {
            grade,
            since_ms,
            account: true,
        }
    }

    #[test]
    fn the_same_grade_pairs_at_once() {
        let q = [w(4, 0), w(5, 10), w(4, 20)];
        assert_eq!(quick_matches(&q, 2, 100), vec![vec![0, 2]]);
    }

    #[test]
    fn a_grade_apart_pairs_only_after_both_waited() {
        let q = [w(4, 0), w(5, 10_000)];
        assert!(quick_matches(&q, 2, 14_000).is_empty());
        // The first waited 15 s, the second only 5: not yet.
        assert!(quick_matches(&q, 2, 15_000).is_empty());
        assert_eq!(quick_matches(&q, 2, 25_000), vec![vec![0, 1]]);
        // Two grades apart: after 45 s each.
        let q = [w(2, 0), w(4, 0)];
        assert!(quick_matches(&q, 2, 44_999).is_empty());
        assert_eq!(quick_matches(&q, 2, 45_000), vec![vec![0, 1]]);
        // Anyone after 90 s.
        let q = [w(0, 0), w(8, 0)];
        assert!(quick_matches(&q, 2, 89_999).is_empty());
        assert_eq!(quick_matches(&q, 2, 90_000), vec![vec![0, 1]]);
    }

    #[test]
    fn the_oldest_is_served_first_and_each_player_once() {
        let q = [w(4, 50), w(4, 10), w(4, 30), w(4, 40), w(4, 20)];
        assert_eq!(quick_matches(&q, 2, 100), vec![vec![1, 4], vec![2, 3]]);
        assert_eq!(quick_matches(&q, 4, 100), vec![vec![1, 4, 2, 3]]);
    }

    #[test]
    fn accounts_and_guests_are_not_mixed() {
        let mut guest = w(4, 0);
        guest.account = false;
        let q = [guest.clone(), w(4, 0)];
        assert!(quick_matches(&q, 2, 1_000_000).is_empty());
        let q = [guest.clone(), w(4, 0), guest];
        assert_eq!(quick_matches(&q, 2, 0), vec![vec![0, 2]]);
    }

    #[test]
    fn a_table_of_four_keeps_within_every_members_band() {
        // 3, 4, 4, 5: a spread of 2 grades, so only after 45 s for all four.
        let q = [w(4, 0), w(4, 0), w(3, 0), w(5, 0)];
        assert!(quick_matches(&q, 4, 30_000).is_empty());
        assert_eq!(quick_matches(&q, 4, 45_000), vec![vec![0, 1, 2, 3]]);
    }

    #[test]
    fn the_rooms_are_valid_and_rated_as_asked() {
        for pool in QUICK_POOLS {
            let options = quick_room(pool, true).unwrap();
            options.validate().unwrap();
            assert!(options.rated);
            assert_eq!(options.game.seats(), table_size(pool).unwrap());
        }
        assert!(quick_room("junqi-3", true).is_none());
    }
}
