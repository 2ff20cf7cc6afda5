"""Superhero Gladiators as a ruleset of the core registry (`deathmatch.core.registry`): bots easy
and normal (`bots.py`) and hard (`hard.py`: the core's search on its hooks), its balance-lab part
(`lab.py`) and tournament part (`tournament.py`)."""

from __future__ import annotations

import random

from ...core.registry import Ruleset, register
from . import actions, lab, tournament, view
from .hard import SEARCH_BUDGETS
from .randomplay import random_answer, random_hero
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
    spec = {"map": arena.source["map"]} if "map" in arena.source else dict(arena.source)
    return new_game(Setup(seats, spec, Options(turn_limit), seed), arena)


def _scenario(data, lines, path):
    from .scenario import Runner

    Runner(data, lines, path).run()


RULESET = register(Ruleset(
    id=RULESET_ID,
    name="Superhero Gladiators",
    version=RULESET_VERSION,
    new_game=new_game,
    setup_from_json=Setup.from_json,
    setup_to_json=Setup.to_json,
    action_from_json=actions.from_json,
    action_to_json=actions.to_json,
    random_answer=random_answer,
    seed_of=lambda setup: setup.seed,
    run_scenario=_scenario,
    view=view.state_for,
    event_visible_to=view.event_visible_to,
    questions=view.QUESTIONS,
    epoch=lambda game: game.state.turn,
    quick_game=quick_game,
    bot_levels=("easy", "normal", "hard"),
    bot=lambda level, player, seed, thinking="normal": _hard().make_bot(level, seed, thinking),
    determinize=lambda game, player, rng: _hard().determinize(game, player, rng),
    evaluate=lambda game, player: _hard().evaluate(game, player),
    rank=lambda seed: _hard().ranked,
    search_budgets=SEARCH_BUDGETS,
    tournament=tournament,
    lab=lab,
))


def _hard():
    """Its bot levels with the hard one (`hard.py`)."""
    from . import hard

    return hard


def _bots():
    """Its bots (`bots.py`), imported when the first is asked for."""
    from . import bots

    return bots
