"""Gladiator!'s game data (docs/rules/GLADIATOR.md): the two men in the sand and the bout's turn.
The game (`game.Game`) owns one `State` as `game.state` and only its tasks change it; a screen
reads it (or the view: Gladiator hides nothing but the future dice) and animates the events.

    s = game.state
    m = s.men["a"]
    m.at, m.facing, m.posture, m.wounds["leg"], m.damage, m.ap
    m.shield                   # the shield he fights with now ("none" once dropped)
    s.turn, s.first, s.acting  # the game turn, who goes first, whose half it is
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field

from ...board import Arena, Hex
from .model import LOCATIONS, Card, Gladiator, Kit

LOOSE_AP = 3
"""Getting loose of a net costs 3 AP in all (§5), spent over as many halves as it takes."""


@dataclass(frozen=True)
class Options:
    """A bout's options."""

    special_rolls: bool = True
    """§7's special rolls (6-6, 1-1, 2-2, 5-5, 1 against 6): optional, on by default."""


@dataclass
class Man:
    """One fighter in the bout: a gladiator or a lion."""

    id: str
    """Unique in the bout (records, scenarios and events name men by it)."""
    owner: str
    """His player's name."""
    gladiator: Gladiator
    """Who he is: name, type, his kit's overrides, his experience cards, bonus AP."""
    at: Hex
    facing: int = 0
    """The direction 0–5 his Face looks to."""
    posture: str = "balanced"
    """attack, balanced or defend: chosen at the start of his half, lasts until his next one."""
    wounds: dict = field(default_factory=lambda: {loc: 0 for loc in LOCATIONS})
    """Wound points by location (leg, torso, arm, head); each lowers the rolls of its kind."""
    damage: int = 0
    """Total damage: 7 down, 8 or more dead (§9)."""
    ap: int = 0
    """Action points left in his current half (0 out of it)."""
    netted: bool = False
    loose: int = 0
    """AP spent so far on getting loose of the net (3 in all frees him; carried over between turns)."""
    fallen: bool = False
    """Fallen face down (1 and 1): he can do nothing but stand up."""
    weapon_dropped: int = 0
    """How many of his weapons lie on the sand (a dimachaerus has two swords; others one)."""
    shield_dropped: bool = False
    net_spent: bool = False
    down: bool = False
    """Total damage exactly 7: out of the fight; stays true if the crowd then kills him."""
    alive: bool = True
    cards: list = field(default_factory=list)
    """His experience cards not yet played this bout (model.Card values, each played once then gone)."""
    bonus55: int = 0
    """5-and-5 bonuses on his thumbs roll (they add up)."""
    inflicted: int = 0
    """Damage he has dealt in the bout (added to his thumbs roll)."""

    # --- the kit as he fights now ---
    @property
    def kit(self) -> Kit:
        return self.gladiator.kit()

    @property
    def beast(self) -> bool:
        return self.kit.beast

    @property
    def armour(self) -> str:
        return self.kit.armour

    @property
    def shield(self) -> str:
        """His shield as he fights now: `none` once dropped (a "no shield" man in every way, §7)."""
        return "none" if self.shield_dropped else self.kit.shield

    @property
    def weapons(self) -> int:
        """Weapons in hand: 2 for two swords, 1 for the rest, less those dropped."""
        return max(0, (2 if self.kit.weapon == "two_swords" else 1) - self.weapon_dropped)

    @property
    def weapon(self) -> str:
        """His weapon as he fights now: its name, `sword` for a dimachaerus with one left, or `none`."""
        n = self.weapons
        if n == 0:
            return "none"
        if self.kit.weapon == "two_swords" and n == 1:
            return "sword"
        return self.kit.weapon

    @property
    def has_net(self) -> bool:
        return self.kit.net and not self.net_spent

    @property
    def out(self) -> bool:
        """Down or dead: out of the fight, he never acts again."""
        return self.down or not self.alive

    def card(self, card_id: str) -> Card | None:
        return next((c for c in self.cards if c.id == card_id), None)


@dataclass
class State:
    """Everything a bout is at one moment (the flow is the game's task stack)."""

    arena: Arena
    players: tuple[str, str]
    """The seats, in seat order (initiative is rolled in this order)."""
    men: dict
    """The two men by id, in seat order."""
    options: Options = Options()
    turn: int = 0
    """The game turn (1 from the first initiative)."""
    first: str | None = None
    """The man who goes first this game turn."""
    acting: str | None = None
    """The man whose half it is (None between halves)."""
    orders: int = 0
    """Orders given in the current half (Recover must be the only one)."""
    gods: set = field(default_factory=set)
    """The men who have called on the gods this game turn."""
    done: set = field(default_factory=set)
    """The men whose half of this game turn is over."""
    dropped: list = field(default_factory=list)
    """What lies on the sand: [man id, "weapon" | "shield", Hex], in the order dropped."""

    def copy(self) -> State:
        new = copy.copy(self)
        new.men = {}
        for k, m in self.men.items():
            c = copy.copy(m)
            c.wounds = dict(m.wounds)
            c.cards = list(m.cards)
            new.men[k] = c
        new.gods = set(self.gods)
        new.done = set(self.done)
        new.dropped = [list(d) for d in self.dropped]
        return new

    def man_of(self, player: str) -> Man:
        return next(m for m in self.men.values() if m.owner == player)

    def other(self, man_id: str) -> Man:
        """His opponent."""
        return next(m for m in self.men.values() if m.id != man_id)

    def occupant(self, h) -> Man | None:
        for m in self.men.values():
            if m.at == h and m.alive:
                return m
        return None

    def in_contact(self, a: Man, b: Man) -> bool:
        """Two men are in contact when adjacent (§1); a dead man is in contact with nobody."""
        return a.alive and b.alive and a.at.distance(b.at) == 1
