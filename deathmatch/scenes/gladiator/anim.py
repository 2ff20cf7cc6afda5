"""What Gladiator!'s table shows, and the animations that move it — all from engine events.

`View` is the picture the table draws: where each man stands (in map pixels at zoom 1, fractions
while he walks), which way he faces (a screen angle, turning while he turns), his state (standing,
fallen, netted, down, dead), his wounds by location and damage (the body diagram, the location just
hit lit), his AP left and spent and his posture, what lies dropped on the sand, the dice of the
exchange on the tray (four dice, then the location die), the crowd's thumbs. It changes only by
playing the engine's events, one step after another (`Animator`, on the shared `client/steps.py`
queue); when the queue runs dry the table snaps it to the state (`sync`), so a slip never lasts.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ...board import Hex
from ...client import steps
from ...client.art.palette import GL_THUMB_DOWN, GL_THUMB_UP, UI_DIM, UI_GOLD, UI_INK
from ...client.steps import Call, EventAnimator, Lunge, Pause, Step, ease
from ...rulesets.gladiator import events as ev
from .facts import man_name, man_words, state_of
from .log import SPECIAL

RED = (230, 90, 70)


@dataclass
class Figure(steps.Figure):
    """A man as drawn (map pixels); `state` his sprite's (standing, fallen, netted, down, dead)."""

    state: str = "standing"


@dataclass
class Body:
    """A man's numbers as the picture shows them (they change as the animations reach them)."""

    wounds: dict
    damage: int = 0
    ap: int = 0
    spent: int = 0
    posture: str = "balanced"
    hit: str | None = None
    """The location just wounded (lit on the body diagram)."""
    hit_age: float = 0.0


Floater = steps.Floater


@dataclass
class TrayDie:
    label: str
    value: int
    player: int | None
    mark: str | None = None
    rolling: float = 0.5
    shown: int = 1


@dataclass
class View(steps.Picture):
    bodies: dict = field(default_factory=dict)
    dropped: list = field(default_factory=list)
    """[man, what, (q, r)] lying on the sand."""
    tray: list = field(default_factory=list)
    tray_title: str = ""
    verdict: str = ""
    acting: str | None = None
    thumbs: tuple | None = None
    """(man, up, age): the crowd's verdict over a man."""
    net: tuple | None = None
    """(from xy, to xy, age): a net in flight."""


def sync(view: View, seen, centre_of, angle_of) -> None:
    """Snap the picture to the bout as `seen` (the table's view: `front.view(viewer)`;
    `centre_of(hex)` map pixels, `angle_of(direction)` degrees)."""
    for mid, m in seen.men.items():
        x, y = centre_of(Hex(*m.at))
        f = view.figures.get(mid)
        if f is None:
            f = view.figures[mid] = Figure(mid, x, y, angle_of(m.facing))
        f.x, f.y, f.angle, f.state = x, y, angle_of(m.facing), state_of(m)
        f.dx = f.dy = 0.0
        b = view.bodies.get(mid)
        if b is None:
            b = view.bodies[mid] = Body(dict(m.wounds))
        b.wounds, b.damage, b.posture = dict(m.wounds), m.damage, m.posture
        if b.ap != m.ap:
            b.spent = max(0, b.spent + b.ap - m.ap) if m.ap < b.ap else b.spent
            b.ap = m.ap
    view.dropped = [[mid, what, tuple(at)] for mid, what, at in seen.dropped]
    view.acting = seen.acting


def Walk(man: str, points, angles, per_hex: float = 0.22) -> steps.Walk:
    """A man steps along his path, hex by hex, turning to each step's way (an advance) or not (a retreat)."""
    return steps.Walk(man, points, angles, per_hex, lead=1)


def Rotate(man: str, start: float, end: float) -> steps.Turn:
    """A man turns from one angle to another (the short way round)."""
    return steps.Turn(man, end, start, duration=0.3)


class Roll(steps.Roll):
    """A d6 lands on the tray, tumbling through faces first (the tray keeps six)."""

    def __init__(self, die: TrayDie, title: str | None = None, clear: bool = False):
        super().__init__(die, title, clear, sides=6, duration=0.6, tumble=0.7, keep=6)

    def seed_for(self, view) -> int:
        return self.die.value * 7 + len(view.tray)

    def cleared(self, view) -> None:
        view.verdict = ""


class Verdict(Step):
    duration = 0.5

    def __init__(self, words: str):
        self.words = words

    def start(self, view):
        view.verdict = self.words


def Float(text: str, man: str, colour) -> steps.Float:
    return steps.Float(text, man, colour)


def Flash(man: str) -> steps.Flash:
    return steps.Flash(man, 0.4)


class Set(Step):
    """A man's sprite state changes (falls, is netted, goes down, dies), with a short pause."""

    duration = 0.35

    def __init__(self, man: str, state: str):
        self.man, self.state = man, state

    def start(self, view):
        f = view.figures.get(self.man)
        if f is not None:
            f.state = self.state


class Wound(Step):
    """The wound lands on the body diagram: the location lit, the numbers up."""

    duration = 0.5

    def __init__(self, man: str, location: str, damage: int, total: int):
        self.man, self.location, self.damage, self.total = man, location, damage, total

    def start(self, view):
        b = view.bodies.get(self.man)
        if b is not None:
            b.wounds[self.location] = b.wounds.get(self.location, 0) + self.damage
            b.damage = self.total
            b.hit, b.hit_age = self.location, 0.0


class NetFlight(Step):
    """The net flies from the thrower to his target (where the picture has them)."""

    duration = 0.35

    def __init__(self, thrower: str, target: str):
        self.thrower, self.target = thrower, target

    def start(self, view):
        a, b = view.figures.get(self.thrower), view.figures.get(self.target)
        view.net = ((a.x, a.y), (b.x, b.y), 0.0) if a is not None and b is not None else None

    def update(self, view, t):
        if view.net is not None:
            view.net = (view.net[0], view.net[1], t)

    def finish(self, view):
        view.net = None


class Thumbs(Step):
    duration = 0.9

    def __init__(self, man: str, up: bool):
        self.man, self.up = man, up

    def start(self, view):
        view.thumbs = (self.man, self.up, 0.0)

    def update(self, view, t):
        view.thumbs = (self.man, self.up, t)


def Banner(words: str) -> steps.Banner:
    return steps.Banner(words, 0.9)


class Animator(EventAnimator):
    """Plays the table's steps on its view, ageing what floats meanwhile."""

    def tidy(self, view) -> None:
        view.net = None

    def fade(self, view, dt: float, played: float) -> None:
        """A wounded location stays lit on the body diagram for two and a half seconds."""
        for b in view.bodies.values():
            if b.hit is not None:
                b.hit_age += played
                if b.hit_age > 2.5:
                    b.hit = None


def event_steps(e, seen, centre_of, angle_of, colour_of) -> list[Step]:
    """The animation of event `e`, from the event (its hexes, facings and dice) and the men's names and
    colours (`colour_of(man)` → colour number), never from where the live game stands now."""
    n = lambda mid: man_name(seen, mid)  # noqa: E731
    if isinstance(e, ev.TurnStarted):
        return [Banner(f"Game turn {e.turn}")]
    if isinstance(e, ev.DieRolled):
        mark = e.purpose if e.purpose in ("attack", "defence", "location") else None
        label = {"ap": "AP", "initiative": "initiative"}.get(e.purpose, e.purpose)
        die = TrayDie(f"{'re-roll ' if e.reroll else ''}{label}", e.value, colour_of(e.man), mark)
        if e.purpose == "initiative" and not e.reroll:
            first = e.man == next(iter(seen.men))
            return [Roll(die, title="Initiative", clear=first)]
        if e.purpose == "ap" and not e.reroll:
            return [Roll(die, title=f"{n(e.man)}'s action points", clear=True)]
        if e.purpose == "net":
            return [Roll(die)]
        if e.purpose == "thumbs":
            return [Roll(die, title=f"The crowd decides {n(e.man)}'s fate", clear=True)]
        return [Roll(die)]
    if isinstance(e, ev.InitiativeTied):
        return [Verdict(f"tied at {e.total}: again")]
    if isinstance(e, ev.InitiativeWon):
        return [Verdict(f"{n(e.man)} wins"), Banner(f"{e.player} wins the initiative")]
    if isinstance(e, ev.Chosen):
        return [Banner(f"{n(e.order[0])} goes first")]
    if isinstance(e, ev.HalfStarted):
        def start(view, e=e):
            view.acting = e.man
            b = view.bodies.get(e.man)
            if b is not None:
                b.ap, b.spent = 0, 0
        return [Call(start)]
    if isinstance(e, ev.PostureChosen):
        def posture(view, e=e):
            b = view.bodies.get(e.man)
            if b is not None:
                b.posture = e.posture
        return [Call(posture)]
    if isinstance(e, ev.APRolled):
        def ap(view, e=e):
            b = view.bodies.get(e.man)
            if b is not None:
                b.ap, b.spent = e.ap, 0
        return [Verdict(f"{e.ap} AP"), Call(ap), Float(f"{e.ap} AP", e.man, UI_GOLD)]

    def spend(man, k):
        def go(view):
            b = view.bodies.get(man)
            if b is not None:
                k2 = min(k, b.ap)
                b.ap -= k2
                b.spent += k2
        return Call(go)

    if isinstance(e, ev.Advanced):
        pts = [centre_of(e.start)] + [centre_of(h) for h in e.path]
        angles = [None]
        prev = e.start
        for h in e.path:
            angles.append(angle_of(prev.direction_to(h)))
            prev = h
        angles[-1] = angle_of(e.facing) if len(e.path) else angles[-1]
        angles[0] = angles[1] if len(angles) > 1 else angle_of(e.facing)
        return [spend(e.man, e.ap), Walk(e.man, pts, angles)]
    if isinstance(e, ev.Retreated):
        pts = [centre_of(e.start)] + [centre_of(h) for h in e.path]
        return [spend(e.man, e.ap), Walk(e.man, pts, [angle_of(e.facing)] * len(pts), per_hex=0.3)]
    if isinstance(e, ev.Turned):
        return [spend(e.man, e.ap), Rotate(e.man, angle_of(e.start), angle_of(e.facing))]
    if isinstance(e, ev.ExchangeDeclared):
        title = f"{n(e.attacker)} {'in a frenzy at' if e.frenzied else 'attacks'} {n(e.defender)}"

        def clear(view, title=title):
            view.tray = []
            view.tray_title = title
            view.verdict = ""
        return [spend(e.attacker, e.ap), Call(clear), Lunge(e.attacker, centre_of(e.defender_at), 0.3)]
    if isinstance(e, ev.ExchangeResolved):
        words = []
        if e.to_defender:
            words.append(f"{e.to_defender} to {n(e.defender.man)}")
        if e.to_attacker:
            words.append(f"{e.to_attacker} to {n(e.attacker.man)}")
        return [Verdict("; ".join(words) if words else "no damage")]
    if isinstance(e, ev.Wounded):
        return [Flash(e.man), Wound(e.man, e.location, e.damage, e.total),
                Float(f"−{e.damage} {e.location}", e.man, RED)]
    if isinstance(e, ev.Dodged):
        return [Float("dodged!", e.man, UI_GOLD)]
    if isinstance(e, ev.Special):
        return [Float(SPECIAL.get(e.kind, e.kind).split(":")[0], e.man, UI_GOLD), Pause(0.3)]
    if isinstance(e, ev.Killed):
        return [Banner(f"{n(e.by)}: a killing blow!")]
    if isinstance(e, ev.Fell):
        return [Set(e.man, "fallen"), Float("falls", e.man, UI_DIM)]
    if isinstance(e, ev.Dropped):
        def drop(view, e=e):
            view.dropped.append([e.man, e.what, tuple(e.at)])
        return [Call(drop), Float(f"drops {man_words(seen, e.man).possessive} {e.what}", e.man, UI_DIM), Pause(0.25)]
    if isinstance(e, ev.PickedUp):
        def pick(view, e=e):
            for d in view.dropped:
                if d[0] == e.man and d[1] == e.what:
                    view.dropped.remove(d)
                    break
        return [spend(e.man, e.ap), Call(pick), Float(f"picks up {man_words(seen, e.man).possessive} {e.what}", e.man, UI_INK)]
    if isinstance(e, ev.StoodUp):
        return [spend(e.man, e.ap), Set(e.man, "standing")]
    if isinstance(e, ev.NetThrown):
        steps_: list[Step] = [spend(e.thrower, e.ap)]

        steps_ += [NetFlight(e.thrower, e.target), Verdict(f"{e.thrower_die} against {e.target_die}: {'caught' if e.caught else 'missed'}")]
        if e.caught:
            steps_.append(Set(e.target, "netted"))
        return steps_
    if isinstance(e, ev.GotLoose):
        out: list[Step] = [spend(e.man, e.spent)]
        if e.loose:
            out += [Set(e.man, "standing"), Float("free of the net", e.man, UI_GOLD)]
        return out
    if isinstance(e, ev.Recovered):
        def heal(view, e=e):
            b = view.bodies.get(e.man)
            if b is not None:
                b.wounds[e.location] = max(0, b.wounds.get(e.location, 0) - 1)
                b.damage = max(0, b.damage - 1)
                b.spent += b.ap
                b.ap = 0
        return [Call(heal), Float(f"+1 {e.location}", e.man, UI_GOLD)]
    if isinstance(e, ev.CardPlayed):
        return [Float(e.name or e.card, e.man, UI_GOLD), Pause(0.3)]
    if isinstance(e, ev.APGained):
        def gain(view, e=e):
            b = view.bodies.get(e.man)
            if b is not None:
                b.ap += e.amount
        return [Call(gain)]
    if isinstance(e, ev.HalfEnded):
        def end(view, e=e):
            view.acting = None
            b = view.bodies.get(e.man)
            if b is not None:
                b.ap = 0  # AP left at the end of a half are lost, not spent: "4 spent", not "5"
        return [Call(end)]
    if isinstance(e, ev.Down):
        return [Set(e.man, "down"), Float("down!", e.man, RED)]
    if isinstance(e, ev.Dead):
        return [Set(e.man, "dead"), Float("dead", e.man, RED), Pause(0.3)]
    if isinstance(e, ev.ThumbsRolled):
        return [Verdict(f"{e.total}: thumbs {'up' if e.up else 'down'}"), Thumbs(e.man, e.up),
                Float("thumbs up!" if e.up else "thumbs down!", e.man, GL_THUMB_UP if e.up else GL_THUMB_DOWN)]
    if isinstance(e, ev.BoutOver):
        return [Banner("The bout is called off" if e.reason == "called_off" else "The bout is over")]
    return []
