"""The one door between a screen (or a phone, or any viewer) and a game: what one viewer may know.

A screen never reads the game. It holds a `Front` and asks it, naming who looks:

    front = Front(game)
    front.view(viewer)           # the ruleset's per-player view (`Ruleset.view`), read-only; None: the public view
    front.turn                   # whose decision is pending (public), None when over or nobody's
    front.decision(viewer)       # the pending decision, only for the viewer who answers it (else None)
    front.legal(viewer)          # its legal answers for that viewer ([] for anyone else)
    front.is_legal(viewer, a)
    front.apply(viewer, action)  # the viewer's answer -> the events (IllegalAction if not theirs)
    front.visible(event, viewer) # whether the viewer may be told of an event (the ruleset's rule)
    front.ask(viewer, "question", *args)   # a question the ruleset answers for that viewer (odds, paths …)

`Ruleset.questions` names the questions a ruleset answers for a viewer: each is
`fn(game, viewer, *args)` and answers only what that viewer may know (the odds of their own
attack, the squares a mini of theirs may reach). Nothing else of the game is reachable from a
`Front`: the game is held under a private name, and the host-side hands that must have the whole
game (an autosave, a bot thinking on its seat's behalf, the record) get it through `hand_to`.

The view is made once per change of the game (an answer taken, here or by the host; a host that
changes the game another way calls `changed()`), then given again: a screen may ask for it every
frame. A view is plain data made read-only (`Seen`: a mapping whose keys are
also attributes, lists become tuples), so a screen cannot change the game through it either.

`tests/shell/test_view_only.py` reads every module under `scenes/` and `client/` and fails on a reach
into a game (an attribute read of something named `game`); the conformance suite's leak detector
checks every string drawn against what the seated person may know.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from .errors import IllegalAction


class Seen(Mapping):
    """Read-only plain data: a mapping whose keys are also attributes (`m.at`, `m["at"]`)."""

    __slots__ = ("_data",)

    def __init__(self, data: Mapping):
        object.__setattr__(self, "_data", {k: seen(v) for k, v in data.items()})

    def __getitem__(self, key):
        return self._data[key]

    def __iter__(self) -> Iterator:
        return iter(self._data)

    def __len__(self) -> int:
        return len(self._data)

    def __getattr__(self, name: str):
        try:
            return self._data[name]
        except KeyError:
            raise AttributeError(name) from None

    def __setattr__(self, name, value):
        raise AttributeError("a view is read-only")

    def __repr__(self) -> str:
        return f"Seen({self._data!r})"

    def __eq__(self, other) -> bool:
        return dict(self.items()) == (dict(other.items()) if isinstance(other, Mapping) else other)

    __hash__ = None  # type: ignore[assignment]


def seen(value):
    """`value` made read-only: mappings become `Seen`, lists and tuples tuples, sets frozensets."""
    if isinstance(value, Seen):
        return value
    if isinstance(value, Mapping):
        return Seen(value)
    if isinstance(value, (list, tuple)):
        return tuple(seen(v) for v in value)
    if isinstance(value, (set, frozenset)):
        return frozenset(value)
    return value


class Front:
    """A game as its viewers may see it (see the module's words)."""

    __slots__ = ("__game", "_ruleset", "_views", "_made_at", "_changes")

    def __init__(self, game, ruleset=None):
        if isinstance(game, Front):
            raise TypeError("Front(game): give it the game, not another front")
        self.__game = game
        if ruleset is None:
            from . import registry  # lazy: start-up (the registry reads the installed games' entry points)

            ruleset = registry.get(game.ruleset_id)
        self._ruleset = ruleset
        self._views: dict = {}
        self._made_at: tuple = ()
        self._changes = 0

    # --- what anyone may know ----------------------------------------------------------------
    @property
    def ruleset(self):
        """The game's rules part (`deathmatch.core.manifest.Ruleset`): its id, name, levels."""
        return self._ruleset

    @property
    def ruleset_id(self) -> str:
        return self._ruleset.id

    @property
    def over(self) -> bool:
        return self.__game.over

    @property
    def outcome(self):
        """How the game ended (who won, why; public), None while it goes on."""
        return self.__game.outcome

    @property
    def arena(self):
        """The arena (or board) the game is played on: public, and the same from start to end."""
        g = self.__game
        arena = getattr(g, "arena", None)
        state = getattr(g, "state", None)
        if arena is None and state is not None:
            arena = getattr(state, "arena", None) or getattr(state, "board", None)
        return arena

    def when(self) -> int | None:
        """The round (or turn) the game is in, from the public view (None if it counts neither)."""
        v = self.view(None)
        n = v.get("round", v.get("turn"))
        return n if isinstance(n, int) else None

    @property
    def answers(self) -> int:
        """How many answers the game has taken since its setup (its record's length: public, every
        seat sees each answer given). A screen marks a moment of the game by it (a recap starts there)."""
        return len(getattr(self.__game, "history", ()) or ())

    @property
    def changes(self) -> int:
        """How many answers this front has applied (a screen may redraw when it grows)."""
        return self._changes

    @property
    def turn(self) -> str | None:
        """The seat whose decision is pending (None when the game is over)."""
        d = self.__game.pending
        return None if d is None else d.player

    def view(self, viewer: str | None) -> Seen:
        """The game as `viewer` may see it (None: anyone, the public view), read-only."""
        g = self.__game
        now = (len(g.history), id(g.pending), g.outcome is None)
        if now != self._made_at:  # the game moved on (here or by the host): views made afresh
            self._views.clear()
            self._made_at = now
        v = self._views.get(viewer)
        if v is None:
            if self._ruleset.view is None:
                raise ValueError(f"{self._ruleset.name} has no per-player view")
            v = self._views[viewer] = seen(self._ruleset.view(g, viewer))
        return v

    def visible(self, event, viewer: str | None) -> bool:
        """Whether `viewer` may be told of `event` (None: told to everyone)."""
        if viewer is None:
            return all(self._ruleset.event_visible_to(event, p) for p in self.seats())
        return self._ruleset.event_visible_to(event, viewer)

    def told(self, events, viewer: str | None) -> list:
        """The events of `events` that `viewer` may be told of, in order."""
        return [e for e in events if self.visible(e, viewer)]

    def seats(self) -> tuple:
        """The seats (players) of the game, in order."""
        g = self.__game
        players = getattr(g, "players", None)
        if players is None and hasattr(g, "state"):
            players = getattr(g.state, "players", None)
        if players is None:
            players = getattr(getattr(g, "setup", None), "players", ())
        return tuple(p if isinstance(p, str) else getattr(p, "name", p) for p in (players or ()))

    # --- what only the viewer who decides may know -------------------------------------------
    def decision(self, viewer: str | None):
        """The pending decision when `viewer` answers it (its options are theirs), else None."""
        d = self.__game.pending
        return d if d is not None and viewer is not None and d.player == viewer else None

    def legal(self, viewer: str | None) -> list:
        """The legal answers to the pending decision when `viewer` answers it, else []."""
        if self.decision(viewer) is None:
            return []
        return list(self.__game.legal_actions())

    def is_legal(self, viewer: str | None, action) -> bool:
        return self.decision(viewer) is not None and self.__game.is_legal(action)

    def apply(self, viewer: str | None, action) -> list:
        """`viewer`'s answer to the pending decision (or a side answer of theirs, a standing
        order): the events it caused. IllegalAction, the game unchanged, when it is not theirs
        to give or not legal."""
        g = self.__game
        if type(action) not in g.side_answers and self.decision(viewer) is None:
            raise IllegalAction("not_yours", f"{viewer!r} does not answer the pending decision")
        events = g.apply(action)
        self._views.clear()
        self._changes += 1
        return events

    def ask(self, viewer: str | None, question: str, *args, **kwargs) -> Any:
        """A question the ruleset answers for `viewer` (`Ruleset.questions`); KeyError if it has
        no such question."""
        fn = (self._ruleset.questions or {})[question]
        return fn(self.__game, viewer, *args, **kwargs)

    # --- the host's hands (never a screen's eyes) --------------------------------------------
    def hand_to(self, fn: Callable[[Any], Any]) -> Any:
        """Give the whole game to `fn` — a bot choosing for its seat, a save, a record — and
        return what it returns. Not for drawing: the game is the host's."""
        return fn(self.__game)

    @property
    def opening(self) -> list:
        """The events told as the game was set up (a dice-off), before any answer; none for a game
        taken up again (a resumed game's log is told again from its record, `retold`)."""
        g = self.__game
        return [] if getattr(g, "history", None) else list(getattr(g, "setup_events", ()))

    @property
    def played_before(self) -> bool:
        """Whether answers were taken before this front was made (a game resumed: Continue, Load)."""
        g = self.__game
        return bool(getattr(g, "history", None)) and getattr(g, "setup", None) is not None

    def retold(self) -> Iterator[tuple[Front, list]]:
        """The game played again from its setup (the record): `(front, events)` for the setup's
        events, then for every answer in order — `front` the game made again as it stood then —
        for a log told again as it was. Stops quietly where a record no longer plays."""
        g = self.__game
        fresh = Front(self._ruleset.new_game(g.setup), self._ruleset)
        yield fresh, list(getattr(fresh.__game, "setup_events", ()))
        for action in list(g.history):
            yield fresh, fresh.__game.apply(action)

    def changed(self) -> None:
        """Forget the views made so far (the host changed the game outside `apply`)."""
        self._views.clear()
        self._changes += 1


def plays_through(fresh, decisions) -> None:
    """Raise `RecordError` unless every decision plays, in order, on a copy of `fresh` (the game as the
    record's setup makes it; `fresh` itself is untouched)."""
    import copy

    from .errors import RecordError

    game = fresh.copy() if callable(getattr(fresh, "copy", None)) else copy.deepcopy(fresh)
    for i, action in enumerate(decisions):
        try:
            game.apply(action)
        except Exception as e:  # IllegalAction, or the rules choking on a hand-edited decision
            why = str(e) if isinstance(e, IllegalAction) else f"{type(e).__name__}: {e}"
            raise RecordError(f"decision {i + 1} ({action!r}) is illegal on replay: {why}") from None
