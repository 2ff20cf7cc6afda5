"""Where the client goes next: scene names → the scenes that serve them, in one place.

Scenes never import each other (tests/shell/test_router.py reads every import, the
function-local ones too). A scene asks the app to go somewhere by name:

    self.app.open("rules", game=..., viewer=...)  # push a scene over this one
    self.app.go("results", game)           # a fresh title screen, then that scene on it
    self.app.play(game)                    # a game on its ruleset's battle screen

and only this module knows which class serves each name. Modules are
imported when a name is first used, as the function-local imports did
before, so starting the game loads no scene it does not show.

The shell (title, setup frame, load, settings, tournament, results frame,
hand-off, error, help, …) is shared by every ruleset and imports nothing of
one (tests/shell/test_shell.py reads every import). A ruleset brings its table
(battle scene, and the function that puts a game on it), its setup scene with
its options and the game they make and its part of the results screen (the
hand-off's words are the shell's, the same for every seat): its manifest's client part (`deathmatch.core.manifest.
ClientPart`, found by the registry), which `RULESETS` keeps by ruleset id. A
saved game of a ruleset the client has no screens for loads with a clear
message instead (`Router.unavailable`). With one game the title screen's New
game goes straight to its setup; with two or more it offers a choice of game
first ("choose game", scenes/choose.py), which sets `Router.ruleset`.
"""

from __future__ import annotations

import importlib
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..core import registry
from ..core.manifest import ClientPart, module_of, resolve

if TYPE_CHECKING:  # pragma: no cover
    from .app import App
    from .base import Scene

PACKAGE = "deathmatch.scenes"


ClientRuleset = ClientPart
"""The screen side of a game (`deathmatch.core.manifest.ClientPart`), as the router keeps it: with the
manifest's id, name and rules pages filled in."""

DEFAULT_RULESET = "celebrity"


def client_rulesets() -> dict[str, ClientRuleset]:
    """Ruleset id → its screens, from every installed game's manifest (`deathmatch.core.registry.games`) that
    brings any, in the games' order."""
    return {m.id: replace(m.client, id=m.id, name=m.name, rules=m.rules_pages)
            for m in registry.games() if m.client is not None}


RULESETS: dict[str, ClientRuleset] = client_rulesets()
"""Ruleset id → its screens: a game adds itself by its manifest (and "Which game?" then lists it)."""

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
    targets = [*SHELL.values(), *(t for rs in RULESETS.values() for t in rs.targets())]
    return sorted({f"{PACKAGE}.{t.partition(':')[0]}" if isinstance(t, str) else module_of(t) for t in targets} - {None})


def _load(target: Any) -> Any:
    """What `target` stands for: a game's `Ref` loaded (or the object it gave), or a shell "module:attribute"
    (relative to deathmatch.scenes; the module itself for a bare "module")."""
    if not isinstance(target, str):
        return resolve(target)
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

    @property
    def rulesets(self) -> list[ClientRuleset]:
        """Every ruleset the client can seat a game of, in the order a choice would list them."""
        return list(RULESETS.values())

    def target(self, name: str, ruleset: str | None = None) -> Any:
        """The target (a game's `Ref` or object, a shell "module:attribute") serving `name` (for "setup", "battle", "start" and its own screens: the ruleset's)."""
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
        """"round 3" or "turn 3": how far a game of `ruleset` has come, in its own word ("before round 1" while
        the pieces are placed)."""
        rs = RULESETS.get(ruleset or self.ruleset)
        word = rs.round_word if rs is not None else "round"
        return f"before {word} 1" if n <= 0 else f"{word} {n}"  # (placement was "round 0")

    def game_name(self, ruleset: str | None) -> str:
        """The game's name for a line that must say which game ("Chessboard Skirmish"), or "" when only one game
        is installed (nothing to tell apart) or the id is unknown."""
        rs = RULESETS.get(ruleset or self.ruleset)
        return rs.name if rs is not None and len(RULESETS) > 1 else ""

    def handoff_aside(self, ruleset: str | None = None) -> str:
        """The hand-off's line to the one taking the seat: the game's `secret_words`, or that nothing is hidden."""
        rs = RULESETS.get(ruleset or self.ruleset)
        if rs is not None and not rs.secrets:
            return "Nothing is hidden: it is your turn."
        return rs.secret_words if rs is not None else ClientRuleset.secret_words

    def _ruleset_of(self, game) -> str:
        return getattr(game, "ruleset_id", None) or self.ruleset

    def howto_book(self, ruleset: str | None = None) -> type | None:
        """The class drawing the ruleset's how-to-play pictures (see `ClientRuleset.howto`), or None."""
        rs = RULESETS.get(ruleset or self.ruleset)
        return _load(rs.howto) if rs is not None and rs.howto else None

    def setup_options(self, ruleset: str | None = None) -> type:
        """The class of the ruleset's setup options, which the shared setup frame shows (scenes/<id>/options.py)."""
        return _load(RULESETS[ruleset or self.ruleset].options)

    def event_effect(self, event) -> str | None:
        """The sound effect the current ruleset gives `event` (the app's `Sound` asks this), or None."""
        rs = RULESETS.get(self.ruleset)
        return _load(rs.sounds)(event) if rs is not None and rs.sounds else None  # a game may bring no sounds

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
