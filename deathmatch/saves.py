"""Saved games: the autosave and named slots in the per-user saves folder.

A save file is the game record (the core's `Record.to_json()`: ruleset,
setup, seed, decisions) plus a ``"meta"`` object for the load screen, so a
save can be listed without replaying it::

    {"format": "deathmatch-record", "version": 2, "ruleset": {"id": "celebrity", "version": 1},
     "setup": {...}, "seed": 1234, "decisions": [...],
     "meta": {"arena": "Colosseum", "players": ["Vermilion", ...], "round": 3,
              "over": false, "saved_at": "2024-05-01T12:00:00.123456+00:00", ...}}

A save is read and replayed through the core (`deathmatch.core.registry`): a
game of any ruleset comes back as that ruleset's game, and this module names
none. Version-1 records (no "ruleset") load as Celebrity Deathmatch's.

Every write is atomic (temp file in the same folder, fsync, `os.replace`), so
a crash or power cut mid-save leaves the previous save whole. Reading never
deletes or changes a file, however broken it is. Pure Python: no pygame.
"""

from __future__ import annotations

import errno
import hashlib
import json
import os
import re
import stat
import tempfile
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from . import safefile
from .core import registry
from .core.errors import RecordError
from .core.record import FORMAT, VERSION, Record
from .paths import user_data_dir
from .yamlfile import shown_text

AUTOSAVE = "autosave"
"""The slot the game saves to after every decision."""

TOURNAMENT_FILE = "tournament.json"
"""The tournament night in progress, kept beside the saves (`deathmatch.tournament`); not a saved game."""

SUFFIX = ".json"
_TEMP_SUFFIX = ".tmp"
_STALE_TEMP_SECONDS = 60
"""A temp file older than this is left over from a killed process: the next save of its slot removes it."""
_MAX_SLOT_CHARS = 80
_MAX_SLOT_BYTES = 80
_PLAIN_NAME = re.compile(r"[a-z0-9][a-z0-9_-]*")
MAX_SAVE_BYTES = 64_000_000
"""A save larger than this is not read (a long game's record is well under a megabyte)."""
_WINDOWS_RESERVED = {"CON", "PRN", "AUX", "NUL", *(f"COM{i}" for i in range(1, 10)), *(f"LPT{i}" for i in range(1, 10))}
_RESERVED_STEMS = {AUTOSAVE, TOURNAMENT_FILE.removesuffix(".json"), *(n.lower() for n in _WINDOWS_RESERVED)}
"""Plain names that are not a named save's own file: the autosave's, the tournament's, and Windows' device names."""


# --------------------------------------------------------------- the folder


def saves_dir() -> Path:
    """The saves folder (``<user data>/saves``), made if missing."""
    folder = user_data_dir() / "saves"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:  # a file in its place, the user folder a file: said by `folder_problem`, and by a save
        pass
    return folder


def folder_problem() -> str | None:
    """Why the saves folder can not hold saves ("<folder> is a file, not a folder: …"), or None."""
    from .safefile import folder_problem as why_not

    root = user_data_dir()
    for folder in (root, root / "saves"):
        why = why_not(folder)
        if why is not None:
            return f"{folder} {why}"
    return None


def slot_file_name(slot: str) -> str:
    """The file name for a slot: ``autosave.json`` for `AUTOSAVE`, else `name_file_name`.

    The result never holds a path separator or ``..``, so it always names a
    file directly inside `saves_dir()`.
    """
    if slot == AUTOSAVE:
        return AUTOSAVE + SUFFIX
    return name_file_name(slot)


def name_file_name(name: str) -> str:
    """The file name for a save a player named: two different names never share a file,
    and no name is the autosave's or the tournament's file.

    A plain name (lower-case ASCII letters, digits, ``-`` and ``_``) is its own file name
    (``friday.json``). Any other keeps its letters and digits of any script, ``-`` and ``_``
    (anything else becomes ``_``) and adds a short hash of the exact name: ``名前`` is
    ``名前-<8 hex>.json``, ``a/b`` is ``a_b-<8 hex>.json``, ``Autosave`` and ``autosave``
    are never ``autosave.json``. (Upper case is hashed too: "Game" and "game" are one file
    on Windows and macOS otherwise.)
    """
    name = str(name)
    plain = _PLAIN_NAME.fullmatch(name) and len(name) <= _MAX_SLOT_CHARS and name not in _RESERVED_STEMS
    if plain:
        return name + SUFFIX
    readable = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name) or "save"
    while len(readable.encode("utf-8")) > _MAX_SLOT_BYTES:  # file names are at most 255 bytes
        readable = readable[:-1]
    digest = hashlib.sha256(name.encode("utf-8", "surrogatepass")).hexdigest()[:8]
    return f"{readable}-{digest}{SUFFIX}"


def named_save_path(name: str) -> Path:
    """Where the save a player named `name` is (inside `saves_dir()`; see `name_file_name`)."""
    return saves_dir() / name_file_name(name)


def slot_path(slot: str) -> Path:
    """Where a slot's save file is (inside `saves_dir()`)."""
    return saves_dir() / slot_file_name(slot)


# ------------------------------------------------------------ atomic write

_FULL = {errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)}


class DiskFullError(OSError):
    """A save the disk had no room for (ENOSPC, or over the user's quota). Its text says so in
    plain words, and that the file's earlier version is kept (`write_atomic` never touches it)."""

    def __str__(self) -> str:
        return self.strerror or "Could not save: the disk is full. Your earlier save is kept."


def is_disk_full(exc: BaseException) -> bool:
    """Whether `exc` is the disk (or the user's quota) being full."""
    return isinstance(exc, OSError) and exc.errno in _FULL


def save_problem(exc: BaseException) -> str:
    """A player's sentence for a save that failed with `exc` (an OSError): the disk full, or why not."""
    if isinstance(exc, DiskFullError):
        return str(exc)
    if is_disk_full(exc):
        return "Could not save: the disk is full. Your earlier save is kept."
    reason = getattr(exc, "strerror", None) or str(exc)
    where = getattr(exc, "filename", None)
    return f"Could not save: {reason}" + (f" ({where})" if where else "") + ". Your earlier save is kept."



def write_atomic(path: Path, text: str) -> Path:
    """Write `text` (UTF-8) to `path` so a reader sees the old file or the new one, never half of one.

    Never through a link: a link at `path`, or (for a file in the user folder) a folder on the
    way that leads out of the user folder, is refused (OSError whose `strerror` says which file
    and what to do), as is a folder that is a file.

    Writes a temp file in the same folder, flushes and fsyncs it, then
    `os.replace`s it onto `path` (and fsyncs the folder where that is
    possible). On any error the temp file is removed and the error raised;
    the old file is untouched. A full disk raises `DiskFullError` (an OSError) that says so.
    """
    path = Path(path)
    folder = path.parent
    _refuse_links(path)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp_name = tempfile.mkstemp(dir=folder, prefix=f".{path.stem}.", suffix=_TEMP_SUFFIX)
    except OSError as e:  # no room even for a folder or an empty file (no free inodes)
        if is_disk_full(e):
            raise DiskFullError(e.errno, f"Could not save {path.name}: the disk is full ({folder}). "
                                         "Your earlier save is kept.", str(path)) from e
        raise
    tmp = Path(tmp_name)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        _give_mode(tmp, path)
        os.replace(tmp, path)
    except BaseException as e:
        try:
            tmp.unlink()
        except OSError:
            pass
        if is_disk_full(e) and not isinstance(e, DiskFullError):
            raise DiskFullError(e.errno, f"Could not save {path.name}: the disk is full ({folder}). "
                                         "Your earlier save is kept.", str(path)) from e
        raise
    _fsync_dir(folder)
    _sweep_stale_temps(folder, path.stem)
    return path


def _refuse_links(path: Path) -> None:
    """OSError (EPERM, saying what to do) if writing `path` would follow a link: a link at `path`,
    or, for a file in the user folder, a folder on the way leading out of it."""
    from .safefile import folder_problem as why_not
    from .safefile import outside

    root = user_data_dir()
    try:
        in_user = Path(os.path.abspath(path)).is_relative_to(Path(os.path.abspath(root)))
    except (OSError, ValueError):
        in_user = False
    why = outside(path, root if in_user else None)
    if why is None:
        for folder in ([root] if in_user else []) + [path.parent]:
            if why_not(folder) is not None:
                why, path = why_not(folder), folder
                break
    if why is not None:
        raise OSError(errno.EPERM, f"{path} {why}")


def _umask() -> int:
    """The process's umask, read once at import (setting it to read it is process-wide: not from a thread)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


_NEW_FILE_MODE = 0o666 & ~_umask()


def _give_mode(tmp: Path, path: Path) -> None:
    """The temp file (owner-only, as mkstemp makes it) takes the mode `path` has, or a new file's: an
    exported sheet or a save must be readable as any file the user writes, not only by them."""
    if os.name != "posix":
        return
    try:
        mode = path.stat().st_mode & 0o777
    except OSError:
        mode = _NEW_FILE_MODE
    try:
        os.chmod(tmp, mode)
    except OSError:
        pass


def _fsync_dir(folder: Path) -> None:
    """Make the rename itself durable (POSIX); best effort, silently skipped elsewhere."""
    if os.name != "posix":
        return
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _sweep_stale_temps(folder: Path, stem: str) -> None:
    """Remove temp files of this file left by a process killed mid-write (old enough not to be in use)."""
    now = time.time()
    try:
        leftovers = list(folder.glob(f".{_glob_escape(stem)}.*{_TEMP_SUFFIX}"))
    except OSError:
        return
    for p in leftovers:
        try:
            if now - p.stat().st_mtime > _STALE_TEMP_SECONDS:
                p.unlink()
        except OSError:
            pass


def _glob_escape(text: str) -> str:
    return re.sub(r"([*?\[])", r"[\1]", text)


def set_aside(path: Path) -> Path:
    """Rename a file the game can not open out of its way, losing nothing:
    ``tournament.json`` becomes ``tournament.json.bad-20240501-120000`` in the same
    folder (``-2``, ``-3``… if that is taken). Returns the new path; OSError if the
    rename is refused (the file is then where it was)."""
    path = Path(path)
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    for n in range(1, 1000):
        target = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n > 1 else ""))
        if not os.path.lexists(target):
            os.replace(path, target)
            return target
    raise OSError(f"no free name to set {path.name} aside")


# ------------------------------------------------------------ saving


def write_game(game, slot: str = AUTOSAVE) -> Path:
    """Save `game` to a slot (atomically); returns the file written.

    Raises `RecordError` for a game with no setup (a scenario position) or
    of no known ruleset (its `ruleset_id`), and OSError if the disk refuses;
    either way the slot's previous save is intact.
    """
    return _write_game(game, slot_path(slot), slot)


_WRITE_PROBLEMS: dict[tuple[str, str], str] = {}
"""(user folder, what) → why: what the game could not write while playing (the autosave a link,
the disk full…), said by the title screen until a later write of it succeeds."""


def write_problems() -> dict[str, str]:
    """What → why, for what could not be written in the current user folder (`note_write_problem`)."""
    root = str(user_data_dir())
    return {what: why for (where, what), why in _WRITE_PROBLEMS.items() if where == root}


def note_write_problem(what: str, e: OSError | None) -> None:
    """A write of `what` failed (`e`; logged once and kept for the title screen), or succeeded
    (None: what was kept is dropped). Play goes on either way."""
    import logging

    key = (str(user_data_dir()), what)
    if e is None:
        _WRITE_PROBLEMS.pop(key, None)
        return
    said = f"{what} could not be saved: {e.strerror or e}"
    if _WRITE_PROBLEMS.get(key) != said:
        logging.getLogger("deathmatch").warning("%s", said)
    _WRITE_PROBLEMS[key] = said


def autosave(game) -> Path | None:
    """`write_game` to the autosave, as a table does after every decision: a failure (a link in
    its place, a full disk, a saves folder that is a file) is logged and said on the title
    screen rather than ending the game. Returns the file, or None if it was not written."""
    try:
        path = write_game(game)
    except OSError as e:
        note_write_problem("The game in progress", e)
        return None
    note_write_problem("The game in progress", None)
    return path


def keep_unfinished(game) -> SaveInfo | None:
    """Before `game` takes the autosave (a new game, another save loaded, a tournament's game): an
    unfinished game of at least one decision already there, and not `game` itself, is kept as a named
    save ("Unfinished Chessboard Skirmish — Ann, Bob (8 Dec 01:40)") so that starting a game never
    loses another: Load lists it, Continue offers the newest. An autosave this version can not read
    is set aside (`set_aside`), as the title screen's Continue would pass over it. Returns what was
    kept (None: nothing needed keeping). Never raises: keeping is a courtesy, the new game goes on."""
    path = slot_path(AUTOSAVE)
    if not os.path.lexists(path):
        return None
    try:
        try:
            data = _read_data(path)
            _record(data)
        except RecordError:
            if os.path.isfile(path) and not os.path.islink(path):
                set_aside(path)
            return None
        meta = data.get("meta") if isinstance(data.get("meta"), dict) else {}
        if meta.get("over") is not False or not data.get("decisions"):
            return None
        mine = record_of(game).to_json()
        if all(data.get(k) == mine.get(k) for k in ("ruleset", "setup", "seed")):
            return None  # the same game (Continue, a take-back): its own autosave
        info = _info(path)
        name = unfinished_name(info)
        data["meta"] = {**meta, "name": name}
        target = named_save_path(name)
        write_atomic(target, json.dumps(data, ensure_ascii=False, indent=1))
        return _info(target)
    except Exception as e:  # (a full disk, a refused folder: the new game is not stopped for it)
        import logging

        logging.getLogger("deathmatch").warning("the unfinished game in the autosave could not be kept: %s", e)
        return None


def unfinished_name(info: SaveInfo) -> str:
    """The name an unfinished game is kept under: when it was last saved (local time) and as many of its
    players as the Load screen shows whole ("Unfinished, 8 Dec 01:40 — Ann, Bob, Cy"; its game is on
    its own line there); a name already taken gets " (2)", " (3)"…"""
    when = info.saved_at.astimezone() if info.saved_at is not None else datetime.now()
    base = f"Unfinished, {when.day} {when:%b %H:%M}"
    players = [p for p in info.players if p]
    for k in range(len(players), 0, -1):
        more = f"{base} — {', '.join(players[:k])}" + (" …" if k < len(players) else "")
        if len(more) <= _MAX_SHOWN - 4:  # (room for " (2)")
            base = more
            break
    name = base
    for n in range(2, 1000):
        if not os.path.lexists(named_save_path(name)):
            break
        name = f"{base} ({n})"
    return name


def write_named(game, name: str) -> Path:
    """Save `game` under a name a player typed (`named_save_path`: never the autosave), replacing
    a save of that exact name; the save-as screen asks first (`named_save_path(name).exists()`)."""
    return _write_game(game, named_save_path(name), name)


def _write_game(game, path: Path, name: str) -> Path:
    from . import __version__

    data = record_of(game).to_json()
    state = getattr(game, "state", None)  # a game that keeps its data in a state object (Skirmish's)
    arena = getattr(game, "arena", None) or getattr(state, "board", None) or getattr(state, "arena", None)
    data["meta"] = {
        **({"dice": digest} if (digest := dice_digest(game)) is not None else {}),
        "arena": getattr(arena, "name", "") or "",
        "players": list(game.players if hasattr(game, "players") else getattr(state, "players", ())),
        "round": getattr(game, "round", getattr(state, "round", getattr(state, "turn", 0))),
        "over": bool(game.over),
        "saved_at": datetime.now(timezone.utc).isoformat(),
        "decisions": len(data["decisions"]),
        "game_version": __version__,
        "name": name,
    }
    text = json.dumps(data, ensure_ascii=False, indent=1)
    return write_atomic(path, text)


# ------------------------------------------------------------ checking a save against its replay


def dice_digest(game) -> str | None:
    """A short digest of where the game's dice stand (its seeded generator's state): the same
    after every replay of the same seed, setup and decisions, and another with another seed, or
    with the dice rolled another number of times. None for a game without seeded dice."""
    from .core.dice import SeededDice

    dice = getattr(game, "dice", None)
    if not isinstance(dice, SeededDice):
        return None
    version, words, _ = dice._rng.getstate()
    return hashlib.sha256(f"{version}:{','.join(map(str, words))}".encode()).hexdigest()[:16]


def check_seed(data: dict) -> None:
    """A record whose seed is not its setup's (one of them edited by hand) is broken: the setup's
    seed rolls the dice, so the file would say one game and replay another."""
    seed, setup = data.get("seed"), data.get("setup")
    inner = setup.get("seed") if isinstance(setup, dict) else None
    if seed is not None and inner is not None and seed != inner:
        raise RecordError(f"broken: the record's seed ({_shown(seed)}) is not its setup's ({_shown(inner)}): "
                          "the file was edited, and would replay as another game")


def check_replay(data: dict, record: Record, game) -> None:
    """The save's own summary (its meta: how many decisions, whether the game is over, where its
    dice stand) checked against the game its record replays to; RecordError ("broken: …") on a
    difference: a file that says one game and replays to another is broken, never loaded as the
    other. A save written before the meta held a field is not checked on it."""
    meta = data.get("meta") if isinstance(data.get("meta"), dict) else {}
    if "decisions" in meta and meta["decisions"] != len(record.decisions):
        raise RecordError(f"broken: the save says its game took {_shown(meta['decisions'])} decisions, but its "
                          f"record holds {len(record.decisions)}: the file was edited")
    if "over" in meta and meta["over"] is not bool(game.over):
        said = "over" if meta["over"] else "not over"
        raise RecordError(f"broken: the save says its game is {said}, but its record replays to a game that "
                          f"is{'' if game.over else ' not'} over: the file was edited")
    if "dice" in meta and meta["dice"] != dice_digest(game):
        raise RecordError("broken: its record replays to another game than the one saved (the dice do not "
                          "fall as they fell: its seed or setup was edited)")


def _shown(v) -> str:
    text = json.dumps(v, ensure_ascii=False) if not isinstance(v, str) else repr(v)
    return text if len(text) <= 24 else text[:21] + "…"


# ------------------------------------------------------------ loading


def _resolve(slot_or_path) -> Path:
    """A `SaveInfo` or path-like is a file; a str is a slot name."""
    if isinstance(slot_or_path, SaveInfo):
        return slot_or_path.path
    if isinstance(slot_or_path, os.PathLike):
        return Path(slot_or_path)
    return slot_path(str(slot_or_path))


def _read_data(path: Path) -> dict:
    """The save's JSON object, checked to be a game record this version can read. Raises RecordError."""
    from .paths import file_problem

    bad = file_problem(path, MAX_SAVE_BYTES)
    if bad and bad not in ("is missing", "is a folder, not a file"):  # a pipe is never opened: it would block
        raise RecordError(f"{path.name} {bad}: not a Deathmatch save")
    from . import safefile

    try:
        # a link out of the saves folder (or a saves folder linked out of the user folder): not opened
        raw = safefile.read_bytes(path, MAX_SAVE_BYTES, folder=safefile.home_folder(path, user_data_dir()))
    except safefile.Refused as e:
        if e.kind == "missing":
            raise RecordError(f"no such save ({path})") from None
        if e.reason == "is a folder, not a file":
            raise RecordError(f"{path.name} is a folder, not a save") from None
        raise RecordError(f"{path.name} {e.reason}") from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RecordError("not a text file (it is not UTF-8): not a Deathmatch save") from None
    try:
        data = json.loads(text, parse_int=safefile.whole_number, parse_constant=safefile.no_constant)
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON (line {e.lineno}: {e.msg})") from None
    except RecursionError:
        raise RecordError("not valid JSON (nested too deeply)") from None
    except ValueError as e:
        raise RecordError(f"not a Deathmatch save: it holds {e}") from None
    if safefile.depth_over(data, safefile.MAX_JSON_DEPTH):
        raise RecordError("not valid JSON (nested too deeply)")
    return _checked_data(data)


def _checked_data(data) -> dict:
    """A save's JSON object, checked to be a game record this version can read. Raises RecordError."""
    if isinstance(data, dict) and data.get("format") == "deathmatch-tournament":
        raise RecordError("a tournament night, not a saved game: the title screen's Tournament opens it")
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RecordError("not a Deathmatch game record")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise RecordError("the record has no version number")
    if version > VERSION:
        raise RecordError(f"made by a newer version ({version}) of the game; this one reads up to version {VERSION}: "
                          "update the game to load it")
    return data


HEAD_BYTES = 1_000_000
"""How much of each end of a long save the title screen's listing reads: the record's header (format,
version, ruleset, setup, seed) comes before its decisions, the meta after them; both are a few KB."""
_HEADER_KEYS = ("format", "version", "ruleset", "setup")
_META_KEY = re.compile(r'"meta"\s*:\s*')


def _read_header(path: Path) -> dict | None:
    """A long save's JSON without its decisions (an empty list in their place): its header read from
    the first `HEAD_BYTES` and its meta from the last, so the cost does not grow with the decisions.
    None when that can not be done (a short file, a file laid out otherwise, anything odd): the whole
    file is then read (`_read_data`), which also says what is wrong with it. Raises RecordError as
    `_read_data` does for a header that is no game record. Never changes the file."""
    import codecs

    if safefile.problem(path, MAX_SAVE_BYTES, safefile.home_folder(path, user_data_dir())) is not None:
        return None  # (the whole read says why)
    try:
        size = path.stat().st_size
        if size <= 3 * HEAD_BYTES:  # reading it all is as cheap
            return None
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
                return None
            head = f.read(HEAD_BYTES)
            f.seek(size - HEAD_BYTES)
            tail = f.read(HEAD_BYTES)
    except OSError:
        return None
    try:
        head_text = codecs.getincrementaldecoder("utf-8-sig")().decode(head, final=False)
        tail_text = tail.decode("utf-8", errors="replace")  # a character cut in two at the start is not the meta's
    except UnicodeDecodeError:
        return None
    data = _top_keys_before_decisions(head_text)
    if data is None or not all(k in data for k in _HEADER_KEYS):
        return None
    if not isinstance(data.get("meta"), dict):
        meta = _trailing_meta(tail_text)
        if meta is None:
            return None
        data["meta"] = meta
    data["decisions"] = []
    return _checked_data(data)


def _top_keys_before_decisions(text: str) -> dict | None:
    """The top-level keys of a JSON object and their values, up to its "decisions" (not read); None if
    `text` is not the start of a JSON object reaching "decisions"."""
    decoder = json.JSONDecoder()
    ws = re.compile(r"\s*")
    i = ws.match(text, 0).end()
    if not text.startswith("{", i):
        return None
    i += 1
    out: dict = {}
    try:
        while True:
            i = ws.match(text, i).end()
            if not text.startswith('"', i):
                return None
            key, i = decoder.raw_decode(text, i)
            i = ws.match(text, i).end()
            if not text.startswith(":", i):
                return None
            i = ws.match(text, i + 1).end()
            if key == "decisions":
                return out
            value, i = decoder.raw_decode(text, i)
            out.setdefault(key, value)  # (a key given twice: the whole read will say which counts)
            i = ws.match(text, i).end()
            if not text.startswith(",", i):
                return None  # the object ends (or the head does) before its decisions
            i += 1
    except (ValueError, RecursionError):
        return None


def _trailing_meta(text: str) -> dict | None:
    """The "meta" object that ends a save (as `write_game` writes it, after the decisions); None if the
    text does not end with one."""
    decoder = json.JSONDecoder()
    found = list(_META_KEY.finditer(text))
    if not found:
        return None
    try:
        meta, end = decoder.raw_decode(text, found[-1].end())
    except (ValueError, RecursionError):
        return None
    if not isinstance(meta, dict) or text[end:].strip() != "}":
        return None
    return meta


def record_of(game) -> Record:
    """The core's record of `game`, by the ruleset that plays it (`game.ruleset_id`)."""
    ruleset_id = getattr(game, "ruleset_id", None)
    if not isinstance(ruleset_id, str):
        raise RecordError("the game does not say which ruleset plays it (it has no ruleset_id)")
    try:
        ruleset = registry.get(ruleset_id)
    except KeyError as e:
        raise RecordError(str(e.args[0])) from None
    return registry.record_of(game, ruleset)


def _record(data: dict, decisions: bool = True) -> Record:
    """The record in a save's JSON, read (its ruleset's setup and decisions) but not replayed; with
    `decisions` False only its header is checked (ruleset, version, setup, arena), not each decision:
    what the title screen's Continue needs, at a cost that does not grow with the game's length."""
    from dataclasses import replace

    body = {k: v for k, v in data.items() if k != "meta"}
    try:
        check_seed(body)
        record = with_arena_id(Record.from_json(body))
        registry.read(record if decisions else replace(record, decisions=()))
        return record
    except RecordError:
        raise
    except Exception as e:  # a malformed record must not crash the load screen
        raise RecordError(f"the record is malformed ({type(e).__name__}: {e})") from e


def with_arena_id(record):
    """The record with its map named by arena id, resolved in this game's folders.

    A save names a bundled arena or one of the player's arenas, never any
    other file; an old save's map path is found by its file name in those
    folders (`board.tiled.saved_arena_id`). Raises `RecordError` naming the
    arena and where it was looked for if it is not there.

    A core `Record` names its arena in its setup's JSON (``"arena"``, the
    board's arena spec, for every ruleset on a board); a ruleset's own record
    (a tournament file's) in its setup's `arena`.
    """
    from dataclasses import replace

    from .board.tiled import saved_arena_spec

    if isinstance(record, Record):
        spec = record.setup.get("arena") if isinstance(record.setup, dict) else None
    else:
        spec = record.setup.arena
    try:
        arena = saved_arena_spec(spec)
    except ValueError as e:
        raise RecordError(str(e)) from None
    if arena == spec:
        return record
    if isinstance(record, Record):
        return replace(record, setup={**record.setup, "arena": arena})
    record.setup = replace(record.setup, arena=arena)
    return record


def load_record(slot_or_path) -> Record:
    """The saved game's record (the core's: ruleset, setup, decisions): for the replay viewer.

    Raises `RecordError` as `load_game` does: it is replayed once and checked (`check_replay`),
    so the viewer never shows another game than the one saved.
    """
    data = _read_data(_resolve(slot_or_path))
    record = _record(data)
    _replayed(data, record)
    return record


def load_game(slot_or_path):
    """The saved game, replayed as a game of its own ruleset: a slot name (str), a path, or a `SaveInfo`.

    Raises `RecordError` with a plain reason ("no such save (…)", "not valid
    JSON (line 3: …)", "made by a newer version (3) of the game; …",
    "decision 17 (…) is illegal on replay: …", "broken: its record replays to
    another game than the one saved …": `check_replay`). Never changes the file.
    """
    data = _read_data(_resolve(slot_or_path))
    record = _record(data)
    game = _replayed(data, record)
    if getattr(game, "ruleset_id", None) is None:  # the client seats it, and saves it again, by its ruleset
        game.ruleset_id = record.ruleset
    return game


def _replayed(data: dict, record: Record):
    """The game `record` replays to, checked against the save's summary (`check_replay`)."""
    try:
        game = registry.replay(record)
    except RecordError:
        raise
    except Exception as e:  # the engine choking on a hand-edited record: still a bad save, not a crash
        raise RecordError(f"the game can not be replayed ({type(e).__name__}: {e})") from e
    check_replay(data, record, game)
    return game


# ------------------------------------------------------------ listing


@dataclass
class SaveInfo:
    """One save file as the load screen shows it (read from its meta, not replayed)."""

    path: Path
    slot: str
    """The file name without ``.json``."""
    arena: str
    players: list[str]
    round: int
    over: bool
    saved_at: datetime | None
    """When it was saved (UTC), from the meta; None if the file does not say."""
    error: str | None = None
    """Why it can not be loaded (the other fields are then best effort); None if it looks loadable."""
    name: str = ""
    """The name it was saved under, as typed (the meta's ``name``; the slot if the file does not say)."""
    ruleset: str = "celebrity"
    """The id of the ruleset it is a game of (a version-1 record names none: Celebrity Deathmatch's)."""

    @property
    def loadable(self) -> bool:
        return self.error is None


def _parse_time(value: Any) -> datetime | None:
    if not isinstance(value, str):
        return None
    try:
        t = datetime.fromisoformat(value)
    except ValueError:
        return None
    return t if t.tzinfo else t.replace(tzinfo=timezone.utc)


_MAX_SHOWN = 60
"""The most characters of a save's name, arena or player the load list shows (each cut with "…")."""
MAX_LISTED_PLAYERS = 100
"""The most player names read from one save's meta for the listing (a game seats at most 10)."""


def _info(path: Path, decisions: bool = True) -> SaveInfo:
    info = SaveInfo(path, path.stem, "", [], 0, False, None, None, shown_text(path.stem, _MAX_SHOWN, "save"))
    # decisions False (the title's Continue): a long save's two ends only, and a broken one is not read
    # again for what its meta says (Continue passes over it; the Load screen shows it)
    data = None
    try:
        data = (None if decisions else _read_header(path)) or _read_data(path)
        _record(data, decisions)
    except RecordError as e:
        info.error = str(e)
    except Exception as e:  # listing never fails because of one file
        info.error = f"can not be read ({type(e).__name__}: {e})"
    from . import safefile

    if data is None and decisions:  # best effort: a broken or too-new file may still say what it was (read through the gate)
        try:
            loose = safefile.read_json(path, MAX_SAVE_BYTES, folder=safefile.home_folder(path, user_data_dir()))
            data = loose if isinstance(loose, dict) else None
        except Exception:
            data = None
    if data is None:
        return info
    meta = data.get("meta") if isinstance(data.get("meta"), dict) else {}
    setup = data.get("setup") if isinstance(data.get("setup"), dict) else {}
    arena = meta.get("arena")
    if not isinstance(arena, str):
        spec = setup.get("arena")
        arena = _arena_label(spec)
    info.arena = shown_text(arena, _MAX_SHOWN, "") if arena else ""  # (hostile: shown, never trusted)
    players = meta.get("players")
    if not (isinstance(players, list) and all(isinstance(p, str) for p in players)):
        seats = setup.get("players")
        players = [p["name"] for p in seats if isinstance(p, dict) and isinstance(p.get("name"), str)] \
            if isinstance(seats, list) else []
    info.players = [shown_text(p, _MAX_SHOWN) for p in players[:MAX_LISTED_PLAYERS]]
    rnd = meta.get("round")
    info.round = rnd if isinstance(rnd, int) and not isinstance(rnd, bool) else 0
    info.over = meta.get("over") is True
    info.saved_at = _parse_time(meta.get("saved_at"))
    rs = data.get("ruleset")
    if isinstance(rs, dict) and isinstance(rs.get("id"), str):
        info.ruleset = rs["id"]
    name = meta.get("name")
    if isinstance(name, str) and name.strip() and name_file_name(name) == path.name:  # (a copy renamed by hand: its file's name)
        info.name = shown_text(name, _MAX_SHOWN, info.name)
    return info


def _arena_label(spec: Any) -> str:
    if isinstance(spec, dict):
        if isinstance(spec.get("map"), str):
            from .board.tiled import arena_title

            return arena_title(spec["map"])  # as the setup screens name it: "The Skyline"
        if "hexagon" in spec:
            return "Hexagon"
        if "rectangle" in spec:
            return "Rectangle"
    return ""


def list_saves(decisions: bool = True) -> list[SaveInfo]:
    """Every ``*.json`` in the saves folder, newest first; broken ones included, with `.error` set.

    The tournament's file is not a saved game and is not listed. Reads only
    the JSON (no replay), so it is fast; touches no file. With `decisions`
    False a save's decisions are not read one by one (a malformed one is then
    found only on loading): the title screen's cost does not grow with them.
    """
    from .safefile import entries

    out: list[tuple[datetime, str, SaveInfo]] = []
    # a folder that is a file lists nothing (`folder_problem` says why); a name that is not UTF-8 is listed, shown
    found, _ = entries(saves_dir(), (SUFFIX,), any_name=True)  # with "�" in place of its bad bytes (`_info`)
    for path in found:
        if path.name == TOURNAMENT_FILE or os.path.isdir(path) or path.suffix != SUFFIX:
            continue
        info = _info(path, decisions)
        when = info.saved_at
        if when is None:
            try:
                when = datetime.fromtimestamp(path.lstat().st_mtime, timezone.utc)
            except OSError:
                when = datetime.min.replace(tzinfo=timezone.utc)
        out.append((when, path.name, info))
    out.sort(key=lambda t: (t[0], t[1]), reverse=True)
    return [info for _, _, info in out]


def latest_unfinished() -> SaveInfo | None:
    """The newest save that looks loadable and whose game is not over (the title screen's Continue).

    Judged from the listing's header of each save (no replay, its decisions not
    read): `load_game` may still refuse a save whose decisions do not read or
    replay, and says why. The title screen asks on every visit, so its cost
    must not grow with a save's decisions (a hostile save may hold 800,000).
    """
    for info in list_saves(decisions=False):
        if info.error is None and not info.over:
            return info
    return None
