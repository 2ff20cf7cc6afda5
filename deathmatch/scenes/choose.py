"""Which game? Offered by the title screen's New game (and Tournament) once the client knows more than one ruleset.

Each ruleset the router knows is a button; choosing one sets the router's
ruleset (so "setup" and "battle" mean that ruleset's screens) and opens its
setup (`then`: "setup", or "tournament setup" for a night, which lists only
the rulesets whose nights are played on screen). With one ruleset the title
screen goes straight to the setup and this screen never shows.
"""

from __future__ import annotations

import pygame

from ..client.ui import DIM, text
from .menu import MenuScene


class GameChoiceScene(MenuScene):
    title = "Which game?"

    def __init__(self, app, then: str = "setup"):
        self.then = then
        """The scene the choice opens: "setup" (a new game) or "tournament setup" (a night)."""
        super().__init__(app)
        if then == "tournament setup":
            self.title = "A tournament of which game?"
        self.blurbs: list = []
        """(button, its game's line) drawn under each game's button."""

    def layout(self) -> None:
        router = self.app.router
        rulesets = router.tournament_rulesets if self.then == "tournament setup" else router.rulesets
        entries = [(rs.name, (lambda rid=rs.id: self.choose(rid)), True, None) for rs in rulesets]
        entries.append(("Back", self.back, True, pygame.K_ESCAPE))
        # room under each game's button for its line (`ClientRuleset.blurb`)
        self.buttons = self.column(entries, int(self.app.size[1] * 0.25), width=480, gap=40)
        self.blurbs = [(b, rs.blurb) for b, rs in zip(self.buttons, rulesets) if rs.blurb]
        ids = [rs.id for rs in rulesets]
        last = getattr(self.app.settings, "last_game", "")  # the game chosen last time, even in an earlier launch
        first = next((r for r in (self.app.router.ruleset if self.app.router.ruleset != self.app.router.default
                                  else None, last, self.app.router.ruleset) if r in ids), None)
        self.focus = ids.index(first) if first is not None else 0

    def draw(self, surface) -> None:
        super().draw(surface)
        size = int(18 * self.s)
        for b, words in self.blurbs:
            img = text(words, size, DIM)
            surface.blit(img, img.get_rect(midtop=(b.rect.centerx, b.rect.bottom + int(6 * self.s))))

    def choose(self, ruleset: str) -> None:
        """Seat a game (or a night) of `ruleset`: its setup replaces this screen."""
        self.app.router.ruleset = ruleset
        self.remember(ruleset)
        self.app.stack.remove(self)
        self.app.open(self.then)

    def remember(self, ruleset: str) -> None:
        """Keep the choice in the settings, so that the next launch's "Which game?" starts on it."""
        st = self.app.settings
        if getattr(st, "last_game", None) == ruleset:
            return
        st.last_game = ruleset
        try:
            from ..settings import save_settings

            save_settings(st)
        except OSError:  # a full or read-only disk: the choice is only not remembered
            pass
