"""Load a saved game: every save with its arena, players, round and date; broken ones with their reason."""

from __future__ import annotations

import pygame

from ..client.scroll import ScrollList
from ..client.ui import DIM, GOLD, Button, draw_label, text
from .menu import MenuScene


class LoadScene(MenuScene):
    """Every save, a row each (Load, and Replay beside it); more than fit scroll (client/scroll.py):
    the wheel, the scroll bar, PgUp/PgDn/Home/End, and Up/Down/Tab keep the focused row in view."""

    def __init__(self, app):
        self.career = None
        super().__init__(app)
        self.saves: list = []
        self.every: list[Button] = []
        """Every save's two buttons (Load, Replay), in the list's order; `buttons` holds the rows on screen."""
        self.current: int | None = None
        """The focused button's index in `every` (len(every) for Back), on screen or scrolled away."""
        self.list = ScrollList(on_scroll=self.place)
        self.reveal = True
        """Scroll the focused row into view at the next layout (after a key, a resize, on entering)."""

    def on_resize(self, size) -> None:
        self.reveal = True
        super().on_resize(size)

    def read(self) -> None:
        from .. import saves

        self.saves = saves.list_saves()
        why = saves.folder_problem()
        if why and not self.message:  # (a saves folder that is a file lists nothing: said, not blank)
            self.message = f"No saves can be listed: {why}."
        self.every = []
        for info in self.saves:
            if info.error:
                label = f"{info.name}: can not be loaded — {info.error}"
            else:
                when = info.saved_at.strftime("%Y-%m-%d %H:%M") if info.saved_at else "?"
                state = "finished" if info.over else self.app.router.round_words(info.round, info.ruleset)
                who = ", ".join(info.players) if len(info.players) <= 4 else f"{len(info.players)} players"
                label = f"{info.name}:  {info.arena} — {who} — {state} — {when}"
            self.every.append(Button(label, pygame.Rect(0, 0, 0, 0), (lambda i=info: self.load(i)),
                                     not info.error and not info.over, ellipsize=True))
            self.every.append(Button("Replay", pygame.Rect(0, 0, 0, 0), (lambda i=info: self.replay(i)), not info.error))
        if self.current is None or self.current > len(self.every):
            self.current = next((k for k, b in enumerate(self.every) if b.enabled), len(self.every))

    def layout(self) -> None:
        """The saves read afresh (on entering, back from a replay, at a new size), and placed."""
        self.career = self.app.router.career_to_continue()
        """(ruleset, file, when saved, words) of the newest unfinished career, or None (see the title)."""
        self.read()
        self.place()

    def place(self) -> None:
        """The rows on screen (the list scrolled), the scroll bar, Back, and which of them has the focus."""
        s = self.s
        w, h = self.app.size
        n = len(self.saves)
        y0, step, row_h = int(100 * s), int(52 * s), int(44 * s)
        bottom = h - int(120 * s)  # room for a message and the Back button under the list
        selected = self.current // 2 if self.current is not None and self.current < len(self.every) else None
        scrolls = self.list.fit(n, (bottom - y0 + step - row_h) // step, selected, self.reveal)
        self.reveal = False
        bar_w = max(6, int(12 * s))
        x0, right = int(w * 0.1), int(w * 0.9)
        rw = int(130 * s)
        room = right - x0 - (bar_w + int(8 * s) if scrolls else 0)
        self.area = pygame.Rect(x0, y0, right - x0, self.list.rows * step - (step - row_h))
        self.buttons, self.shown = [], []
        for k in self.list.shown():
            y = y0 + (k - self.list.top) * step
            load, replay = self.every[2 * k], self.every[2 * k + 1]
            load.rect = pygame.Rect(x0, y, room - rw - int(10 * s), row_h)
            replay.rect = pygame.Rect(load.rect.right + int(10 * s), y, rw, row_h)
            self.buttons += [load, replay]
            self.shown += [2 * k, 2 * k + 1]
        self.list.set_track(pygame.Rect(right - bar_w, y0, bar_w, self.area.h), s)
        self.buttons.append(Button("Back (Esc)", pygame.Rect(int(30 * s), h - int(60 * s), int(160 * s), int(40 * s)), self.back))
        self.shown.append(len(self.every))
        if self.career is not None:  # a career in progress (a Gladiator! season) is no save: its own way back
            words = self.career[3].removeprefix("Continue: ")
            left = int(30 * s) + int(180 * s)
            r = pygame.Rect(left, h - int(60 * s), int(w * 0.9) - left, int(40 * s))
            self.buttons.append(Button(f"{words[:1].upper()}{words[1:]} (V)", r, self.open_career, True, pygame.K_v,
                                       ellipsize=True))
            self.shown.append(len(self.every) + 1)
        self.focus = self.shown.index(self.current) if self.current in self.shown else -1

    # --- input: the scroll bar, then the menu's; the focus may be scrolled away, the keys bring it back ---
    def handle_event(self, event):
        if self.list.handle_event(event):
            return None
        out = super().handle_event(event)
        if 0 <= self.focus < len(self.shown) and self.shown[self.focus] != self.current \
                and self.app.stack.top is self:  # the mouse moved the focus
            self.current = self.shown[self.focus]
            self.list.followed = self.current // 2 if self.current < len(self.every) else None
        return out

    def key(self, event) -> bool:
        targets = [k for k, b in enumerate(self.every) if b.enabled] + [len(self.every)]  # Back last
        step = {pygame.K_DOWN: 1, pygame.K_UP: -1}.get(event.key)
        if event.key == pygame.K_TAB:
            step = -1 if event.mod & pygame.KMOD_SHIFT else 1
        if step is not None:
            if self.current in targets:
                self.current = targets[(targets.index(self.current) + step) % len(targets)]
            else:
                self.current = targets[0]
            self.reveal = True
            self.place()
            return True
        page = self.list.page(event.key)
        if page is not None and self.saves:  # a page (or to an end) of the list, the focus with it
            row = self.current // 2 if self.current < len(self.every) else len(self.saves) - 1
            self.select_row(row + page)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.focus < 0 \
                and self.current is not None and self.current < len(self.every):
            self.reveal = True  # the focus scrolled away: Enter brings it back before it presses anything
            self.place()
            return True
        return False

    def select_row(self, row: int) -> None:
        """Scroll row `row` into view and focus the usable button nearest it (the same column if it can),
        in view as well; with no usable row (all broken) the list just scrolls there."""
        n = len(self.saves)
        row = max(0, min(n - 1, row))
        col = self.current % 2 if self.current < len(self.every) else 0
        self.list.reveal(row)  # Home shows the top of the list, broken saves and all
        for r in sorted(range(n), key=lambda r: abs(r - row)):
            for c in (col, 1 - col):
                if self.every[2 * r + c].enabled:
                    self.current = 2 * r + c
                    self.reveal = True
                    self.place()
                    return
        self.place()

    def wheel(self, dy) -> None:
        self.list.scroll(-dy)

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

    def open_career(self) -> None:
        """The career in progress (a Gladiator! season), a bout left on the table taken up at once."""
        from ..core.errors import RecordError

        ruleset, path = self.career[0], self.career[1]
        try:
            self.app.router.ruleset = ruleset
            self.app.open("season", path, resume=True)
        except RecordError as e:
            self.message = f"That season can not be continued: {e}"

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
        except Exception as e:  # a hand-edited record the rules choke on: said, not a crash
            import logging

            logging.getLogger("deathmatch").warning("the replay of %s failed", info.path, exc_info=True)
            self.message = f"{info.name} can not be replayed ({type(e).__name__}: {e})"
            return
        self.app.push(scene)

    def draw(self, surface) -> None:
        s = self.s
        self.draw_backdrop(surface)
        title = text("Load a game", int(44 * s), GOLD, True)
        surface.blit(title, (int(30 * s), int(24 * s)))
        if self.list.track is not None:  # that there is more, and where in the list this is
            x = int(30 * s) + title.get_width() + int(20 * s)
            head = pygame.Rect(x, int(24 * s), self.area.right - x, title.get_height())
            draw_label(surface, f"{self.list.where()} (wheel, PgUp/PgDn)", head, int(20 * s), DIM, align="right", min_size=9)
        self.list.draw_bar(surface)
        if not self.saves:
            surface.blit(text("No saved games yet: games save themselves after every move.", int(22 * s), DIM),
                         (int(surface.get_width() * 0.1), int(110 * s)))
        for i, b in enumerate(self.buttons):
            b.draw(surface, int(18 * s), hover=(i == self.focus))
        self.draw_message(surface, surface.get_height() - int(110 * s))
