//! The computer players of 括号大战 and 军棋, and the 军棋 engine protocol.
//!
//! They stand beside the rules crate (`bw_rules`), not inside it: a player sees a game only
//! through what its seat may know (the rules crate's views, or the protocol's messages), and
//! the rules never call a player. The app, the server, the referee and the command line use
//! these players; 猪国杀's pigs follow the problem's prescribed conduct, which is a rule and
//! lives in the rules crate.

pub mod bracket;
pub mod junqi;

/// How long a hard computer thinks a move, in the window and on the server (both games).
pub const THINKING: std::time::Duration = std::time::Duration::from_millis(1000);
