//! The connection to a game server, on a thread of its own: the window never waits for
//! the network. Messages come in through a channel; each one wakes the reactive window.

use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::time::Duration;

use bw_online::protocol::{ClientMsg, PROTOCOL_VERSION, ServerMsg};
use bw_server::client::{Client, Received};

/// What the connection thread reports.
#[derive(Debug)]
pub enum LinkEvent {
    Connected,
    Msg(ServerMsg),
    /// The connection could not be made, or ended.
    Closed(LinkEnd),
}

/// Why a connection could not be made or ended, as the screens say it (in the player's
/// language, from the locale files); the technical detail goes to the log.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LinkEnd {
    /// The server field is not an address (`host:port`).
    BadAddress,
    /// Nothing answered there (wrong address or port, no server running, a firewall).
    Unreachable,
    /// Something answered but not as a game server of this protocol.
    NotAServer,
    /// The server closed the connection.
    ServerClosed,
    /// The connection broke.
    Broken,
}

impl LinkEnd {
    /// The locale key of the message.
    pub fn key(&self) -> &'static str {
        match self {
            LinkEnd::BadAddress => "online-end-bad-address",
            LinkEnd::Unreachable => "online-end-unreachable",
            LinkEnd::NotAServer => "online-end-not-a-server",
            LinkEnd::ServerClosed => "online-end-server-closed",
            LinkEnd::Broken => "online-end-broken",
        }
    }
}

/// The `ws://host:port` (or `wss://`) address for what a person typed in the server field,
/// or why it is not one: a host and a port are needed, nothing else.
pub fn server_url(typed: &str) -> Result<String, LinkEnd> {
    let typed = typed.trim();
    let rest = typed
        .strip_prefix("ws://")
        .or_else(|| typed.strip_prefix("wss://"))
        .unwrap_or(typed);
    let scheme = if typed.starts_with("wss://") {
        "wss"
    } else {
        "ws"
    };
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    let (host, port) = rest.rsplit_once(':').ok_or(LinkEnd::BadAddress)?;
    let host_ok = !host.is_empty()
        && host
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_' | '[' | ']' | ':'));
    match port.parse::<u16>() {
        Ok(p) if p > 0 && host_ok => Ok(format!("{scheme}://{host}:{port}")),
        _ => Err(LinkEnd::BadAddress),
    }
}

/// What a connection says first: the name it asks for, a seat token to take a seat back,
/// a session token to be that account again.
#[derive(Clone, Debug, Default)]
pub struct Hello {
    pub name: String,
    pub resume: Option<String>,
    pub session: Option<String>,
}

/// Wakes the window's event loop (absent in headless tests).
pub type Waker = Box<dyn Fn() + Send>;

pub struct Link {
    tx: Sender<ClientMsg>,
    /// In a mutex only to make the link a shareable resource; one system reads it.
    rx: std::sync::Mutex<Receiver<LinkEvent>>,
}

impl Link {
    /// Connects to `url` and says `hello` (see [`Hello`]); `welcome` comes through as the
    /// first message, then `then` is sent (a log-in or a registration), if any.
    pub fn open(url: String, hello: Hello, then: Option<ClientMsg>, wake: Option<Waker>) -> Link {
        let (tx, out_rx) = channel::<ClientMsg>();
        let (in_tx, rx) = channel();
        std::thread::Builder::new()
            .name("bw_online_link".into())
            .spawn(move || {
                let wake = || {
                    if let Some(w) = &wake {
                        w();
                    }
                };
                let mut client = match Client::connect(&url) {
                    Err(e) => {
                        bevy::log::warn!("{e}");
                        let _ = in_tx.send(LinkEvent::Closed(LinkEnd::Unreachable));
                        wake();
                        return;
                    }
                    Ok(c) => c,
                };
                let said = client.send(&ClientMsg::Hello {
                    version: PROTOCOL_VERSION,
                    name: hello.name,
                    resume: hello.resume,
                    session: hello.session,
                });
                let welcome = said.and_then(|()| {
                    client.expect(Duration::from_secs(10), |m| {
                        matches!(m, ServerMsg::Welcome { .. })
                    })
                });
                match welcome {
                    Ok(welcome) => {
                        let _ = in_tx.send(LinkEvent::Connected);
                        let _ = in_tx.send(LinkEvent::Msg(welcome));
                    }
                    Err(e) => {
                        bevy::log::warn!("{url}: {e}");
                        let _ = in_tx.send(LinkEvent::Closed(LinkEnd::NotAServer));
                        wake();
                        return;
                    }
                }
                wake();
                if let Some(msg) = then
                    && let Err(e) = client.send(&msg)
                {
                    bevy::log::warn!("{e}");
                    let _ = in_tx.send(LinkEvent::Closed(LinkEnd::Broken));
                    wake();
                    return;
                }
                loop {
                    // What the app wants sent.
                    loop {
                        match out_rx.try_recv() {
                            Ok(msg) => {
                                if let Err(e) = client.send(&msg) {
                                    bevy::log::warn!("{e}");
                                    let _ = in_tx.send(LinkEvent::Closed(LinkEnd::Broken));
                                    wake();
                                    return;
                                }
                            }
                            Err(TryRecvError::Empty) => break,
                            // The app let go of the link: close.
                            Err(TryRecvError::Disconnected) => return,
                        }
                    }
                    match client.recv(Duration::from_millis(20)) {
                        Received::Msg(m) => {
                            if in_tx.send(LinkEvent::Msg(m)).is_err() {
                                return;
                            }
                            wake();
                        }
                        Received::Nothing => {}
                        Received::Closed => {
                            let _ = in_tx.send(LinkEvent::Closed(LinkEnd::ServerClosed));
                            wake();
                            return;
                        }
                    }
                }
            })
            .expect("a thread for the connection");
        Link {
            tx,
            rx: std::sync::Mutex::new(rx),
        }
    }

    pub fn send(&self, msg: ClientMsg) {
        let _ = self.tx.send(msg);
    }

    /// Everything that came in since the last call.
    pub fn drain(&self) -> Vec<LinkEvent> {
        let mut out = Vec::new();
        let Ok(rx) = self.rx.lock() else {
            return out;
        };
        loop {
            match rx.try_recv() {
                Ok(e) => out.push(e),
                Err(TryRecvError::Empty) => return out,
                Err(TryRecvError::Disconnected) => {
                    out.push(LinkEvent::Closed(LinkEnd::Broken));
                    return out;
                }
            }
        }
    }
}
