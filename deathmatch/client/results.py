"""What every ruleset's part of the shared results screen (scenes/results.py) has alike: the game's
events played again from its record (setup and decisions), the seats' colours, the replay and the
rematch. A ruleset's panel (scenes/<id>/results.py) subclasses `RulesetResults`, names its screens'
`facts` module and says how a game of its setup is made (`fresh`), and draws the rest itself.
The game is read through a `Front` (`self.front`, `deathmatch.core.front`); its record (setup and
decisions) is the host's, taken once through `Front.hand_to` to tell the story again."""

from __future__ import annotations

import random
from dataclasses import replace

from ..core.front import Front


def record_of(played) -> tuple:
    """The host's: a game's setup (None without one), its decisions and its seats' bots, to tell its
    story again, replay or rematch it (never drawn from)."""
    return (getattr(played, "setup", None), list(getattr(played, "history", ()) or ()),
            dict(getattr(played, "seat_bots", {}) or {}))


class RulesetResults:
    can_rematch = True
    facts = None
    """The ruleset's screen facts module: `seats(game)` and `colours(game)`, in seat order."""

    def __init__(self, app, game):
        self.app = app
        self.game = game
        """The game, handed on (the replay); screens read `front`."""
        self.front = Front(game)
        self.setup, self.decisions, self.seat_bots = self.front.hand_to(record_of)
        self.events = self.story()
        self.index = dict(zip(self.facts.seats(game), self.facts.colours(game)))

    def fresh(self, setup):
        """A new game of `setup` (the ruleset's `setup.new_game` on this game's arena)."""
        raise NotImplementedError

    def story(self) -> list:
        """Every event of the game, in order: the record played again from its setup (what the start
        told first); empty for a game without a setup or a record that no longer plays (the results
        then show the final state alone)."""
        setup = self.setup
        if setup is None:
            return []
        try:
            again = self.fresh(setup)
        except Exception:
            return []
        out = list(getattr(again, "setup_events", ()))
        for action in self.decisions:
            try:
                out += again.apply(action)
            except Exception:  # IllegalAction, or the rules choking on a hand-edited decision: the story so far
                break
        return out

    @property
    def s(self) -> float:
        return self.app.ui_scale

    @property
    def can_replay(self) -> bool:
        """A game played from a setup can be played again from its record, where the ruleset has a replay."""
        return self.setup is not None and "replay" in self.app.router.target_names(self.front.ruleset_id)

    def watch_replay(self) -> None:
        self.app.router.ruleset = self.front.ruleset_id
        self.app.open("replay", self.game)

    def rematch(self):
        """The same seats, pieces, arena and options; a new seed."""
        again = self.fresh(replace(self.setup, seed=random.randrange(1 << 30)))
        again.seat_bots = dict(self.seat_bots)
        return again

    def wheel(self, dy: int) -> None:
        pass
