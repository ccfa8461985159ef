//! Drives the real game window as a person does: its own Xvfb display, real X11 events
//! from `xdotool` with a person's timing (the pointer rests before a click, drags take a
//! second, the wheel turns a notch at a time), and what happened read back from what the
//! game writes: the UI map (`BRACKET_WAR_UI_MAP`, see `src/app/ui_map.rs`), save files and
//! its log. A failing test keeps a screenshot and the log under `target/window-failures/`.

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// How long the pointer rests on a widget before the press (the click that was lost).
pub const REST: Duration = Duration::from_millis(1500);
/// How long a button is held in a click.
pub const HOLD: Duration = Duration::from_millis(120);
/// How long the window may take to show what an action leads to.
pub const PATIENCE: Duration = Duration::from_secs(60);

/// One widget of the map: role, enabled, rectangle and text.
#[derive(Clone, Debug)]
pub struct Widget {
    pub role: String,
    pub enabled: bool,
    pub rect: [f32; 4],
    pub text: String,
}

impl Widget {
    pub fn center(&self) -> (i32, i32) {
        (
            ((self.rect[0] + self.rect[2]) / 2.0) as i32,
            ((self.rect[1] + self.rect[3]) / 2.0) as i32,
        )
    }
}

/// What the window showed in its last changed frame.
#[derive(Clone, Debug, Default)]
pub struct Map {
    pub frame: u64,
    pub window: (f32, f32),
    pub state: String,
    pub widgets: Vec<Widget>,
    pub cells: Vec<((u8, u8), (i32, i32))>,
    pub nodes: Vec<(String, (i32, i32))>,
    pub facts: Vec<(String, String)>,
    pub layout_errors: Vec<String>,
}

impl Map {
    fn parse(text: &str) -> Option<Map> {
        let mut map = Map::default();
        for line in text.lines() {
            let (head, rest) = line.split_once(' ').unwrap_or((line, ""));
            let num = |s: &str| s.parse::<f32>().ok();
            match head {
                "frame" => map.frame = rest.parse().ok()?,
                "window" => {
                    let (w, h) = rest.split_once(' ')?;
                    map.window = (num(w)?, num(h)?);
                }
                "state" => map.state = rest.to_string(),
                "widget" => {
                    let mut p = rest.splitn(7, ' ');
                    let role = p.next()?.to_string();
                    let enabled = p.next()? == "1";
                    let mut rect = [0.0; 4];
                    for r in &mut rect {
                        *r = num(p.next()?)?;
                    }
                    let text = p.next().unwrap_or("").to_string();
                    map.widgets.push(Widget {
                        role,
                        enabled,
                        rect,
                        text,
                    });
                }
                "cell" => {
                    let v: Vec<i32> = rest.split(' ').filter_map(|s| s.parse().ok()).collect();
                    map.cells.push(((v[0] as u8, v[1] as u8), (v[2], v[3])));
                }
                "node" => {
                    let v: Vec<&str> = rest.split(' ').collect();
                    map.nodes
                        .push((v[0].to_string(), (v[1].parse().ok()?, v[2].parse().ok()?)));
                }
                "fact" => {
                    let (k, v) = rest.split_once(' ').unwrap_or((rest, ""));
                    map.facts.push((k.to_string(), v.to_string()));
                }
                "layout-error" => map.layout_errors.push(rest.to_string()),
                _ => {}
            }
        }
        Some(map)
    }

    /// The widget whose text is `text`: an enabled button first (a heading may read the
    /// same), then anything enabled, then anything.
    pub fn widget(&self, text: &str) -> Option<&Widget> {
        let named = || self.widgets.iter().filter(move |w| w.text == text);
        named()
            .find(|w| w.enabled && w.role == "Button")
            .or_else(|| named().find(|w| w.enabled))
            .or_else(|| named().next())
    }

    /// The widgets of one role, top to bottom and left to right.
    pub fn of_role(&self, role: &str) -> Vec<&Widget> {
        let mut v: Vec<&Widget> = self.widgets.iter().filter(|w| w.role == role).collect();
        v.sort_by(|a, b| {
            (a.rect[1], a.rect[0])
                .partial_cmp(&(b.rect[1], b.rect[0]))
                .unwrap()
        });
        v
    }

    pub fn has(&self, text: &str) -> bool {
        self.widgets.iter().any(|w| w.text == text)
    }

    /// A widget whose text contains `part`.
    pub fn containing(&self, part: &str) -> Option<&Widget> {
        self.widgets.iter().find(|w| w.text.contains(part))
    }

    pub fn fact(&self, key: &str) -> Option<&str> {
        self.facts
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Every value of a fact that repeats (`piece`).
    pub fn facts_of(&self, key: &str) -> Vec<&str> {
        self.facts
            .iter()
            .filter(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// The values of a repeated fact of two words (`junqi-move FROM TO`), as pairs.
    pub fn pairs(&self, key: &str) -> Vec<(String, String)> {
        self.facts_of(key)
            .into_iter()
            .filter_map(|v| v.split_once(' '))
            .map(|(a, b)| (a.to_string(), b.to_string()))
            .collect()
    }

    /// The 括号大战 piece on (row, column): owner, kind number and facing (`-` for none).
    pub fn piece(&self, row: u8, col: u8) -> Option<(u8, u16, String)> {
        self.facts_of("piece").into_iter().find_map(|v| {
            let p: Vec<&str> = v.split(' ').collect();
            (p[0].parse() == Ok(row) && p[1].parse() == Ok(col)).then(|| {
                (
                    p[2].parse().unwrap(),
                    p[3].parse().unwrap(),
                    p[4].to_string(),
                )
            })
        })
    }

    pub fn cell(&self, row: u8, col: u8) -> (i32, i32) {
        self.cells
            .iter()
            .find(|(rc, _)| *rc == (row, col))
            .map(|(_, p)| *p)
            .unwrap_or_else(|| panic!("cell ({row},{col}) is on the map"))
    }

    pub fn node(&self, name: &str) -> (i32, i32) {
        self.nodes
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, p)| *p)
            .unwrap_or_else(|| panic!("node {name} is on the map"))
    }

    pub fn in_state(&self, s: &str) -> bool {
        self.state.split(' ').any(|x| x == s)
    }
}

/// A game window on its own X display.
pub struct Game {
    pub name: String,
    xvfb: Child,
    game: Option<Child>,
    pub display: String,
    map_file: PathBuf,
    pub log: PathBuf,
    pub saves: PathBuf,
    dir: tempfile::TempDir,
    window: String,
}

/// The last `n` lines of `text`.
fn last_lines(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

fn target_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target")
}

/// Starts an Xvfb display of `size` and returns it with its number; what the server says
/// goes to `stderr`. `-noreset`: by default an X server resets when its last client leaves,
/// which is the very moment a test starts the game again after killing it.
pub fn xvfb(size: (u32, u32), stderr: Stdio) -> (Child, String) {
    let mut x = Command::new("Xvfb")
        .args([
            "-displayfd",
            "1",
            "-nolisten",
            "tcp",
            "-noreset",
            "-screen",
            "0",
        ])
        .arg(format!("{}x{}x24", size.0, size.1))
        .stdout(Stdio::piped())
        .stderr(stderr)
        .spawn()
        .expect("Xvfb runs (scripts/deps.sh --test installs it)");
    let mut line = String::new();
    BufReader::new(x.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let n = line.trim();
    assert!(!n.is_empty(), "Xvfb gave its display number");
    (x, format!(":{n}"))
}

impl Game {
    /// The window at 1280x800 in Chinese with the default pack.
    pub fn start(name: &str) -> Game {
        Game::start_with(name, (1280, 800), &[], None)
    }

    /// The window with extra command-line arguments, on a screen of `size`, with the saves
    /// of `saves` (copied) or empty ones.
    pub fn start_with(name: &str, size: (u32, u32), args: &[&str], saves: Option<&Path>) -> Game {
        let mut g = Game::open(name, size, saves);
        g.launch(args);
        g
    }

    /// The window at 1280x800, left without focus as it opens (there is no window manager
    /// to give it focus: a desktop that keeps new windows from taking focus does the same).
    pub fn start_unfocused(name: &str) -> Game {
        let mut g = Game::open(name, (1280, 800), None);
        g.spawn(&[]);
        g
    }

    /// A display of `size` and the game's folders, before the program starts.
    fn open(name: &str, size: (u32, u32), saves: Option<&Path>) -> Game {
        let dir = tempfile::Builder::new()
            .prefix(&format!("bw-play-{name}-"))
            .tempdir()
            .unwrap();
        let save_dir = dir.path().join("saves");
        std::fs::create_dir_all(&save_dir).unwrap();
        if let Some(from) = saves {
            for e in std::fs::read_dir(from).unwrap().flatten() {
                std::fs::copy(e.path(), save_dir.join(e.file_name())).unwrap();
            }
        }
        let xvfb_log = std::fs::File::create(dir.path().join("xvfb.log")).unwrap();
        let (xvfb, display) = xvfb(size, Stdio::from(xvfb_log));
        Game {
            name: name.to_string(),
            xvfb,
            game: None,
            display,
            map_file: dir.path().join("ui.map"),
            log: dir.path().join("game.log"),
            saves: save_dir,
            dir,
            window: String::new(),
        }
    }

    /// Starts (or starts again) the game program on this display, gives its window focus
    /// and waits for the main menu.
    pub fn launch(&mut self, args: &[&str]) {
        self.spawn(args);
        self.xdo(&["windowfocus", "--sync", &self.window.clone()]);
        self.wait("the main menu", |m| m.in_state("Screen::Menu"));
    }

    /// Starts the game program on this display and finds its window.
    fn spawn(&mut self, args: &[&str]) {
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .unwrap();
        std::fs::remove_file(&self.map_file).ok();
        // BW_PLAY_WINDOW plays another build of the window (the release build, for a
        // figure in BENCHMARKS.md); by default the debug build the tests were made with.
        let program = std::env::var_os("BW_PLAY_WINDOW").map_or_else(
            || PathBuf::from(env!("CARGO_BIN_EXE_bracket-war-window")),
            PathBuf::from,
        );
        let child = Command::new(program)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .arg("--saves")
            .arg(&self.saves)
            .args(args)
            .env("DISPLAY", &self.display)
            .env_remove("WAYLAND_DISPLAY")
            .env("BRACKET_WAR_UI_MAP", &self.map_file)
            .env("RUST_LOG", "warn,bracket_war=info")
            .env("NO_COLOR", "1")
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .spawn()
            .expect("the game starts");
        self.game = Some(child);
        self.window = self.find_window();
    }

    fn find_window(&mut self) -> String {
        let start = Instant::now();
        loop {
            let out = Command::new("xdotool")
                .args(["search", "--class", "bracket-war-window"])
                .env("DISPLAY", &self.display)
                .output()
                .expect("xdotool runs (scripts/deps.sh --test installs it)");
            let text = String::from_utf8_lossy(&out.stdout);
            if let Some(id) = text.lines().last() {
                return id.trim().to_string();
            }
            self.check_alive();
            assert!(start.elapsed() < PATIENCE, "the window opened");
            std::thread::sleep(Duration::from_millis(200));
        }
    }

    fn check_alive(&mut self) {
        if let Some(g) = &mut self.game
            && let Ok(Some(status)) = g.try_wait()
        {
            self.fail(&format!("the game exited ({status})"));
        }
    }

    /// Runs xdotool on this display.
    pub fn xdo(&self, args: &[&str]) {
        let st = Command::new("xdotool")
            .args(args)
            .env("DISPLAY", &self.display)
            .status()
            .unwrap();
        assert!(st.success(), "xdotool {args:?}");
    }

    /// The map as the window last wrote it.
    pub fn map(&self) -> Map {
        for _ in 0..20 {
            if let Ok(text) = std::fs::read_to_string(&self.map_file)
                && let Some(m) = Map::parse(&text)
            {
                return m;
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        Map::default()
    }

    /// Waits until the window shows what `f` looks for (or fails with a screenshot).
    pub fn wait(&mut self, what: &str, f: impl Fn(&Map) -> bool) -> Map {
        self.wait_for(what, PATIENCE, f)
    }

    /// [`Game::wait`] for something that takes long (a game the computers play): up to
    /// `secs` seconds.
    pub fn wait_long(&mut self, what: &str, secs: u64, f: impl Fn(&Map) -> bool) -> Map {
        self.wait_for(what, Duration::from_secs(secs), f)
    }

    /// The map once it shows what `f` looks for, or `None` after `secs` seconds: for what
    /// may or may not come (a key some screens answer and others do not).
    pub fn within(&mut self, secs: u64, f: impl Fn(&Map) -> bool) -> Option<Map> {
        self.poll(Duration::from_secs(secs), f).ok()
    }

    fn wait_for(&mut self, what: &str, patience: Duration, f: impl Fn(&Map) -> bool) -> Map {
        self.poll(patience, f).unwrap_or_else(|last| {
            self.fail(&format!(
                "waited for {what}; the window shows {}",
                last.state
            ))
        })
    }

    /// Reads the map until it shows what `f` looks for; after `patience`, the last map read.
    fn poll(&mut self, patience: Duration, f: impl Fn(&Map) -> bool) -> Result<Map, Box<Map>> {
        let start = Instant::now();
        loop {
            let m = self.map();
            if f(&m) {
                return Ok(m);
            }
            self.check_alive();
            if start.elapsed() > patience {
                return Err(Box::new(m));
            }
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits for a widget with this text and returns it.
    pub fn widget(&mut self, text: &str) -> Widget {
        let m = self.wait(&format!("a widget '{text}'"), |m| m.widget(text).is_some());
        m.widget(text).unwrap().clone()
    }

    /// The pointer goes to (x, y) in the window, in a few steps as a hand moves it.
    pub fn move_to(&self, x: i32, y: i32) {
        self.xdo(&[
            "mousemove",
            "--window",
            &self.window,
            &x.to_string(),
            &y.to_string(),
        ]);
    }

    /// A person's click: move there, rest, press, hold, release.
    pub fn click_at(&self, x: i32, y: i32, button: u8) {
        self.move_to(x - 12, y - 6);
        std::thread::sleep(Duration::from_millis(150));
        self.move_to(x, y);
        std::thread::sleep(REST);
        self.xdo(&["mousedown", &button.to_string()]);
        std::thread::sleep(HOLD);
        self.xdo(&["mouseup", &button.to_string()]);
        std::thread::sleep(Duration::from_millis(200));
    }

    /// Clicks the widget with this text (after the rest that used to lose clicks). As a
    /// person's eye follows a button that moves as its dialog settles (a new egui window
    /// lays itself out over its first frames), the pointer goes where the widget stands
    /// once it has stood still for a moment.
    pub fn click(&mut self, text: &str) {
        let mut at = self.widget(text).center();
        for _ in 0..10 {
            std::thread::sleep(Duration::from_millis(250));
            let now = self.widget(text).center();
            if now == at {
                break;
            }
            at = now;
        }
        self.click_at(at.0, at.1, 1);
    }

    /// Replaces the text of the screen's first text field (the seed of a new-game screen)
    /// as a person does: click into it, select all, type.
    pub fn retype_first_field(&self, m: &Map, text: &str) {
        let (x, y) = m.of_role("TextInput")[0].center();
        self.click_at(x, y, 1);
        self.chord("ctrl", "a");
        self.type_text(text);
    }

    /// A drag as a hand makes it: press, a second of small steps, release.
    pub fn drag(&self, from: (i32, i32), to: (i32, i32)) {
        self.move_to(from.0, from.1);
        std::thread::sleep(Duration::from_millis(600));
        self.xdo(&["mousedown", "1"]);
        std::thread::sleep(Duration::from_millis(150));
        let steps = 12;
        for i in 1..=steps {
            let x = from.0 + (to.0 - from.0) * i / steps;
            let y = from.1 + (to.1 - from.1) * i / steps;
            self.move_to(x, y);
            std::thread::sleep(Duration::from_millis(1000 / steps as u64));
        }
        std::thread::sleep(Duration::from_millis(300));
        self.xdo(&["mouseup", "1"]);
        std::thread::sleep(Duration::from_millis(200));
    }

    /// One notch of the wheel (up: away from the person).
    pub fn wheel(&self, up: bool) {
        self.xdo(&["click", if up { "4" } else { "5" }]);
        std::thread::sleep(Duration::from_millis(400));
    }

    /// A key typed with the window focused (xdotool key names: Return, Escape, Up, a …).
    pub fn key(&self, key: &str) {
        self.xdo(&["windowfocus", "--sync", &self.window]);
        self.xdo(&["key", "--delay", "120", key]);
        std::thread::sleep(Duration::from_millis(250));
    }

    /// A key pressed while a modifier is held, as fingers do it: the modifier goes down a
    /// moment before and comes up a moment after (`xdotool key ctrl+a` does all of it at
    /// once, and a slow frame then sees the key without the modifier).
    pub fn chord(&self, modifier: &str, key: &str) {
        self.xdo(&["windowfocus", "--sync", &self.window]);
        self.xdo(&["keydown", modifier]);
        std::thread::sleep(Duration::from_millis(500));
        self.xdo(&["key", key]);
        std::thread::sleep(Duration::from_millis(500));
        self.xdo(&["keyup", modifier]);
        std::thread::sleep(Duration::from_millis(250));
    }

    /// Text typed into the focused field.
    pub fn type_text(&self, text: &str) {
        self.xdo(&["type", "--delay", "60", text]);
        std::thread::sleep(Duration::from_millis(250));
    }

    /// A picture of the screen, kept under `target/window-play/`.
    pub fn screenshot(&self, label: &str) -> PathBuf {
        // The frame the map described is drawn a moment after it is laid out.
        std::thread::sleep(Duration::from_millis(500));
        let dir = target_dir().join("window-play");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join(format!("{}-{label}.png", self.name));
        self.capture(&path);
        path
    }

    /// The mean brightness of the screen now, from 0 (black) to 1 (white).
    pub fn brightness(&self, label: &str) -> f64 {
        let path = self.screenshot(label);
        let out = Command::new("convert")
            .arg(&path)
            .args(["-format", "%[fx:mean]", "info:"])
            .output()
            .expect("ImageMagick's convert runs");
        String::from_utf8_lossy(&out.stdout)
            .trim()
            .parse()
            .unwrap_or_else(|_| self.fail("convert gave no brightness"))
    }

    /// The whole screen of this display into `path` (ImageMagick's `import`).
    fn capture(&self, path: &Path) {
        Command::new("import")
            .args(["-window", "root", "-display", &self.display])
            .arg(path)
            .status()
            .ok();
    }

    /// The game's log so far.
    pub fn log_text(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Fails the test, keeping a screenshot and the log.
    pub fn fail(&self, why: &str) -> ! {
        let dir = target_dir().join("window-failures");
        std::fs::create_dir_all(&dir).ok();
        let shot = dir.join(format!("{}.png", self.name));
        self.capture(&shot);
        std::fs::copy(&self.log, dir.join(format!("{}.log", self.name))).ok();
        let log = self.log_text();
        let tail = last_lines(&log, 30);
        // A backtrace can fill the tail: the panic's own words come first.
        let lines: Vec<&str> = log.lines().collect();
        let panics: Vec<&str> = lines
            .iter()
            .enumerate()
            .filter(|(_, l)| l.contains("panicked at"))
            .flat_map(|(i, _)| lines[i..(i + 2).min(lines.len())].iter().copied())
            .collect();
        let xvfb = std::fs::read_to_string(self.dir.path().join("xvfb.log")).unwrap_or_default();
        panic!(
            "{}: {why}\n(screenshot {}; panics:)\n{}\n(the X server's last words:)\n{}\n(log tail:)\n{tail}",
            self.name,
            shot.display(),
            panics.join("\n"),
            last_lines(&xvfb, 5),
        );
    }

    /// Layout breaches the window logged (the layout guard of `src/app/ui_map.rs`), and
    /// panics.
    pub fn problems(&self) -> Vec<String> {
        self.log_text()
            .lines()
            .filter(|l| l.contains("layout:") || l.contains("panicked"))
            .map(str::to_string)
            .collect()
    }

    /// Ends the test: no layout breach, no panic.
    pub fn finish(mut self) {
        let p = self.problems();
        if !p.is_empty() {
            self.fail(&format!("the window logged:\n{}", p.join("\n")));
        }
        self.kill_game();
    }

    /// The game process's id (for `tests/window_bench.rs`).
    #[allow(dead_code)]
    pub fn pid(&self) -> u32 {
        self.game.as_ref().expect("the game runs").id()
    }

    /// Kills the game process (as a crash or a closed laptop would).
    pub fn kill_game(&mut self) {
        if let Some(mut g) = self.game.take() {
            g.kill().ok();
            g.wait().ok();
        }
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        self.kill_game();
        self.xvfb.kill().ok();
        self.xvfb.wait().ok();
    }
}
