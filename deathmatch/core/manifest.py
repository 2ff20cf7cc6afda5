"""A game's manifest: everything the program needs to know of one game, declared in one place.

A game is a package that declares one `GameManifest` (the bundled four in
`deathmatch/rulesets/<id>/manifest.py`) and names it in the `deathmatch.games`
entry-point group of its distribution's metadata (pyproject.toml):

    [project.entry-points."deathmatch.games"]
    celebrity = "deathmatch.rulesets.celebrity.manifest:MANIFEST"

The registry (`deathmatch.core.registry.games`) finds every manifest through those entry
points, the way pytest finds its plugins, so a game may come from another installed package.
The command line (the `check-…` commands, `--ruleset`), the per-user folders
(`deathmatch.paths`), the client's table of games (`deathmatch.scenes.router.RULESETS`) and
the tests' lists of games are read from the manifests, never kept by hand.

The client part names the game's screens by `Ref` (module and attribute, imported only when a
screen is first shown, so that a manifest imports no pygame) or gives them as objects.
A game's rules part, the `Ruleset` (with what a tournament night, the balance lab and a season ask of it),
is here too; the registry (`deathmatch.core.registry`) keeps them by id. Pure Python, imports no game.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

from .machine import Machine
from .record import Record
from .search import Budget


@dataclass(frozen=True)
class Ruleset:
    """What a ruleset gives the core, the bots, the records and the scenario runner."""

    id: str
    """Its id in records, scenario files and map properties (`celebrity`)."""
    name: str
    """Its name for people (`Celebrity Deathmatch`)."""
    version: int
    """The version of its record format (setup and decisions JSON)."""
    new_game: Callable[[Any], Machine]
    """setup -> a started game (a `Machine`) waiting on its first decision."""
    setup_from_json: Callable[[dict], Any]
    """A record's setup JSON -> setup (SetupError if bad)."""
    setup_to_json: Callable[[Any], dict]
    action_from_json: Callable[[dict], Any]
    """A record's decision JSON -> action (ValueError if bad)."""
    action_to_json: Callable[[Any], dict]
    random_answer: Callable[[Machine, random.Random], Any]
    """A uniformly random legal answer to the game's pending decision (random play)."""
    seed_of: Callable[[Any], int | None] = lambda setup: getattr(setup, "seed", None)
    """The setup's dice seed (for the record)."""
    run_scenario: Callable[[Any, dict, Path], None] | None = None
    """`run_scenario(data, lines, path)`: play a scenario file of this ruleset; raises the
    runner's Fail (`deathmatch.scenario`) with a message naming the file, step and line."""
    view: Callable[[Machine, str], dict] | None = None
    """`view(game, player)`: the state as `player` may see it (see `deathmatch.core.view`)."""
    event_visible_to: Callable[[Any, str], bool] = lambda event, player: True
    """Whether `player` may be told of an event."""
    questions: dict[str, Callable[..., Any]] = field(default_factory=dict)
    """What a screen may ask of the game for one viewer (`deathmatch.core.front.Front.ask`): by
    name, `fn(game, viewer, *args)`, each answering only what that viewer may know (the odds of
    their own attack, the cells their piece may reach)."""
    bot_levels: tuple[str, ...] = ()
    """Its computer players' levels, weakest first (none: it has no bots)."""
    bot: Callable[..., Bot] | None = None
    """`bot(level, player, seed, thinking="normal")`: a computer player for `player`'s seat (a
    `Bot`, below); `thinking` (fast, normal, deep: `deathmatch.core.search.THINKING`) is how long a
    searching bot thinks; ValueError naming the levels for an unknown level. A ruleset with
    `determinize` and `evaluate` gets its hard bot from the core (`deathmatch.core.search.hard_bot`)."""
    determinize: Callable[[Machine, str, random.Random], Machine] | None = None
    """`determinize(game, player, rng)`: a copy of the game `player` could believe in, everything
    hidden from them (future dice, others' secrets) drawn from `rng`, never read from the game
    (the search bot's, `deathmatch.core.search`; none: the ruleset has no search bot)."""
    evaluate: Callable[[Machine, str], float] | None = None
    """`evaluate(game, player)`: how good the game is for `player`, 0 (lost) to 1 (won); a
    finished game's result (the search bot values its rollouts by it)."""
    epoch: Callable[[Machine], int] | None = None
    """`epoch(game)`: a count that grows as the game goes (Celebrity: the round); the search bot's
    rollouts stop at a like moment, where it has grown by a few (none: after so many answers)."""
    rank: Callable[[int], Callable[[Machine, int], list]] | None = None
    """`rank(seed)` -> `ranked(game, k)`: the `k` most promising answers to the pending decision,
    best first (the search widens over them; none: the normal bot's answer, then the rest)."""
    search_budgets: dict[str, Budget] | None = None
    """What each thinking setting (fast, normal, deep) buys its search bot's decision: a
    `deathmatch.core.search.Budget` by setting (none, or a setting it does not name: the core's
    `BUDGETS`, by the clock). A game whose rollouts cost differently needs its own."""
    tournament: TournamentRules | None = None
    """Its part of a tournament night (`deathmatch.tournament`): a `TournamentRules`."""
    lab: LabRules | None = None
    """Its part of the balance lab (`deathmatch.balance`): a `LabRules`."""
    career: CareerRules | None = None
    """Its part of a season of league play (Gladiator!'s careers,
    `deathmatch.rulesets.gladiator.career`): a `CareerRules`; none: it has no careers."""
    quick_game: Callable[..., Machine] | None = None
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
        """A finished game's result: `{"arena": name, "winners": [player, ...], "scores": {player: (...)}}`
        and anything the highlights want; the game's `Scoring` (its manifest's) says how each column of the
        night is read from it (the bundled games' scores are four numbers, read by `Score(i)`)."""

    def highlights(self, results: list[dict]) -> list[str]:
        """The night's highlights, in words, from each game's result (with its `"game"`)."""


def win_share(result: dict, player: str) -> float:
    """A game's win for `player`: 1, a shared win 1/k (k winners), else 0 (the night's "wins" column)."""
    winners = result["winners"]
    return 1 / len(winners) if player in winners else 0.0


@dataclass(frozen=True)
class Score:
    """Reads the `index`-th number of a player's scores in a game's result (`TournamentRules.result`)."""

    index: int

    def __call__(self, result: dict, player: str) -> float:
        return result["scores"][player][self.index]


@dataclass(frozen=True)
class Column:
    """One column of a tournament night: its name, its words and how a finished game's result gives it."""

    key: str
    """Its name in the standings' rows and in the CSV export's header ("vp")."""
    label: str
    """Its words on the night's screen and page ("VP")."""
    read: Callable[[dict, str], float]
    """`read(result, player)`: the column's number for `player` in one finished game's result."""
    total: bool = True
    """Added up in the night's standings (False: shown only on each game's lines of the export)."""
    per_game: bool = True
    """On each game's lines of the export (the wins are not: those lines name the winners)."""
    lower_is_better: bool = False
    """As a tie-break, the smaller number ranks first."""
    fractional: bool = False
    """Its numbers are not whole (shared wins): a player's total starts at 0.0, is rounded to two places once
    the night is ranked, and is shown without trailing zeros."""

    def shown(self, value: float) -> str:
        """A number of the column as the screen and the page show it."""
        return f"{value:g}" if self.fractional else str(value)


WINS = Column("wins", "wins", win_share, per_game=False, fractional=True)
"""The night's wins (a shared win counts 1/k): a column most games' scoring has."""

RESERVED_KEYS = ("rank", "player", "games", "dropped")
"""The standings' own fields: no column may be named so."""


@dataclass(frozen=True)
class Scoring:
    """How a tournament night scores a game (`GameManifest.scoring`): its columns, in the order the night's
    table and exports show them, and its tie-breaks. The night (`deathmatch.tournament`) adds up each
    `total` column over a player's games; it ranks by the tie-breaks in order, then by name."""

    columns: tuple[Column, ...]
    tie_breaks: tuple[str, ...]
    """Column keys, most important first (the first is the podium's and each game's headline number)."""

    def __post_init__(self) -> None:
        keys = [c.key for c in self.columns]
        if len(set(keys)) != len(keys) or set(keys) & set(RESERVED_KEYS):
            raise ValueError(f"a night's columns need their own names, none of {', '.join(RESERVED_KEYS)}: {keys}")
        totals = {c.key for c in self.totals}
        wrong = [k for k in self.tie_breaks if k not in totals]
        if not self.tie_breaks or wrong:
            raise ValueError(f"the tie-breaks must be columns the standings add up: {wrong or 'none given'}")

    @property
    def totals(self) -> tuple[Column, ...]:
        """The columns the standings add up, in order."""
        return tuple(c for c in self.columns if c.total)

    @property
    def per_game(self) -> tuple[Column, ...]:
        """The columns on each game's lines of the export, in order."""
        return tuple(c for c in self.columns if c.per_game)

    def column(self, key: str) -> Column:
        return next(c for c in self.columns if c.key == key)

    @property
    def lead(self) -> Column:
        """The first tie-break's column: the podium's and each game's headline number."""
        return self.column(self.tie_breaks[0])

    def rank_key(self, row: dict) -> tuple:
        """A standings row's place in the order of the tie-breaks (without the name)."""
        return tuple(row[k] if self.column(k).lower_is_better else -row[k] for k in self.tie_breaks)


PLAIN_SCORING = Scoring(
    columns=(Column("vp", "VP", Score(0)), WINS),
    tie_breaks=("vp", "wins"),
)
"""A night's scoring for a game whose manifest names none (or a ruleset registered without a manifest): the
first of its scores as VP, then the wins."""


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


@dataclass(frozen=True)
class Ref:
    """A module's attribute, imported when first asked for (`load`): `Ref("deathmatch.scenes.celebrity.battle",
    "BattleScene")`; without `attr`, the module itself."""

    module: str
    attr: str = ""

    def load(self) -> Any:
        loaded = importlib.import_module(self.module)
        return getattr(loaded, self.attr) if self.attr else loaded

    def __str__(self) -> str:
        return f"{self.module}:{self.attr}" if self.attr else self.module


Target = Ref | type | Callable[..., Any] | ModuleType
"""A screen, function or module of a game's client part: a `Ref` to it (loaded lazily), or the object itself."""


def resolve(target: Any) -> Any:
    """The object `target` stands for (a `Ref` loaded, anything else as it is)."""
    return target.load() if isinstance(target, Ref) else target


def module_of(target: Any) -> str | None:
    """The dotted name of the module `target` comes from (for the packaged app's hidden imports), if known."""
    if isinstance(target, Ref):
        return target.module
    if isinstance(target, ModuleType):
        return target.__name__
    return getattr(target, "__module__", None)


@dataclass(frozen=True)
class ContentKind:
    """A kind of file a player may write for the game (Celebrity's character cards, Skirmish's armies)."""

    command: str
    """The command line's command that checks such files (`check-cards`)."""
    help: str
    """That command's line in `deathmatch --help`."""
    check: Target
    """`check(paths: list[Path]) -> int`: every problem and an ok line per good file, printed; the exit code
    (1 on a problem). No paths: the bundled files and the player's own."""
    user: tuple[str, ...] = ()
    """The folders of the per-user data folder its files go in (made on first start: `deathmatch.paths`)."""
    bundled: tuple[str, ...] = ()
    """The folders of assets/ the game ships its own in."""
    schema: str = ""
    """A file of its first bundled folder copied into its first user folder on every start (Celebrity's
    card.schema.json: an editor completes a card written there); "": none."""
    design_command: str = ""
    """The command line's command that opens the game's designer of such files (`design-hero`); "": none."""
    design_help: str = ""
    """That command's line in `deathmatch --help`."""
    design: Target | None = None
    """`design(item_id or None) -> (screen, keyword arguments)`: the name of the game's screen (one of its client
    part's `screens`) that makes such a file, and what it is given to open a new one (None) or the bundled or
    player's file `item_id`; KeyError saying which ids there are for an unknown id. Imports no pygame."""

    def run(self, paths: list[Path]) -> int:
        return resolve(self.check)(paths)


@dataclass(frozen=True)
class ClientPart:
    """The screen side of a game: what the shared shell opens for it (`deathmatch.scenes.router`).

    `id`, `name` and `rules` are the manifest's (the router fills them in from it)."""

    id: str = ""
    """The ruleset id its records carry ("celebrity")."""
    name: str = ""
    """What a player reads on a choice of game."""
    table: Target | str = ""
    """Its battle scene (the table): a `Scene` class."""
    start: Target | str = ""
    """The function putting a game on that table: `start(app, game, path=None)`."""
    setup: Target | str = ""
    """Its new-game setup scene (the shell's setup frame with its options, or its own)."""
    options: Target | str = ""
    """Its setup options on that frame: `Class(last_choices)` with `buttons(x, y, width, s, changed)`,
    `options()` (the ruleset's options), `remembered()` and `hidden_cards`."""
    sounds: Target | str = ""
    """`function(event)` → the name of the sound effect of the event, or None."""
    screens: dict[str, Any] = field(default_factory=dict)
    """Its own screens besides the table, scene name → scene (Celebrity's replay viewer and orders)."""
    results: Target | str = ""
    """Its part of the results screen (scenes/results.py is the frame): `Class(app, game)` with
    `headline()` → (title, line under it), `draw(surface, left, right, areas)`, `wheel(dy)`, `can_replay` and
    `watch_replay()`, `can_rematch` and `rematch()` → a new game."""
    new_game: Target | str = ""
    """The module of its side of the new-game and tournament setup frames: `library()` (its cards),
    `cards_each(players)`, `new_game(arena, seats, library, options, seed=, colours=, bots=, orders_for=)`
    → a started game, and the words `card_words` (what a player picks) and `each_runs(n)`."""
    rules: tuple[tuple[str, str], ...] = ()
    """Its pages on the rules screen, in tab order (the manifest's `rules_pages`)."""
    howto: Target | str = ""
    """The pictures of its How to play page: a class `Book(library)` (client/howto.py's `PictureBook`), called
    `book(name, width)` → the picture of each `[step NAME]`; "" if its pages have none."""
    secrets: bool = True
    """Whether a player may see what the others must not (hidden cards): the hand-off then asks the others to
    look away."""
    round_word: str = "round"
    """What the game counts its time in, as a saved game's line says it ("round 3", "turn 3")."""
    secret_words: str = "Keep your cards close to your chest — the others look away."
    """What the hand-off says to the one taking the seat, in the game's own words, when it has secrets."""
    tournament_setup: Target | str = ""
    """Its tournament night's setup scene; "" if its nights are not played on screen."""
    blurb: str = ""
    """One line saying what the game is, under its button on the "Which game?" screen."""
    careers: Target | str = ""
    """`function()` → (the file, when last saved, a line of words) of the season the title screen's Continue
    goes on with, or None; "" if it has no careers played on screen."""

    def targets(self) -> list[Any]:
        """Everything it names that the router may load."""
        return [
            t
            for t in (
                self.table,
                self.start,
                self.setup,
                self.options,
                self.sounds,
                *self.screens.values(),
                self.results,
                self.new_game,
                self.tournament_setup,
                self.careers,
                self.howto,
            )
            if t
        ]


@dataclass(frozen=True)
class GameManifest:
    """One game, declared once: its id and names, its rules, its screens, its files, its pages, its nights."""

    id: str
    """Its ruleset id in records, scenario files, saves and map properties (`celebrity`)."""
    name: str
    """Its full name for people, on "Which game?" (`Semi-Historical Celebrity Deathmatch`)."""
    rules: Ruleset | Ref
    """Its rules part: the registry's `Ruleset` (or a `Ref` to it, registered when loaded)."""
    client: ClientPart | None = None
    """Its screens (none: it is played headless only; a saved game of it says its screens are not installed)."""
    content: tuple[ContentKind, ...] = ()
    """The kinds of file a player may write for it, each with its `check-…` command and folders."""
    rules_pages: tuple[tuple[str, str], ...] = ()
    """Its pages on the rules screen, in tab order: (tab label, source), the source a text file in
    assets/rules/ (the markup of client/document.py) or, not ending in ".txt", the name of a scene the
    tab opens (Celebrity's "gallery" of characters). None: the rules screen says so."""
    scoring: Scoring = PLAIN_SCORING
    """How a tournament night scores it: its own columns (each read from a finished game's result) and its
    tie-break order; the night's standings, its screen and its exports follow them."""
    career: Ref | None = None
    """Its career or season module (league play across nights), if it has one: `cli(argv) -> int` is the
    `deathmatch season` command's (Gladiator!'s)."""
    order: int = 100
    """Where it stands among the games ("Which game?" lists them by this, then by id)."""

    def ruleset(self) -> Ruleset:
        """Its rules part, loaded (and so registered)."""
        return resolve(self.rules)
