"""Superhero Gladiators' side of the shared setup frame (scenes/setup.py, extended by
scenes/supers/setup.py): the heroes a team may pick, and the fight the frame's choices make.

The heroes are the bundled and the player's own (`rulesets/supers/heroes.py`
`load_default_heroes()`); a team that picks none brings heroes drawn at random from them (random legal
heroes if no file loads).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from ...rulesets.supers.model import Hero
from ...rulesets.supers.randomplay import random_hero
from ...rulesets.supers.setup import Seat, Setup
from ...rulesets.supers.setup import new_game as start_game
from ...rulesets.supers.state import Options
from ..newgame import Shelf, arena_spec, bot_seats, started
from ...client.art.palette import colour_name
from .facts import TEAM_SIZES

PICKED_TWICE = ""
"""Two teams may field the same hero (the fight tells them apart)."""

FILES = ("hero", "check-heroes")
"""What its files hold and the command that checks them: the setup frame's line for broken ones."""


@dataclass(frozen=True)
class HeroEntry:
    """A hero a team may pick, as the setup frame lists it."""

    hero: Hero

    @property
    def name(self) -> str:
        return self.hero.name


class HeroShelf(Shelf):
    """The heroes by id (a seat keeps its picks as ids) and the files (or heroes) that would not load."""


def library() -> HeroShelf:
    """The bundled and the player's heroes, legal ones only (an illegal one is listed as a problem)."""
    from ...rulesets.supers.heroes import load_default_heroes

    lib = load_default_heroes()
    cards, problems = {}, [str(p) for p in lib.problems]
    left_out = list(dict.fromkeys(p.file for p in lib.problems))
    for h in lib.heroes.values():
        why = h.problems()
        if why:
            problems.append(f"{h.name}: {why[0]}")
            left_out.append(h.name)
        else:
            cards[h.id] = HeroEntry(h)
    return HeroShelf(cards, problems, left_out)


def cards_each(players: int) -> int:
    return 2


def each_runs(n: int) -> str:
    return "each team sends 2 or 3 heroes"


def team_for(lib: HeroShelf, picked: list, rng: random.Random, size: int, k: int, not_dealt=frozenset()) -> tuple:
    """A team's heroes: the ones it picked, else `size` drawn at random from the shelf less `not_dealt` (the
    heroes a player designed on screen this session: their hidden gizmos are known to their designer, so they
    play only in a team that picked them); random legal heroes if fewer than `size` are left."""
    if picked:
        return tuple(lib.cards[h].hero for h in picked if h in lib.cards)
    pool = sorted(h for h in lib.cards if h not in not_dealt)
    if len(pool) >= size:
        return tuple(lib.cards[h].hero for h in rng.sample(pool, size))
    return tuple(random_hero(rng, 10 * k + j) for j in range(size))


def new_game(arena, seats, library, options, *, seed: int, colours=(), bots=None, orders_for=(), random_heroes: int = 2,
             not_dealt=frozenset()):
    """A started fight on `arena` for `seats` [(name, [hero ids] or [])]. `bots`: seat → level (in the setup,
    so a saved fight keeps them and its table reads them from the view). A team that picked none is
    dealt heroes at random, never one of `not_dealt` (heroes designed on screen this session), and none that
    another team fields while the shelf has enough others."""
    rng = random.Random(seed)
    made = []
    # a random team is dealt heroes nobody else fields: two "The Winged Courier" on the track puzzled players
    in_play = {h for _, picked in seats for h in picked}
    for k, (name, picked) in enumerate(seats):
        colour = colour_name(colours[k]) if k < len(colours) else colour_name(k)
        avoid = frozenset(not_dealt) | in_play
        if picked or sum(1 for h in library.cards if h not in avoid) < random_heroes:
            avoid = frozenset(not_dealt)
        team = team_for(library, list(picked), rng, random_heroes, k + 1, avoid)
        in_play |= {h.id for h in team}
        made.append(Seat(name, colour, team))
    setup = Setup(tuple(made), arena_spec(arena), options if isinstance(options, Options) else Options(), seed,
                  bots=bot_seats(bots))
    return started(start_game, setup, arena, bots)


def night_library(lib: HeroShelf) -> list[Hero]:
    """The heroes a tournament night deals from (its rules take `Hero` values): the listed ones, by id."""
    return [lib.cards[k].hero for k in sorted(lib.cards)]


def placement_words(order) -> str:
    return " against ".join(order)
