"""The one "play until over" loop: random play, bots, the balance lab, tournaments,
look-ahead and the scenario runner all answer decisions through it."""

from __future__ import annotations

from typing import Callable


def play_until_over(
    game,
    choose: Callable,
    *,
    on_events: Callable | None = None,
    stop: Callable | None = None,
    max_decisions: int | None = None,
) -> int:
    """Answer `game.pending` with `choose(game)` until the game is over; return how many answers.

    - `on_events(events)` is called with each answer's events;
    - `stop(game, n)` (n answers made so far) ends the loop early when true;
    - `max_decisions` ends it after that many answers (the caller decides whether
      a game that has not ended by then is an error).
    """
    n = 0
    apply = game.apply
    while not game.over:
        if (max_decisions is not None and n >= max_decisions) or (stop is not None and stop(game, n)):
            break
        events = apply(choose(game))
        n += 1
        if on_events is not None:
            on_events(events)
    return n
