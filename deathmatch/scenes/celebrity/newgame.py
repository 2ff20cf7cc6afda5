"""Celebrity Deathmatch's side of the shared new-game and tournament setup frames (scenes/setup.py,
scenes/tourney.py): its cards, how many each seat runs, and the game the frame's choices make.

The frames ask the router for it (`Router.new_game_side()`, `ClientRuleset.new_game`) and never
name a rule themselves; the options on the frame are scenes/celebrity/options.py's.
"""

from __future__ import annotations

from ...rulesets.celebrity import load_default_cards, make_setup, models_per_player
from ...rulesets.celebrity import new_game as start_game

PICKED_TWICE = "A card is picked twice: each model is a different celebrity."
"""The setup frame's words when two seats picked the same card."""

PICK_HINT = "Choose this player's celebrities from the gallery (in secret when cards are hidden)"
"""What a seat's "Pick cards" does, shown when the mouse is on it (not picked: dealt at random)."""
DEAL_HINT = "Forget the picked celebrities: this player's are dealt at random"
"""What a seat's "Deal" does."""

FILES = ("card", "check-cards")
"""What its files hold and the command that checks them: the setup frame's line for broken ones."""


def library():
    """The cards a seat may pick (bundled and the player's own)."""
    return load_default_cards()


def cards_each(players: int) -> int:
    """How many cards (models) each seat runs in a game of `players`."""
    return models_per_player(players)


def each_runs(n: int) -> str:
    """The setup frame's words for `cards_each`: "each runs 2 celebrities"."""
    return f"each runs {n} celebrit{'ies' if n > 1 else 'y'}"


def new_game(arena, seats, library, options, *, seed: int, colours=(), bots=None, orders_for=()):
    """A started game on `arena` (a loaded arena from the arena list) for `seats` [(name, card ids)]."""
    setup = make_setup({"map": arena.source["map"]}, seats, library, options, seed=seed, colours=colours,
                       bots=bots, orders_for=orders_for, push_back_orders=True)
    return start_game(setup, arena)
