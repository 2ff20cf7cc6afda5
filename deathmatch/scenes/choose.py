"""Which game? Offered by the title screen's New game (and Tournament) once the client knows more than one ruleset.

Each ruleset the router knows is a button; choosing one sets the router's
ruleset (so "setup" and "battle" mean that ruleset's screens) and opens its
setup (`then`: "setup", or "tournament setup" for a night, which lists only
the rulesets whose nights are played on screen). With one ruleset the title
screen goes straight to the setup and this screen never shows.
"""

from __future__ import annotations

import pygame

from .menu import MenuScene


class GameChoiceScene(MenuScene):
    title = "Which game?"

    def __init__(self, app, then: str = "setup"):
        self.then = then
        """The scene the choice opens: "setup" (a new game) or "tournament setup" (a night)."""
        super().__init__(app)
        if then == "tournament setup":
            self.title = "A tournament of which game?"

    def layout(self) -> None:
        router = self.app.router
        rulesets = router.tournament_rulesets if self.then == "tournament setup" else router.rulesets
        entries = [(rs.name, (lambda rid=rs.id: self.choose(rid)), True, None) for rs in rulesets]
        entries.append(("Back", self.back, True, pygame.K_ESCAPE))
        self.buttons = self.column(entries, int(self.app.size[1] * 0.3), width=480)
        ids = [rs.id for rs in rulesets]
        self.focus = ids.index(self.app.router.ruleset) if self.app.router.ruleset in ids else 0

    def choose(self, ruleset: str) -> None:
        """Seat a game (or a night) of `ruleset`: its setup replaces this screen."""
        self.app.router.ruleset = ruleset
        self.app.stack.remove(self)
        self.app.open(self.then)
