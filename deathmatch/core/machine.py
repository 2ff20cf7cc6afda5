"""The machine every ruleset runs on: a task stack and one pending decision.

A ruleset's game subclasses `Machine`. Its flow is a stack of *tasks*:
objects with `run(game)`, which change the data, `emit` events, `schedule`
more tasks, or `ask` a question. A task that asks also answers: it has
`check(game, decision, action)` (raise `IllegalAction`, change nothing) and
`answer(game, decision, action)`. The machine runs tasks until a decision is
pending or the game is over:

    game.start()                 # run to the first decision; the events
    game.pending                 # who must answer what (a ruleset's Decision)
    game.legal_actions()         # the answers (a ruleset may list them lazily)
    game.is_legal(action)
    events = game.apply(action)  # IllegalAction(code) if not legal, state unchanged
    game.copy()                  # an independent copy (look-ahead)

`history` is every accepted answer in order: with the setup and the seed it is
the game record (`deathmatch.core.record`).
"""

from __future__ import annotations

import copy
from typing import Any, Protocol, Sequence

from .errors import IllegalAction


class Asker(Protocol):
    """A task that asked a decision: it checks an answer (raising `IllegalAction`, changing nothing) and takes it."""

    def check(self, game: Any, decision: Any, action: Any) -> None: ...

    def answer(self, game: Any, decision: Any, action: Any) -> None: ...


class Machine:
    """The generic flow: a task stack, the pending decision and the one who asked it."""

    def __init__(self) -> None:
        self.pending: Any = None
        """The question the game waits on (None once it is over)."""
        self.outcome: Any = None
        """How the game ended (None while it goes on)."""
        self.history: list = []
        """Every accepted answer, in order (the record's decisions)."""
        self.last_answer: tuple | None = None
        """(the last answer that was not a side answer, its events): what an undo looks at."""
        self._asker: Asker | None = None  # the task that set `pending`, and will take the answer
        self._stack: list = []
        self._events: list = []

    # ------------------------------------------------------------------ API

    @property
    def over(self) -> bool:
        return self.outcome is not None

    def legal_actions(self) -> Sequence:
        """Every legal answer to the pending decision (default: the decision's options)."""
        d = self.pending
        return [] if d is None else list(d.options)

    def is_legal(self, action) -> bool:
        try:
            self._check(action)
        except IllegalAction:
            return False
        return True

    side_answers: frozenset = frozenset()
    """Action types that answer no decision and leave it pending (a standing order, set in
    private while a decision waits; `deathmatch.core.orders`). `side_answer` takes them."""

    def side_answer(self, action) -> list:
        """Check and carry out a side answer (one of `side_answers`); return its events."""
        raise NotImplementedError

    def apply(self, action) -> list:
        """Check `action`, carry it out, run to the next decision; return the events.

        Raises IllegalAction (state unchanged) if the rules forbid it now. A side answer
        (a standing order) is recorded and leaves the pending decision as it is.
        """
        if type(action) in self.side_answers:
            events = self.side_answer(action)
            self.history.append(action)
            return events
        self._check(action)
        asker, decision = self._asker, self.pending
        assert asker is not None  # _check found a pending decision, so its asker
        self._events = events = []
        self.pending = None
        self._asker = None
        self.history.append(action)
        asker.answer(self, decision, action)
        self._run()
        self.last_answer = (action, events)
        return events

    def start(self, before: list | None = None) -> list:
        """Run from the initial tasks to the first decision; return the events (after
        `before`: events the setup already told, e.g. a dice-off, extended in place)."""
        self._events = before if before is not None else []
        self._run()
        return self._events

    def copy(self):
        """An independent copy (for look-ahead)."""
        return copy.deepcopy(self)

    # ------------------------------------------------------- for the tasks

    def refuse(self, code: str, message: str):
        """Raise IllegalAction(code, message)."""
        raise IllegalAction(code, message)

    def emit(self, event) -> None:
        self._events.append(event)

    def schedule(self, *tasks) -> None:
        """Run these tasks next, in the order given (before anything already pending)."""
        if self.outcome is None:
            self._stack.extend(reversed(tasks))

    def ask(self, asker, decision) -> None:
        """Stop and wait for an answer to `decision`; `asker` checks and takes it."""
        self.pending = decision
        self._asker = asker

    _ask = ask

    # ------------------------------------------------------------ internals

    def _run(self) -> None:
        stack = self._stack
        while self.pending is None and self.outcome is None and stack:
            stack.pop().run(self)

    def _check(self, action) -> None:
        if self.outcome is not None:
            raise IllegalAction("game_over", "the game is over")
        if self.pending is None:
            raise IllegalAction("no_decision", "nothing is being asked (start the game first)")
        assert self._asker is not None  # a decision is pending only with the task that asked it
        self._asker.check(self, self.pending, action)
