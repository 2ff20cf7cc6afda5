"""Standing orders: the seated player tells the game, in private, when to play their reactions.

Opened from the card panel ("Orders", key O) on the player's own decision, behind the
hand-off when cards are hidden. Each reaction ability of the player's living models is a row:
its text, and its choices — "Ask me", "Never", or a condition its effect kind offers (the
engine lists them; the screen decides nothing). A click (or Left/Right on the focused row)
sets the order: an answer to the engine like any other, kept in the record, seen by nobody else.
The rows are the ruleset's answer to the seated player's question "orders" (`front.ask`): their
own reactions only.
"""

from __future__ import annotations

import pygame

from ...client.ui import DIM, GOLD, INK, Button, draw_text_block, font, panel, text, wrap
from ...core.front import seen
from ...rulesets.celebrity import SetOrder
from ..base import Scene


class OrdersScene(Scene):
    transparent = True

    def __init__(self, app, battle):
        super().__init__(app)
        self.battle = battle
        self.player = battle.viewer
        self.focus = 0
        self.scroll = 0
        self.buttons: list[Button] = []
        self.message = ""

    # --- what there is to order ---
    def rows(self) -> list:
        """The seated player's reactions still unplayed, then each living model's push back, each
        with its model (`model`, its card's `name`), `ability`, `heading`, `text`, `choices` ((id,
        words) each) and `current` order."""
        return seen(self.battle.front.ask(self.player, "orders"))

    def set_order(self, model_id: str, ability: str, order: str) -> None:
        self.battle.set_order(SetOrder(self.player, model_id, ability, order))

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
        if event.type == pygame.MOUSEWHEEL:
            self.scroll = max(0, min(max(0, len(rows) - 1), self.scroll - event.y))
            return None
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_o):
                self.close()
            elif event.key in (pygame.K_DOWN, pygame.K_TAB) and rows:
                self.focus = (self.focus + 1) % len(rows)
            elif event.key == pygame.K_UP and rows:
                self.focus = (self.focus - 1) % len(rows)
            elif event.key in (pygame.K_LEFT, pygame.K_RIGHT) and rows:
                row = rows[self.focus % len(rows)]
                ids = [c for c, _ in row.choices]
                i = ids.index(row.current) if row.current in ids else 0
                i = (i + (1 if event.key == pygame.K_RIGHT else -1)) % len(ids)
                self.set_order(row.model, row.ability, ids[i])
            return None
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEMOTION, pygame.KEYUP):
            return None
        return event

    def close(self) -> None:
        self.app.stack.remove(self)

    # --- drawing ---
    def frame_rect(self) -> pygame.Rect:
        s = self.app.ui_scale
        w, h = self.app.size
        r = pygame.Rect(0, 0, min(w - int(40 * s), int(820 * s)), h - int(80 * s))
        r.center = (w // 2, h // 2)
        return r

    def enter(self) -> None:
        self.items, self.buttons = self.lay_out()

    def on_resize(self, size) -> None:
        self.items, self.buttons = self.lay_out()

    def update(self, dt: float) -> None:
        self.items, self.buttons = self.lay_out()

    def lay_out(self) -> tuple[list, list[Button]]:
        """Where everything goes: (what, words or button, position, size, colour) items and the choice buttons."""
        s = self.app.ui_scale
        rect = self.frame_rect()
        x = rect.x + int(18 * s)
        y = rect.y + int(14 * s)
        items: list = [("text", f"{self.player}'s standing orders", (x, y), int(30 * s), GOLD, True)]
        y += int(38 * s)
        intro = ("When may the game play your reactions, or pick where your models are pushed back, for you? "
                 "Only \"Ask me\" stops the game (and hands the computer to you). Nobody else sees these.")
        width = rect.w - int(36 * s)
        items.append(("block", intro, (x, y), int(17 * s), DIM, width))
        y += _block_height(intro, int(17 * s), width) + int(8 * s)
        self.top = y
        buttons: list[Button] = []
        rows = self.rows()
        if not rows:
            items.append(("text", "None of your models is left to give an order for.", (x, y),
                          int(20 * s), INK, False))
        bottom = rect.bottom - int(40 * s)
        mouse = pygame.mouse.get_pos()
        for i, row in enumerate(rows[self.scroll:], start=self.scroll):
            if y > bottom:
                break
            focused = i == self.focus % max(1, len(rows))
            head = f"{row.name.split(',')[0]} — {row.heading}"
            items.append(("text", ("> " if focused else "") + head, (x, y), int(20 * s), GOLD if focused else INK, True))
            y += int(24 * s)
            width = rect.w - int(48 * s)
            items.append(("block", row.text, (x + int(12 * s), y), int(16 * s), DIM, width))
            y += _block_height(row.text, int(16 * s), width) + int(4 * s)
            bx, bh = x + int(12 * s), int(28 * s)
            for cid, label in row.choices:
                label = label[:1].upper() + label[1:]
                bw = text(label, int(17 * s)).get_width() + int(30 * s)
                if bx + bw > rect.right - int(18 * s):
                    bx = x + int(12 * s)
                    y += bh + int(4 * s)
                b = Button(label, pygame.Rect(bx, y, bw, bh),
                           (lambda mid=row.model, name=row.ability, c=cid: self.set_order(mid, name, c)),
                           True, None, selected=cid == row.current)
                items.append(("button", b, b.rect.collidepoint(mouse)))
                buttons.append(b)
                bx += bw + int(6 * s)
            y += bh + int(14 * s)
        return items, buttons

    def draw(self, surface) -> None:
        s = self.app.ui_scale
        w, h = surface.get_size()
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((0, 0, 0, 160))
        surface.blit(shade, (0, 0))
        rect = self.frame_rect()
        panel(surface, rect, (30, 22, 26, 250), GOLD, 12)
        clip = surface.get_clip()
        surface.set_clip(rect.inflate(-8, -int(48 * s)).move(0, -int(16 * s)))
        for item in getattr(self, "items", ()):
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
        foot = text("Up/Down: which one   Left/Right: order   Enter or Esc: done", int(16 * s), DIM)
        surface.blit(foot, foot.get_rect(midbottom=(rect.centerx, rect.bottom - int(12 * s))))


def _block_height(words: str, size: int, width: int, line_gap: int = 2) -> int:
    """The height `draw_text_block` uses for `words`."""
    return len(wrap(words, size, width)) * (font(size).get_linesize() + 2 + line_gap)
