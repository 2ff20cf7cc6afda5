"""A Chessboard Skirmish army as data (docs/rules/SKIRMISH.md §2–§3): its miniatures, their
costs in points and why a list is not legal at a points level. No rules of play here.

    mini = Miniature("Centurion", die=10, weapon="melee", armour=1, hero=True)
    mini.cost()            # 10 + 2 + 3 = 15
    army = Army("Legion", (mini, ...), points=30)
    army.problems(30)      # [] when legal at 30 points, else sentences saying why
"""

from __future__ import annotations

from dataclasses import dataclass, field

DICE = (4, 6, 8, 10, 12, 20)
"""The dice a miniature may be, by sides (d4 … d20)."""
WEAPONS = ("melee", "bow", "gun")
POINT_LEVELS = (20, 30, 40, 50)
"""The points each army may get (§3); both armies the same."""
DEFAULT_SIZE = 5
"""Without points, an army defaults to this many miniatures (§3)."""

WEAPON_COST = {"melee": 0, "bow": 3, "gun": 4}
ARMOUR_COST = 2
HERO_COST = 3


def move_of(die: int) -> int:
    """Move in squares: N/2 (d4 2, d6 3, d8 4, d10 5, d12 6, d20 10)."""
    return die // 2


@dataclass(frozen=True)
class Miniature:
    """One miniature of an army list: its die (sides), weapon, armour points and hero mark."""

    name: str
    die: int
    weapon: str = "melee"
    armour: int = 0
    hero: bool = False

    def cost(self) -> int:
        """Its points (§3): the die's value, bow 3 / gun 4, armour 2 a point, hero 3."""
        return self.die + WEAPON_COST[self.weapon] + ARMOUR_COST * self.armour + (HERO_COST if self.hero else 0)

    def problems(self) -> list[str]:
        """Why this miniature is not a legal one (empty if it is)."""
        out = []
        if self.die not in DICE:
            out.append(f"{self.name}: d{self.die} is not a die of the game (d4, d6, d8, d10, d12 or d20)")
        if self.weapon not in WEAPONS:
            out.append(f"{self.name}: weapon {self.weapon!r} is not melee, bow or gun")
        if self.armour < 0:
            out.append(f"{self.name}: armour can not be negative")
        return out


@dataclass(frozen=True)
class Army:
    """An army list: a name, its miniatures in order, the points level it was built for
    (None: a free list, points off) and a line of flavour."""

    name: str
    miniatures: tuple[Miniature, ...]
    points: int | None = None
    blurb: str = ""
    source: str = field(default="", compare=False)
    """Where it was read from (a file path), for messages; empty for one built in code."""

    def cost(self) -> int:
        return sum(m.cost() for m in self.miniatures)

    def problems(self, points: int | None) -> list[str]:
        """Why the list is not legal at `points` (None: points off, any list of legal
        miniatures), in sentences a player can act on; empty if it is legal."""
        out = [p for m in self.miniatures for p in m.problems()]
        if not self.miniatures:
            out.append("the army has no miniatures: add at least one")
        if points is not None:
            spent = self.cost()
            if spent > points:
                out.append(f"the army costs {spent} points, {spent - points} over the {points} allowed: "
                           "drop a miniature, a weapon, armour or a hero")
        return out
