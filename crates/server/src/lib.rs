//! The online game server of Bracket War and its clients. The protocol and the rooms are
//! in `bracket-war-online` (no I/O); this crate carries them over WebSocket:
//! [`server`] (`bracket-war serve`), [`client`] (a blocking client) and [`loadtest`]
//! (`bracket-war loadtest`), over `ws://` or, with [`tls`], `wss://`.

pub mod client;
pub mod loadtest;
pub mod server;
pub mod tls;
