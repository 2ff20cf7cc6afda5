"""The rules screen, for players: How to play (illustrated), the Rules, the Rulings, and the celebrities.

The texts are ours, written for players, in `assets/rules/*.txt` (the markup
of `client/document.py`); the developers' contracts are docs/rules/. Each
page scrolls with the wheel, the keys (Up/Down, PgUp/PgDn, Space, Home/End),
by dragging the page or the scroll bar; Left/Right or 1-3 switch pages, 4 or
G opens the gallery of celebrities.
"""

from __future__ import annotations

import pygame

from ..client.document import MarkupError, Page, Para, draw_page, layout, parse
from ..client.howto import Pictures
from ..client.ui import DIM, GOLD, PANEL_EDGE, Button, panel, text
from ..paths import assets_dir
from .menu import MenuScene

PAGES = (("How to play", "how_to_play.txt"), ("Rules", "rules.txt"), ("Rulings", "rulings.txt"))
"""The pages: tab label and the text file in assets/rules/."""
TAB_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3)
DRAG_SLOP = 6
"""Pixels the mouse moves before a press on the page becomes a drag (a click stays a click)."""


def load_page(filename: str) -> list:
    """The blocks of a bundled page; a missing or broken file gives a page that says so."""
    path = assets_dir() / "rules" / filename
    try:
        return parse(path.read_text(encoding="utf-8"), str(path))
    except OSError as exc:
        return [Para(f"{path} can not be read ({exc.strerror or exc}). Reinstall the game to get it back.")]
    except MarkupError as exc:
        return [Para(f"{exc}. Fix the file or reinstall the game.")]


class RulesScene(MenuScene):
    def __init__(self, app, page: int = 0, secret=None):
        super().__init__(app)
        self.secret = secret
        """Passed to the characters gallery (opened mid-game: another seat's hidden abilities)."""
        self.pages = app.router.rules_pages() or PAGES
        """The pages of the router's ruleset (Celebrity's `PAGES` unless it brings its own)."""
        self.characters = app.router.has_characters()
        self.page_index = page % len(self.pages)
        self.sources = [load_page(f) for _, f in self.pages]
        self.pictures = Pictures(app.library)
        self.page: Page = Page()
        self.view = pygame.Rect(0, 0, 1, 1)
        self.scroll = 0
        self.scrolls = [0] * len(self.pages)
        self.drag: tuple[str, int, int] | None = None
        """(what: "page" or "bar", mouse y at the press, scroll at the press)."""
        self.dragged = False

    # --- layout ---------------------------------------------------------------------------

    def layout(self) -> None:
        s = self.s
        w, h = self.app.size
        tab_w, tab_h, gap = int(190 * s), int(40 * s), int(10 * s)
        x = int(30 * s)
        self.buttons = []
        for i, (label, _) in enumerate(self.pages):
            b = Button(f"{label} ({i + 1})", pygame.Rect(x, int(14 * s), tab_w, tab_h), lambda i=i: self.show(i))
            b.selected = i == self.page_index
            self.buttons.append(b)
            x += tab_w + gap
        if self.characters:
            self.buttons.append(Button("Characters (4)", pygame.Rect(x, int(14 * s), tab_w, tab_h), self.gallery,
                                       True, pygame.K_4))
        self.buttons.append(Button("Back (Esc)", pygame.Rect(int(30 * s), h - int(56 * s), int(160 * s), int(40 * s)),
                                   self.back))
        self.focus = self.page_index
        top = int(14 * s) + tab_h + int(14 * s)
        bottom = h - int(70 * s)
        width = min(w - int(110 * s), int(1000 * s))
        self.view = pygame.Rect((w - width) // 2 - int(10 * s), top, width, bottom - top)
        self.page = layout(self.sources[self.page_index], width, s, self.pictures)
        self.scroll = self.clamp(self.scrolls[self.page_index])

    def show(self, index: int) -> None:
        self.scrolls[self.page_index] = self.scroll
        self.page_index = index % len(self.pages)
        self.layout()

    def gallery(self) -> None:
        self.app.open("gallery", secret=self.secret)

    # --- scrolling ------------------------------------------------------------------------

    @property
    def max_scroll(self) -> int:
        return max(0, self.page.height - self.view.h)

    def clamp(self, y: float) -> int:
        return int(max(0, min(self.max_scroll, y)))

    def scroll_by(self, dy: float) -> None:
        self.scroll = self.clamp(self.scroll + dy)

    def bar(self) -> tuple[pygame.Rect, pygame.Rect] | None:
        """The scroll bar's track and thumb, or None when the page fits."""
        if self.max_scroll <= 0:
            return None
        s = self.s
        track = pygame.Rect(self.view.right + int(12 * s), self.view.y, max(6, int(10 * s)), self.view.h)
        length = max(int(40 * s), int(track.h * self.view.h / self.page.height))
        y = track.y + int((track.h - length) * self.scroll / self.max_scroll)
        return track, pygame.Rect(track.x, y, track.w, length)

    def wheel(self, dy) -> None:
        self.scroll_by(-dy * 80 * self.s)

    def key(self, event) -> bool:
        line = 40 * self.s
        pagestep = max(line, self.view.h - line)
        moves = {pygame.K_DOWN: line, pygame.K_UP: -line, pygame.K_PAGEDOWN: pagestep, pygame.K_PAGEUP: -pagestep,
                 pygame.K_SPACE: pagestep, pygame.K_HOME: -10**9, pygame.K_END: 10**9}
        if event.key in moves:
            self.scroll_by(moves[event.key])
            return True
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.show(self.page_index + (1 if event.key == pygame.K_RIGHT else -1))
            return True
        if event.key in TAB_KEYS[:len(self.pages)]:
            self.show(TAB_KEYS.index(event.key))
            return True
        if event.key == pygame.K_g and self.characters:
            self.gallery()
            return True
        return False

    def handle_event(self, event):
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            bar = self.bar()
            if bar and bar[0].inflate(int(12 * self.s), 0).collidepoint(event.pos):
                track, thumb = bar
                if not thumb.collidepoint(event.pos):  # a click on the track jumps there
                    self.scroll = self.clamp((event.pos[1] - track.y - thumb.h / 2) / max(1, track.h - thumb.h)
                                             * self.max_scroll)
                self.drag = ("bar", event.pos[1], self.scroll)
                self.dragged = True
                return None
            if self.view.collidepoint(event.pos):
                self.drag = ("page", event.pos[1], self.scroll)
                self.dragged = False
            return None
        if event.type == pygame.MOUSEMOTION and self.drag is not None:
            what, y0, scroll0 = self.drag
            dy = event.pos[1] - y0
            if abs(dy) > DRAG_SLOP:
                self.dragged = True
            if self.dragged:
                if what == "bar":
                    track, thumb = self.bar() or (self.view, self.view)
                    self.scroll = self.clamp(scroll0 + dy * self.max_scroll / max(1, track.h - thumb.h))
                else:
                    self.scroll = self.clamp(scroll0 - dy)
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            dragged = self.dragged
            self.drag = None
            self.dragged = False
            if dragged:
                return None
        return super().handle_event(event)

    # --- drawing --------------------------------------------------------------------------

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        w, h = surface.get_size()
        draw_page(surface, self.page, self.view, self.scroll)
        bar = self.bar()
        if bar:
            track, thumb = bar
            panel(surface, track, (30, 22, 28, 200), PANEL_EDGE, max(2, track.w // 2))
            panel(surface, thumb, (150, 110, 60, 255), GOLD, max(2, track.w // 2))
            if self.scroll < self.max_scroll:  # more below: a soft fade at the bottom edge
                fade = _fade(self.view.w, int(24 * s))
                surface.blit(fade, (self.view.x, self.view.bottom - fade.get_height()))
        hint = text("wheel, drag, Up/Down, PgUp/PgDn: scroll  ·  Left/Right: pages", int(16 * s), DIM)
        x = max(int(210 * s), (w - hint.get_width()) // 2)
        surface.blit(hint, (x, h - int(42 * s)))
        self.draw_buttons(surface)


_fades: dict = {}


def _fade(w: int, h: int) -> pygame.Surface:
    if (w, h) not in _fades:
        f = pygame.Surface((w, max(1, h)), pygame.SRCALPHA)
        for y in range(h):
            pygame.draw.line(f, (16, 11, 18, int(220 * y / max(1, h - 1))), (0, y), (w, y))
        _fades.clear()
        _fades[(w, h)] = f
    return _fades[(w, h)]
