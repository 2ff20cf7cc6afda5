"""Superhero Gladiators as a ruleset of the core registry (`deathmatch.core.registry`): bots easy
and normal (`bots.py`) and hard (`hard.py`: the core's search on its hooks), its balance-lab part
(`lab.py`) and tournament part (`tournament.py`)."""

from __future__ import annotations

import random

from ...core.hooks import arena_spec, bot_hooks, rules_hooks
from ...core.registry import Ruleset, register
from . import actions, lab, tournament, view
from .hard import SEARCH_BUDGETS
from .randomplay import random_answer, random_hero
from .scenario import Runner
from .setup import Seat, Setup, new_game
from .state import Options

RULESET_ID = "supers"
RULESET_VERSION = 1
COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")


def quick_game(names, arena, seed: int, orders: bool = False, *, heroes: int = 2, turn_limit: int | None = None):
    """A fight of `heroes` random legal heroes a seat on a loaded `arena` (`orders` is ignored: no
    standing orders); the heroes are placed by the seats, as §4 says."""
    rng = random.Random(seed)
    seats = tuple(Seat(n, COLOURS[k % len(COLOURS)], tuple(random_hero(rng, k * 10 + j + 1) for j in range(heroes)))
                  for k, n in enumerate(names))
    return new_game(Setup(seats, arena_spec(arena), Options(turn_limit), seed), arena)


def _hard():
    """Its bot levels with the hard one (`hard.py`)."""
    from . import hard

    return hard


RULESET = register(Ruleset(
    id=RULESET_ID,
    name="Superhero Gladiators",
    version=RULESET_VERSION,
    **rules_hooks(new_game, Setup, actions, view, random_answer, Runner),
    epoch=lambda game: game.state.turn,
    quick_game=quick_game,
    **bot_hooks(_hard),
    rank=lambda seed: _hard().ranked,
    search_budgets=SEARCH_BUDGETS,
    tournament=tournament,
    lab=lab,
))
