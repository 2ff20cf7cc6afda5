"""Superhero Gladiators' scenario steps: docs/rules/SUPERS.md §9 (and SCENARIOS.md), exactly.

The core (`deathmatch.core.scenario.Script`) reads the file, forces the dice, reads cells and
declines the windows left open after the last step; this module builds the position at turn 1,
segment 1 (heroes placed as given, the acting order decided: its tie dice first in `dice:`), plays
the steps and checks `expect:`.

- Before a step, every defend or copy window the step does not answer is declined (a `defend:` step
  answers its player's next defend window, a `copy:` step the next copy window).
- A refused step (`expect_error`) leaves the fight as it was.

Beyond the spec (our own additions, never needed by a scenario written to it):
- `players:` the seat order (default: the players of `models:`, in order); `options: {turn_limit}`;
  `description`.
- Models: `uses: {POWER: n}` (uses left at the start), `used: [POWER, ...]` (powers already used),
  `gizmos: {POWER: noticed | destroyed}` (noticed: by every other team).
- Steps: `powers: [NAME, ...]` on a move (the movement powers to use); `{player: P, defend: none}`
  declines a defend window explicitly; `{player: P, copy: false}` declines a copy.
- `expect:` `order` (the acting order, model ids), `pending` (`{player, kind, model}` or null) and,
  per model, `stored` (the copied power's name, or null).
"""

from __future__ import annotations

from ...core.errors import IllegalAction
from ...core.scenario import Fail, Script
from .actions import ACT, CHOOSE, COPY, DEFEND, Attack, AttackGizmo, Choose, Copy, Defend, Escape, Heal, Hold, Move, Notice
from .game import Game
from .model import Hero
from .setup import make_arena, new_model
from .state import Options, State

TOP_KEYS = {"ruleset", "name", "description", "arena", "options", "heroes", "players", "models", "dice", "steps",
            "expect"}
MODEL_KEYS = {"id", "player", "hero", "at", "altitude", "oomph", "entangled", "uses", "used", "gizmos"}
STEP_KEYS = {"model", "do", "path", "altitude", "powers", "power", "target", "at", "gizmo", "player", "defend",
             "copy", "choose", "end", "expect_error"}
DOS = ("move", "attack", "attack_gizmo", "heal", "notice", "escape", "hold")
EXPECT_KEYS = {"models", "segment", "turn", "over", "dice_left", "order", "pending"}
EXPECT_MODEL_KEYS = {"oomph", "at", "altitude", "entangled", "fainted", "uses", "gizmos", "stored"}


_BUNDLED: dict = {}


def bundled_heroes() -> dict:
    """The bundled heroes by id (read once)."""
    if not _BUNDLED:
        from .heroes import bundled_heroes_dir, load_heroes

        _BUNDLED.update(load_heroes([bundled_heroes_dir()]).heroes)
    return _BUNDLED


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


class Runner(Script):
    """A Superhero Gladiators scenario (the core's `Script` with this ruleset's steps)."""

    # -- the position --
    def run(self) -> None:
        d = self.header(TOP_KEYS, ("name", "models"), "name, heroes, models, steps, expect")
        arena = self.arena(make_arena) if "arena" in d else make_arena({"hexagon": 5})
        self.cell_type = arena.grid.cell
        options = self.options(d.get("options") or {})
        heroes = self.heroes(d.get("heroes") or [])
        models, players = self.models(d["models"], heroes, arena, d.get("players"))
        state = State(arena, players, models, options)
        self.forced_dice(d.get("dice"))

        def make():
            game = Game(state, self.dice)
            game.start()  # the acting order's tie dice, then turn 1
            return game

        self.begin(make)
        self.play_out(d)

    def options(self, data) -> Options:
        if not isinstance(data, dict) or set(data) - {"turn_limit"}:
            raise self.malformed(("options",), "expected a mapping such as {turn_limit: 10}")
        limit = data.get("turn_limit")
        if limit is not None and (not _int(limit) or limit < 1):
            raise self.malformed(("options", "turn_limit"), "expected a number of turns from 1, or null")
        return Options(limit)

    def heroes(self, data) -> dict:
        """The inline hero sheets, read and checked as hero files are (`heroes.hero_from_data`: every
        problem with its line, over-budget heroes refused with the numbers)."""
        from .heroes import HeroFileError, hero_from_data

        if not isinstance(data, list):
            raise self.malformed(("heroes",), "expected a list of hero sheets {id, name, str, dex, size, per, powers}")
        out = {}
        for i, h in enumerate(data):
            kp = ("heroes", i)
            if not isinstance(h, dict):
                raise self.malformed(kp, "expected a hero sheet {id, name, str, dex, size, per, powers}")
            lines = {k[2:]: v for k, v in self.lines.items() if k[:2] == kp}
            try:
                hero = hero_from_data(h, str(self.path), lines)
            except HeroFileError as e:
                raise Fail(f"heroes: {e}") from None
            out[hero.id] = hero
        return out

    def bundled(self, kp, hid: str) -> Hero:
        hero = bundled_heroes().get(hid)
        if hero is None:
            raise self.malformed(kp, f"no hero {hid!r} (the scenario's heroes, or a bundled hero's id)")
        return hero

    def models(self, data, heroes, arena, players_given):
        if not isinstance(data, list) or not data:
            raise self.malformed(("models",), "expected a list of models {id, player, hero, at, ...}")
        models: dict = {}
        floorish = set(arena.floor) | set(arena.blocked)
        for kp, mid, m in self.piece_entries(("models",), data, ("id", "player", "hero", "at"), MODEL_KEYS, models,
                                             "a model {id, player, hero, at, altitude, oomph, entangled}"):
            hid = str(m["hero"])
            hero = heroes.get(hid) or self.bundled(kp + ("hero",), hid)
            at = self.position(kp + ("at",), m["at"], arena.grid.cell, floorish)
            if at in arena.blocked and not any(p.type == "movement" and "wall_walking" in p.movement
                                               for p in hero.powers):
                raise self.malformed(kp + ("at",), f"{list(at)} is a wall: only a wall-walker stands there")
            if any(o.at == at for o in models.values()):
                raise self.malformed(kp + ("at",), f"{list(at)} already holds another model")
            model = new_model(mid, str(m["player"]), hero, at)
            for key in ("altitude", "oomph", "entangled"):
                if key in m:
                    v = m[key]
                    if not _int(v) or (key != "oomph" and v < 0):
                        raise self.malformed(kp + (key,), "expected a whole number" + (" from 0" if key != "oomph" else ""))
                    setattr(model, key, v)
            if model.oomph > hero.max_oomph:
                raise self.malformed(kp + ("oomph",), f"{hero.name}'s Max Oomph is {hero.max_oomph}")
            flights = [p.level for p in hero.powers if p.type == "movement" and "flight" in p.movement]
            model.flight_level = max(flights or [0])
            walls = [p.level for p in hero.powers if p.type == "movement" and "wall_walking" in p.movement]
            model.perch_level = max(walls or [0])
            uses = m.get("uses") or {}
            if not isinstance(uses, dict):
                raise self.malformed(kp + ("uses",), "expected {POWER: uses left}")
            for name, v in uses.items():
                p = model.power(str(name))
                if p is None:
                    raise self.malformed(kp + ("uses", name), f"{hero.name} has no power {name!r}")
                if v == "infinite":
                    v = None
                if (v is None) != (p.uses is None) or (v is not None and (not _int(v) or not 0 <= v <= p.uses)):
                    raise self.malformed(kp + ("uses", name), f"expected 0 to {p.uses if p.uses else 'infinite'}")
                model.uses[p.name] = v
                if v != p.uses:
                    model.used.add(p.name)
            for j, name in enumerate(m.get("used") or []):
                if model.power(str(name)) is None:
                    raise self.malformed(kp + ("used", j), f"{hero.name} has no power {name!r}")
                model.used.add(str(name))
            self.gizmo_marks.append((kp, model, m.get("gizmos") or {}))
            models[mid] = model
        players = list(dict.fromkeys(m.owner for m in models.values()))
        if players_given is not None:
            if not (isinstance(players_given, list) and sorted(map(str, players_given)) == sorted(players)):
                raise self.malformed(("players",), f"expected the models' players {players}, in seat order")
            players = [str(p) for p in players_given]
        for kp, model, marks in self.gizmo_marks:
            if not isinstance(marks, dict):
                raise self.malformed(kp + ("gizmos",), "expected {POWER: noticed | destroyed}")
            for name, v in marks.items():
                p = model.power(str(name))
                if p is None or p.gizmo == "none":
                    raise self.malformed(kp + ("gizmos", name), f"{model.hero.name} has no gizmo {name!r}")
                if v == "destroyed":
                    model.destroyed.add(p.name)
                    model.known[p.name] = set(players)
                elif v == "noticed" and p.gizmo == "hidden":
                    model.known[p.name] = set(players)
                elif v != "intact":
                    raise self.malformed(kp + ("gizmos", name), "expected intact, noticed (a hidden gizmo) or destroyed")
        return models, tuple(players)

    gizmo_marks: list

    def __init__(self, *a, **k):
        super().__init__(*a, **k)
        self.gizmo_marks = []

    # -- the steps --
    def step(self, i: int, step) -> None:
        self.step_mapping(i, step, STEP_KEYS)
        error = None
        try:
            if "end" in step:
                self.end(i, step["end"])
            elif "model" in step:
                self.decline_until(None)
                self.decide(self.model_action(i, step))
            elif "player" in step and "defend" in step:
                p = str(step["player"])
                self.decline_until(lambda d: d.kind == DEFEND and d.player == p)
                d = self.pending_for(p, DEFEND)
                name = step["defend"]
                self.decide(Defend(p, d.model, None if name in (None, "none", False) else str(name)))
            elif "player" in step and "copy" in step:
                p = str(step["player"])
                if not isinstance(step["copy"], bool):
                    raise self.malformed(("steps", i, "copy"), "expected true or false")
                self.decline_until(lambda d: d.kind == COPY and d.player == p)
                d = self.pending_for(p, COPY)
                self.decide(Copy(p, d.model, step["copy"]))
            elif "player" in step and "choose" in step:
                p = str(step["player"])
                self.decline_until(lambda d: d.kind == CHOOSE and d.player == p)
                d = self.pending_for(p, CHOOSE)
                self.decide(Choose(p, d.model, str(step["choose"])))
            else:
                raise self.malformed(("steps", i), "expected a model step, a defend, copy or choose step, or an end")
        except IllegalAction as e:
            error = e
        self.judge_refusal(step, error)

    def pending_for(self, player: str, kind: str):
        """The pending `kind` question of `player`; a step answering one not asked is refused
        (`Script.not_asked`: passes with `expect_error:`, fails naming the step without)."""
        d = self.game.pending
        if d is None or d.kind != kind or d.player != player:
            raise self.not_asked(player, f"{kind} question")
        return d

    def asking(self, d) -> str:
        return f"{d.player}'s {d.kind} about {d.model}"

    def end(self, i: int, what) -> None:
        """`{end: segment}` / `{end: turn}`: everyone left holds and every window is declined; stop
        before the next segment (turn) in which someone acts."""
        if what not in ("segment", "turn"):
            raise self.malformed(("steps", i, "end"), "expected segment or turn")
        s = self.game.state
        turn, segment = s.turn, s.segment

        def answer(g):
            d = g.pending
            if d.kind == ACT:
                return Hold(d.player, d.model)
            if d.kind == CHOOSE:
                return Choose(d.player, d.model, d.options[0])
            return self.decline(g)

        def stop(g, n):
            d = g.pending
            if d is None or d.kind != ACT:
                return False
            st = g.state
            return st.turn != turn if what == "turn" else (st.turn, st.segment) != (turn, segment)

        self.play(answer, stop)

    def model_action(self, i: int, step):
        g = self.game
        mid, m, do = self.step_piece(i, step, g.state.models, DOS)
        p = m.owner
        cell = self.cell_type
        if do == "move":
            path = tuple(self.positions(("steps", i, "path"), step.get("path") or [], cell))
            alt = step.get("altitude")
            if alt is not None and not _int(alt):
                raise self.malformed(("steps", i, "altitude"), "expected a whole number")
            powers = step.get("powers") or []
            if not isinstance(powers, list):
                raise self.malformed(("steps", i, "powers"), "expected a list of power names")
            return Move(p, mid, path, alt, tuple(str(x) for x in powers))
        if do == "hold":
            return Hold(p, mid)
        if do == "escape":
            return Escape(p, mid)
        if do == "heal":
            return Heal(p, mid, str(step.get("power")))
        target = step.get("target")
        if target is not None and str(target) not in g.state.models:
            raise self.malformed(("steps", i, "target"), f"no model {target!r}")
        target = None if target is None else str(target)
        if do == "notice":
            gz = step.get("gizmo")
            return Notice(p, mid, str(target), None if gz is None else str(gz))
        if do == "attack_gizmo":
            return AttackGizmo(p, mid, str(step.get("power")), str(target), str(step.get("gizmo")))
        at = step.get("at")
        at = None if at is None else self.position(("steps", i, "at"), at, cell)
        return Attack(p, mid, str(step.get("power")), target, at)

    # -- the end --
    def optional_window(self, decision) -> bool:
        return decision is not None and decision.kind in (DEFEND, COPY)

    def decline(self, game):
        d = game.pending
        return Defend(d.player, d.model, None) if d.kind == DEFEND else Copy(d.player, d.model, False)

    def check(self, expect) -> None:
        self.expect_mapping(expect, EXPECT_KEYS)
        s = self.game.state
        wrong = []
        for mid, m, key, value in self.expected_fields(expect, s.models, EXPECT_MODEL_KEYS):
            if key == "uses":
                if not isinstance(value, dict):
                    raise self.malformed(("expect", "models", mid, key), "expected {POWER: n | infinite}")
                got = {}
                for name in value:
                    if m.power(str(name)) is None:
                        raise self.malformed(("expect", "models", mid, key, name), f"no power {name!r}")
                    u = m.uses[str(name)]
                    got[name] = "infinite" if u is None else u
            elif key == "gizmos":
                if not isinstance(value, dict):
                    raise self.malformed(("expect", "models", mid, key), "expected {POWER: intact | noticed | destroyed}")
                got = {}
                for name in value:
                    if m.power(str(name)) is None:
                        raise self.malformed(("expect", "models", mid, key, name), f"no power {name!r}")
                    got[name] = ("destroyed" if name in m.destroyed else
                                 "noticed" if len(m.known.get(name, ())) > 1 else "intact")
            else:
                got = {"oomph": m.oomph, "at": list(m.at), "altitude": m.altitude, "entangled": m.entangled,
                       "fainted": m.fainted, "stored": None if m.stored is None else m.stored.name}[key]
            if got != value:
                wrong.append(f"{mid}.{key} is {got}, expected {value}")
        wrong += [w for w in (self.outcome_difference(expect, "the fight"), self.dice_difference(expect)) if w]
        for key, got in (("turn", s.turn), ("segment", s.segment), ("order", list(s.order))):
            if key in expect and expect[key] != got:
                wrong.append(f"{key} is {got}, expected {expect[key]}")
        self.judge(wrong + [self.pending_difference(expect, lambda d: {"player": d.player, "kind": d.kind, "model": d.model})])
