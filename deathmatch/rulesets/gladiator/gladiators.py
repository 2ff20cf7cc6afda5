"""Gladiator! files: gladiators and experience cards as YAML (docs/GLADIATORS.md), read and
checked, the bundled and the player's; a gladiator written back (a career saves its recruits).

A gladiator file (one gladiator a file; `assets/gladiators/`, the player's `gladiators/`):

    id: crixus
    name: Crixus the Gaul
    type: myrmillo            # one of model.TYPES; armour/shield/weapon/net may override the type's kit
    flavour: He fights as if the sand owed him money.
    cards: [dodge]            # experience card ids (optional)

An experience card file (one card a file; `assets/experience/`, the player's `experience/`):

    id: dodge
    name: Dodge
    text: A half-step, and the blade finds only air.
    effect: {kind: dodge}     # kind one of model.CARD_KINDS; `amount` when the kind takes one

Both are read with the project's strict reader (`deathmatch.yamlfile`: size limits, no
anchors or aliases, the line of every key). Every problem names the file, the line and the
field, says what is wrong and what to do (`file:line: field: message`); a broken file is
reported and skipped, the rest load, nothing raises into a game:

    lib = load_default_library()          # lib.gladiators, lib.cards, lib.problems, lib.warnings

Cards load before gladiators: a gladiator naming a card that did not load is refused. An id
is one gladiator's (or card's) only: a second file with it is refused. A file is read only
if it is really in its folder (a link to a file elsewhere is refused). Pure Python: no pygame.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from ...paths import bundled_dir, user_data_dir, user_dir
from ...yamlfile import (FileLibrary, Problem, Report as _Report, data_file_paths, given_within, read_checked, user_folder)
from ...yamlfile import what as _what, suggest as _suggest, whole as _whole, text_problem as _text_problem
from .model import ARMOURS, CARD_KINDS, PRONOUNS, SHIELDS, TYPES, WEAPONS, Card, Gladiator

GLADIATOR_FIELDS = ("id", "name", "type", "armour", "shield", "weapon", "net", "cards", "flavour", "bonus_ap", "pronoun")
CARD_FIELDS = ("id", "name", "text", "effect")
EFFECT_FIELDS = ("kind", "amount")
SUFFIXES = (".yaml", ".yml")
ID = re.compile(r"[a-z][a-z0-9_]{0,39}")
"""An id: lower-case letters, digits and _, starting with a letter, at most 40 characters."""
MAX_NAME = 32
"""The longest name of a gladiator or a card, in characters (it must fit on the screens)."""
MAX_TEXT = 140
"""The longest flavour line or card text: one line."""
MAX_CARDS = 12
"""The most experience cards one gladiator may hold (there are 12 kinds; a career hands out a few)."""
EXPERIENCE = "experience"
"""A folder of this name holds experience cards (the bundled and the player's); any other, gladiators."""


def _id_problem(value: Any, example: str) -> str | None:
    if not isinstance(value, str) or not ID.fullmatch(value):
        return (f"{_what(value)} is not an id: write lower-case letters, digits and _ (starting with a letter, "
                f"at most 40), e.g. id: {example}")
    return None


def _checked_fields(data: dict, allowed: tuple, path: tuple, rep: _Report, what: str, hint: str = "") -> None:
    rep.unknown_fields(data, allowed, path, f"{what} has", hint)


def _text_field(data: dict, key: str, rep: _Report, longest: int, what: str, required: str | None) -> None:
    if key not in data or data[key] is None or data[key] == "":
        if required:
            rep.add((key,), f"missing: {required}")
        return
    if (why := _text_problem(data[key], longest, what)) is not None:
        rep.add((key,), why)


# --- experience cards ---------------------------------------------------------------------


def parse_card(data: Any, file: str = "<card>", lines: Mapping[tuple, int] | None = None
               ) -> tuple[Card | None, list[Problem]]:
    """Check one experience card file's data: (card, []) when it is a legal card, else (None, problems)."""
    rep = _Report(file, lines or {})
    if not isinstance(data, dict):
        rep.add((), "an experience card file must be a mapping with id, name, text and effect "
                    "(see assets/experience/ for examples)")
        return None, rep.problems
    _checked_fields(data, CARD_FIELDS, (), rep, "an experience card",
                    " (a gladiator? put it in a gladiators folder)" if "type" in data else "")
    if "id" not in data:
        rep.add(("id",), "missing: every card needs an id, e.g. id: dodge")
    elif (why := _id_problem(data["id"], "dodge")) is not None:
        rep.add(("id",), why)
    _text_field(data, "name", rep, MAX_NAME, "card's name", "every card needs a name, e.g. name: Dodge")
    _text_field(data, "text", rep, MAX_TEXT, "card's line of flavour", None)
    effect = data.get("effect")
    kind, amount = None, 0
    kinds = ", ".join(CARD_KINDS)
    if "effect" not in data:
        rep.add(("effect",), f"missing: give the card's effect, e.g. effect: {{kind: fury, amount: 1}} (kinds: {kinds})")
    elif not isinstance(effect, dict):
        rep.add(("effect",), f"must be a mapping such as {{kind: guard, amount: 1}}, not {_what(effect)}")
    else:
        _checked_fields(effect, EFFECT_FIELDS, ("effect",), rep, "an effect", "")
        kind = effect.get("kind")
        if "kind" not in effect:
            rep.add(("effect", "kind"), f"missing: name the effect's kind, one of {kinds}")
        elif not isinstance(kind, str):
            rep.add(("effect", "kind"), f"{_what(kind)} is not an effect kind: use one of {kinds}")
        amount = effect.get("amount", 0)
        if amount is None:
            amount = 0
        if not _whole(amount):
            rep.add(("effect", "amount"), f"{_what(amount)} is not an amount: write a whole number")
    if rep.problems:
        return None, rep.in_order()
    card = Card(data["id"], data["name"], kind, amount, data.get("text") or "", source=file)
    for why in card.problems():
        _, _, why = why.partition(": ")
        k = CARD_KINDS.get(kind)
        if k is None:
            rep.add(("effect", "kind"), f"{_what(kind)} is not an effect kind{_suggest(kind, CARD_KINDS)}; "
                                        f"use one of {kinds}")
        elif k.takes_amount:
            rep.add(("effect", "amount"), f"{why}: write " +
                    (f"an amount from {k.low} to {k.high}" if k.high > k.low else f"amount: {k.low}") +
                    ("" if "amount" in effect else f", e.g. effect: {{kind: {kind}, amount: {k.low}}}"))
        else:
            rep.add(("effect", "amount"), f"{why}: delete the amount")
    if rep.problems:
        return None, rep.problems
    return card, []


# --- gladiators ---------------------------------------------------------------------------


def parse_gladiator(data: Any, file: str = "<gladiator>", lines: Mapping[tuple, int] | None = None,
                    cards: Mapping[str, Card] | None = None) -> tuple[Gladiator | None, list[Problem]]:
    """Check one gladiator file's data: (gladiator, []) when he is a legal gladiator, else (None,
    problems). `cards`: the experience cards that loaded (a card he names must be one); None: not checked."""
    rep = _Report(file, lines or {})
    if not isinstance(data, dict):
        rep.add((), "a gladiator file must be a mapping with id, name, type and flavour "
                    "(see assets/gladiators/ for examples)")
        return None, rep.problems
    _checked_fields(data, GLADIATOR_FIELDS, (), rep, "a gladiator",
                    " (an experience card? put it in an experience folder)" if "effect" in data else "")
    gid = data.get("id")
    if "id" not in data:
        rep.add(("id",), "missing: every gladiator needs an id, e.g. id: crixus")
    elif (why := _id_problem(gid, "crixus")) is not None:
        rep.add(("id",), why)
    elif gid in TYPES:
        rep.add(("id",), f"{gid!r} is a type's id (a scenario's `gladiator: {gid}` means the plain type): "
                         f"give him an id of his own, e.g. id: {gid}_1")
    _text_field(data, "name", rep, MAX_NAME, "gladiator's name", "every gladiator needs a name, e.g. name: Crixus")
    _text_field(data, "flavour", rep, MAX_TEXT, "line of flavour", None)
    types = ", ".join(TYPES)
    kind = data.get("type")
    if "type" not in data:
        rep.add(("type",), f"missing: give his type, one of {types}")
    elif not isinstance(kind, str) or kind not in TYPES:
        rep.add(("type",), f"{_what(kind)} is not a type{_suggest(kind, TYPES)}; use one of {types}")
    for key, allowed in (("armour", ARMOURS), ("shield", SHIELDS), ("weapon", WEAPONS)):
        value = data.get(key)
        if value is not None and (not isinstance(value, str) or value not in allowed):
            rep.add((key,), f"{_what(value)} is not a {key}{_suggest(value, allowed)}; use one of "
                            f"{', '.join(allowed)}, or leave it out for his type's")
    net = data.get("net")
    if net is not None and not isinstance(net, bool):
        rep.add(("net",), f"{_what(net)} is not a yes/no: write net: true or net: false, or leave it out for his type's")
    bonus = data.get("bonus_ap", 0)
    if bonus is None:
        bonus = 0
    if not _whole(bonus) or bonus not in (0, 1):
        rep.add(("bonus_ap",), f"{_what(bonus)} is not a bonus: write 0, or 1 for a recruit's +1 AP on every AP roll")
    pronoun = data.get("pronoun")
    if pronoun is not None and (not isinstance(pronoun, str) or pronoun not in PRONOUNS):
        rep.add(("pronoun",), f"{_what(pronoun)} is not a pronoun{_suggest(pronoun, PRONOUNS)}; use one of "
                              f"{', '.join(PRONOUNS)}, or leave it out (he; it for a lion)")
    held = data.get("cards")
    card_ids: list[str] = []
    if held is not None:
        if not isinstance(held, list):
            rep.add(("cards",), f"must be a list of experience card ids such as [dodge, fury_1], not {_what(held)}")
        elif len(held) > MAX_CARDS:
            rep.add(("cards",), f"{len(held)} cards; a gladiator holds at most {MAX_CARDS}: drop some")
        else:
            for i, cid in enumerate(held):
                if not isinstance(cid, str) or not ID.fullmatch(cid):
                    rep.add(("cards", i), f"{_what(cid)} is not a card id: write the id of an experience card, "
                                          "e.g. dodge")
                elif cards is not None and cid not in cards:
                    known = ", ".join(sorted(cards)) or "none loaded"
                    rep.add(("cards", i), f"no experience card has the id {cid!r}{_suggest(cid, cards)}; "
                                          f"the cards are: {known}")
                else:
                    card_ids.append(cid)
    if rep.problems:
        return None, rep.in_order()
    g = Gladiator(gid, data["name"], kind, data.get("armour"), data.get("shield"), data.get("weapon"), net,
                  tuple(card_ids), data.get("flavour") or "", bonus, source=file, pronoun=pronoun)
    for why in g.problems():  # the model's word is the last (the fields above are checked already)
        _, _, why = why.partition(": ")
        key = next((k for k in GLADIATOR_FIELDS if why.startswith(k)), "")
        rep.add((key,) if key else (), why)
    if rep.problems:
        return None, rep.problems
    return g, []


# --- reading files ------------------------------------------------------------------------


def _card_file(path: Path, folder: Path | None) -> tuple[Card | None, list[Problem], Mapping[tuple, int]]:
    return read_checked(path, "experience card", parse_card, folder)


def _gladiator_file(path: Path, cards: Mapping[str, Card] | None, folder: Path | None
                    ) -> tuple[Gladiator | None, list[Problem], Mapping[tuple, int]]:
    return read_checked(path, "gladiator", lambda data, file, lines: parse_gladiator(data, file, lines, cards), folder)


def read_card_file(path: Path | str, folder: Path | None = None) -> tuple[Card | None, list[Problem]]:
    """One experience card file read and checked: (card, []) or (None, problems); never raises.
    `folder`: the folder it was listed in (a link leading out of it is refused)."""
    card, problems, _ = _card_file(Path(path), folder)
    return card, problems


def read_gladiator_file(path: Path | str, cards: Mapping[str, Card] | None = None, folder: Path | None = None
                        ) -> tuple[Gladiator | None, list[Problem]]:
    """One gladiator file read and checked against `cards` (None: his card ids are not looked up):
    (gladiator, []) or (None, problems); never raises. `folder` as for `read_card_file`."""
    g, problems, _ = _gladiator_file(Path(path), cards, folder)
    return g, problems


yaml_files = data_file_paths


@dataclass
class Library(FileLibrary):
    """The experience cards and gladiators that loaded, and every problem met on the way."""

    cards: dict[str, Card] = field(default_factory=dict)
    gladiators: dict[str, Gladiator] = field(default_factory=dict)

    def add_cards(self, path: Path | str) -> None:
        """An experience card file, or every *.yaml / *.yml file of a folder (sorted)."""
        self.load(path, _card_file, lambda card, f, lines: self._keep(card, f, lines, self.cards, "of the cards"))

    def add_gladiators(self, path: Path | str) -> None:
        """A gladiator file, or every *.yaml / *.yml file of a folder (sorted), checked against the cards
        loaded so far."""
        self.load(path, lambda f, folder: _gladiator_file(f, self.cards, folder),
                  lambda g, f, lines: self._keep(g, f, lines, self.gladiators, "of the gladiators"))

    def _keep(self, thing, path: Path, lines: Mapping[tuple, int], have: dict, what: str) -> None:
        holder = have[thing.id].source if thing.id in have else None
        if self.id_free(thing.id, path, lines.get(("id",)), holder, f"rename one {what}"):
            have[thing.id] = thing


def load_library(card_paths: Iterable[Path | str], gladiator_paths: Iterable[Path | str]) -> Library:
    """The cards of these files and folders, then the gladiators (checked against those cards)."""
    lib = Library()
    for p in card_paths:
        lib.add_cards(p)
    for p in gladiator_paths:
        lib.add_gladiators(p)
    return lib


def bundled_gladiators_dir() -> Path:
    """Gladiator!'s bundled gladiators (assets/gladiators/*.yaml)."""
    return bundled_dir("gladiators")


def bundled_experience_dir() -> Path:
    """Gladiator!'s bundled experience cards (assets/experience/*.yaml)."""
    return bundled_dir("experience")


def user_gladiators_dir() -> Path:
    """Where a player's own gladiators go (a career saves its recruits there)."""
    return user_dir("gladiators")


def user_experience_dir() -> Path:
    """Where a player's own experience cards go."""
    return user_dir("experience")


def default_card_dirs() -> list[Path]:
    """The bundled experience cards, then the player's experience folder (if it exists)."""
    return [bundled_experience_dir()] + user_folder(user_experience_dir())


def default_gladiator_dirs() -> list[Path]:
    """The bundled gladiators, then the player's gladiators folder (if it exists)."""
    return [bundled_gladiators_dir()] + user_folder(user_gladiators_dir())


def load_default_library() -> Library:
    """The bundled cards and gladiators and the player's (a player's file with a bundled id is refused)."""
    return load_library(default_card_dirs(), default_gladiator_dirs())


def is_experience_path(path: Path | str) -> bool:
    """Whether `check-gladiators` reads `path` as experience cards: a folder called `experience`, or a
    file in one; anything else holds gladiators."""
    path = Path(path)
    folder = path if path.is_dir() else path.parent
    return folder.name.lower() == EXPERIENCE


def check_paths(paths: Iterable[Path | str]) -> tuple[Library, set[str], set[str]]:
    """What `deathmatch check-gladiators PATH...` loads: the bundled cards and gladiators first (as
    the game loads a player's after them, refusing an id the bundled have), then the given files and
    folders, cards (`is_experience_path`) before gladiators. Returns the library and the ids of the
    bundled cards and gladiators (loaded, not checked on request); a bundled folder given is checked
    as given."""
    paths = [Path(p) for p in paths]

    lib = Library()

    def bundled(add, folder: Path, have: dict) -> set[str]:  # loaded, not checked: their problems are the tests'
        if given_within(paths, folder):
            return set()
        files, problems, warnings, before = lib.files, len(lib.problems), len(lib.warnings), set(have)
        add(folder)
        lib.files = files
        del lib.problems[problems:], lib.warnings[warnings:]
        return set(have) - before

    base_cards = bundled(lib.add_cards, bundled_experience_dir(), lib.cards)
    for p in paths:
        if is_experience_path(p):
            lib.add_cards(p)
    base_gladiators = bundled(lib.add_gladiators, bundled_gladiators_dir(), lib.gladiators)
    for p in paths:
        if not is_experience_path(p):
            lib.add_gladiators(p)
    return lib, base_cards, base_gladiators


# --- writing ------------------------------------------------------------------------------


def _quoted(s: str) -> str:
    """A YAML double-quoted scalar (JSON's string syntax is a subset of it)."""
    return json.dumps(s, ensure_ascii=False)


def dump_gladiator(g: Gladiator) -> str:
    """The gladiator as a gladiator file's text; `parse_gladiator` reads it back equal."""
    out = [f"id: {g.id}", f"name: {_quoted(g.name)}", f"type: {g.type}"]
    for key in ("armour", "shield", "weapon"):
        if getattr(g, key) is not None:
            out.append(f"{key}: {getattr(g, key)}")
    if g.net is not None:
        out.append(f"net: {'true' if g.net else 'false'}")
    if g.cards:
        out.append(f"cards: [{', '.join(g.cards)}]")
    if g.bonus_ap:
        out.append(f"bonus_ap: {g.bonus_ap}")
    if g.pronoun is not None:
        out.append(f"pronoun: {g.pronoun}")
    out.append(f"flavour: {_quoted(g.flavour)}")
    return "\n".join(out) + "\n"


def gladiator_id(name: str, taken: Iterable[str] = ()) -> str:
    """A fresh id for a gladiator called `name` (for a recruit): lower-case ASCII letters, digits and _,
    never a type's id nor one of `taken` (`name_2`, `name_3`, … if it is)."""
    import unicodedata

    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode("ascii").lower()
    stem = re.sub(r"[^a-z0-9]+", "_", plain).strip("_")[:34].strip("_") or "gladiator"
    if not stem[0].isalpha():
        stem = f"g_{stem}"[:34]
    taken = set(taken) | set(TYPES)
    n, out = 1, stem
    while out in taken:
        n += 1
        out = f"{stem}_{n}"
    return out


def save_user_gladiator(g: Gladiator, *, cards: Mapping[str, Card] | None = None, replace: bool = False,
                        folder: Path | str | None = None) -> Path:
    """Write `g` into the player's gladiators folder (or `folder`) as `<id>.yaml` and return its path.

    Refuses (ValueError, with the reasons) a gladiator that would not load back: a bad id or name,
    a problem of the model's, a card id not in `cards` (when given). The file of another gladiator
    is never overwritten: an existing `<id>.yaml` is replaced only with `replace=True` (the same man
    saved again), and never through a link."""
    data = {"id": g.id, "name": g.name, "type": g.type, "flavour": g.flavour, "cards": list(g.cards),
            "bonus_ap": g.bonus_ap}
    for key in ("armour", "shield", "weapon", "net", "pronoun"):
        if getattr(g, key) is not None:
            data[key] = getattr(g, key)
    _, problems = parse_gladiator(data, "<recruit>", {}, cards)
    if problems:
        raise ValueError("not saved: " + "; ".join(f"{p.field}: {p.message}" if p.field else p.message
                                                   for p in problems))
    from ...safefile import write_atomic, write_new, writable_folder

    folder = Path(folder) if folder is not None else user_gladiators_dir()
    home = writable_folder(folder, user_data_dir())  # Refused (a ValueError) for a folder that is a file or a link out
    target = home / f"{g.id}.yaml"  # the id is checked: no separator, no dots
    text = dump_gladiator(g).encode("utf-8")
    if os.path.lexists(target) or (home / f"{g.id}.yml").exists():
        if not replace or target.is_symlink() or not target.is_file():
            raise ValueError(f"not saved: {target.name} is there already (another gladiator with the id {g.id!r}); "
                             "give him another id (gladiator_id)")
        write_atomic(target, text, folder=home, fsync=False)  # never through a link
        return target
    write_new(target, text, folder=home)
    return target
