"""The frame a game's editor screen is built on (Chessboard Skirmish's army builder, Superhero Gladiators'
hero designer): a form of fields and buttons, a scrolling list of rows, and a picker of the files to start
from ("Load…", "Open…") over it; one copy of what every such screen does the same way.

    class ArmyBuilderScene(EditorForm, MenuScene): ...

`EditorForm` is mixed in before the menu frame. The screen keeps, as attributes: `buttons`, `fields`
({(row, col): rect}: a click there puts the focus, and the typing, on that field), `list` and `picker`
(ScrollLists: the form's rows, the picker's), `choices` (the files to pick from while the picker is open,
else None), `choice` (the one in focus), `unreadable` (files skipped), `mouse` (where the mouse was last
seen), `message` / `message_ok`; and it gives `key_down`, `focus_on`, `layout`, and the picker's words:
`PICKER` (its sizes and headings), `choice_label`, `choice_blurb`, `open_choice`. A game's own fields,
rows and commands stay on its screen.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from .safetext import typable
from .ui import DIM, GOLD, Button, draw_label, fit_size, fit_text_block, font, line_height, panel


def words_in(surface, words: str, rect: pygame.Rect, size: int, colour) -> int:
    """Wrapped text shrunk to fit `rect`; a word too long for it even so (a file path, a name typed as
    one word) puts the text on one line cut with "…". Returns the height used."""
    fitted = fit_size(words, size, rect.w, rect.h, min_size=9, line_gap=0)
    if any(font(fitted).size(w)[0] + 2 > rect.w for w in words.split()):
        line = pygame.Rect(rect.x, rect.y, rect.w, min(rect.h, line_height(fitted)))
        draw_label(surface, words, line, fitted, colour, min_size=9, ellipsize=True)
        return line.h
    return fit_text_block(surface, words, rect, size, colour, min_size=9, line_gap=0)


@dataclass(frozen=True)
class Picker:
    """An editor's picker: its frame (its top, the room it leaves above and below, its widest: unscaled), a
    row's height, where the rows start under the heading, the heading, the line when there is nothing to
    pick, and the command that says why a file was skipped."""

    top: int
    margins: int
    width: int
    row: int
    rows_at: int
    heading: str
    empty: str
    check: str


class EditorForm:
    """The shared behaviour of an editor screen: see the module's docstring."""

    PICKER: Picker

    # --- what the screen gives --------------------------------------------------------------------
    def choice_label(self, choice) -> str:
        """A file's line in the picker."""
        raise NotImplementedError

    def choice_blurb(self, choice) -> str:
        """The words under the picker about the file in focus."""
        raise NotImplementedError

    def open_choice(self, choice) -> None:
        """Start editing a file picked in the picker (and close it)."""
        raise NotImplementedError

    def focus_tag(self, tag) -> None:
        """A click on a tagged button: the focus goes to its (row, field)."""
        self.row, self.col = tag

    # --- shared ---------------------------------------------------------------------------------
    def say(self, words: str, ok: bool = False) -> None:
        self.message, self.message_ok = words, ok
        self.layout()

    def typed(self, current: str, event, limit: int, too_long: str, lower: bool = False) -> str | None:
        """What a key makes of `current`, the text of the field in focus: Backspace deletes, a key that types
        adds its character (`lower`: in small letters) up to `limit` characters (past it, `too_long` is said);
        None if the text stays as it is."""
        if event.key == pygame.K_BACKSPACE:
            return current[:-1]
        if not typable(event.unicode):
            return None
        if len(current) >= limit:
            self.say(too_long)
            return None
        return current + (event.unicode.lower() if lower else event.unicode)

    def under_mouse(self, b: Button) -> bool:
        return self.mouse is not None and b.hit(self.mouse)

    def cancel_picker(self) -> None:
        self.choices = None
        self.layout()

    def handle_event(self, event):
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.choices is not None:
            return self.handle_picker(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP) and self.list.handle_event(event):
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    if b.tag is not None:
                        self.focus_tag(b.tag)
                    b.action()
                    return None
            for (row, col), rect in self.fields.items():
                if rect.collidepoint(event.pos):
                    self.focus_on(row, col)
                    return None
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.list.scroll(-event.y)
            return None
        if event.type == pygame.KEYDOWN:
            self.key_down(event)
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.KEYUP, pygame.TEXTINPUT):
            return None
        return event

    def handle_picker(self, event):
        n = len(self.choices)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.MOUSEBUTTONUP) and self.picker.handle_event(event):
            return None
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    b.action()
                    return None
            return None
        if event.type == pygame.MOUSEMOTION:
            for b in self.buttons:
                if b.tag is not None and b.hit(event.pos):
                    self.choice = b.tag
            return None
        if event.type == pygame.MOUSEWHEEL:
            self.picker.scroll(-event.y)
            return None
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k == pygame.K_ESCAPE:
                self.cancel_picker()
                return None
            if k in (pygame.K_UP, pygame.K_DOWN) and n:
                self.choice = (self.choice + (1 if k == pygame.K_DOWN else -1)) % n
            elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME, pygame.K_END) and n:
                self.choice = max(0, min(n - 1, self.choice + self.picker.page(k)))
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and n:
                self.open_choice(self.choices[self.choice])
                return None
            self.layout()
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYUP, pygame.TEXTINPUT):
            return None
        return event

    def layout_picker(self) -> None:
        p = self.PICKER
        s = self.s
        w, h = self.app.size
        frame = pygame.Rect(0, int(p.top * s), min(int(p.width * s), w - int(40 * s)), h - int(p.margins * s))
        frame.centerx = w // 2
        self.frame = frame
        inner = frame.inflate(-int(32 * s), -int(32 * s))
        bh, gap = int(p.row * s), int(6 * s)
        y0 = inner.y + int(p.rows_at * s)
        bottom = inner.bottom - bh - int(70 * s)
        step = bh + gap
        fit = max(1, (bottom - y0 + gap) // step)
        n = len(self.choices)
        scrolls = self.picker.fit(n, fit, self.choice if n else None)
        bar = max(6, int(12 * s))
        room = inner.w - (bar + gap if scrolls else 0)
        self.buttons = []
        for k in self.picker.shown():
            c = self.choices[k]
            y = y0 + (k - self.picker.top) * step
            self.buttons.append(Button(self.choice_label(c), pygame.Rect(inner.x, y, room, bh),
                                       lambda c=c: self.open_choice(c), tag=k, selected=(k == self.choice),
                                       ellipsize=True))
        self.picker.set_track(pygame.Rect(inner.x + room + gap, y0, bar, max(bh, min(n, fit) * step - gap)), s)
        self.blurb_box = pygame.Rect(inner.x, inner.bottom - bh - int(62 * s), inner.w, int(52 * s))
        cancel = pygame.Rect(0, inner.bottom - bh, int(180 * s), bh)
        cancel.centerx = frame.centerx
        self.buttons.append(Button("Cancel (Esc)", cancel, self.cancel_picker))

    def draw_picker(self, surface) -> None:
        p = self.PICKER
        s = self.s
        frame = self.frame
        panel(surface, frame, (30, 22, 26, 248), GOLD, 12)
        inner = frame.inflate(-int(32 * s), -int(32 * s))
        head = pygame.Rect(inner.x, inner.y, inner.w, int(36 * s))
        words = p.heading
        if self.unreadable:
            words += f" ({self.unreadable} file{'s' if self.unreadable > 1 else ''} skipped: deathmatch {p.check} says why)"
        draw_label(surface, words, head, int(26 * s), GOLD, True)
        if not self.choices:
            draw_label(surface, p.empty, head.move(0, int(50 * s)), int(20 * s), DIM)
        for b in self.buttons:
            b.draw(surface, int(19 * s), hover=b.tag == self.choice or self.under_mouse(b))
        self.picker.draw_bar(surface)
        if self.choices:
            words_in(surface, self.choice_blurb(self.choices[self.choice]), self.blurb_box, int(19 * s), DIM)
