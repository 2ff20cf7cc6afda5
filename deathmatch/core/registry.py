"""The rulesets, by id. A ruleset registers itself when its package is imported
(`deathmatch.rulesets` imports the bundled ones); nothing else asks which ruleset
it is playing: it asks the registry for the ruleset's hooks.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Protocol

from .errors import RecordError, SetupError
from .record import Record


@dataclass(frozen=True)
class Ruleset:
    """What a ruleset gives the core, the bots, the records and the scenario runner."""

    id: str
    """Its id in records, scenario files and map properties (`celebrity`)."""
    name: str
    """Its name for people (`Celebrity Deathmatch`)."""
    version: int
    """The version of its record format (setup and decisions JSON)."""
    new_game: Callable[[Any], Any]
    """setup -> a started game (a `Machine`) waiting on its first decision."""
    setup_from_json: Callable[[Any], Any]
    """A record's setup JSON -> setup (SetupError if bad)."""
    setup_to_json: Callable[[Any], Any]
    action_from_json: Callable[[Any], Any]
    """A record's decision JSON -> action (ValueError if bad)."""
    action_to_json: Callable[[Any], Any]
    random_answer: Callable[[Any, random.Random], Any]
    """A uniformly random legal answer to the game's pending decision (random play)."""
    seed_of: Callable[[Any], int | None] = lambda setup: getattr(setup, "seed", None)
    """The setup's dice seed (for the record)."""
    run_scenario: Callable[[Any, dict, Any], Any] | None = None
    """`run_scenario(data, lines, path)`: play a scenario file of this ruleset; raises the
    runner's Fail (`deathmatch.scenario`) with a message naming the file, step and line."""
    view: Callable[[Any, str], dict] | None = None
    """`view(game, player)`: the state as `player` may see it (see `deathmatch.core.view`)."""
    event_visible_to: Callable[[Any, str], bool] = lambda event, player: True
    """Whether `player` may be told of an event."""
    bot_levels: tuple[str, ...] = ()
    """Its computer players' levels, weakest first (none: it has no bots)."""
    bot: Callable[..., Any] | None = None
    """`bot(level, player, seed, thinking="normal")`: a computer player for `player`'s seat (a
    `Bot`, below); `thinking` (fast, normal, deep: `deathmatch.core.search.THINKING`) is how long a
    searching bot thinks; ValueError naming the levels for an unknown level. A ruleset with
    `determinize` and `evaluate` gets its hard bot from the core (`deathmatch.core.search.hard_bot`)."""
    determinize: Callable[[Any, str, random.Random], Any] | None = None
    """`determinize(game, player, rng)`: a copy of the game `player` could believe in, everything
    hidden from them (future dice, others' secrets) drawn from `rng`, never read from the game
    (the search bot's, `deathmatch.core.search`; none: the ruleset has no search bot)."""
    evaluate: Callable[[Any, str], float] | None = None
    """`evaluate(game, player)`: how good the game is for `player`, 0 (lost) to 1 (won); a
    finished game's result (the search bot values its rollouts by it)."""
    epoch: Callable[[Any], int] | None = None
    """`epoch(game)`: a count that grows as the game goes (Celebrity: the round); the search bot's
    rollouts stop at a like moment, where it has grown by a few (none: after so many answers)."""
    rank: Callable[[int], Callable[[Any, int], list]] | None = None
    """`rank(seed)` -> `ranked(game, k)`: the `k` most promising answers to the pending decision,
    best first (the search widens over them; none: the normal bot's answer, then the rest)."""
    search_budgets: dict[str, Any] | None = None
    """What each thinking setting (fast, normal, deep) buys its search bot's decision: a
    `deathmatch.core.search.Budget` by setting (none, or a setting it does not name: the core's
    `BUDGETS`, by the clock). A game whose rollouts cost differently needs its own."""
    tournament: Any = None
    """Its part of a tournament night (`deathmatch.tournament`): a `TournamentRules`."""
    lab: Any = None
    """Its part of the balance lab (`deathmatch.balance`): a `LabRules`."""
    career: Any = None
    """Its part of a season of league play (Gladiator!'s careers,
    `deathmatch.rulesets.gladiator.career`): a `CareerRules`; none: it has no careers."""
    quick_game: Callable[..., Any] | None = None
    """`quick_game(names, arena, seed, *, orders=False, **options)`: a started game with random
    pieces dealt to the seats `names` on a loaded `arena` (`deathmatch play`, `demo`, tests);
    `seed` deals and rolls; `orders`: every seat starts on its default standing orders;
    `options`: the ruleset's options by name (Celebrity Deathmatch: beasts, round_limit)."""


class Bot(Protocol):
    """A computer player, as the shell, tournaments and the balance lab use it."""

    level: str
    """One of its ruleset's `bot_levels`."""
    thinks: bool
    """True when `choose` looks ahead (takes long): a screen asks it on a worker thread."""

    def choose(self, game) -> Any:
        """A legal answer to `game.pending` (a copy of the game is all it may look at)."""


class TournamentRules(Protocol):
    """What a tournament night (`deathmatch.tournament`) asks of a ruleset. The night itself
    (seats, rotation, drop-outs, arenas, standings, saving) is the same for every ruleset."""

    stand_in: str
    """The bot level that plays a person's seat in a headless night."""

    def library(self) -> Any:
        """The pieces a night deals from when nobody hands it any (read afresh: load once a night)."""

    def default_options(self) -> Any:
        """The options of a night nobody chose options for."""

    def bot_night_options(self) -> Any:
        """The options of a headless night of bots (`deathmatch tournament`)."""

    def options_to_json(self, options) -> Any: ...

    def options_from_json(self, data) -> Any:
        """KeyError, TypeError or ValueError if bad."""

    def setup(self, seats, arena: str, seed: int, options, *, order, banned, rng, pieces=None, library=None) -> Any:
        """Game k's setup: `seats` [(name, colour, kind: "Human" or a bot level)], `arena` an
        arena id, the dice's `seed`, the placement `order` (names); each player's pieces
        (`pieces[name]`, or dealt with `rng` from `library`, None: the ruleset's default
        library) avoiding `banned[name]` (what they played before, when no repeats)."""

    def pieces(self, setup) -> dict[str, list[str]]:
        """What each player played with (card ids), from a record's setup JSON."""

    def located(self, record: Record) -> Record:
        """The record with its arena named by id, found in this game's folders
        (RecordError naming the arena if it is not there)."""

    def result(self, game) -> dict:
        """A finished game's result: `{"arena": name, "winners": [player, ...], "scores":
        {player: (vp, kills, loot, lives_taken)}}` (the standings add these up)."""

    def highlights(self, results: list[dict]) -> list[str]:
        """The night's highlights, in words, from each game's result (with its `"game"`)."""


class CareerRules(Protocol):
    """What a season of league play (`deathmatch.rulesets.gladiator.career`) asks of the rules
    that play its bouts. The season itself (ludi, money, schedule, records, saving) is the career's."""

    def deck(self) -> list:
        """The experience cards a new season draws from (the bundled and the user's), as
        `model.Card`s: the season keeps a copy in its file."""

    def bout_setup(self, bout: dict, seed: int) -> Any:
        """The setup of a bout between two men: `bout` is `BoutSetup.to_json()` (`{"bout": n,
        "round": r, "sides": [{"ludus", "colour", "bot", "gladiator": {id, name, type, ...,
        cards, bonus_ap}, "cards": [{id, name, kind, amount, text}]}, ...]}`), each side's seat
        named by its ludus; `seed` the bout's dice seed."""

    def bout_result(self, game) -> dict:
        """A finished bout: `{"winner": 0 | 1 | None, "men": [{"end": standing | spared |
        thumbs_down | killed, "damage_dealt", "wounds": {location: points}, "cards_used": [ids]},
        ...]}`, the men in the order of the setup's sides."""

    def called_off(self, game) -> bool:
        """(Optional) Whether a bout still going is stopped now and scored as it stands: for a
        bout the rules give no end (`bout_result` then reports it)."""


class LabRules(Protocol):
    """What the balance lab (`deathmatch.balance`) asks of a ruleset. The lab itself (seeds,
    arena rotation, bots, jobs, progress, the files) is the same for every ruleset."""

    def prepare(self) -> None:
        """Load what every game reads (before worker processes fork)."""

    def start(self, config, rng, arena_name: str, arena, index: int) -> Any:
        """Lab game `index` of the run (`rng` seeded from it): an object with `game` (started),
        `seats` (player names, the bots are made in this order), `on_events(events)` and
        `summary(decisions) -> dict` (picklable)."""

    def summarize(self, config, results: list[dict]) -> dict:
        """The report's `summary` and `cards` from every game's summary."""

    def lines(self, report: dict) -> list[str]:
        """The report for a terminal, after its command line."""

    def to_csv(self, report: dict) -> str: ...


_RULESETS: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Add a ruleset (a second one with the same id replaces the first: tests reload)."""
    _RULESETS[ruleset.id] = ruleset
    return ruleset


def get(ruleset_id: str) -> Ruleset:
    try:
        return _RULESETS[ruleset_id]
    except KeyError:
        known = ", ".join(sorted(_RULESETS)) or "none"
        raise KeyError(f"no ruleset {ruleset_id!r} (known: {known})") from None


def ids() -> list[str]:
    return sorted(_RULESETS)


def record_of(game, ruleset: Ruleset) -> Record:
    """The record of a game that came from a setup (`game.setup`)."""
    setup = getattr(game, "setup", None)
    if setup is None:
        raise RecordError("a game started from a scenario position has no setup to record")
    return Record(ruleset.id, ruleset.version, ruleset.setup_to_json(setup), ruleset.seed_of(setup),
                  tuple(ruleset.action_to_json(a) for a in game.history))


def read(record: Record) -> tuple[Ruleset, Any, list]:
    """(its ruleset, its setup, its decisions as actions): a record read but not replayed
    (RecordError naming what is wrong, as `replay` would, short of an illegal decision)."""
    try:
        ruleset = get(record.ruleset)
    except KeyError as e:
        raise RecordError(str(e.args[0])) from None
    if record.ruleset_version > ruleset.version:
        raise RecordError(f"the record is of {ruleset.name} version {record.ruleset_version}, "
                          f"newer than this game reads ({ruleset.version}): update the game")
    try:
        setup = ruleset.setup_from_json(record.setup)
    except (SetupError, KeyError, TypeError) as e:
        raise RecordError(f"bad setup: {e}") from None
    actions = []
    for i, d in enumerate(record.decisions):
        try:
            actions.append(ruleset.action_from_json(d))
        except ValueError as e:
            raise RecordError(f"decision {i + 1}: {e}") from None
    return ruleset, setup, actions


def replay(record: Record):
    """The game a record describes, replayed decision by decision (RecordError if it can not be)."""
    from .errors import IllegalAction

    ruleset, setup, actions = read(record)
    try:
        game = ruleset.new_game(setup)
    except (SetupError, KeyError, TypeError) as e:
        raise RecordError(f"bad setup: {e}") from None
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except IllegalAction as e:
            raise RecordError(f"decision {i + 1} ({action!r}) is illegal on replay: {e}") from None
    return game
