"""Where the game's data lives: the one place that decides it.

Bundled data (assets, maps, cards) sits beside the package in a checkout.
The user's own files (cards, arenas, saves, settings, logs) live in the
per-user data folder given by platformdirs; the game never writes inside its
own install folder.
"""

from __future__ import annotations

import os
import stat
import sys
from pathlib import Path


APP_NAME = "deathmatch"

# The arenas kit: what a Tiled map saved in the player's arenas folder needs to find its tiles.
TILESET_FILES = ("arena_pointy.tsx", "arena_pointy.png", "arena_flat.tsx", "arena_flat.png", "markers.tsx", "markers.png",
                 "chessboard.tsx", "chessboard.png", "chessboard_marks.tsx", "chessboard_marks.png",
                 "supers_pointy.tsx", "supers_pointy.png", "supers_flat.tsx", "supers_flat.png",
                 "supers_square.tsx", "supers_square.png", "supers_marks.tsx", "supers_marks.png")
PROJECT_FILES = ("deathmatch.tiled-project", "objecttypes.xml")
STARTER = "my_first_arena.tmx"


MAX_MAP_BYTES = 16_000_000
"""A map, tileset or template larger than this is not read (the game's own are a few kB)."""


def file_problem(path, max_bytes: int) -> str | None:
    """Why `path` is not a file the game may read, or None: it is missing, a folder, not a
    regular file (a pipe or a device, which could keep a reader waiting forever), or larger
    than `max_bytes`. Follows links; opens nothing."""
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return "is missing"
    except OSError as e:
        return f"can not be read ({e.strerror or e})"
    if stat.S_ISDIR(st.st_mode):
        return "is a folder, not a file"
    if not stat.S_ISREG(st.st_mode):
        return "is not a regular file (a pipe or a device)"
    if st.st_size > max_bytes:
        return f"is {st.st_size / 1e6:.0f} MB, more than the {max_bytes / 1e6:.0f} MB a file of the game may be"
    return None


def data_root() -> Path:
    """The folder holding `assets/` and `maps/`, wherever the game runs from:

    - `DEATHMATCH_DATA`, if set (tests);
    - the packaged app (PyInstaller): the bundle's data folder (`sys._MEIPASS`);
    - a checkout: the folder above the package;
    - an installed wheel: `<prefix>/share/deathmatch`, where the wheel puts them.
    """
    env = os.environ.get("DEATHMATCH_DATA")
    if env:
        return Path(env)
    if getattr(sys, "frozen", False):
        return Path(getattr(sys, "_MEIPASS", Path(sys.executable).resolve().parent))
    beside = Path(__file__).resolve().parent.parent
    if (beside / "assets" / "cards").is_dir():
        return beside
    for prefix in (sys.prefix, sys.base_prefix, os.path.expanduser("~/.local")):
        shared = Path(prefix) / "share" / APP_NAME
        if (shared / "assets" / "cards").is_dir():
            return shared
    return beside


def assets_dir() -> Path:
    return data_root() / "assets"


def bundled_dir(folder: str) -> Path:
    """A game's bundled content folder, `assets/<folder>` (its manifest's `ContentKind.bundled`: Celebrity's
    "cards", Skirmish's "armies", ...)."""
    return assets_dir() / folder


def maps_dir() -> Path:
    return data_root() / "maps"


def user_data_dir() -> Path:
    """The per-user data folder (created on demand by the functions below)."""
    env = os.environ.get("DEATHMATCH_USER_DIR")
    if env:
        return Path(env)
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))


def user_dir(folder: str) -> Path:
    """A game's per-user content folder, `<user data>/<folder>` (its manifest's `ContentKind.user`: Celebrity's
    "cards", Superhero Gladiators' "heroes", ...); made on first start (`ensure_user_folders`)."""
    return user_data_dir() / folder


def user_arenas_dir() -> Path:
    """Where a player's own Tiled arenas go (with a copy of the tilesets)."""
    return user_data_dir() / "arenas"


def user_folders() -> list[str]:
    """The per-user folders: the program's (saves, logs) and every installed game's content folders
    (its manifest's `ContentKind.user`: cards, armies, gladiators, experience, heroes)."""
    from .core import registry  # lazy: start-up (the board reads its paths without loading the games)

    found = ["saves", "logs"]
    for game in registry.games():
        for kind in game.content:
            found += [f for f in kind.user if f not in found]
    return found


FOLDER_PROBLEMS: list[str] = []
"""What `ensure_user_folders` could not make or write (a content folder that is a file, a link
out of the user folder, the user folder itself a file…), each a sentence naming the file and
what to do: the title screen says them (`folder_problems`). The game starts anyway."""
_PROBLEMS_OF: list[str] = [""]
"""The user folder `FOLDER_PROBLEMS` are about."""


def folder_problems() -> list[str]:
    """`FOLDER_PROBLEMS`, if they are about the current user folder (else none)."""
    return list(FOLDER_PROBLEMS) if _PROBLEMS_OF[0] == str(user_data_dir()) else []


def _said(problem: str) -> None:
    if _PROBLEMS_OF[0] != str(user_data_dir()):
        FOLDER_PROBLEMS.clear()
        _PROBLEMS_OF[0] = str(user_data_dir())
    if problem not in FOLDER_PROBLEMS:
        FOLDER_PROBLEMS.append(problem)


def user_folder(name: str) -> Path:
    """`<user data>/<name>`, made if missing; `safefile.Refused` (a ValueError) saying what to do if it
    can not be (it, or the user folder, is a file or a link out of the user folder)."""
    from .safefile import make_folder

    root = user_data_dir()
    return make_folder(root / name, root)


def ensure_user_folders() -> Path:
    """Make the per-user folders on first start (saves, logs, every installed game's content folders: its
    manifest's `ContentKind.user`; arenas with the designer's kit) and put each content kind's schema in its folder.

    Never raises: a folder that can not be made (a file in its place, a link out of the user
    folder, the user folder itself a file) is skipped and said in `FOLDER_PROBLEMS`; a folder or
    kit file the disk has no room for is reported (`SETUP_PROBLEMS`, and on stderr). The game goes
    on without it."""
    from .safefile import DiskFull, Refused, folder_problem

    root = user_data_dir()
    FOLDER_PROBLEMS.clear()
    _PROBLEMS_OF[0] = str(root)
    why = folder_problem(root)
    if why is not None:
        _said(f"The game's user folder {root} {why}. Nothing can be saved until it is a folder "
              "(or set DEATHMATCH_USER_DIR to another folder).")
        return root
    try:
        root.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        _said(f"The game's user folder {root} can not be made ({e.strerror or e}): nothing can be saved.")
        return root
    for sub in user_folders():
        try:
            user_folder(sub)
        except DiskFull:
            _report(f"could not make your {sub} folder {root / sub}: the disk is full; free some space and "
                    "start the game again")
        except Refused as e:
            _said(f"{e}.")
    try:
        ensure_user_arenas()
    except DiskFull:
        _report(f"could not make your arenas folder {user_arenas_dir()}: the disk is full; free some space and "
                "start the game again")
    except Refused as e:
        _said(f"{e}.")
    except OSError as e:
        _report(f"could not make your arenas folder {user_arenas_dir()}: {_why(e)}")
    ensure_schemas()
    return root


SETUP_PROBLEMS: list[str] = []
"""What the first start could not put in the per-user folder (a full disk), in the player's words."""


def _why(e: OSError) -> str:
    import errno

    if e.errno in (errno.ENOSPC, getattr(errno, "EDQUOT", errno.ENOSPC)):
        return "the disk is full; free some space and start the game again"
    return e.strerror or str(e)


def _report(line: str) -> None:
    if line not in SETUP_PROBLEMS:
        SETUP_PROBLEMS.append(line)
        print(f"deathmatch: {line}", file=sys.stderr)


def ensure_schemas() -> None:
    """Put this version's schema of each kind of content file that has one (its manifest's `ContentKind.schema`:
    Celebrity's card.schema.json) in the player's folder of such files, so a file there that starts
    `# yaml-language-server: $schema=card.schema.json` gets completion in an editor (docs/CARDS.md)."""
    from .core import registry  # lazy: start-up (the board reads its paths without loading the games)

    for game in registry.games():
        for kind in game.content:
            if kind.schema and kind.bundled and kind.user:
                ensure_schema(bundled_dir(kind.bundled[0]) / kind.schema, user_dir(kind.user[0]))


def ensure_schema(source: Path, folder: Path) -> None:
    """Copy the schema `source` into the player's `folder`. The schema is the game's, not the player's: it is
    replaced when it differs. Never fails: a read-only folder just goes without. Never through a link: a
    link in its place (or a folder leading out of the user folder) is left alone and said."""
    from .safefile import Refused, folder_problem, outside, read_bytes, write_atomic

    if folder_problem(folder) is not None:  # (a file in its place: said once, by ensure_user_folders)
        return
    target = folder / source.name
    try:
        text = read_bytes(source, 4_000_000)
        try:
            same = read_bytes(target, 4_000_000, folder=folder) == text
        except Refused as e:
            if e.kind == "link":  # the game's own file: the link is the player's to delete
                _said(f"{target} {outside(target, None) or e.reason}.")
                return
            same = False
        if not same:
            write_atomic(target, text, folder=user_data_dir(), fsync=False)
    except Refused as e:
        if e.kind != "missing" and not (e.path == str(source)):
            _said(f"{e}.")
    except OSError:
        pass


def ensure_user_arenas() -> Path:
    """The player's arenas folder, made (with tilesets and a starter map) if missing.

    Tilesets that are missing are copied again; nothing the player made is
    ever overwritten, and nothing is written through a link (a dangling link where a tileset
    goes is left as it is and said). Each kit file is copied whole or not at all (`_copy_whole`: a
    full disk is reported and the next start copies it again). `safefile.Refused` if the folder can
    not be made.
    """
    from .safefile import outside

    root = user_data_dir()
    folder = user_folder("arenas")
    kit = [(assets_dir() / "tiles" / name, name) for name in TILESET_FILES]
    kit += [(maps_dir() / name, name) for name in PROJECT_FILES]
    for source, name in kit:
        target = folder / name
        if os.path.lexists(target):
            if os.path.islink(target) and not os.path.exists(target):
                _said(f"{target}: {outside(target, root)}.")
            continue
        if source.is_file():
            _copy_whole(target, source.read_bytes)
    starter = folder / STARTER
    source = maps_dir() / "starter" / STARTER  # the player's own little arena (tools/make_arenas.py), no bundled one
    if not os.path.lexists(starter) and not any(folder.glob("*.tmx")) and source.is_file():
        _copy_whole(starter, lambda: source.read_text(encoding="utf-8").replace("../../assets/tiles/", "")
                    .encode("utf-8"))
    return folder


def _copy_whole(target: Path, content) -> None:
    """Put `content()` (bytes) at `target`, where nothing — not even a link — is (the caller looked),
    whole or not at all: a temp file made new (O_EXCL, no link followed) and renamed onto it. A copy
    the disk had no room for is reported (`SETUP_PROBLEMS`) and left out, so the next start copies
    it again instead of keeping half a tileset; a link is never written through."""
    tmp = target.with_name(f".{target.name}.copying")
    try:
        if os.path.lexists(tmp):
            os.unlink(tmp)
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
        try:
            view = memoryview(content())
            while view:
                view = view[os.write(fd, view):]
        finally:
            os.close(fd)
        if os.path.lexists(target):  # appeared meanwhile: leave it be
            os.unlink(tmp)
            return
        os.replace(tmp, target)
    except OSError as e:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        _report(f"could not copy {target.name} into your arenas folder {target.parent}: {_why(e)}")
