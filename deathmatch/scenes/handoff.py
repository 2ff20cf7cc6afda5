"""The hand-off screen: pass the computer to the next player, hiding the board's secrets.

Two rules keep the next player's secrets from the person still seated:

- **The same words whatever the coming seat holds.** The screen says only public facts: whose
  move it is and how far the game has come (the round, or turn, of the public view: nobody
  seated, `front.view(None)`). What kind of decision waits (a
  reaction to play, a gizmo to name) is not said: it would tell the table what that seat holds.
- **A guard against a press meant for the screen before.** For `GUARD` seconds after it opens
  the screen ignores every key and click, and then it takes only a deliberate press: a key-down
  that began after the guard (a key already held when the screen opened, or pressed during the
  guard, counts only once released and pressed again), or a click whose button went down and up
  after it. The time is the screen's own clock: the `dt` the app passes to `update` (capped per
  frame by the app, so never faster than the wall clock), or a clock given to it (`clock=`, a
  callable returning seconds: tests pass a fake one). While the guard runs the screen asks for
  frames (`animating`), so the app's clock keeps moving.

**Since your last turn.** Under the words, what happened since the coming seat last decided
(`scenes/recap.py`): the lines told to every seat only (nobody has sat down yet), so the same for
whoever is at the screen. Enter (or a click) passes over it; "Show on the board" (R, or its button)
seats the player and plays those steps again on the board, under their view, before they decide.
"""

from __future__ import annotations

from typing import Callable

import pygame

from ..client import sprites
from ..client.ui import DIM, GOLD, INK, panel, shortened, text, wrap
from . import recap
from .base import Scene

GUARD = 0.6
"""Seconds after it opens during which the hand-off ignores every key and click."""

PASS_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER)
"""The keys that pass the screen (Enter, not Space: Space skips the battle's animations)."""
UNDO_KEY = pygame.K_u
SCROLL_KEYS = {pygame.K_UP: 1, pygame.K_DOWN: -1, pygame.K_PAGEUP: 6, pygame.K_PAGEDOWN: -6}
"""The keys that scroll a long recap (rows up or down)."""
REPLAY_KEY = pygame.K_r
"""Pass the screen and show on the board what happened since the seat's last turn."""


def held_keys() -> set[int]:
    """The screen's keys held down right now (a key held from before the screen opened)."""
    try:
        down = pygame.key.get_pressed()
        return {k for k in (*PASS_KEYS, UNDO_KEY, REPLAY_KEY) if down[k]}
    except (pygame.error, IndexError):
        return set()


class HandOffScene(Scene):
    """Opaque: nothing of the board shows until the named player clicks."""

    transparent = False
    guard = GUARD

    def __init__(self, app, battle, player: str, clock: Callable[[], float] | None = None):
        super().__init__(app)
        self.battle = battle
        self.player = player
        self.shown: list[str] = []
        """Every line of text the last frame showed (the hidden-information tests read it)."""
        self.elapsed = 0.0
        """Seconds of `update` since the screen opened (its clock when none is given)."""
        self.clock: Callable[[], float] = clock if clock is not None else (lambda: self.elapsed)
        self.opened = self.clock()
        self.held: set[int] = held_keys()
        """Keys that went down before the guard ended (or before the screen opened) and are not
        yet released: they pass nothing, however long they are held (key repeat included)."""
        self.pressed = False
        """Whether a mouse button went down on this screen after the guard. A click counts only
        when it began there: a player clicking to skip the last animation must not pass the
        screen with the same click's release."""
        try:
            self.recap: list[str] = recap.tracker(battle).lines(battle, player, recap.PUBLIC)
        except AttributeError:  # (a table with no front: nothing to tell)
            self.recap = []
        self.replayable = bool(self.recap)
        """Whether there is anything to show on the board ("Show on the board"): not for a note alone."""
        note = getattr(battle, "first_turn_note", None)
        if note is not None and (words := note(player)):  # (a game's word for a seat's first hand-off)
            self.recap = self.recap + [words]
        """What happened since `player` last decided, as every seat was told it (see the module)."""
        self.scroll = 0
        """Rows of the recap scrolled up from its end (the mouse wheel, Up and Down)."""
        self.recap_drawn: list[str] = []
        """The recap's strings the last frame drew (the same-words test sets them aside: where the
        recap starts is when the coming seat last decided, which everyone saw)."""

    @property
    def ready(self) -> bool:
        """Whether the guard is over: a deliberate press may pass the screen now."""
        return self.clock() - self.opened >= self.guard - 1e-9  # (a sum of frame times rounds)

    @property
    def animating(self) -> bool:
        return not self.ready  # frames keep coming while the guard runs, so its time passes

    def update(self, dt: float) -> None:
        self.elapsed += dt

    def public_words(self) -> str:
        """The public words under the title: where the game is (the table's `where_words(public view)`,
        in the game's words: "Round 3", "Turn 2, segment 4", "Placing your heroes"; else the round or
        turn) and whose move, from the public view (nobody seated) — never what the coming seat is to decide, which could tell what
        it holds. The same for every seat holding anything."""
        front = self.battle.front
        own = getattr(self.battle, "where_words", None)  # (the game's own words: "turn 2, segment 3")
        if callable(own):
            when = own(front.view(None)) or ""
        else:
            n = front.when()
            when = self.app.router.round_words(n, front.ruleset_id) if n is not None and n > 0 else ""
        move = f"your move, {self.player}"
        return f"{when[:1].upper()}{when[1:]}: {move}" if when else move[:1].upper() + move[1:]

    def undo_for(self) -> str | None:
        """The player who may still take back their last answer from here (before the next
        player has seen anything), or None."""
        b = self.battle
        who = b.last_human
        if who is not None and who != self.player and b.can_undo(for_player=who):
            return who
        return None

    def undo_rect(self) -> pygame.Rect:
        s = self.app.ui_scale
        r = pygame.Rect(0, 0, int(360 * s), int(40 * s))
        r.midtop = (self.app.size[0] // 2, self.geometry()[0].bottom + int(20 * s))
        return r

    def recap_rows(self, size: int, width: int, room: int) -> tuple[list[str], int, int]:
        """The recap's lines wrapped to `width` at text size `size`: the `room` rows shown (the last
        ones, or earlier ones as far as the player scrolled up: `scroll` rows), and how many rows are
        left out before and after them (each said on a line of the room)."""
        rows: list[str] = []
        for line in self.recap:
            indent = "  " if line.startswith("  ") else ""
            for k, piece in enumerate(wrap(line.strip(), size, width - size)):  # (room for the indent)
                rows.append(("    " if k else indent) + piece)
        if len(rows) <= room:
            self.scroll = 0
            return rows, 0, 0
        self.scroll = max(0, min(self.scroll, len(rows) - max(1, room - 2)))
        keep = max(1, room - (2 if self.scroll else 1))  # (a line says what is left out either side)
        end = len(rows) - self.scroll
        start = end - keep
        while start < end - 1 and rows[start].startswith("    "):
            start += 1  # (the rows shown begin with a line's beginning, not the rest of one)
        return rows[start:end], start, self.scroll

    def geometry(self) -> tuple[pygame.Rect, list[str], tuple[int, int], pygame.Rect | None]:
        """The panel, the recap rows it shows and how many it leaves out, the replay button (None
        when there is no recap): the panel grows with the recap, as far as the window lets it."""
        s = self.app.ui_scale
        w, h = self.app.size
        if not self.recap:
            rect = pygame.Rect(0, 0, int(640 * s), int(260 * s))
            rect.center = (w // 2, h // 2)
            return rect, [], (0, 0), None
        pw = min(int(780 * s), w - int(32 * s))
        size, line_h = int(18 * s), int(22 * s)
        fixed = int(330 * s)
        undo = int(64 * s) if self.undo_for() is not None else 0
        room = max(1, (h - int(24 * s) - undo - fixed) // line_h)
        rows, before, after = self.recap_rows(size, pw - int(60 * s), min(room, 14))
        left = (before, after)
        ph = fixed + line_h * (len(rows) + (1 if before else 0) + (1 if after else 0))
        rect = pygame.Rect(0, 0, pw, ph)
        rect.center = (w // 2, (h - undo) // 2)
        show = pygame.Rect(0, 0, int(300 * s), int(38 * s))
        show.midbottom = (rect.centerx, rect.bottom - int(62 * s))
        return rect, rows, left, show

    def deliberate(self, event) -> bool | None:
        """Whether `event` is a deliberate press (a key-down or a click's release that began after
        the guard); None for an event that is no press at all. Tracks the keys and the button."""
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return None
        if event.type == pygame.KEYDOWN:
            if not self.ready or event.key in self.held:
                self.held.add(event.key)
                return False
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.pressed = self.ready
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            began_here, self.pressed = self.pressed, False
            return began_here and self.ready
        return None

    def handle_event(self, event):
        press = self.deliberate(event)
        clicked = press and event.type == pygame.MOUSEBUTTONUP
        keyed = press and event.type == pygame.KEYDOWN
        if self.undo_for() is not None and (
                clicked and self.undo_rect().collidepoint(event.pos) or keyed and event.key == UNDO_KEY):
            self.app.stack.remove(self)
            self.battle.undo()
            if getattr(self.battle, "hidden_cards", True) and self.battle.hides_anything():
                # Whoever pressed it sits at a screen that was being passed to the next seat: the seat taking
                # its move back gets its own hand-off ("Pass to …") before its cards show, like any turn.
                self.battle.viewer = None
            return None
        if self.recap and event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, self.scroll + event.y)
            return None
        if keyed and event.key in SCROLL_KEYS:
            self.scroll = max(0, self.scroll + SCROLL_KEYS[event.key])
            return None
        show = self.geometry()[3]
        replay = show is not None and self.replayable and (clicked and show.collidepoint(event.pos)
                                                           or keyed and event.key == REPLAY_KEY)
        if replay or clicked or keyed and event.key in PASS_KEYS:
            self.battle.viewer = self.player
            self.app.stack.remove(self)
            recap.seen_by(self.battle, self.player)
            if replay:
                recap.replay(self.battle, self.player)
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.KEYDOWN, pygame.MOUSEMOTION,
                          pygame.MOUSEWHEEL):
            return None  # nothing reaches the board behind the screen
        return event

    def draw(self, surface) -> None:
        s = self.app.ui_scale
        surface.fill((16, 11, 18))
        w, h = surface.get_size()
        idx = self.battle.index.get(self.player, 0)
        colour = sprites.PLAYER_COLOURS[idx % len(sprites.PLAYER_COLOURS)]
        rect, rows, left, show = self.geometry()
        panel(surface, rect, (36, 26, 30, 250), colour.rgb, 14)
        aside = self.app.router.handoff_aside(self.battle.front.ruleset_id)
        lines = [f"Pass to {self.player}", self.public_words(), aside, "Click (or press Enter) when ready"]
        title = text(lines[0], int(48 * s), GOLD, True)
        surface.blit(title, title.get_rect(midtop=(rect.centerx, rect.y + int(26 * s))))
        sub = text(lines[1], int(28 * s), INK)
        surface.blit(sub, sub.get_rect(midtop=(rect.centerx, rect.y + int(96 * s))))
        note = text(lines[2], int(22 * s), DIM)
        surface.blit(note, note.get_rect(midtop=(rect.centerx, rect.y + int(146 * s))))
        go = text(lines[3], int(26 * s), colour.rgb, True)
        if show is None:
            surface.blit(go, go.get_rect(midtop=(rect.centerx, rect.y + int(196 * s))))
        else:
            surface.blit(go, go.get_rect(midbottom=(rect.centerx, rect.bottom - int(18 * s))))
            self.draw_recap(surface, rect, rows, left, show)
            lines.extend(self.recap_drawn)
        who = self.undo_for()
        if who is not None:
            r = self.undo_rect()
            panel(surface, r, (46, 34, 40, 230), (120, 86, 52), 6)
            lines.append(f"{who}: undo your last move (U)")  # (last: tests read it there)
            img = text(lines[-1], int(20 * s), INK)
            surface.blit(img, img.get_rect(center=r.center))
        self.shown = lines

    def draw_recap(self, surface, rect, rows, left, show) -> None:
        """The recap under the public words: a heading, its rows (the earlier ones counted), the
        replay button."""
        s = self.app.ui_scale
        size, line_h = int(18 * s), int(22 * s)
        drawn = []
        x = rect.x + int(30 * s)
        y = rect.y + int(186 * s)
        pygame.draw.line(surface, (90, 66, 60), (x, y - int(8 * s)), (rect.right - int(30 * s), y - int(8 * s)), 1)
        head = recap.heading(self.battle, self.player)
        img = text(head, int(21 * s), GOLD, True)
        surface.blit(img, (x, y))
        drawn.append(head)
        y += int(30 * s)
        before, after = left
        if before or after:
            words = f"… {before} earlier line{'s' if before != 1 else ''} (mouse wheel or Up)" if before else ""
            if words:
                surface.blit(text(words, size, DIM), (x, y))
                drawn.append(words)
            y += line_h
        for row in rows:
            img = shortened(row, size, rect.w - int(60 * s), INK)
            surface.blit(img, (x, y))
            drawn.append(row)
            y += line_h
        if after:
            words = f"… {after} later line{'s' if after != 1 else ''} (Down)"
            surface.blit(text(words, size, DIM), (x, y))
            drawn.append(words)
        if not self.replayable:
            self.recap_drawn = drawn
            return
        hover = show.collidepoint(pygame.mouse.get_pos()) if pygame.display.get_init() else False
        panel(surface, show, (70, 52, 44, 240) if hover else (46, 34, 40, 230), (150, 110, 64), 8)
        label = "Show on the board (R)"
        img = shortened(label, int(19 * s), show.w - int(12 * s), GOLD, True)
        surface.blit(img, img.get_rect(center=show.center))
        drawn.append(label)
        self.recap_drawn = drawn
