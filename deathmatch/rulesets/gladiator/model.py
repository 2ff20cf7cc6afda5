"""Gladiator! as data (docs/rules/GLADIATOR.md §2, §3, §10): the types, a gladiator's kit, the
modifier tables, experience cards and their effect kinds. No rules of play here: the game
(`game.py`) reads these tables; the gladiator and card files (`gladiators.py`) are checked
against them.

    g = Gladiator("crixus", "Crixus", "thracian")        # the type's kit
    g.kit()                                              # Kit(armour='armoured', shield='medium', ...)
    g.problems()                                         # [] when legal, else sentences saying why
    ap_modifier(g.kit(), "attack")                       # -1 + 0 + 1 = 0  (armour, shield, posture)
"""

from __future__ import annotations

from dataclasses import dataclass, field

# --- the kit (§2) ---

ARMOURS = ("armoured", "unarmoured")
SHIELDS = ("large", "medium", "none")
WEAPONS = ("sword", "sica", "dagger", "trident", "two_swords", "claws")
POSTURES = ("attack", "balanced", "defend")
LOCATIONS = ("leg", "torso", "arm", "head")
"""Where a wound lands (§6): leg (AP roll), torso (attack dice), arm (defence dice), head (initiative)."""
LOCATION_OF_DIE = {1: "leg", 2: "torso", 3: "torso", 4: "arm", 5: "arm", 6: "head"}
SIDES = ("face", "weapon", "shield", "back")
DOWN_AT = 7
"""Total damage exactly 7: down, alive, the crowd decides (§9)."""
DEAD_AT = 8
"""Total damage 8 or more: dead (§9)."""
THUMBS_UP_ON = 6
"""The crowd's roll (d6 + damage inflicted + 5-and-5 bonuses) that spares a man down."""


@dataclass(frozen=True)
class Kit:
    """What a man fights with (§2): armour, shield, weapon, net; `beast` for the lion."""

    armour: str
    shield: str
    weapon: str
    net: bool = False
    beast: bool = False


TYPES: dict[str, Kit] = {
    "thracian": Kit("armoured", "medium", "sica"),
    "secutor": Kit("armoured", "large", "sword"),
    "myrmillo": Kit("armoured", "medium", "sword"),
    "hoplomachus": Kit("unarmoured", "large", "sword"),
    "retiarius": Kit("unarmoured", "none", "trident", net=True),
    "dimachaerus": Kit("unarmoured", "none", "two_swords"),
    "laquearius": Kit("unarmoured", "none", "dagger", net=True),
    "lion": Kit("unarmoured", "none", "claws", beast=True),
}
"""The bundled types (§2's table), by type id (SCENARIOS: `type` one of these)."""

TYPE_NAMES = {
    "thracian": "Thracian", "secutor": "Secutor", "myrmillo": "Myrmillo", "hoplomachus": "Hoplomachus",
    "retiarius": "Retiarius", "dimachaerus": "Dimachaerus", "laquearius": "Laquearius", "lion": "Lion",
}

# --- the modifiers (§3): (attack, defence, AP) ---

ARMOUR_MOD = {"armoured": (0, 1, -1), "unarmoured": (0, -1, 1)}
SHIELD_MOD = {"large": (-1, 1, -1), "medium": (-1, 0, 0), "none": (0, -1, 1)}
POSTURE_MOD = {"attack": (1, -1, 1), "balanced": (0, 0, 0), "defend": (-1, 1, 0)}
FRENZY_ATTACK = 1
"""A frenzied attack's +1 attack (it costs 2 AP instead of 1)."""

ORIENTATION: dict[tuple[str, str], tuple[int, int] | None] = {
    ("face", "face"): (0, 0), ("face", "weapon"): (1, 0), ("face", "shield"): (0, 1), ("face", "back"): (2, 0),
    ("weapon", "face"): (1, -1), ("weapon", "weapon"): (0, 0), ("weapon", "shield"): (-1, 1),
    ("weapon", "back"): (2, None),
    ("shield", "face"): (-1, 1), ("shield", "weapon"): (-1, 1), ("shield", "shield"): (-1, 1),
    ("shield", "back"): (0, 0),
}
"""(my side toward him, his side toward me) -> (my attack, my defence) modifiers; the table of §3.
A defence of None is the table's "—" (his Back toward my Weapon side: he can not hit me); my Back
toward him is not in the table: I roll no attack die and my orientation defence is 0."""


def modifiers(kit: Kit, posture: str) -> tuple[int, int, int]:
    """The (attack, defence, AP) modifiers of armour, shield and posture together (§3)."""
    parts = (ARMOUR_MOD[kit.armour], SHIELD_MOD[kit.shield], POSTURE_MOD[posture])
    return tuple(sum(p[i] for p in parts) for i in range(3))  # type: ignore[return-value]


def ap_modifier(kit: Kit, posture: str) -> int:
    """The AP roll's modifier from armour, shield and posture (leg wounds are the game's)."""
    return modifiers(kit, posture)[2]


# --- gladiators (§2) ---

@dataclass(frozen=True)
class Gladiator:
    """A gladiator as a file names him: his type gives the kit unless he says otherwise."""

    id: str
    name: str
    type: str
    armour: str | None = None
    shield: str | None = None
    weapon: str | None = None
    net: bool | None = None
    cards: tuple[str, ...] = ()
    """Experience card ids he holds (each used once in a bout, then gone)."""
    flavour: str = ""
    """One line of who he is (our own words)."""
    bonus_ap: int = 0
    """A recruit's +1 AP (§10), added to every AP roll."""
    source: str = field(default="", compare=False)
    """The file he came from ("" for built ones)."""
    pronoun: str | None = None
    """How the screens and the log speak of this fighter: one of PRONOUNS; None: "it" for a beast
    type (the lion), "he" for the others. Words only: no rule reads it."""

    def kit(self) -> Kit:
        """His kit: the type's, with what he names himself instead."""
        base = TYPES.get(self.type, TYPES["myrmillo"])
        return Kit(self.armour or base.armour, self.shield or base.shield, self.weapon or base.weapon,
                   base.net if self.net is None else self.net, base.beast)

    def problems(self) -> list[str]:
        """Why this gladiator is not a legal one (empty if he is)."""
        out = []
        if self.type not in TYPES:
            out.append(f"{self.name}: type {self.type!r} is not one of {', '.join(TYPES)}")
        for what, value, allowed in (("armour", self.armour, ARMOURS), ("shield", self.shield, SHIELDS),
                                     ("weapon", self.weapon, WEAPONS)):
            if value is not None and value not in allowed:
                out.append(f"{self.name}: {what} {value!r} is not one of {', '.join(allowed)}")
        if self.bonus_ap not in (0, 1):
            out.append(f"{self.name}: bonus_ap is 0 or 1 (a recruit's +1 AP)")
        if self.pronoun is not None and self.pronoun not in PRONOUNS:
            out.append(f"{self.name}: pronoun {self.pronoun!r} is not one of {', '.join(PRONOUNS)}")
        return out

    def words(self) -> "Pronouns":
        """The words for this fighter: his, her, their or its (see `pronoun`)."""
        if self.pronoun in PRONOUNS:
            return PRONOUNS[self.pronoun]
        return PRONOUNS["it" if TYPES.get(self.type, TYPES["myrmillo"]).beast else "he"]


@dataclass(frozen=True)
class Pronouns:
    """A fighter's words: subject (he), object (him), possessive (his); `s` is a verb's ending after
    the subject ("he falls", "they fall")."""

    subject: str
    object: str
    possessive: str
    s: str = "s"


PRONOUNS: dict[str, Pronouns] = {
    "he": Pronouns("he", "him", "his"),
    "she": Pronouns("she", "her", "her"),
    "they": Pronouns("they", "them", "their", ""),
    "it": Pronouns("it", "it", "its"),
}
"""A gladiator file's `pronoun` choices and their words."""


# --- experience cards (§10) and their effect kinds ---

CARD_TIMINGS = {
    "order": "in his own half, as an order costing 0 AP",
    "exchange": "when an exchange he is in is declared, before its dice (the attacker first)",
    "rolled": "right after one of his own dice is rolled (like calling on the gods)",
    "wounded": "when a wound is about to land on him (after its location die)",
    "special": "when a special roll of his own would make him fall or drop something",
    "thumbs": "before his thumbs roll, when he is down",
}
"""When a card's effect may be played (the game offers it at that moment; each card once, then gone)."""


@dataclass(frozen=True)
class CardKind:
    """An experience card's effect kind: when it is played, its parameter (an amount in
    [low, high], or none), what it does."""

    name: str
    timing: str
    summary: str
    low: int = 0
    high: int = 0
    """The `amount` parameter's range (0, 0: the kind takes no amount)."""

    @property
    def takes_amount(self) -> bool:
        return self.high > 0


CARD_KINDS: dict[str, CardKind] = {k.name: k for k in (
    CardKind("dodge", "wounded", "A wound that would land on him is negated: no damage, no location."),
    CardKind("gods_favour", "rolled", "Re-roll that die (a call on the gods beyond the one each game turn); "
                                      "the new result stands."),
    CardKind("second_wind", "order", "He gains `amount` AP in this half.", 1, 3),
    CardKind("bind_wounds", "order", "Remove `amount` wound points from a location he picks (and as many "
                                     "from his total damage); allowed in contact.", 1, 2),
    CardKind("slip_free", "order", "A netted man is loose at once (the net gone)."),
    CardKind("free_turn", "order", "Face any direction, for no AP (in contact too)."),
    CardKind("fury", "exchange", "+`amount` to his attack in this exchange.", 1, 2),
    CardKind("guard", "exchange", "+`amount` to his defence in this exchange.", 1, 2),
    CardKind("feint", "exchange", "His opponent's defence is −`amount` in this exchange.", 1, 2),
    CardKind("brutal", "exchange", "The damage he deals in this exchange is +`amount` (if he wounds at all).", 1, 1),
    CardKind("sure_footed", "special", "His own fall (1 and 1) or drop (2 and 2, or 1 against 6) does not happen."),
    CardKind("crowd_favourite", "thumbs", "+`amount` on his thumbs roll.", 1, 3),
)}
"""Every effect kind a card may name (`effect: {kind: fury, amount: 2}`)."""

CARD_EFFECT_WORDS = {
    "dodge": "The blow misses after all: no wound, no damage.",
    "gods_favour": "Roll one of your own dice again, besides the gods' once a turn; the new roll stands.",
    "second_wind": "+{n} AP this half.",
    "bind_wounds": "Heal {n} wound {points} on a place you pick ({n} less damage), even in contact.",
    "slip_free": "Out of the net at once.",
    "free_turn": "Turn to face any way for free, even in contact.",
    "fury": "+{n} attack in one exchange.",
    "guard": "+{n} defence in one exchange.",
    "feint": "The foe's defence is \u2212{n} in one exchange.",
    "brutal": "+{n} damage in one exchange, if the blow wounds.",
    "sure_footed": "No fall and no dropped kit on a bad special roll (1 and 1, 2 and 2, 1 against 6).",
    "crowd_favourite": "+{n} on the crowd's thumbs roll.",
}
"""What each effect kind does, in players' words: `{n}` is the card's amount (`card_words` fills it)."""

CARD_WHEN_WORDS = {
    "order": "play it in your half (0 AP)",
    "exchange": "play it when an exchange is declared",
    "rolled": "play it right after your die is rolled",
    "wounded": "play it when a wound is about to land",
    "special": "play it on a fall or drop roll",
    "thumbs": "play it when down, before the thumbs",
}
"""When a card is played, in players' words (the game offers it at that moment)."""


def card_effect_words(kind: str, amount: int = 0) -> str:
    """What a card of effect kind `kind` and amount `amount` does, in players' words (every number filled)."""
    words = CARD_EFFECT_WORDS.get(kind)
    if words is None:
        return kind.replace("_", " ")
    return words.format(n=amount, points="point" if amount == 1 else "points")


def card_when_words(kind: str) -> str:
    """When a card of effect kind `kind` is played, in players' words ("" for an unknown kind)."""
    k = CARD_KINDS.get(kind)
    return CARD_WHEN_WORDS.get(k.timing, "") if k is not None else ""


def card_words(kind: str, amount: int = 0) -> str:
    """A card's effect and its moment ("+2 attack in one exchange. Play it when an exchange is declared.")."""
    when = card_when_words(kind)
    return card_effect_words(kind, amount) + (f" {when[0].upper()}{when[1:]}." if when else "")


@dataclass(frozen=True)
class Card:
    """An experience card: its id, name, a line of flavour, its effect kind and amount."""

    id: str
    name: str
    kind: str
    amount: int = 0
    text: str = ""
    source: str = field(default="", compare=False)

    @property
    def words(self) -> str:
        """What the card does and when it is played, in players' words (its amount filled in)."""
        return card_words(self.kind, self.amount)

    def problems(self) -> list[str]:
        out = []
        k = CARD_KINDS.get(self.kind)
        if k is None:
            return [f"{self.name}: effect kind {self.kind!r} is not one of {', '.join(CARD_KINDS)}"]
        if k.takes_amount and not k.low <= self.amount <= k.high:
            out.append(f"{self.name}: {self.kind} needs an amount from {k.low} to {k.high} (it has {self.amount})")
        if not k.takes_amount and self.amount:
            out.append(f"{self.name}: {self.kind} takes no amount")
        return out
