//! Quick match's queues: who waits for which pool, and the task that seats them. Pairing is
//! `bw_online::quick`'s (same grade first, widening with the wait); this module makes the
//! room, seats each player as a `join` would, and raises their hands.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use bw_online::protocol::{ClientMsg, ServerMsg};
use bw_online::quick::{self, QUICK_POOLS, Waiting};
use bw_online::room::ConnId;
use tokio::sync::oneshot;

use super::room::create_room;
use super::{Hub, Link, RoomCmd};

/// How often the queues are looked at when nobody joins them (bands widen with time).
const LOOK_EVERY: Duration = Duration::from_millis(500);

/// A player in a queue.
pub(super) struct Queued {
    pub pool: String,
    pub link: Link,
    pub name: String,
    /// A logged-in player's account key and ratings.
    pub account: Option<(String, Vec<(String, f64)>)>,
    pub waiting: Waiting,
}

#[derive(Default)]
pub(super) struct Queues {
    waiting: Mutex<Vec<Queued>>,
    /// Connections taken from a queue whose table is being set.
    seating: Mutex<HashSet<ConnId>>,
    wake: tokio::sync::Notify,
}

impl Queues {
    /// Puts a player in a queue (out of any other, and an account's other connection out
    /// of every queue: it would sit against itself). How many wait in that pool.
    pub fn join(&self, q: Queued) -> usize {
        let mut waiting = self.waiting.lock().expect("queues");
        let key = q.account.as_ref().map(|(k, _)| k.clone());
        waiting.retain(|w| {
            let same = w.link.id == q.link.id
                || (key.is_some() && w.account.as_ref().map(|(k, _)| k) == key.as_ref());
            if same && w.link.id != q.link.id {
                w.link.send(&ServerMsg::Unqueued);
            }
            !same
        });
        let pool = q.pool.clone();
        waiting.push(q);
        let n = waiting.iter().filter(|w| w.pool == pool).count();
        drop(waiting);
        self.wake.notify_one();
        n
    }

    /// Takes a connection out of the queues; whether it was in one.
    pub fn leave(&self, conn: ConnId) -> bool {
        let mut waiting = self.waiting.lock().expect("queues");
        let before = waiting.len();
        waiting.retain(|w| w.link.id != conn);
        waiting.len() != before
    }

    /// Whether the connection's table is being set (it is out of the queue and not yet in
    /// its room).
    pub fn seating(&self, conn: ConnId) -> bool {
        self.seating.lock().expect("seating").contains(&conn)
    }

    /// The tables the queues make now, taken out of them.
    fn tables(&self, now_ms: u64) -> Vec<(String, Vec<Queued>)> {
        let mut waiting = self.waiting.lock().expect("queues");
        let mut out = Vec::new();
        for pool in QUICK_POOLS {
            let Some(size) = quick::table_size(pool) else {
                continue;
            };
            let in_pool: Vec<usize> = (0..waiting.len())
                .filter(|&i| waiting[i].pool == pool)
                .collect();
            let queue: Vec<Waiting> = in_pool
                .iter()
                .map(|&i| waiting[i].waiting.clone())
                .collect();
            let groups = quick::quick_matches(&queue, size, now_ms);
            if groups.is_empty() {
                continue;
            }
            // Take the members out (from the back, so the indices stay right), then put
            // each group together in its order.
            let in_pool = &in_pool;
            let mut picked: Vec<(usize, usize, usize)> = groups
                .iter()
                .enumerate()
                .flat_map(|(g, members)| {
                    members
                        .iter()
                        .enumerate()
                        .map(move |(k, &m)| (in_pool[m], g, k))
                })
                .collect();
            picked.sort_by_key(|p| std::cmp::Reverse(p.0));
            let mut tables: Vec<Vec<Option<Queued>>> = groups
                .iter()
                .map(|g| (0..g.len()).map(|_| None).collect())
                .collect();
            for (i, g, k) in picked {
                tables[g][k] = Some(waiting.remove(i));
            }
            let mut seating = self.seating.lock().expect("seating");
            for table in tables {
                let table: Vec<Queued> = table.into_iter().flatten().collect();
                seating.extend(table.iter().map(|q| q.link.id));
                out.push((pool.to_string(), table));
            }
        }
        out
    }
}

/// Looks at the queues whenever someone joins one, and every [`LOOK_EVERY`]; seats each
/// table made.
pub(super) async fn matchmaker(hub: Arc<Hub>) {
    loop {
        tokio::select! {
            _ = hub.quick.wake.notified() => {}
            _ = tokio::time::sleep(LOOK_EVERY) => {}
        }
        for (pool, table) in hub.quick.tables(hub.now()) {
            tokio::spawn(seat_table(hub.clone(), pool, table));
        }
    }
}

/// Makes a table's room and seats its players in the queue's order, hands raised: the game
/// starts (laying out) when the last one sits. A player whose seat could not be given is
/// told `unqueued` (with the reason).
async fn seat_table(hub: Arc<Hub>, pool: String, table: Vec<Queued>) {
    let rated = table.iter().all(|q| q.account.is_some());
    let ids: Vec<ConnId> = table.iter().map(|q| q.link.id).collect();
    let options = quick::quick_room(&pool, rated).expect("a quick-match pool");
    match create_room(&hub, options).await {
        Ok(tx) => {
            for (seat, q) in table.into_iter().enumerate() {
                let (reply, answer) = oneshot::channel();
                let link = q.link.clone();
                let sent = tx.send(RoomCmd::Enter {
                    link: q.link,
                    name: q.name,
                    account: q.account,
                    seat: Some(seat as u8),
                    password: None,
                    reply,
                });
                let entered = sent.is_ok() && matches!(answer.await, Ok(Ok(())));
                if entered {
                    let _ = tx.send(RoomCmd::Msg {
                        conn: link.id,
                        msg: ClientMsg::Ready { ready: true },
                    });
                } else {
                    link.send(&ServerMsg::Unqueued);
                }
            }
        }
        Err((code, reason)) => {
            for q in table {
                q.link.send(&ServerMsg::Refused {
                    seq: None,
                    code,
                    reason: reason.clone(),
                });
                q.link.send(&ServerMsg::Unqueued);
            }
        }
    }
    let mut seating = hub.quick.seating.lock().expect("seating");
    for id in ids {
        seating.remove(&id);
    }
}
