#!/usr/bin/env python3
"""Synthesises the game's sounds (our own, generated here like the art; no samples):

- effects: place, rotate, beam, destroy, turn, win, button, tick (short, mono);
- one quiet looping track per game: bracket, junqi, pig (12 s, seamless: every note's
  tail wraps around to the start of the loop).

Writes assets/sounds/*.wav (16-bit mono, 22,050 Hz). Python's standard library only:
    python3 scripts/make_sounds.py
The output is deterministic: the same script writes the same bytes.
"""
import math
import pathlib
import random
import struct
import wave

ROOT = pathlib.Path(__file__).resolve().parent.parent
OUT = ROOT / "assets" / "sounds"
RATE = 22050
TAU = 2 * math.pi


def seconds(s):
    return int(s * RATE)


def write(name, samples, peak=0.8):
    """Normalises to `peak` and writes a 16-bit mono WAV."""
    top = max(1e-9, max(abs(x) for x in samples))
    scale = peak / top
    frames = b"".join(struct.pack("<h", int(max(-1.0, min(1.0, x * scale)) * 32767)) for x in samples)
    OUT.mkdir(parents=True, exist_ok=True)
    with wave.open(str(OUT / f"{name}.wav"), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


def envelope(i, n, attack=0.004, decay=8.0):
    """A fast attack and an exponential decay (`decay` per second)."""
    t = i / RATE
    a = min(1.0, t / attack) if attack > 0 else 1.0
    fade_out = min(1.0, (n - i) / seconds(0.01))  # no click at the end
    return a * math.exp(-decay * t) * fade_out


def tone(length, f0, f1=None, decay=8.0, harmonics=(1.0,), attack=0.004):
    """A tone sweeping exponentially from f0 to f1, with the given harmonic weights."""
    f1 = f1 or f0
    n = seconds(length)
    out, phase = [], 0.0
    for i in range(n):
        f = f0 * (f1 / f0) ** (i / n)
        phase += TAU * f / RATE
        s = sum(w * math.sin(phase * (k + 1)) for k, w in enumerate(harmonics))
        out.append(s * envelope(i, n, attack, decay))
    return out


def noise(length, decay, smooth, rng):
    """Low-passed noise (a one-pole filter; `smooth` near 1 is darker)."""
    n = seconds(length)
    out, y = [], 0.0
    for i in range(n):
        y = smooth * y + (1 - smooth) * rng.uniform(-1, 1)
        out.append(y * envelope(i, n, 0.002, decay))
    return out


def mix(*parts):
    """Sums (offset_seconds, samples, gain) parts into one buffer."""
    n = max(seconds(o) + len(s) for o, s, _ in parts)
    out = [0.0] * n
    for o, s, g in parts:
        start = seconds(o)
        for i, x in enumerate(s):
            out[start + i] += g * x
    return out


def effects():
    rng = random.Random(7)
    # A soft pop: a short upward chirp.
    write("place", tone(0.12, 420, 760, decay=30, harmonics=(1.0, 0.25)), peak=0.7)
    # A dry tick of a piece turning.
    write("rotate", mix((0, tone(0.05, 1500, 1300, decay=90), 1.0),
                        (0, noise(0.03, 120, 0.3, rng), 0.3)), peak=0.5)
    # A beam: a bright zap falling in pitch.
    write("beam", tone(0.28, 1900, 380, decay=9, harmonics=(1.0, 0.0, 0.35, 0.0, 0.15)), peak=0.55)
    # A destruction: a dark crunch with a low thump.
    write("destroy", mix((0, noise(0.45, 9, 0.82, rng), 1.0),
                         (0, tone(0.3, 140, 60, decay=12), 0.9)), peak=0.8)
    # A turn change: two soft bell notes.
    bell = (1.0, 0.0, 0.3, 0.0, 0.1)
    write("turn", mix((0, tone(0.35, 660, decay=9, harmonics=bell), 0.8),
                      (0.11, tone(0.4, 880, decay=8, harmonics=bell), 0.8)), peak=0.5)
    # A win: a rising major arpeggio and its chord.
    notes = [523.25, 659.25, 783.99, 1046.5]
    parts = [(0.12 * k, tone(0.9, f, decay=3.5, harmonics=bell), 0.7) for k, f in enumerate(notes)]
    write("win", mix(*parts), peak=0.7)
    # A button: a very short, soft click.
    write("button", tone(0.035, 950, 800, decay=110, harmonics=(1.0, 0.2)), peak=0.4)
    # 读秒: a clock's tick, a wooden knock once a second in the last seconds of a move.
    write("tick", mix((0, tone(0.06, 1250, 1100, decay=75, harmonics=(1.0, 0.0, 0.4)), 1.0),
                      (0, noise(0.02, 160, 0.5, rng), 0.25)), peak=0.45)


def loop(name, length, bpm, scale, base, voice, pattern_seed, bass_every=4, decay=3.0):
    """A quiet loop: a plucked melody on a pentatonic scale over a soft bass, the tails
    wrapped around so the loop is seamless."""
    rng = random.Random(pattern_seed)
    n = seconds(length)
    out = [0.0] * n
    beat = 60.0 / bpm
    steps = int(length / (beat / 2))

    def add(at, samples, gain):
        start = seconds(at)
        for i, x in enumerate(samples):
            out[(start + i) % n] += gain * x

    degree = 0
    for k in range(steps):
        if rng.random() < 0.62:
            degree = max(-2, min(len(scale) + 3, degree + rng.choice([-2, -1, -1, 1, 1, 2])))
            octave, idx = divmod(degree, len(scale))
            f = base * 2 ** (octave + scale[idx] / 12)
            add(k * beat / 2, tone(1.2, f, decay=decay, harmonics=voice), 0.35)
        if k % (2 * bass_every) == 0:
            root = base / 2 * 2 ** (scale[rng.choice([0, 0, 2, 3])] / 12)
            add(k * beat / 2, tone(2.4, root, decay=1.2, harmonics=(1.0, 0.3), attack=0.05), 0.3)
    write(name, out, peak=0.45)


def music():
    gong = [0, 2, 4, 7, 9]  # 宫调 (major pentatonic)
    yu = [0, 3, 5, 7, 10]  # 羽调 (minor pentatonic)
    loop("music-bracket", 12.0, 100, gong, 392.0, (1.0, 0.4, 0.15), 11)
    loop("music-junqi", 12.0, 80, yu, 293.66, (1.0, 0.6, 0.3, 0.15), 23, decay=4.0)
    loop("music-pig", 12.0, 120, gong, 440.0, (1.0, 0.0, 0.5, 0.0, 0.25), 37, bass_every=2)


if __name__ == "__main__":
    effects()
    music()
    for p in sorted(OUT.glob("*.wav")):
        print(f"{p.relative_to(ROOT)}: {p.stat().st_size} bytes")
