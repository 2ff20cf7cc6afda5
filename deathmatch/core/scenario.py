"""What every ruleset's scenario runner shares (docs/rules/SCENARIOS.md).

A ruleset's runner subclasses `Script`: it builds the position, answers each
step with the ruleset's vocabulary and checks `expect:`. The core gives it
the places in the file (`where`, `malformed`), forced dice of any sides, the
decision count that stops a runaway script, the play loop, and the end of the
script: the optional windows still open after the last step are declined,
unless `expect:` names the pending decision.

Boards and positions, the same for every ruleset:

- `arena:` is built by `arena(build, grids)`, `build` being the board's
  `from_spec`: `{hexagon: N}`, `{rectangle: [W, H]}`, `{square: [W, H]}` (W
  files by H ranks of floor squares, (0, 0) at the bottom left) with optional
  `blocked`/`obstacles` and `void` lists, or `{map: PATH}` (a Tiled map,
  hexagonal or orthogonal, PATH relative to the scenario file). `grids` names
  the grids the ruleset plays on (`("square",)` for Chessboard Skirmish and
  the toy tic-tac-toe): an arena of other cells fails, naming the file.
- A position is coordinates `[x, y]` (squares: `x` the file from 0 at the
  left, `y` the rank from 0 at the bottom, SKIRMISH.md §1) or `[q, r]`
  (hexes), read by `position(keypath, value, cell, floor)` (a list of them,
  such as a step's `path:`, by `positions`): anything but two
  whole numbers, or a placement off the floor, fails naming the file, the
  line and, inside a step, the step (`path.yaml:12: step 3: steps.2.mark:
  expected a square [x, y] ...`).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .dice import ForcedDice
from .errors import DiceError, IllegalAction
from .loop import play_until_over

MAX_DECISIONS = 10_000  # a runaway script (e.g. an endless declined loop) fails instead of hanging


@dataclass
class Result:
    """One scenario's verdict."""

    name: str
    file: str
    ok: bool
    message: str = ""

    def line(self) -> str:
        return f"PASS {self.name}" if self.ok else f"FAIL {self.name}: {self.message}"


class Fail(Exception):
    """The scenario failed; the message says what differed or what is malformed."""


class Script:
    """One scenario file being played. A ruleset's runner fills in `setup`, `step`,
    `check`, `optional_window` and `decline`."""

    game: Any
    dice: ForcedDice

    def __init__(self, data: Any, lines: dict, path: Path):
        self.data = data
        self.lines = lines
        self.path = Path(path)
        self.decisions = 0

    # -- places in the file --
    def where(self, *keypath) -> str:
        line = None
        for k in range(len(keypath), -1, -1):
            if keypath[:k] in self.lines:
                line = self.lines[keypath[:k]]
                break
        return f"{self.path}:{line}" if line else str(self.path)

    def malformed(self, keypath: tuple, message: str) -> Fail:
        label = ".".join(str(k) for k in keypath)
        if len(keypath) > 1 and keypath[0] == "steps" and isinstance(keypath[1], int):
            label = f"step {keypath[1] + 1}: {label}"  # inside a step: say which, as run_steps does
        return Fail(f"{self.where(*keypath)}: {label}: {message}" if label else f"{self.where()}: {message}")

    def known_keys(self, keypath: tuple, mapping: dict, known) -> None:
        """Fail on the first key of `mapping` (at `keypath`) that is not in `known`, naming the keys it knows."""
        for key in mapping:
            if key not in known:
                raise self.malformed(keypath + (key,), f"unknown key (known: {', '.join(sorted(known))})")

    def options_mapping(self, data: Any, known, example: str) -> dict:
        """The `options:` mapping, of only `known` options (`example`: such a mapping, for the message)."""
        if not isinstance(data, dict):
            raise self.malformed(("options",), f"expected a mapping such as {example}")
        for key in data:
            if key not in known:
                raise self.malformed(("options", key), f"unknown option (known: {', '.join(sorted(known))})")
        return data

    def piece_entries(
        self, keypath: tuple, items, required, known, ids, expected: str, noun: str = "model"
    ) -> Iterator[tuple[tuple, str, dict]]:
        """(its keypath, its id as text, the mapping) for each piece listed in `items` (at `keypath`):
        a mapping holding every `required` key (`expected` says what one is, for the message) and only
        `known` ones, its `id` not yet in `ids` (the pieces read so far: the caller adds each)."""
        for i, m in enumerate(items):
            kp = keypath + (i,)
            if not isinstance(m, dict) or not set(required) <= set(m):
                raise self.malformed(kp, f"expected {expected}")
            self.known_keys(kp, m, known)
            mid = str(m["id"])
            if mid in ids:
                raise self.malformed(kp + ("id",), f"a second {noun} with id {mid!r}")
            yield kp, mid, m

    def step_piece(
        self, i: int, step: dict, pieces: Mapping[str, Any], dos, missing: str = "no model {!r}"
    ) -> tuple[str, Any, Any]:
        """(the id step `i` names by `model:`, that piece, what its `do:` says), `do:` one of `dos`; `missing`
        says there is no such piece (`{!r}`: its id)."""
        mid = str(step["model"])
        piece = pieces.get(mid)
        if piece is None:
            raise self.malformed(("steps", i, "model"), missing.format(mid))
        do = step.get("do")
        if do not in dos:
            raise self.malformed(("steps", i, "do"), f"expected one of {', '.join(dos)}")
        return mid, piece, do

    def expect_mapping(self, expect: Any, known) -> dict:
        """`expect:`, a mapping of only `known` keys."""
        if not isinstance(expect, dict):
            raise self.malformed(("expect",), "expected a mapping")
        self.known_keys(("expect",), expect, known)
        return expect

    def expected_fields(
        self,
        expect: dict,
        pieces: Mapping[str, Any],
        known,
        *,
        noun: str = "model",
        example: str = "",
        text_ids: bool = False,
        empty_ok: bool = False,
    ) -> Iterator[tuple[Any, Any, str, Any]]:
        """(id, piece, key, value) for each field `expect: models:` names of each piece (found in
        `pieces` by its id as text), in the file's order, each key checked to be one of `known` as it
        comes. `example`: a mapping for the message of a piece's entry that is none; `text_ids`: the
        id handed back (and placed in the file) as text; `empty_ok`: an empty entry expects nothing."""
        for mid, want in (expect.get("models") or {}).items():
            if text_ids:
                mid = str(mid)
            piece = pieces.get(str(mid))
            if piece is None:
                raise self.malformed(("expect", "models", mid), f"no {noun} {mid!r}")
            if empty_ok:
                want = want or {}
            if not isinstance(want, dict):
                raise self.malformed(
                    ("expect", "models", mid),
                    f"expected a mapping such as {example}" if example else "expected a mapping",
                )
            for key, value in want.items():
                if key not in known:
                    raise self.malformed(
                        ("expect", "models", mid, key), f"unknown key (known: {', '.join(sorted(known))})"
                    )
                yield mid, piece, key, value

    def header(self, known, required, shape: str) -> dict:
        """The scenario file itself: a mapping (`shape` says what it holds, for the message) with only
        `known` top-level keys and every `required` one."""
        d = self.data
        if not isinstance(d, dict):
            raise self.malformed((), f"a scenario is a mapping with {shape}")
        self.known_keys((), d, known)
        for key in required:
            if key not in d:
                raise self.malformed((), f"missing required key {key!r}")
        return d

    def step_mapping(self, i: int, step, known) -> None:
        """Step `i` is a mapping of only `known` keys."""
        if not isinstance(step, dict):
            raise self.malformed(("steps", i), "expected a step mapping")
        self.known_keys(("steps", i), step, known)

    def not_asked(self, player, what: str, code: str = "not_asked") -> IllegalAction:
        """The refusal of a step that answers a question the game is not asking now (a copy, a
        defence, a choice, a re-roll, a placement): the engine's to refuse like any illegal answer,
        so with `expect_error:` the step passes and without it the script fails naming the step
        (`judge_refusal`, `run_steps`), in every ruleset alike. Its message says what the game asks."""
        d = self.game.pending
        got = "nothing (the game is over)" if d is None else self.asking(d)
        return IllegalAction(code, f"{player} is asked no {what} now; the game asks {got}")

    def asking(self, decision) -> str:
        """The pending `decision` in words, for `not_asked` (a ruleset's runner may say it better)."""
        who = getattr(decision, "player", None)
        kind = getattr(decision, "kind", "decision")
        return f"{who}'s {kind}" if who else str(kind)

    @staticmethod
    def judge_refusal(step: dict, error) -> None:
        """Whether the game's answer to a step is the one its `expect_error:` names: `error` is the
        `IllegalAction` the game refused the step with, or None. Without `expect_error:` a refusal
        fails; with it, the refusal's code must contain it (`true`: any code)."""
        want = step.get("expect_error")
        code = error.code if error else None
        if want is None and error is not None:
            raise Fail(f"the game refused it: {error}")
        if want is not None and (code is None or (want is not True and str(want) not in code)):
            raise Fail(f"the game said {code or 'yes'}, expected {want}")

    # -- what `expect:` says of the end --
    def outcome_difference(self, expect: dict, noun: str) -> str | None:
        """How the game's end differs from `expect:`'s `over:` (false, draw or {winner: [...]}), as
        "the bout is False, expected draw" (`noun`: the bout, the fight); None if it does not."""
        if "over" not in expect:
            return None
        o = self.game.outcome
        got = False if o is None else "draw" if not o.winners else {"winner": list(o.winners)}
        return None if expect["over"] == got else f"{noun} is {got}, expected {expect['over']}"

    def dice_difference(self, expect: dict) -> str | None:
        """How many forced dice are left, if `expect:`'s `dice_left:` says otherwise (None if it does not)."""
        if "dice_left" in expect and expect["dice_left"] != self.dice.left:
            return f"{self.dice.left} dice left, expected {expect['dice_left']}"
        return None

    def pending_difference(self, expect: dict, fields) -> str | None:
        """How the pending decision differs from `expect:`'s `pending:` (null, or a mapping of some of
        the fields `fields(decision)` gives); None if it does not."""
        if "pending" not in expect:
            return None
        d = self.game.pending
        got = None if d is None else fields(d)
        want = expect["pending"]
        if (
            want is None
            and got is not None
            or want is not None
            and (got is None or not isinstance(want, dict) or any(got.get(k) != v for k, v in want.items()))
        ):
            return f"pending is {got}, expected {want}"
        return None

    def judge(self, differences) -> None:
        """Fail naming `expect:`'s line and every difference found (None: a check that found none)."""
        wrong = [d for d in differences if d]
        if wrong:
            raise Fail(f"{self.where('expect')}: " + "; ".join(wrong))

    # -- boards and positions --
    def arena(self, build, grids=None, key: str = "arena"):
        """The `arena:` spec made by `build(spec, base_dir=)` (the board's `from_spec`; a map's path is
        relative to the scenario file); a bad spec, an unreadable map, or cells of a grid not in `grids`
        (e.g. ``("square",)``) fail naming the file and line."""
        spec = self.data.get(key) if isinstance(self.data, dict) else None
        try:
            arena = build(spec, base_dir=self.path.parent)
        except (ValueError, OSError) as e:
            raise self.malformed((key,), str(e)) from None
        if grids and arena.grid.name not in grids:
            raise self.malformed(
                (key,), f"this ruleset plays on a {' or '.join(grids)} grid, but the arena is a {arena.grid.name} grid"
            )
        return arena

    def position(self, keypath: tuple, value, cell=tuple, floor=None):
        """The cell at coordinates `value`, `[x, y]` (squares) or `[q, r]` (hexes), made with `cell`
        (the grid's cell type, e.g. `Square`); with `floor` (a placement) it must be a floor cell.
        Anything else fails naming the file, the line and, inside a step, the step."""
        name = {"Square": "square", "Hex": "hex"}.get(getattr(cell, "__name__", ""), "cell")
        shape = "[q, r]" if name == "hex" else "[x, y]"
        if not (
            isinstance(value, (list, tuple))
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            raise self.malformed(keypath, f"expected a {name} {shape} (two whole numbers), got {value!r}")
        at = cell(*value)
        if floor is not None and at not in floor:
            raise self.malformed(keypath, f"{list(value)} is not a floor {name} of the arena")
        return at

    def positions(self, keypath: tuple, value, cell=tuple, floor=None) -> list:
        """A list of positions (a `path:`, `obstacles:`), each read by `position`: a bad entry fails
        naming its own line and index (`steps.2.path.1`)."""
        if not isinstance(value, (list, tuple)):
            raise self.malformed(keypath, f"expected a list of positions [[x, y], ...], got {value!r}")
        return [self.position(keypath + (i,), v, cell, floor) for i, v in enumerate(value)]

    def forced_dice(self, values) -> ForcedDice:
        """The `dice:` list: whole numbers from 1 (whether each fits its die is checked when it is rolled)."""
        values = values or []
        if not isinstance(values, list) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in values
        ):
            raise self.malformed(("dice",), "expected a list of die results (whole numbers from 1)")
        self.dice = ForcedDice(values)
        return self.dice

    # -- playing --
    def begin(self, make):
        """`make()` builds and starts the position; forced dice it rolls that do not fit fail here."""
        try:
            self.game = make()
        except DiceError as e:
            raise Fail(f"{self.where()}: before the first step: {e}") from None
        return self.game

    def decide(self, action) -> None:
        self.decisions += 1
        if self.decisions > MAX_DECISIONS:
            raise Fail(f"more than {MAX_DECISIONS} decisions: the script never gets where it says")
        self.game.apply(action)

    def play(self, answer, stop) -> None:
        """Answer with `answer(game)` until `stop(game, n)` or the game is over (the core's loop),
        counting the decisions against MAX_DECISIONS."""
        left = MAX_DECISIONS - self.decisions
        self.decisions += play_until_over(self.game, answer, stop=stop, max_decisions=left + 1)
        if self.decisions > MAX_DECISIONS:
            raise Fail(f"more than {MAX_DECISIONS} decisions: the script never gets where it says")

    def run_steps(self, steps) -> None:
        """Every step in order; a failure names the step and its line."""
        if not isinstance(steps, list):
            raise self.malformed(("steps",), "expected a list of steps")
        for i, step in enumerate(steps):
            try:
                self.step(i, step)
            except DiceError as e:
                raise Fail(f"{self.where('steps', i)}: step {i + 1}: {e}") from None
            except Fail as e:
                msg = str(e)
                if msg.startswith(str(self.path)):
                    raise
                raise Fail(f"{self.where('steps', i)}: step {i + 1}: {msg}") from None

    def decline_until(self, wanted) -> None:
        """Decline the optional windows open (`optional_window`), up to one `wanted(decision)` is true
        of (None: all of them)."""
        g = self.game
        while g.pending is not None and self.optional_window(g.pending):
            if wanted is not None and wanted(g.pending):
                return
            self.decide(self.decline(g))

    def finish(self, expect) -> None:
        """After the last step: decline every optional window still open (SCENARIOS.md: a window
        the next step does not answer is declined), unless `expect:` names the pending decision."""
        if isinstance(expect, dict) and "pending" in expect:
            return
        try:
            self.play(self.decline, stop=lambda g, n: not self.optional_window(g.pending))
        except DiceError as e:
            raise Fail(f"{self.where('steps')}: after the last step: {e}") from None

    def play_out(self, data) -> None:
        """The script once the position is set (`begin`): its steps, the windows left open declined,
        then its `expect:` checked."""
        self.run_steps(data.get("steps") or [])
        expect = data.get("expect") or {}
        self.finish(expect)
        self.check(expect)

    # -- the ruleset's part --
    def check(self, expect) -> None:  # pragma: no cover - abstract
        """Compare the game with `expect:` (Fail naming the field and line on a difference)."""
        raise NotImplementedError

    def step(self, i: int, step) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def optional_window(self, decision) -> bool:
        """Whether `decision` is a window its player may decline."""
        return False

    def decline(self, game):
        """The answer that declines the pending optional window."""
        raise NotImplementedError
