"""Superhero Gladiators as data (docs/rules/SUPERS.md §2, §3): a hero's card — attributes, traits,
segments, powers — and what each power costs. No rules of play here: the game reads these numbers;
hero files (`heroes.py`) are checked against them.

    p = Power("Rivet Gun", "shot", 3, 10, styles=("missile",))
    p.cost()            # base_cost(3, 10) = 40, x0.6 missile, x2 no gizmo -> 48
    p.damage()          # 2 x 3 = 6
    h = Hero("tin_titan", "The Tin Titan", str=5, dex=3, size=5, per=2, powers=(p,))
    h.segments          # Speed 15 -> (1, 3, 5)
    h.left              # 200 - 48 = 152
    h.problems()        # [] when legal, else sentences saying why, with the numbers

All arithmetic is exact (Decimal) and rounds half up, as the printed card does: never Python's
round(), which rounds half to even.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal, localcontext

# --- the vocabulary (§2, §3) ---

POWER_TYPES = ("shot", "smash", "toughness", "missile_deflection", "slippery", "copy_power", "movement", "healing")
ATTACK_TYPES = ("shot", "smash")
"""shot = a distance attack, smash = a close attack."""
DEFENCE_TYPES = ("toughness", "missile_deflection", "slippery", "copy_power")
"""The defences of §3 (copy power is listed among them; it is offered after damage, §7)."""
ATTACK_STYLES = ("area", "superarea", "piercing", "entangling", "foiblish", "missile", "grappling")
DISTANCE_STYLES: dict[str, tuple[Decimal, Decimal | None]] = {
    "area": (Decimal("2"), Decimal("1")),
    "superarea": (Decimal("3"), Decimal("1.2")),
    "piercing": (Decimal("1.6"), Decimal("1")),
    "entangling": (Decimal("1.4"), None),
    "foiblish": (Decimal("0.7"), Decimal("1")),
    "missile": (Decimal("0.6"), Decimal("1")),
}
"""A shot's styles: style -> (cost multiplier, damage multiplier; None = no direct damage)."""
CLOSE_STYLES: dict[str, tuple[Decimal, Decimal | None]] = {
    "area": (Decimal("2"), Decimal("1")),
    "superarea": (Decimal("2.6"), Decimal("1.2")),
    "piercing": (Decimal("1.4"), Decimal("2")),
    "entangling": (Decimal("1"), None),
    "foiblish": (Decimal("0.7"), Decimal("1")),
    "grappling": (Decimal("0.8"), None),
}
"""A smash's styles: style -> (cost multiplier, damage multiplier; None = no direct damage).
Grappling goes only with entangling."""
DEFENCE_STYLES: dict[str, Decimal] = {"foiblish": Decimal("0.7")}
"""The one style a defence may have (§3: "A defence may be foiblish"), at the attacks' foiblish price."""
MOVEMENT_KINDS: dict[str, Decimal] = {
    "speedy": Decimal("1"),
    "wall_walking": Decimal("1.6"),
    "line_of_sight": Decimal("2"),
    "flight": Decimal("3"),
}
"""A movement power's kinds -> cost multiplier; the kinds in one power multiply."""
RELIABILITY: dict[str, Decimal] = {"reliable": Decimal("1"), "unreliable": Decimal("0.8"), "wild": Decimal("0.6")}
RELIABILITY_ROLL = {"reliable": None, "unreliable": 15, "wild": 10}
"""The second roll a power needs (§5): at most this on a d20, or it fails; None = no roll."""
GIZMOS: dict[str, Decimal] = {"none": Decimal("2"), "hidden": Decimal("1.4"), "vulnerable": Decimal("1")}
"""none = the power is the hero's own (invulnerable); hidden / vulnerable = it comes from a gizmo."""
USES: tuple[int | None, ...] = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 15, 20, 25, None)
"""The uses a power may have; None = infinite (`infinite` in a hero file)."""
LEVELS = range(1, 9)
SEGMENT_SPEED = {1: 1, 2: 26, 3: 6, 4: 21, 5: 11, 6: 16}
"""Segment k of a turn -> the Speed a hero needs to act on it."""
BUDGET = 200
"""The power points of a hero whose attributes sum to 15."""
ATTRIBUTE_SUM = 15
POINTS_PER_EXTRA = 30
"""Power points an attribute point above 15 in all costs."""
ATTRIBUTES = ("str", "dex", "size", "per")
ATTRIBUTE_NAMES = {"str": "Strength", "dex": "Dexterity", "size": "Size", "per": "Perception"}
TYPE_NAMES = {
    "shot": "shot", "smash": "smash", "toughness": "toughness", "missile_deflection": "missile deflection",
    "slippery": "slippery", "copy_power": "copy power", "movement": "movement", "healing": "healing",
}


def half_up(x: Decimal) -> int:
    """x rounded to a whole number, halves up (2.5 -> 3), as the printed card rounds."""
    return int(x.quantize(Decimal(1), rounding=ROUND_HALF_UP))


def _raw_base(level: int, uses: int | None) -> Decimal:
    with localcontext() as ctx:
        ctx.prec = 40
        uses_factor = Decimal(3) if uses is None else Decimal(3) - Decimal("3.15") / Decimal("1.1") ** uses
        return Decimal(10) * Decimal("1.4948") ** (level - 1) * uses_factor


def base_cost(level: int, uses: int | None) -> int:
    """The printed cost table's cell (§2): 10 x 1.4948^(level-1) x (3 - 3.15 x 1.1^-uses), half up
    (infinite uses: the last factor is 3). Raises ValueError off the table."""
    if level not in LEVELS or uses not in USES or isinstance(uses, bool) or isinstance(level, bool):
        raise ValueError(f"no cost table cell for level {level!r}, uses {uses!r}")
    return half_up(_raw_base(level, uses))


def segments_of(speed: int) -> tuple[int, ...]:
    """The segments (1-6, in order) a hero of this Speed acts on."""
    return tuple(k for k in sorted(SEGMENT_SPEED) if speed >= SEGMENT_SPEED[k])


def movement_of(speed: int) -> int:
    """Movement = Speed / the number of its segments, half up (0 for a hero with no segment)."""
    n = len(segments_of(speed))
    return half_up(Decimal(speed) / Decimal(n)) if n else 0


def budget_words(extra: int) -> str:
    """Why a budget is below 200, in words: " (200 less 60 for 2 attribute points above 15)"; "" at 0."""
    if extra <= 0:
        return ""
    return (f" ({BUDGET} less {POINTS_PER_EXTRA * extra} for {extra} attribute point{'' if extra == 1 else 's'} "
            f"above {ATTRIBUTE_SUM})")


def uses_text(uses: int | None) -> str:
    """How uses are written: a number, or "infinite"."""
    return "infinite" if uses is None else str(uses)


# --- powers (§3) ---


@dataclass(frozen=True)
class Power:
    """One power on a hero's card."""

    name: str
    """The hero's own name for it (unique on the card)."""
    type: str
    """One of POWER_TYPES."""
    level: int
    """1-8."""
    uses: int | None
    """One of USES; None = infinite."""
    styles: tuple[str, ...] = ()
    """Attack styles (a shot's or smash's), or ("foiblish",) for a defence."""
    movement: tuple[str, ...] = ()
    """Movement kinds, for a power of type "movement"."""
    reliability: str = "reliable"
    """reliable | unreliable | wild."""
    gizmo: str = "none"
    """none (the hero's own, invulnerable) | hidden | vulnerable."""

    # -- the price --

    def base(self) -> int:
        """The cost table's cell for this level and uses (a level or uses off the table is priced as
        the nearest cell; problems() says what is wrong)."""
        level = self.level if isinstance(self.level, int) else 1
        level = min(max(level, 1), 8)
        uses = self.uses
        if uses is not None and (not isinstance(uses, int) or uses < 1):
            uses = 1
        if uses is not None and uses not in USES:
            return half_up(_raw_base(level, uses))
        return base_cost(level, uses)

    def _styles_table(self) -> dict[str, tuple[Decimal, Decimal | None]] | None:
        if self.type == "shot":
            return DISTANCE_STYLES
        if self.type == "smash":
            return CLOSE_STYLES
        return None

    def _factors(self) -> list[tuple[str, Decimal]]:
        out: list[tuple[str, Decimal]] = []
        table = self._styles_table()
        for style in self.styles:
            if table is not None and style in table:
                out.append((f"{self.type}, {style}", table[style][0]))
            elif self.type in DEFENCE_TYPES and style in DEFENCE_STYLES:
                out.append((f"{TYPE_NAMES[self.type]}, {style}", DEFENCE_STYLES[style]))
        if self.type == "movement":
            for kind in self.movement:
                if kind in MOVEMENT_KINDS:
                    out.append((kind, MOVEMENT_KINDS[kind]))
        if self.reliability in RELIABILITY:
            out.append((self.reliability, RELIABILITY[self.reliability]))
        if self.gizmo in GIZMOS:
            out.append(("no gizmo" if self.gizmo == "none" else f"{self.gizmo} gizmo", GIZMOS[self.gizmo]))
        return out

    def multiplier(self) -> Decimal:
        """The product of every cost multiplier (styles or movement kinds, reliability, gizmo), exact."""
        m = Decimal(1)
        for _, f in self._factors():
            m *= f
        return m

    def cost(self) -> int:
        """Power points: base x the product of the multipliers, half up, at least 1 (§2)."""
        return max(1, half_up(Decimal(self.base()) * self.multiplier()))

    def cost_factors(self) -> list[tuple[str, float]]:
        """Every multiplier in the price, named for a screen: [("shot, area", 2.0), ("unreliable", 0.8),
        ("no gizmo", 2.0)]. Multipliers of 1 are listed too (reliable, a vulnerable gizmo, speedy)."""
        return [(label, float(f)) for label, f in self._factors()]

    # -- what it does --

    def is_attack(self) -> bool:
        return self.type in ATTACK_TYPES

    def entangles(self) -> bool:
        """An entangling attack: no direct damage, it entangles (§6)."""
        return self.is_attack() and "entangling" in self.styles

    def damage(self) -> int:
        """Full damage: base (2 x level for a shot, 3 x level for a smash) x the styles' damage
        multipliers, half up; 0 for a power that does no direct damage."""
        table = self._styles_table()
        if table is None or self.entangles():
            return 0
        d = Decimal(2 if self.type == "shot" else 3) * Decimal(self.level)
        for style in self.styles:
            mult = table.get(style, (Decimal(1), Decimal(1)))[1]
            if mult is None:
                return 0
            d *= mult
        return half_up(d)

    def range(self) -> int:
        """How far it reaches: 3 x level for a shot, 1 for a smash, 0 otherwise."""
        if self.type == "shot":
            return 3 * self.level
        return 1 if self.type == "smash" else 0

    def area_reach(self) -> int:
        """Cells around the centre an area attack also hits: 1 (area), 2 (superarea), 0."""
        if not self.is_attack():
            return 0
        return 2 if "superarea" in self.styles else 1 if "area" in self.styles else 0

    # -- legality --

    def problems(self) -> list[str]:
        """Why this power is not legal (empty if it is), in plain words."""
        label = self.name or "a power with no name"
        out: list[str] = []
        if not isinstance(self.name, str) or not self.name.strip():
            out.append("a power needs a name")
        if self.type not in POWER_TYPES:
            out.append(f"{label}: type {self.type!r} is not one of {', '.join(POWER_TYPES)}")
        if isinstance(self.level, bool) or not isinstance(self.level, int) or self.level not in LEVELS:
            out.append(f"{label}: level is {self.level!r}; it must be a whole number from 1 to 8")
        if isinstance(self.uses, bool) or self.uses not in USES:
            out.append(f"{label}: uses is {self.uses!r}; it must be one of 1-10, 15, 20, 25 or infinite")
        if self.reliability not in RELIABILITY:
            out.append(f"{label}: reliability {self.reliability!r} is not one of {', '.join(RELIABILITY)}")
        if self.gizmo not in GIZMOS:
            out.append(f"{label}: gizmo {self.gizmo!r} is not one of {', '.join(GIZMOS)}")
        out += self._style_problems(label)
        out += self._movement_problems(label)
        return out

    def _style_problems(self, label: str) -> list[str]:
        out: list[str] = []
        seen: set[str] = set()
        for style in self.styles:
            if style in seen:
                out.append(f"{label}: style {style} is listed twice")
                continue
            seen.add(style)
            if style not in ATTACK_STYLES:
                out.append(f"{label}: style {style!r} is not one of {', '.join(ATTACK_STYLES)}")
            elif self.type == "shot" and style not in DISTANCE_STYLES:
                out.append(f"{label}: a shot (distance attack) can not be {style}; {style} is for close attacks (smash)")
            elif self.type == "smash" and style not in CLOSE_STYLES:
                out.append(f"{label}: a smash (close attack) can not be {style}; {style} is for distance attacks (shot)")
            elif self.type in DEFENCE_TYPES and style not in DEFENCE_STYLES:
                out.append(f"{label}: a defence ({TYPE_NAMES[self.type]}) can only be foiblish, not {style}")
            elif self.type == "movement":
                out.append(f"{label}: a movement power has no styles ({style}); list its kinds under movement")
            elif self.type == "healing":
                out.append(f"{label}: healing has no styles ({style})")
        if self.type == "smash" and "grappling" in seen and "entangling" not in seen:
            out.append(f"{label}: grappling goes only with entangling; add entangling or take grappling off")
        if {"area", "superarea"} <= seen:
            out.append(f"{label}: area and superarea together; superarea already covers area, keep one")
        return out

    def _movement_problems(self, label: str) -> list[str]:
        out: list[str] = []
        if self.type != "movement":
            if self.movement:
                out.append(f"{label}: movement kinds ({', '.join(map(str, self.movement))}) are only for a movement power")
            return out
        if not self.movement:
            out.append(f"{label}: a movement power needs at least one kind: {', '.join(MOVEMENT_KINDS)}")
        seen: set[str] = set()
        for kind in self.movement:
            if kind in seen:
                out.append(f"{label}: movement kind {kind} is listed twice")
            elif kind not in MOVEMENT_KINDS:
                out.append(f"{label}: movement kind {kind!r} is not one of {', '.join(MOVEMENT_KINDS)}")
            seen.add(kind)
        return out


# --- heroes (§2) ---


@dataclass(frozen=True)
class Hero:
    """A hero's card: four attributes and the powers bought with the budget."""

    id: str
    """A short file-safe id (letters, digits, _), unique among heroes."""
    name: str
    """The name shown."""
    str: int
    """Strength, at least 1."""
    dex: int
    """Dexterity, at least 1."""
    size: int
    """Size, at least 1."""
    per: int
    """Perception, at least 1."""
    powers: tuple[Power, ...] = ()
    """The powers, in the card's order."""
    flavour: str = ""
    """One line of our own words about the hero."""

    # -- traits --

    @property
    def combat(self) -> int:
        """Combat = 2 x Dexterity + Strength."""
        return 2 * self.dex + self.str

    @property
    def max_oomph(self) -> int:
        """Max Oomph = 3 x Strength x Size (a hero starts full)."""
        return 3 * self.str * self.size

    @property
    def speed(self) -> int:
        """Speed = Dexterity x Size."""
        return self.dex * self.size

    @property
    def segments(self) -> tuple[int, ...]:
        """The segments of a turn this hero acts on."""
        return segments_of(self.speed)

    @property
    def movement(self) -> int:
        """Movement = Speed / the number of segments, half up."""
        return movement_of(self.speed)

    @property
    def attribute_sum(self) -> int:
        return self.str + self.dex + self.size + self.per

    @property
    def extra_points(self) -> int:
        """Attribute points above 15 in all (each costs 30 power points)."""
        return max(0, self.attribute_sum - ATTRIBUTE_SUM)

    @property
    def budget(self) -> int:
        """Power points to spend: 200 - 30 per extra attribute point (may go below 0)."""
        return BUDGET - POINTS_PER_EXTRA * self.extra_points

    @property
    def spent(self) -> int:
        """The powers' costs added up."""
        return sum(p.cost() for p in self.powers)

    @property
    def left(self) -> int:
        """Budget - spent (below 0 = over budget)."""
        return self.budget - self.spent

    # -- the card --

    def power(self, name: str) -> Power:
        """The power of this name (KeyError if none)."""
        for p in self.powers:
            if p.name == name:
                return p
        raise KeyError(f"{self.name} has no power named {name!r}")

    def attributes(self) -> dict[str, int]:
        return {a: getattr(self, a) for a in ATTRIBUTES}

    def problems(self) -> list[str]:
        """Every illegal thing on the card, in plain words with the numbers (empty = legal)."""
        out: list[str] = []
        who = self.name or self.id or "this hero"
        if not isinstance(self.id, str) or not self.id.strip():
            out.append(f"{who}: needs an id")
        if not isinstance(self.name, str) or not self.name.strip():
            out.append(f"{self.id or 'this hero'}: needs a name")
        bad_attribute = False
        for a in ATTRIBUTES:
            v = getattr(self, a)
            if isinstance(v, bool) or not isinstance(v, int):
                out.append(f"{who}: {ATTRIBUTE_NAMES[a]} is {v!r}; it must be a whole number, at least 1")
                bad_attribute = True
            elif v < 1:
                out.append(f"{who}: {ATTRIBUTE_NAMES[a]} is {v}; every attribute must be at least 1")
        if bad_attribute:
            return out + [q for p in self.powers for q in p.problems()]
        total = self.attribute_sum
        if total < ATTRIBUTE_SUM:
            out.append(f"{who}: the attributes sum to {total}; they must sum to at least {ATTRIBUTE_SUM} "
                       f"(add {ATTRIBUTE_SUM - total})")
        names: set[str] = set()
        for p in self.powers:
            if p.name in names:
                out.append(f"{who}: two powers are named {p.name!r}; each power needs its own name")
            names.add(p.name)
            out += [f"{who}: {q}" for q in p.problems()]
        spent, budget = self.spent, self.budget
        if spent > budget:
            out.append(f"{who}: costs {spent} of {budget} points{budget_words(self.extra_points)}: "
                       f"{spent - budget} over")
        return out
