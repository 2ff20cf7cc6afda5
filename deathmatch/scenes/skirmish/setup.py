"""New game of Chessboard Skirmish: the shared setup frame (scenes/setup.py) with two seats, each
leading an army, a square board, and Skirmish's options (scenes/skirmish/options.py).

A seat's "Army" button steps through the armies legal at the points (scenes/skirmish/newgame.py
lists them); "Random" deals one at the start. What is remembered sits beside Celebrity's choices
in the settings (its own keys), so playing one game never resets the other's setup.
"""

from __future__ import annotations

import pygame

from ...client.squareview import SquareBoard
from ...client.ui import Button
from ..setup import TwoSeatSetup, names_problem


class SkirmishSetupScene(TwoSeatSetup):
    title = "New game: Chessboard Skirmish"
    ruleset_id = "skirmish"

    def __init__(self, app):
        super().__init__(app)
        from ...board.arenas import list_arenas

        self.count = 2
        self.arenas = list_arenas(ruleset="skirmish")
        last, _ = self.remembered()
        self.arena = self.arena_index(last.get("skirmish_arena"))
        if self.arena is None:
            self.arena = self.arena_index("bundled:chessboard") or 0
        for seat in self.seats[:2]:
            if seat.kind not in self.kinds():
                seat.kind = "Human"
            seat.cards = []

    # --- the choices ---
    def choices(self) -> list[str]:
        return self.armies()

    def armies(self) -> list[str]:
        """The armies a seat may pick now: those legal at the points."""
        return self.side.legal_armies(self.app.library, self.options.options().points)

    def problem(self) -> str:
        seats = self.seats[:2]
        names = [s.name.strip() for s in seats]
        if any(not n for n in names):
            return "Every player needs a name."
        if (why := names_problem(names)) is not None:
            return why
        if names[0].lower() == names[1].lower():
            return "The two players have the same name."
        if seats[0].colour == seats[1].colour:
            return "The two players have the same colour: click a swatch to change it."
        entry = self.arenas[self.arena] if self.arenas else None
        if entry is None:
            return "No board found for Chessboard Skirmish."
        if not entry.ok:
            return f"{entry.name} is broken: {entry.reason}"
        points = self.options.options().points
        lib = self.app.library
        for s in seats:
            if s.cards and s.cards[0] in lib.cards:
                why = lib.cards[s.cards[0]].army.problems(points)
                if why:
                    return f"{s.name}'s army: {why[0]}"
        return ""

    def remember(self) -> None:
        from ...settings import save_settings

        st = self.app.settings
        seats = [{"name": s.name, "colour": s.colour, "kind": s.kind} for s in self.seats]
        st.players = seats
        st.last_setup = {**(st.last_setup or {}), "skirmish_arena": self.arenas[self.arena].id,
                         **self.options.remembered()}
        st.animation_speed = self.speed
        save_settings(st)

    # --- the frame, for two seats with an army each ---
    def layout(self) -> None:
        super().layout()
        keep = []
        row_of = {y: i for i, y, _ in self.rows}
        for b in self.buttons:
            if b.label in ("−", "+"):
                continue  # always two players
            if b.label in ("Pick cards", "Change"):
                seat = self.seats[row_of.get(b.rect.y, 0)]
                b.label = "Next army" if seat.cards else "Pick army"
                b.hint = "Step through the armies legal at the points (bundled and your own)"
                b.enabled = bool(self.armies())
            elif b.label == "Deal":
                b.label = "Random"
                b.hint = "Lead an army dealt at random"
            elif b.label.startswith("Bot thinking"):
                b.enabled = len(self.kinds()) > 1
            keep.append(b)
        start = len(keep) - 1  # the frame's last button: Start the game
        if self.can_build():
            s = self.s
            y = max(y for _, y, _ in self.rows) + int(48 * s)
            keep.append(Button("Build an army…", pygame.Rect(int(70 * s), y, int(200 * s), int(32 * s)), self.build,
                               True, pygame.K_b, "Make your own army list and save it to your armies folder (B)"))
        self.buttons = keep
        self.focus = start  # Enter starts the game, as on every setup screen

    # --- the army builder (scenes/skirmish/builder.py, when it is routed) ---
    def can_build(self) -> bool:
        return "army builder" in self.app.router.target_names("skirmish")

    def build(self) -> None:
        self.app.open("army builder", points=self.options.options().points)

    def resume(self) -> None:
        """Back from the builder: a saved army is in the list now."""
        self.app.forget_library()
        self.layout()

    def thumb(self, entry, size):
        key = (entry.path, size)
        if key not in self.thumbs:
            img = None
            if entry.ok:
                try:
                    board = SquareBoard(entry.report.arena, entry.path)
                    board.fit(pygame.Rect(0, 0, *size), labels=False)
                    img = pygame.Surface(size)
                    img.fill(board.background)
                    board.rect.topleft = ((size[0] - board.rect.w) // 2, (size[1] - board.rect.h) // 2)
                    img.blit(board.scaled(), board.rect)
                except Exception:  # a thumbnail is a nicety: a board that will not draw just has none
                    img = None
            self.thumbs[key] = img
        return self.thumbs[key]
