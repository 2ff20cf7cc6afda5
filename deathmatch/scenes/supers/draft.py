"""The hero on the designer's bench: a hero card being edited, before it is a model `Hero`.

The model's `Hero` and `Power` are frozen values (rulesets/supers/model.py); the designer changes
one field at a time, so it keeps a `HeroDraft` (mutable, with a `PowerDraft` a power) and makes
the model's `Hero` from it for every cost, trait and problem it shows. The rules of points and
legality stay the model's: this only knows which choices a power of each type offers, so that
the screen offers no choice the rules forbid outright (a shot's styles for a shot, kinds for a
movement power), and how to name a new hero's id and a copy's.

No pygame here: tests/supers/test_supers_designer.py uses it bare.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...rulesets.supers.heroes import MAX_NAME, MAX_POWERS, MAX_TEXT, hero_id, id_problem, name_problem
from ...rulesets.supers.model import (
    CLOSE_STYLES, DEFENCE_TYPES, DISTANCE_STYLES, GIZMOS, MOVEMENT_KINDS, POWER_TYPES, RELIABILITY, USES, Hero, Power)

__all__ = ["MAX_ATTRIBUTE", "MAX_NAME", "MAX_POWERS", "MAX_TEXT", "HeroDraft", "PowerDraft", "copy_id", "id_problem",
           "name_problem", "styles_for"]

MAX_ATTRIBUTE = 20
"""The highest an attribute's + goes on the screen (a hero at 21 in one would have 5 above 15 in all,
150 points of its 200 gone; the model's problems say what is over budget below that)."""


def styles_for(kind: str) -> tuple[str, ...]:
    """The styles a power of type `kind` may have (§3): a shot's, a smash's, foiblish for a defence, none else."""
    if kind == "shot":
        return tuple(DISTANCE_STYLES)
    if kind == "smash":
        return tuple(CLOSE_STYLES)
    if kind in DEFENCE_TYPES:
        return ("foiblish",)
    return ()


def copy_id(old: str, taken: set[str]) -> str:
    """A new id for a copy of the hero `old`: "tin_titan_2", "tin_titan_3", … the first not `taken`."""
    return hero_id(old or "hero", taken | {old})


@dataclass
class PowerDraft:
    """A power as the designer edits it (a model `Power` once taken)."""

    name: str
    type: str = "shot"
    level: int = 1
    uses: int | None = 5
    styles: list[str] = field(default_factory=list)
    movement: list[str] = field(default_factory=list)
    reliability: str = "reliable"
    gizmo: str = "none"

    def power(self) -> Power:
        return Power(self.name.strip(), self.type, self.level, self.uses, tuple(self.styles), tuple(self.movement),
                     self.reliability, self.gizmo)

    @classmethod
    def of(cls, p: Power) -> PowerDraft:
        return cls(p.name, p.type, p.level, p.uses, list(p.styles), list(p.movement), p.reliability, p.gizmo)

    def copy(self) -> PowerDraft:
        return PowerDraft(self.name, self.type, self.level, self.uses, list(self.styles), list(self.movement),
                          self.reliability, self.gizmo)

    # --- one step of a field (the screen's − / + and clicks) ---
    def set_type(self, kind: str) -> None:
        """Another type: styles it can not have are dropped; a movement power starts speedy."""
        self.type = kind
        offered = styles_for(kind)
        self.styles = [s for s in self.styles if s in offered]
        if kind != "movement":
            self.movement = []
        elif not self.movement:
            self.movement = ["speedy"]

    def step_type(self, d: int) -> None:
        self.set_type(POWER_TYPES[(POWER_TYPES.index(self.type) + d) % len(POWER_TYPES)])

    def step_level(self, d: int) -> bool:
        """One level up or down (1–8); False at an end."""
        if not 1 <= self.level + d <= 8:
            return False
        self.level += d
        return True

    def step_uses(self, d: int) -> bool:
        """The next number of uses on the table (1–10, 15, 20, 25, infinite); False at an end."""
        k = USES.index(self.uses) + d
        if not 0 <= k < len(USES):
            return False
        self.uses = USES[k]
        return True

    def toggle_style(self, style: str) -> None:
        if style in self.styles:
            self.styles.remove(style)
        else:
            self.styles.append(style)
            order = styles_for(self.type)
            self.styles.sort(key=lambda s: order.index(s) if s in order else len(order))

    def toggle_kind(self, kind: str) -> None:
        if kind in self.movement:
            self.movement.remove(kind)
        else:
            self.movement.append(kind)
            self.movement.sort(key=lambda k: list(MOVEMENT_KINDS).index(k))

    def step_reliability(self, d: int) -> None:
        options = list(RELIABILITY)
        self.reliability = options[(options.index(self.reliability) + d) % len(options)]

    def step_gizmo(self, d: int) -> None:
        options = list(GIZMOS)
        self.gizmo = options[(options.index(self.gizmo) + d) % len(options)]


@dataclass
class HeroDraft:
    """A hero as the designer edits it (a model `Hero` once taken)."""

    name: str = "New Hero"
    id: str = "new_hero"
    flavour: str = ""
    str: int = 4
    dex: int = 4
    size: int = 4
    per: int = 3
    powers: list[PowerDraft] = field(default_factory=list)
    id_typed: bool = False
    """True once the id was typed or came from a file: then a new name no longer renames it."""

    def hero(self) -> Hero:
        return Hero(self.id.strip(), self.name.strip(), self.str, self.dex, self.size, self.per,
                    tuple(p.power() for p in self.powers), self.flavour.strip())

    @classmethod
    def of(cls, hero: Hero) -> HeroDraft:
        return cls(hero.name, hero.id, hero.flavour, hero.str, hero.dex, hero.size, hero.per,
                   [PowerDraft.of(p) for p in hero.powers], id_typed=True)

    def set_name(self, name: str) -> None:
        """A new name; the id follows it until the id is typed."""
        self.name = name
        if not self.id_typed:
            self.id = hero_id(name)

    def new_power_name(self, kind: str) -> str:
        """"Shot", "Shot 2", … the first name no power has."""
        base = kind.replace("_", " ").capitalize()
        taken = {p.name for p in self.powers}
        if base not in taken:
            return base
        n = 2
        while f"{base} {n}" in taken:
            n += 1
        return f"{base} {n}"

    def add_power(self, kind: str) -> PowerDraft | None:
        """A new power of type `kind` at level 1, 5 uses; None if the hero has MAX_POWERS already."""
        if len(self.powers) >= MAX_POWERS:
            return None
        p = PowerDraft(self.new_power_name(kind), level=1, uses=5)
        p.set_type(kind)
        self.powers.append(p)
        return p
