//! The table and the rules of play. Every decision is the [`Conduct`]'s; the engine checks
//! that a decision is possible (the card is in hand, the target legal) and applies it.

use super::cards::{Card, Role};
use super::conduct::Conduct;
use super::events::{Event, Sink};
pub use super::state::{MAX_HP, NullifyAsk, Outcome, Pig, Play, Table};

impl Table {
    pub fn new(pigs: Vec<Pig>, deck: Vec<Card>) -> Table {
        Table {
            pigs,
            deck,
            drawn: 0,
            outcome: None,
            turns: 0,
            current: 0,
            discarded: 0,
        }
    }

    pub fn n(&self) -> usize {
        self.pigs.len()
    }

    /// The next living pig after `p` (going 1, 2, ..., n, 1, ...).
    pub fn next_alive(&self, p: usize) -> usize {
        let n = self.n();
        let mut i = (p + 1) % n;
        while !self.pigs[i].alive {
            i = (i + 1) % n;
        }
        i
    }

    /// Living pigs after `p` in turn order, `p` excluded.
    pub fn others_in_order(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        let n = self.n();
        (1..n)
            .map(move |k| (p + k) % n)
            .filter(|&i| self.pigs[i].alive)
    }

    fn rebels_alive(&self) -> bool {
        self.pigs.iter().any(|p| p.alive && p.role == Role::FP)
    }

    /// The last card of the deck repeats once the deck is used up.
    fn draw_one(&mut self) -> Card {
        let card = if self.drawn < self.deck.len() {
            self.deck[self.drawn]
        } else {
            *self.deck.last().expect("a deck has at least one card")
        };
        self.drawn += 1;
        card
    }

    /// Cards left in the deck (0 once it repeats its last card).
    pub fn deck_left(&self) -> usize {
        self.deck.len().saturating_sub(self.drawn)
    }
}

/// Plays until the game ends or `max_turns` turns have started.
pub fn run<B: Conduct, S: Sink>(
    t: &mut Table,
    conduct: &mut B,
    sink: &mut S,
    max_turns: u64,
) -> Outcome {
    run_while(t, conduct, sink, max_turns, |_| true);
    t.outcome.expect("the loop ends with an outcome")
}

/// Plays whole turns while `go_on` says so (asked before each turn), until the game ends or
/// `max_turns` turns have started.
pub fn run_while<B: Conduct, S: Sink>(
    t: &mut Table,
    conduct: &mut B,
    sink: &mut S,
    max_turns: u64,
    go_on: impl Fn(&B) -> bool,
) {
    while t.outcome.is_none() && go_on(conduct) {
        if t.turns >= max_turns && t.pigs.iter().any(|p| p.alive && p.role == Role::FP) {
            Engine {
                t: &mut *t,
                conduct: &mut *conduct,
                sink: &mut *sink,
            }
            .end(Outcome::NoResult);
            break;
        }
        run_turn(t, conduct, sink);
    }
}

/// Plays exactly one more turn (for the app's "step one turn"). A table without rebels is
/// won by the MP before anyone moves.
pub fn run_turn<B: Conduct, S: Sink>(t: &mut Table, conduct: &mut B, sink: &mut S) {
    if t.outcome.is_some() {
        return;
    }
    let mut g = Engine { t, conduct, sink };
    if !g.t.rebels_alive() {
        g.end(Outcome::MasterWins);
        return;
    }
    let p = g.t.current;
    g.turn(p);
    if g.t.outcome.is_none() {
        g.t.current = g.t.next_alive(p);
    }
}

struct Engine<'a, B: Conduct, S: Sink> {
    t: &'a mut Table,
    conduct: &'a mut B,
    sink: &'a mut S,
}

impl<B: Conduct, S: Sink> Engine<'_, B, S> {
    #[inline]
    fn emit(&mut self, e: impl FnOnce() -> Event) {
        if S::ENABLED {
            self.sink.emit(e());
        }
    }

    fn over(&self) -> bool {
        self.t.outcome.is_some()
    }

    fn end(&mut self, outcome: Outcome) {
        self.t.outcome = Some(outcome);
        self.emit(|| Event::End { outcome });
    }

    fn draw(&mut self, p: usize, k: usize) -> Vec<Card> {
        let cards: Vec<Card> = (0..k).map(|_| self.t.draw_one()).collect();
        self.t.pigs[p].hand.extend_from_slice(&cards);
        cards
    }

    fn turn(&mut self, p: usize) {
        self.t.turns += 1;
        self.emit(|| Event::TurnStart { pig: p });
        let cards = self.draw(p, 2);
        self.emit(|| Event::Draw { pig: p, cards });
        let mut kill_used = false;
        while !self.over() && self.t.pigs[p].alive {
            let Some(play) = self.conduct.next_play(self.t, p, kill_used) else {
                break;
            };
            if !legal(self.t, p, kill_used, &play) {
                debug_assert!(false, "the conduct chose an illegal play {play:?}");
                break;
            }
            let card = self.t.pigs[p].hand.remove(play.index);
            self.t.discarded += (card != Card::Z) as usize;
            self.emit(|| Event::Play {
                pig: p,
                card,
                target: play.target,
            });
            match card {
                Card::P => {
                    self.t.pigs[p].hp += 1;
                    let hp = self.t.pigs[p].hp;
                    self.emit(|| Event::Heal { pig: p, hp });
                }
                Card::Z => {
                    let replaced = self.t.pigs[p].weapon;
                    self.t.discarded += replaced as usize;
                    self.t.pigs[p].weapon = true;
                    self.emit(|| Event::Equip { pig: p, replaced });
                }
                Card::K => {
                    kill_used = true;
                    self.kill(p, play.target.expect("legal"));
                }
                Card::F => self.duel(p, play.target.expect("legal")),
                Card::N | Card::W => self.area(p, card),
                Card::D | Card::J => unreachable!("not playable in the play phase"),
            }
        }
    }

    fn reveal(&mut self, p: usize) {
        let pig = &mut self.t.pigs[p];
        pig.suspect = false;
        if !pig.revealed {
            pig.revealed = true;
            let role = pig.role;
            self.emit(|| Event::Reveal { pig: p, role });
        }
    }

    /// Discards the leftmost `card` of `p` as an answer, if the conduct wants and can.
    fn respond(&mut self, p: usize, card: Card, wants: bool) -> bool {
        if wants && self.t.pigs[p].discard(card) {
            self.t.discarded += 1;
            self.emit(|| Event::Respond { pig: p, card });
            true
        } else {
            false
        }
    }

    fn kill(&mut self, user: usize, target: usize) {
        self.reveal(user);
        let wants = self.t.pigs[target].has(Card::D) && self.conduct.dodge(self.t, target, user);
        if !self.respond(target, Card::D, wants) {
            self.damage(target, user);
        }
    }

    fn duel(&mut self, user: usize, target: usize) {
        self.reveal(user);
        if self.nullified(user, target) {
            return;
        }
        let (mut turn, mut other) = (target, user);
        loop {
            let wants =
                self.t.pigs[turn].has(Card::K) && self.conduct.duel_kill(self.t, turn, other);
            if !self.respond(turn, Card::K, wants) {
                self.damage(turn, other);
                return;
            }
            std::mem::swap(&mut turn, &mut other);
        }
    }

    /// 南猪入侵 (answer 杀) or 万箭齐发 (answer 闪), resolved target by target.
    fn area(&mut self, user: usize, card: Card) {
        let answer = if card == Card::N { Card::K } else { Card::D };
        let n = self.t.n();
        for k in 1..n {
            let target = (user + k) % n;
            if self.over() {
                return;
            }
            if !self.t.pigs[target].alive || self.nullified(user, target) {
                continue;
            }
            let wants = self.t.pigs[target].has(answer)
                && self.conduct.area_answer(self.t, target, card, user);
            if self.respond(target, answer, wants) {
                continue;
            }
            self.damage(target, user);
            let u = &self.t.pigs[user];
            if self.t.pigs[target].role == Role::MP && !u.revealed && !u.suspect && !self.over() {
                self.t.pigs[user].suspect = true;
                self.emit(|| Event::Suspect { pig: user });
            }
        }
    }

    /// The 无懈可击 chain on a trick aimed at `target`: `true` if it is cancelled. Nobody
    /// protects a pig that has not revealed itself (the MP always counts as revealed).
    fn nullified(&mut self, user: usize, target: usize) -> bool {
        if !self.t.pigs[target].revealed {
            return false;
        }
        self.chain(user, NullifyAsk::Protect { target })
    }

    /// Asks every living pig from `start` on, in turn order, whether it plays 无懈可击;
    /// the first that does is answered by a deeper chain. `true` if a 无懈可击 stands.
    fn chain(&mut self, start: usize, ask: NullifyAsk) -> bool {
        let n = self.t.n();
        for k in 0..n {
            let p = (start + k) % n;
            if !self.t.pigs[p].alive || !self.t.pigs[p].has(Card::J) {
                continue;
            }
            if !self.conduct.nullify(self.t, p, ask) {
                continue;
            }
            self.t.pigs[p].discard(Card::J);
            self.t.discarded += 1;
            let against = match ask {
                NullifyAsk::Protect { target } => target,
                NullifyAsk::Counter { user } => user,
            };
            self.emit(|| Event::Nullify { pig: p, against });
            self.reveal(p);
            return !self.chain(p, NullifyAsk::Counter { user: p });
        }
        false
    }

    fn damage(&mut self, victim: usize, source: usize) {
        self.t.pigs[victim].hp -= 1;
        let hp = self.t.pigs[victim].hp;
        self.emit(|| Event::Damage {
            pig: victim,
            source,
            hp,
        });
        while self.t.pigs[victim].hp < 1 {
            let wants =
                self.t.pigs[victim].has(Card::P) && self.conduct.dying_peach(self.t, victim);
            if !(wants && self.t.pigs[victim].discard(Card::P)) {
                break;
            }
            self.t.discarded += 1;
            self.t.pigs[victim].hp += 1;
            let hp = self.t.pigs[victim].hp;
            self.emit(|| Event::Rescue { pig: victim, hp });
        }
        if self.t.pigs[victim].hp < 1 {
            self.death(victim, source);
        }
    }

    fn death(&mut self, victim: usize, killer: usize) {
        let pig = &mut self.t.pigs[victim];
        pig.alive = false;
        let role = pig.role;
        let lost = pig.hand.len() + pig.weapon as usize;
        pig.hand.clear();
        pig.weapon = false;
        self.t.discarded += lost;
        self.emit(|| Event::Death {
            pig: victim,
            killer,
            role,
        });
        if role == Role::MP {
            self.end(Outcome::RebelsWin);
            return;
        }
        if !self.t.rebels_alive() {
            self.end(Outcome::MasterWins);
            return;
        }
        match (role, self.t.pigs[killer].role) {
            (Role::FP, _) => {
                let cards = self.draw(killer, 3);
                self.emit(|| Event::Reward { pig: killer, cards });
            }
            (Role::ZP, Role::MP) => {
                let mp = &mut self.t.pigs[killer];
                let discarded = mp.hand.len() + mp.weapon as usize;
                mp.hand.clear();
                mp.weapon = false;
                self.t.discarded += discarded;
                self.emit(|| Event::Penalty {
                    pig: killer,
                    discarded,
                });
            }
            _ => {}
        }
    }
}

/// Whether `p` may make `play` now (any pig, any conduct).
pub fn legal(t: &Table, p: usize, kill_used: bool, play: &Play) -> bool {
    let pig = &t.pigs[p];
    let Some(&card) = pig.hand.get(play.index) else {
        return false;
    };
    let target_ok =
        |target: Option<usize>| target.is_some_and(|x| x != p && x < t.n() && t.pigs[x].alive);
    match card {
        Card::P => pig.hp < MAX_HP && play.target.is_none(),
        Card::K => {
            (!kill_used || pig.weapon)
                && target_ok(play.target)
                && play.target == Some(t.next_alive(p))
        }
        Card::F => target_ok(play.target),
        Card::N | Card::W | Card::Z => play.target.is_none(),
        Card::D | Card::J => false,
    }
}

/// Every play `p` could make now, whatever its role's habits (for a human seat).
pub fn legal_plays(t: &Table, p: usize, kill_used: bool) -> Vec<Play> {
    let mut out = Vec::new();
    for index in 0..t.pigs[p].hand.len() {
        let targets: Vec<Option<usize>> = match t.pigs[p].hand[index] {
            Card::K => vec![Some(t.next_alive(p))],
            Card::F => t.others_in_order(p).map(Some).collect(),
            _ => vec![None],
        };
        for target in targets {
            let play = Play { index, target };
            if legal(t, p, kill_used, &play) {
                out.push(play);
            }
        }
    }
    out
}
