"""Superhero Gladiators' hero files (docs/HEROES.md): heroes as YAML, read and checked (costs
computed, an over-budget hero refused with the numbers), the bundled and the player's; a hero
written back; a printable hero card.

A hero file (one hero a file; `assets/heroes/`, the player's `heroes/`):

    id: tin_titan
    name: The Tin Titan
    flavour: Built in a shed, and it shows.
    str: 5
    dex: 3
    size: 5
    per: 2
    powers:
      - {name: Rivet Gun, type: shot, level: 3, uses: 10, styles: [missile]}
      - {name: Boiler Plate, type: toughness, level: 3, uses: infinite, gizmo: vulnerable}
      - {name: Steam Jets, type: movement, level: 2, uses: 5, movement: [flight], reliability: unreliable}

Read with the project's strict reader (`deathmatch.yamlfile`: size limits, no anchors or
aliases, the line of every key). Every problem names the file, the line and the field, says
what is wrong and what to do (`file:line: field: message`); a broken file is reported and
skipped, the rest load, nothing raises into a game:

    lib = load_default_heroes()        # lib.heroes (id -> Hero), lib.sources, lib.problems, lib.warnings

An id is one hero's only: a second file with it (a player's hero with a bundled id too) is
refused. A file is read only if it is really in its folder (a link out of it is refused).
Pure Python: no pygame.
"""

from __future__ import annotations

import html
import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from ...paths import bundled_dir, user_data_dir, user_dir
from ...yamlfile import (MAX_FILE_BYTES, FileLibrary, Problem, Report as _Report, data_file_paths, given_within, read_checked, read_yaml, user_folder)
from ...yamlfile import what as _what, suggest as _suggest, whole as _whole, text_problem as _text_problem
from .model import (
    ATTRIBUTE_NAMES, ATTRIBUTE_SUM, ATTRIBUTES, BUDGET, CLOSE_STYLES,
    DISTANCE_STYLES, GIZMOS, MOVEMENT_KINDS, POINTS_PER_EXTRA, POWER_TYPES, RELIABILITY, TYPE_NAMES, USES, Hero,
    Power, budget_words)

HERO_FIELDS = ("id", "name", "flavour", "str", "dex", "size", "per", "powers")
POWER_FIELDS = ("name", "type", "level", "uses", "styles", "movement", "reliability", "gizmo")
ALL_STYLES = tuple(dict.fromkeys([*DISTANCE_STYLES, *CLOSE_STYLES]))
SUFFIXES = (".yaml", ".yml")
ID = re.compile(r"[a-z][a-z0-9_]{0,39}")
"""An id: lower-case letters, digits and _, starting with a letter, at most 40 characters."""
MAX_NAME = 32
"""The longest name of a hero or a power, in characters (it must fit on the screens and the card)."""
MAX_TEXT = 140
"""The longest flavour line: one line."""
MAX_POWERS = 16
"""The most powers one hero may have (every power costs at least 1 point; a card holds a handful)."""
MAX_ATTRIBUTE = 99
"""A sanity limit on one attribute (the budget stops a hero long before: 7 points above 15 is over it)."""
INFINITE = "infinite"
USES_WORDS = "1-10, 15, 20, 25 or infinite"


class HeroFileError(ValueError):
    """A hero's data that is not a legal hero; `problems` says every reason (file:line: field: message)."""

    def __init__(self, problems: list[Problem]):
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems


def name_problem(name: Any) -> str | None:
    """Why `name` can not be a hero's or a power's name (None if it can): the designer asks too."""
    return _text_problem(name, MAX_NAME, "name")


def id_problem(value: Any) -> str | None:
    """Why `value` can not be a hero's id (None if it can)."""
    if not isinstance(value, str) or not ID.fullmatch(value):
        return (f"{_what(value)} is not an id: write lower-case letters, digits and _ (starting with a letter, "
                "at most 40), e.g. id: tin_titan")
    return None


# --- a hero's data -------------------------------------------------------------------------


def _uses_of(value: Any) -> tuple[bool, int | None]:
    """(ok, uses) for a file's `uses` value."""
    if isinstance(value, str) and value.strip().lower() == INFINITE:
        return True, None
    if _whole(value) and value in USES:
        return True, value
    return False, None


def _word_list(value: Any, allowed: tuple[str, ...], path: tuple, rep: _Report, what: str,
               example: str) -> tuple[str, ...]:
    """A list of words (styles, movement kinds) checked against `allowed`."""
    if value is None:
        return ()
    if isinstance(value, str):
        value = [value]  # one style may be written without the brackets
    if not isinstance(value, list):
        rep.add(path, f"must be a list such as {example}, not {_what(value)}")
        return ()
    out = []
    for i, word in enumerate(value):
        if not isinstance(word, str) or word not in allowed:
            rep.add(path + (i,), f"{_what(word)} is not {what}{_suggest(word, allowed)}; use one of {', '.join(allowed)}")
        else:
            out.append(word)
    return tuple(out)


_FIELD_OF_PROBLEM = (
    ("needs a name", "name"), ("type ", "type"), ("level is", "level"), ("uses is", "uses"),
    ("reliability", "reliability"), ("gizmo", "gizmo"), ("movement kind", "movement"),
    ("movement power needs", "movement"), ("only for a movement power", "movement"),
)


def _power_field(message: str) -> str:
    for start, key in _FIELD_OF_PROBLEM:
        if start in message:
            return key
    return "styles"


def _parse_power(item: Any, path: tuple, rep: _Report) -> Power | None:
    before = len(rep.problems)
    if not isinstance(item, dict):
        rep.add(path, "a power must be a mapping such as {name: Zap, type: shot, level: 2, uses: 5}, "
                      f"not {_what(item)}")
        return None
    rep.unknown_fields(item, POWER_FIELDS, path, "a power has")
    name = item.get("name")
    rep.required(item, "name", "every power needs a name, e.g. name: Rivet Gun", name_problem, path)
    kind = item.get("type")
    types = ", ".join(POWER_TYPES)
    if "type" not in item:
        rep.add(path + ("type",), f"missing: give the power's type, one of {types}")
    elif not isinstance(kind, str) or kind not in POWER_TYPES:
        rep.add(path + ("type",), f"{_what(kind)} is not a power type{_suggest(kind, POWER_TYPES)}; use one of {types}")
    level = item.get("level")
    if "level" not in item:
        rep.add(path + ("level",), "missing: give the power's level, a whole number from 1 to 8")
    elif not _whole(level) or not 1 <= level <= 8:
        rep.add(path + ("level",), f"{_what(level)} is not a level: write a whole number from 1 to 8")
    ok, uses = _uses_of(item.get("uses"))
    if "uses" not in item:
        rep.add(path + ("uses",), f"missing: give the power's uses, one of {USES_WORDS}")
    elif not ok:
        rep.add(path + ("uses",), f"{_what(item.get('uses'))} is not a number of uses: write one of {USES_WORDS}")
    styles = _word_list(item.get("styles"), ALL_STYLES, path + ("styles",), rep, "a style", "[area, piercing]")
    movement = _word_list(item.get("movement"), tuple(MOVEMENT_KINDS), path + ("movement",), rep,
                          "a movement kind", "[flight, wall_walking]")
    reliability = item.get("reliability", "reliable")
    if reliability is None:
        reliability = "reliable"
    if not isinstance(reliability, str) or reliability not in RELIABILITY:
        rep.add(path + ("reliability",), f"{_what(reliability)} is not a reliability{_suggest(reliability, RELIABILITY)}; "
                                         f"use one of {', '.join(RELIABILITY)} (leave it out for reliable)")
    gizmo = item.get("gizmo", "none")
    if gizmo is None:
        gizmo = "none"
    if not isinstance(gizmo, str) or gizmo not in GIZMOS:
        rep.add(path + ("gizmo",), f"{_what(gizmo)} is not a gizmo{_suggest(gizmo, GIZMOS)}; use one of "
                                   f"{', '.join(GIZMOS)} (leave it out for none: the hero's own power)")
    if len(rep.problems) > before:
        return None
    power = Power(name, kind, level, uses, styles, movement, reliability, gizmo)
    for why in power.problems():
        why = why.removeprefix(f"{name}: ")
        key = _power_field(why)
        rep.add(path + (key,), why)
    return None if len(rep.problems) > before else power


def parse_hero(data: Any, file: str = "<hero>", lines: Mapping[tuple, int] | None = None,
               *, legal: bool = True) -> tuple[Hero | None, list[Problem]]:
    """Check one hero's data (a hero file's, or a scenario's inline sheet): (hero, []) when it is a
    legal hero, else (None, problems). `legal=False` builds a hero whose only faults are the card's
    arithmetic (attribute sum, over budget, duplicate power names) and returns it with those problems
    (the designer opens such a hero to fix it); every other fault still gives None."""
    rep = _Report(file, lines or {})
    if not isinstance(data, dict):
        rep.add((), "a hero file must be a mapping with id, name, str, dex, size, per and powers "
                    "(see assets/heroes/ for examples)")
        return None, rep.problems
    rep.unknown_fields(data, HERO_FIELDS, known="a hero has")
    hid = data.get("id")
    rep.required(data, "id", "every hero needs an id, e.g. id: tin_titan", id_problem)
    name = data.get("name")
    rep.required(data, "name", "every hero needs a name, e.g. name: The Tin Titan", name_problem)
    flavour = data.get("flavour")
    if flavour is None:
        flavour = ""
    if flavour != "" and (why := _text_problem(flavour, MAX_TEXT, "line of flavour")) is not None:
        rep.add(("flavour",), why)
    for a in ATTRIBUTES:
        v = data.get(a)
        if a not in data:
            rep.add((a,), f"missing: give the hero's {ATTRIBUTE_NAMES[a]}, a whole number of at least 1 "
                          f"(the four attributes sum to {ATTRIBUTE_SUM})")
        elif _whole(v) and v > MAX_ATTRIBUTE:
            rep.add((a,), f"{v} is far too much {ATTRIBUTE_NAMES[a]}: each point above {ATTRIBUTE_SUM} in all costs "
                          f"{POINTS_PER_EXTRA} of the {BUDGET} power points; write at most {MAX_ATTRIBUTE}")
        elif not _whole(v) or v < 1:
            rep.add((a,), f"{_what(v)} is not an attribute: write a whole number of at least 1 "
                          f"({ATTRIBUTE_NAMES[a]}; the four sum to {ATTRIBUTE_SUM}, each point above costs "
                          f"{POINTS_PER_EXTRA} power points)")
    powers_data = data.get("powers")
    powers: list[Power] = []
    if powers_data is None:
        powers_data = []
    powers = rep.items(powers_data, "powers", "powers", MAX_POWERS, "a hero", _parse_power)
    if rep.problems:
        return None, rep.in_order()
    hero = Hero(hid, name, data["str"], data["dex"], data["size"], data["per"], tuple(powers), flavour)
    seen: set[str] = set()
    for i, p in enumerate(powers):
        if p.name in seen:
            rep.add(("powers", i, "name"), f"two powers are named {p.name!r}: give each power its own name")
        seen.add(p.name)
    total = hero.attribute_sum
    if total < ATTRIBUTE_SUM:
        rep.add(("str",), f"the attributes sum to {total} (Strength {hero.str}, Dexterity {hero.dex}, Size "
                          f"{hero.size}, Perception {hero.per}); they must sum to at least {ATTRIBUTE_SUM}: "
                          f"add {ATTRIBUTE_SUM - total}", label="str, dex, size, per")
    if hero.spent > hero.budget:
        extra = budget_words(hero.extra_points)
        costs = ", ".join(f"{p.name} {p.cost()}" for p in powers)
        rep.add(("powers",), f"costs {hero.spent} of {hero.budget} points{extra}: {hero.spent - hero.budget} over "
                             f"({costs}); lower a level or uses, or drop a power")
    if rep.problems:
        return (hero if not legal else None), rep.in_order()
    return hero, []


def hero_from_data(data: Any, file: str = "<hero>", lines: Mapping[tuple, int] | None = None) -> Hero:
    """The legal hero of this data (a scenario's inline sheet, a file's data); raises HeroFileError
    with every problem otherwise."""
    hero, problems = parse_hero(data, file, lines)
    if hero is None:
        raise HeroFileError(problems)
    return hero


def hero_problems(hero: Hero) -> list[str]:
    """Everything that keeps `hero` from being saved and loaded, as `field: message` lines (the
    designer's list): the model's rules and the file's limits (id, name lengths, at most 16 powers)."""
    _, problems = parse_hero(hero_to_data(hero), "<hero>")
    return [f"{p.field}: {p.message}" if p.field else p.message for p in problems]


def hero_to_data(hero: Hero) -> dict:
    """The hero as a hero file's data (defaults left out: no styles, reliable, no gizmo)."""
    powers = []
    for p in hero.powers:
        d: dict[str, Any] = {"name": p.name, "type": p.type, "level": p.level,
                             "uses": INFINITE if p.uses is None else p.uses}
        if p.styles:
            d["styles"] = list(p.styles)
        if p.movement:
            d["movement"] = list(p.movement)
        if p.reliability != "reliable":
            d["reliability"] = p.reliability
        if p.gizmo != "none":
            d["gizmo"] = p.gizmo
        powers.append(d)
    data: dict[str, Any] = {"id": hero.id, "name": hero.name}
    if hero.flavour:
        data["flavour"] = hero.flavour
    data.update({a: getattr(hero, a) for a in ATTRIBUTES})
    data["powers"] = powers
    return data


_PLAIN = re.compile(r"[A-Za-z][A-Za-z0-9 '.!?-]*[A-Za-z0-9'.!?]|[A-Za-z]")
_YAML_WORDS = {"true", "false", "yes", "no", "on", "off", "null", "y", "n", "infinite"}


def _quoted(s: str) -> str:
    """Text as YAML: plain when that reads back as the same text (Rivet Gun), else a double-quoted
    scalar (JSON's string syntax is a subset of YAML's)."""
    if _PLAIN.fullmatch(s) and s.lower() not in _YAML_WORDS:
        return s
    return json.dumps(s, ensure_ascii=False)


def hero_to_yaml(hero: Hero) -> str:
    """The hero as a hero file's text, one power a line; `parse_hero` reads it back equal."""
    data = hero_to_data(hero)
    out = [f"id: {hero.id}", f"name: {_quoted(hero.name)}"]
    if hero.flavour:
        out.append(f"flavour: {_quoted(hero.flavour)}")
    out += [f"{a}: {getattr(hero, a)}" for a in ATTRIBUTES]
    out.append(f"# {hero.spent} of {hero.budget} points spent, {hero.left} left")
    if not data["powers"]:
        out.append("powers: []")
        return "\n".join(out) + "\n"
    out.append("powers:")
    for d in data["powers"]:
        parts = []
        for k, v in d.items():
            if isinstance(v, list):
                parts.append(f"{k}: [{', '.join(v)}]")
            elif k == "name":
                parts.append(f"name: {_quoted(v)}")
            else:
                parts.append(f"{k}: {v}")
        out.append("  - {" + ", ".join(parts) + "}")
    return "\n".join(out) + "\n"


def hero_id(name: str, taken: Iterable[str] = ()) -> str:
    """A fresh id for a hero called `name`: lower-case ASCII letters, digits and _, never one of
    `taken` (`name_2`, `name_3`, … if it is)."""
    import unicodedata

    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    stem = re.sub(r"[^a-z0-9]+", "_", plain).strip("_")[:34].strip("_") or "hero"
    if not stem[0].isalpha():
        stem = f"h_{stem}"[:34]
    taken = set(taken)
    n, out = 1, stem
    while out in taken:
        n += 1
        out = f"{stem}_{n}"
    return out


# --- reading files ------------------------------------------------------------------------


def _read(path: Path, folder: Path | None = None) -> tuple[Any, dict, list[Problem]]:
    """A file's YAML data and lines, or the problems that kept it unread (`read_yaml`: the one gate)."""
    return read_yaml(path, "hero", MAX_FILE_BYTES, folder)


def _hero_file(path: Path, folder: Path | None) -> tuple[Hero | None, list[Problem], Mapping[tuple, int]]:
    return read_checked(path, "hero", parse_hero, folder)


def read_hero_file(path: Path | str, folder: Path | None = None) -> tuple[Hero | None, list[Problem]]:
    """One hero file read and checked: (hero, []) or (None, problems); never raises. `folder`: the
    folder it was listed in (a link leading out of it is refused)."""
    hero, problems, _ = _hero_file(Path(path), folder)
    return hero, problems


def read_hero_draft(path: Path | str, folder: Path | None = None) -> tuple[Hero | None, list[Problem]]:
    """One hero file read as the designer opens it to fix it, even one the game refuses for the
    card's arithmetic alone (over budget, attributes short of the sum, two powers of one name: a
    hand edit): (hero, problems), the hero built all the same ((hero, []) when it is legal); (None,
    problems) when the file is no hero to open (unreadable, bad YAML, a key given twice, an unknown
    field or an illegal power). `folder` as `read_hero_file`'s; never raises."""
    path = Path(path)
    data, lines, read = _read(path, folder)
    if read and not lines:
        return None, read
    hero, problems = parse_hero(data, str(path), lines, legal=False)
    told = {p.field for p in read if p.field}
    problems = read + [p for p in problems if p.field not in told]
    return (None if read else hero), problems


yaml_files = data_file_paths


@dataclass
class HeroLibrary(FileLibrary):
    """The heroes that loaded, where each came from, and every problem met on the way."""

    heroes: dict[str, Hero] = field(default_factory=dict)
    sources: dict[str, Path] = field(default_factory=dict)
    """Hero id -> the file it came from."""

    def add(self, path: Path | str) -> None:
        """A hero file, or every *.yaml / *.yml file of a folder (sorted)."""
        self.load(path, _hero_file, self._keep)

    def _keep(self, hero: Hero, path: Path, lines: Mapping[tuple, int]) -> None:
        if self.id_free(hero.id, path, lines.get(("id",)), self.sources.get(hero.id), "give one of the heroes another id"):
            self.heroes[hero.id] = hero
            self.sources[hero.id] = path


def load_heroes(paths: Iterable[Path | str]) -> HeroLibrary:
    """The heroes of these files and folders, in order (the first of an id wins)."""
    lib = HeroLibrary()
    for p in paths:
        lib.add(p)
    return lib


def bundled_heroes_dir() -> Path:
    """Superhero Gladiators' bundled heroes (assets/heroes/*.yaml)."""
    return bundled_dir("heroes")


def user_heroes_dir() -> Path:
    """Where a player's own heroes go (the hero designer saves there)."""
    return user_dir("heroes")


def default_hero_dirs() -> list[Path]:
    """The bundled heroes, then the player's heroes folder (if it exists)."""
    return [bundled_heroes_dir()] + user_folder(user_heroes_dir())


def load_default_heroes() -> HeroLibrary:
    """The bundled heroes and the player's (a player's hero with a bundled id is refused)."""
    return load_heroes(default_hero_dirs())


def check_paths(paths: Iterable[Path | str]) -> tuple[HeroLibrary, set[str]]:
    """What `deathmatch check-heroes PATH...` loads: the bundled heroes first (as the game loads a
    player's after them, refusing an id the bundled have), then the given files and folders. Returns
    the library and the ids of the bundled heroes (loaded, not checked on request); a bundled folder
    given is checked as given."""
    paths = [Path(p) for p in paths]
    folder = bundled_heroes_dir()
    lib = HeroLibrary()
    base: set[str] = set()
    if not given_within(paths, folder):
        lib.add(folder)
        base = set(lib.heroes)
        lib.files, lib.problems, lib.warnings = 0, [], []
    for p in paths:
        lib.add(p)
    return lib, base


# --- writing ------------------------------------------------------------------------------


def save_hero(hero: Hero, folder: Path | str | None = None, *, replace: bool = True) -> Path:
    """Write `hero` into `folder` (default: the player's heroes folder) as `<id>.yaml` and return its
    path; reading it back gives an equal hero.

    Refuses (HeroFileError, with the reasons) a hero that would not load back: a bad id or name, an
    illegal power, over budget. An existing `<id>.yaml` (the same hero saved again) is replaced
    unless `replace=False`, and never through a link."""
    data = hero_to_data(hero)
    _, problems = parse_hero(data, f"{hero.id}.yaml")
    if problems:
        raise HeroFileError(problems)
    from ...safefile import Refused, write_atomic, write_new, writable_folder

    folder = Path(folder) if folder is not None else user_heroes_dir()
    try:
        home = writable_folder(folder, user_data_dir())  # a folder that is a file or a link out: refused
        target = home / f"{hero.id}.yaml"  # the id is checked: no separator, no dots
        text = hero_to_yaml(hero).encode("utf-8")
        if os.path.lexists(target):
            if not replace or target.is_symlink() or not target.is_file():
                raise HeroFileError([Problem(str(target), None, "id", f"{target.name} is there already: give the "
                                                                      "hero another id (hero_id) or save over it")])
            write_atomic(target, text, folder=home, fsync=False)  # never through a link
            return target
        write_new(target, text, folder=home)
    except Refused as e:
        raise HeroFileError([Problem(e.path, None, "", e.reason)]) from None
    return target


def save_card(hero: Hero, folder: Path | str) -> Path:
    """Write the hero's printable card (`card_html`) into `folder` as `<id>.html` and return its path
    (replacing that hero's card, never through a link)."""
    if id_problem(hero.id) is not None:
        raise HeroFileError([Problem("<hero>", None, "id", id_problem(hero.id) or "")])
    from ...safefile import Refused, write_atomic, writable_folder

    try:
        home = writable_folder(Path(folder), user_data_dir())
        target = home / f"{hero.id}.html"
        if target.is_symlink() or (os.path.lexists(target) and not target.is_file()):
            raise HeroFileError([Problem(str(target), None, "", "is not a plain file: not written over")])
        write_atomic(target, card_html(hero), folder=home, fsync=False)
    except Refused as e:
        raise HeroFileError([Problem(e.path, None, "", e.reason)]) from None
    return target


# --- the printable card -------------------------------------------------------------------


def _power_words(p: Power) -> str:
    """What a power is, in a few words: "shot, level 3, 10 uses, missile"."""
    bits = [TYPE_NAMES.get(p.type, p.type), f"level {p.level}",
            "infinite uses" if p.uses is None else f"{p.uses} use{'' if p.uses == 1 else 's'}"]
    bits += [s for s in p.styles]
    bits += [k.replace("_", "-") for k in p.movement]
    if p.reliability != "reliable":
        bits.append(p.reliability)
    if p.gizmo != "none":
        bits.append(f"{p.gizmo} gizmo")
    return ", ".join(bits)


def _power_effect(p: Power) -> str:
    if p.type == "shot":
        hit = "entangles" if p.entangles() else f"damage {p.damage()}"
        return f"range {p.range()}, {hit}" + (f", reach {p.area_reach()}" if p.area_reach() else "")
    if p.type == "smash":
        hit = "entangles" if p.entangles() else f"damage {p.damage()}"
        return f"adjacent, {hit}" + (f", reach {p.area_reach()}" if p.area_reach() else "")
    if p.type == "toughness":
        return f"stops damage up to {4 * p.level}"
    if p.type == "missile_deflection":
        return f"deflects missiles of level {p.level} or less"
    if p.type == "slippery":
        return f"-{p.level} off an entangling hit or escape roll"
    if p.type == "copy_power":
        return f"copies attacks of level {p.level} or less"
    if p.type == "movement":
        extra = f"+{p.level} Movement" if "speedy" in p.movement else ""
        words = {"wall_walking": "walks on walls", "line_of_sight": "crosses hazards", "flight": "flies"}
        rest = [words[k] for k in p.movement if k in words]
        far = f"{' and '.join(rest)}, up to {p.level} a segment" if rest else ""
        return ", ".join(x for x in (extra, far) if x)
    if p.type == "healing":
        return f"regain {p.level} oomph"
    return ""


def card_html(hero: Hero) -> str:
    """A printable hero card: a whole HTML page (no outside files), attributes, traits, segments,
    powers with what each costs and does, and the points left. Every text of the hero is escaped."""
    e = html.escape
    segs = "".join(f'<td class="{"on" if k in hero.segments else "off"}">{k}</td>' for k in range(1, 7))
    attrs = "".join(f"<tr><th>{ATTRIBUTE_NAMES[a]}</th><td>{getattr(hero, a)}</td></tr>" for a in ATTRIBUTES)
    traits = (f"<tr><th>Combat</th><td>{hero.combat}</td></tr>"
              f"<tr><th>Max Oomph</th><td>{hero.max_oomph}</td></tr>"
              f"<tr><th>Speed</th><td>{hero.speed}</td></tr>"
              f"<tr><th>Movement</th><td>{hero.movement}</td></tr>")
    rows = []
    for p in hero.powers:
        factors = " × ".join(f"{label} {f:g}" for label, f in p.cost_factors() if f != 1)
        price = f"{p.base()}" + (f" × {e(factors)}" if factors else "")
        rows.append(f"<tr><td>{e(p.name)}</td><td>{e(_power_words(p))}</td><td>{e(_power_effect(p))}</td>"
                    f'<td class="n">{price} = <b>{p.cost()}</b></td></tr>')
    if not rows:
        rows.append('<tr><td colspan="4">No powers</td></tr>')
    extra = (f" ({BUDGET} − {POINTS_PER_EXTRA} × {hero.extra_points} extra attribute point"
             f"{'' if hero.extra_points == 1 else 's'})") if hero.extra_points else ""
    state = "over budget" if hero.left < 0 else "left"
    left = abs(hero.left)
    problems = hero.problems()
    warn = ("<ul class=\"bad\">" + "".join(f"<li>{e(q)}</li>" for q in problems) + "</ul>") if problems else ""
    flavour = f'<p class="flavour">{e(hero.flavour)}</p>' if hero.flavour else ""
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{e(hero.name)}: hero card</title>
<style>
body {{ font-family: sans-serif; margin: 1em; }}
.card {{ border: 3px solid #222; border-radius: 10px; padding: 0.8em 1.2em; max-width: 46em; }}
h1 {{ margin: 0 0 0.2em 0; font-size: 1.6em; }}
.flavour {{ font-style: italic; margin: 0 0 0.6em 0; }}
table {{ border-collapse: collapse; margin: 0.3em 0.8em 0.6em 0; }}
th, td {{ border: 1px solid #888; padding: 2px 6px; text-align: left; }}
.side {{ display: inline-block; vertical-align: top; }}
.segments td {{ width: 1.6em; text-align: center; }}
.on {{ background: #222; color: #fff; font-weight: bold; }}
.off {{ color: #aaa; }}
.n {{ text-align: right; white-space: nowrap; }}
.bad {{ color: #a00; }}
@media print {{ body {{ margin: 0; }} }}
</style></head>
<body><div class="card">
<h1>{e(hero.name)}</h1>
{flavour}<div class="side"><table><caption>Attributes</caption>{attrs}</table></div>
<div class="side"><table><caption>Traits</caption>{traits}</table></div>
<div class="side"><table class="segments"><caption>Segments</caption><tr>{segs}</tr></table></div>
<table class="powers"><caption>Powers</caption>
<tr><th>Power</th><th>What</th><th>Does</th><th>Cost</th></tr>
{''.join(rows)}
</table>
<p class="points">Points: {hero.spent} spent of {hero.budget}{e(extra)}; {left} {state}.</p>
{warn}</div></body></html>
"""
