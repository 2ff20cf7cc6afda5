"""The results screen: the final table with where the VP came from, the winners and why, awards."""

from __future__ import annotations

import pygame

from ..client import sprites
from ..client.ui import DIM, GOLD, INK, panel, text
from .menu import MenuScene


def awards(game) -> list[tuple[str, str]]:
    """(award, who and why) — from the scores and the record of the game."""
    from ..engine import events as ev  # noqa: F401  (awards read the scores, not the events)

    out = []
    scores = game.scores
    kills = max((s.kills for s in scores.values()), default=0)
    if kills:
        best = [p for p, s in scores.items() if s.kills == kills]
        out.append(("Most kills", f"{' & '.join(best)} ({kills})"))
    loot = max((s.loot for s in scores.values()), default=0)
    if loot:
        best = [p for p, s in scores.items() if s.loot == loot]
        out.append(("Richest", f"{' & '.join(best)} ({loot} loot)"))
    dead = [m for m in game.models.values() if not m.alive]
    if dead:
        # the glorious death: the fallen celebrity whose player still scored the most
        m = max(dead, key=lambda m: (scores[m.player].vp, m.id))
        out.append(("Glorious death", f"{m.card.name.split(',')[0]} ({m.player})"))
    survivors = [m for m in game.models.values() if m.alive and m.lives == 3]
    if survivors:
        out.append(("Not a scratch", ", ".join(m.card.name.split(",")[0] for m in survivors[:3])))
    return out


def tie_break_words(game) -> str:
    o = game.outcome
    table = o.standings
    if len(table) < 2:
        return ""
    best, second = table[0], table[1]
    if len(o.winners) > 1:
        return "Tied on VP, kills and loot: they share the win."
    if best[1] > second[1]:
        return f"Most VP ({best[1]} to {second[1]})."
    if best[2] > second[2]:
        return f"Tied on {best[1]} VP; more kills decide it ({best[2]} to {second[2]})."
    return f"Tied on {best[1]} VP and {best[2]} kills; more loot decides it ({best[3]} to {second[3]})."


class ResultsScene(MenuScene):
    def __init__(self, app, game):
        super().__init__(app)
        self.game = game

    def layout(self) -> None:
        s = self.s
        w, h = self.app.size
        y = h - int(70 * s)
        bw = int(220 * s)
        self.buttons = []
        from ..client.ui import Button

        for i, (label, action, key) in enumerate([("Rematch", self.rematch, pygame.K_r),
                                                  ("New game", self.new_game, pygame.K_n),
                                                  ("Title", self.title, pygame.K_t)]):
            r = pygame.Rect(0, y, bw, int(44 * s))
            r.centerx = w // 2 + (i - 1) * (bw + int(20 * s))
            self.buttons.append(Button(label, r, action, True, key))

    def rematch(self) -> None:
        """The same players, cards, arena and options; a new seed."""
        import random
        from dataclasses import replace

        from ..engine import new_game

        setup = replace(self.game.setup, seed=random.randrange(1 << 30))
        self.app.play(new_game(setup, self.game.arena if not self.game.options.obstacles else None))

    def new_game(self) -> None:
        self.app.go("setup")

    def title(self) -> None:
        self.app.go("title")

    def back(self) -> None:
        self.title()

    def draw(self, surface) -> None:
        s = self.s
        g = self.game
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        o = g.outcome
        winners = " & ".join(o.winners)
        self.draw_title(surface, f"{winners} win{'s' if len(o.winners) == 1 else ''}!", int(20 * s), 60)
        why = {"last_standing": "Last celebrity standing", "all_dead": "Nobody left standing",
               "round_limit": f"The round limit ({g.options.round_limit})"}.get(o.reason, o.reason)
        sub = text(f"{why}. {tie_break_words(g)}", int(22 * s), INK)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, int(90 * s))))
        cols = ["player", "VP", "lives taken", "kills", "loot", "last standing", "abilities"]
        xs = [0.0, 0.30, 0.40, 0.54, 0.63, 0.72, 0.87]
        table = pygame.Rect(int(w * 0.1), int(130 * s), int(w * 0.8), int((50 + 34 * len(o.standings)) * s))
        panel(surface, table)
        for c, x in zip(cols, xs):
            surface.blit(text(c, int(18 * s), DIM, True), (table.x + int(16 * s) + x * table.w, table.y + int(12 * s)))
        y = table.y + int(44 * s)
        seats = [p.name for p in g.setup.players] if g.setup else g.players
        colours = list(g.setup.colours) if g.setup and g.setup.colours else list(range(len(seats)))
        for p, vp, kills, loot in o.standings:
            sc = g.scores[p]
            pc = sprites.PLAYER_COLOURS[colours[seats.index(p)] % 10] if p in seats else sprites.PLAYER_COLOURS[0]
            pygame.draw.rect(surface, pc.rgb, (table.x + int(16 * s), y + int(4 * s), int(16 * s), int(16 * s)), border_radius=3)
            values = [p, vp, sc.lives_taken, sc.kills, sc.loot, sc.last_standing, sc.abilities]
            for v, x in zip(values, xs):
                colour = GOLD if p in o.winners else INK
                dx = int(24 * s) if x == 0 else 0
                surface.blit(text(str(v), int(22 * s), colour, p in o.winners), (table.x + int(16 * s) + dx + x * table.w, y))
            y += int(34 * s)
        ay = table.bottom + int(20 * s)
        for name, who in awards(g):
            surface.blit(text(f"{name}:", int(22 * s), GOLD, True), (int(w * 0.1), ay))
            surface.blit(text(who, int(22 * s), INK), (int(w * 0.1) + int(200 * s), ay))
            ay += int(30 * s)
        self.draw_buttons(surface)
