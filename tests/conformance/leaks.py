"""A generic leak detector: a game played through its real table by simulated people, every string
drawn in every frame and every log line checked against what the person actually seated may know.

**What a seat may know** comes from the game's per-player view (`Ruleset.view`, `deathmatch.core.view`)
and nothing else, so a new game gets the detector for free:

- Every view is flattened to its leaves (path → value). A leaf that another seat's view shows at a path
  where this seat's view holds something else (None, "none or hidden", …) is hidden from this seat.
- A hidden string that is a *name* (no other leaf of the same kind, the same path with the ids set aside,
  has that value; it is no word of anything this seat's view shows) is a **secret word**: drawn anywhere,
  it is a leak (Celebrity's unplayed abilities of another seat).
- A hidden string that is a common *value* (a gizmo's "hidden", repeated across leaves or part of the
  seat's own words) is a **secret pair**: the name beside it (the `name` of the same entry) and the value
  drawn in one string is a leak ("Flame Jet … hidden gizmo" for another team's power), unless the seat's
  own view pairs the two itself.
- Before anyone takes the seat (a hand-off pending, the game's start) the public view is the viewer.

**Who is seated** is the simulation's, never the table's: a person sits down only when they pass a hand-off
screen themselves, past its guard. The person leaving presses Enter again 0.4 s after their answer (as
happened by accident): a hand-off that takes that press shows the next seat's things to the wrong person.
Once in each seat's first turn the person opens the game menu, its Rules, and every rules tab that opens a
screen of its own (Celebrity's characters), and looks at everything there.

**Three more rules**, each generic:

- *A blind hand-off*: the hand-off screens of one game, in the same moment of the game (the same numbers
  on them: the round), say the same words whatever seat comes (its name and the leaving person's lines set
  aside): what they would otherwise say could tell what the coming seat holds.
- *The log*: every line of the table's log is checked, as drawn text is, against the person seated.
- *Designed content*: what a person designed on screen this session (`App.designed`) sits only in their
  own seat's pieces: in another seat's piece of which the designer's view hides something, the designer
  knows what the view hides.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

import pygame

from deathmatch.client import ui
from deathmatch.client.safetext import SafeFont
from deathmatch.core import registry

from .games import seats

DT = 1 / 60
MISSING = object()


def flatten(value, path=()) -> dict:
    """Path → leaf of a view (dicts by key, lists and tuples by index; namedtuples as tuples)."""
    out = {}
    if isinstance(value, dict):
        for k, v in value.items():
            out.update(flatten(v, (*path, k)))
    elif isinstance(value, (list, tuple)):
        for i, v in enumerate(value):
            out.update(flatten(v, (*path, i)))
    else:
        out[path] = value
    return out


def strings_of(value) -> set[str]:
    """Every string in a view: its leaves and its keys."""
    out: set[str] = set()
    if isinstance(value, dict):
        for k, v in value.items():
            if isinstance(k, str):
                out.add(k)
            out |= strings_of(v)
    elif isinstance(value, (list, tuple)):
        for v in value:
            out |= strings_of(v)
    elif isinstance(value, str):
        out.add(value)
    return out


def shape(path: tuple, ids: set) -> tuple:
    """A path with its indices and entity ids set aside: the kind of leaf it is."""
    return tuple("*" if isinstance(p, int) or p in ids else p for p in path)


def word_in(word: str, text: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(word) + r"(?!\w)", text) is not None


def name_beside(view: dict, path: tuple) -> str | None:
    """The `name` of the nearest entry holding the leaf at `path` (a power's name, a model's)."""
    for cut in range(len(path) - 1, 0, -1):
        node = view
        try:
            for p in path[:cut]:
                node = node[p]
        except (KeyError, IndexError, TypeError):
            return None
        if isinstance(node, dict) and isinstance(node.get("name"), str):
            return node["name"]
    return None


@dataclass
class Secrets:
    """What one viewer (a seat, or None: nobody seated) may not be shown."""

    words: set[str] = field(default_factory=set)
    pairs: set[tuple[str, str]] = field(default_factory=set)
    masks: set[str] = field(default_factory=set)
    """The viewer's own strings holding a secret pair's value ("none or hidden"): taken out of a drawn
    string before a pair is looked for in it."""

    def found_in(self, text: str) -> list[str]:
        found = [w for w in self.words if w in text and word_in(w, text)]
        if self.pairs:
            plain = text
            for m in self.masks:
                plain = plain.replace(m, " ")
            found += [f"{a} + {b}" for a, b in self.pairs if a in plain and word_in(a, plain) and word_in(b, plain)]
        return found


def secrets_by_viewer(game, rid: str) -> dict:
    """Viewer (each seat, and None) → its `Secrets`, from the ruleset's per-player views of `game`."""
    view = registry.get(rid).view
    players = seats(game)
    views = {p: view(game, p) for p in [*players, None]}
    flat = {p: flatten(v) for p, v in views.items()}
    ids = set()
    for v in views.values():  # the ids of entities: the keys of a dict of dicts (models by id)
        for coll in v.values() if isinstance(v, dict) else ():
            if isinstance(coll, dict) and coll and all(isinstance(x, dict) for x in coll.values()):
                ids |= {k for k in coll if isinstance(k, str)}
    by_shape: dict[tuple, dict[str, set]] = {}
    for p, f in flat.items():
        for path, leaf in f.items():
            if isinstance(leaf, str):
                by_shape.setdefault(shape(path, ids), {}).setdefault(leaf, set()).add(path)
    out = {}
    for viewer in [*players, None]:
        mine = flat[viewer]
        public = strings_of(views[viewer])
        s = Secrets()
        own_pairs = {(name_beside(views[viewer], path), leaf) for path, leaf in mine.items() if isinstance(leaf, str)}
        for other in players:
            if other == viewer:
                continue
            for path, leaf in flat[other].items():
                if not isinstance(leaf, str) or len(leaf) < 3 or leaf.isdigit():
                    continue
                shown = mine.get(path, MISSING)
                if shown is MISSING or shown == leaf or flat[None].get(path, MISSING) == leaf:
                    continue  # not in this viewer's view (nothing to compare), shown to it, or public
                common = len(by_shape[shape(path, ids)].get(leaf, ())) > 1 or any(
                    word_in(leaf, t) for t in public if t != leaf)
                if not common:
                    if leaf not in public:  # (a name the viewer's view shows elsewhere is no secret)
                        s.words.add(leaf)
                    continue
                name = name_beside(views[other], path)
                if name and name in public and (name, leaf) not in own_pairs:
                    s.pairs.add((name, leaf))
                    if isinstance(shown, str):
                        s.masks.add(shown)
        out[viewer] = s
    return out


def has_secrets(game, rid: str) -> bool:
    return any(s.words or s.pairs for s in secrets_by_viewer(game, rid).values())


def forget_drawn_text() -> None:
    """The client's text caches (`deathmatch.client.ui`: rendered text, wrapped lines, fitted sizes)
    emptied: every string drawn from now on is rendered afresh, and so seen by the detector. (Pictures
    stay cached: they hold no words. A scene that kept a rendered string of its own would go unseen.)"""
    for obj in list(vars(ui).values()):
        if callable(getattr(obj, "cache_clear", None)) and callable(getattr(obj, "cache_info", None)):
            obj.cache_clear()


@dataclass
class Leak:
    seated: str | None
    where: str
    text: str
    secrets: list[str]

    def __str__(self) -> str:
        return f"seated {self.seated!r}, {self.where}: {self.text!r} shows {self.secrets}"


class Detector:
    """Watches an app: every string its frames render (`SafeFont.render`), attributed to `seated`."""

    def __init__(self, app, game, rid: str, monkeypatch):
        self.app, self.game, self.rid = app, game, rid
        self.seated: str | None = None
        self.leaks: list[Leak] = []
        self.drawn: list[str] = []
        self._secrets_at: tuple | None = None
        self._secrets: dict = {}
        self.handoffs: list[tuple[str | None, str, list[str]]] = []
        """(the person leaving, the seat coming, the strings its screen drew) of every hand-off."""
        render = SafeFont.render
        drawn = self.drawn

        def recording(font, text, *args, **kwargs):
            drawn.append(str(text))
            return render(font, text, *args, **kwargs)

        monkeypatch.setattr(SafeFont, "render", recording)
        forget_drawn_text()

    def secrets(self, viewer) -> Secrets:
        key = (len(self.game.history), self.game.over)
        if key != self._secrets_at:
            self._secrets = secrets_by_viewer(self.game, self.rid)
            self._secrets_at = key
        return self._secrets[viewer]

    def sit(self, person: str | None) -> None:
        """`person` takes the seat: from now on what is drawn is drawn for them (rendered afresh)."""
        if person != self.seated:
            self.seated = person
            forget_drawn_text()

    def frame(self, events=(), dt: float = DT) -> None:
        from deathmatch.scenes.handoff import HandOffScene

        self.drawn.clear()
        self.app.frame(list(events), dt)
        self.check(self.drawn, "drawn")
        top = self.app.stack.top
        if isinstance(top, HandOffScene):
            if not self.handoffs or self.handoffs[-1][3] is not top:
                self.handoffs.append((self.seated, top.player, [], top))
            self.handoffs[-1][2].extend(self.drawn)
        log = getattr(self.table, "log", None) if hasattr(self, "table") else None
        if isinstance(log, list):
            self.check([x for x in log if isinstance(x, str)], "log")

    def check(self, texts, where: str) -> None:
        s = self.secrets(self.seated)
        for t in texts:
            found = s.found_in(t)
            if found:
                self.leaks.append(Leak(self.seated, where, t, sorted(found)))

    def handoff_words(self) -> list[str]:
        """Hand-offs that say other words than another hand-off of the same moment (see the module)."""
        groups: dict[tuple, dict[tuple, tuple]] = {}
        names = sorted(seats(self.game), key=len, reverse=True)
        for leaving, coming, drawn, top in self.handoffs:
            lines = []
            recap = set(getattr(top, "recap_drawn", ()))  # what happened since the coming seat last decided:
            for t in dict.fromkeys(drawn):  # public lines (checked as all drawn text is), begun where it decided
                if t in recap:
                    continue
                if leaving is not None and word_in(leaving, t):
                    continue  # said to the person leaving (undo your move): theirs to know
                for n in names:
                    t = t.replace(n, "<seat>")
                lines.append(t)
            moment = tuple(re.findall(r"\d+", " ".join(lines)))
            words = tuple(sorted(re.sub(r"\d+", "#", t) for t in lines))
            groups.setdefault(moment, {}).setdefault(words, (leaving, coming))
        return [f"at {moment}: " + " | ".join(" / ".join(w) + f" (to {c})" for w, (_, c) in kinds.items())
                for moment, kinds in groups.items() if len(kinds) > 1]

    def designed_elsewhere(self, designer: str) -> list[str]:
        """Pieces `designer` designed this session (`App.designed`) in another seat's entity whose parts
        the designer's view hides."""
        made = set(getattr(self.app, "designed", {}).get(self.rid, ()))
        if not made:
            return []
        view = registry.get(self.rid).view
        players = seats(self.game)
        mine = view(self.game, designer)
        out = []
        for key, coll in mine.items():
            if not (isinstance(coll, dict) and coll and all(isinstance(x, dict) for x in coll.values())):
                continue
            for eid, entity in coll.items():
                owner = next((v for v in entity.values() if isinstance(v, str) and v in players), None)
                if owner is None or owner == designer:
                    continue
                theirs = view(self.game, owner)[key][eid]
                if flatten(theirs) != flatten(entity) and strings_of(theirs) & made:
                    out.append(f"{key}[{eid}] of {owner} is {sorted(strings_of(theirs) & made)}, designed by {designer}")
        return out


def table_waits(table) -> bool:
    """The table waits for a person's answer (the shared `Table`'s attributes)."""
    d = getattr(table, "decision", None)
    return (d is not None and d.player not in getattr(table, "auto", ()) and not table.animator.busy
            and table.stage not in ("idle", "auto", "over"))


def key(k):
    return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0),
            pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)]


def click(pos):
    pos = (int(pos[0]), int(pos[1]))
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
            pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)]


class People:
    """The people at the table, played by the keyboard: Tab to a highlighted cell and Enter, or a
    button's key; Enter again 0.4 s after every answer; the hand-off passed by the one it names, after
    its guard; once a seat, the game menu's Rules and the screens its tabs open."""

    def __init__(self, detector: Detector, table, seed: int, browse: bool = True):
        self.d, self.table, self.app = detector, table, detector.app
        detector.table = table
        self.rng = random.Random(seed)
        self.browse = browse
        self.browsed: set = set()
        self.fallbacks = 0
        self.answers = 0

    def settle(self, limit: int = 3000) -> None:
        """Frames until a person must act: a hand-off to pass or a decision to answer (or the end)."""
        from deathmatch.scenes.handoff import GUARD, HandOffScene

        for _ in range(limit):
            top = self.app.stack.top
            if isinstance(top, HandOffScene):
                self.d.frame([], GUARD / 2)  # the one leaving goes, the one named comes
                self.d.frame([], GUARD)
                self.d.sit(top.player)  # sits down, and presses when ready
                self.d.frame(key(pygame.K_RETURN))
                continue
            if self.table.game.over and not self.app.stack.animating:
                return
            if table_waits(self.table) and self.app.stack.top is self.table:
                if self.d.seated != self.table.decision.player:
                    self.d.frame()  # what the table shows the person at it now
                    self.d.sit(self.table.decision.player)
                return
            thinking = getattr(self.table, "thinking", None)
            if thinking is not None and not thinking.done():
                thinking.result(timeout=300)
            self.d.frame()
        raise AssertionError(f"the table never waited for a person (stage {getattr(self.table, 'stage', '?')})")

    def answer(self) -> None:
        t = self.table
        before = len(t.game.history)
        for _ in range(12):
            if len(t.game.history) > before or t.game.over:
                break
            if not table_waits(t):
                self.d.frame()
                continue
            buttons = [b for b in t.buttons if b.enabled and b.key is not None
                       and not b.label.lower().startswith(("back", "undo", "menu"))]
            order = t.candidate_order() if getattr(t, "candidates", None) else []
            if order and (not buttons or self.rng.random() < 0.7):
                target = self.rng.choice(order)
                steps = (order.index(target) - order.index(t.cursor)) % len(order) if t.cursor in order \
                    else order.index(target) + 1
                events = []
                for _ in range(steps):
                    events += key(pygame.K_TAB)
                self.d.frame(events + key(pygame.K_RETURN))
            elif buttons:
                self.d.frame(key(self.rng.choice(buttons).key))
            else:
                self.d.frame(key(pygame.K_RETURN))
        if len(t.game.history) == before and not t.game.over:
            self.fallbacks += 1  # the keys found no answer: the seat answers as the table's own hands would
            t.answer(self.rng.choice(list(t.game.legal_actions())))
        self.answers += 1
        self.double_tap()

    def double_tap(self) -> None:
        """Enter pressed again 0.4 s after the answer: once the animations are over (a hand-off's screen
        opens then), at the next screen whatever it is."""
        from deathmatch.scenes.handoff import HandOffScene

        for _ in range(600):
            if isinstance(self.app.stack.top, HandOffScene) or table_waits(self.table) or self.table.game.over:
                break
            self.d.frame()
        self.d.frame([], 0.4)
        self.d.frame(key(pygame.K_RETURN))

    def look_at_the_rules(self) -> None:
        """Esc, Rules, and every tab that opens a screen of its own, everything in it looked at."""
        from deathmatch.scenes.rules import RulesScene, is_text

        self.d.frame(key(pygame.K_ESCAPE))
        menu = self.app.stack.top
        rules = next((b for b in getattr(menu, "buttons", ()) if b.label.startswith("Rules")), None)
        if rules is None:
            self.d.frame(key(pygame.K_ESCAPE))
            return
        self.d.frame(click(rules.rect.center))
        page = self.app.stack.top
        if isinstance(page, RulesScene):
            for i, (_, source) in enumerate(page.pages):
                if is_text(source):
                    continue  # a page of the rule book: the same text whatever the game
                self.d.frame(click(page.buttons[i].rect.center))
                opened = self.app.stack.top
                for _, rect in list(getattr(opened, "cells", ()) or ()):
                    self.d.frame(click(rect.center))
                if opened is not page:
                    self.d.frame(key(pygame.K_ESCAPE))
            self.d.frame(key(pygame.K_ESCAPE))
        if self.app.stack.top is menu:
            self.d.frame(key(pygame.K_ESCAPE))

    def play(self, answers: int) -> None:
        for _ in range(answers):
            self.settle()
            if self.table.game.over:
                return
            seat = self.d.seated
            if self.browse and not self.browsed:  # the first person seated (one look is enough: all are alike)
                self.browsed.add(seat)
                self.look_at_the_rules()
                self.settle()
                if self.table.game.over:
                    return
            self.answer()


def play_through_the_table(rid: str, game, monkeypatch, answers: int = 40, seed: int = 1, size=(1280, 720),
                           app=None, browse: bool = True) -> Detector:
    """`game` on its real table, hand-off on, every seat a person's: `answers` of theirs played by `People`,
    watched by a `Detector` (returned: its `leaks`, `handoff_words()`)."""
    from deathmatch.scenes.app import App

    if app is None:
        app = App(size)
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.settings.handoff = True
    app.router.ruleset = rid
    detector = Detector(app, game, rid, monkeypatch)
    table = app.play(game)
    people = People(detector, table, seed, browse=browse)
    detector.people = people
    people.play(answers)
    return detector
