"""The phone seats' secrets, kept in the user folder (`phones.json`) so that Continue after a crash brings the
same phones back: a phone whose page is still open reconnects by itself with the secret it holds.

    {"version": 1,
     "game":       {"key": "<which game>",       "seats": {"Ann": "<secret>", ...}, "screen": ["Bea"]},
     "tournament": {"key": "<which night>",      "seats": {...}},
     "season":     {"key": "<which season file>", "seats": {...}}}

An entry's `screen` (optional) lists its phone seats played at the screen for now (the phones panel's "Play
at the screen": a lost or flat phone), so that Continue does not send their turns back to a phone nobody
holds. Each entry says what it is for (`key`: a fingerprint of the game, the night, the season's file), so that the
secrets of one game are never handed to another game whose seats happen to have the same names. The file is
written through `deathmatch.safefile` (never through a link, whole or not at all) and read through it
(size-limited); a broken file is reported (`read`'s problem) and ignored: the phones get new codes.
"""

from __future__ import annotations

import json
import os
import re

FILE_NAME = "phones.json"
MAX_BYTES = 16 * 1024
"""A kept file is a few hundred bytes: ten seats of three entries."""
PURPOSES = ("game", "tournament", "season")
MAX_SEATS = 10
MAX_NAME = 64
MAX_KEY = 400
SECRET = re.compile(r"[A-Za-z0-9_-]{16,64}")
"""A secret as `host.new_secret` makes them (20 small letters and digits; the 16 URL-safe characters of
before also read back), with room for longer ones."""


def path(folder):
    """The file in `folder` (the user data folder, `paths.user_data_dir()`: handed in, this package knows no
    more of the program than that)."""
    from pathlib import Path

    return Path(folder) / FILE_NAME


def read(folder) -> tuple[dict, str | None]:
    """(purpose → {"key", "seats"}, None) from the file in `folder`; ({}, None) when there is none; ({}, the
    problem in words) when it is broken (then nothing of it is used)."""
    from .. import safefile

    p = path(folder)
    try:
        data = safefile.read_json(p, MAX_BYTES, folder=folder, max_depth=4)
    except safefile.Refused as e:
        if e.kind == "missing" or (e.kind == "read" and "Not a directory" in e.reason):
            return {}, None
        return {}, f"{FILE_NAME} can not be read ({e.reason}): the phones get new codes"
    except Exception as e:  # never raise: a kept secret is a convenience
        return {}, f"{FILE_NAME} can not be read ({e}): the phones get new codes"
    why = problem(data)
    if why:
        return {}, f"{FILE_NAME} is broken ({why}): the phones get new codes"
    return {k: entry(v) for k, v in data.items() if k in PURPOSES}, None


def entry(v: dict) -> dict:
    """A kept entry as this module hands it out and writes it: its key, seats, and `screen` when not empty."""
    out = {"key": v["key"], "seats": dict(v["seats"])}
    if v.get("screen"):
        out["screen"] = [n for n in v["seats"] if n in v["screen"]]  # (in seat order, each once)
    return out


def problem(data) -> str | None:
    """Why `data` is not a kept file (None: it is one)."""
    if not isinstance(data, dict):
        return "not a JSON object"
    if data.get("version") != 1:
        return "its version is not 1"
    for k, v in data.items():
        if k == "version":
            continue
        if k not in PURPOSES:
            return f"unknown entry {str(k)[:20]!r}"
        if not isinstance(v, dict) or set(v) not in ({"key", "seats"}, {"key", "seats", "screen"}):
            return f"'{k}' is not {{key, seats}} or {{key, seats, screen}}"
        if not isinstance(v["key"], str) or not 0 < len(v["key"]) <= MAX_KEY:
            return f"'{k}' has no key"
        seats = v["seats"]
        if not isinstance(seats, dict) or not 0 < len(seats) <= MAX_SEATS:
            return f"'{k}' has no seats, or too many"
        for name, secret in seats.items():
            if not 0 < len(name) <= MAX_NAME:
                return f"a seat's name in '{k}' is empty or too long"
            if not isinstance(secret, str) or not SECRET.fullmatch(secret):
                return f"{name[:20]!r}'s secret in '{k}' is not a secret"
        screen = v.get("screen", [])
        if not isinstance(screen, list) or len(screen) > MAX_SEATS or any(not isinstance(n, str) or n not in seats
                                                                               for n in screen):
            return f"'{k}' has a screen list that is not some of its seats"
    return None


def secrets_for(kept: dict, purpose: str, key: str) -> dict[str, str] | None:
    """The seats and secrets kept for this game / night / season (`key` its fingerprint), None if none are."""
    entry = kept.get(purpose)
    if entry is None or entry.get("key") != key:
        return None
    return dict(entry["seats"])


def screen_for(kept: dict, purpose: str, key: str) -> list[str]:
    """The phone seats kept as played at the screen for this game / night / season ([] if none are)."""
    e = kept.get(purpose)
    if e is None or e.get("key") != key:
        return []
    return list(e.get("screen", ()))


def write(kept: dict, folder) -> str | None:
    """Keep `kept` (purpose → {"key", "seats"}; an empty one removes the file) in `folder`; None, or what went
    wrong in words (the game goes on: only a Continue after a crash would give the phones new codes)."""
    from pathlib import Path

    from .. import safefile

    p = path(folder)
    entries = {k: entry(v) for k, v in kept.items() if k in PURPOSES and v}
    try:
        if not entries:
            if os.path.lexists(p) and not os.path.islink(p):
                os.unlink(p)
            return None
        Path(folder).mkdir(parents=True, exist_ok=True)
        safefile.write_atomic(p, json.dumps({"version": 1, **entries}, ensure_ascii=False, indent=1) + "\n",
                              folder=folder)
        try:
            os.chmod(p, 0o600)  # the secrets are the seats' keys: the owner's alone where the system allows
        except OSError:
            pass
    except (OSError, safefile.Refused) as e:
        return f"The phones' codes could not be kept ({e}): a Continue after a crash would give them new codes"
    return None
