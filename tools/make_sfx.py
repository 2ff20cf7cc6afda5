#!/usr/bin/env python3
"""Synthesise the game's sound effects into assets/sfx/ (standard library only).

Run from the repository root:

    .venv/bin/python tools/make_sfx.py [--out assets/sfx] [--only dice,hit]

Every sound is made from seeded noise, sines and simple filters, so running it
again writes byte-identical files. Each is 16-bit mono at 22050 Hz, its DC
removed, normalised to -1 dBFS and given a few milliseconds of fade at both
ends (no clicks). `crowd_loop.wav` instead is cross-faded onto itself so that
it loops without a seam.

Then every effect is levelled to the same loudness (`LOUDNESS`: the RMS of its
loudest 100 ms, as tools/sfx_levels.py measures it), so that a die and a death
sound alike loud before client/sound.py's GAIN mixes them: a loud one is turned
down, a quiet one of sharp knocks (the dice) is brought up under a soft limiter
that keeps its peaks at -1 dBFS and never clips.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import wave
from pathlib import Path

RATE = 22050
PEAK = 0.89  # -1 dBFS
ROOT = Path(__file__).resolve().parent.parent
TAU = 2.0 * math.pi


# ----------------------------------------------------------------- primitives


def zeros(seconds: float) -> list[float]:
    return [0.0] * int(round(seconds * RATE))


def mix_into(out: list[float], sound: list[float], at: float = 0.0, gain: float = 1.0) -> None:
    """Add `sound` into `out` starting at `at` seconds (clipped to `out`'s length).

    The piece's last 10 ms are faded out, so a decay cut short ends smoothly."""
    start = int(round(at * RATE))
    end = min(len(out), start + len(sound))
    tail = max(1, min(len(sound) // 4, int(0.01 * RATE)))
    for i in range(max(0, start), end):
        j = i - start
        left = len(sound) - 1 - j
        w = 1.0 if left >= tail else 0.5 - 0.5 * math.cos(math.pi * left / tail)
        out[i] += sound[j] * gain * w


def noise(rng: random.Random, n: int) -> list[float]:
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def lowpass(x: list[float], cutoff: float | list[float]) -> list[float]:
    """One-pole low-pass; `cutoff` in Hz, constant or one value per sample."""
    out, y = [], 0.0
    if isinstance(cutoff, list):
        for s, c in zip(x, cutoff):
            a = 1.0 - math.exp(-TAU * c / RATE)
            y += a * (s - y)
            out.append(y)
        return out
    a = 1.0 - math.exp(-TAU * cutoff / RATE)
    for s in x:
        y += a * (s - y)
        out.append(y)
    return out


def highpass(x: list[float], cutoff: float) -> list[float]:
    low = lowpass(x, cutoff)
    return [s - lo for s, lo in zip(x, low)]


def bandpass(x: list[float], centre: float | list[float], q: float) -> list[float]:
    """RBJ band-pass biquad (0 dB peak gain); `centre` constant or per sample."""
    out = []
    x1 = x2 = y1 = y2 = 0.0
    varying = isinstance(centre, list)
    coeffs = None
    for i, s in enumerate(x):
        if varying or coeffs is None:
            f = centre[i] if varying else centre
            f = min(max(f, 20.0), RATE * 0.45)
            w = TAU * f / RATE
            alpha = math.sin(w) / (2.0 * q)
            a0 = 1.0 + alpha
            coeffs = (alpha / a0, -alpha / a0, -2.0 * math.cos(w) / a0, (1.0 - alpha) / a0)
        b0, b2, a1, a2 = coeffs
        y = b0 * s + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1 = x1, s
        y2, y1 = y1, y
        out.append(y)
    return out


def dc_block(x: list[float]) -> list[float]:
    out, px, py = [], 0.0, 0.0
    r = 1.0 - TAU * 20.0 / RATE
    for s in x:
        py = s - px + r * py
        px = s
        out.append(py)
    return out


def decay(n: int, seconds: float) -> list[float]:
    """An exponential decay falling to 1/e after `seconds`."""
    k = 1.0 / (seconds * RATE)
    return [math.exp(-i * k) for i in range(n)]


def sine_sweep(seconds: float, f0: float, f1: float, curve: float = 1.0) -> list[float]:
    """A sine whose frequency glides from f0 to f1 (exponentially)."""
    n = int(seconds * RATE)
    out, phase = [], 0.0
    for i in range(n):
        t = (i / n) ** curve
        f = f0 * (f1 / f0) ** t
        phase += TAU * f / RATE
        out.append(math.sin(phase))
    return out


def partials(seconds: float, parts: list[tuple[float, float, float]], rng: random.Random | None = None) -> list[float]:
    """Sum of decaying sines: (frequency, amplitude, decay seconds) each."""
    n = int(seconds * RATE)
    out = [0.0] * n
    for f, amp, dec in parts:
        if f >= RATE * 0.48:
            continue
        phase0 = rng.uniform(0, TAU) if rng else 0.0
        w = TAU * f / RATE
        k = math.exp(-1.0 / (dec * RATE))
        env = amp
        for i in range(n):
            out[i] += env * math.sin(phase0 + w * i)
            env *= k
    return out


def attack(x: list[float], seconds: float) -> list[float]:
    """A linear onset ramp (a sine starting at a random phase would click)."""
    n = max(1, int(seconds * RATE))
    return [s * min(1.0, i / n) for i, s in enumerate(x)]


def fade(x: list[float], fade_in: float = 0.003, fade_out: float = 0.02) -> list[float]:
    n_in = max(1, int(fade_in * RATE))
    n_out = max(1, int(fade_out * RATE))
    x = list(x)
    for i in range(min(n_in, len(x))):
        x[i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_in)
    for i in range(min(n_out, len(x))):
        x[-1 - i] *= 0.5 - 0.5 * math.cos(math.pi * i / n_out)
    return x


def normalise(x: list[float], peak: float = PEAK) -> list[float]:
    top = max(abs(s) for s in x) or 1.0
    return [s * peak / top for s in x]


def finish(x: list[float], fade_in: float = 0.003, fade_out: float = 0.03) -> list[float]:
    return normalise(fade(dc_block(x), fade_in, fade_out))


LOUDNESS = -15.0
"""dBFS: every effect's loudness (the RMS of its loudest 100 ms) once levelled; not the ambience."""
LOUDNESS_WINDOW = 0.1


def loudness(x: list[float]) -> float:
    """The RMS of the loudest `LOUDNESS_WINDOW` seconds of `x`, dBFS."""
    win = max(1, min(len(x), int(LOUDNESS_WINDOW * RATE)))
    sq = [s * s for s in x]
    run = best = sum(sq[:win])
    for i in range(win, len(sq)):
        run += sq[i] - sq[i - win]
        best = max(best, run)
    return 10 * math.log10(best / win) if best > 0 else -200.0


def level(x: list[float], target: float = LOUDNESS) -> list[float]:
    """`x` (peak-normalised) at `target` loudness: scaled down if louder; if quieter, driven into a
    soft limiter (tanh, its ceiling the -1 dBFS peak) just hard enough to reach it."""
    now = loudness(x)
    if now >= target:
        g = 10 ** ((target - now) / 20)
        return [s * g for s in x]

    def drive(k: float) -> list[float]:
        return [PEAK * math.tanh(k * s / PEAK) for s in x]

    lo, hi = 1.0, 64.0
    for _ in range(30):  # the drive that reaches the target, by bisection
        mid = (lo + hi) / 2
        if loudness(drive(mid)) < target:
            lo = mid
        else:
            hi = mid
    return drive(hi)


def write_wav(path: Path, x: list[float]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    frames = struct.pack("<%dh" % len(x), *(max(-32767, min(32767, int(round(s * 32767)))) for s in x))
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(frames)


# ----------------------------------------------------------------- the sounds


def dice() -> list[float]:
    """A d6 thrown on a wooden table: a hard first knock, bounces coming quicker
    and quieter, then a short rattle as it tumbles to rest."""
    rng = random.Random(6)
    out = zeros(0.62)
    t, gap, amp = 0.004, 0.13, 1.0
    while t < 0.5 and amp > 0.04:
        n = int(0.05 * RATE)
        burst = [s * e for s, e in zip(noise(rng, n), decay(n, rng.uniform(0.0015, 0.003)))]
        knock = bandpass(burst, rng.uniform(2600, 4200), 1.4)
        # the table and the die's body ring briefly (woody, inharmonic)
        f = rng.uniform(700, 1100)
        body = partials(0.09, [(f, 0.5, 0.012), (f * 2.3, 0.25, 0.007), (f * 3.9, 0.12, 0.004)], rng)
        click = [k * 2.5 for k in knock] + [0.0] * (len(body) - len(knock))
        click = [c + b for c, b in zip(click, body)]
        mix_into(out, click, t, amp)
        t += gap * rng.uniform(0.8, 1.15)
        gap = max(0.018, gap * 0.72)
        amp *= rng.uniform(0.72, 0.86) if gap > 0.03 else rng.uniform(0.84, 0.93)
    return finish(out, 0.001, 0.04)


def hit() -> list[float]:
    """A meaty thud (a falling sine and muffled noise) with a metallic clang."""
    rng = random.Random(11)
    out = zeros(0.9)
    n = int(0.45 * RATE)
    thud = [s * e for s, e in zip(sine_sweep(0.45, 140, 45, 0.5), decay(n, 0.09))]
    mix_into(out, thud, 0.0, 1.0)
    meat = lowpass([s * e for s, e in zip(noise(rng, n), decay(n, 0.03))], 600)
    mix_into(out, meat, 0.0, 3.0)
    # a struck plate: inharmonic partials, each pair slightly detuned so they beat
    base = 440.0
    parts = []
    for ratio, amp, dec in ((1.0, 0.5, 0.17), (2.76, 0.45, 0.14), (5.40, 0.35, 0.12),
                            (8.93, 0.25, 0.07), (13.34, 0.15, 0.04)):
        parts.append((base * ratio, amp, dec))
        parts.append((base * ratio * 1.006, amp * 0.6, dec * 0.9))
    clang = partials(0.88, parts, rng)
    strike = highpass([s * e for s, e in zip(noise(rng, 400), decay(400, 0.004))], 2000)
    mix_into(out, clang, 0.008, 0.6)
    mix_into(out, strike, 0.008, 0.8)
    return finish(out, 0.001, 0.05)


def miss() -> list[float]:
    """A whoosh: noise through a band-pass that sweeps up and back down."""
    rng = random.Random(3)
    seconds = 0.45
    n = int(seconds * RATE)
    centre = []
    env = []
    for i in range(n):
        t = i / n
        centre.append(350 * (2400 / 350) ** math.sin(math.pi * t ** 0.8))
        env.append(math.sin(math.pi * t ** 0.7) ** 2)
    band = bandpass(noise(rng, n), centre, 2.2)
    band2 = bandpass(noise(rng, n), [c * 1.6 for c in centre], 3.0)
    return finish([(a + 0.5 * b) * e for a, b, e in zip(band, band2, env)], 0.01, 0.05)


def death() -> list[float]:
    """A body falling (low thump) and a descending, wavering groan."""
    rng = random.Random(13)
    out = zeros(1.5)
    n = int(0.7 * RATE)
    thump = [s * e for s, e in zip(sine_sweep(0.7, 95, 38, 0.4), decay(n, 0.12))]
    mix_into(out, thump, 0.0, 1.0)
    dust = lowpass([s * e for s, e in zip(noise(rng, n), decay(n, 0.06))], 400)
    mix_into(out, dust, 0.0, 2.5)
    # the groan: a buzzy source (a few harmonics) gliding down through vowel formants
    seconds = 1.25
    m = int(seconds * RATE)
    src, phase = [], 0.0
    for i in range(m):
        t = i / m
        f = 210 * (85 / 210) ** (t ** 0.8) * (1 + 0.025 * math.sin(TAU * 5.5 * i / RATE))
        phase += TAU * f / RATE
        src.append(sum(math.sin(k * phase) / k for k in range(1, 12)))
    vowel = [a + 0.7 * b for a, b in zip(bandpass(src, 650, 4.0), bandpass(src, 1050, 5.0))]
    env = [min(1.0, i / (0.12 * RATE)) * (1 - i / m) ** 1.5 for i in range(m)]
    groan = [v * e for v, e in zip(vowel, env)]
    groan = lowpass(groan, 2500)
    top = max(abs(s) for s in groan)
    mix_into(out, [s / top for s in groan], 0.15, 0.6)
    return finish(out, 0.001, 0.1)


def loot() -> list[float]:
    """Bright coin jingles: a handful of small metal tings tumbling together."""
    rng = random.Random(21)
    out = zeros(0.95)
    t = 0.0
    for k in range(8):
        f = rng.uniform(2300, 3600)
        ting = partials(0.6, [(f, 0.6, rng.uniform(0.08, 0.14)), (f * 2.76, 0.3, 0.05),
                               (f * 1.51, 0.25, 0.07), (f * 0.5, 0.15, 0.04)], rng)
        tick = highpass([s * e for s, e in zip(noise(rng, 200), decay(200, 0.002))], 3000)
        mix_into(out, ting, t, rng.uniform(0.5, 1.0) * (1 - k * 0.07))
        mix_into(out, tick, t, 0.5)
        t += rng.uniform(0.03, 0.09)
    return finish(out, 0.001, 0.08)


def beast() -> list[float]:
    """A growl rising to a roar: noise and a rough low voice, amplitude-modulated
    at a low, jittering rate, through a formant that opens and closes."""
    rng = random.Random(31)
    seconds = 1.3
    n = int(seconds * RATE)
    env, centre, rough = [], [], []
    mod_phase = voice_phase = 0.0
    voice = []
    f_mod = 38.0
    for i in range(n):
        t = i / n
        env.append(min(1.0, t / 0.18) * (1 - t) ** 0.9 * (0.6 + 0.4 * math.sin(math.pi * t)))
        centre.append(300 + 900 * math.sin(math.pi * min(1.0, t * 1.3)) ** 2)
        if i % 200 == 0:
            f_mod = max(25.0, min(60.0, f_mod + rng.uniform(-6, 6)))
        mod_phase += TAU * f_mod / RATE
        rough.append(0.35 + 0.65 * (0.5 + 0.5 * math.sin(mod_phase)) ** 2)
        f_voice = 70 + 50 * math.sin(math.pi * t) + rng.uniform(-4, 4)
        voice_phase += TAU * f_voice / RATE
        voice.append(((voice_phase / TAU) % 1.0) * 2 - 1)  # sawtooth
    hiss = bandpass(noise(rng, n), centre, 1.2)
    throat = bandpass(voice, centre, 1.5)
    body = lowpass(noise(rng, n), 250)
    sig = [(1.2 * h + 0.9 * v + 1.5 * b) * r * e for h, v, b, r, e in zip(hiss, throat, body, rough, env)]
    return finish(lowpass(sig, 3500), 0.02, 0.1)


def ability() -> list[float]:
    """A card flipped over (paper flutter and a swoosh), sparkles and a chime."""
    rng = random.Random(41)
    out = zeros(1.6)
    # the flip: a few fast paper flaps and a short rising swoosh
    for k in range(4):
        flap = bandpass([s * e for s, e in zip(noise(rng, 500), decay(500, 0.006))], 1800 + 500 * k, 1.0)
        mix_into(out, flap, 0.02 * k, 0.9 - 0.15 * k)
    n = int(0.25 * RATE)
    sw_centre = [1200 * (6000 / 1200) ** (i / n) for i in range(n)]
    swoosh = bandpass(noise(rng, n), sw_centre, 1.8)
    mix_into(out, [s * math.sin(math.pi * i / n) ** 2 for i, s in enumerate(swoosh)], 0.0, 0.8)
    # the shimmer: many short high sparkles rising in pitch
    for k in range(22):
        t = 0.08 + k * 0.022 + rng.uniform(0, 0.01)
        f = 2000 * (2 ** (k / 14)) * rng.uniform(0.97, 1.03)
        sparkle = attack(partials(0.35, [(f, 1.0, 0.05), (f * 2.01, 0.3, 0.03)], rng), 0.003)
        mix_into(out, sparkle, t, 0.18)
    # the chime: a bell's partials on E6
    f = 1318.5
    chime = partials(1.3, [(f * 0.5, 0.25, 0.35), (f, 1.0, 0.33), (f * 1.19, 0.35, 0.25),
                           (f * 1.56, 0.3, 0.25), (f * 2.0, 0.3, 0.2), (f * 2.51, 0.15, 0.12)], rng)
    mix_into(out, attack(chime, 0.004), 0.28, 0.55)
    return finish(out, 0.002, 0.1)


def _crowd(seconds: float, rng: random.Random, voices: int, cheer: bool) -> list[float]:
    """Many detuned, breathy voices through vowel formants.

    `cheer`: the voices rise in pitch and all shout at once (with claps);
    otherwise each murmurs in syllables at its own pace."""
    n = int(seconds * RATE)
    groups = {}  # formant pair -> summed voice sources
    breath = [0.0] * n
    if cheer:  # shouted: the first formant rises
        vowels = [(850, 1350), (750, 1800), (600, 2200), (700, 1100)]  # ah, eh, ee, oh
    else:
        vowels = [(700, 1220), (600, 1700), (400, 2000), (500, 900)]
    for v in range(voices):
        f0 = rng.uniform(105, 300) if cheer else rng.uniform(95, 230)
        glide = rng.uniform(1.1, 1.6) if cheer else 1.0
        vib_rate, vib_depth = rng.uniform(4, 7), rng.uniform(0.01, 0.03)
        syll_rate = rng.uniform(2.5, 5.5)
        start = rng.uniform(0, 0.5) if cheer else 0.0
        offset = rng.uniform(0, TAU)
        vowel = rng.choice(vowels)
        buf = groups.setdefault(vowel, [0.0] * n)
        phase = rng.uniform(0, TAU)
        gain = rng.uniform(0.5, 1.0)
        for i in range(n):
            t = i / RATE
            if cheer:
                if t < start:
                    continue
                p = (t - start) / max(0.3, seconds - start)
                f = f0 * (1 + (glide - 1) * min(1.0, p * 2.5))
                a = gain
            else:
                f = f0 * (1 + 0.06 * math.sin(TAU * 0.7 * t + offset))
                a = gain * max(0.0, math.sin(TAU * syll_rate * t + offset)) ** 1.5
            phase += TAU * f * (1 + vib_depth * math.sin(TAU * vib_rate * t + offset)) / RATE
            buf[i] += a * (((phase / TAU) % 1.0) * 2 - 1)
            breath[i] += a * 0.05
    out = [0.0] * n
    for (f1, f2), src in groups.items():
        for i, s in enumerate(bandpass(src, f1, 3.0)):
            out[i] += s
        for i, s in enumerate(bandpass(src, f2, 4.0)):
            out[i] += 0.6 * s
    hiss = bandpass(noise(rng, n), 1500, 0.7)
    for i in range(n):
        out[i] += hiss[i] * breath[i] * 0.5
    if cheer:  # scattered hand claps
        for _ in range(int(seconds * 40)):
            at = rng.uniform(0.3, seconds - 0.1)
            clap = bandpass([s * e for s, e in zip(noise(rng, 300), decay(300, 0.005))],
                            rng.uniform(900, 1800), 1.5)
            mix_into(out, clap, at, rng.uniform(0.2, 0.5) * voices ** 0.5)
    return highpass(lowpass(out, 5000), 180 if cheer else 120)


def crowd() -> list[float]:
    """An arena crowd's cheer swelling up and dying away (~2.5 s)."""
    rng = random.Random(51)
    seconds = 2.5
    x = _crowd(seconds, rng, 36, cheer=True)
    n = len(x)
    env = []
    for i in range(n):
        t = i / n
        env.append(math.sin(0.5 * math.pi * min(1.0, t / 0.35)) ** 2 * (1.0 if t < 0.6 else (1 - (t - 0.6) / 0.4) ** 1.6))
    return finish([s * e for s, e in zip(x, env)], 0.01, 0.1)


def crowd_loop() -> list[float]:
    """~6 s of a murmuring crowd that loops without a seam: made 0.8 s longer and
    its tail cross-faded (equal power) over its head."""
    rng = random.Random(61)
    seconds, overlap = 6.0, 0.8
    x = dc_block(_crowd(seconds + overlap, rng, 30, cheer=False))
    n, m = int(seconds * RATE), int(overlap * RATE)
    y = x[:n]
    for i in range(m):
        w = i / m
        y[i] = x[i] * math.sin(0.5 * math.pi * w) + x[n + i] * math.cos(0.5 * math.pi * w)
    return normalise(y, 0.7)


def step() -> list[float]:
    """A soft footstep on sand: a dull heel thump and a short granular crunch."""
    rng = random.Random(71)
    out = zeros(0.28)
    n = int(0.12 * RATE)
    thump = [s * e for s, e in zip(sine_sweep(0.12, 90, 55), decay(n, 0.025))]
    mix_into(out, thump, 0.0, 0.5)
    m = int(0.2 * RATE)
    grains = [0.0] * m
    for _ in range(140):
        at = int(rng.triangular(0, m - 60, m * 0.15))
        amp = rng.uniform(0.2, 1.0) * (1 - at / m)
        for j in range(rng.randint(8, 30)):
            grains[at + j] += amp * rng.uniform(-1, 1) * (1 - j / 30)
    crunch = lowpass(bandpass(grains, 1400, 0.8), 3000)
    crunch = [c * e for c, e in zip(crunch, decay(m, 0.07))]
    mix_into(out, crunch, 0.01, 1.0)
    return finish(out, 0.002, 0.04)


def click() -> list[float]:
    """A short UI click: a damped 2 kHz knock with a tiny noise transient."""
    rng = random.Random(81)
    n = int(0.05 * RATE)
    tone = partials(0.05, [(1900, 1.0, 0.006), (3900, 0.4, 0.003), (900, 0.3, 0.008)])
    tick = [s * e for s, e in zip(noise(rng, n), decay(n, 0.0008))]
    return finish([a + 0.6 * b for a, b in zip(tone, tick)], 0.0005, 0.01)


SOUNDS = {
    "dice": dice,
    "hit": hit,
    "miss": miss,
    "death": death,
    "loot": loot,
    "beast": beast,
    "ability": ability,
    "crowd": crowd,
    "crowd_loop": crowd_loop,
    "step": step,
    "click": click,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "assets" / "sfx")
    parser.add_argument("--only", default="", help="comma-separated names (default: all)")
    args = parser.parse_args(argv)
    names = [n for n in args.only.split(",") if n] or list(SOUNDS)
    for name in names:
        if name not in SOUNDS:
            parser.error(f"unknown sound {name!r}; known: {', '.join(SOUNDS)}")
        samples = SOUNDS[name]()
        if name != "crowd_loop":  # the ambience keeps its own, quieter level
            samples = level(samples)
        path = args.out / f"{name}.wav"
        write_wav(path, samples)
        print(f"{path}  {len(samples) / RATE:.2f} s  {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
