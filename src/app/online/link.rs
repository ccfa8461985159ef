//! The connection to a game server, on a thread of its own: the window never waits for
//! the network. Messages come in through a channel; each one wakes the reactive window.

use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::time::Duration;

use bw_online::protocol::{ClientMsg, ServerMsg};
use bw_server::client::{Client, Received};

/// What the connection thread reports.
#[derive(Debug)]
pub enum LinkEvent {
    Connected,
    Msg(ServerMsg),
    /// The connection could not be made, or ended; the reason is one line.
    Closed(String),
}

/// Wakes the window's event loop (absent in headless tests).
pub type Waker = Box<dyn Fn() + Send>;

pub struct Link {
    tx: Sender<ClientMsg>,
    /// In a mutex only to make the link a shareable resource; one system reads it.
    rx: std::sync::Mutex<Receiver<LinkEvent>>,
}

impl Link {
    /// Connects to `url` and says `hello` as `name` (taking back a seat with `resume`).
    pub fn open(url: String, name: String, resume: Option<String>, wake: Option<Waker>) -> Link {
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
                let mut client = match Client::join(&url, &name, resume) {
                    Ok(c) => c,
                    Err(e) => {
                        let _ = in_tx.send(LinkEvent::Closed(e));
                        wake();
                        return;
                    }
                };
                let _ = in_tx.send(LinkEvent::Connected);
                wake();
                loop {
                    // What the app wants sent.
                    loop {
                        match out_rx.try_recv() {
                            Ok(msg) => {
                                if let Err(e) = client.send(&msg) {
                                    let _ = in_tx.send(LinkEvent::Closed(e));
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
                            let _ = in_tx
                                .send(LinkEvent::Closed("the server closed the connection".into()));
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
                    out.push(LinkEvent::Closed("the connection ended".into()));
                    return out;
                }
            }
        }
    }
}
