"""The card gallery: pick a seat's celebrities (or just browse them).

Opened from a game (the game menu's Rules → Characters) it shows a card's abilities only as the
seated player's view of that game shows them (the ruleset's per-player view, through
`deathmatch.core.front`): another seat's unplayed abilities, hidden in that view, are hidden here too, whoever
opened the page. Nobody seated (a hand-off pending): the public view, every unplayed ability hidden.
"""

from __future__ import annotations

from collections.abc import Mapping

import pygame

from ..client import sprites
from ..client.ui import DIM, GOLD, INK, Button, draw_label, draw_text_block, fit_size, line_height, panel, text, wrap
from ..core.front import Front
from .menu import MenuScene


def readable_abilities(game, viewer: str | None) -> dict[str, set[str]]:
    """Card id → the names of its abilities that `viewer` may read, for every card in play in `game`,
    as the game's per-player view says (`Front.view`, the ruleset's view: a hidden ability is None
    in a model's `abilities`). Cards not in play are not listed (nothing of theirs is secret); a
    ruleset without a view hides nothing, so nothing is listed for it."""
    try:
        view = Front(game).view(viewer)
    except (ValueError, KeyError, AttributeError, TypeError):
        return {}
    models = view.get("models") if isinstance(view, Mapping) else None
    out: dict[str, set[str]] = {}
    for m in (models or {}).values():
        if isinstance(m, Mapping) and isinstance(m.get("card"), str) and "abilities" in m:
            out.setdefault(m["card"], set()).update(n for n in m["abilities"] if isinstance(n, str))
    return out


class GalleryScene(MenuScene):
    def __init__(self, app, seat=None, count: int = 0, taken=(), hidden: bool = False, game=None,
                 viewer: str | None = None):
        super().__init__(app)
        self.readable: dict[str, set[str]] = readable_abilities(game, viewer) if game is not None else {}
        """Opened from a game: card id → the names of its abilities the seated player's view of the
        game shows (`viewer`; None: nobody seated), for each card in play; any other ability of
        those cards is hidden here (another seat's, unplayed)."""
        self.seat = seat
        self.count = count
        self.taken = set(taken)
        self.chosen = list(seat.cards) if seat else []
        self.cards = sorted(app.library.cards.values(), key=lambda c: c.name)
        self.shown = self.cards[0] if self.cards else None
        self.scroll = 0
        self.curtain = hidden and seat is not None  # hidden cards: nobody else should see the picking
        self.cells = []

    def layout(self) -> None:
        s = self.s
        w, h = self.app.size
        self.buttons = []
        if self.seat is not None:
            self.buttons.append(Button("Done (Enter)", pygame.Rect(w - int(220 * s), h - int(60 * s), int(190 * s), int(40 * s)),
                                       self.done, True, pygame.K_RETURN))
        self.buttons.append(Button("Back (Esc)", pygame.Rect(int(30 * s), h - int(60 * s), int(160 * s), int(40 * s)), self.back))
        self.focus = 0
        size = int(96 * s)
        cols = max(1, int((w * 0.58) // (size + int(12 * s))))
        self.cells = []
        for i, c in enumerate(self.cards):
            row, col = divmod(i, cols)
            r = pygame.Rect(int(30 * s) + col * (size + int(12 * s)), int(90 * s) + row * (size + int(34 * s)) - self.scroll,
                            size, size)
            self.cells.append((c, r))

    def done(self) -> None:
        if self.seat is not None:
            if len(self.chosen) != self.count and self.chosen:
                self.message = f"Pick {self.count} (or none, to be dealt at random)."
                return
            self.seat.cards = list(self.chosen)
        self.app.stack.pop()

    def wheel(self, dy) -> None:
        self.scroll = max(0, self.scroll - dy * int(60 * self.s))
        self.layout()

    def click(self, pos) -> None:
        if self.curtain:
            self.curtain = False
            return
        for c, r in self.cells:
            if r.collidepoint(pos):
                self.shown = c
                if self.seat is None or c.id in self.taken:
                    return
                if c.id in self.chosen:
                    self.chosen.remove(c.id)
                elif len(self.chosen) < self.count:
                    self.chosen.append(c.id)
                else:
                    self.chosen = self.chosen[1:] + [c.id]
                return

    def key(self, event) -> bool:
        if self.curtain:
            self.curtain = False
            return True
        return False

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        if self.curtain:
            self.draw_title(surface, f"Pass to {self.seat.name}", int(h * 0.35), 56)
            sub = text("to pick their celebrities in secret — click when ready", int(24 * s), INK)
            surface.blit(sub, sub.get_rect(midtop=(w // 2, int(h * 0.35 + 80 * s))))
            return
        title = f"{self.seat.name}: pick {self.count}" if self.seat else "The celebrities"
        surface.blit(text(title, int(40 * s), GOLD, True), (int(30 * s), int(20 * s)))
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(0, int(80 * s), int(w * 0.62), h - int(150 * s)))
        for c, r in self.cells:
            chosen = c.id in self.chosen
            surface.blit(sprites.portrait(c, r.size), r)
            if chosen:
                pygame.draw.rect(surface, GOLD, r.inflate(6, 6), 4, border_radius=6)
            if c.id in self.taken:
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                shade.fill((0, 0, 0, 170))
                surface.blit(shade, r)
            self.draw_name(surface, c.name.split(",")[0], pygame.Rect(r.x - int(5 * s), r.bottom + 2, r.w + int(10 * s), int(30 * s)),
                           INK if not chosen else GOLD)
        surface.set_clip(clip)
        if self.shown:
            self.draw_card(surface, self.shown, pygame.Rect(int(w * 0.64), int(80 * s), int(w * 0.34), h - int(150 * s)))
        self.draw_buttons(surface)
        self.draw_message(surface, h - int(100 * s))

    def draw_card(self, surface, c, rect) -> None:
        s = self.s
        panel(surface, rect, (44, 32, 26, 240), (150, 110, 60), 10)
        size = int(120 * s)
        surface.blit(sprites.portrait(c, (size, size)), (rect.x + int(12 * s), rect.y + int(12 * s)))
        tx = rect.x + size + int(24 * s)
        box = rect.inflate(-4, -4)
        head = pygame.Rect(tx, rect.y + int(12 * s), rect.right - tx - int(10 * s), int(60 * s))
        name_size = fit_size(c.name, int(24 * s), head.w, int(46 * s), True, min_size=int(14 * s))
        y = head.y + draw_text_block(surface, c.name, head.topleft, name_size, head.w, GOLD, True, box=box)
        y += draw_text_block(surface, c.title, (tx, y), int(18 * s), head.w, INK, box=box) + int(4 * s)
        y += draw_text_block(surface, c.era, (tx, y), int(16 * s), head.w, DIM, box=box)
        y = max(y + int(6 * s), rect.y + size + int(24 * s))
        y += draw_text_block(surface, f"“{c.flavour}”", (rect.x + int(12 * s), y), int(17 * s), rect.w - int(24 * s), DIM, box=box)
        for ab in c.abilities:
            y += int(8 * s)
            if c.id in self.readable and ab.name not in self.readable[c.id]:
                y += draw_text_block(surface, "— a hidden ability: this celebrity is in another player's hands —",
                                     (rect.x + int(12 * s), y), int(17 * s), rect.w - int(24 * s), DIM)
                continue
            y += draw_text_block(surface, f"{ab.name} ({ab.timing.replace('_', ' ')})", (rect.x + int(12 * s), y),
                                 int(19 * s), rect.w - int(24 * s), GOLD, True, box=box)
            y += draw_text_block(surface, ab.text, (rect.x + int(12 * s), y), int(17 * s), rect.w - int(24 * s), INK, box=box)

    def draw_name(self, surface, name, rect, colour) -> None:
        """A celebrity's name under their portrait: whole, on two lines if need be, centred."""
        size = fit_size(name, int(15 * self.s), rect.w, rect.h, min_size=8)
        y = rect.y
        for line in wrap(name, size, rect.w):
            draw_label(surface, line, pygame.Rect(rect.x, y, rect.w, line_height(size)), size, colour, align="center", min_size=size)
            y += line_height(size)
