"""Chessboard Skirmish's side of the shared setup frame (scenes/setup.py, extended by
scenes/skirmish/setup.py): the armies a seat may lead, and the game the frame's choices make.

The armies are the bundled and the player's own (`rulesets/skirmish/armies.py`, when it is
installed); a seat that picks none leads one dealt at random: a listed army legal at the points,
else a random band built from army.py's model alone.
"""

from __future__ import annotations

import importlib
import random
from dataclasses import dataclass

from ...client.art.palette import PLAYER_COLOURS
from ...rulesets.skirmish.army import Army
from ...rulesets.skirmish.randomplay import random_army
from ...rulesets.skirmish.setup import Seat, Setup
from ...rulesets.skirmish.setup import new_game as start_game
from ..newgame import Shelf, arena_spec, bot_seats, started

PICKED_TWICE = ""
"""Both seats may lead the same army list (each gets its own miniatures)."""

FILES = ("army", "check-armies")
"""What its files hold and the command that checks them: the setup frame's line for broken ones."""


@dataclass(frozen=True)
class ArmyEntry:
    """An army a seat may pick, as the setup frame lists it."""

    army: Army

    @property
    def name(self) -> str:
        a = self.army
        return f"{a.name} · {a.cost()} points · {len(a.miniatures)} miniatures"


class ArmyLibrary(Shelf):
    """The armies by id (the setup frame keeps a seat's pick as `[id]`), and the files that would not load."""


def library() -> ArmyLibrary:
    """The bundled and the player's armies (none if the armies module is not installed)."""
    try:
        armies = importlib.import_module("deathmatch.rulesets.skirmish.armies")
    except ImportError:
        return ArmyLibrary({}, [], [])
    found, problems = armies.load_default_armies()
    cards = {}
    for army in found:
        key = army.source or army.name
        cards[key] = ArmyEntry(army)
    return ArmyLibrary(cards, [str(p) for p in problems], list(dict.fromkeys(p.file for p in problems)))


def cards_each(players: int) -> int:
    return 1


def each_runs(n: int) -> str:
    return "each leads one army"


def legal_armies(lib: ArmyLibrary, points) -> list[str]:
    """The ids of the listed armies legal at `points`."""
    return [k for k, e in lib.cards.items() if not e.army.problems(points)]


def army_for(lib: ArmyLibrary, picked: list, points, rng: random.Random) -> Army:
    """A seat's army: the one it picked, else a listed one legal at the points, else a random band."""
    if picked and picked[0] in lib.cards:
        return lib.cards[picked[0]].army
    legal = legal_armies(lib, points)
    if legal:
        return lib.cards[rng.choice(sorted(legal))].army
    return random_army(rng, points)


def new_game(arena, seats, library, options, *, seed: int, colours=(), bots=None, orders_for=()):
    """A started game on `arena` for `seats` [(name, [army id] or [])]; SetupError if an army is not
    legal at the points. `bots`: seat → level (in the setup, so a saved game keeps them, and on the game for its table: `game.seat_bots`)."""
    rng = random.Random(seed)
    made = []
    for k, (name, picked) in enumerate(seats):
        colour = PLAYER_COLOURS[colours[k] % len(PLAYER_COLOURS)].name.lower() if k < len(colours) else ""
        made.append(Seat(name, colour, army_for(library, list(picked), options.points, rng)))
    return started(start_game, Setup(tuple(made), arena_spec(arena), options, seed, bots=bot_seats(bots)), arena, bots)


def army_ref(key: str) -> str:
    """How the settings remember a picked army (its library key is its file's path): "bundled:NAME.yaml"
    for a bundled one, "mine:NAME.yaml" for one of the player's, so a moved install still finds it."""
    from pathlib import Path

    from ...rulesets.skirmish.armies import bundled_armies_dir

    path = Path(key)
    try:
        bundled = path.parent.resolve() == bundled_armies_dir().resolve()
    except OSError:
        bundled = False
    return f"{'bundled' if bundled else 'mine'}:{path.name}"


def key_of(lib: ArmyLibrary, ref) -> str | None:
    """The library key of a remembered army (`army_ref`), or None if it is no longer listed."""
    if not isinstance(ref, str):
        return None
    for key in lib.cards:
        if army_ref(key) == ref:
            return key
    return None


def key_of_file(lib: ArmyLibrary, path) -> str | None:
    """The library key of the army saved in `path` (the army builder's file), or None."""
    from pathlib import Path

    want = Path(path).resolve()
    for key, entry in lib.cards.items():
        if entry.army.source and Path(entry.army.source).resolve() == want:
            return key
    return None


def night_library(lib: ArmyLibrary) -> list[Army]:
    """The armies a tournament night deals from (its rules take `Army` values): the listed ones."""
    return [e.army for e in lib.cards.values()]


def placement_words(order) -> str:
    """A night's next game, seated: the first of the order sets up at the bottom (SKIRMISH.md §4)."""
    return f"{order[0]} sets up at the bottom, {order[1]} at the top" if len(order) >= 2 else ", ".join(order)
