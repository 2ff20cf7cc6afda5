"""Gladiator! as a ruleset of the core registry (`deathmatch.core.registry`). Its balance-lab
part is `lab.py` (`deathmatch simulate --ruleset gladiator`); its tournament part is left unset
(None) for now."""

from __future__ import annotations

import random

from ...core.hooks import arena_spec, bot_hooks, rules_hooks
from ...core.registry import Ruleset, register
from . import actions, bouts, lab, view
from .randomplay import random_answer, random_gladiator
from .scenario import Runner
from .setup import Seat, Setup, new_game
from .state import Options

RULESET_ID = "gladiator"
RULESET_VERSION = 1


def quick_game(names, arena, seed: int, orders: bool = False, *, special_rolls: bool = True, lions: bool = True):
    """A bout of two men of random bundled types on a loaded hex `arena`, the seats `names` (the
    first two); `orders` is ignored (no standing order for the gods: every die of a person's is asked)."""
    rng = random.Random(seed)
    seats = tuple(Seat(n, c, random_gladiator(rng, k + 1, lions=lions))
                  for k, (n, c) in enumerate(zip(names[:2], ("red", "blue"))))
    return new_game(Setup(seats, arena_spec(arena), Options(special_rolls), seed), arena)


def _bots():
    """Its bots (`bots.py`), imported when the first is asked for."""
    from . import bots

    return bots


RULESET = register(Ruleset(
    id=RULESET_ID,
    name="Gladiator!",
    version=RULESET_VERSION,
    **rules_hooks(new_game, Setup, actions, view, random_answer, Runner),
    epoch=lambda game: game.state.turn,
    quick_game=quick_game,
    **bot_hooks(_bots),
    rank=lambda seed: _bots().ranked,
    career=bouts,
    lab=lab,
))
