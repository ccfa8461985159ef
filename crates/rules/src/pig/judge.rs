//! The problem's input and output formats (judge mode).

use std::fmt;

use super::cards::{Card, Role};
use super::conduct::ProblemConduct;
use super::engine::{Outcome, Pig, Table, run};
use super::events::NoEvents;

pub const MAX_PIGS: usize = 10;
pub const MAX_DECK: usize = 2000;

/// Why an input was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// Parses `n m`, n lines `ROLE c1 c2 c3 c4`, then m deck cards (anything after them is
/// ignored). Pig 1 must be the MP, and there is exactly one MP.
pub fn parse(input: &str) -> Result<Table, InputError> {
    let bad = |m: String| InputError(m);
    let mut words = input.split_whitespace();
    let mut number = |what: &str| -> Result<usize, InputError> {
        let w = words.next().ok_or_else(|| bad(format!("missing {what}")))?;
        w.parse()
            .map_err(|_| bad(format!("{what} `{w}` is not a number")))
    };
    let n = number("the number of pigs n")?;
    let m = number("the number of deck cards m")?;
    if !(2..=MAX_PIGS).contains(&n) {
        return Err(bad(format!("n = {n} pigs, must be 2 to {MAX_PIGS}")));
    }
    if !(1..=MAX_DECK).contains(&m) {
        return Err(bad(format!("m = {m} deck cards, must be 1 to {MAX_DECK}")));
    }
    let card = |w: Option<&str>, what: &dyn Fn() -> String| -> Result<Card, InputError> {
        let w = w.ok_or_else(|| bad(format!("missing {}", what())))?;
        let mut chars = w.chars();
        match (chars.next().and_then(Card::from_letter), chars.next()) {
            (Some(c), None) => Ok(c),
            _ => Err(bad(format!("unknown card `{w}` as {}", what()))),
        }
    };
    let mut pigs = Vec::with_capacity(n);
    for i in 1..=n {
        let w = words
            .next()
            .ok_or_else(|| bad(format!("missing the role of pig {i}")))?;
        let role = Role::parse(w)
            .ok_or_else(|| bad(format!("unknown role `{w}` of pig {i} (MP, ZP or FP)")))?;
        if (i == 1) != (role == Role::MP) {
            return Err(bad(if i == 1 {
                format!("pig 1 must be the MP, not {role}")
            } else {
                format!("pig {i} is a second MP")
            }));
        }
        let mut hand = Vec::with_capacity(4);
        for k in 1..=4 {
            hand.push(card(words.next(), &|| format!("card {k} of pig {i}"))?);
        }
        pigs.push(Pig::new(role, hand));
    }
    let mut deck = Vec::with_capacity(m);
    for k in 1..=m {
        deck.push(card(words.next(), &|| format!("deck card {k} of {m}"))?);
    }
    Ok(Table::new(pigs, deck))
}

/// The problem's output: the winner, then each pig's hand or `DEAD`.
pub fn format(t: &Table) -> String {
    let mut out = String::new();
    out.push_str(match t.outcome {
        Some(Outcome::RebelsWin) => "FP\n",
        _ => "MP\n",
    });
    for pig in &t.pigs {
        if pig.alive {
            let cards: Vec<String> = pig.hand.iter().map(|c| c.letter().to_string()).collect();
            out.push_str(&cards.join(" "));
        } else {
            out.push_str("DEAD");
        }
        out.push('\n');
    }
    out
}

/// Plays an input by the problem's rules; `None` if `max_turns` turns did not end it.
///
/// The problem's first sample: the rebel's four 决斗 kill the master pig.
///
/// ```
/// let input = "3 10\nMP D D F F\nZP N N N D\nFP J J J J\nF F D D J J F F K D\n";
/// let output = bw_rules::pig::judge::judge(input, 10_000).unwrap().unwrap();
/// assert_eq!(output, "FP\nDEAD\nDEAD\nJ J J J J J D\n");
/// ```
pub fn judge(input: &str, max_turns: u64) -> Result<Option<String>, InputError> {
    let mut t = parse(input)?;
    match run(&mut t, &mut ProblemConduct, &mut NoEvents, max_turns) {
        Outcome::NoResult => Ok(None),
        _ => Ok(Some(format(&t))),
    }
}
