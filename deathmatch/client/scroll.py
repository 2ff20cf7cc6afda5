"""A list longer than its room, shown a window of whole rows at a time, with a scroll bar.

The screen that owns the list lays out its rows and says how many fit (`fit`) and where the
bar goes (`set_track`); `ScrollList` keeps which row is first on screen and moves it: the wheel
(`scroll`), a press on the bar's track (a page toward it), a drag of its thumb
(`handle_event`), and a selection that moves off screen (`fit(selected=...)` scrolls it back
into view, as little as needed). `on_scroll` is called when the first row changes, for the
screen to lay its rows out again. The New game arena list and the Load screen use it.
"""

from __future__ import annotations

from typing import Callable

import pygame

from .ui import GOLD, panel


class ScrollList:
    def __init__(self, on_scroll: Callable[[], None] = lambda: None):
        self.on_scroll = on_scroll
        self.top = 0
        """The first row on screen."""
        self.count = 0
        """The rows in the list."""
        self.rows = 1
        """How many rows fit on screen (at most `count`)."""
        self.track: pygame.Rect | None = None
        """The scroll bar's track, or None when the whole list fits."""
        self.scale = 1.0
        self.drag: tuple[int, int] | None = None
        """While the thumb is dragged: (mouse y at the press, first row at the press)."""
        self.followed: int | None = None
        """The selection last scrolled into view: another one is scrolled into view at the next `fit`."""

    # --- the owner's layout ---
    def fit(self, count: int, rows: int, selected: int | None = None, reveal: bool = False) -> bool:
        """`count` rows, `rows` of them fit: keep the first row within the ends and, if the selection
        is new (or `reveal`: after a resize, on entering), scroll it into view. True when the list scrolls."""
        self.count = max(0, count)
        self.rows = max(1, min(self.count, rows)) if self.count else 1
        if selected is not None and (reveal or selected != self.followed):
            self.followed = selected
            self.reveal(selected)
        self.top = max(0, min(self.top, self.count - self.rows))
        return self.scrolls

    @property
    def scrolls(self) -> bool:
        return self.count > self.rows

    def set_track(self, rect: pygame.Rect | None, scale: float) -> None:
        """Where the bar goes (None: no bar, the whole list shows)."""
        self.track = rect if self.scrolls else None
        self.scale = scale

    def shown(self) -> range:
        """The indices of the rows on screen, first to last."""
        return range(self.top, min(self.count, self.top + self.rows))

    def where(self) -> str:
        """Which rows show, for the heading: "1–8 of 28"."""
        shown = self.shown()
        return f"{shown.start + 1}–{shown.stop} of {self.count}"

    # --- moving ---
    def reveal(self, k: int) -> None:
        """Scroll so that row `k` is on screen (as little as needed)."""
        if k < self.top:
            self.top = k
        elif k >= self.top + self.rows:
            self.top = k - self.rows + 1
        self.top = max(0, min(self.top, self.count - self.rows))

    def scroll(self, rows: int) -> None:
        """Move the list by `rows` (negative: up), within its ends; the selection stays as it is."""
        top = max(0, min(self.count - self.rows, self.top + rows))
        if top != self.top:
            self.top = top
            self.on_scroll()

    def page(self, key: int) -> int | None:
        """The move in rows of PgUp/PgDn (a page) and Home/End (to an end), or None for another key."""
        return {pygame.K_PAGEUP: -self.rows, pygame.K_PAGEDOWN: self.rows,
                pygame.K_HOME: -self.count, pygame.K_END: self.count}.get(key)

    # --- the scroll bar ---
    def thumb(self) -> pygame.Rect | None:
        """The bar's thumb (its length the share of the list on screen), or None when all fits."""
        track = self.track
        if track is None:
            return None
        length = max(int(24 * self.scale), track.h * self.rows // max(1, self.count))
        y = track.y + (track.h - length) * self.top // max(1, self.count - self.rows)
        return pygame.Rect(track.x, y, track.w, length)

    def handle_event(self, event) -> bool:
        """The bar's share of the mouse: a press on the thumb drags it, a press on the track pages
        toward it, and the release of a press on the bar is no click on a row. True if used."""
        track, thumb = self.track, self.thumb()
        on_bar = track is not None and hasattr(event, "pos") and track.inflate(int(8 * self.scale), 0).collidepoint(event.pos)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and on_bar:
            if thumb.collidepoint(event.pos):
                self.drag = (event.pos[1], self.top)
            else:  # a press on the track pages toward it
                self.scroll(self.rows if event.pos[1] > thumb.bottom else -self.rows)
            return True
        if self.drag is not None:
            if event.type == pygame.MOUSEMOTION and track is not None:
                y0, top0 = self.drag
                per_row = max(1, track.h - thumb.h) / max(1, self.count - self.rows)
                target = top0 + round((event.pos[1] - y0) / per_row)
                if target != self.top:
                    self.scroll(target - self.top)
                return True
            if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
                self.drag = None
                return True
        return event.type == pygame.MOUSEBUTTONUP and event.button == 1 and on_bar

    def draw_bar(self, surface) -> None:
        track, thumb = self.track, self.thumb()
        if track is not None:
            panel(surface, track, (30, 22, 28, 200), (110, 80, 50), max(2, track.w // 2))
            panel(surface, thumb, (150, 110, 60, 255), GOLD, max(2, track.w // 2))
