"""What the battle screen shows, and the animations that move it — all from engine events.

`View` is the picture of the game the screen draws: where each figure stands
(in map pixels), which way it faces, its lives, the loot and the beasts. It
starts as a copy of the engine's state and then changes only by playing the
engine's events, one animation after another (`Animator`). When the queue
runs dry the view is snapped to the engine's state, so a rounding slip can
never last.
"""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field

from ...board import Hex
from ...client import steps
from ...client.steps import Banner, Call, Step, StepQueue
from ...client.steps import ease as _ease
from ...rulesets.celebrity import events as ev


@dataclass
class Figure(steps.Figure):
    """A celebrity or a beast as drawn (map pixels); its `dx`, `dy` nudge in pixels."""

    lives: int = 3
    alive: bool = True
    alpha: float = 1.0
    fallen: float = 0.0
    """0 standing … 1 lying dead."""
    placed: bool = True


Floater = steps.Floater


@dataclass
class DiceShow:
    value: int
    x: float
    y: float
    age: float = 0.0
    rolling: float = 0.6
    shown: int = 1


@dataclass
class CardShow:
    model: str
    ability: str
    age: float = 0.0
    life: float = 1.8


@dataclass
class View(steps.Picture):
    beasts: dict[str, Figure] = field(default_factory=dict)
    loot: set = field(default_factory=set)
    dead: dict[str, tuple] = field(default_factory=dict)
    """Model id → hex where it died (a marker stays)."""
    dice: DiceShow | None = None
    card: CardShow | None = None
    revealed: set = field(default_factory=set)
    """(model, ability) pairs played: shown to everyone."""
    scores: dict[str, int] = field(default_factory=dict)
    diceoff: list = field(default_factory=list)
    """The dice-off's rounds of (player, roll), shown before placement."""
    order: tuple = ()
    """The placement order once the dice-off is settled."""


def sync(view: View, seen, mapview) -> None:
    """Snap the picture to the game as `seen` (the table's view: `front.view(viewer)`)."""
    for mid, m in seen.models.items():
        if m.at is None:
            view.figures.pop(mid, None)
            continue
        at = Hex(*m.at)
        x, y = mapview.hex_center(at)
        f = view.figures.get(mid)
        if f is None:
            f = view.figures[mid] = Figure(mid, x, y, mapview.facing_angle(m.facing))
        f.x, f.y, f.angle = x, y, mapview.facing_angle(m.facing)
        f.lives, f.alive, f.dx, f.dy = m.lives, m.alive, 0.0, 0.0
        f.alpha, f.fallen = (1.0, 0.0) if m.alive else (0.0, 1.0)
        if m.alive:
            view.dead.pop(mid, None)
        else:
            view.dead[mid] = at
    for bid, at in seen.beasts.items():
        x, y = mapview.hex_center(Hex(*at))
        f = view.beasts.get(bid)
        if f is None:
            f = view.beasts[bid] = Figure(bid, x, y, 0.0)
        f.x, f.y, f.dx, f.dy = x, y, 0.0, 0.0
    view.loot = {Hex(*h) for h in seen.loot}
    view.scores = {p: sc[0] for p, sc in seen.scores.items()}  # (vp first)


class Walk(steps.Walk):
    """A celebrity steps along its path facing each step's way (`angles[k]`), or jumps (a teleport:
    it fades out where it stood and in where it lands)."""

    def __init__(self, model, points, angles, per_hex=0.2, jump=False):
        super().__init__(model, points, None if jump else angles, per_hex, lead=0,
                         duration=0.35 if jump else None)
        self.jump = jump

    def update(self, view, t):
        if self.jump:
            f = view.figures[self.figure]
            f.alpha = abs(1 - 2 * t)
            (f.x, f.y) = self.points[0] if t < 0.5 else self.points[-1]
            return
        super().update(view, t)

    def finish(self, view):
        super().finish(view)
        view.figures[self.figure].alpha = 1.0


def Turn(figure_of, angle) -> steps.Turn:
    return steps.Turn(figure_of, angle, duration=0.15)


def Lunge(figure_of, toward, reach=0.35) -> steps.Lunge:
    return steps.Lunge(figure_of, toward, reach, duration=0.32)


class Roll(Step):
    duration = 0.75

    def __init__(self, value, at, rerolled=False):
        self.value, self.at, self.rerolled = value, at, rerolled

    def start(self, view):
        view.dice = DiceShow(self.value, *self.at)
        self.rng = random.Random(self.value * 7 + int(self.at[0]))

    def update(self, view, t):
        d = view.dice
        if d is None:
            return
        d.rolling = max(0.0, 0.6 - t * self.duration)
        d.shown = self.rng.randint(1, 6) if d.rolling > 0 else self.value

    def finish(self, view):
        if view.dice:
            view.dice.rolling = 0.0
            view.dice.shown = self.value
            view.dice.age = 0.0


def Flash(model, text=None, colour=(255, 90, 70)) -> steps.Flash:
    return steps.Flash(model, 0.35, text, colour, lift=-30)


def Float(text, at, colour) -> steps.Float:
    return steps.Float(text, at, colour, lift=-30)


def Shake(figure_of) -> steps.Shake:
    return steps.Shake(figure_of, 6)  # (pixels)


class Die(Step):
    duration = 0.6

    def __init__(self, model, hex_):
        self.model, self.hex = model, hex_

    def update(self, view, t):
        f = view.figures[self.model]
        f.fallen, f.alpha = t, 1 - 0.85 * t

    def finish(self, view):
        f = view.figures[self.model]
        f.alive, f.fallen, f.alpha = False, 1.0, 0.0
        view.dead[self.model] = self.hex


class ShowCard(Step):
    duration = 1.3

    def __init__(self, model, ability):
        self.model, self.ability = model, ability

    def start(self, view):
        view.card = CardShow(self.model, self.ability)
        view.revealed.add((self.model, self.ability))


class DiceOffShow(Step):
    """One round of the dice-off on screen; the last step clears it."""

    def __init__(self, rolls=None, order=None):
        self.rolls, self.order = rolls, order
        self.duration = 1.6 if rolls is not None else 1.4

    def start(self, view):
        if self.rolls is not None:
            view.diceoff.append(self.rolls)
        else:
            view.order = self.order

    def finish(self, view):
        if self.order is not None:
            view.diceoff = []
            view.order = ()


class Animator(StepQueue):
    """Turns engine events into steps and plays them one after another."""

    def __init__(self, view: View, mapview, speed: float = 1.0):
        super().__init__(speed)
        self.view, self.mapview = view, mapview

    @property
    def lively(self) -> bool:
        """Anything still moving on screen (steps, floating numbers, a card, the dice)."""
        v = self.view
        return self.busy or bool(v.floaters) or v.card is not None or (v.dice is not None and v.dice.age < 1.5) \
            or any(f.flash > 0 for f in v.figures.values())

    def center(self, hex_):
        return self.mapview.hex_center(hex_)

    def fig(self, model_id):
        return lambda view: view.figures[model_id] if model_id in view.figures else view.beasts[model_id]

    def pos_of(self, model_id):
        v = self.view
        f = v.figures.get(model_id) or v.beasts.get(model_id)
        return (f.x, f.y) if f else (0, 0)

    sound = None
    """Something with `for_event(event)` and `play(name)`: each event's sound plays as its animation starts."""

    def add(self, events) -> None:
        for e in events:
            name = self.sound.for_event(e) if self.sound is not None else None
            if name:
                self.queue.append(Call(lambda view, name=name: self.sound.play(name)))
            self.queue.extend(self.steps_for(e))

    def steps_for(self, e) -> list[Step]:
        """The animation of event `e`: from the event and what is drawn, never from the live game
        (which may already be further on than the event)."""
        mv = self.mapview
        if isinstance(e, ev.DiceOff):
            return [DiceOffShow(rolls=e.rolls)]
        if isinstance(e, ev.TurnOrder):
            return [DiceOffShow(order=e.players)]
        if isinstance(e, ev.Placed):
            x, y = self.center(e.at)

            def place(view, e=e, x=x, y=y):
                view.figures[e.model] = Figure(e.model, x, y, mv.facing_angle(e.facing))
            return [Call(place), Float("", (x, y), (0, 0, 0))]
        if isinstance(e, ev.LootPlaced):
            return [Call(lambda view, h=e.at: view.loot.add(h))]
        if isinstance(e, ev.BeastPlaced):
            x, y = self.center(e.at)
            return [Call(lambda view, e=e, x=x, y=y: view.beasts.__setitem__(e.beast, Figure(e.beast, x, y, 0.0)))]
        if isinstance(e, ev.RoundStarted):
            return [Banner(f"Round {e.round}")]
        if isinstance(e, ev.Moved):
            points = [self.center(e.start)] + [self.center(h) for h in e.path]
            if e.how in ("jump", "swap"):
                return [Walk(e.model, points, [], jump=True)]
            angles = []
            for a, b in zip(points, points[1:]):
                angles.append(math.degrees(math.atan2(-(b[1] - a[1]), b[0] - a[0])))
            return [Walk(e.model, points, angles if e.how != "shove" else [])]
        if isinstance(e, ev.Turned):
            return [Turn(self.fig(e.model), mv.facing_angle(e.facing))]
        if isinstance(e, ev.AttackDeclared):
            toward = self.center(e.target_at) if e.target_at is not None else self.pos_of(e.target)
            reach = 0.12 if e.kind == "ranged" else 0.4
            return [Lunge(self.fig(e.attacker), toward, reach)]
        if isinstance(e, ev.DieRolled):
            # where the event says the roller stood (an event made without it: where it is drawn)
            at = self.center(e.at) if e.at is not None else self.pos_of(e.by)
            return [Roll(e.value, (at[0] + 40, at[1] - 50), e.rerolled)]
        if isinstance(e, ev.Hit):
            return [Flash(e.target)]
        if isinstance(e, ev.Missed):
            return [Float("dodged!" if e.dodged else "miss", self.pos_of(e.target), (200, 200, 220))]
        if isinstance(e, ev.LifeLost):
            def lose(view, e=e):
                if e.model in view.figures:
                    view.figures[e.model].lives = e.lives
            return [Call(lose), Float("−1", self.pos_of(e.model), (255, 80, 60))]
        if isinstance(e, ev.PushBackBlocked):
            return [Shake(self.fig(e.model)), Float("no way back!", self.pos_of(e.model), (255, 170, 90))]
        if isinstance(e, ev.PushedBack):
            return [Walk(e.model, [self.center(e.start), self.center(e.to)], [], per_hex=0.22)]
        if isinstance(e, ev.Died):
            return [Die(e.model, e.at)]
        if isinstance(e, ev.Revived):
            def rise(view, e=e):
                f = view.figures[e.model]
                f.alive, f.alpha, f.fallen, f.lives = True, 1.0, 0.0, e.lives
                view.dead.pop(e.model, None)
            return [Call(rise), Float("risen!", self.center(e.at), (120, 230, 140))]
        if isinstance(e, ev.Healed):
            def heal(view, e=e):
                view.figures[e.model].lives = e.lives
            return [Call(heal), Float("+life", self.pos_of(e.model), (120, 230, 140))]
        if isinstance(e, ev.LootTaken):
            return [Call(lambda view, h=e.at: view.loot.discard(h)), Float("+2 VP", self.center(e.at), (255, 205, 80))]
        if isinstance(e, ev.VPScored):
            return [Call(lambda view, e=e: view.scores.__setitem__(e.player, e.total))]
        if isinstance(e, ev.BeastMoved):
            a, b = self.center(e.start), self.center(e.to)
            angle = math.degrees(math.atan2(-(b[1] - a[1]), b[0] - a[0]))
            return [Turn(self.fig(e.beast), angle), _BeastWalk(e.beast, [a, b], [])]
        if isinstance(e, ev.BeastStayed):
            return [Shake(self.fig(e.beast))]
        if isinstance(e, ev.AbilityPlayed):
            return [ShowCard(e.model, e.ability)]
        if isinstance(e, ev.GameOver):
            return [Banner("Game over!")]
        return []

    def skip(self) -> None:
        """Finish everything queued at once (click / space)."""
        while self.busy:
            self.update(10.0, skipping=True)
        self.view.floaters.clear()
        self.view.card = None
        if self.view.dice:
            self.view.dice.age = 99

    def update(self, dt: float, skipping: bool = False) -> None:
        v = self.view
        played = dt * max(1.0, self.speed)  # what lingers (a floater, the die, a card) goes as fast as the animations
        for fl in v.floaters:
            fl.age += played
        v.floaters = [fl for fl in v.floaters if fl.age < fl.life]
        for f in list(v.figures.values()) + list(v.beasts.values()):
            f.flash = max(0.0, f.flash - played)
        if v.dice:
            v.dice.age += played if v.dice.rolling <= 0 else 0
        if v.card:
            v.card.age += played
            if v.card.age > v.card.life:
                v.card = None
        if v.banner:
            v.banner = (v.banner[0], v.banner[1] + dt)
        self.advance(v, dt, skipping)


def _BeastWalk(beast, points, angles) -> steps.Walk:
    return steps.Walk(lambda view: view.beasts.get(beast), points, None, 0.2)
