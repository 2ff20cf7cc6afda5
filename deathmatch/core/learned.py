"""A position's value learned from played games: the hard bots' leaf evaluation, shipped as data.

Each game that has one keeps, beside its rules, a `value.py` that reads a position as a few dozen
numbers a player would name (`FEATURES`, `features(game, player)`: only what `player` may see)
and a `value.json` that `tools/train_value.py` writes: the weights of a logistic model fitted to
positions of seeded self-play games labelled with how each ended for the player. `LearnedValue`
is that file read back and checked: the chance that the player wins from here is

    1 / (1 + e^-(bias + sum(weight_i * feature_i)))

a dot product in pure Python (no numpy at play time: a few dozen multiplications a leaf).

`load(path, features)` reads the file as hostile data (a size limit, JSON only, every field's kind
and length checked, the feature names equal to the game's own in order) and raises `ValueError`
naming the file and the field and saying what to do; `shipped(path, features)` is the same but
reports a broken file once in the log and returns None, so a bot falls back to its hand-written
evaluation and the game keeps running.

Stdlib only, like the rest of the core.
"""

from __future__ import annotations

import json
import logging
import math
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Sequence

MAX_BYTES = 256 * 1024
"""A value file larger than this is refused (the bundled ones are a few KB)."""

log = logging.getLogger("deathmatch")


@dataclass(frozen=True)
class LearnedValue:
    """A logistic model over a game's features (see the module)."""

    ruleset: str
    features: tuple[str, ...]
    weights: tuple[float, ...]
    bias: float = 0.0
    trained: dict[str, Any] = field(default_factory=dict, compare=False)
    """How it was made: the command, the seed, the games and positions, the held-out figures."""

    def logit(self, xs: Sequence[float]) -> float:
        z = self.bias
        for w, x in zip(self.weights, xs):
            z += w * x
        return z

    def chance(self, xs: Sequence[float]) -> float:
        """The chance of winning that the features `xs` (in `features`' order) give."""
        z = max(-30.0, min(30.0, self.logit(xs)))
        return 1.0 / (1.0 + math.exp(-z))

    def to_json(self) -> dict:
        return {
            "ruleset": self.ruleset,
            "features": list(self.features),
            "weights": list(self.weights),
            "bias": self.bias,
            "trained": self.trained,
        }


def parse(data: Any, features: Sequence[str], where: str) -> LearnedValue:
    """A `LearnedValue` from a value file's JSON `data` (read from `where`), checked against the
    game's `features`; ValueError naming `where`, the field and what to do."""
    fix = "run tools/train_value.py for this game again"
    if not isinstance(data, dict):
        raise ValueError(f"{where}: the file is not a JSON object: {fix}")
    ruleset = data.get("ruleset")
    if not isinstance(ruleset, str):
        raise ValueError(f"{where}: field 'ruleset' must be the game's id (text): {fix}")
    names = data.get("features")
    if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
        raise ValueError(f"{where}: field 'features' must be a list of feature names: {fix}")
    if tuple(names) != tuple(features):
        missing = [n for n in features if n not in names]
        extra = [n for n in names if n not in features]
        said = (f"missing {', '.join(missing)}" if missing else "") + ("; " if missing and extra else "") + (
            f"not the game's: {', '.join(extra)}" if extra else ""
        ) or "in another order"
        raise ValueError(f"{where}: field 'features' does not match the game's features ({said}): {fix}")
    weights = data.get("weights")
    if not isinstance(weights, list) or len(weights) != len(names):
        raise ValueError(f"{where}: field 'weights' must hold one number per feature ({len(names)}): {fix}")
    for k, w in enumerate(weights):
        if isinstance(w, bool) or not isinstance(w, (int, float)) or not math.isfinite(w):
            raise ValueError(f"{where}: field 'weights', entry {k + 1} ({names[k]}) is not a finite number: {fix}")
    bias = data.get("bias", 0.0)
    if isinstance(bias, bool) or not isinstance(bias, (int, float)) or not math.isfinite(bias):
        raise ValueError(f"{where}: field 'bias' is not a finite number: {fix}")
    trained = data.get("trained", {})
    if not isinstance(trained, dict):
        raise ValueError(f"{where}: field 'trained' must be an object: {fix}")
    return LearnedValue(ruleset, tuple(names), tuple(float(w) for w in weights), float(bias), trained)


def load(path: Path, features: Sequence[str]) -> LearnedValue:
    """The value file at `path`, checked (see `parse`); ValueError naming the file for a file that
    is missing, too large, not JSON or not a value of these `features`."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError as e:
        raise ValueError(
            f"{path}: cannot read the value file ({e.strerror or e}): run tools/train_value.py for this game"
        ) from None
    if size > MAX_BYTES:
        raise ValueError(f"{path}: the value file is {size} bytes, more than {MAX_BYTES}: it is not one of ours")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        line = getattr(e, "lineno", None)
        at = f" (line {line})" if line else ""
        raise ValueError(
            f"{path}{at}: the value file is not JSON ({e}): run tools/train_value.py for this game again"
        ) from None
    return parse(data, features, str(path))


_SHIPPED: dict[Path, LearnedValue | None] = {}


def shipped(path: Path, features: Sequence[str]) -> LearnedValue | None:
    """The game's shipped value file, read once: None (said once in the log) if it is missing or
    broken, so the bot falls back to its hand-written evaluation and the game goes on."""
    path = Path(path)
    if path not in _SHIPPED:
        try:
            _SHIPPED[path] = load(path, features)
        except ValueError as e:
            log.warning("the hard bot plays without its learned value: %s", e)
            _SHIPPED[path] = None
    return _SHIPPED[path]


def forget() -> None:
    """Read the shipped files again next time (tests, the training tool)."""
    _SHIPPED.clear()
