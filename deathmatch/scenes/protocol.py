"""What a game's table supplies to the one shared table (`deathmatch.scenes.table.Table`), as a typed
protocol: a new game's table subclasses `Table` and is written against `GameTable`; mypy checks it
(tests/shell/test_lint.py: `[tool.mypy]` in pyproject.toml lists this module and the toy's table, whose
module ends with `_conforms(table: ToyTable) -> GameTable`, so a missing or mistyped hook fails).

The shared `Table` owns the rest, reading the game only through `self.front`
(`deathmatch.core.front.Front`): seating (`seat_players`), the turn (`new_decision`: the game's
end, a computer seat's answer, or a person's decision behind the hand-off), `answer` (apply,
autosave, animate), the log (`begin_log`, `retell`, `write`), the layout (`layout` from `frame`),
the HUD skeleton (`draw_hud`: top bar, side panel, bar with log, prompt and buttons, the end),
the game menu (Esc, the Menu button), the keys every table answers alike (`common_key`), Tab's
order (`candidate_order`), and the replay (`Replay` before the table in the bases).

A decision's path: `Table.new_decision` → the game's `enter_stage` (what it offers on the board:
`candidates`, `cursor`, `make_buttons`) → a click or key of the game's (`click`, `key`) → `Table.answer`
→ `front.apply` → the game's `take(events)` (animate them on `animator`, queue their log lines as
`client.steps.Call`s on its `queue`) → when the animator is idle, `Table.new_decision` again.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import pygame

    from .table import Frame


class BoardPicture(Protocol):
    """The board as the table draws it: fitted into a rectangle, a cell's centre on screen."""

    def fit(self, rect: pygame.Rect) -> None:
        """Fit the board into `rect` (the board's rectangle less the frame's margin)."""

    def centre(self, cell: Any) -> tuple[float, float]:
        """The screen point of a cell's centre (Tab's order reads it)."""


class Animator(Protocol):
    """What the table asks of the game's animator (`client.steps.EventAnimator` is one)."""

    speed: float
    """1 normal, 60 instant ([ and ] set it)."""
    queue: list[Any]
    """The steps still to play (`take` queues a log line's `Call` here)."""

    @property
    def busy(self) -> bool:
        """Something is still to play (the table takes no answer meanwhile)."""

    @property
    def lively(self) -> bool:
        """Something still moves on the screen (the loop keeps drawing)."""

    def add(self, events: Sequence[Any]) -> None:
        """Queue the animation of engine events."""

    def update(self, dt: float) -> None:
        """Play `dt` seconds."""

    def skip(self) -> None:
        """Finish everything queued at once (a click, Space)."""


class GameTable(Protocol):
    """The hooks and parts a game's table gives the shared `Table` (see the module's words). Read-only
    here (properties): a table may hold a narrower type (its own board, its own animator)."""

    @property
    def frame(self) -> Frame:
        """Its one layout value: panels and sizes before the screen's scale."""

    @property
    def board(self) -> BoardPicture:
        """Its board as drawn (fitted by `Table.layout`)."""

    @property
    def animator(self) -> Animator:
        """Its events' animations (the table waits for them before the next decision)."""

    @property
    def index(self) -> dict[str, int]:
        """Seat → colour number (the hand-off's colour)."""

    menu: bool
    """Whether Esc and the Menu button open the game menu (a replay: False)."""

    def enter_stage(self) -> None:
        """Set out the seated person's decision (`self.decision`, its answers `self.options`): what may be
        picked on the board (`candidates`: cell → answers, `cursor`) and the buttons (`make_buttons`)."""

    def take(self, events: Sequence[Any]) -> None:
        """Animate and log the events the viewer may be told of (`front.told(events, viewer)`): steps on
        `animator`, log lines as `Call`s on its `queue` (so `retell` tells a resumed game's log again)."""

    def fallback_answer(self) -> Any:
        """What a computer seat without a bot answers (a legal answer: `front.legal(front.turn)`)."""

    def make_buttons(self) -> None:
        """The bar's buttons for the stage (`stage == "over"`: the way to the results)."""

    def prompt_words(self) -> str:
        """What the bar says the seated person may do now."""

    def draw_board(self, surface: pygame.Surface) -> None:
        """The board, its pieces and highlights, from `front.view(viewer)` (the HUD is drawn over it)."""

    def draw_top(self, surface: pygame.Surface) -> None:
        """The top bar's words."""

    def draw_side(self, surface: pygame.Surface, y: int) -> None:
        """The side panel's contents, from its top `y` down."""

    def draw_game_over(self, surface: pygame.Surface) -> None:
        """The game's end over the board (`Table.draw_outcome` draws the panel)."""

    def click(self, pos: tuple[int, int]) -> None:
        """A left click (`Table.click_skips_or_presses` first, then the board under it)."""

    def key(self, key: int, mod: int) -> None:
        """A key (`Table.common_key` first, then the game's own)."""

    def back(self) -> bool:
        """Esc or the right button: take back a choice not yet sent; whether there was one."""
