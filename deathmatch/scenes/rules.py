"""The rules screen, for players: each ruleset's pages (Celebrity Deathmatch's: How to play, illustrated,
the Rules, the Rulings, and the celebrities).

The texts are ours, written for players, in `assets/rules/*.txt` (the markup
of `client/document.py`); the developers' contracts are docs/rules/. Which
pages a ruleset has is the router's to say (`ClientRuleset.rules`): this
shared screen imports nothing of a ruleset. With more than one ruleset a row
of games on top switches between their pages (a click, or S for the next
game). Each page scrolls with the wheel, the keys (Up/Down, PgUp/PgDn, Space,
Home/End), by dragging the page or the scroll bar; Left/Right or the number
keys switch pages; a tab that names a scene opens it (4 or G: the gallery of
celebrities).
"""

from __future__ import annotations

import pygame

from ..client.document import MarkupError, Page, Para, draw_page, layout, parse
from ..client.howto import PictureBook
from ..client.ui import DIM, GOLD, PANEL_EDGE, Button, panel, text
from ..paths import assets_dir
from .menu import MenuScene

TAB_KEYS = (pygame.K_1, pygame.K_2, pygame.K_3, pygame.K_4, pygame.K_5, pygame.K_6, pygame.K_7, pygame.K_8,
            pygame.K_9)
GAME_KEY = pygame.K_s
"""Shows the next ruleset's pages (when there is more than one)."""
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


def is_text(source: str | None) -> bool:
    """Whether a page's source is a page to read here (a text file, or None: no pages), not a scene to open."""
    return source is None or source.endswith(".txt")


class RulesScene(MenuScene):
    def __init__(self, app, page: int = 0, ruleset: str | None = None, game=None, viewer: str | None = None):
        super().__init__(app)
        self.game, self.viewer = game, viewer
        """Opened from a game (the game menu): that game and who sits at the screen (None: nobody). Passed
        to a scene a tab opens (the characters gallery), which shows only what that player's view of the
        game shows (`GalleryScene.hidden`)."""
        ids = [rs.id for rs in app.router.rulesets]
        self.ruleset = next((r for r in (ruleset, app.router.ruleset) if r in ids), ids[0] if ids else "")
        """The ruleset whose pages show: the one asked for (a game's), else the router's."""
        self.pages: list[tuple[str, str | None]] = self.pages_of(self.ruleset)
        self.page_index = page if 0 <= page < len(self.pages) and is_text(self.pages[page][1]) else self.reading[0]
        self.sources: dict[tuple[str, int], list] = {}
        """(ruleset, page) → its blocks, read when first shown."""
        self._pictures: dict[str, PictureBook | None] = {}
        self.page: Page = Page()
        self.view = pygame.Rect(0, 0, 1, 1)
        self.scroll = 0
        self.scrolls: dict[tuple[str, int], int] = {}
        self.drag: tuple[str, int, int] | None = None
        """(what: "page" or "bar", mouse y at the press, scroll at the press)."""
        self.dragged = False
        self.game_row: tuple[int, int] | None = None
        """(x after the game buttons, y of their middle) when the row of games shows."""

    # --- a ruleset's pages ----------------------------------------------------------------

    @property
    def pictures(self) -> PictureBook | None:
        """The how-to-play pictures of the ruleset shown, drawn with its content (made when first needed): the
        book its manifest names (`ClientRuleset.howto`), None if it names none."""
        if self.ruleset not in self._pictures:
            book = self.app.router.howto_book(self.ruleset)
            if book is None:
                self._pictures[self.ruleset] = None
            else:
                self._pictures[self.ruleset] = book(self.app.library_for(self.ruleset) if book.USES_LIBRARY else None)
        return self._pictures[self.ruleset]

    def picture(self, name: str, width: int):
        """The step picture `name`, or None (a step whose game draws no such picture shows its words alone)."""
        kind = self.app.router.howto_book(self.ruleset)
        if kind is None or name not in kind.NAMES:
            return None
        book = self.pictures
        return book(name, width) if book is not None else None

    def pages_of(self, ruleset: str) -> list[tuple[str, str | None]]:
        """The tabs of `ruleset` (label, source); a ruleset naming no page to read gets one that says so."""
        rs = next((r for r in self.app.router.rulesets if r.id == ruleset), None)
        pages = list(getattr(rs, "rules", ()) or ())
        if not any(is_text(src) for _, src in pages):
            pages.insert(0, ("Rules", None))
        return pages

    @property
    def reading(self) -> list[int]:
        """The indices of the pages read on this screen (the others open a scene)."""
        return [i for i, (_, src) in enumerate(self.pages) if is_text(src)]

    def blocks(self, index: int) -> list:
        key = (self.ruleset, index)
        if key not in self.sources:
            source = self.pages[index][1]
            if source is None:
                name = next((r.name for r in self.app.router.rulesets if r.id == self.ruleset), self.ruleset)
                self.sources[key] = [Para(f"This program has no rules pages for {name}. "
                                          "Its rules are in the game's documentation (docs/rules/).")]
            else:
                self.sources[key] = load_page(source)
        return self.sources[key]

    # --- layout ---------------------------------------------------------------------------

    def layout(self) -> None:
        s = self.s
        w, h = self.app.size
        tab_w, tab_h, gap = int(190 * s), int(40 * s), int(10 * s)
        y = int(14 * s)
        games = self.app.router.rulesets
        game_buttons = []
        self.game_row = None
        if len(games) > 1:  # a row of games over the tabs: whose rules show
            x = int(30 * s) + text("Game:", int(22 * s), GOLD, True).get_width() + gap
            widths = [max(tab_w, text(rs.name, int(22 * s)).get_width() + int(40 * s)) for rs in games]
            room = w - int(30 * s) - x - gap * (len(games) - 1)
            if sum(widths) > room:  # too wide for the window: each gets its share (the label shrinks to fit)
                widths = [int(room * wd / sum(widths)) for wd in widths]
            for rs, wd in zip(games, widths):
                b = Button(rs.name, pygame.Rect(x, y, wd, tab_h), lambda rid=rs.id: self.switch_game(rid))
                b.selected = rs.id == self.ruleset
                game_buttons.append(b)
                x += wd + gap
            self.game_row = (x, y + tab_h // 2)
            y += tab_h + gap
        x = int(30 * s)
        self.buttons = []
        for i, (label, source) in enumerate(self.pages):
            b = Button(f"{label} ({i + 1})", pygame.Rect(x, y, tab_w, tab_h), lambda i=i: self.show(i))
            b.selected = i == self.page_index
            self.buttons.append(b)
            x += tab_w + gap
        self.buttons += game_buttons
        self.buttons.append(Button("Back (Esc)", pygame.Rect(int(30 * s), h - int(56 * s), int(160 * s), int(40 * s)),
                                   self.back))
        self.focus = self.page_index
        top = y + tab_h + int(14 * s)
        bottom = h - int(70 * s)
        width = min(w - int(110 * s), int(1000 * s))
        self.view = pygame.Rect((w - width) // 2 - int(10 * s), top, width, bottom - top)
        self.page = layout(self.blocks(self.page_index), width, s, self.picture)
        self.scroll = self.clamp(self.scrolls.get((self.ruleset, self.page_index), 0))

    def show(self, index: int) -> None:
        """Show tab `index`: a page to read, or the scene it names opened over this screen."""
        if not 0 <= index < len(self.pages):
            return
        source = self.pages[index][1]
        if not is_text(source):
            self.app.open(source, game=self.game, viewer=self.viewer)
            return
        self.scrolls[(self.ruleset, self.page_index)] = self.scroll
        self.page_index = index
        self.layout()

    def turn(self, step: int) -> None:
        """The next (+1) or previous (-1) page to read, round the end."""
        reading = self.reading
        at = reading.index(self.page_index) if self.page_index in reading else 0
        self.show(reading[(at + step) % len(reading)])

    def switch_game(self, ruleset: str) -> None:
        """Show `ruleset`'s pages: the page of the same place if it has one to read, else its first."""
        if ruleset == self.ruleset:
            return
        self.scrolls[(self.ruleset, self.page_index)] = self.scroll
        self.ruleset = ruleset
        self.pages = self.pages_of(ruleset)
        if self.page_index not in self.reading:
            self.page_index = self.reading[0]
        self.layout()

    def next_game(self) -> None:
        ids = [rs.id for rs in self.app.router.rulesets]
        if len(ids) > 1:
            self.switch_game(ids[(ids.index(self.ruleset) + 1) % len(ids)] if self.ruleset in ids else ids[0])

    def gallery(self) -> None:
        """Open the tab that names the gallery, if this ruleset's pages have one."""
        at = next((i for i, (_, src) in enumerate(self.pages) if src == "gallery"), None)
        if at is not None:
            self.show(at)

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
            self.turn(1 if event.key == pygame.K_RIGHT else -1)
            return True
        if event.key in TAB_KEYS[:len(self.pages)]:
            self.show(TAB_KEYS.index(event.key))
            return True
        if event.key == pygame.K_g and any(src == "gallery" for _, src in self.pages):
            self.gallery()
            return True
        if event.key == GAME_KEY and self.game_row is not None:
            self.next_game()
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
        if self.game_row is not None:
            x_end, mid = self.game_row
            label = text("Game:", int(22 * s), GOLD, True)
            surface.blit(label, label.get_rect(midleft=(int(30 * s), mid)))
            keys = text("S: switch game", int(16 * s), DIM)
            if x_end + keys.get_width() <= w - int(20 * s):
                surface.blit(keys, keys.get_rect(midleft=(x_end, mid)))
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
