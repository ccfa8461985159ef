//! One task per room: creating a room and its journal, the room's loop (commands, clocks,
//! computers thinking off the task, the end and its record), and sending what a step
//! decided only once its journal rows are committed.

use std::collections::HashMap;
use std::hash::BuildHasher;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use tokio::sync::mpsc;

use bw_online::protocol::*;
use bw_online::room::{ConnId, Effects, Entry, Refused, Room};

use super::{Hub, Link, RoomCmd, RoomHandle};

/// Starts a room's task; `journaled`: how many entries its journal holds.
pub(super) fn launch_room(hub: &Arc<Hub>, room: Room, entries: &[Entry], journaled: u64) {
    let (tx, rx) = mpsc::unbounded_channel();
    {
        let mut tokens = hub.tokens.lock().expect("tokens");
        let mut accounts = hub.seated_accounts.lock().expect("accounts");
        for e in entries {
            match e {
                Entry::Sat { token, account, .. } => {
                    tokens.insert(token.clone(), room.id);
                    if let Some(key) = account {
                        accounts.insert(key.clone(), room.id);
                    }
                }
                Entry::Rekeyed { token, .. } => {
                    tokens.insert(token.clone(), room.id);
                }
                _ => {}
            }
        }
    }
    hub.rooms.lock().expect("rooms").insert(
        room.id,
        RoomHandle {
            tx: tx.clone(),
            summary: room.summary(),
        },
    );
    hub.rooms_changed();
    tokio::spawn(room_task(hub.clone(), room, tx, rx, journaled));
}

/// Creates a room and its journal.
pub(super) async fn create_room(
    hub: &Arc<Hub>,
    options: RoomOptions,
) -> Result<mpsc::UnboundedSender<RoomCmd>, Refused> {
    if hub.rooms.lock().expect("rooms").len() >= hub.config.max_rooms {
        return Err((
            RefusalCode::ServerFull,
            format!(
                "the server has its {} rooms open: try again later",
                hub.config.max_rooms
            ),
        ));
    }
    // An id the database ever held (a room's the server could not read back, too) is
    // skipped: a new room never writes into another room's journal.
    for _ in 0..1000 {
        let id = hub.next_room.fetch_add(1, Ordering::Relaxed);
        let seed = match hub.config.fixed_seeds {
            Some(base) => bw_rules::rng::fnv1a(format!("{base} {id}").as_bytes()),
            None => hub.secret.hash_one((id, hub.now(), "seed")),
        };
        let (mut room, entry) = Room::create(id, options.clone(), seed, hub.content.clone())?;
        hub.config.configure(&mut room);
        match hub.store.create(id, vec![entry_json(&entry)]).await {
            Ok(true) => {
                launch_room(hub, room, &[], 1);
                return Ok(hub.room_tx(id).expect("just launched"));
            }
            // Taken (by another server of this hall, on one database): go past the
            // largest id the database holds.
            Ok(false) => {
                if let Ok(max) = hub.store.max_room().await {
                    hub.next_room.fetch_max(max + 1, Ordering::Relaxed);
                }
                continue;
            }
            Err(e) => {
                return Err((
                    RefusalCode::RoomFailed,
                    format!("the server cannot keep the room's journal: {e}"),
                ));
            }
        }
    }
    Err((
        RefusalCode::RoomFailed,
        "the server found no free room id".into(),
    ))
}

/// An entry as its journal row holds it.
fn entry_json(e: &Entry) -> String {
    serde_json::to_string(e).expect("an entry serializes")
}

async fn room_task(
    hub: Arc<Hub>,
    mut room: Room,
    tx: mpsc::UnboundedSender<RoomCmd>,
    mut rx: mpsc::UnboundedReceiver<RoomCmd>,
    journaled: u64,
) {
    let id = room.id;
    let mut journal = Journal {
        room: id,
        len: journaled,
        full: false,
    };
    let mut links: HashMap<ConnId, Link> = HashMap::new();
    // The room's state when a computer was last looked for: its stamp, and whether anyone
    // was in it (computers wait in an empty room, and go on when someone comes back).
    let mut job_key = (0, true);
    let mut recorded = false;
    loop {
        let sleep = match room.next_deadline() {
            Some(ms) => tokio::time::sleep_until((hub.epoch + Duration::from_millis(ms)).into()),
            None => tokio::time::sleep(Duration::from_secs(3600)),
        };
        let cmd = tokio::select! {
            cmd = rx.recv() => match cmd {
                Some(c) => Some(c),
                None => break,
            },
            _ = sleep => None,
        };
        let now = hub.now();
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            room_step(&hub, &mut room, &mut links, cmd, now, &mut journal.full)
        }));
        match outcome {
            Ok(fx) => {
                // A waiting room whose journal grew long is rewritten as it stands now.
                let compacted = (journal.len + fx.journal.len() as u64 >= hub.config.compact_after)
                    .then(|| room.compacted())
                    .flatten();
                // The lobby's line changes before anyone is told (a seat a player was told
                // is theirs is listed taken).
                let summary = Some(room.summary());
                if let Err(e) =
                    dispatch(&hub, id, &mut journal, &mut links, fx, compacted, summary).await
                {
                    // Nothing the journal did not keep was told to anyone. The room stops
                    // here; a restart brings it back as of its last acknowledged change.
                    eprintln!(
                        "room {id}: cannot append to its journal ({e}); the room is stopped, \
                         its journal kept as of the last acknowledged change"
                    );
                    for (_, link) in links.drain() {
                        link.room.store(0, Ordering::Relaxed);
                        link.send(&ServerMsg::Refused {
                            seq: None,
                            code: RefusalCode::RoomFailed,
                            reason: format!(
                                "the server cannot keep this room's journal ({e}): the room \
                                 stopped; nothing acknowledged is lost, and it comes back when \
                                 the server can write again and restarts"
                            ),
                        });
                        link.send(&ServerMsg::Left {
                            why: LeftWhy::RoomFailed,
                            reason: "the server cannot keep this room's journal".into(),
                        });
                    }
                    hub.close_room(id);
                    return;
                }
            }
            Err(panic) => {
                let reason = panic
                    .downcast_ref::<&str>()
                    .map(|s| s.to_string())
                    .or_else(|| panic.downcast_ref::<String>().cloned())
                    .unwrap_or_else(|| "a panic".into());
                eprintln!(
                    "room {id}: the game failed ({reason}); the room is closed, its journal kept"
                );
                let fx = catch_unwind(AssertUnwindSafe(|| room.fail(now, &reason))).unwrap_or_else(
                    |_| Effects {
                        journal: vec![Entry::Failed {
                            reason: reason.clone(),
                        }],
                        ..Effects::default()
                    },
                );
                let _ = dispatch(&hub, id, &mut journal, &mut links, fx, None, None).await;
                hub.store.close(id);
                for (_, link) in links.drain() {
                    link.room.store(0, Ordering::Relaxed);
                    link.send(&ServerMsg::Left {
                        why: LeftWhy::RoomFailed,
                        reason: "the room closed after a server fault".into(),
                    });
                }
                hub.close_room(id);
                return;
            }
        }
        // The game's end: its record, once, in the save format.
        if room.status() == RoomStatus::Over && !recorded {
            recorded = true;
            if let Some(record) = room.record() {
                let text = match &record {
                    GameRecord::Junqi { ron } => ron.clone(),
                    other => ron::ser::to_string_pretty(other, ron::ser::PrettyConfig::default())
                        .unwrap_or_default(),
                };
                if let Err(e) = hub.store.keep_record(id, text).await {
                    eprintln!("room {id}: cannot keep its record: {e}");
                }
            }
            // The hall counts it: standings, and ratings when it is rated.
            if let Some(game) = room.finished_game() {
                let settlement = super::accounts::Settlement { room: id, game };
                match hub.store.settle(&settlement).await {
                    Ok(settled) if !settled.is_empty() => {
                        let results: Vec<SeatRating> = settled
                            .iter()
                            .filter_map(|s| {
                                let seat =
                                    settlement.game.seats.iter().find(|x| x.seat == s.seat)?;
                                Some(SeatRating {
                                    seat: s.seat,
                                    name: seat.name.clone(),
                                    rated: s.rated,
                                    before: s.before.rating,
                                    after: s.after.rating,
                                    score: seat.score as i64,
                                })
                            })
                            .collect();
                        let moved: Vec<(u8, f64)> = results
                            .iter()
                            .filter(|r| r.rated)
                            .map(|r| (r.seat, r.after))
                            .collect();
                        let msg = ServerMsg::Rated { results };
                        for link in links.values() {
                            link.send(&msg);
                        }
                        // The new ratings beside the names.
                        let fx = room.rated_seats(&moved);
                        let _ = dispatch(&hub, id, &mut journal, &mut links, fx, None, None).await;
                    }
                    Ok(_) => {}
                    Err(e) => eprintln!("room {id}: cannot count the game in the standings: {e}"),
                }
            }
        }
        // A computer's turn: off the room's task.
        // (Looked at once per change of the room: preparing a job copies the game.)
        if (room.stamp(), room.is_empty()) != job_key {
            job_key = (room.stamp(), room.is_empty());
            if let Some(job) = room.computer_job() {
                let tx = tx.clone();
                let metrics = hub.metrics.clone();
                let permits = hub.thinking.clone();
                // Server-wide, at most `max_thinking` computers think at once; the others
                // wait for a permit (a stale job's answer is dropped by the room).
                tokio::spawn(async move {
                    let waiting = metrics.waiting();
                    let Ok(permit) = permits.acquire_owned().await else {
                        return;
                    };
                    drop(waiting);
                    let _ = tokio::task::spawn_blocking(move || {
                        let thinking = metrics.thinking();
                        let (stamp, seat) = (job.stamp, job.seat);
                        let started = Instant::now();
                        let action = catch_unwind(AssertUnwindSafe(|| job.run())).ok();
                        metrics.thought(started.elapsed());
                        drop((thinking, permit));
                        let _ = tx.send(RoomCmd::Computer {
                            stamp,
                            seat,
                            action,
                        });
                    })
                    .await;
                });
            }
        }
        // An empty room that nobody can come back to ends (its journal stays: the id is
        // never given again, and a restart leaves a closed room closed). A game's end waits
        // for a person who dropped to come back within the grace period and learn it.
        let finished = match room.status() {
            RoomStatus::Over => !room.awaits_return(),
            RoomStatus::Failed | RoomStatus::Closed => true,
            RoomStatus::Waiting | RoomStatus::Playing => false,
        };
        if room.is_empty() && finished {
            hub.store.close(id);
            hub.close_room(id);
            return;
        }
        publish_summary(&hub, id, room.summary());
    }
}

/// The room's line in the lobby, as it stands now.
fn publish_summary(hub: &Hub, id: RoomId, summary: RoomSummary) {
    if let Some(h) = hub.rooms.lock().expect("rooms").get_mut(&id)
        && h.summary != summary
    {
        h.summary = summary;
        hub.rooms_changed();
    }
}

/// One command (or a clock's tick) for a room.
/// A connection the room let in (entered, or took its seat back) joins the room's links and
/// is told yes; one it refused is told why and stays outside.
fn admitted(
    answer: Result<Effects, Refused>,
    room: RoomId,
    link: Link,
    links: &mut HashMap<ConnId, Link>,
    reply: tokio::sync::oneshot::Sender<Result<(), Refused>>,
) -> Effects {
    match answer {
        Ok(fx) => {
            link.room.store(room, Ordering::Relaxed);
            links.insert(link.id, link);
            let _ = reply.send(Ok(()));
            fx
        }
        Err(e) => {
            let _ = reply.send(Err(e));
            Effects::default()
        }
    }
}

fn room_step(
    hub: &Hub,
    room: &mut Room,
    links: &mut HashMap<ConnId, Link>,
    cmd: Option<RoomCmd>,
    now: u64,
    disk_full: &mut bool,
) -> Effects {
    let token = || hub.token();
    let Some(cmd) = cmd else {
        return room.tick(now);
    };
    match cmd {
        RoomCmd::Enter {
            link,
            name,
            account,
            seat,
            password,
            reply,
        } => {
            if let Some((key, ratings)) = &account {
                room.note_ratings(key, ratings);
            }
            let entered = room.enter_as(
                now,
                link.id,
                &name,
                account.map(|(key, _)| key),
                seat,
                password.as_deref(),
                token,
            );
            admitted(entered, room.id, link, links, reply)
        }
        RoomCmd::ResumeAccount {
            link,
            account,
            ratings,
            reply,
        } => {
            room.note_ratings(&account, &ratings);
            let back = room.resume_account(now, link.id, &account, token);
            admitted(back, room.id, link, links, reply)
        }
        RoomCmd::Resume { link, token, reply } => {
            let back = room.resume(now, link.id, &token);
            admitted(back, room.id, link, links, reply)
        }
        RoomCmd::Msg { conn, msg } => {
            if hub.config.test_faults
                && matches!(&msg, ClientMsg::Chat { text } if text == "!panic")
            {
                panic!("a fault injected by a test");
            }
            if hub.config.test_faults && matches!(&msg, ClientMsg::Chat { text } if text == "!full")
            {
                *disk_full = true;
                return Effects::default();
            }
            let seq = match &msg {
                ClientMsg::Act { seq, .. } => Some(*seq),
                _ => None,
            };
            match room.handle(now, conn, msg, token) {
                Ok(fx) => fx,
                Err((code, reason)) => {
                    let mut fx = Effects::default();
                    fx.out.push(bw_online::room::Out {
                        to: conn,
                        msg: ServerMsg::Refused { seq, code, reason },
                    });
                    fx
                }
            }
        }
        RoomCmd::Depart { conn, said_leave } => room.depart(now, conn, said_leave),
        RoomCmd::Computer {
            stamp,
            seat,
            action,
        } => match action {
            Some(action) => room.computer_acted(now, stamp, seat, action),
            None => room.computer_acted(now, stamp, seat, GameAction::Resign),
        },
    }
}

/// A room's journal as its task keeps it: how many entries the database holds.
struct Journal {
    room: RoomId,
    len: u64,
    /// Test builds' fault: every write fails as on a full disk.
    full: bool,
}

/// Journals a step's entries, then sends its messages, and lets go of removed connections:
/// a change is told to anyone only once its entries are committed. A failed write sends
/// nothing and is returned.
async fn dispatch(
    hub: &Hub,
    id: RoomId,
    journal: &mut Journal,
    links: &mut HashMap<ConnId, Link>,
    fx: Effects,
    compacted: Option<Vec<Entry>>,
    summary: Option<RoomSummary>,
) -> Result<(), String> {
    if !fx.journal.is_empty() {
        if journal.full {
            return Err("no space left on the device (a test's fault)".into());
        }
        let rows: Vec<String> = fx.journal.iter().map(entry_json).collect();
        let n = rows.len() as u64;
        hub.store.append(journal.room, journal.len, rows).await?;
        journal.len += n;
        if journal.len >= hub.config.compact_after
            && let Some(compact) = compacted
        {
            let rows: Vec<String> = compact.iter().map(entry_json).collect();
            let n = rows.len() as u64;
            hub.store.replace(journal.room, rows).await?;
            journal.len = n;
        }
    }
    {
        let mut tokens = hub.tokens.lock().expect("tokens");
        let mut accounts = hub.seated_accounts.lock().expect("accounts");
        for e in &fx.journal {
            match e {
                Entry::Sat { token, account, .. } => {
                    tokens.insert(token.clone(), id);
                    if let Some(key) = account {
                        accounts.insert(key.clone(), id);
                    }
                }
                Entry::Rekeyed { token, .. } => {
                    tokens.insert(token.clone(), id);
                }
                _ => {}
            }
        }
    }
    if let Some(summary) = summary {
        publish_summary(hub, id, summary);
    }
    // A connection that leaves is out of the room before it is told (`left`): a client
    // that joins another room as soon as it reads `left` is not refused as still inside.
    for conn in &fx.removed {
        if let Some(link) = links.get(conn) {
            link.room.store(0, Ordering::Release);
        }
    }
    for out in &fx.out {
        if let Some(link) = links.get(&out.to) {
            link.send(&out.msg);
        }
    }
    for conn in fx.removed {
        links.remove(&conn);
    }
    Ok(())
}
