"""Animation steps played one after another: the machinery every ruleset's table animates its
engine events with (scenes/celebrity/anim.py, scenes/skirmish/anim.py, scenes/gladiator/anim.py).

The pieces every table's picture is made of are here once, with parameters: a `Figure` (a piece
as drawn; a game's figure adds its own fields), a `Floater`, and the steps `Walk`, `Turn`, `Lunge`,
`Shake`, `Flash`, `Float`, `Roll` (a die landing on a tray), `Pause` and `Banner`. A game's
anim.py keeps only what is its own (Celebrity's cards and dice-off, Gladiator!'s wounds and net,
Skirmish's shots, Superhero Gladiators' effects).

A `Step` runs for `duration` seconds: `start(view)` once, `update(view, t)` with t in 0..1 while it
runs, `finish(view)` to put its end state (also when skipped). A `StepQueue` plays its queue at
`speed` (1 normal, 60 instant); `skip` finishes everything queued at once. An `EventAnimator` is
the queue a table feeds its engine events to (each event's sound, then its steps), ageing the
view's `Floater`s, figure flashes and banner as it plays.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field


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

    def __init__(self, words: str, duration: float | None = None):
        self.words = words
        if duration is not None:
            self.duration = duration

    def start(self, view):
        view.banner = (self.words, 0.0)

    def finish(self, view):
        view.banner = None


def figure_in(view, figure):
    """The figure a step moves: `figure` a figure's id (in `view.figures`; None if it is not drawn)
    or a function of the view that finds it (a table with more than one kind of figure)."""
    return figure(view) if callable(figure) else view.figures.get(figure)


class Lunge(Step):
    """A figure leans towards a point and back: an attack (`reach`: how far, a share of the way)."""

    duration = 0.3

    def __init__(self, figure, toward, reach: float = 0.35, duration: float | None = None):
        self.figure, self.toward, self.reach = figure, toward, reach
        if duration is not None:
            self.duration = duration

    def update(self, view, t):
        f = figure_in(view, self.figure)
        if f is not None:
            k = math.sin(t * math.pi) * self.reach
            f.dx, f.dy = (self.toward[0] - f.x) * k, (self.toward[1] - f.y) * k

    def finish(self, view):
        f = figure_in(view, self.figure)
        if f is not None:
            f.dx = f.dy = 0.0


@dataclass
class Figure:
    """A piece as the picture draws it: where (`x`, `y`, fractions while it moves), which way it
    faces (`angle`, degrees), a nudge (`dx`, `dy`: lunges, shakes) and the seconds of hit flash
    left. A game's figure subclasses it with what else it shows (lives, armour, altitude …)."""

    id: str
    x: float
    y: float
    angle: float = 0.0
    dx: float = 0.0
    dy: float = 0.0
    flash: float = 0.0


@dataclass
class Picture:
    """What every table's picture holds: its figures, the words floating up, the banner
    ((words, seconds shown) while one shows). A game's `View` subclasses it."""

    figures: dict = field(default_factory=dict)
    floaters: list = field(default_factory=list)
    banner: tuple | None = None


class Walk(Step):
    """A figure steps along its path, point by point (each step eased), facing `angles[k + lead]`
    on the k-th step (no `angles`: it keeps its facing); `per_step` seconds a step. `whole`: eased
    over the whole path at once instead (a flight)."""

    def __init__(self, figure, points, angles=None, per_step: float = 0.2, *, lead: int = 1,
                 whole: bool = False, duration: float | None = None):
        self.figure, self.points = figure, [tuple(p) for p in points]
        self.angles, self.lead, self.whole = (list(angles) if angles else None), lead, whole
        self.duration = duration if duration is not None else per_step * max(1, len(self.points) - 1)

    def update(self, view, t):
        f = figure_in(view, self.figure)
        n = len(self.points) - 1
        if f is None or n < 0:
            return
        if n == 0:
            f.x, f.y = self.points[0]
            return
        if self.whole:
            pos = ease(t) * n
            k = min(int(pos), n - 1)
            local = pos - k
        else:
            k = min(n - 1, int(t * n))
            local = ease(t * n - k)
        (x0, y0), (x1, y1) = self.points[k], self.points[k + 1]
        f.x, f.y = x0 + (x1 - x0) * local, y0 + (y1 - y0) * local
        if self.angles:
            f.angle = self.angles[min(k + self.lead, len(self.angles) - 1)]

    def finish(self, view):
        f = figure_in(view, self.figure)
        if f is not None and self.points:
            f.x, f.y = self.points[-1]
            if self.angles:
                f.angle = self.angles[-1]


class Turn(Step):
    """A figure turns to `end` degrees the short way round (from `start`, or from where it faces)."""

    duration = 0.3

    def __init__(self, figure, end: float, start: float | None = None, duration: float | None = None):
        self.figure, self.end, self.a0 = figure, end, start
        self.given = start is not None  # (then it ends at start + the turn; else at `end` exactly)
        if duration is not None:
            self.duration = duration

    def start(self, view):
        f = figure_in(view, self.figure)
        if self.a0 is None:
            self.a0 = f.angle if f is not None else self.end

    def _delta(self) -> float:
        return (self.end - self.a0 + 180) % 360 - 180

    def update(self, view, t):
        f = figure_in(view, self.figure)
        if f is not None:
            f.angle = self.a0 + self._delta() * ease(t)

    def finish(self, view):
        f = figure_in(view, self.figure)
        if f is not None:
            f.angle = self.a0 + self._delta() if self.given else self.end


class Shake(Step):
    """A figure shudders on the spot (a hit that did not fell it); `amplitude` in the picture's units."""

    duration = 0.25

    def __init__(self, figure, amplitude: float):
        self.figure, self.amplitude = figure, amplitude

    def update(self, view, t):
        f = figure_in(view, self.figure)
        if f is not None:
            f.dx = math.sin(t * 30) * self.amplitude * (1 - t)

    def finish(self, view):
        f = figure_in(view, self.figure)
        if f is not None:
            f.dx = 0.0


class Flash(Step):
    """A figure flashes (hit) for `seconds`; with `text`, words float up from it (`lift` above)."""

    duration = 0.25

    def __init__(self, figure, seconds: float = 0.35, text: str | None = None, colour=(255, 90, 70),
                 lift: float = 0.0):
        self.figure, self.seconds, self.text, self.colour, self.lift = figure, seconds, text, colour, lift

    def start(self, view):
        f = figure_in(view, self.figure)
        if f is not None:
            f.flash = self.seconds
            if self.text:
                view.floaters.append(Floater(self.text, f.x, f.y + self.lift, self.colour))


class Float(Step):
    """Words rising from a point, or from where a figure is drawn (`at` a figure's id), `lift` above
    it; `life`: seconds they float (None: the `Floater`'s)."""

    duration = 0.05

    def __init__(self, text: str, at, colour, lift: float = 0.0, life: float | None = None):
        self.text, self.at, self.colour, self.lift, self.life = text, at, colour, lift, life

    def start(self, view):
        if isinstance(self.at, str):
            f = view.figures.get(self.at)
            if f is None:
                return
            x, y = f.x, f.y
        else:
            x, y = self.at
        fl = Floater(self.text, x, y + self.lift, self.colour)
        if self.life is not None:
            fl.life = self.life
        view.floaters.append(fl)


class Roll(Step):
    """A die lands on the picture's tray (`view.tray`, newest last; `keep`: how many stay), tumbling
    through random faces (`sides`) for the first `tumble` of its time; `title` names the tray,
    `clear` empties it first. The die has `value`, `rolling` and `shown`."""

    duration = 0.7

    def __init__(self, die, title: str | None = None, clear: bool = False, *, sides: int = 6,
                 duration: float | None = None, tumble: float = 0.45, keep: int | None = None):
        self.die, self.title, self.clear, self.sides = die, title, clear, sides
        if duration is not None:
            self.duration = duration
        self.tumble, self.keep = tumble, keep

    def start(self, view):
        if self.clear:
            view.tray = []
            self.cleared(view)
        if self.title is not None:
            view.tray_title = self.title
        view.tray.append(self.die)
        if self.keep is not None:
            view.tray = view.tray[-self.keep:]
        self.rng = random.Random(self.seed_for(view))
        self.landed(view)

    def seed_for(self, view) -> int:
        """The seed of the faces it tumbles through (the same each time the roll is shown)."""
        return self.sides * 31 + self.die.value

    def cleared(self, view) -> None:
        """What else a cleared tray forgets (a game's verdict line)."""

    def landed(self, view) -> None:
        """What else the tray does as a die lands, and as it settles (a game's tray age)."""

    def update(self, view, t):
        d = self.die
        d.rolling = max(0.0, self.duration - t)
        d.shown = self.rng.randint(1, self.sides) if t < self.tumble else d.value

    def finish(self, view):
        self.die.rolling = 0.0
        self.die.shown = self.die.value
        self.settled(view)

    def settled(self, view) -> None:
        """What else the tray does as the die settles (a game's tray age)."""


class Pause(Step):
    """Nothing moves for `seconds`."""

    def __init__(self, seconds: float):
        self.duration = seconds


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
