"""Windows and standing orders: how every ruleset asks for reactions.

A *window* is a moment when players other than the one acting may react
(play an ability, a power, a parry). The ruleset opens it and says who holds
a playable reaction there; each such player is asked in turn: a decision of
kind "window" whose options end with a pass.

A *standing order* answers a window without a decision, set in private and
kept in the record like any other answer. Every reaction takes:

- ``"ask"``: stop and ask its owner (the default);
- ``"never"``: never played by itself, never asked for;
- a *condition* its ruleset offers (e.g. "when attacked from behind"): the
  ruleset plays the use the condition picks whenever it holds.

`ask_or_play` is the decision every ruleset's window makes for one player.
"""

from __future__ import annotations

from typing import Callable, Iterable, TypeVar

ASK = "ask"
NEVER = "never"
UNIVERSAL = {ASK: "ask me", NEVER: "never"}
"""The two orders every reaction takes, with their labels."""

R = TypeVar("R")
U = TypeVar("U")


def ask_or_play(
    reactions: Iterable[R],
    order_of: Callable[[R], str],
    playable: Callable[[R], bool],
    pick: Callable[[R, str], U | None],
) -> tuple[U | None, bool]:
    """For one player at a window: (a use a standing order plays now, or None; whether some
    playable reaction of theirs is on "ask" and so they must be asked).

    `pick(reaction, order)` is the use the order's condition picks now (None: it does not
    hold, or the pick is not legal, which counts as a pass).
    """
    asks = False
    for r in reactions:
        order = order_of(r)
        if order == NEVER or not playable(r):
            continue
        if order == ASK:
            asks = True
            continue
        use = pick(r, order)
        if use is not None:
            return use, asks
    return None, asks
