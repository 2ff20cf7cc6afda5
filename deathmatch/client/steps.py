"""Animation steps played one after another: the machinery every ruleset's table animates its
engine events with (scenes/celebrity/anim.py, scenes/skirmish/anim.py, scenes/gladiator/anim.py).

A `Step` runs for `duration` seconds: `start(view)` once, `update(view, t)` with t in 0..1 while it
runs, `finish(view)` to put its end state (also when skipped). A `StepQueue` plays its queue at
`speed` (1 normal, 60 instant); `skip` finishes everything queued at once. An `EventAnimator` is
the queue a table feeds its engine events to (each event's sound, then its steps), ageing the
view's `Floater`s, figure flashes and banner as it plays.
"""

from __future__ import annotations

import math
from dataclasses import dataclass


def ease(t: float) -> float:
    """Smoothstep: slow out, slow in."""
    return t * t * (3 - 2 * t)


class Step:
    """One animation: runs for `duration` seconds; `finish` puts its end state."""

    duration = 0.3

    def start(self, view) -> None: ...
    def update(self, view, t: float) -> None: ...
    def finish(self, view) -> None: ...


class Call(Step):
    """An instant change of the view."""

    duration = 0.0

    def __init__(self, fn):
        self.fn = fn

    def start(self, view):
        self.fn(view)


class Banner(Step):
    """Words across the table for a moment (a new round, game over): the view's `banner` is
    (words, seconds shown) while it runs. A table may hold it longer (a subclass's `duration`)."""

    duration = 0.7

    def __init__(self, words: str):
        self.words = words

    def start(self, view):
        view.banner = (self.words, 0.0)

    def finish(self, view):
        view.banner = None


class Lunge(Step):
    """A figure (`view.figures[figure]`) leans towards a point and back: an attack."""

    duration = 0.3

    def __init__(self, figure: str, toward, reach: float = 0.35):
        self.figure, self.toward, self.reach = figure, toward, reach

    def update(self, view, t):
        f = view.figures.get(self.figure)
        if f is not None:
            k = math.sin(t * math.pi) * self.reach
            f.dx, f.dy = (self.toward[0] - f.x) * k, (self.toward[1] - f.y) * k

    def finish(self, view):
        f = view.figures.get(self.figure)
        if f is not None:
            f.dx = f.dy = 0.0

class StepQueue:
    """Steps queued and played in order on a view."""

    def __init__(self, speed: float = 1.0):
        self.speed = speed
        self.queue: list[Step] = []
        self.current: Step | None = None
        self.elapsed = 0.0

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.queue)

    def advance(self, view, dt: float, skipping: bool = False) -> None:
        """Play `dt` seconds of the queue (times `speed`); all of it when `skipping`."""
        budget = dt * self.speed if not skipping else float("inf")
        while budget > 0 and (self.current or self.queue):
            if self.current is None:
                self.current = self.queue.pop(0)
                self.elapsed = 0.0
                self.current.start(view)
                if skipping or self.current.duration <= 0:
                    self.current.finish(view)
                    self.current = None
                    continue
            step = self.current
            use = min(budget, step.duration - self.elapsed)
            self.elapsed += use
            budget -= use
            if self.elapsed >= step.duration:
                step.finish(view)
                self.current = None
            else:
                step.update(view, self.elapsed / step.duration)


@dataclass
class Floater:
    """Words floating up from a point of the board (a hit, a miss) for `life` seconds."""

    text: str
    x: float
    y: float
    colour: tuple
    age: float = 0.0
    life: float = 1.4


class EventAnimator(StepQueue):
    """Plays a table's engine events on its view (scenes/gladiator, skirmish, supers): each event's
    sound (`effect_for(event)` names it, `sound.play(name)` plays it: both set by the table), then its
    steps (`steps_for(event)`, given by the table). Meanwhile it ages what floats, flashes and shows
    on the view: its `floaters` (`Floater`s), the `flash` of each of its `figures` and its `banner`;
    a ruleset's animator adds what else of its view fades (`fade`) and what a skip clears (`tidy`)."""

    def __init__(self, view, steps_for, speed: float = 1.0):
        super().__init__(speed)
        self.view = view
        self.steps_for = steps_for
        self.sound = None
        """Something with `play(name)`; `effect_for(event)` names each event's sound."""
        self.effect_for = None

    @property
    def lively(self) -> bool:
        """Something still moves on the view (the table keeps drawing it)."""
        v = self.view
        return self.busy or bool(v.floaters) or v.banner is not None

    def add(self, events) -> None:
        for e in events:
            name = self.effect_for(e) if self.effect_for is not None else None
            if name and self.sound is not None:
                self.queue.append(Call(lambda view, name=name: self.sound.play(name)))
            self.queue.extend(self.steps_for(e))

    def skip(self) -> None:
        """Finish everything queued at once (a click, Space)."""
        while self.busy:
            self.update(10.0, skipping=True)
        self.view.floaters.clear()
        self.tidy(self.view)

    def tidy(self, view) -> None:
        """What a skip clears of the view besides the floaters (a ruleset's lingering effects)."""

    def fade(self, view, dt: float, played: float) -> None:
        """Age what else of the view fades: `dt` seconds of the clock, `played` of the animations."""

    def update(self, dt: float, skipping: bool = False) -> None:
        v = self.view
        played = dt * max(1.0, self.speed)  # what floats and fades goes as fast as the animations
        for fl in v.floaters:
            fl.age += played
        v.floaters = [fl for fl in v.floaters if fl.age < fl.life]
        for f in v.figures.values():
            f.flash = max(0.0, f.flash - played)
        self.fade(v, dt, played)
        if v.banner:
            v.banner = (v.banner[0], v.banner[1] + dt)
        self.advance(v, dt, skipping)
