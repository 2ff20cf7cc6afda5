"""What Chessboard Skirmish's table shows, and the animations that move it — all from engine events.

`View` is the picture the table draws: where each miniature stands (in board squares, fractions
while it walks), its armour pips, who carries the marker, the dice on the tray (attack against
defence, the save, a skill check, the initiative). It starts as a copy of the engine's state and
then changes only by playing the engine's events, one step after another (`Animator`, on the
shared `client/steps.py` queue). When the queue runs dry the table snaps the view to the state
(`sync`), so a slip can never last.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...client import steps
from ...client.art.palette import SK_ATTACK, SK_MOVE, SK_SELECTED, UI_DIM, UI_GOLD, UI_INK
from ...client.steps import Call, EventAnimator, Lunge, Pause, Step, ease
from ...rulesets.skirmish import events as ev


@dataclass
class Figure(steps.Figure):
    """A miniature as drawn: `x`, `y` in squares (file, rank); its `dx` nudge in squares too."""

    armour: int = 0
    alive: bool = True
    on_board: bool = True
    alpha: float = 1.0
    scale: float = 1.0


Floater = steps.Floater


@dataclass
class TrayDie:
    """One die on the tray: who rolled it and what for, its sides and result."""

    label: str
    sides: int
    value: int
    colour: tuple
    needs: str = ""
    """What it had to beat ("vs 5", "4+"), shown under it."""
    rolling: float = 0.5
    shown: int = 1
    verdict: str = ""
    good: bool = True


@dataclass
class Shot:
    """A ranged attack's line, from the shooter's square to the target's."""

    start: tuple
    end: tuple
    age: float = 0.0
    life: float = 0.9


@dataclass
class View(steps.Picture):
    marker: tuple | None = None
    """The Retrieve marker's square when it lies on the board."""
    carrier: str | None = None
    tray: list[TrayDie] = field(default_factory=list)
    tray_title: str = ""
    tray_age: float = 0.0
    shots: list[Shot] = field(default_factory=list)
    acting: str | None = None
    """The miniature whose activation the picture is at."""
    acted: set = field(default_factory=set)
    """The miniatures that have acted this round, as far as the picture has got."""


def Walk(mini: str, points) -> steps.Walk:
    """A miniature steps along its path, square by square."""
    return steps.Walk(mini, points, per_step=0.14)


class Fire(Step):
    """A ranged attack: the line of fire drawn from the shooter to the target."""

    duration = 0.35

    def __init__(self, start, end):
        self.start_at, self.end = tuple(start), tuple(end)

    def start(self, view):
        view.shots.append(Shot(self.start_at, self.end))


class Roll(steps.Roll):
    """A die of `die.sides` lands on the tray (tumbling through random faces first)."""

    def __init__(self, die: TrayDie, title: str | None = None, clear: bool = False):
        super().__init__(die, title, clear, sides=die.sides, duration=0.7, tumble=0.45)

    def landed(self, view):
        view.tray_age = 0.0

    settled = landed


class Verdict(Step):
    """The tray says what the dice came to ("5 vs 3: gets through", "saved"), under the die just rolled:
    `good` (green, else red) is whether that die did its roller's job, so the defender's "saved" is
    green and the defender's "gets through" red, whichever seat watches."""

    duration = 0.45

    def __init__(self, words: str, good: bool):
        self.words, self.good = words, good

    def start(self, view):
        if view.tray:
            view.tray[-1].verdict = self.words
            view.tray[-1].good = self.good
        view.tray_age = 0.0


def Float(text: str, at, colour) -> steps.Float:
    """Words rising from a square, or from where a miniature is drawn (`at` a miniature's id)."""
    return steps.Float(text, at, colour, life=1.3)


def Flash(mini: str) -> steps.Flash:
    return steps.Flash(mini, 0.35)


def Shake(mini: str) -> steps.Shake:
    return steps.Shake(mini, 0.08)  # (in squares)


class Fall(Step):
    """A defeated miniature topples away."""

    duration = 0.6

    def __init__(self, mini: str):
        self.mini = mini

    def update(self, view, t):
        f = view.figures.get(self.mini)
        if f is not None:
            f.alpha, f.scale = 1 - t, 1 - 0.4 * t

    def finish(self, view):
        f = view.figures.get(self.mini)
        if f is not None:
            f.alive, f.on_board, f.alpha, f.scale = False, False, 0.0, 1.0


class Arrive(Step):
    """A miniature comes onto the board (set up, or a reserve coming in): it grows in on its square."""

    duration = 0.4

    def __init__(self, mini: str, at, armour: int):
        self.mini, self.at, self.armour = mini, tuple(at), armour

    def start(self, view):
        f = view.figures.get(self.mini)
        if f is None:
            f = view.figures[self.mini] = Figure(self.mini, *self.at, armour=self.armour)
        f.x, f.y = self.at
        f.on_board, f.alive, f.alpha, f.scale = True, True, 0.0, 0.3

    def update(self, view, t):
        f = view.figures[self.mini]
        f.alpha, f.scale = t, 0.3 + 0.7 * ease(t)

    def finish(self, view):
        f = view.figures[self.mini]
        f.alpha, f.scale = 1.0, 1.0


def Banner(words: str) -> steps.Banner:
    return steps.Banner(words, 0.9)  # held a little longer than Celebrity's: it also says who acts first


class Animator(EventAnimator):
    """Plays the table's steps on its view, ageing what floats and fades meanwhile. What each
    event becomes is `steps_for(event)`, given by the table (scenes/skirmish/battle.py)."""

    @property
    def lively(self) -> bool:
        v = self.view
        return self.busy or bool(v.floaters) or bool(v.shots) or v.banner is not None or \
            any(f.flash > 0 for f in v.figures.values())

    def tidy(self, view) -> None:
        view.shots.clear()

    def fade(self, view, dt: float, played: float) -> None:
        """The shots' traces fade as fast as the animations; the dice tray ages by the clock."""
        for s in view.shots:
            s.age += played
        view.shots = [s for s in view.shots if s.age < s.life]
        view.tray_age += dt


def event_steps(e, seen, rgb_of) -> list[Step]:
    """The animation of event `e`: from the event (its squares and dice) and the miniatures' names and
    colours (`rgb_of(mini)`; `seen` the table's view), never from where the game stands now (it may be
    further on)."""
    minis = seen.minis

    def name(mid):
        m = minis.get(mid)
        return m.name if m is not None else str(mid)

    if isinstance(e, ev.Placed):
        m = minis.get(e.mini)
        armour = m.max_armour if m is not None else 0
        steps: list[Step] = [Arrive(e.mini, e.at, armour)]
        if e.reserve:
            steps.append(Float("from reserve", e.at, UI_GOLD))
        return steps
    if isinstance(e, ev.RoundStarted):
        return [Call(lambda view: view.acted.clear()), Banner(f"Round {e.round}")]
    if isinstance(e, ev.Picked):
        return [Call(lambda view, e=e: setattr(view, "acting", e.mini))]
    if isinstance(e, (ev.Passed, ev.ActivationEnded)):
        def done(view, e=e):
            view.acted.add(e.mini)
            view.acting = None
        return [Call(done)]
    if isinstance(e, ev.InitiativeRolled):
        first = e.player == seen.players[0] and e.attempt == 1
        die = TrayDie(e.player, e.sides, e.value, rgb_of(e.player), "initiative")
        return [Roll(die, title="Initiative: the highest die of each army", clear=first)]
    if isinstance(e, ev.InitiativeTied):
        return [Verdict("tie: again", False)]
    if isinstance(e, ev.InitiativeWon):
        return [Banner(f"{e.player} acts first")]
    if isinstance(e, ev.Moved):
        return [Walk(e.mini, [e.start, *e.path])]
    if isinstance(e, ev.AttackDeclared):
        title = f"{name(e.mini)} {'shoots at' if e.mode == 'ranged' else 'attacks'} {name(e.target)}"
        clear = Call(lambda view, title=title: (view.tray.clear(), setattr(view, "tray_title", title)))
        if e.mode == "ranged":
            return [clear, Fire(e.at, e.target_at), Lunge(e.mini, e.target_at, 0.12)]
        return [clear, Lunge(e.mini, e.target_at)]
    if isinstance(e, ev.DieRolled):
        label = {"attack": "attack", "defence": "defence", "save": "save", "skill": "skill"}.get(e.purpose, e.purpose)
        if e.reroll:
            label = f"re-roll {label}"
        needs = {"save": "needs 4+", "skill": f"needs {e.sides // 2}+"}.get(e.purpose, "")
        if e.result != e.value:
            needs = f"bow: counts {e.result}"
        die = TrayDie(label, e.sides, e.value, rgb_of(e.mini), needs)
        if e.purpose == "skill":
            return [Roll(die, title=f"{name(e.mini)} tries to pick up the marker", clear=True)]
        return [Roll(die)]
    if isinstance(e, ev.AttackCompared):
        # (under the defence die: the attack getting through is the defence failing)
        words = f"{e.attack} vs {e.defence}: " + ("gets through" if e.success else "blocked")
        steps = [Verdict(words, not e.success)]
        if not e.success:
            steps.append(Float("blocked", e.target, UI_INK))
        return steps
    if isinstance(e, ev.Saved):
        return [Verdict("saved", True), Float("saved!", e.mini, SK_MOVE)]
    if isinstance(e, ev.ArmourSpent):
        def spend(view, e=e):
            f = view.figures.get(e.mini)
            if f is not None:
                f.armour = e.left
        return [Verdict("armour spent", False), Flash(e.mini), Call(spend), Float("armour spent", e.mini, UI_DIM)]
    if isinstance(e, ev.Defeated):
        return [Verdict("defeated", False), Flash(e.mini), Float("defeated", e.at, SK_ATTACK), Fall(e.mini)]
    if isinstance(e, ev.MarkerPicked):
        def pick(view, e=e):
            view.marker, view.carrier = None, e.mini
        return [Verdict("picked up", True), Call(pick), Float("has the marker", e.at, UI_GOLD)]
    if isinstance(e, ev.PickUpFailed):
        return [Verdict("fumbled", False), Shake(e.mini), Float("fumbled", e.at, UI_DIM)]
    if isinstance(e, ev.MarkerDropped):
        def drop(view, e=e):
            view.marker, view.carrier = tuple(e.at), None
        return [Call(drop), Float("marker dropped", e.at, SK_SELECTED)]
    if isinstance(e, ev.RoundEnded):
        return [Pause(0.2)]
    if isinstance(e, ev.GameOver):
        return [Banner("Game over")]
    return []


__all__ = ["event_steps", "View", "Figure", "Floater", "TrayDie", "Shot", "Animator", "Walk", "Lunge", "Fire", "Roll", "Verdict",
           "Float", "Flash", "Shake", "Fall", "Arrive", "Banner", "Pause", "Call"]
