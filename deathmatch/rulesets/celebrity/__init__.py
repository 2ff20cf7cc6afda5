"""Celebrity Deathmatch (ruleset id `celebrity`): every rule of docs/rules/RULES.md,
headless, on the core's machine (`deathmatch.core`). Pure Python, no pygame.
Its effect kinds are in `deathmatch.abilities.celebrity`. (Its old name, `deathmatch.engine`, is gone:
importing it says to import this package instead; see `deathmatch/__init__.py`.)

    game = new_game(setup)            # or from_position(...) for a scenario
    game.pending                      # Decision(player, kind, model, ...)
    game.legal_actions()              # what that player may answer
    events = game.apply(action)       # IllegalAction(code) if not legal
"""

from . import actions, events, orders, view
from . import ruleset as _ruleset  # noqa: F401  (registers "celebrity" in the core registry)
from .actions import Attack, Hold, Move, MoveAttack, Pass, Place, PushBack, SetOrder, UseAbility
from .cards import Card, CardLibrary, load_cards, load_default_cards, parse_card
from ...core.dice import ForcedDice, SeededDice
from .errors import DiceExhausted, IllegalAction, SetupError
from .game import Game, Options
from .record import GameRecord, RecordError
from .setup import GameSetup, PlayerSetup, from_position, make_setup, models_per_player, new_game
from .state import Decision, Model, Outcome, PlayerScore, Window
from . import arena_check  # noqa: E402,F401  registers the ruleset's map check with the board's loader

__all__ = [
    "Attack", "Card", "CardLibrary", "Decision", "DiceExhausted", "ForcedDice", "Game",
    "GameRecord", "GameSetup", "Hold", "IllegalAction", "Model", "Move", "MoveAttack",
    "Options", "Outcome", "Pass", "Place", "PlayerScore", "PlayerSetup", "PushBack",
    "RecordError", "SeededDice", "SetOrder", "SetupError", "UseAbility", "Window", "actions", "events", "orders", "view",
    "from_position", "load_cards", "load_default_cards", "make_setup", "models_per_player",
    "new_game", "parse_card",
]
