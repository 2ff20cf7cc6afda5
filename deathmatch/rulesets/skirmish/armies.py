"""Chessboard Skirmish army files: reading, checking and writing them (docs/rules/SKIRMISH.md §3).

An army file is YAML, read with the project's strict reader (`deathmatch.yamlfile`: size
limits, no anchors or aliases, the line of every key):

    name: Roman Legion
    points: 30            # the level it is built for (20/30/40/50), or null for a free list
    blurb: Shields locked, eyes front.
    miniatures:
      - {name: Centurion, die: d10, weapon: melee, armour: 1, hero: true}
      - {name: Legionary, die: d6, weapon: melee, armour: 1}

Every field is checked; each problem names the file, the line and the field, says what is
wrong and what to do (`file:line: field: message`). A broken file is reported and skipped,
never raised into a game:

    armies, problems = load_armies(default_army_dirs())

`dump_army` writes an army back in that format and `save_user_army` puts it in the player's
armies folder (a safe file name there, never another army's file by accident).
Pure Python: no pygame.
"""

from __future__ import annotations

import json
import os
import re
import unicodedata
from pathlib import Path
from typing import Any, Iterable, Mapping

from ...paths import bundled_dir, user_data_dir, user_dir
from ...yamlfile import MAX_FILE_BYTES, Problem, Report as _Report, data_files, read_yaml, user_folder
from ...yamlfile import what as _what, suggest as _suggest, whole as _whole, text_problem as _text_problem
from .army import DICE, POINT_LEVELS, WEAPONS, Army, Miniature

ARMY_FIELDS = ("name", "points", "blurb", "miniatures")
MINIATURE_FIELDS = ("name", "die", "weapon", "armour", "hero")
MAX_MINIATURES = 24
"""The most miniatures one army may have (a 16×16 board's home row holds 14; the rest wait in reserve)."""
MAX_NAME = 32
"""The longest name of an army or a miniature, in characters (it must fit on the screens)."""
MAX_BLURB = 120
"""The longest blurb: one line of flavour."""
MAX_ARMOUR = 10
"""The most armour points one miniature may carry (20 points' worth: more than any points level allows)."""
SUFFIXES = (".yaml", ".yml")
DIE_NAMES = tuple(f"d{n}" for n in DICE)


def name_problem(name: Any) -> str | None:
    """Why `name` can not be an army's or a miniature's name (None if it can): the builder asks too."""
    return _text_problem(name, MAX_NAME, "name")


def die_of(value: Any) -> int | None:
    """The sides of a die written `d8` (or `D8`), None if it is no die of the game."""
    if isinstance(value, str):
        m = re.fullmatch(r"\s*[dD](\d{1,3})\s*", value)
        if m and int(m.group(1)) in DICE:
            return int(m.group(1))
    return None


def _die_problem(value: Any) -> str:
    dice = ", ".join(DIE_NAMES)
    if isinstance(value, int) and not isinstance(value, bool) and value in DICE:
        return f"write the die as d{value}, not as the number {value}"
    if value is None:
        return f"missing: give the miniature's die, one of {dice}"
    return f"{_what(value)} is not a die of the game{_suggest(value, DIE_NAMES)}; use one of {dice}"


def parse_army(data: Any, file: str = "<army>", lines: Mapping[tuple, int] | None = None
               ) -> tuple[Army | None, list[Problem]]:
    """Check one army file's data. Returns (army, []) when it is a legal army, else (None, problems):
    every field checked, and an army over its own points refused with the numbers."""
    rep = _Report(file, lines or {})
    if not isinstance(data, dict):
        rep.add((), "an army file must be a mapping with name, points, blurb and miniatures "
                    "(see assets/armies/ for examples)")
        return None, rep.problems
    rep.unknown_fields(data, ARMY_FIELDS)
    name = data.get("name")
    rep.required(data, "name", "every army needs a name, e.g. name: Roman Legion", name_problem)
    blurb = data.get("blurb")
    if blurb is not None and blurb != "" and (why := _text_problem(blurb, MAX_BLURB, "blurb")) is not None:
        rep.add(("blurb",), why)
    points = data.get("points")
    levels = ", ".join(map(str, POINT_LEVELS))
    if points is not None and (not _whole(points) or points not in POINT_LEVELS):
        rep.add(("points",), f"{_what(points)} is not a points level: write one of {levels}, "
                             "or null for a free list (points off)")
        points = None
        points_ok = False
    else:
        points_ok = True
    minis_data = data.get("miniatures")
    minis: list[Miniature] = []
    if "miniatures" not in data:
        rep.add(("miniatures",), "missing: list the army's miniatures, each as "
                                 "- {name: Legionary, die: d6, weapon: melee, armour: 1, hero: false}")
    else:
        minis = rep.items(minis_data, "miniatures", "miniatures", MAX_MINIATURES, "an army", _parse_miniature,
                          "the army has no miniatures: add at least one")
    if rep.problems:
        return None, rep.problems
    army = Army(name=name, miniatures=tuple(minis), points=points, blurb=blurb or "", source=file)
    if points_ok:
        for why in army.problems(points):
            rep.add(("points",), f"{why} (the miniatures cost {', '.join(str(m.cost()) for m in minis)})"
                    if "over the" in why else why)
    if rep.problems:
        return None, rep.problems
    return army, []


def _parse_miniature(item: Any, path: tuple, rep: _Report) -> Miniature | None:
    before = len(rep.problems)
    if not isinstance(item, dict):
        rep.add(path, f"a miniature must be a mapping such as {{name: Archer, die: d6, weapon: bow}}, not {_what(item)}")
        return None
    rep.unknown_fields(item, MINIATURE_FIELDS, path, "a miniature has")
    name = item.get("name")
    rep.required(item, "name", "every miniature needs a name, e.g. name: Archer", name_problem, path)
    die = die_of(item.get("die"))
    if die is None:
        rep.add(path + ("die",), _die_problem(item.get("die")))
    weapon = item.get("weapon", "melee")
    if weapon not in WEAPONS or not isinstance(weapon, str):
        rep.add(path + ("weapon",), f"{_what(weapon)} is not a weapon{_suggest(weapon, WEAPONS)}; "
                                    f"use one of {', '.join(WEAPONS)} (melee if left out)")
    armour = item.get("armour", 0)
    if armour is None:
        armour = 0
    if not _whole(armour) or not 0 <= armour <= MAX_ARMOUR:
        rep.add(path + ("armour",), f"{_what(armour)} is not an armour count: write a whole number "
                                    f"from 0 to {MAX_ARMOUR} (0 if left out)")
    hero = item.get("hero", False)
    if hero is None:
        hero = False
    if not isinstance(hero, bool):
        rep.add(path + ("hero",), f"{_what(hero)} is not a yes/no: write hero: true or hero: false (false if left out)")
    if len(rep.problems) > before:
        return None
    return Miniature(name=name, die=die, weapon=weapon, armour=armour, hero=hero)


# --- reading files ------------------------------------------------------------------------


def read_army_file(path: Path | str, folder: Path | None = None) -> tuple[Army | None, list[Problem]]:
    """One army file read and checked: (army, []) or (None, problems). Never raises: a pipe,
    a folder, a huge file, a link out of `folder`, bad UTF-8 or YAML, an alias bomb are each a
    problem with the file (`read_yaml`: the one gate)."""
    path = Path(path)
    data, lines, read = read_yaml(path, "army", MAX_FILE_BYTES, folder)
    if read and not lines:
        return None, read
    army, problems = parse_army(data, str(path), lines)
    if read:
        return None, read + problems
    return army, problems


def army_files(folder: Path) -> list[Path]:
    """The army files of a folder (*.yaml, *.yml), sorted (links out of it and odd entries left out)."""
    return [f for f, _ in data_files(folder, SUFFIXES)[0]]


def load_armies(dirs: Iterable[Path | str]) -> tuple[list[Army], list[Problem]]:
    """Every legal army in these folders (or files), in order, and the problems of the files
    that were skipped. A path that does not exist is a problem; nothing raises."""
    armies: list[Army] = []
    problems: list[Problem] = []
    for d in dirs:
        files, skipped = data_files(Path(d), SUFFIXES)
        problems.extend(skipped)
        for f, folder in files:
            army, found = read_army_file(f, folder)
            problems.extend(found)
            if army is not None:
                armies.append(army)
    return armies, problems


def bundled_armies_dir() -> Path:
    """Chessboard Skirmish's bundled armies (assets/armies/*.yaml)."""
    return bundled_dir("armies")


def user_armies_dir() -> Path:
    """Where a player's own armies go (the army builder saves there)."""
    return user_dir("armies")


def default_army_dirs() -> list[Path]:
    """The bundled armies, then the player's own armies folder (if it exists)."""
    return [bundled_armies_dir()] + user_folder(user_armies_dir())


def load_default_armies() -> tuple[list[Army], list[Problem]]:
    """The bundled armies and the player's."""
    return load_armies(default_army_dirs())


# --- writing ------------------------------------------------------------------------------


def _quoted(s: str) -> str:
    """A YAML double-quoted scalar (JSON's string syntax is a subset of it)."""
    return json.dumps(s, ensure_ascii=False)


def dump_army(army: Army) -> str:
    """The army as an army file's text (one line a miniature); `parse_army` reads it back equal."""
    points = "null" if army.points is None else str(army.points)
    out = [f"name: {_quoted(army.name)}",
           f"points: {points}" + ("" if army.points is not None else "   # a free list: points off"),
           f"blurb: {_quoted(army.blurb)}",
           "miniatures:"]
    for m in army.miniatures:
        out.append(f"  - {{name: {_quoted(m.name)}, die: d{m.die}, weapon: {m.weapon}, armour: {m.armour}, "
                   f"hero: {'true' if m.hero else 'false'}}}")
    return "\n".join(out) + "\n"


_RESERVED = {"con", "prn", "aux", "nul", *(f"com{i}" for i in range(10)), *(f"lpt{i}" for i in range(10))}


def file_stem(name: str) -> str:
    """A safe file name (no suffix) for an army called `name`: ASCII letters, digits and _ only
    (accents dropped), at most 40 characters, never empty, never a name Windows reserves."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    stem = re.sub(r"[^a-z0-9]+", "_", plain).strip("_")[:40].strip("_") or "army"
    return f"army_{stem}" if stem in _RESERVED else stem


def save_user_army(army: Army, *, replace: Path | str | None = None, folder: Path | str | None = None) -> Path:
    """Write `army` into the player's armies folder (or `folder`) and return the file's path.

    The file is named after the army (`file_stem`), inside the folder whatever the name. An
    existing file is never overwritten unless it is `replace` (the file the army was loaded
    from, in that folder): a new army whose name is taken gets `name_2.yaml`, `name_3.yaml`, ….
    Refuses (ValueError, with the reasons) an army that is not legal at its own points."""
    why = army.problems(army.points)
    for m in army.miniatures:
        if (bad := name_problem(m.name)) is not None:
            why.append(f"miniature name {m.name!r} {bad}")
    if (bad := name_problem(army.name)) is not None:
        why.append(f"the army's name {bad}")
    if len(army.miniatures) > MAX_MINIATURES:
        why.append(f"{len(army.miniatures)} miniatures; an army has at most {MAX_MINIATURES}")
    if why:
        raise ValueError("not saved: " + "; ".join(why))
    from ...safefile import write_atomic, write_new, writable_folder

    folder = Path(folder) if folder is not None else user_armies_dir()
    home = writable_folder(folder, user_data_dir())  # Refused (a ValueError) for a folder that is a file or a link out
    text = dump_army(army).encode("utf-8")
    if replace is not None:
        target = Path(replace)
        if target.parent.resolve() == home and target.suffix.lower() in SUFFIXES and not target.is_symlink() \
                and (not target.exists() or target.is_file()):
            write_atomic(home / target.name, text, folder=home, fsync=False)  # never through a link
            return target
    stem = file_stem(army.name)
    for n in range(1, 1000):
        target = home / (f"{stem}.yaml" if n == 1 else f"{stem}_{n}.yaml")
        if os.path.lexists(target) or (home / f"{target.stem}.yml").exists():
            continue
        try:
            write_new(target, text, folder=home)
        except FileExistsError:
            continue
        return target
    raise OSError(f"too many armies called {army.name!r} in {folder}: rename this one")
