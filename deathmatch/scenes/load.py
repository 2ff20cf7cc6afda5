"""Load a saved game: every save with its arena, players, round and date; broken ones with their reason."""

from __future__ import annotations

import pygame

from ..client.ui import DIM, GOLD, INK, Button, panel, text
from .menu import MenuScene


class LoadScene(MenuScene):
    def layout(self) -> None:
        from .. import saves

        s = self.s
        w, h = self.app.size
        self.saves = saves.list_saves()
        self.buttons = []
        y = int(100 * s)
        rw = int(130 * s)
        rows = max(1, (h - int(80 * s) - y) // int(52 * s))  # as many as fit above the Back button
        for info in self.saves[:min(12, rows)]:
            r = pygame.Rect(int(w * 0.1), y, int(w * 0.8) - rw - int(10 * s), int(44 * s))
            if info.error:
                label = f"{info.name}: can not be loaded — {info.error}"
            else:
                when = info.saved_at.strftime("%Y-%m-%d %H:%M") if info.saved_at else "?"
                state = "finished" if info.over else f"round {info.round}"
                who = ", ".join(info.players) if len(info.players) <= 4 else f"{len(info.players)} players"
                label = f"{info.name}:  {info.arena} — {who} — {state} — {when}"
            self.buttons.append(Button(label, r, (lambda i=info: self.load(i)), not info.error and not info.over,
                                       ellipsize=True))
            self.buttons.append(Button("Replay", pygame.Rect(r.right + int(10 * s), y, rw, r.h),
                                       (lambda i=info: self.replay(i)), not info.error))
            y += int(52 * s)
        self.buttons.append(Button("Back (Esc)", pygame.Rect(int(30 * s), h - int(60 * s), int(160 * s), int(40 * s)), self.back))
        self.focus = 0

    def load(self, info) -> None:
        from .. import saves
        from ..core.errors import RecordError

        try:
            game = saves.load_game(info.path)
        except RecordError as e:
            self.message = f"{info.name} can not be loaded: {e}"
            return
        why = self.app.router.unavailable(getattr(game, "ruleset_id", None))
        if why:  # a game of a ruleset this client has no table for
            self.message = f"{info.slot} can not be loaded: {why}"
            return
        self.app.play(game)

    def replay(self, info) -> None:
        """Watch any save, finished or not, decision by decision (Esc comes back here)."""
        from .. import saves
        from ..core.errors import RecordError

        try:
            record = saves.load_record(info.path)
            why = self.app.router.unavailable(record.ruleset, "replay")
            if why:
                raise RecordError(why)
            scene = self.app.router.scene_class("replay", record.ruleset)(self.app, record)
        except RecordError as e:
            self.message = f"{info.name} can not be replayed: {e}"
            return
        self.app.push(scene)

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        surface.blit(text("Load a game", int(44 * s), GOLD, True), (int(30 * s), int(24 * s)))
        if not self.saves:
            surface.blit(text("No saved games yet: games save themselves after every move.", int(22 * s), DIM),
                         (int(surface.get_width() * 0.1), int(110 * s)))
        for i, b in enumerate(self.buttons):
            b.draw(surface, int(18 * s), hover=(i == self.focus))
        self.draw_message(surface, surface.get_height() - int(110 * s))
