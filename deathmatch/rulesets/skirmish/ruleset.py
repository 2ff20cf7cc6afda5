"""Chessboard Skirmish as a ruleset of the core registry (`deathmatch.core.registry`)."""

from __future__ import annotations

import random

from ...core.hooks import arena_spec, bot_hooks, rules_hooks
from ...core.registry import Ruleset, register
from ...core.search import Budget
from . import actions, lab, tournament, view
from .randomplay import random_answer, random_army
from .scenario import Runner
from .setup import Seat, Setup, new_game
from .state import Options

RULESET_ID = "skirmish"
RULESET_VERSION = 2
"""2: a hero is offered a re-roll only where it can change something (the setup says so: `reroll_offers`);
a version-1 record replays with every offer it was made."""


SEARCH_BUDGETS = {
    thinking: Budget(iterations=n, seconds=cap, min_iterations=8, epochs=1, bounded=True, halving=1000, prior=0.002)
    for thinking, n, cap in (("fast", 24, 0.25), ("normal", 48, 0.5), ("deep", 192, 2.0))
}
"""What each thinking setting buys the hard bot's decision: an iteration count (the same strength
on any machine; the clock only a safety net on a slow one). Its look-ahead is one half-activation
(the move, then the attack to come valued in expectation: `bots.epoch`, `bots.evaluate`), so a
candidate's value hardly depends on dice: the root weighs every candidate to the end (no halving),
and the normal player's first answer wins only a near-tie (a fifth of a point of worth).
Measured in docs/PERFORMANCE.md (benchmarks/skirmish_bots.py)."""


def quick_game(names, arena, seed: int, orders: bool = False, *, points: int | None = 30,
               scenario: str | None = None, obstacles: int = 0):
    """A game of two random armies legal at `points` (army.py's model alone) on a loaded square
    `arena`, the seats `names` (the first two); `orders` is ignored (Skirmish has no standing orders)."""
    rng = random.Random(seed)
    seats = tuple(Seat(n, c, random_army(rng, points, f"{n}'s band")) for n, c in zip(names[:2], ("red", "blue")))
    return new_game(Setup(seats, arena_spec(arena), Options(points, scenario, obstacles), seed), arena)


def _bots():
    """Its bots (`bots.py`), imported when the first is asked for."""
    from . import bots

    return bots


RULESET = register(Ruleset(
    id=RULESET_ID,
    name="Chessboard Skirmish",
    version=RULESET_VERSION,
    **rules_hooks(new_game, Setup, actions, view, random_answer, Runner),
    **bot_hooks(_bots),
    rank=lambda seed: _bots().search_ranked,
    epoch=lambda game: _bots().epoch(game),
    search_budgets=SEARCH_BUDGETS,
    tournament=tournament,
    lab=lab,
    quick_game=quick_game,
))
