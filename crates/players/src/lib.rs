//! The computer players of 括号大战 and 军棋, and the 军棋 engine protocol.
//!
//! They stand beside the rules crate (`bw_rules`), not inside it: a player sees a game only
//! through what its seat may know (the rules crate's views, or the protocol's messages), and
//! the rules never call a player. The app, the server, the referee and the command line use
//! these players; 猪国杀's pigs follow the problem's prescribed conduct, which is a rule and
//! lives in the rules crate.

pub mod bracket;
pub mod junqi;

/// How long a hard computer thinks a move unless told otherwise, in the window and on the
/// server (both games). Each sets its own within [`THINKING_MS`]: the window's Settings,
/// `serve --hard-think-ms`.
pub const THINKING: std::time::Duration = std::time::Duration::from_millis(1000);

/// The think times a hard computer may be given, in milliseconds: below 100 ms it plays
/// little better than the normal level; above 10 s a person waits too long for each move.
pub const THINKING_MS: std::ops::RangeInclusive<u64> = 100..=10_000;
