"""Character cards: the data, the schema check, and the card library.

A card file is YAML (loaded with `safe_load` only). Every problem is reported
with its file, line and field, and a broken card is skipped, never raised into
a game. See docs/CARDS.md for the format.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable, Mapping

from ...abilities.celebrity.base import TIMINGS, all_kinds
from ...paths import bundled_dir, user_dir
from ...yamlfile import FileLibrary, Problem, Report as _Report, given_within, read_checked
from ...yamlfile import suggest as _suggest, text_problem, user_folder
from .actions import UseAbility

TEXT_LIMITS = {"name": 60, "title": 80, "era": 80, "flavour": 300, "ability name": 60, "ability text": 600}
"""The most characters each text of a card may hold (the longest bundled ones: 36, 40, 45,
105, 26 and 262). Every text is also one line of plain printable characters with something
visible in it: yamlfile.text_problem, the rule armies, gladiators and heroes use."""
CARD_FIELDS = {"id", "name", "title", "era", "flavour", "colour", "sprite", "abilities"}
ABILITY_FIELDS = {"name", "timing", "effect", "text", "hint"}
SPRITE_FIELDS = {"hat", "weapon", "body", "skin", "hair"}
ID_PATTERN = re.compile(r"^[a-z0-9_]+$")
COLOUR_PATTERN = re.compile(r"^#[0-9a-fA-F]{6}$")


@dataclass(frozen=True, eq=False)
class Ability:
    """One ability on a card."""

    name: str
    """Its name on the card (unique on the card)."""
    timing: str
    """When it may be played (one of TIMINGS)."""
    kind: str
    """The effect kind."""
    params: Mapping[str, int]
    """The effect's parameters, defaults filled in."""
    text: str
    """Rules text (the card's own, or made from the effect)."""
    effect: Any = None
    """The effect kind's implementation (from the registry, by `kind`)."""
    hint: Mapping[str, float] = field(default_factory=dict)
    """Advice for computer players, e.g. {value: 2.5}: how much playing it is worth (about VP)."""

    def __deepcopy__(self, memo):
        return self

    def use(self, model, target=None, path=(), to=None, facing=None) -> UseAbility:
        """This ability played by `model`, with `target`, `path`, `to` or `facing` as its kind
        needs: how an effect kind names a use without importing the rules."""
        return UseAbility(model.id, self.name, target, path, to, facing)


@dataclass(frozen=True, eq=False)
class Card:
    """A character card."""

    id: str
    name: str
    abilities: tuple[Ability, ...]
    title: str = ""
    era: str = ""
    flavour: str = ""
    colour: str = ""
    """Accent colour hint "#rrggbb" (may be empty)."""
    sprite: Mapping[str, str] = field(default_factory=dict)
    """Sprite hints for the client (hat, weapon, body, skin, hair)."""
    source: str = ""
    """The file it came from ("" for inline cards)."""
    data: Mapping[str, Any] = field(default_factory=dict)
    """The card as written (for game records)."""

    def ability(self, name: str) -> Ability | None:
        for a in self.abilities:
            if a.name == name:
                return a
        return None

    def __deepcopy__(self, memo):
        return self

    def __repr__(self) -> str:
        return f"Card(id={self.id!r}, name={self.name!r})"


# --- the schema check --------------------------------------------------------


def _what(value: Any) -> str:
    """A wrong value in a message: what the author wrote, in YAML's words."""
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a yes/no)"
    if isinstance(value, (list, tuple, set)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (int, float)):
        return f"a number ({value!r})"
    return f"{value!r}"[:40]


def parse_card(
    data: Any,
    file: str = "<card>",
    lines: Mapping[tuple, int] | None = None,
    base: tuple = (),
    exact_three: bool = True,
) -> tuple[Card | None, list[Problem]]:
    """Check one card's data against the schema.

    Returns (card, []) when it is valid, (None, problems) when not. `base` is
    the key path of the card inside its file (for inline cards in scenarios).
    """
    rep = _Report(file, lines or {}, base)
    if not isinstance(data, dict):
        rep.add((), "a card must be a mapping with id, name and abilities")
        return None, rep.problems
    for key in data:
        if key not in CARD_FIELDS:
            rep.add((key,), f"unknown field{_suggest(key, CARD_FIELDS)}; known fields: {', '.join(sorted(CARD_FIELDS))}")
    card_id = data.get("id")
    if card_id is None:
        rep.add(("id",), "missing: every card needs an id (lowercase letters, digits, _)")
    elif not isinstance(card_id, str) or not ID_PATTERN.match(card_id):
        rep.add(("id",), f"{card_id!r} is not a valid id: use lowercase letters, digits and _ only")
    for key in ("name",):
        if key not in data:
            rep.add((key,), "missing: every card needs a name")
    for key in ("name", "title", "era", "flavour"):
        if key in data and not isinstance(data[key], str):
            rep.add((key,), "must be text (put it in quotes)")
        elif key in data and (key == "name" or data[key].strip()) and (
                why := text_problem(data[key], TEXT_LIMITS[key], key)) is not None:
            rep.add((key,), why)
    colour = data.get("colour")
    if colour is not None and (not isinstance(colour, str) or not COLOUR_PATTERN.match(colour)):
        rep.add(("colour",), f"{colour!r} is not a colour: write \"#rrggbb\" in quotes")
    sprite = data.get("sprite", {})
    if sprite is None:
        sprite = {}
    if not isinstance(sprite, dict):
        rep.add(("sprite",), "must be a mapping of hints (hat, weapon, body, skin, hair)")
        sprite = {}
    for key, value in sprite.items():
        if key not in SPRITE_FIELDS:
            rep.add(("sprite", key), f"unknown sprite hint{_suggest(key, SPRITE_FIELDS)}; known: {', '.join(sorted(SPRITE_FIELDS))}")
        elif not isinstance(value, str):
            rep.add(("sprite", key), "must be text")
        elif key in ("body", "skin", "hair") and not COLOUR_PATTERN.match(value):
            rep.add(("sprite", key), f"{value!r} is not a colour: write \"#rrggbb\" in quotes")

    abilities_data = data.get("abilities")
    abilities: list[Ability] = []
    if abilities_data is None:
        rep.add(("abilities",), "missing: a card needs its abilities (three of them)")
    elif not isinstance(abilities_data, list):
        rep.add(("abilities",), "must be a list of abilities (each starting with '- name: ...')")
    else:
        if exact_three and len(abilities_data) != 3:
            rep.add(("abilities",), f"a card has exactly three abilities, this one has {len(abilities_data)}")
        elif not exact_three and not 1 <= len(abilities_data) <= 3:
            rep.add(("abilities",), f"give one to three abilities, not {len(abilities_data)}")
        seen: set[str] = set()
        for i, ab in enumerate(abilities_data):
            parsed = _parse_ability(ab, ("abilities", i), rep)
            if parsed is None:
                continue
            if parsed.name in seen:
                rep.add(("abilities", i, "name"), f"two abilities are called {parsed.name!r}: names must differ on a card")
            seen.add(parsed.name)
            abilities.append(parsed)
    if rep.problems:
        return None, rep.problems
    card = Card(
        id=card_id,
        name=data["name"],
        abilities=tuple(abilities),
        title=data.get("title", "") or "",
        era=data.get("era", "") or "",
        flavour=data.get("flavour", "") or "",
        colour=data.get("colour", "") or "",
        sprite=dict(sprite),
        source=file,
        data=data,
    )
    return card, []


def _parse_ability(ab: Any, path: tuple, rep: _Report) -> Ability | None:
    before = len(rep.problems)
    if not isinstance(ab, dict):
        rep.add(path, "an ability must be a mapping with name, timing and effect")
        return None
    for key in ab:
        if key not in ABILITY_FIELDS:
            rep.add(path + (key,), f"unknown field{_suggest(key, ABILITY_FIELDS)}; known: {', '.join(sorted(ABILITY_FIELDS))}")
    name = ab.get("name")
    if not isinstance(name, str) or not name.strip():
        rep.add(path + ("name",), "missing: every ability needs a name")
    elif (why := text_problem(name, TEXT_LIMITS["ability name"], "ability's name")) is not None:
        rep.add(path + ("name",), why)
    timing = ab.get("timing")
    if timing is None:
        rep.add(path + ("timing",), f"missing: give one of {', '.join(TIMINGS)}")
    elif timing not in TIMINGS:
        rep.add(path + ("timing",), f"unknown timing {_what(timing)}{_suggest(timing, TIMINGS)}; use one of {', '.join(TIMINGS)}")
    text = ab.get("text")
    if text is not None and not isinstance(text, str):
        rep.add(path + ("text",), "must be text (put it in quotes)")
    elif text and text.strip() and (why := text_problem(text, TEXT_LIMITS["ability text"], "ability's text")) is not None:
        rep.add(path + ("text",), why)
    hint = ab.get("hint")
    hint = {} if hint is None else hint
    if not isinstance(hint, dict) or any(k != "value" for k in hint) or not all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and -5 <= v <= 10 for v in hint.values()):
        rep.add(path + ("hint",), "must be {value: N}: how much the ability is worth to a computer player, -5 to 10")
        hint = {}
    effect = ab.get("effect")
    kinds = all_kinds()
    params: dict[str, int] = {}
    kind = None
    if effect is None:
        rep.add(path + ("effect",), "missing: give an effect such as {kind: heal, lives: 1}")
    elif not isinstance(effect, dict):
        rep.add(path + ("effect",), "must be a mapping such as {kind: heal, lives: 1}")
    elif "kind" not in effect:
        rep.add(path + ("effect", "kind"), f"missing: name the effect kind, one of {', '.join(sorted(kinds))}")
    elif not isinstance(effect["kind"], str):
        rep.add(
            path + ("effect", "kind"),
            f"must be one word, not {_what(effect['kind'])}: one of {', '.join(sorted(kinds))}",
        )
    elif effect["kind"] not in kinds:
        rep.add(
            path + ("effect", "kind"),
            f"unknown kind {effect['kind']!r}{_suggest(effect['kind'], kinds)}; known kinds: {', '.join(sorted(kinds))}",
        )
    else:
        kind = kinds[effect["kind"]]
        for key, value in effect.items():
            if key == "kind":
                continue
            if key not in kind.params:
                known = ", ".join(kind.params) or "none"
                rep.add(path + ("effect", key), f"{kind.name} has no parameter {key!r}{_suggest(key, kind.params)}; its parameters: {known}")
                continue
            spec = kind.params[key]
            if not isinstance(value, int) or isinstance(value, bool):
                rep.add(path + ("effect", key), f"must be a whole number from {spec.low} to {spec.high}")
            elif not spec.low <= value <= spec.high:
                rep.add(path + ("effect", key), f"{value} is out of range: {kind.name}.{key} goes from {spec.low} to {spec.high}")
            else:
                params[key] = value
        for key, spec in kind.params.items():
            if key not in effect:
                if spec.required:
                    rep.add(path + ("effect",), f"missing parameter {key!r} for {kind.name} ({spec.doc}, {spec.low}–{spec.high})")
                else:
                    params[key] = spec.default
        if timing in TIMINGS and timing not in kind.timings:
            rep.add(
                path + ("timing",),
                f"{kind.name} can not be played at {timing}; allowed: {', '.join(t for t in TIMINGS if t in kind.timings)}",
            )
    if len(rep.problems) > before:
        return None
    return Ability(
        name=name,
        timing=timing,
        kind=kind.name,
        params=params,
        text=text if text else kind.describe(params),
        effect=kind,
        hint={k: float(v) for k, v in hint.items()},
    )


# --- the JSON Schema for editors ---------------------------------------------

SCHEMA_FILE = "card.schema.json"
"""The schema's file name, beside the bundled cards (and copied into the player's cards folder: the manifest's
`ContentKind.schema`)."""

_TEXT_FIELDS = {
    "name": "The name shown in the game, e.g. \"Napoleon Bonaparte\" (quote text).",
    "title": "The epithet under the name.",
    "era": "Years and place, e.g. \"1769–1821 · France\".",
    "flavour": "One short, funny line; no effect on play.",
}


def json_schema() -> dict:
    """A JSON Schema (draft-07) of a card file, made from the tables `parse_card` checks
    against (fields, id and colour patterns, timings, every effect kind's parameters and
    timings), for editors' completion and checking as you type. `tools/card_schema.py`
    writes it to assets/cards/card.schema.json; a test keeps the file in step. The checker
    stays the judge: the schema can not see a duplicate id or ability name."""
    kinds = all_kinds()
    colour = {"type": "string", "pattern": COLOUR_PATTERN.pattern, "description": 'A colour, "#rrggbb" in quotes.'}
    card_props: dict[str, Any] = {
        "id": {"type": "string", "pattern": ID_PATTERN.pattern,
               "description": "Lowercase letters, digits and _; the file name without .yaml; unique among all cards."},
        **{k: {"type": "string", "maxLength": TEXT_LIMITS[k], **({"pattern": "\\S"} if k == "name" else {}),
               "description": d} for k, d in _TEXT_FIELDS.items()},
        "colour": {"type": ["string", "null"], "pattern": COLOUR_PATTERN.pattern,
                   "description": 'The model\'s accent colour, "#rrggbb" in quotes.'},
        "sprite": {
            "type": ["object", "null"],
            "description": "Hints for drawing the model.",
            "properties": {k: (dict(colour) if k in ("body", "skin", "hair") else {"type": "string"})
                           for k in sorted(SPRITE_FIELDS)},
            "additionalProperties": False,
        },
        "abilities": {"type": "array", "minItems": 3, "maxItems": 3, "items": {"$ref": "#/definitions/ability"},
                      "description": "Exactly three abilities."},
    }
    effects = []
    timing_rules = []
    for name in sorted(kinds):
        kind = kinds[name]
        props: dict[str, Any] = {"kind": {"const": name, "description": kind.summary}}
        for key, spec in kind.params.items():
            prop = {"type": "integer", "minimum": spec.low, "maximum": spec.high, "description": spec.doc}
            if not spec.required:
                prop["default"] = spec.default
            props[key] = prop
        effects.append({
            "title": name,
            "type": "object",
            "properties": props,
            "required": ["kind"] + [k for k, spec in kind.params.items() if spec.required],
            "additionalProperties": False,
        })
        timing_rules.append({
            "if": {"properties": {"effect": {"properties": {"kind": {"const": name}}, "required": ["kind"]}},
                   "required": ["effect"]},
            "then": {"properties": {"timing": {"enum": [t for t in TIMINGS if t in kind.timings]}}},
        })
    ability = {
        "type": "object",
        "properties": {
            "name": {"type": "string", "pattern": "\\S", "maxLength": TEXT_LIMITS["ability name"],
                     "description": "Its name, different from the card's other two."},
            "timing": {"enum": list(TIMINGS), "description": "When it may be played (docs/CARDS.md section 4)."},
            "effect": {"type": "object", "required": ["kind"], "oneOf": effects,
                       "description": "What it does: {kind: ..., and that kind's parameters}."},
            "text": {"type": ["string", "null"], "maxLength": TEXT_LIMITS["ability text"],
                     "description": "The rules text the player reads."},
            "hint": {"type": ["object", "null"],
                     "properties": {"value": {"type": "number", "minimum": -5, "maximum": 10}},
                     "additionalProperties": False,
                     "description": "Advice for computer players: {value: N}, about how many VP it is worth."},
        },
        "required": ["name", "timing", "effect"],
        "additionalProperties": False,
        "allOf": timing_rules,
    }
    return {
        "$schema": "http://json-schema.org/draft-07/schema#",
        "title": "Deathmatch character card",
        "description": "One character card (docs/CARDS.md). Check cards with: deathmatch check-cards PATH",
        "type": "object",
        "properties": card_props,
        "required": ["id", "name", "abilities"],
        "additionalProperties": False,
        "definitions": {"ability": ability},
    }


def json_schema_text() -> str:
    """The schema as the committed file holds it."""
    import json

    return json.dumps(json_schema(), indent=2, ensure_ascii=False) + "\n"


# --- the library -------------------------------------------------------------


@dataclass
class CardLibrary(FileLibrary):
    """All the cards that loaded, and every problem met on the way."""

    cards: dict[str, Card] = field(default_factory=dict)

    def __getitem__(self, card_id: str) -> Card:
        return self.cards[card_id]

    def __contains__(self, card_id: str) -> bool:
        return card_id in self.cards

    def __len__(self) -> int:
        return len(self.cards)

    def add_file(self, path: Path, folder: Path | None = None) -> None:
        """Load one card file; problems are recorded, the card skipped if broken. `folder`: the
        folder it was listed in (a link out of it is refused; `read_yaml` is the one gate)."""
        self.files += 1
        card, problems, lines = _card_file(path, folder)
        self.problems.extend(problems)
        if card is not None:
            self._keep(card, path, lines)

    def add_path(self, path: Path) -> None:
        """A card file, or every *.yaml / *.yml file in a folder (sorted)."""
        self.load(path, _card_file, self._keep)

    def _keep(self, card: Card, path: Path, lines: Mapping[tuple, int]) -> None:
        holder = self.cards[card.id].source if card.id in self.cards else None
        if self.id_free(card.id, path, lines.get(("id",)), holder, "rename one", "the card"):
            self.cards[card.id] = card


def _card_file(path: Path, folder: Path | None) -> tuple[Card | None, list[Problem], Mapping[tuple, int]]:
    return read_checked(path, "card", parse_card, folder,
                        size_hint="(one card per file, a few KB): split it or remove it")


def load_cards(paths: Iterable[Path]) -> CardLibrary:
    """A library of the cards in these files and folders."""
    lib = CardLibrary()
    for p in paths:
        lib.add_path(Path(p))
    return lib


def check_card_paths(paths: Iterable[Path]) -> tuple[CardLibrary, set[str]]:
    """What `deathmatch check-cards PATH...` loads: the bundled cards first (as the game
    loads a player's cards after them, skipping an id the bundled set already has), then
    the given files and folders. Returns the library and the ids the bundled set gave
    (the cards not checked on request); none when a path given is the bundled folder."""
    paths = [Path(p) for p in paths]
    bundled = bundled_cards_dir().resolve()
    lib = CardLibrary()
    if not given_within(paths, bundled):
        lib.add_path(bundled)
    base = set(lib.cards)
    lib.files = 0
    for p in paths:
        lib.add_path(p)
    return lib, base


def bundled_cards_dir() -> Path:
    """The bundled character cards (assets/cards/*.yaml)."""
    return bundled_dir("cards")


def user_cards_dir() -> Path:
    """Where a player's own card files go."""
    return user_dir("cards")


def default_card_paths() -> list[Path]:
    """The bundled cards, then the user's own cards folder (if it exists)."""
    return [bundled_cards_dir()] + user_folder(user_cards_dir())


def load_default_cards() -> CardLibrary:
    """The bundled cards and the user's cards."""
    return load_cards(default_card_paths())
