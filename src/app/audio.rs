//! Sound: short effects for what happens on the boards and in the menus, and one quiet
//! looping track per game. The sounds are our own, synthesised by `scripts/make_sounds.py`
//! into `assets/sounds/`.
//!
//! Games never touch audio: they write a [`PlaySfx`] message (optionally delayed, so a
//! destruction is heard when the beam arrives), and this module plays it at the volume the
//! settings give (master × effects, or nothing when muted). The music follows the computed
//! state [`Music`]: entering a game starts its track, leaving it stops it, and changing a
//! volume in Settings applies at once to the track that plays. With no sound device (CI,
//! Xvfb) Bevy's audio output finds none, says so once in the log, and everything else runs
//! as usual; headless tests have no audio output at all, and still see which sounds the
//! game asked for (the [`SoundEffect`] and [`MusicPlayer`] entities).

use std::collections::HashMap;

use bevy::audio::{AudioPlayer, AudioSink, AudioSinkPlayback, AudioSource, PlaybackSettings};
use bevy::audio::{PlaybackMode, Volume};
use bevy::prelude::*;
use bevy::window::RequestRedraw;

use crate::app::settings::UserSettings;
use crate::app::state::{OnlineScreen, Screen};

/// Whether this machine can play sound at all. On Linux, a machine with no sound card
/// (a server, CI, a container under Xvfb) is known before Bevy's audio output tries ALSA,
/// which would print a dozen `ALSA lib … cannot find card` lines: there the window runs
/// without an audio output, silently. A remote sound server (`PULSE_SERVER`) counts as one.
pub fn output_available() -> bool {
    if !cfg!(target_os = "linux") {
        return true;
    }
    let cards = std::fs::read_to_string("/proc/asound/cards").unwrap_or_default();
    let has_card = cards
        .lines()
        .any(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()));
    has_card || std::env::var_os("PULSE_SERVER").is_some()
}

/// The sound effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sfx {
    /// A piece put on a board (括号大战, 军棋) or a card played (猪国杀).
    Place,
    /// A piece turned a quarter.
    Rotate,
    /// A beam leaving the placed piece.
    Beam,
    /// Pieces destroyed, a 军棋 piece taken, a pig dead.
    Destroy,
    /// The next player's turn.
    Turn,
    /// A game won.
    Win,
    /// A button pressed.
    Button,
    /// 读秒: a second of a move's last seconds.
    Tick,
}

impl Sfx {
    pub const ALL: [Sfx; 8] = [
        Sfx::Place,
        Sfx::Rotate,
        Sfx::Beam,
        Sfx::Destroy,
        Sfx::Turn,
        Sfx::Win,
        Sfx::Button,
        Sfx::Tick,
    ];

    /// The file in `assets/sounds/`.
    pub fn file(self) -> &'static str {
        match self {
            Sfx::Place => "sounds/place.wav",
            Sfx::Rotate => "sounds/rotate.wav",
            Sfx::Beam => "sounds/beam.wav",
            Sfx::Destroy => "sounds/destroy.wav",
            Sfx::Turn => "sounds/turn.wav",
            Sfx::Win => "sounds/win.wav",
            Sfx::Button => "sounds/button.wav",
            Sfx::Tick => "sounds/tick.wav",
        }
    }
}

/// Asks for a sound effect, now or `delay` seconds from now.
#[derive(Message, Clone, Copy, Debug, PartialEq)]
pub struct PlaySfx {
    pub sfx: Sfx,
    pub delay: f32,
}

impl PlaySfx {
    pub fn now(sfx: Sfx) -> PlaySfx {
        PlaySfx { sfx, delay: 0.0 }
    }

    pub fn after(sfx: Sfx, delay: f32) -> PlaySfx {
        PlaySfx { sfx, delay }
    }
}

/// A sound effect playing; Bevy despawns it when the sound ends.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoundEffect(pub Sfx);

/// Which game's track plays: computed from the screen (the menus are silent).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Music {
    Bracket,
    Junqi,
    Pig,
}

impl ComputedStates for Music {
    type SourceStates = (Screen, Option<OnlineScreen>);

    fn compute((screen, online): (Screen, Option<OnlineScreen>)) -> Option<Self> {
        match (screen, online) {
            (Screen::Bracket, _) | (_, Some(OnlineScreen::BracketBoard)) => Some(Music::Bracket),
            (Screen::Junqi, _) | (_, Some(OnlineScreen::Room)) => Some(Music::Junqi),
            (Screen::Pig, _) => Some(Music::Pig),
            _ => None,
        }
    }
}

impl Music {
    pub fn file(self) -> &'static str {
        match self {
            Music::Bracket => "sounds/music-bracket.wav",
            Music::Junqi => "sounds/music-junqi.wav",
            Music::Pig => "sounds/music-pig.wav",
        }
    }
}

/// The entity playing a game's track.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MusicPlayer(pub Music);

/// The loaded sounds (default handles when there is no asset server: headless tests).
#[derive(Resource, Default)]
struct Sounds {
    effects: HashMap<Sfx, Handle<AudioSource>>,
    music: HashMap<Music, Handle<AudioSource>>,
}

/// Effects waiting for their moment (seconds of app time when due).
#[derive(Resource, Default)]
struct Pending(Vec<(f64, Sfx)>);

/// The volume an effect plays at (0 when muted).
pub fn effects_volume(s: &UserSettings) -> f32 {
    if s.muted {
        0.0
    } else {
        (s.master_volume * s.effects_volume).clamp(0.0, 1.0)
    }
}

/// The volume of the music (0 when muted).
pub fn music_volume(s: &UserSettings) -> f32 {
    if s.muted {
        0.0
    } else {
        (s.master_volume * s.music_volume).clamp(0.0, 1.0)
    }
}

/// Sound for every screen (the sounds load where there is an asset server and an output).
pub fn plugin(app: &mut App) {
    app.add_message::<PlaySfx>()
        .init_resource::<Sounds>()
        .init_resource::<Pending>()
        .add_computed_state::<Music>()
        .add_systems(Startup, load_sounds)
        .add_systems(PostUpdate, play_effects)
        .add_systems(PreUpdate, drop_unplayable)
        .add_systems(Update, start_music.run_if(state_changed::<Music>))
        .add_systems(
            Update,
            apply_music_volume.run_if(resource_changed::<UserSettings>),
        );
}

/// In a window, egui's button clicks are heard.
pub fn ui_plugin(app: &mut App) {
    app.add_systems(
        PostUpdate,
        button_clicks
            .after(bevy_egui::EguiPostUpdateSet::ProcessOutput)
            .before(play_effects),
    );
}

fn load_sounds(
    assets: Option<Res<AssetServer>>,
    output: Option<Res<Assets<AudioSource>>>,
    mut sounds: ResMut<Sounds>,
) {
    // No asset server (headless tests) or no audio output (no sound card): nothing loads.
    let Some(assets) = assets else { return };
    if output.is_none() {
        info!("no sound card: the game runs without sound");
        return;
    }
    for sfx in Sfx::ALL {
        sounds.effects.insert(sfx, assets.load(sfx.file()));
    }
    for m in [Music::Bracket, Music::Junqi, Music::Pig] {
        sounds.music.insert(m, assets.load(m.file()));
    }
}

/// Plays the effects that are due; keeps the reactive window awake while any wait.
fn play_effects(
    mut commands: Commands,
    mut asked: MessageReader<PlaySfx>,
    mut pending: ResMut<Pending>,
    time: Res<Time>,
    sounds: Res<Sounds>,
    settings: Res<UserSettings>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let now = time.elapsed_secs_f64();
    for a in asked.read() {
        pending.0.push((now + a.delay.max(0.0) as f64, a.sfx));
    }
    if pending.0.is_empty() {
        return;
    }
    let volume = effects_volume(&settings);
    let mut due = Vec::new();
    pending.0.retain(|&(at, sfx)| {
        let ready = at <= now;
        if ready {
            due.push(sfx);
        }
        !ready
    });
    // The same effect twice in one frame is heard once (a cascade, four seats' turns).
    due.dedup();
    for sfx in due {
        if volume <= 0.0 {
            continue;
        }
        commands.spawn((
            SoundEffect(sfx),
            AudioPlayer(sounds.effects.get(&sfx).cloned().unwrap_or_default()),
            PlaybackSettings::DESPAWN.with_volume(Volume::Linear(volume)),
        ));
    }
    if !pending.0.is_empty() {
        redraw.write(RequestRedraw);
    }
}

/// Without an audio output nothing plays the effects (and nothing would despawn them when
/// done): they leave a frame after they were asked for.
fn drop_unplayable(
    mut commands: Commands,
    output: Option<Res<Assets<AudioSource>>>,
    effects: Query<Entity, With<SoundEffect>>,
) {
    if output.is_none() {
        for e in &effects {
            commands.entity(e).despawn();
        }
    }
}

/// A new game on screen: its track, looping; the previous one stops with its state.
fn start_music(
    mut commands: Commands,
    music: Option<Res<State<Music>>>,
    sounds: Res<Sounds>,
    settings: Res<UserSettings>,
) {
    let Some(music) = music else { return };
    let m = *music.get();
    commands.spawn((
        MusicPlayer(m),
        AudioPlayer(sounds.music.get(&m).cloned().unwrap_or_default()),
        PlaybackSettings {
            mode: PlaybackMode::Loop,
            volume: Volume::Linear(music_volume(&settings)),
            ..PlaybackSettings::LOOP
        },
        DespawnOnExit(m),
    ));
}

/// A volume moved in Settings: the track that plays follows at once.
fn apply_music_volume(
    settings: Res<UserSettings>,
    mut players: Query<(&mut PlaybackSettings, Option<&mut AudioSink>), With<MusicPlayer>>,
) {
    let linear = music_volume(&settings);
    let volume = Volume::Linear(linear);
    for (mut playback, sink) in &mut players {
        if playback.volume.to_linear() != linear {
            playback.volume = volume;
        }
        if let Some(mut sink) = sink {
            sink.set_volume(volume);
        }
    }
}

/// Every egui button, check box or choice clicked this frame is heard.
fn button_clicks(outputs: Query<&bevy_egui::EguiOutput>, mut sfx: MessageWriter<PlaySfx>) {
    use bevy_egui::egui::{WidgetType, output::OutputEvent};
    let clicked = outputs.iter().any(|o| {
        o.platform_output.events.iter().any(|e| match e {
            OutputEvent::Clicked(info) => matches!(
                info.typ,
                WidgetType::Button
                    | WidgetType::Checkbox
                    | WidgetType::RadioButton
                    | WidgetType::SelectableLabel
                    | WidgetType::ComboBox
            ),
            _ => false,
        })
    });
    if clicked {
        sfx.write(PlaySfx::now(Sfx::Button));
    }
}
