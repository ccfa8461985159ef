//! Who sits at a refereed seat: an engine process speaking the protocol over pipes
//! ([`EngineProcess`]), or the project's own engine in this process ([`InProcess`], for
//! tests and for the game's computer seats). Both are driven line by line.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::Mutex;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

use bw_players::junqi::engine::EngineSession;

/// Why no usable line came.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Silence {
    /// Nothing by the deadline.
    Late,
    /// The engine closed its output (it exited or crashed).
    Closed,
}

/// A seat's player, one line at a time.
pub trait Contestant: Send {
    /// Writes one line to the player.
    fn send(&mut self, line: &str) -> Result<(), Silence>;
    /// The player's next line by `deadline` (empty and `info` lines are skipped).
    fn recv(&mut self, deadline: Instant) -> Result<String, Silence>;
    /// What to call it in logs.
    fn label(&self) -> &str;
}

/// Splits a command line into words: spaces separate, '…' and "…" quote, \ escapes.
pub fn split_command(text: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut chars = text.chars();
    let mut quote: Option<char> = None;
    while let Some(c) = chars.next() {
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') | (None, '\\') => {
                word.push(chars.next().ok_or("the command ends with \\")?);
                in_word = true;
            }
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                in_word = true;
            }
            (None, c) if c.is_whitespace() => {
                if in_word {
                    words.push(std::mem::take(&mut word));
                    in_word = false;
                }
            }
            (None, c) => {
                word.push(c);
                in_word = true;
            }
        }
    }
    if let Some(q) = quote {
        return Err(format!("the command has an unclosed {q}"));
    }
    if in_word {
        words.push(word);
    }
    if words.is_empty() {
        return Err("the engine command is empty".into());
    }
    Ok(words)
}

/// An engine program, started from a command line, speaking over its standard input and
/// output. A thread reads its output, so a silent engine never blocks the referee.
pub struct EngineProcess {
    label: String,
    child: Child,
    stdin: Option<ChildStdin>,
    /// Behind a mutex only so that a process can sit in shared state (a game resource).
    lines: Mutex<Receiver<String>>,
}

impl EngineProcess {
    /// Starts `command` (split like a shell would, without expansions). A first word
    /// `bracket-war` names this program when it is itself `bracket-war`.
    pub fn start(command: &str) -> Result<EngineProcess, String> {
        let words = split_command(command)?;
        let program = match std::env::current_exe() {
            Ok(exe)
                if words[0] == "bracket-war"
                    && exe.file_stem().is_some_and(|s| s == "bracket-war") =>
            {
                exe
            }
            _ => words[0].clone().into(),
        };
        let mut child = Command::new(&program)
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("cannot start `{command}`: {e}"))?;
        let stdout = child.stdout.take().expect("piped");
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut reader = BufReader::new(stdout);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                match reader.read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) => {
                        let line = String::from_utf8_lossy(&buf);
                        let line = line.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(line).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Ok(EngineProcess {
            label: command.to_string(),
            stdin: child.stdin.take(),
            child,
            lines: Mutex::new(rx),
        })
    }
}

impl EngineProcess {
    /// The program has not exited.
    pub fn running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }
}

impl Contestant for EngineProcess {
    fn send(&mut self, line: &str) -> Result<(), Silence> {
        let stdin = self.stdin.as_mut().ok_or(Silence::Closed)?;
        writeln!(stdin, "{line}")
            .and_then(|_| stdin.flush())
            .map_err(|_| Silence::Closed)
    }

    fn recv(&mut self, deadline: Instant) -> Result<String, Silence> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let lines = self.lines.get_mut().unwrap_or_else(|e| e.into_inner());
            match lines.recv_timeout(left) {
                Ok(line) => {
                    let t = line.trim();
                    if t.is_empty() || t == "info" || t.starts_with("info ") {
                        continue;
                    }
                    return Ok(line);
                }
                Err(RecvTimeoutError::Timeout) => return Err(Silence::Late),
                Err(RecvTimeoutError::Disconnected) => return Err(Silence::Closed),
            }
        }
    }

    fn label(&self) -> &str {
        &self.label
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        if let Some(mut stdin) = self.stdin.take() {
            let _ = writeln!(stdin, "quit");
            let _ = stdin.flush();
        }
        // A well-behaved engine exits on `quit`; give it a moment, then stop it.
        let until = Instant::now() + Duration::from_millis(500);
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The project's engine in this process: the same session, the same lines.
pub struct InProcess {
    label: String,
    session: EngineSession,
    queue: std::collections::VecDeque<String>,
}

impl InProcess {
    pub fn new(label: impl Into<String>, session: EngineSession) -> InProcess {
        InProcess {
            label: label.into(),
            session,
            queue: Default::default(),
        }
    }
}

impl Contestant for InProcess {
    fn send(&mut self, line: &str) -> Result<(), Silence> {
        if self.session.done {
            return Err(Silence::Closed);
        }
        let replies = self.session.handle(line);
        self.queue.extend(
            replies
                .into_iter()
                .filter(|l| !l.is_empty() && !l.starts_with("info")),
        );
        Ok(())
    }

    fn recv(&mut self, _deadline: Instant) -> Result<String, Silence> {
        self.queue.pop_front().ok_or(if self.session.done {
            Silence::Closed
        } else {
            Silence::Late
        })
    }

    fn label(&self) -> &str {
        &self.label
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn commands_split_like_a_shell() {
        assert_eq!(
            split_command(r#"bracket-war junqi engine --ai "strong"  --seed 3"#).unwrap(),
            [
                "bracket-war",
                "junqi",
                "engine",
                "--ai",
                "strong",
                "--seed",
                "3"
            ]
        );
        assert_eq!(
            split_command(r#"'/opt/my engine/run' a\ b "c d" ''"#).unwrap(),
            ["/opt/my engine/run", "a b", "c d", ""]
        );
        assert!(split_command("  ").is_err());
        assert!(split_command("run 'open").is_err());
    }

    #[test]
    fn a_program_that_does_not_exist_is_a_clear_error() {
        let e = EngineProcess::start("/no/such/engine --x").err().unwrap();
        assert!(e.contains("cannot start `/no/such/engine --x`"), "{e}");
    }
}
