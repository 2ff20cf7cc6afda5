"""Where the client goes next: scene names → the scenes that serve them, in one place.

Scenes never import each other (tests/test_router.py reads every import, the
function-local ones too). A scene asks the app to go somewhere by name:

    self.app.open("rules", game=..., viewer=...)  # push a scene over this one
    self.app.go("results", game)           # a fresh title screen, then that scene on it
    self.app.play(game)                    # a game on its ruleset's battle screen

and only this module knows which class serves each name. Modules are
imported when a name is first used, as the function-local imports did
before, so starting the game loads no scene it does not show.

The shell (title, setup frame, load, settings, tournament, results frame,
hand-off, error, help, …) is shared by every ruleset and imports nothing of
one (tests/test_shell.py reads every import). A ruleset brings its table
(battle scene, and the function that puts a game on it), its setup scene with
its options and the game they make and its part of the results screen (the
hand-off's words are the shell's, the same for every seat): `RULESETS` maps a ruleset id to those. A saved game of
a ruleset the client has no screens for loads with a clear message instead
(`Router.unavailable`). Celebrity
Deathmatch is the only one so far, so the title screen's New game goes
straight to its setup; with two it offers a choice of game first ("choose
game", scenes/choose.py), which sets `Router.ruleset`.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .app import App
    from .base import Scene

PACKAGE = "deathmatch.scenes"


CELEBRITY_RULES = (("How to play", "how_to_play.txt"), ("Rules", "rules.txt"), ("Rulings", "rulings.txt"),
                   ("Characters", "gallery"))
"""Celebrity Deathmatch's pages on the rules screen (`ClientRuleset.rules`)."""
SKIRMISH_RULES = (("How to play", "skirmish_how_to_play.txt"), ("Rules", "skirmish_rules.txt"),
                  ("Rulings", "skirmish_rulings.txt"))
"""Chessboard Skirmish's pages on the rules screen (`ClientRuleset.rules`)."""
GLADIATOR_RULES = (("Rules", "gladiator_rules.txt"),)
"""Gladiator!'s pages on the rules screen (`ClientRuleset.rules`): docs/rules/GLADIATOR.md in the rules markup."""
SUPERS_RULES = (("Rules", "supers_rules.txt"),)
"""Superhero Gladiators' pages on the rules screen (`ClientRuleset.rules`): docs/rules/SUPERS.md in the rules markup."""


@dataclass(frozen=True)
class ClientRuleset:
    """The screen side of a ruleset: what the shared shell opens for it."""

    id: str
    """The ruleset id its records carry ("celebrity")."""
    name: str
    """What a player reads on a choice of game."""
    table: str
    """"module:Class" of its battle scene (the table)."""
    start: str
    """"module:function" putting a game on that table: `start(app, game, path=None)`."""
    setup: str
    """"module:Class" of its new-game setup scene (the shell's setup frame with its options)."""
    options: str
    """"module:Class" of its setup options on that frame: `Class(last_choices)` with `buttons(x, y, width, s,
    changed)`, `options()` (the ruleset's options), `remembered()` and `hidden_cards`."""
    sounds: str
    """"module:function" naming the sound effect of each of its events: `function(event)` → name or None."""
    screens: dict[str, str] = field(default_factory=dict)
    """Its own screens besides the table, scene name → "module:attribute" (Celebrity's replay viewer and orders)."""
    results: str = ""
    """"module:Class" of its part of the results screen (scenes/results.py is the frame): `Class(app, game)` with
    `headline()` → (title, line under it), `draw(surface, left, right, areas)` (its table, awards, chart, story),
    `wheel(dy)`, `can_replay` and `watch_replay()`, `can_rematch` and `rematch()` → a new game."""
    new_game: str = ""
    """"module" of its side of the new-game and tournament setup frames: `library()` (its cards), `cards_each(players)`,
    `new_game(arena, seats, library, options, seed=, colours=, bots=, orders_for=)` → a started game,
    and the words `card_words` (what a player picks) and `each_runs(n)`."""
    rules: tuple[tuple[str, str], ...] = CELEBRITY_RULES
    """Its pages on the rules screen, in tab order: (tab label, source), the source a text file in
    assets/rules/ (the markup of client/document.py) or, not ending in ".txt", the name of a scene the
    tab opens (Celebrity's "gallery" of characters). None named: the rules screen says so."""
    secrets: bool = True
    """Whether a player may see what the others must not (hidden cards): the hand-off then asks the others to look away."""
    round_word: str = "round"
    """What the game counts its time in, as a saved game's line says it ("round 3", "turn 3")."""
    secret_words: str = "Keep your cards close to your chest — the others look away."
    """What the hand-off says to the one taking the seat, in the game's own words, when it has secrets."""
    tournament_setup: str = ""
    """"module:Class" of its tournament night's setup (the night's seats, options and arenas); "" if its nights
    are not played on screen. The shared standings (scenes/tourney.py TournamentScene) run every ruleset's night."""
    blurb: str = ""
    """One line saying what the game is, under its button on the "Which game?" screen."""
    careers: str = ""
    """"module:function" of its careers played on screen (league play across nights), "" if none: `function()` →
    (the file, when last saved, a line of words) of the season the title screen's Continue goes on with, or None;
    Continue then opens its "season" screen (one of its `screens`) with that file."""
    standings: tuple[str, str, str, str] = ("VP", "wins", "kills", "loot")
    """The words of a night's table columns (and its tie-breaks, in that order): the four numbers each game's
    result scores (`core.registry.TournamentRules.result`)."""


DEFAULT_RULESET = "celebrity"

RULESETS: dict[str, ClientRuleset] = {
    "celebrity": ClientRuleset(
        id="celebrity",
        name="Semi-Historical Celebrity Deathmatch",
        blurb="Two to ten celebrities of history on a hex arena: stab on a 6, grab the loot, mind the beasts.",
        table="celebrity.battle:BattleScene",
        start="celebrity.battle:start_battle",
        setup="setup:NewGameScene",
        options="celebrity.options:CelebrityOptions",
        sounds="celebrity.sounds:effect_for",
        screens={"replay": "celebrity.replay:ReplayScene", "orders": "celebrity.orders:OrdersScene"},
        results="celebrity.results:CelebrityResults",
        new_game="celebrity.newgame",
        tournament_setup="tourney:TournamentSetupScene",
    ),
    "skirmish": ClientRuleset(
        id="skirmish",
        name="Chessboard Skirmish",
        blurb="Two armies of dice on a chessboard: the bigger the die, the harder it hits and the more it costs.",
        table="skirmish.battle:SkirmishTable",
        start="skirmish.battle:start_battle",
        setup="skirmish.setup:SkirmishSetupScene",
        options="skirmish.options:SkirmishOptions",
        sounds="skirmish.facts:effect_for",
        results="skirmish.results:SkirmishResults",
        new_game="skirmish.newgame",
        screens={"replay": "skirmish.battle:SkirmishReplay", "army builder": "skirmish.builder:ArmyBuilderScene"},
        secrets=False,
        rules=SKIRMISH_RULES,
        tournament_setup="skirmish.tourney:SkirmishTournamentSetup",
        standings=("VP", "wins", "defeated", "left"),
    ),
    "gladiator": ClientRuleset(
        id="gladiator",
        name="Gladiator!",
        blurb="Two gladiators on a hex arena: facing, action points, wounds by location, and the crowd's thumbs.",
        table="gladiator.bout:GladiatorTable",
        start="gladiator.bout:start_battle",
        setup="gladiator.setup:GladiatorSetupScene",
        options="gladiator.options:GladiatorOptions",
        sounds="gladiator.facts:effect_for",
        results="gladiator.results:GladiatorResults",
        new_game="gladiator.newgame",
        screens={"replay": "gladiator.bout:GladiatorReplay", "seasons": "gladiator.seasons:SeasonsScene",
                 "new season": "gladiator.seasons:NewSeasonScene", "found ludus": "gladiator.ludus:FoundScene",
                 "market": "gladiator.ludus:MarketScene", "season": "gladiator.hub:SeasonHub",
                 "pick fighter": "gladiator.hub:PickScene", "bout done": "gladiator.hub:BoutDoneScene"},
        secrets=False,
        round_word="turn",
        rules=GLADIATOR_RULES,
        careers="gladiator.ledger:to_continue",
    ),
    "supers": ClientRuleset(
        id="supers",
        name="Superhero Gladiators",
        blurb="Teams of home-made heroes on a hex arena: powers bought on points, six segments a turn, gizmos to find.",
        table="supers.table:SupersTable",
        start="supers.table:start_battle",
        setup="supers.setup:SupersSetupScene",
        options="supers.options:SupersOptions",
        sounds="supers.facts:effect_for",
        results="supers.results:SupersResults",
        new_game="supers.newgame",
        screens={"replay": "supers.table:SupersReplay", "hero designer": "supers.designer:HeroDesignerScene"},
        rules=SUPERS_RULES,
        tournament_setup="supers.tourney:SupersTournamentSetup",
        standings=("VP", "wins", "KOs", "standing"),
        secret_words="Your hidden gizmos are yours to know — the others look away.",
        round_word="turn",
    ),
}
"""Ruleset id → its screens. A second ruleset adds a line here (and the title screen then offers a choice)."""

SHELL: dict[str, str] = {
    "title": "title:TitleScene",
    "choose game": "choose:GameChoiceScene",
    "load": "load:LoadScene",
    "settings": "settings:SettingsScene",
    "rules": "rules:RulesScene",
    "gallery": "gallery:GalleryScene",
    "tournament": "tourney:TournamentScene",
    "tournament game": "tourney:start_tournament_battle",
    "results": "results:ResultsScene",
    "handoff": "handoff:HandOffScene",
    "pause": "pause:PauseMenu",
    "save as": "saveas:SaveAsScene",
    "help": "help:HelpOverlay",
    "error": "error:ErrorScene",
}
"""Scene name → "module:attribute" (module relative to deathmatch.scenes), for every ruleset.
"setup", "tournament setup", "battle", "start" and the ruleset's own `screens` are the current ruleset's
(see `Router.target`)."""


def route_modules() -> list[str]:
    """Every module a route may import, as dotted names: the packaged app lists them as hidden
    imports (packaging/deathmatch.spec), since PyInstaller cannot see `importlib` at work."""
    targets = [*SHELL.values(), *(t for rs in RULESETS.values() for t in (
        rs.table, rs.start, rs.setup, rs.options, rs.sounds, *rs.screens.values(), rs.results, rs.new_game,
        rs.tournament_setup, rs.careers)
        if t)]
    return sorted({f"{PACKAGE}.{t.partition(':')[0]}" for t in targets})


def _load(target: str) -> Any:
    """The attribute "module:attribute" names (the module itself for a bare "module")."""
    module, _, attr = target.partition(":")
    loaded = importlib.import_module(f"{PACKAGE}.{module}")
    return getattr(loaded, attr) if attr else loaded


class Router:
    """Knows which class serves each scene name; the app forwards `open`, `go` and `play` here."""

    def __init__(self, app: App, ruleset: str = DEFAULT_RULESET):
        self.app = app
        self.ruleset = ruleset
        """The ruleset the setup and battle names stand for (chosen on the title screen once there are two)."""

    @property
    def default(self) -> str:
        """The ruleset the title screen shows (its cast)."""
        return DEFAULT_RULESET

    @property
    def tournament_rulesets(self) -> list[ClientRuleset]:
        """The rulesets whose tournament nights are played on screen (`ClientRuleset.tournament_setup`)."""
        return [rs for rs in RULESETS.values() if rs.tournament_setup]

    def standings_words(self, ruleset: str | None = None) -> tuple[str, str, str, str]:
        """The words of a night's table columns for the ruleset (see `ClientRuleset.standings`)."""
        rs = RULESETS.get(ruleset or self.ruleset)
        return rs.standings if rs is not None else ClientRuleset.standings

    @property
    def rulesets(self) -> list[ClientRuleset]:
        """Every ruleset the client can seat a game of, in the order a choice would list them."""
        return list(RULESETS.values())

    def target(self, name: str, ruleset: str | None = None) -> str:
        """The "module:attribute" serving `name` (for "setup", "battle", "start" and its own screens: the ruleset's)."""
        rs = RULESETS[ruleset or self.ruleset]
        own = {"setup": rs.setup, "battle": rs.table, "start": rs.start, **rs.screens}
        if rs.tournament_setup:
            own["tournament setup"] = rs.tournament_setup
        if name in own:
            return own[name]
        try:
            return SHELL[name]
        except KeyError:
            raise KeyError(f"no scene is called {name!r} (known: {', '.join(sorted([*SHELL, *own]))})") from None

    def target_names(self, ruleset: str | None = None) -> set[str]:
        """The scene names the ruleset's own screens add (Celebrity's "replay" and "orders", …)."""
        rs = RULESETS.get(ruleset or self.ruleset)
        return set(rs.screens) if rs is not None else set()

    def unavailable(self, ruleset: str | None, name: str = "battle") -> str:
        """Why the client can not show `name` ("battle": seat a game) for a game of `ruleset`; "" if it can."""
        rs = RULESETS.get(ruleset) if isinstance(ruleset, str) else None
        if rs is None:
            from ..core import registry

            try:
                game_name = registry.get(ruleset).name
            except KeyError:
                game_name = repr(ruleset)
            return f"it is a game of {game_name}, whose screens are not installed in this program"
        if name not in ("setup", "battle", "start", *rs.screens):
            return f"{rs.name} has no {name} screen"
        return ""

    def library(self, ruleset: str | None = None):
        """The ruleset's content (Celebrity's: its card library), which the setup, gallery and rules screens show."""
        return self.new_game_side(ruleset).library()

    def new_game_side(self, ruleset: str | None = None):
        """The ruleset's side of the setup frames (see `ClientRuleset.new_game`)."""
        return _load(RULESETS[ruleset or self.ruleset].new_game)

    def results_part(self, game) -> type | None:
        """The class of the results screen's part for `game`, by the ruleset that played it (see
        `ClientRuleset.results`); None if that ruleset brings none."""
        rs = RULESETS.get(self._ruleset_of(game))
        return _load(rs.results) if rs is not None and rs.results else None

    def career_to_continue(self):
        """The newest unfinished career of any ruleset, as (ruleset id, file, when saved, words), or None
        (see `ClientRuleset.careers`); a careers module that fails is passed over, never a crash."""
        best = None
        for rs in RULESETS.values():
            if not rs.careers:
                continue
            try:
                found = _load(rs.careers)()
            except Exception:  # a broken season file is the careers' own list's to report
                import logging

                logging.getLogger("deathmatch").warning("%s careers: Continue failed", rs.id, exc_info=True)
                continue
            if found is not None and (best is None or found[1] > best[2]):
                best = (rs.id, *found)
        return best

    def has_secrets(self, ruleset: str | None = None) -> bool:
        """Whether the ruleset hides anything from a player (see `ClientRuleset.secrets`)."""
        rs = RULESETS.get(ruleset or self.ruleset)
        return rs.secrets if rs is not None else True

    def round_words(self, n: int, ruleset: str | None = None) -> str:
        """"round 3" or "turn 3": how far a game of `ruleset` has come, in its own word."""
        rs = RULESETS.get(ruleset or self.ruleset)
        return f"{rs.round_word if rs is not None else 'round'} {n}"

    def handoff_aside(self, ruleset: str | None = None) -> str:
        """The hand-off's line to the one taking the seat: the game's `secret_words`, or that nothing is hidden."""
        rs = RULESETS.get(ruleset or self.ruleset)
        if rs is not None and not rs.secrets:
            return "Nothing is hidden: it is your turn."
        return rs.secret_words if rs is not None else ClientRuleset.secret_words

    def _ruleset_of(self, game) -> str:
        return getattr(game, "ruleset_id", None) or self.ruleset

    def setup_options(self, ruleset: str | None = None) -> type:
        """The class of the ruleset's setup options, which the shared setup frame shows (scenes/<id>/options.py)."""
        return _load(RULESETS[ruleset or self.ruleset].options)

    def event_effect(self, event) -> str | None:
        """The sound effect the current ruleset gives `event` (the app's `Sound` asks this), or None."""
        return _load(RULESETS[self.ruleset].sounds)(event)

    def scene_class(self, name: str, ruleset: str | None = None) -> type:
        """The class serving `name` (for `isinstance` checks)."""
        return _load(self.target(name, ruleset))

    def is_a(self, scene: object, name: str) -> bool:
        """Whether `scene` is the one serving `name`."""
        return isinstance(scene, self.scene_class(name))

    def make(self, name: str, *args, **kwargs) -> Scene:
        """A new scene for `name`, not yet on the stack."""
        return self.scene_class(name)(self.app, *args, **kwargs)

    def open(self, name: str, *args, **kwargs) -> Scene:
        """Push the scene for `name` over the current ones; returns it."""
        scene = self.make(name, *args, **kwargs)
        self.app.stack.push(scene)
        return scene

    def go(self, name: str = "title", *args, **kwargs) -> Scene:
        """Leave every scene for a fresh title screen and open `name` on it (just the title for "title")."""
        title = self.make("title")
        self.app.stack.replace(title)
        if name == "title":
            return title
        return self.open(name, *args, **kwargs)

    def play(self, game, path=None, *, tournament=None, ruleset: str | None = None):
        """Put `game` on its ruleset's battle screen (a tournament's game: back to its standings after)."""
        if tournament is not None:
            return _load(SHELL["tournament game"])(self.app, tournament, game)
        ruleset = ruleset or self._ruleset_of(game)  # a loaded game goes to its own table
        why = self.unavailable(ruleset)
        if why:
            raise KeyError(why)
        self.ruleset = ruleset  # from now on New game, the replay and the sounds mean this game's ruleset
        return _load(self.target("start", ruleset))(self.app, game, path)
