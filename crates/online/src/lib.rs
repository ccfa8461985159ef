//! Online rooms without I/O: the protocol's messages ([`protocol`]), shared by the server
//! and every client, and the rooms the server runs ([`room`]), refereed by the rules crate.
//! The server (sockets, journals, clocks) is `bracket-war-server`; the protocol is written
//! down in `docs/protocol.md`.

pub mod bot;
pub mod hall;
pub mod protocol;
pub mod quick;
pub mod room;
