"""The registry hooks most rulesets fill alike (`deathmatch.core.manifest.Ruleset`), made once: a
ruleset's `ruleset.py` says what is its own (names, options, its bots' ranking and epoch) and takes
the rest from here.

- `rules_hooks`: a new game, a record's setup and decisions to and from JSON, the view a player
  may see, random play and the scenario runner, from the ruleset's own functions, setup class and
  modules;
- `bot_hooks`: its computer players and the search bot's hooks, from a function giving its bots
  module (imported when first asked: a game with no computer seat never loads it);
- `arena_spec`: the arena of a quick game's setup, named as the loaded arena was;
- `options_object`: a tournament night's options as its file holds them, checked for unknown names.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

LEVELS = ("easy", "normal", "hard")


def rules_hooks(
    new_game: Callable[[Any], Any],
    setup: Any,
    actions: Any,
    view: Any,
    random_answer: Callable[..., Any],
    runner: Callable[[Any, dict, Path], Any],
) -> dict[str, Any]:
    """`Ruleset` fields of the rules a record replays by: `new_game(setup)`, `setup` (a class with
    `from_json` and `to_json`), `actions` (a module with `from_json` and `to_json`), `view` (a module
    with `state_for`, `event_visible_to` and, if a screen may ask it anything, `QUESTIONS`: the
    `Front.ask` questions), `random_answer(game, rng)` and the scenario `runner`
    class (a `deathmatch.core.scenario.Script` that `run()`s one file)."""
    return {
        "new_game": new_game,
        "setup_from_json": setup.from_json,
        "setup_to_json": setup.to_json,
        "action_from_json": actions.from_json,
        "action_to_json": actions.to_json,
        "view": view.state_for,
        "event_visible_to": view.event_visible_to,
        "questions": dict(getattr(view, "QUESTIONS", {})),
        "random_answer": random_answer,
        "run_scenario": runs_scenario(runner),
    }


def bot_hooks(bots: Callable[[], Any], levels: tuple[str, ...] = LEVELS) -> dict[str, Any]:
    """`Ruleset` fields for a ruleset whose `bots()` module has `make_bot(level, seed, thinking)`,
    `determinize(game, player, rng)` and `evaluate(game, player)`."""
    return {
        "bot_levels": levels,
        "bot": lambda level, player, seed, thinking="normal": bots().make_bot(level, seed, thinking),
        "determinize": lambda game, player, rng: bots().determinize(game, player, rng),
        "evaluate": lambda game, player: bots().evaluate(game, player),
    }


def runs_scenario(runner: Callable[[Any, dict, Path], Any]) -> Callable[[Any, dict, Path], None]:
    """The `run_scenario` hook: `runner` is the ruleset's runner class (a `deathmatch.core.scenario.Script`)."""

    def run(data: Any, lines: dict, path: Path) -> None:
        runner(data, lines, path).run()

    return run


def arena_spec(arena: Any) -> dict:
    """The setup's arena for a game on a loaded `arena`: its map by id when it came from one, else its spec."""
    return {"map": arena.source["map"]} if "map" in arena.source else dict(arena.source)


def options_object(data: Any, known: tuple[str, ...]) -> dict:
    """A tournament night's options as read from its file (`TournamentRules.options_from_json`): an
    object of only `known` options (TypeError if it is no object, ValueError naming an unknown one)."""
    if not isinstance(data, dict):
        raise TypeError("the options are not an object")
    for key in data:
        if key not in known:
            raise ValueError(f"has an unknown option {key!r} (known: {', '.join(known)})")
    return data
