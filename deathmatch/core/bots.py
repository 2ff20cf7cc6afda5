"""What every ruleset's easy and normal computer players share: a seeded player, the easy one's
random legal play that takes an attack when one is offered, and the choice of a bot by level.

A ruleset's `bots.py` subclasses these with its own vocabulary (which actions are attacks, how its
normal player scores an answer); the search bot is the core's (`deathmatch.core.search`). A bot
has `choose(game)`, its `level` and `thinks` (the `Bot` of `deathmatch.core.manifest`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any


class SeededBot:
    """A computer player with random numbers of its own, seeded (the same seed, the same play)."""

    level = "?"
    thinks = False
    """Whether `choose` takes long enough (a look-ahead) that a screen must not wait for it."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Any) -> Any:  # pragma: no cover - abstract
        """An answer to `game.pending`, which must be for this bot's player."""
        raise NotImplementedError


class EasyBot(SeededBot):
    """Random legal play, but it always takes an attack it is offered (`attacks`: the action types
    that are attacks; none: plain random play)."""

    level = "easy"
    attacks: tuple[type, ...] = ()

    def choose(self, game: Any) -> Any:
        return self.rng.choice(self.narrowed(game, list(game.legal_actions())))

    def narrowed(self, game: Any, options: list) -> list:
        """The answers it picks among at random: the attacks if any, else every legal answer."""
        return [a for a in options if isinstance(a, self.attacks)] or options


def make_bot(makers: Mapping[str, Callable[[], Any]], level: str, noun: str = "level") -> Any:
    """The bot `makers[level]()` makes (ValueError naming the levels for an unknown one: "unknown
    bot `noun` …")."""
    if level not in makers:
        raise ValueError(f"unknown bot {noun} {level!r}: choose one of {', '.join(makers)}")
    return makers[level]()
