"""New game of Chessboard Skirmish: the shared setup frame (scenes/setup.py) with two seats, each
leading an army, a square board, and Skirmish's options (scenes/skirmish/options.py).

A seat's "Army" button steps through the armies legal at the points (scenes/skirmish/newgame.py
lists them); "Random" deals one at the start. What is remembered sits beside Celebrity's choices
in the settings (its own keys), so playing one game never resets the other's setup.
"""

from __future__ import annotations

import pygame

from ...client.squareview import SquareBoard
from ...client.ui import (GOLD, INK, Button, block_height, draw_text_block, fit_size, fit_text_block, line_height, panel,
                          text, wrap)
from ..setup import PEOPLE, TwoSeatSetup
from .facts import SCENARIO_GUIDE
from ...rulesets.skirmish.army import POINT_LEVELS


class SkirmishSetupScene(TwoSeatSetup):
    title = "New game: Chessboard Skirmish"
    ruleset_id = "skirmish"
    default_arena = "bundled:chessboard"
    no_arena = "No board found for Chessboard Skirmish."
    piece = "army"
    pick_hint = "Step through the armies legal at the points (bundled and your own)"
    random_hint = "Lead an army dealt at random"
    random_words = "an army dealt at random"
    guide_rect = pygame.Rect(0, 0, 0, 0)
    """Where the chosen scenario is told (left, under the seats; set by `layout`)."""

    def __init__(self, app):
        super().__init__(app)
        self.count = 2
        last = self.take_up_arenas(self.seats[:2])
        lib = self.app.library
        for k, seat in enumerate(self.seats[:2]):  # the armies of the last game, if still listed
            key = self.side.key_of(lib, last.get(f"skirmish_army_{k + 1}")) if hasattr(self.side, "key_of") else None
            seat.cards = [key] if key is not None and key in self.armies() else []
        self.built = None
        """The file the army builder last saved (picked for a seat when the builder closes)."""

    # --- the choices ---
    def choices(self) -> list[str]:
        return self.armies()

    def armies(self) -> list[str]:
        """The armies a seat may pick now: those legal at the points."""
        return self.side.legal_armies(self.app.library, self.options.options().points)

    def piece_words(self, entry) -> str:
        """"Knight Errant · 20 of 30 points · 2 miniatures": an army that spends less than the points says
        so (a 20-point army in a 30-point game read like an even match)."""
        a, points = entry.army, self.options.options().points
        cost = a.cost()
        if points is None or cost >= points:
            return entry.name
        n = len(a.miniatures)
        return f"{a.name} · {cost} of {points} points · {n} miniature{'s' if n != 1 else ''}"

    def piece_problems(self, entry) -> list[str]:
        return entry.army.problems(self.options.options().points)

    def own_choices(self) -> dict:
        """The seats' armies, kept for the next New game (plain values: "bundled:NAME.yaml", or None: random)."""
        return {f"skirmish_army_{k + 1}": self.side.army_ref(s.cards[0]) if s.cards else None
                for k, s in enumerate(self.seats[:2])}

    # --- the frame, for two seats with an army each ---
    def layout(self) -> None:
        super().layout()
        keep = self.seat_buttons()
        start = len(keep) - 1  # the frame's last button: Start the game
        if self.can_build():
            s = self.s
            y = max(y for _, y, _ in self.rows) + int(48 * s)
            keep.append(Button("Build an army…", pygame.Rect(int(70 * s), y, int(200 * s), int(32 * s)), self.build,
                               True, pygame.K_b, "Make your own army list and save it to your armies folder (B)"))
        for b in keep:
            if b.label in PEOPLE or b.label.startswith("Bot:"):
                b.hint = ("Who leads this army: a person at this screen, a person on their own phone (a code to scan "
                          "appears on the table), or the computer: easy moves at random "
                          "(attacking when it can, blind to the scenario), normal plays for the scenario, hard looks ahead.")
            elif b.label.startswith("Bot thinking"):
                # only a hard bot thinks (searches): with none at the table the setting changes nothing
                b.enabled = any(st.kind == "hard" for st in self.seats[:2])
                b.hint += "" if b.enabled else ". It matters only with a hard bot at the table."
        self.buttons = keep
        self.focus = start  # Enter starts the game, as on every setup screen
        s = self.s
        w, h = self.app.size
        top = max(b.rect.bottom for b in keep if b.rect.x < int(w * 0.52) and b.rect.y < h - int(80 * s))
        self.guide_rect = pygame.Rect(int(30 * s), top + int(18 * s), int(w * 0.52) - int(60 * s),
                                      h - int(76 * s) - top - int(18 * s))

    # --- the army builder (scenes/skirmish/builder.py, when it is routed) ---
    def can_build(self) -> bool:
        return "army builder" in self.app.router.target_names("skirmish")

    def build(self) -> None:
        self.built = None
        self.app.open("army builder", points=self.options.options().points, on_saved=self.army_saved)

    def army_saved(self, army, path) -> None:
        """The builder saved `army` in `path`: it is picked for a seat when the builder closes."""
        self.built = (army, path)

    def resume(self) -> None:
        """Back from the builder: a saved army is in the list now, and the one just built is picked
        (for the first person's seat still on a random army, else the first person's), the points set to
        the army's own level if they differ."""
        self.app.forget_library()
        built, self.built = self.built, None
        if built is not None:
            army, path = built
            key = self.side.key_of_file(self.app.library, path)
            if key is not None:
                if army.points in POINT_LEVELS and army.points != self.options.points:
                    self.options.points = army.points
                if key in self.armies():
                    people = [st for st in self.seats[:2] if st.kind in PEOPLE] or self.seats[:1]
                    seat = next((st for st in people if not st.cards), people[0])
                    seat.cards = [key]
                    self.message = f"{seat.name} leads {army.name}, just built."
        self.layout()

    def draw(self, surface) -> None:
        super().draw(surface)
        self.draw_guide(surface)
        self.draw_hint(surface, pygame.mouse.get_pos())

    def hinted(self, mouse) -> Button | None:
        """The button under the mouse that has a hint (greyed ones too: theirs says why)."""
        return next((b for b in self.buttons if b.hint and b.rect.collidepoint(mouse)), None)

    def draw_hint(self, surface, mouse) -> None:
        """What the button under the mouse does, in a box just under it (above it in the lower half): the
        seats' and options' buttons carry their hints, but nothing showed them."""
        b = self.hinted(mouse)
        if b is None:
            return
        s = self.s
        w, h = surface.get_size()
        size = max(12, int(16 * s))
        pad = int(6 * s)
        width = min(int(380 * s), w - int(20 * s))
        lines = wrap(b.hint, size, width - 2 * pad)
        inner = min(width - 2 * pad, max(text(line, size).get_width() for line in lines))
        tip = pygame.Rect(0, 0, inner + 2 * pad, block_height(b.hint, size, inner) + 2 * pad)
        tip.topleft = (b.rect.x, b.rect.bottom + int(4 * s))
        if b.rect.centery > h // 2 or tip.bottom > h - int(8 * s):  # (low down: above, off the Start button)
            tip.bottom = b.rect.y - int(4 * s)
        tip.clamp_ip(pygame.Rect(int(8 * s), 0, w - int(16 * s), h))
        panel(surface, tip, (24, 18, 22, 245), GOLD, 6)
        draw_text_block(surface, b.hint, (tip.x + pad, tip.y + pad), size, inner, INK, box=tip)

    def draw_guide(self, surface) -> None:
        """The chosen scenario told in players' words: its goal, how it ends and how it is scored; the
        panel as tall as its words (smaller words where the room is short)."""
        s = self.s
        r = pygame.Rect(self.guide_rect)
        if r.h < int(60 * s) or r.w < int(120 * s):
            return
        title, parts = SCENARIO_GUIDE[self.options.scenario]
        words = "\n".join(f"{part}: {line}" for part, line in parts) + "\nThe Scenario button (right) steps through them."
        pad = int(12 * s)
        head_h = line_height(int(22 * s), True)
        width = r.w - 2 * pad
        room = r.h - head_h - 3 * pad
        size = fit_size(words, int(19 * s), width, room, min_size=max(10, int(12 * s)), line_gap=int(4 * s))
        r.h = min(r.h, head_h + 3 * pad + block_height(words, size, width, line_gap=int(4 * s)))
        panel(surface, r, (34, 26, 30, 220), (90, 64, 44), 8)
        surface.blit(text(f"Scenario: {title}", int(22 * s), GOLD, True), (r.x + pad, r.y + pad))
        body = pygame.Rect(r.x + pad, r.y + 2 * pad + head_h, width, r.bottom - pad - (r.y + 2 * pad + head_h))
        fit_text_block(surface, words, body, size, INK, min_size=max(10, int(12 * s)), line_gap=int(4 * s))

    def picture(self, entry, size):
        board = SquareBoard(entry.report.arena, entry.path)
        board.fit(pygame.Rect(0, 0, *size), labels=False)
        img = pygame.Surface(size)
        img.fill(board.background)
        board.rect.topleft = ((size[0] - board.rect.w) // 2, (size[1] - board.rect.h) // 2)
        img.blit(board.scaled(), board.rect)
        return img
