"""The player's settings: window, sound, pace, and what the last game was like.

Kept in ``<user data>/settings.json``. Loading never fails: a missing file
gives the defaults, a broken one gives the defaults for whatever is broken
plus plain messages saying so, and the broken file is left exactly as it is
(the next `save_settings` replaces it, atomically). Pure Python: no pygame.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from .paths import user_data_dir
from .saves import write_atomic
from .yamlfile import text_fault

FILE_NAME = "settings.json"
MAX_FILE_BYTES = 1_000_000
"""A settings.json larger than this is not read (the game writes a few kB)."""

DEFAULT_PLAYERS = [
    # The first four seat colours (client/art/palette.py PLAYER_COLOURS), named after them as the launcher does.
    {"name": "Vermilion", "colour": 0},
    {"name": "Sky Blue", "colour": 1},
    {"name": "Yellow", "colour": 2},
    {"name": "Bluish Green", "colour": 3},
]
MAX_SEATS = 10
COLOURS = 10
MAX_NAME_CHARS = 40
KINDS = ("Human", "Phone", "easy", "normal", "hard")
"""Who plays a seat: a person at the screen, a person on their own phone, or a bot of that strength."""


@dataclass
class Settings:
    width: int = 1280
    """Window width in pixels (when not fullscreen)."""
    height: int = 720
    fullscreen: bool = False
    ui_scale: float = 1.0
    """0.75–2.0: a multiplier on the automatic scale (text, buttons)."""
    music_volume: float = 0.5
    """0–1."""
    effects_volume: float = 0.8
    """0–1."""
    animation_speed: float = 1.0
    """0.25–8: how fast moves, dice and hits animate."""
    handoff: bool = True
    """Show the hand-off screen between hotseat players."""
    confirm_end: bool = False
    """Ask before ending a turn."""
    bot_thinking: str = "normal"
    """How long a searching (hard) bot thinks a decision: fast, normal or deep. Kept here, not in
    the game's record: a record holds every decision, so it replays exactly whatever this was."""
    players: list[dict] = field(default_factory=lambda: [dict(p) for p in DEFAULT_PLAYERS])
    """The last game's seats, ``[{"name": "Vermilion", "colour": 0}, ...]``, offered at the next setup."""
    last_setup: dict = field(default_factory=dict)
    """The last new-game options (arena, beasts, obstacles, round_limit, hidden_cards, players, deal…)."""
    last_tournament: dict = field(default_factory=dict)
    """The last tournament night's setup, kept apart from the new game's (seats, arenas, games, options…)."""
    last_game: str = ""
    """The id of the game last chosen on "Which game?" (or last played): the choice starts there next time."""


RANGES: dict[str, tuple[float, float]] = {
    "width": (320, 16384),
    "height": (240, 16384),
    "ui_scale": (0.75, 2.0),
    "music_volume": (0.0, 1.0),
    "effects_volume": (0.0, 1.0),
    "animation_speed": (0.25, 8.0),
}


def settings_path() -> Path:
    """``<user data>/settings.json`` (the folder is made when settings are saved)."""
    return user_data_dir() / FILE_NAME


# ------------------------------------------------------------ checking


def _num(v: float) -> str:
    """A number as a person writes it: 7, 0.8, 0.75."""
    if isinstance(v, float) and v.is_integer() and abs(v) < 1e16:
        return str(int(v))
    text = repr(v) if not isinstance(v, str) else v
    return text if len(text) <= 20 else text[:17] + "…"


def _show(v: Any) -> str:
    text = json.dumps(v, ensure_ascii=False) if not isinstance(v, float) or math.isfinite(v) else repr(v)
    return text if len(text) <= 40 else text[:37] + "…"


def _kind(v: Any) -> str:
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "true/false"
    if isinstance(v, (int, float)):
        return "a number"
    if isinstance(v, str):
        return "text"
    if isinstance(v, list):
        return "a list"
    if isinstance(v, dict):
        return "an object"
    return type(v).__name__


def _check_value(name: str, value: Any, default: Any) -> tuple[Any, str | None]:
    """(the value to use, or the default; None or what is wrong, without the field name)."""
    if isinstance(default, bool):
        if isinstance(value, bool):
            return value, None
        return default, f"is {_kind(value)} ({_show(value)}), not true or false"
    if isinstance(default, (int, float)):
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            return default, f"is {_kind(value)} ({_show(value)}), not a number"
        if isinstance(value, float) and not math.isfinite(value):
            return default, f"{_show(value)} is not a number"
        if isinstance(default, int) and isinstance(value, float) and not value.is_integer():
            return default, f"{_num(value)} is not a whole number"
        lo, hi = RANGES[name]
        if not lo <= value <= hi:  # (compared before converting: a huge int has no float)
            return default, f"{_num(value)} is out of {_num(lo)}–{_num(hi)}"
        return (int(value) if isinstance(default, int) else float(value)), None
    if name == "players":
        problem = _check_players(value)
        if problem:
            return default, problem
        kinds = KINDS
        seats = []
        for p in value:
            seat = {"name": p["name"].strip(), "colour": int(p["colour"])}
            if "kind" in p:  # Human or a bot strength (an unknown one becomes Human)
                seat["kind"] = p["kind"] if p["kind"] in kinds else "Human"
            seats.append(seat)
        return seats, None
    if name == "bot_thinking":
        from .core.search import THINKING

        if value in THINKING:
            return value, None
        return default, f"is {_show(value)}, not one of {', '.join(THINKING)}"
    if name == "last_game":  # a game this build may not know is kept, and simply not offered first
        if isinstance(value, str) and len(value) <= 40 and (value == "" or value.isidentifier()):
            return value, None
        return default, f"is {_show(value)}, not a game's id"
    if name in ("last_setup", "last_tournament"):
        if not isinstance(value, dict):
            return default, f"is {_kind(value)}, not an object"
        return value, None  # each of its fields is checked by `_check_remembered`
    return default, "is not understood"  # pragma: no cover - every field is handled above


# What the setup screens remember (`last_setup`, `last_tournament`): each field's check, which
# returns None or what is wrong. A field that fails is dropped (the screen then offers its
# default) with a message naming it; a field not listed here is a ruleset's own option and
# is kept if it is a plain value (true/false, a number, short text or null) or a list of them.


def _is(v) -> str:
    """"is text ("x")", "is null", "is a list": a wrong value, as a message says it."""
    return f"is {_kind(v)}" + ("" if v is None or isinstance(v, (list, dict)) else f" ({_show(v)})")


def _whole(lo: int, hi: int, null: bool = False):
    def check(v):
        if v is None and null:
            return None
        if isinstance(v, bool) or not isinstance(v, int):
            return f"{_is(v)}, not a whole number {lo}–{hi}" + (" or null" if null else "")
        return None if lo <= v <= hi else f"{_num(v)} is out of {lo}–{hi}"
    return check


def _flag(v):
    return None if isinstance(v, bool) else f"{_is(v)}, not true or false"


def _name(v):
    if not isinstance(v, str) or not v.strip():
        return f"{_is(v)}, not an arena's name"
    if len(v) > MAX_TEXT_CHARS:
        return f"is longer than {MAX_TEXT_CHARS} characters"
    fault = text_fault(v)
    return None if fault is None else f"{fault}, not an arena's name"


def _names(v):
    if not isinstance(v, list):
        return f"is {_kind(v)}, not a list of arena names"
    if len(v) > MAX_LIST_ITEMS:
        return f"has {len(v)} arenas, more than {MAX_LIST_ITEMS}"
    for i, item in enumerate(v, 1):
        problem = _name(item)
        if problem:
            return f"item {i} {problem}"
    return None


def _one_of(*values):
    def check(v):
        return None if isinstance(v, str) and v in values else f"is {_show(v)}, not one of {', '.join(values)}"
    return check


def _seats(v):
    return _check_players(v)


MAX_TEXT_CHARS = 200
MAX_LIST_ITEMS = 100
_OPTIONS = {"beasts": _flag, "obstacles": _whole(0, 99), "round_limit": _whole(1, 999, null=True), "hidden_cards": _flag}
REMEMBERED: dict[str, dict] = {
    "last_setup": {"players": _whole(2, MAX_SEATS), "arena": _name, **_OPTIONS},
    "last_tournament": {"seats": _seats, "players": _whole(2, MAX_SEATS), "arena": _name, "arenas": _names,
                        "games": _whole(1, 1000), "shuffle": _flag, "assign": _one_of("deal", "pick", "draft"),
                        "no_repeat": _flag, **_OPTIONS},
}


def _plain(v) -> bool:
    """A ruleset option's value as a setup screen keeps it: true/false, a number, short text or null."""
    if v is None or isinstance(v, bool) or isinstance(v, int):
        return True
    if isinstance(v, float):
        return math.isfinite(v)
    return isinstance(v, str) and len(v) <= MAX_TEXT_CHARS


def _plain_or_list(v) -> str | None:
    """None if `v` is a ruleset option's value as a setup screen writes it: a plain value (`_plain`)
    or a short list of them (Gladiator!'s two seats' picks); else what is wrong."""
    if isinstance(v, list):
        if len(v) > MAX_LIST_ITEMS:
            return f"has {len(v)} items, more than {MAX_LIST_ITEMS}"
        for i, item in enumerate(v, 1):
            if not _plain(item):
                return f"item {i} is {_kind(item)}, not a plain value"
        return None
    return None if _plain(v) else f"is {_kind(v)}, not a plain value"


def _check_remembered(name: str, value: dict) -> tuple[dict, list[str]]:
    """(the fields that are right, a message for each that is not, naming it as `name.field`)."""
    checks = REMEMBERED[name]
    kept, problems = {}, []
    for key, v in value.items():
        check = checks.get(key)
        if check is None:
            problem = _plain_or_list(v)
        else:
            problem = check(v)
        if problem:
            sep = ": " if problem.startswith("seat ") else " "
            problems.append(f"{name}.{key}{sep}{problem}; using the default")
            continue
        if key == "seats":
            problems.extend(_kind_problems(f"{name}.seats", v))
            v = _check_value("players", v, [])[0]  # the seats as the players setting keeps them
        kept[key] = v
    return kept, problems


def _check_players(value: Any) -> str | None:
    if not isinstance(value, list):
        return f"is {_kind(value)}, not a list of seats"
    if not 1 <= len(value) <= MAX_SEATS:
        return f"has {len(value)} seats, not 1–{MAX_SEATS}"
    names = set()
    for i, seat in enumerate(value, 1):
        if not isinstance(seat, dict):
            return f"seat {i} is {_kind(seat)}, not {{\"name\": …, \"colour\": …}}"
        name, colour = seat.get("name"), seat.get("colour")
        if not isinstance(name, str) or not name.strip():
            return f"seat {i} has no name"
        if len(name) > MAX_NAME_CHARS:
            return f"seat {i}'s name is longer than {MAX_NAME_CHARS} characters"
        if (fault := text_fault(name.strip())) is not None:
            return f"seat {i}'s name {fault}"
        if name.strip() in names:
            return f"seat {i}'s name {name.strip()!r} is used twice"
        names.add(name.strip())
        if isinstance(colour, bool) or not isinstance(colour, int) or not 0 <= colour < COLOURS:
            return f"seat {i}'s colour {_show(colour)} is not a colour number 0–{COLOURS - 1}"
    return None


def _kind_problems(name: str, seats: Any) -> list[str]:
    """A message for each seat whose ``kind`` is not Human or a bot strength (it plays as Human)."""
    if not isinstance(seats, list):
        return []
    return [f"{name}: seat {i}'s kind {_show(p['kind'])} is not one of {', '.join(KINDS)}; using Human"
            for i, p in enumerate(seats, 1) if isinstance(p, dict) and "kind" in p and p["kind"] not in KINDS]


def _describe_default(name: str, default: Any) -> str:
    if name == "players":
        return "the default seats"
    if name == "last_setup":
        return "no remembered setup"
    if name == "last_tournament":
        return "no remembered tournament"
    if isinstance(default, bool):
        return "true" if default else "false"
    return _num(default)


# ------------------------------------------------------------ load / save


def load_settings() -> tuple[Settings, list[str]]:
    """The settings and a list of plain messages about anything wrong in the file. Never raises.

    A missing file gives the defaults and no messages. A bad field gets its
    default ("settings.json: effects_volume 7 is out of 0–1; using 0.8"); a file
    that is not JSON at all gives every default. The file itself is never
    changed by loading.
    """
    path = settings_path()
    label = path.name
    defaults = Settings()
    from . import safefile

    try:  # through the gate: a pipe, /dev/zero, a 3 GB file or a link out of the user folder is never read
        raw = safefile.read_bytes(path, MAX_FILE_BYTES, folder=user_data_dir())
    except safefile.Refused as e:
        if e.kind == "missing" or (e.kind == "read" and "Not a directory" in e.reason):
            return defaults, []  # (the user folder a file: said on the title screen, by `paths.FOLDER_PROBLEMS`)
        return defaults, [f"{label} can not be read: {path} {e.reason}; using the default settings"]
    except Exception as e:  # never raise
        return defaults, [f"{label} can not be read ({e}); using the default settings"]
    try:
        data = json.loads(raw.decode("utf-8-sig"))  # (a long number or NaN: said per field, below)
        if safefile.depth_over(data, safefile.MAX_JSON_DEPTH):
            raise RecursionError
    except UnicodeDecodeError:
        return defaults, [f"{label} is not a text file (not UTF-8); using the default settings"]
    except json.JSONDecodeError as e:
        return defaults, [f"{label} is not valid JSON (line {e.lineno}: {e.msg}); using the default settings"]
    except RecursionError:
        return defaults, [f"{label} is not valid JSON (nested too deeply); using the default settings"]
    except ValueError as e:
        return defaults, [f"{label} is not valid JSON ({e}); using the default settings"]
    if not isinstance(data, dict):
        return defaults, [f"{label} holds {_kind(data)}, not an object of settings; using the default settings"]

    messages: list[str] = []
    values: dict[str, Any] = {}
    known = {f.name for f in fields(Settings)}
    for f in fields(Settings):
        default = getattr(defaults, f.name)
        if f.name not in data:
            continue
        try:
            value, problem = _check_value(f.name, data[f.name], default)
        except Exception as e:  # never raise, whatever the file holds
            value, problem = default, f"can not be read ({e})"
        if problem:
            sep = ": " if problem.startswith("seat ") else " "
            messages.append(f"{label}: {f.name}{sep}{problem}; using {_describe_default(f.name, default)}")
        elif f.name == "players":
            messages.extend(f"{label}: {p}" for p in _kind_problems("players", data[f.name]))
        elif f.name in REMEMBERED:
            try:
                value, problems = _check_remembered(f.name, value)
            except Exception as e:  # never raise, whatever the file holds
                value, problems = default, [f"{f.name} can not be read ({e}); using {_describe_default(f.name, default)}"]
            messages.extend(f"{label}: {p}" for p in problems)
        values[f.name] = value
    for key in data:
        if key not in known:
            messages.append(f"{label}: unknown setting {key!r} ignored")
    return Settings(**values), messages


def save_settings(s: Settings) -> Path:
    """Write the settings (atomically: temp file, fsync, `os.replace`); returns the file.

    Never raises: a settings.json that can not be written (a link in its place, which is never
    written through; a full disk; the user folder a file) is logged and said on the next title
    screen (`saves.note_write_problem`), and the game goes on with the settings in memory."""
    from .saves import note_write_problem

    text = json.dumps(asdict(s), ensure_ascii=False, indent=2)
    try:
        path = write_atomic(settings_path(), text + "\n")
    except OSError as e:
        note_write_problem("The settings", e)
        return settings_path()
    note_write_problem("The settings", None)
    return path
