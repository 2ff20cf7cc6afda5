"""Gladiator!'s side of the shared setup frame (scenes/setup.py, extended by scenes/gladiator/setup.py):
the gladiators a seat may send into the sand, and the bout the frame's choices make.

The gladiators are the bundled and the player's own (`rulesets/gladiator/gladiators.py`
`load_default_library()`); a seat that picks none sends one drawn at random from them (a man of a
random type if no file loads).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ...rulesets.gladiator.model import TYPE_NAMES, Gladiator
from ...rulesets.gladiator.randomplay import random_gladiator
from ...rulesets.gladiator.setup import Seat, Setup
from ...rulesets.gladiator.setup import new_game as start_game
from ..newgame import Shelf, arena_spec, bot_seats, started
from ...client.art.palette import colour_name

PICKED_TWICE = ""
"""Both seats may send the same gladiator (the bout tells the two apart)."""

FILES = ("gladiator or experience card", "check-gladiators")
"""What its files hold and the command that checks them: the setup frame's line for broken ones."""


@dataclass(frozen=True)
class GladiatorEntry:
    """A gladiator a seat may pick, as the setup frame lists him."""

    gladiator: Gladiator

    @property
    def name(self) -> str:
        g = self.gladiator
        return f"{g.name} · {TYPE_NAMES.get(g.type, g.type)}"


@dataclass
class GladiatorLibrary(Shelf):
    """The gladiators by id (a seat keeps its pick as `[id]`), the experience cards they may name,
    and the files that would not load."""

    experience: dict = field(default_factory=dict)


def library() -> GladiatorLibrary:
    """The bundled and the player's gladiators and experience cards."""
    from ...rulesets.gladiator.gladiators import load_default_library

    lib = load_default_library()
    return GladiatorLibrary({g.id: GladiatorEntry(g) for g in lib.gladiators.values()}, [str(p) for p in lib.problems],
                            list(dict.fromkeys(p.file for p in lib.problems)), experience=dict(lib.cards))


def cards_each(players: int) -> int:
    return 1


def each_runs(n: int) -> str:
    return "each sends one gladiator into the sand"


def gladiator_for(lib: GladiatorLibrary, picked: list, rng: random.Random, k: int = 1,
                  avoid=frozenset()) -> Gladiator:
    """A seat's man: the one it picked, else one of the listed drawn at random — not one of `avoid` (the
    other seat's: a man does not fight himself) while there are others —, else a random type."""
    if picked and picked[0] in lib.cards:
        return lib.cards[picked[0]].gladiator
    if lib.cards:
        drawn = rng.choice(sorted(lib.cards))
        others = sorted(set(lib.cards) - set(avoid))
        if drawn in avoid and others:
            drawn = rng.choice(others)
        return lib.cards[drawn].gladiator
    return random_gladiator(rng, k)


def new_game(arena, seats, library, options, *, seed: int, colours=(), bots=None, orders_for=(), gods=None):
    """A started bout on `arena` for `seats` [(name, [gladiator id] or [])]. `bots`: seat → level (in the
    setup, so a saved bout keeps them and its table reads them there). `gods`: seat →
    standing order for calling on the gods (game.GODS_ORDERS; a seat not named is asked every die)."""
    rng = random.Random(seed)
    made = []
    taken = {p[0] for _, p in seats[:2] if p}  # (a seat's own pick, and a man drawn already: not drawn again)
    for k, (name, picked) in enumerate(seats[:2]):
        colour = colour_name(colours[k]) if k < len(colours) else colour_name(k)
        man = gladiator_for(library, list(picked), rng, k + 1, avoid=taken)
        taken |= {i for i, e in library.cards.items() if e.gladiator is man}
        made.append(Seat(name, colour, man))
    cards = {}
    for seat in made:
        for cid in seat.gladiator.cards:
            if cid in library.experience:
                cards[cid] = library.experience[cid]
    setup = Setup(tuple(made), arena_spec(arena), options, seed, cards, bots=bot_seats(bots),
                  gods=tuple(sorted((p, o) for p, o in (gods or {}).items() if o != "ask")))
    return started(start_game, setup, arena, bots)


def placement_words(order) -> str:
    return " against ".join(order)
