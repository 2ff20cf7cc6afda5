"""The bout's "Calling on the gods" panel: each person's standing order for calling on the gods, changed
during the bout (the Gods button in the top bar, or O).

One row a person (the computer seats answer for themselves): their name and man, and three choices —
"only when it can change the result" (the default), "ask me every die", "never" — the current one lit.
A click (or Left/Right on the focused row) gives the order: a side answer to the engine (`SetGods`),
kept in the record and said in the log. Nothing in a bout is hidden, so every person's row shows.
"""

from __future__ import annotations

import pygame

from ...client.ui import DIM, GOLD, INK, Button, draw_text_block, font, panel, text, wrap
from ...rulesets.gladiator.actions import SetGods
from ..base import Scene
from .facts import GODS_CHOICES, GODS_HINTS, GODS_WORDS

INTRO = ("After each of your dice you may call on the gods to roll it again, once a game turn. "
         "When should the game stop to ask you?")


class GodsOrdersScene(Scene):
    transparent = True

    def __init__(self, app, table):
        super().__init__(app)
        self.table = table
        self.focus = 0
        self.buttons: list[Button] = []
        self.items: list = []
        self.content_h = 0
        """The height the panel's contents take (its footer's line included), once laid out."""

    # --- what there is to order ---
    def rows(self) -> list[tuple[str, str, str]]:
        """(player, their man's name, their order now) for each person at the bout."""
        v = self.table.front.view(None)
        men = {m.owner: m.name for m in v.men.values()}
        orders = v.get("gods_orders") or {}
        return [(p, men.get(p, ""), orders.get(p, "ask")) for p in self.table.humans]

    def set_order(self, player: str, order: str) -> None:
        self.table.set_gods(SetGods(player, order))

    # --- input ---
    def handle_event(self, event):
        rows = self.rows()
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for b in self.buttons:
                if b.hit(event.pos):
                    b.action()
                    return None
            if not self.frame_rect().collidepoint(event.pos):
                self.close()
            return None
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_o):
                self.close()
            elif event.key in (pygame.K_DOWN, pygame.K_TAB, pygame.K_UP) and rows:
                self.focus = (self.focus + (-1 if event.key == pygame.K_UP else 1)) % len(rows)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and rows:
                player, _, current = rows[self.focus % len(rows)]
                ids = list(GODS_CHOICES)
                i = ids.index(current) if current in ids else 0
                self.set_order(player, ids[(i + (1 if event.key == pygame.K_RIGHT else -1)) % len(ids)])
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.KEYUP, pygame.MOUSEWHEEL):
            return None
        return event

    def close(self) -> None:
        self.app.stack.remove(self)
        self.table.make_buttons()

    # --- drawing ---
    def frame_rect(self) -> pygame.Rect:
        s = self.app.ui_scale
        w, h = self.app.size
        want = self.content_h or int(360 * s)
        r = pygame.Rect(0, 0, min(w - int(40 * s), int(760 * s)), min(h - int(40 * s), want))
        r.center = (w // 2, h // 2)
        return r

    def enter(self) -> None:
        self.lay_out()

    def on_resize(self, size) -> None:
        self.lay_out()

    def update(self, dt: float) -> None:
        self.lay_out()

    def lay_out(self) -> None:
        """Where everything goes: `items` (what, words or button, position, size, colour) and `buttons`; the
        panel fits its contents (laid out again when they change its height)."""
        before = self.content_h
        self._lay_out()
        if self.content_h != before:
            self._lay_out()

    def _lay_out(self) -> None:
        s = self.app.ui_scale
        rect = self.frame_rect()
        x = rect.x + int(18 * s)
        y = rect.y + int(12 * s)
        width = rect.w - int(36 * s)
        items: list = [("text", "Calling on the gods", (x, y), int(28 * s), GOLD, True)]
        y += int(36 * s)
        items.append(("block", INTRO, (x, y), int(17 * s), DIM, width))
        y += _block_height(INTRO, int(17 * s), width) + int(8 * s)
        buttons: list[Button] = []
        mouse = pygame.mouse.get_pos()
        rows = self.rows()
        for i, (player, man, current) in enumerate(rows):
            focused = i == self.focus % max(1, len(rows))
            head = f"{player}" + (f" ({man})" if man else "")
            items.append(("text", ("> " if focused else "") + head, (x, y), int(20 * s), GOLD if focused else INK, True))
            y += int(26 * s)
            bx, bh = x + int(12 * s), int(30 * s)
            for cid, label in GODS_CHOICES.items():
                label = label[:1].upper() + label[1:]
                bw = text(label, int(17 * s)).get_width() + int(28 * s)
                if bx + bw > rect.right - int(18 * s):
                    bx = x + int(12 * s)
                    y += bh + int(4 * s)
                b = Button(label, pygame.Rect(bx, y, bw, bh), (lambda p=player, c=cid: self.set_order(p, c)),
                           True, None, GODS_HINTS.get(cid, ""), selected=cid == current)
                items.append(("button", b, b.rect.collidepoint(mouse)))
                buttons.append(b)
                bx += bw + int(6 * s)
            y += bh + int(4 * s)
            hint = GODS_HINTS.get(current, f"Now: {GODS_WORDS.get(current, current)}.")
            items.append(("block", hint, (x + int(12 * s), y), int(15 * s), DIM, width - int(12 * s)))
            y += _block_height(hint, int(15 * s), width - int(12 * s)) + int(10 * s)
        self.items, self.buttons = items, buttons
        self.content_h = y - rect.y + int(30 * s)

    def draw(self, surface) -> None:
        s = self.app.ui_scale
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 150))
        surface.blit(shade, (0, 0))
        rect = self.frame_rect()
        panel(surface, rect, (30, 22, 26, 250), GOLD, 12)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-8, -int(40 * s)).move(0, -int(14 * s)))
        for item in self.items:
            if item[0] == "text":
                _, words, pos, size, colour, bold = item
                surface.blit(text(words, size, colour, bold), pos)
            elif item[0] == "block":
                _, words, pos, size, colour, width = item
                draw_text_block(surface, words, pos, size, width, colour)
            else:
                _, button, hover = item
                button.draw(surface, int(17 * s), hover=hover)
        surface.set_clip(clip)
        foot = text("Click a choice (or Left/Right)   Enter, Esc or O: back to the bout", int(15 * s), DIM)
        surface.blit(foot, foot.get_rect(midbottom=(rect.centerx, rect.bottom - int(10 * s))))


def _block_height(words: str, size: int, width: int, line_gap: int = 2) -> int:
    """The height `draw_text_block` uses for `words`."""
    return len(wrap(words, size, width)) * (font(size).get_linesize() + 2 + line_gap)
