//! Taking a seat at the 猪国杀 table: the engine runs on its own thread; the person's pig
//! is asked every decision (which card and target, 闪, 杀 in a duel, 无懈可击, 桃 when
//! dying); every other pig follows the problem's behaviour.

use std::sync::Mutex;
use std::sync::mpsc::{Receiver, Sender, TryRecvError};
use std::thread::JoinHandle;

use bevy::prelude::*;
use bevy_egui::egui;
use bw_rules::pig::Card;
use bw_rules::pig::brain::NullifyAsk;
use bw_rules::pig::engine::Table;
use bw_rules::pig::seat::{Answer, FromTable, Question, play_seat};

use super::{PigGame, PigTextsRes, TURN_CAP, card_name};
use crate::app::i18n::Lang;

/// Where a seated game saves itself after every answer.
#[derive(Resource, Clone, Debug)]
pub struct SeatSlot(pub crate::saves::SaveDir, pub usize);

/// The person's seat and the line to the engine thread.
#[derive(Resource)]
pub struct PigSeat {
    pub seat: usize,
    from_table: Mutex<Receiver<FromTable>>,
    to_table: Sender<Answer>,
    thread: Mutex<Option<JoinHandle<Table>>>,
    /// The decision waiting for the person.
    pub question: Option<Question>,
    /// The game is over (or was stopped at the turn cap) and the thread has ended.
    pub finished: bool,
    /// The game so far as a record (the table and the person's answers).
    pub record: bw_rules::pig::record::PigRecord,
}

impl PigSeat {
    pub fn answer(&mut self, a: Answer) {
        self.record.answers.push(a.into());
        self.record.last_played = crate::saves::now();
        let _ = self.to_table.send(a);
        self.question = None;
    }
}

/// Starts a live table with `seat` played by the person.
pub fn take_seat(commands: &mut Commands, table: Table, seat: usize) {
    let game = PigGame::new(&table, Vec::new(), None);
    let mut record = bw_rules::pig::record::PigRecord::watched(&table, crate::saves::now());
    record.seat = Some(seat);
    let (from_table, to_table, thread) = play_seat(table, seat, TURN_CAP);
    commands.insert_resource(game);
    commands.insert_resource(PigSeat {
        seat,
        from_table: Mutex::new(from_table),
        to_table,
        thread: Mutex::new(Some(thread)),
        question: None,
        finished: false,
        record,
    });
}

/// Takes in what the engine thread sent: events (shown as they come) and questions.
pub fn pump(
    seat: Option<ResMut<PigSeat>>,
    game: Option<ResMut<PigGame>>,
    slot: Option<Res<SeatSlot>>,
) {
    let (Some(mut seat), Some(mut game)) = (seat, game) else {
        return;
    };
    // Save the game as it stands after each answer.
    if seat.is_changed()
        && let Some(slot) = slot
        && let Err(e) = slot.0.store_pig(slot.1, &seat.record)
    {
        warn!("the table could not be saved: {e}");
    }
    if seat.question.is_some() || seat.finished {
        return;
    }
    loop {
        let msg = seat.from_table.lock().expect("one reader").try_recv();
        match msg {
            Ok(FromTable::Event(e)) => {
                game.events.push(e);
                let n = game.events.len();
                game.show(n);
            }
            Ok(FromTable::Ask(q)) => {
                seat.question = Some(q);
                return;
            }
            Err(TryRecvError::Empty) => return,
            Err(TryRecvError::Disconnected) => {
                seat.finished = true;
                if let Some(handle) = seat.thread.lock().expect("one owner").take()
                    && let Ok(end) = handle.join()
                {
                    game.result = super::result_of(&end);
                }
                return;
            }
        }
    }
}

/// The question panel; returns the answer the person gave, if any.
pub fn question_panel(
    ui: &mut egui::Ui,
    lang: Lang,
    texts: &PigTextsRes,
    seat: usize,
    q: &Question,
) -> Option<Answer> {
    let zh = lang == Lang::Zh;
    let pig = |p: usize| {
        if zh {
            format!("{} 号猪", p + 1)
        } else {
            format!("pig {}", p + 1)
        }
    };
    let card = |c: Card| card_name(&texts.0, lang, c);
    let yes_no = |ui: &mut egui::Ui, text: String| -> Option<Answer> {
        ui.label(egui::RichText::new(text).size(18.0));
        let mut a = None;
        ui.horizontal(|h| {
            if h.button(if zh { "是" } else { "Yes" }).clicked() {
                a = Some(Answer::Yes);
            }
            if h.button(if zh { "否" } else { "No" }).clicked() {
                a = Some(Answer::No);
            }
        });
        a
    };
    ui.label(
        egui::RichText::new(if zh {
            format!("你是 {}", pig(seat))
        } else {
            format!("You are {}", pig(seat))
        })
        .strong(),
    );
    match q {
        Question::Play { legal, hand } => {
            ui.label(if zh { "出哪张牌？" } else { "Which card?" });
            let mut a = None;
            for play in legal {
                let c = hand[play.index];
                let text = match play.target {
                    Some(t) => format!("{} {} → {}", c.letter(), card(c), pig(t)),
                    None => format!("{} {}", c.letter(), card(c)),
                };
                if ui.button(text).clicked() {
                    a = Some(Answer::Play(Some(*play)));
                }
            }
            if ui
                .button(if zh { "结束出牌" } else { "End my turn" })
                .clicked()
            {
                a = Some(Answer::Play(None));
            }
            a
        }
        Question::Dodge { attacker } => yes_no(
            ui,
            if zh {
                format!("{} 对你使用杀，出闪吗？", pig(*attacker))
            } else {
                format!("{} kills you: dodge?", pig(*attacker))
            },
        ),
        Question::AreaAnswer { card: c, user } => {
            let answer = if *c == Card::N { Card::K } else { Card::D };
            yes_no(
                ui,
                if zh {
                    format!("{} 使用{}，打出{}吗？", pig(*user), card(*c), card(answer))
                } else {
                    format!(
                        "{} plays {}: answer with {}?",
                        pig(*user),
                        card(*c),
                        card(answer)
                    )
                },
            )
        }
        Question::DuelKill { opponent } => yes_no(
            ui,
            if zh {
                format!("与 {} 决斗，弃一张杀吗？", pig(*opponent))
            } else {
                format!("Duel with {}: discard a Kill?", pig(*opponent))
            },
        ),
        Question::Nullify { ask } => yes_no(
            ui,
            match (ask, zh) {
                (NullifyAsk::Protect { target }, true) => {
                    format!("锦囊将对 {} 生效，打出无懈可击吗？", pig(*target))
                }
                (NullifyAsk::Counter { user }, true) => {
                    format!("{} 打出了无懈可击，抵消它吗？", pig(*user))
                }
                (NullifyAsk::Protect { target }, false) => {
                    format!("A trick is about to hit {}: nullify it?", pig(*target))
                }
                (NullifyAsk::Counter { user }, false) => {
                    format!("{} played a Nullification: cancel it?", pig(*user))
                }
            },
        ),
        Question::DyingPeach => yes_no(
            ui,
            if zh {
                "你濒死了，吃桃吗？".to_string()
            } else {
                "You are dying: eat a peach?".to_string()
            },
        ),
    }
}
