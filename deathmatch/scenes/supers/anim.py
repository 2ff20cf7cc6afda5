"""What Superhero Gladiators' table shows, and the animations that move it — all from engine events.

`View` is the picture the table draws: where each hero stands (map pixels at zoom 1, fractions while it
moves), its altitude (a fraction while it climbs or sinks), its oomph, entangle and whether it has
fainted, the turn and segment lit on the track, the effects playing (shots, smashes, area blasts,
entangling strands) and the words floating up. It changes only by playing the engine's events, one
step after another (`Animator`, on the shared `client/steps.py` queue); when the queue runs dry the
table snaps it to the state (`sync`), so a slip never lasts. The frames themselves are h47's drawing
helpers (`client/art/supers.py`: flight, fall, shot, smash, area, entangle, faint).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...client import steps
from ...client.steps import Banner, Call, EventAnimator, Step, ease
from ...rulesets.supers import events as ev

RED = (235, 90, 70)
GREEN = (120, 220, 120)
PALE = (235, 230, 210)


@dataclass
class Figure(steps.Figure):
    """A hero as drawn (map pixels at zoom 1), its altitude a fraction while it climbs or sinks."""

    alt: float = 0.0
    oomph: int = 0
    entangled: int = 0
    fainted: bool = False
    placed: bool = True
    frame: tuple | None = None
    """(kind, t, args) while a frame helper draws the hero instead of its token: flight, fall, faint."""


Floater = steps.Floater


@dataclass
class Effect:
    kind: str
    """shot, smash, area, entangle."""
    args: dict
    t: float = 0.0


@dataclass
class View(steps.Picture):
    effects: list = field(default_factory=list)
    turn: int = 0
    segment: int | None = None
    acting: str | None = None


def sync(view: View, game, centre_of) -> None:
    """Snap the picture to the game's state (`centre_of(cell)`: map pixels at zoom 1)."""
    s = game.state
    for m in s.models.values():
        f = view.figures.get(m.id)
        x, y = centre_of(m.at) if m.at is not None else (0.0, 0.0)
        if f is None:
            f = view.figures[m.id] = Figure(m.id, x, y)
        f.x, f.y, f.alt, f.oomph = x, y, float(m.altitude), m.oomph
        f.entangled, f.fainted, f.placed, f.frame = m.entangled, m.fainted, m.at is not None, None
    view.effects.clear()
    view.turn, view.segment, view.acting = s.turn, (s.segment or None), s.acting


class Walk(steps.Walk):
    """A hero moves cell by cell along its path (eased over the whole flight), climbing or sinking on the way."""

    def __init__(self, hero: str, points, alt0: int, alt1: int, per_cell: float = 0.16):
        points = list(points)
        super().__init__(hero, points, whole=True,
                         duration=max(0.3, per_cell * (len(points) - 1) + 0.08 * abs(alt1 - alt0)))
        self.alt0, self.alt1 = alt0, alt1

    def update(self, view, t):
        super().update(view, t)
        f = view.figures.get(self.figure)
        if f is not None:
            f.alt = self.alt0 + (self.alt1 - self.alt0) * ease(t)

    def finish(self, view):
        super().finish(view)
        f = view.figures.get(self.figure)
        if f is not None:
            f.alt = float(self.alt1)


class Frame(Step):
    """A hero drawn by a frame helper for a while (flight on the spot, a fall, a faint); `then` runs at the end."""

    def __init__(self, hero: str, kind: str, args: tuple = (), duration: float = 0.5, then=None):
        self.hero, self.kind, self.args, self.duration, self.then = hero, kind, args, duration, then

    def start(self, view):
        f = view.figures.get(self.hero)
        if f is not None:
            f.frame = (self.kind, 0.0, self.args)

    def update(self, view, t):
        f = view.figures.get(self.hero)
        if f is not None:
            f.frame = (self.kind, t, self.args)

    def finish(self, view):
        f = view.figures.get(self.hero)
        if f is not None:
            f.frame = None
            if self.then is not None:
                self.then(f)


class Play(Step):
    """An effect over the board (a shot flying, a smash, an area blast, strands closing)."""

    def __init__(self, kind: str, duration: float = 0.4, **args):
        self.effect = Effect(kind, args)
        self.duration = duration

    def start(self, view):
        self.effect.t = 0.0
        view.effects.append(self.effect)

    def update(self, view, t):
        self.effect.t = t

    def finish(self, view):
        if self.effect in view.effects:
            view.effects.remove(self.effect)


class Animator(EventAnimator):
    """Plays the table's steps on its view, ageing what floats meanwhile."""

    def tidy(self, view) -> None:
        view.effects.clear()


def _float(view, hero, words, colour):
    f = view.figures.get(hero)
    if f is not None:
        view.floaters.append(Floater(words, f.x, f.y, colour, life=1.3))


def power_styles(game, model: str, power: str) -> tuple:
    """The styles of the attack power a hero used (its own, or its stored copy): public on every card."""
    m = game.state.models.get(model)
    if m is None:
        return ()
    p = m.power(power) or (m.stored if m.stored is not None and m.stored.name == power else None)
    return tuple(p.styles) if p is not None else ()


ACTIONS = (ev.Moved, ev.AttackDeclared, ev.Held, ev.Healed, ev.EscapeRolled, ev.NoticeRolled, ev.GizmoAttacked)
"""The events that start a hero's action: the picture's acting hero is that one while they play."""


def event_steps(e, game, centre_of) -> list[Step]:
    """The animation of event `e`, from the event (its cells and numbers), never from where the live game
    stands now (only the power's public styles are looked up, for the kind of shot)."""
    if isinstance(e, ACTIONS):
        def acting(view, mid=e.model):
            view.acting = mid
        return [Call(acting), *_steps(e, game, centre_of)]
    return _steps(e, game, centre_of)


def _steps(e, game, centre_of) -> list[Step]:
    if isinstance(e, ev.TurnStarted):
        def turn(view, n=e.turn):
            view.turn, view.segment = n, None
        return [Call(turn), Banner(f"Turn {e.turn}")]
    if isinstance(e, ev.SegmentStarted):
        def seg(view, k=e.segment, n=e.turn):
            view.turn, view.segment = n, k
        return [Call(seg)]
    if isinstance(e, ev.Placed):
        x, y = centre_of(e.at)

        def place(view, mid=e.model):
            f = view.figures.get(mid)
            if f is not None:
                f.x, f.y, f.placed = x, y, True
        return [Call(place)]
    if isinstance(e, ev.Moved):
        if e.path:
            pts = [centre_of(c) for c in (e.start, *e.path)]
            return [Walk(e.model, pts, e.from_altitude, e.to_altitude)]

        def land(f, a=e.to_altitude):
            f.alt = float(a)
        return [Frame(e.model, "flight", (e.from_altitude, e.to_altitude), 0.5, land)]
    if isinstance(e, ev.AttackDeclared):
        styles = power_styles(game, e.model, e.power)
        radius = 2 if "superarea" in styles else 1 if "area" in styles else 0
        start, end = centre_of(e.origin), centre_of(e.at)
        out: list[Step] = []
        if e.close:
            out.append(Play("smash", 0.35, at=end))
        else:
            kind = "entangling" if "entangling" in styles else "piercing" if "piercing" in styles else \
                "missile" if "missile" in styles else "bolt"
            out.append(Play("shot", 0.35, start=start, end=end, shot=kind))
        if radius:
            out.append(Play("area", 0.5, centre=start if e.close else end, radius=radius))
        return out
    if isinstance(e, ev.GizmoAttacked):
        return [Play("shot", 0.3, start=centre_of(e.origin), end=centre_of(e.at), shot="bolt")]
    if isinstance(e, ev.HitResult) and not e.hit:
        return [Call(lambda view, mid=e.target: _float(view, mid, "miss", PALE))]
    if isinstance(e, ev.Damaged):
        def hurt(view, mid=e.model, n=e.amount, left=e.oomph, crit=e.critical):
            f = view.figures.get(mid)
            if f is not None:
                f.oomph, f.flash = left, 0.5
            _float(view, mid, f"−{n}" + ("!" if crit else ""), RED)
        return [Call(hurt)]
    if isinstance(e, ev.Healed):
        def heal(view, mid=e.model, n=e.amount, left=e.oomph):
            f = view.figures.get(mid)
            if f is not None:
                f.oomph = left
            _float(view, mid, f"+{n}", GREEN)
        return [Call(heal)]
    if isinstance(e, ev.EscapeRolled):
        def pay(view, mid=e.model, n=e.paid):
            f = view.figures.get(mid)
            if f is not None:
                f.oomph -= n
        return [Call(pay)]
    if isinstance(e, ev.Nullified):
        return [Call(lambda view, mid=e.model: _float(view, mid, "saved", GREEN))]
    if isinstance(e, ev.Entangled):
        def tie(view, mid=e.model, level=e.level):
            f = view.figures.get(mid)
            if f is not None:
                f.entangled = level
        return [Play("entangle", 0.45, hero=e.model, level=e.level), Call(tie)]
    if isinstance(e, ev.Freed):
        def free(view, mid=e.model):
            f = view.figures.get(mid)
            if f is not None:
                f.entangled = 0
            _float(view, mid, "free", GREEN)
        return [Call(free)]
    if isinstance(e, ev.Fell):
        def down(f, left=e.oomph):
            f.alt, f.oomph = 0.0, left
        return [Frame(e.model, "fall", (e.altitude,), 0.55, down)]
    if isinstance(e, ev.Fainted):
        def out_(f):
            f.fainted, f.entangled = True, 0
        return [Frame(e.model, "faint", (), 0.6, out_)]
    if isinstance(e, ev.GizmoDestroyed):
        return [Call(lambda view, mid=e.model: _float(view, mid, "gizmo smashed", RED))]
    if isinstance(e, ev.GameOver):
        return [Banner("The fight is over")]
    return []
