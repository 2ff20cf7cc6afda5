"""What every game's side of the New game frame shares (scenes/<id>/newgame.py, which the frame asks
the router for): the shelf of pieces a seat may pick, and the last steps from a setup to a started game.
It names no game and draws nothing: a game's side brings its pieces, its seats and its rules."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Shelf:
    """The pieces a seat may pick by id (an army, a gladiator, heroes: a seat keeps its picks as ids), each
    an entry the setup frame lists by its `name`, and what would not load."""

    cards: dict
    problems: list = field(default_factory=list)
    """What kept a piece out, in words (`file:line: field: message`)."""
    left_out: list = field(default_factory=list)
    """The files (or pieces) kept out, one entry each (a file may have many problems)."""


def arena_spec(arena) -> dict:
    """The arena as a setup keeps it: the name of its map file, else the whole of its source."""
    return {"map": arena.source["map"]} if "map" in arena.source else dict(arena.source)


def bot_seats(bots) -> tuple:
    """The seats the computer plays, as a setup keeps them (so that a saved game keeps them): ((seat, level), …)."""
    return tuple(sorted((bots or {}).items()))


def started(start_game, setup, arena, bots):
    """The game `start_game` makes of `setup` on `arena`, with its bots (seat → level) on it for its table
    (`game.seat_bots`)."""
    game = start_game(setup, arena)
    game.seat_bots = dict(bots or {})
    return game


def stepper(owner, attr: str, values: list, changed):
    """A button's action for a choice of the setup (an option, the animation speed): `owner.attr` steps to
    the next of `values` (to the first if it holds none of them), then `changed()`."""
    def go():
        cur = getattr(owner, attr)
        setattr(owner, attr, values[(values.index(cur) + 1) % len(values)] if cur in values else values[0])
        changed()
    return go
