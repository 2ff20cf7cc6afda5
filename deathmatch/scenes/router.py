"""Where the client goes next: scene names → the scenes that serve them, in one place.

Scenes never import each other (tests/test_router.py reads every import, the
function-local ones too). A scene asks the app to go somewhere by name:

    self.app.open("rules", secret=...)      # push a scene over this one
    self.app.go("results", game)           # a fresh title screen, then that scene on it
    self.app.play(game)                    # a game on its ruleset's battle screen

and only this module knows which class serves each name. Modules are
imported when a name is first used, as the function-local imports did
before, so starting the game loads no scene it does not show.

The shell (title, setup frame, load, settings, tournament, results frame,
hand-off, error, help, …) is shared by every ruleset. A ruleset brings its
table (battle scene, and the function that puts a game on it) and its setup
scene with its options: `RULESETS` maps a ruleset id to those. Celebrity
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


DEFAULT_RULESET = "celebrity"

RULESETS: dict[str, ClientRuleset] = {
    "celebrity": ClientRuleset(
        id="celebrity",
        name="Semi-Historical Celebrity Deathmatch",
        table="celebrity.battle:BattleScene",
        start="celebrity.battle:start_battle",
        setup="setup:NewGameScene",
        options="celebrity.options:CelebrityOptions",
        sounds="celebrity.sounds:effect_for",
        screens={"replay": "celebrity.replay:ReplayScene", "orders": "celebrity.orders:OrdersScene"},
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
    "tournament setup": "tourney:TournamentSetupScene",
    "tournament game": "tourney:start_tournament_battle",
    "results": "results:ResultsScene",
    "handoff": "handoff:HandOffScene",
    "pause": "pause:PauseMenu",
    "save as": "saveas:SaveAsScene",
    "help": "help:HelpOverlay",
    "error": "error:ErrorScene",
}
"""Scene name → "module:attribute" (module relative to deathmatch.scenes), for every ruleset.
"setup", "battle", "start" and the ruleset's own `screens` are the current ruleset's (see `Router.target`)."""


def route_modules() -> list[str]:
    """Every module a route may import, as dotted names: the packaged app lists them as hidden
    imports (packaging/deathmatch.spec), since PyInstaller cannot see `importlib` at work."""
    targets = [*SHELL.values(), *(t for rs in RULESETS.values() for t in (rs.table, rs.start, rs.setup, rs.options, rs.sounds, *rs.screens.values()))]
    return sorted({f"{PACKAGE}.{t.partition(':')[0]}" for t in targets})


def _load(target: str) -> Any:
    module, _, attr = target.partition(":")
    return getattr(importlib.import_module(f"{PACKAGE}.{module}"), attr)


class Router:
    """Knows which class serves each scene name; the app forwards `open`, `go` and `play` here."""

    def __init__(self, app: App, ruleset: str = DEFAULT_RULESET):
        self.app = app
        self.ruleset = ruleset
        """The ruleset the setup and battle names stand for (chosen on the title screen once there are two)."""

    @property
    def rulesets(self) -> list[ClientRuleset]:
        """Every ruleset the client can seat a game of, in the order a choice would list them."""
        return list(RULESETS.values())

    def target(self, name: str, ruleset: str | None = None) -> str:
        """The "module:attribute" serving `name` (for "setup", "battle", "start" and its own screens: the ruleset's)."""
        rs = RULESETS[ruleset or self.ruleset]
        own = {"setup": rs.setup, "battle": rs.table, "start": rs.start, **rs.screens}
        if name in own:
            return own[name]
        try:
            return SHELL[name]
        except KeyError:
            raise KeyError(f"no scene is called {name!r} (known: {', '.join(sorted([*SHELL, *own]))})") from None

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
        ruleset = ruleset or getattr(game, "ruleset_id", None) or self.ruleset  # a loaded game goes to its own table
        why = self.unavailable(ruleset)
        if why:
            raise KeyError(why)
        return _load(self.target("start", ruleset))(self.app, game, path)
