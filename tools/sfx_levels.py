#!/usr/bin/env python3
"""Measure the game's sounds as a player hears them (standard library `wave` and arithmetic only).

    python tools/sfx_levels.py            # every assets/sfx/*.wav: length, peak, RMS, loudness as played
    python tools/sfx_levels.py --games    # and, for a seeded game of each ruleset, the effects it plays

For each WAV: its length, its peak (dBFS), how many samples sit at full scale (clipped), its RMS over
the whole file and its loudness: the RMS of its loudest 100 ms (what the ear takes for "how loud a
short effect is"), then that loudness as played: client/sound.py's GAIN for it (its volume beside the
others) added in decibels. tests/shell/test_sounds.py holds the same numbers to their bands.
"""

from __future__ import annotations

import argparse
import math
import random
import struct
import sys
import wave
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SFX = ROOT / "assets" / "sfx"
WINDOW = 0.1
"""Seconds of the window whose RMS is an effect's loudness."""


@dataclass(frozen=True)
class Level:
    name: str
    seconds: float
    peak_db: float
    clipped: int
    rms_db: float
    loudness_db: float
    """The RMS of the loudest `WINDOW` seconds, dBFS."""
    played_db: float
    """`loudness_db` with client/sound.py's GAIN for it (the ambience: its AMBIENCE_GAIN)."""


def samples(path: Path) -> tuple[list[float], int]:
    """The WAV's samples (the first channel) as -1..1, and its rate. 16-bit PCM only."""
    with wave.open(str(path), "rb") as w:
        if w.getsampwidth() != 2:
            raise ValueError(f"{path.name}: {8 * w.getsampwidth()}-bit samples; the game's WAVs are 16-bit")
        rate, channels = w.getframerate(), w.getnchannels()
        raw = w.readframes(w.getnframes())
    values = struct.unpack(f"<{len(raw) // 2}h", raw)[::channels]
    return [v / 32768.0 for v in values], rate


def db(x: float) -> float:
    return 20 * math.log10(x) if x > 0 else float("-inf")


def measure(path: Path, gain: float = 1.0) -> Level:
    x, rate = samples(path)
    n = len(x)
    peak = max((abs(v) for v in x), default=0.0)
    clipped = sum(1 for v in x if v >= 32767 / 32768 or v <= -1.0)
    rms = math.sqrt(sum(v * v for v in x) / n) if n else 0.0
    win = max(1, int(WINDOW * rate))
    squares = [v * v for v in x]
    best, run = 0.0, sum(squares[:win])
    best = run
    for i in range(win, n):  # a sliding window: the loudest 100 ms
        run += squares[i] - squares[i - win]
        best = max(best, run)
    loud = math.sqrt(best / min(win, n)) if n else 0.0
    return Level(path.stem, n / rate if rate else 0.0, db(peak), clipped, db(rms), db(loud), db(loud * gain))


def levels(folder: Path = SFX) -> list[Level]:
    """Every WAV of `folder`, measured, with the gain the game plays it at."""
    sys.path.insert(0, str(ROOT))
    from deathmatch.client.sound import AMBIENCE, AMBIENCE_GAIN, GAIN

    out = []
    for path in sorted(folder.glob("*.wav")):
        gain = AMBIENCE_GAIN if path.stem == AMBIENCE else GAIN.get(path.stem, 1.0)
        out.append(measure(path, gain))
    return out


def effect_function(ruleset_id: str):
    """The ruleset's event → effect name (its manifest's `sounds`), as the client's router loads it."""
    sys.path.insert(0, str(ROOT))
    import importlib

    from deathmatch.core import registry

    client = registry.manifest(ruleset_id).client
    ref = client.sounds if client is not None else ""
    if not ref:
        return lambda event: None
    if isinstance(ref, str):
        module, _, name = ref.partition(":")
        return getattr(importlib.import_module(module), name)
    return ref.load()


def game_effects(ruleset_id: str, seed: int = 1, level: str = "normal", max_decisions: int = 20_000) -> list[str]:
    """The effects a seeded game of `ruleset_id` between two `level` bots plays, in order (every event
    the game emits, from its first: the sounds the table plays as each event's animation starts)."""
    sys.path.insert(0, str(ROOT))
    sys.path.insert(0, str(ROOT / "tools"))
    from fault_sweep import quick_game

    from deathmatch.core import registry

    game = quick_game(ruleset_id, seed)
    rules = registry.get(ruleset_id)
    level = level if level in rules.bot_levels else rules.bot_levels[0]

    def choose(g):
        return rules.bot(level, g.pending.player, seed * 7919 + len(g.history)).choose(g)

    effect_for = effect_function(ruleset_id)
    out: list[str] = []
    for e in getattr(game, "_events", ()) or ():
        if (name := effect_for(e)) is not None:
            out.append(name)
    n = 0
    while not game.over and n < max_decisions:
        for e in game.apply(choose(game)):
            if (name := effect_for(e)) is not None:
                out.append(name)
        n += 1
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--folder", type=Path, default=SFX)
    ap.add_argument("--games", action="store_true", help="the effects a seeded game of each ruleset plays")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    print(f"{'effect':<12}{'seconds':>8}{'peak dB':>9}{'clipped':>8}{'RMS dB':>8}{'loud dB':>9}{'played dB':>10}")
    for lv in levels(args.folder):
        print(f"{lv.name:<12}{lv.seconds:>8.2f}{lv.peak_db:>9.1f}{lv.clipped:>8}{lv.rms_db:>8.1f}"
              f"{lv.loudness_db:>9.1f}{lv.played_db:>10.1f}")
    if args.games:
        from collections import Counter

        from deathmatch.core import registry

        random.seed(args.seed)
        for rid in registry.ids():
            if registry.get(rid).quick_game is None:
                continue
            played = game_effects(rid, args.seed)
            counts = Counter(played)
            print(f"\n{rid}: {len(played)} effects; " + ", ".join(f"{k} {v}" for k, v in counts.most_common()))
            print("  first 30: " + " ".join(played[:30]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
