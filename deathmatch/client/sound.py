"""Sound effects and the crowd's ambience.

The game must run silently wherever sound can not be had: no audio device, an
`SDL_AUDIODRIVER` pointing nowhere, a missing or broken WAV. Nothing here
raises or prints: `Sound.enabled` turns False (or the one effect is skipped)
and the reason is kept in `Sound.problem`.

The WAVs are made by `tools/make_sfx.py` into `assets/sfx/` and loaded on
first use.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from ..paths import assets_dir  # noqa: E402

EFFECTS = ("dice", "hit", "miss", "death", "loot", "beast", "ability", "crowd", "step", "click")
AMBIENCE = "crowd_loop"

GAIN = {"click": 0.5, "step": 0.45, "dice": 0.9, "crowd": 0.8}
"""Each effect's loudness relative to the others (1 when not listed)."""
AMBIENCE_GAIN = 0.35
"""The ambience is quiet: this much of the music volume."""
MAX_OVERLAP = 3
"""At most this many copies of one effect sound at once (a burst of dice)."""
AMBIENCE_CHANNEL = 0
"""The mixer channel reserved for the ambience."""



def _clamp(v: float) -> float:
    try:
        v = float(v)
    except (TypeError, ValueError):
        return 0.0
    if v != v:  # NaN
        return 0.0
    return min(1.0, max(0.0, v))


class Sound:
    """The game's sounds: effects on demand and a looping crowd ambience."""

    enabled: bool
    problem: str | None

    def __init__(self, effects_volume: float = 0.8, music_volume: float = 0.5, folder: Path | None = None,
                 event_effect: Callable[[object], str | None] | None = None):
        self.event_effect = event_effect
        """The ruleset's event → effect name (scenes/<id>/sounds.py, through the router); None: events are silent."""
        self.effects_volume = _clamp(effects_volume)
        self.music_volume = _clamp(music_volume)
        self.folder = Path(folder) if folder is not None else assets_dir() / "sfx"
        self.enabled = False
        self.problem = None
        self._sounds: dict[str, pygame.mixer.Sound | None] = {}
        self._ambience: pygame.mixer.Sound | None = None
        self._ambience_on = False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            if pygame.mixer.get_num_channels() < 16:
                pygame.mixer.set_num_channels(16)
            pygame.mixer.set_reserved(AMBIENCE_CHANNEL + 1)
        except Exception as e:  # pygame.error, or anything else an odd driver throws
            self._disable(f"no sound: the mixer could not start ({str(e) or type(e).__name__})")
            return
        self.enabled = True

    # -------------------------------------------------------------- effects

    def play(self, name: str) -> None:
        """Play effect `name` (one of EFFECTS); unknown names, and all when disabled, do nothing."""
        if name not in EFFECTS or self.effects_volume <= 0.0 or not self._ready():
            return
        sound = self._load(name)
        if sound is None:
            return
        try:
            if sound.get_num_channels() >= MAX_OVERLAP:
                return
            sound.play()
        except Exception as e:
            self._disable(f"no sound: playing {name!r} failed ({e})")

    def set_volumes(self, effects: float, music: float) -> None:
        """Set both volumes (0..1, clamped); loaded sounds and the ambience change at once."""
        self.effects_volume = _clamp(effects)
        self.music_volume = _clamp(music)
        if not self._ready():
            return
        try:
            for name, sound in self._sounds.items():
                if sound is not None:
                    sound.set_volume(self._volume(name))
            if self._ambience is not None:
                self._ambience.set_volume(self.music_volume * AMBIENCE_GAIN)
        except Exception as e:
            self._disable(f"no sound: setting the volume failed ({e})")

    def for_event(self, event) -> str | None:
        """The effect a ruleset's event gets, or None."""
        return self.event_effect(event) if self.event_effect is not None else None

    # -------------------------------------------------------------- ambience

    def start_ambience(self) -> None:
        """Loop the crowd's murmur quietly (at the music volume) on its own channel."""
        if self._ambience_on or not self._ready():
            return
        if self._ambience is None:
            self._ambience = self._load_file(AMBIENCE)
            if self._ambience is None:
                return
        try:
            self._ambience.set_volume(self.music_volume * AMBIENCE_GAIN)
            pygame.mixer.Channel(AMBIENCE_CHANNEL).play(self._ambience, loops=-1, fade_ms=1500)
            self._ambience_on = True
        except Exception as e:
            self._disable(f"no sound: the ambience failed ({e})")

    def stop_ambience(self) -> None:
        if not self._ambience_on:
            return
        self._ambience_on = False
        if not self._ready():
            return
        try:
            pygame.mixer.Channel(AMBIENCE_CHANNEL).fadeout(400)
        except Exception as e:
            self._disable(f"no sound: stopping the ambience failed ({e})")

    # -------------------------------------------------------------- inside

    def _ready(self) -> bool:
        """Enabled, with the mixer still running (someone may have quit it since)."""
        if self.enabled and not pygame.mixer.get_init():
            self._disable("no sound: the mixer was shut down")
        return self.enabled

    def _volume(self, name: str) -> float:
        return self.effects_volume * GAIN.get(name, 1.0)

    def _load(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self._sounds:
            sound = self._load_file(name)
            if sound is not None:
                try:
                    sound.set_volume(self._volume(name))
                except Exception as e:
                    self.problem = f"sound {name!r} skipped: {e}"
                    sound = None
            self._sounds[name] = sound
        return self._sounds[name]

    def _load_file(self, name: str) -> pygame.mixer.Sound | None:
        """The WAV `name`, or None with the reason kept in `problem`."""
        path = self.folder / f"{name}.wav"
        if not path.is_file():
            self.problem = f"sound {name!r} skipped: {path} is missing"
            return None
        try:
            return pygame.mixer.Sound(str(path))
        except Exception as e:
            self.problem = f"sound {name!r} skipped: {path.name} could not be loaded ({e})"
            return None

    def _disable(self, why: str) -> None:
        self.enabled = False
        self.problem = why
        self._sounds.clear()
        self._ambience = None
        self._ambience_on = False
