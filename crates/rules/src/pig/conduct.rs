//! Decisions at the table ([`Conduct`]), and the conduct the problem prescribes for every pig
//! (its 行动准则, [`ProblemConduct`]); a seat played by a person answers through the same trait.

use super::cards::{Card, Role};
pub use super::state::{MAX_HP, NullifyAsk, Play, Table};

/// Every decision a pig makes. The engine asks only when the pig holds the card needed.
pub trait Conduct {
    /// The next card to play in `pig`'s play phase, or `None` to end it.
    fn next_play(&mut self, t: &Table, pig: usize, kill_used: bool) -> Option<Play>;
    /// Play 闪 against `attacker`'s 杀?
    fn dodge(&mut self, t: &Table, pig: usize, attacker: usize) -> bool;
    /// Answer `card` (南猪入侵 with 杀, 万箭齐发 with 闪)?
    fn area_answer(&mut self, t: &Table, pig: usize, card: Card, user: usize) -> bool;
    /// Discard 杀 in a duel against `opponent`?
    fn duel_kill(&mut self, t: &Table, pig: usize, opponent: usize) -> bool;
    /// Play 无懈可击?
    fn nullify(&mut self, t: &Table, pig: usize, ask: NullifyAsk) -> bool;
    /// Eat a peach while dying?
    fn dying_peach(&mut self, t: &Table, pig: usize) -> bool;
}

/// The problem's behaviour (行动准则) for every pig.
#[derive(Clone, Copy, Debug, Default)]
pub struct ProblemConduct;

impl ProblemConduct {
    /// Whether `me` shows hostility to `target` with 杀 and 决斗 (表敌意的对象).
    pub fn hostile_target(t: &Table, me: usize, target: usize) -> bool {
        let x = &t.pigs[target];
        match t.pigs[me].role {
            Role::MP => x.suspect || (x.revealed && x.role == Role::FP),
            Role::ZP => x.revealed && x.role == Role::FP,
            Role::FP => x.role == Role::MP || (x.revealed && x.role == Role::ZP),
        }
    }

    /// Whether `me` protects `target` with 无懈可击 (献殷勤). Never an unrevealed pig.
    pub fn protects(t: &Table, me: usize, target: usize) -> bool {
        let x = &t.pigs[target];
        if !x.revealed {
            return false;
        }
        match t.pigs[me].role {
            Role::MP | Role::ZP => x.role == Role::MP || x.role == Role::ZP,
            Role::FP => x.role == Role::FP,
        }
    }

    /// Whether `me` cancels the 无懈可击 of `user` (who revealed itself by playing it). The
    /// MP never plays 无懈可击 for or against a 类反 pig, only revealed ones.
    pub fn counters(t: &Table, me: usize, user: usize) -> bool {
        let x = &t.pigs[user];
        x.revealed
            && match t.pigs[me].role {
                Role::MP | Role::ZP => x.role == Role::FP,
                Role::FP => x.role == Role::MP || x.role == Role::ZP,
            }
    }

    /// The duel target: the MP and ZP take the first hostile pig in turn order; a rebel
    /// always duels the MP, from any distance.
    fn duel_target(t: &Table, me: usize) -> Option<usize> {
        if t.pigs[me].role == Role::FP {
            return t.pigs.iter().position(|x| x.role == Role::MP);
        }
        t.others_in_order(me)
            .find(|&x| Self::hostile_target(t, me, x))
    }
}

impl Conduct for ProblemConduct {
    fn next_play(&mut self, t: &Table, pig: usize, kill_used: bool) -> Option<Play> {
        let me = &t.pigs[pig];
        me.hand.iter().enumerate().find_map(|(index, &card)| {
            let target = match card {
                Card::P if me.hp < MAX_HP => None,
                Card::N | Card::W | Card::Z => None,
                Card::K if !kill_used || me.weapon => {
                    let next = t.next_alive(pig);
                    if !Self::hostile_target(t, pig, next) {
                        return None;
                    }
                    Some(next)
                }
                Card::F => Some(Self::duel_target(t, pig)?),
                _ => return None,
            };
            Some(Play { index, target })
        })
    }

    fn dodge(&mut self, _: &Table, _: usize, _: usize) -> bool {
        true
    }

    fn area_answer(&mut self, _: &Table, _: usize, _: Card, _: usize) -> bool {
        true
    }

    fn duel_kill(&mut self, t: &Table, pig: usize, opponent: usize) -> bool {
        !(t.pigs[pig].role == Role::ZP && t.pigs[opponent].role == Role::MP)
    }

    fn nullify(&mut self, t: &Table, pig: usize, ask: NullifyAsk) -> bool {
        match ask {
            NullifyAsk::Protect { target } => Self::protects(t, pig, target),
            NullifyAsk::Counter { user } => Self::counters(t, pig, user),
        }
    }

    fn dying_peach(&mut self, _: &Table, _: usize) -> bool {
        true
    }
}
