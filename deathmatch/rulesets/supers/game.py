"""Superhero Gladiators' rules (docs/rules/SUPERS.md) on the core's machine: `Game(Machine)` and
its tasks. Every rule is decided here; the screens read a player's view, ask
`game.legal_actions()`, `game.reach(...)`, `game.to_hit_number(...)`, and animate the events.

The flow, one task each: setup (placement tie dice and placement, §4), the acting order and its tie
dice, each turn's six segments (a segment nobody acts in is skipped), each hero's action (§5) and
the end of the action (falls, fainting, grapples let go, victory), the end of a turn (three quiet
turns: a draw; the turn limit, an option). An attack: the to-hit die, the reliability die, each hit
hero's defence window and its dice in acting order, the hits landing, then each damaged hero's
copy window.

Rulings this module makes where the text leaves a choice (each in docs/RULINGS.md too):

- Walls block every move but a wall-walker's (fliers too); void does not block a line; a line is
  blocked by a wall strictly between the two cells (a wall-walker on a wall can shoot and be shot).
- A move's altitude: a hero climbs first and comes down last, so the cells of its path are passed
  at the higher of its start and end altitude; it may pass over a hero only in flight at another
  altitude. Fainted heroes are out: they block nobody and nothing hits them.
- A move names its powers or the engine picks the fewest that make it legal (earliest on the
  card first); every power it uses must be needed, and one use of each is spent.
- Leaving a wall needs wall-walking (or flight) while the hero has a usable wall-walking power;
  without one it may step off and falls at the end of the action, losing its wall-walking level.
- A hero in the air whose action is not a move with flight falls at the end of that action.
- An area attack's target cell needs no hero; a cell's altitude is its occupant's (0 if empty).
  Walls do not shelter heroes inside an area. The attacker's own foiblish penalty and critical
  are each hero's own (its own number).
- A hero about to faint (oomph 0 or less) is not offered a copy.
- A foiblish defence rolls its reliability die first, then its foiblish die. Slippery on an
  escape is offered after a failed escape roll; its foiblish die uses the entangler's Perception
  (none known, as in a scenario's position: no foiblish die).
- Copying: the copy power's own reliability (and foiblish) dice are rolled when it copies, and its
  reliability again when the stored power is used (a use of the copy power each time). A stored
  power's name is looked up after the hero's own powers.
- Noticing: one die; if the target has used hidden gizmos the noticer's team does not know, it is
  tested < 3 x Perception (the named one if it is one of them, else the first on the card), else
  < Perception for an unused one (its owner picks when there are several). A named power must
  have been used. Only an opponent's heroes are noticed.
- The automatic 1 and 20 are the to-hit dice's (attacks and gizmo attacks) only.
- Everyone fainted at once: a draw. The turn limit ends the fight in a draw.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from ...core.dice import SeededDice
from ...core.machine import Machine
from . import events as ev
from .actions import (ACT, ACT_TYPES, CHOOSE, COPY, DEFEND, PLACE, Attack, AttackGizmo, Choose, Copy, Decision,
                      Defend, Escape, Heal, Hold, Move, Notice, Place)
from .model import ATTACK_TYPES, SEGMENT_SPEED, movement_of
from .state import Model, State

DEFENCES = ("toughness", "missile_deflection", "slippery")
"""The powers a hit hero may invoke against the hit (§3); copy power is offered apart (§7)."""
SPECIAL_KINDS = ("wall_walking", "line_of_sight", "flight")
RELIABLE_ON = {"unreliable": 15, "wild": 10}
"""The second die a power needs (§5): at most this."""
WALL, HAZARD = "blocked", "hazard"


def hits(roll: int, number: int) -> bool:
    """A to-hit die: a 1 always hits, a 20 always misses, else at most the number."""
    return roll == 1 or (roll != 20 and roll <= number)


def critical(roll: int, number: int) -> bool:
    """A hit at least 10 under the number."""
    return hits(roll, number) and roll <= number - 10


@lru_cache(maxsize=None)
def movement_of_speed(speed: int) -> int:
    return movement_of(speed)


@lru_cache(maxsize=1 << 16)
def line_clear_on(arena, a, b) -> bool:
    """`Game.line_clear` on `arena` (cached: an arena never changes, and every listing of attacks
    asks the same lines again)."""
    grid = arena.grid
    line = grid.line(grid.cell(*a), grid.cell(*b))
    return not any(arena.terrain.get(c, "void") == WALL for c in line[1:-1])


def segment_acts(hero, k: int) -> bool:
    return hero.speed >= SEGMENT_SPEED[k]


class Strike:
    """The attack being resolved: who, with what, who may be hit and how."""

    def __init__(self, attacker: str, power, power_name: str, close: bool, centre, full: str | None, copied: bool):
        self.attacker, self.power, self.power_name = attacker, power, power_name
        self.close, self.centre, self.full, self.copied = close, centre, full, copied
        self.numbers: dict = {}
        """hero -> its to-hit number."""
        self.roll = 0
        self.hit: list = []
        """The heroes hit, in acting order."""
        self.crit: set = set()
        self.defence: dict = {}
        """hero -> (defence power, whether its dice let it work)."""
        self.damaged: list = []


class Game(Machine):
    """A fight of Superhero Gladiators: `state` (the data) and the task stack (the flow).

    Made by `setup.new_game(setup)` (placement first) or by the scenario runner (heroes placed).
    `dice`: the seeded (or forced) d20s.
    """

    ruleset_id = "supers"

    def __init__(self, state: State, dice=None, *, setup=None, place: tuple = ()):
        super().__init__()
        self.state = state
        self.setup = setup
        self.dice = dice if dice is not None else SeededDice(getattr(setup, "seed", 0))
        self.strike: Strike | None = None
        self.action: dict = {}
        """The action under way: {"model", "in_air", "flew", "wall_fall"}."""
        self.escape: dict | None = None
        self.spawns: dict = {}
        """player -> the cells its heroes may be placed on (setup; empty: any vacant floor)."""
        self._checked_move: tuple | None = None
        """(the Move just checked, its plan): `apply` checks an answer and carries it out at once,
        so carrying out that very Move need not plan it again."""
        tasks: list = [ActingOrder()]
        if place:
            tasks.append(PlacementOrder(place))
        self.schedule(*tasks, StartTurn())

    # ------------------------------------------------------------ questions

    def model(self, model_id: str) -> Model:
        return self.state.models[model_id]

    @property
    def grid(self):
        return self.state.arena.grid

    def cell(self, c):
        return self.grid.cell(*c)

    def terrain(self, c) -> str:
        return self.state.arena.terrain.get(c, "void")  # a Hex or Square is equal to its plain tuple

    def to_hit_number(self, attacker: Model, target: Model, foiblish: bool) -> int:
        """15 + (attacker's Combat - target's Combat) - (target's Perception, foiblish only) (§5)."""
        return 15 + attacker.hero.combat - target.hero.combat - (target.hero.per if foiblish else 0)

    def distance(self, a: Model, cell, altitude: int) -> int:
        """Cell distance + altitude difference (§1)."""
        return self.grid.distance(a.at, self.cell(cell)) + abs(a.altitude - altitude)

    def line_clear(self, a, b) -> bool:
        """No wall strictly between the two cells on the line between their centres."""
        return line_clear_on(self.state.arena, tuple(a), tuple(b))

    def attack_power(self, m: Model, name: str):
        """(the power, copied?) the hero attacks with by that name, or (None, reason)."""
        p = m.power(name)
        if p is not None:
            if p.type not in ATTACK_TYPES:
                return None, ("not_attack", f"{name} is {m.hero.name}'s {p.type} power, not an attack")
            if p.name in m.destroyed:
                return None, ("destroyed", f"{name} was destroyed with its gizmo")
            if not m.usable(p):
                return None, ("no_uses", f"{name} has no uses left")
            return (p, False), None
        if m.stored is not None and m.stored.name == name:
            cp = m.power(m.copier) if getattr(m, "copier", None) else None
            if cp is None or not m.usable(cp):
                return None, ("no_uses", f"{m.hero.name}'s copy power has no use left to use {name}")
            return (m.stored, True), None
        return None, ("no_power", f"{m.hero.name} has no attack power called {name!r}")

    def reach_problem(self, m: Model, p, cell, altitude: int) -> str | None:
        """None if `p` reaches `cell` at `altitude` from `m`, else why not (a code of `in_reach`):
        the rule, without the words (legal_actions asks it of every attack it lists)."""
        c = self.cell(cell)
        if c not in self.state.arena.terrain:
            return "off_board"
        if p.type == "smash":
            if self.grid.distance(m.at, c) != 1:
                return "not_adjacent"
            if abs(m.altitude - altitude) > 1:
                return "out_of_reach"
            return None
        if self.distance(m, c, altitude) > p.range():
            return "out_of_range"
        if not self.line_clear(m.at, c):
            return "no_line"
        return None

    def in_reach(self, m: Model, p, cell, altitude: int) -> tuple | None:
        """None if `p` reaches `cell` at `altitude` from `m`, else (code, words)."""
        code = self.reach_problem(m, p, cell, altitude)
        if code is None:
            return None
        c = self.cell(cell)
        if code == "off_board":
            return code, f"{list(c)} is not in the arena"
        if code == "not_adjacent":
            return code, f"a close attack needs an adjacent target; {list(c)} is not next to {list(m.at)}"
        if code == "out_of_reach":
            return code, f"a close attack needs an altitude difference of at most 1 ({m.altitude} against {altitude})"
        if code == "out_of_range":
            n = self.distance(m, c, altitude)
            return code, f"{list(c)} is {n} away (cells + altitude): {p.name} reaches {p.range()}"
        return code, f"a wall blocks the line from {list(m.at)} to {list(c)}"

    def known_gizmo(self, player: str, target: Model, name: str) -> bool:
        """Whether `player` may attack `target`'s power `name` as a gizmo (§7)."""
        p = target.power(name)
        if p is None or name in target.destroyed:
            return False
        if p.gizmo == "vulnerable":
            return True
        return p.gizmo == "hidden" and player in target.known.get(name, ())

    def gizmo_problem(self, player: str, t: Model, name: str) -> str | None:
        """Why `player`'s heroes may not attack hero `t`'s power `name` as a gizmo (None: they may)."""
        if t.power(name) is None:
            return "no_power"
        if name in t.destroyed:
            return "destroyed"
        if not self.known_gizmo(player, t, name):
            return "not_a_gizmo"
        return None

    # ------------------------------------------------------------ legal answers

    def legal_actions(self) -> list:
        d = self.pending
        if d is None:
            return []
        if d.kind == PLACE:
            return [Place(d.player, d.model, c) for c in self.place_cells(d.about)]
        if d.kind == DEFEND:
            return [Defend(d.player, d.model, None)] + [Defend(d.player, d.model, p) for p in d.options]
        if d.kind == COPY:
            return [Copy(d.player, d.model, False), Copy(d.player, d.model, True)]
        if d.kind == CHOOSE:
            return [Choose(d.player, d.model, p) for p in d.options]
        m = self.model(d.model)
        out = self.acts(d, m) if actor_problem(d, m, d.player) is None else []
        out += self.moves(m)
        return out

    def acts(self, d, m: Model) -> list:
        """The legal actions of `m` but moves, in the order legal_actions lists them: hold, escape;
        for each attack power (a stored copy last) each foe, each gizmo of it `m`'s team may attack;
        heals; notices. Each is decided by the predicates `check_action` refuses by (one rule, one
        place), none of them building the refusal's words."""
        p = d.player
        out: list = [Hold(p, m.id)]
        if escape_problem(m) is None:
            out.append(Escape(p, m.id))
        foes = [o for o in self.state.models.values()
                if o.owner != m.owner and not o.fainted and foe_problem(m, o) is None]
        names = [q.name for q in m.hero.powers if q.type in ATTACK_TYPES]
        if m.stored is not None and m.power(m.stored.name) is None:
            names.append(m.stored.name)
        for name in names:
            got, _ = self.attack_power(m, name)
            if got is None:
                continue
            power = got[0]
            for o in foes:
                if self.reach_problem(m, power, o.at, o.altitude) is not None:
                    continue
                out.append(Attack(p, m.id, name, o.id))
                for g in o.hero.powers:
                    if self.gizmo_problem(p, o, g.name) is None:
                        out.append(AttackGizmo(p, m.id, name, o.id, g.name))
        out += [Heal(p, m.id, q.name) for q in m.hero.powers
                if q.type == "healing" and heal_problem(m, m.power(q.name)) is None]
        out += [Notice(p, m.id, o.id) for o in foes]
        return out

    def place_cells(self, team: str) -> list:
        """The cells a hero of `team` may be placed on now: its team's vacant spawn cells, else any
        vacant floor cell (§4)."""
        s = self.state
        taken = {tuple(m.at) for m in s.models.values() if m.at is not None}
        mine = [c for c in self.spawns.get(team, ()) if tuple(c) not in taken]
        if mine:
            return sorted(mine)
        return sorted(c for c in s.arena.floor if tuple(c) not in taken)

    # ------------------------------------------------------------ movement

    def movement_powers(self, m: Model) -> list:
        return [p for p in m.hero.powers if p.type == "movement" and m.usable(p)]

    def move_cap(self, m: Model, powers) -> int:
        """The most movement `m` may spend using `powers` (§3)."""
        movement = movement_of_speed(m.hero.speed) + sum(p.level for p in powers if "speedy" in p.movement)
        special = [p.level for p in powers if any(k in p.movement for k in SPECIAL_KINDS)]
        return min([movement] + special)

    def check_move_with(self, m: Model, path: tuple, end_alt: int, powers) -> tuple | None:
        """None if the move is legal using exactly `powers`; else (code, words)."""
        kinds = {k for p in powers for k in p.movement}
        fly = "flight" in kinds
        s = self.state
        start_alt = m.altitude
        if (start_alt > 0 or end_alt > 0) and not fly:
            return "no_flight", "a move that starts or ends in the air needs flight"
        high = max(start_alt, end_alt)

        def where(i, c) -> str:  # words for a refusal only (a legal move's check makes none)
            return f"{list(c)} (cell {i + 1} of the path)"

        for i, c in enumerate(path):
            t = self.terrain(c)
            last = i == len(path) - 1
            if t == WALL and "wall_walking" not in kinds:
                return "wall", f"{where(i, c)} is a wall: only wall-walking goes there"
            if t == HAZARD:
                if last:
                    return "hazard", f"{where(i, c)} is a hazard: nobody ends a move on it"
                if "line_of_sight" not in kinds and not fly:
                    return "hazard", f"{where(i, c)} is a hazard: only line-of-sight or flight crosses it"
            o = s.occupant(c)
            if o is not None and o.id != m.id:
                if last:
                    return "occupied", f"{where(i, c)} holds {o.hero.name}"
                if not (fly and high > 0 and o.altitude != high):
                    return "occupied", (f"{where(i, c)} holds {o.hero.name}: "
                                        "only a flier at another altitude passes over")
        if path and self.terrain(m.at) == WALL and "wall_walking" not in kinds and not fly:
            if any(p.type == "movement" and "wall_walking" in p.movement and m.usable(p) for p in m.hero.powers):
                return "wall", "leaving a wall needs wall-walking while the hero has it"
        cost = len(path) + abs(end_alt - start_alt)
        cap = self.move_cap(m, powers)
        if cost > cap:
            return "too_far", f"the move costs {cost} movement; {m.hero.name} may spend {cap}"
        return None

    def plan_move(self, m: Model, a: Move):
        """(powers used, cost) of a legal move, or (None, (code, words))."""
        if m.entangled:
            return None, ("entangled", f"{m.hero.name} is entangled (level {m.entangled}): it may not move")
        alt = m.altitude if a.altitude is None else a.altitude
        if not isinstance(alt, int) or isinstance(alt, bool) or alt < 0:
            return None, ("bad_altitude", f"an altitude is a whole number from 0, not {alt!r}")
        path = tuple(self.cell(c) for c in a.path)
        at = m.at
        for i, c in enumerate(path):
            if self.grid.distance(at, c) != 1:
                return None, ("not_adjacent", f"{list(c)} (cell {i + 1} of the path) is not next to {list(at)}")
            if c not in self.state.arena.terrain:
                return None, ("void", f"{list(c)} (cell {i + 1} of the path) is not in the arena")
            at = c
        if not path and alt == m.altitude and m.altitude == 0:
            return None, ("no_move", "a move goes somewhere (or hovers in the air): hold instead")
        usable = self.movement_powers(m)
        if a.powers:
            named = []
            for n in a.powers:
                p = m.power(n)
                if p is None or p.type != "movement":
                    return None, ("no_power", f"{m.hero.name} has no movement power called {n!r}")
                if not m.usable(p):
                    return None, ("no_uses", f"{n} has no uses left" if n not in m.destroyed else f"{n} was destroyed")
                if p not in named:
                    named.append(p)
            why = self.check_move_with(m, path, alt, named)
            if why:
                return None, why
            for p in named:
                rest = [q for q in named if q is not p]
                if self.check_move_with(m, path, alt, rest) is None:
                    return None, ("not_needed", f"the move does not need {p.name}")
            return (tuple(named), len(path) + abs(alt - m.altitude)), None
        for k in range(len(usable) + 1):
            for combo in combinations(usable, k):
                if self.check_move_with(m, path, alt, combo) is None:
                    return (combo, len(path) + abs(alt - m.altitude)), None
        return None, (self.check_move_with(m, path, alt, usable)
                      or ("too_far", f"no way of {m.hero.name}'s movement powers makes that move"))

    def moves(self, m: Model) -> list:
        """One Move for each (cell, altitude) `m` may end at, by a shortest path (legal_actions).

        A breadth-first search per combination of usable movement powers and end altitude; the
        searches that walk alike (the same wall-walking, line-of-sight and flight, and a flying height
        that passes over the same heroes) share one walk, each reading as many of its steps as its
        budget allows."""
        if m.entangled:
            return []
        s = self.state
        usable = self.movement_powers(m)
        occupied = {tuple(x.at): x for x in s.models.values() if not x.fainted and x.at is not None and x.id != m.id}
        must_cling = self.terrain(m.at) == WALL and any("wall_walking" in p.movement for p in usable)
        heights = {x.altitude for x in occupied.values()}
        terrain, ring = s.arena.terrain, s.arena.cell_ring
        start, alt0 = m.at, m.altitude
        walks: dict = {}
        merged: dict = {}
        found: dict = {}
        for k in range(len(usable) + 1):
            for combo in combinations(usable, k):
                kinds = {x for p in combo for x in p.movement}
                fly = "flight" in kinds
                if alt0 > 0 and not fly:
                    continue
                ww = "wall_walking" in kinds
                crosses = fly or "line_of_sight" in kinds
                stay_only = must_cling and not ww and not fly
                cap = self.move_cap(m, combo)
                alts = range(0, alt0 + cap + 1) if fly else (0,)
                for e in alts:
                    budget = cap - abs(e - alt0)
                    if budget < 0:
                        continue
                    if e > 0 or alt0 > 0:
                        found.setdefault((start, e), ())
                    if stay_only:
                        continue
                    high = max(alt0, e) if fly else 0
                    # a flight above everyone's altitudes walks as every other such flight
                    key = (ww, crosses, fly, high if high == 0 or high in heights else -1)
                    walk = walks.get(key)
                    if walk is None:
                        walk = walks[key] = [[(start, ())], {start}, []]
                    frontier, seen, steps = walk
                    while len(steps) < budget and frontier:
                        nxt, ends = [], []
                        for at, path in frontier:
                            for c in ring[at]:
                                if c in seen:
                                    continue
                                t = terrain[c]
                                if t == WALL and not ww:
                                    continue
                                o = occupied.get(c)
                                if o is not None and not (fly and high > 0 and o.altitude != high):
                                    continue
                                seen.add(c)
                                p2 = path + (c,)
                                if o is None and t != HAZARD:
                                    ends.append((c, p2))
                                if t == HAZARD and not crosses:
                                    continue
                                nxt.append((c, p2))
                        frontier = walk[0] = nxt
                        steps.append(ends)
                    done = merged.get((key, e), 0)  # steps already read at this altitude set nothing new
                    if done < budget:
                        merged[(key, e)] = budget
                        for ends in steps[done:budget]:
                            for c, p2 in ends:
                                found.setdefault((c, e), p2)
        # each path is legal with the powers its search used, so some fewest powers make it legal
        owner, mid = m.owner, m.id
        return [Move(owner, mid, path, e) for (c, e), path in found.items()]

    # ------------------------------------------------------------ for the tasks

    def finish(self, reason: str, winners: tuple) -> None:
        if self.outcome is None:
            self.emit(ev.GameOver(winners, reason))
            self.outcome = ev.Outcome(reason, winners)
            self.pending = None
            self._stack.clear()

    def roll(self) -> int:
        return self.dice.roll(20)

    def spend(self, m: Model, p) -> None:
        """Spend a use of `p` (§5: spent even if it then fails)."""
        if m.uses.get(p.name) is not None:
            assert m.uses[p.name] > 0, f"{m.id} spends a use of {p.name} with none left"
            m.uses[p.name] -= 1
        m.used.add(p.name)
        self.emit(ev.UseSpent(m.id, p.name, m.uses.get(p.name)))

    def lose(self, m: Model, n: int) -> None:
        if n > 0:
            m.oomph -= n
            self.state.changed = True

    def second_dice(self, m: Model, p, foe: Model | None, foiblish: bool = True) -> bool:
        """A power's reliability die, then (a defence) its foiblish die; whether it works."""
        if p.reliability in RELIABLE_ON:
            need = RELIABLE_ON[p.reliability]
            r = self.roll()
            ok = r <= need
            self.emit(ev.PowerRoll(m.id, p.name, p.reliability, r, f"<= {need}", ok))
            if not ok:
                return False
        if foiblish and "foiblish" in p.styles and foe is not None:
            need = 15 - foe.hero.per
            r = self.roll()
            ok = r < need
            self.emit(ev.PowerRoll(m.id, p.name, "foiblish", r, f"< {need}", ok))
            if not ok:
                return False
        return True

    def entangle(self, m: Model, level: int, by: Model, grappling: bool) -> None:
        if level > m.entangled:
            before = m.entangled
            m.entangled, m.grappler, m.entangler = level, (by.id if grappling else None), by.id
            self.state.changed = True
            self.emit(ev.Entangled(m.id, level, by.id, m.grappler, before))
        else:
            self.emit(ev.EntangleHeld(m.id, level))
        if m.altitude > 0:
            self.fall(m, level, "entangled")

    def fall(self, m: Model, loss: int, why: str) -> None:
        alt = m.altitude
        m.altitude = 0
        self.lose(m, loss)
        self.emit(ev.Fell(m.id, m.at, alt, loss, m.oomph, why))

    def free(self, m: Model, why: str) -> None:
        m.entangled, m.grappler, m.entangler = 0, None, None
        self.state.changed = True
        self.emit(ev.Freed(m.id, why))

    def let_go(self) -> None:
        """Grapples end when the grappler is no longer adjacent, or has fainted (§3)."""
        for x in self.state.models.values():
            if x.grappler is None or x.fainted:
                continue
            g = self.model(x.grappler)
            if g.fainted:
                self.free(x, "grappler_fainted")
            elif self.grid.distance(g.at, x.at) > 1:
                self.free(x, "grappler_left")


# ---------------------------------------------------------------- setup


class PlacementOrder:
    """§4: the lowest Perception placed first; ties the lowest Strength, then the lowest die."""

    def __init__(self, ids: tuple):
        self.ids = ids

    def run(self, g: Game) -> None:
        ms = [g.model(i) for i in self.ids]
        order = tie_break(g, ms, lambda m: (m.hero.per, m.hero.str), "placement")
        g.schedule(*[PlaceHero(m.id) for m in order])


def tie_break(g: Game, ms: list, key, purpose: str) -> list:
    """`ms` sorted by `key`; each group of equal keys ordered by a die each (the lowest first),
    heroes tying on the die rolling again among themselves."""
    out = []
    groups: dict = {}
    for m in ms:
        groups.setdefault(key(m), []).append(m)
    for k in sorted(groups):
        out += by_dice(g, groups[k], purpose)
    return out


def by_dice(g: Game, group: list, purpose: str) -> list:
    if len(group) == 1:
        return group
    rolls: dict = {}
    for m in group:
        v = g.roll()
        g.emit(ev.TieRolled(m.id, purpose, v))
        rolls.setdefault(v, []).append(m)
    out = []
    for v in sorted(rolls):
        out += by_dice(g, rolls[v], purpose)
    return out


class PlaceHero:
    """Its owner places it, or the next seat for a Perception 1 hero (§4)."""

    def __init__(self, model: str):
        self.model = model

    def run(self, g: Game) -> None:
        m = g.model(self.model)
        players = g.state.players
        placer = m.owner
        if m.hero.per == 1:
            placer = players[(players.index(m.owner) + 1) % len(players)]
        g.ask(self, Decision(placer, PLACE, m.id, about=m.owner))

    def check(self, g: Game, d, a) -> None:
        if not isinstance(a, Place):
            g.refuse("wrong_decision", f"{d.player} must place {d.model}")
        if a.player != d.player:
            g.refuse("not_your_turn", f"{d.player} places {d.model}")
        if a.model != d.model:
            g.refuse("wrong_model", f"{d.model} is the hero to place now")
        cells = g.place_cells(d.about)
        if not (isinstance(a.at, tuple) and len(a.at) == 2) or tuple(a.at) not in {tuple(c) for c in cells}:
            g.refuse("bad_cell", f"{a.at!r} is not a vacant floor cell {d.about}'s heroes may start on")

    def answer(self, g: Game, d, a) -> None:
        m = g.model(self.model)
        m.at = g.cell(a.at)
        g.emit(ev.Placed(a.player, m.id, m.at))


class ActingOrder:
    """§4: the highest Dexterity first; ties higher Perception, higher Size, then the lowest die."""

    def run(self, g: Game) -> None:
        s = g.state
        ms = list(s.models.values())
        order = tie_break(g, ms, lambda m: (-m.hero.dex, -m.hero.per, -m.hero.size), "order")
        s.order = tuple(m.id for m in order)
        g.emit(ev.OrderDecided(s.order))


# ---------------------------------------------------------------- turns and segments


class StartTurn:
    def run(self, g: Game) -> None:
        s = g.state
        s.turn += 1
        s.changed = False
        g.emit(ev.TurnStarted(s.turn))
        g.schedule(*[Segment(k) for k in range(1, 7)], EndTurn())


class Segment:
    """Every hero acting on segment `k`, in acting order; skipped when nobody does."""

    def __init__(self, k: int):
        self.k = k

    def run(self, g: Game) -> None:
        s = g.state
        actors = [i for i in s.order if not s.models[i].fainted and segment_acts(s.models[i].hero, self.k)]
        if not actors:
            return
        s.segment = self.k
        g.emit(ev.SegmentStarted(s.turn, self.k, tuple(actors)))
        g.schedule(*[Act(i) for i in actors])


class EndTurn:
    """§8: three full turns in a row with no oomph lost and no entangle changed: a draw."""

    def run(self, g: Game) -> None:
        s = g.state
        s.quiet = 0 if s.changed else s.quiet + 1
        if s.quiet >= 3:
            g.finish("quiet", ())
            return
        if s.options.turn_limit is not None and s.turn >= s.options.turn_limit:
            g.finish("turn_limit", ())
            return
        g.schedule(StartTurn())


class Act:
    """The hero's one action this segment (§5)."""

    def __init__(self, model: str):
        self.model = model

    def run(self, g: Game) -> None:
        m = g.model(self.model)
        if m.fainted:
            return
        g.state.acting = m.id
        g.ask(self, Decision(m.owner, ACT, m.id))

    def check(self, g: Game, d, a) -> None:
        if d.kind != ACT:
            g.refuse("window_open", f"{d.player} must first answer the {d.kind} question about {d.model}")
        if not isinstance(a, ACT_TYPES):
            g.refuse("wrong_decision", f"{d.player} must give {d.model}'s action")
        m = g.state.models.get(a.model)
        if m is None:
            g.refuse("no_model", f"no hero {a.model!r} in this fight")
        code = actor_problem(d, m, a.player)
        if code is not None:
            g.refuse(code, {"not_your_model": f"{m.id} is {m.owner}'s hero", "fainted": f"{m.id} has fainted",
                            "not_your_turn": f"it is {d.model}'s action ({d.player}'s)"}[code])
        check_action(g, m, a)

    def answer(self, g: Game, d, a) -> None:
        m = g.model(a.model)
        g.action = {"model": m.id, "in_air": m.altitude > 0, "flew": False, "wall_fall": 0}
        tasks = do_action(g, m, a)
        g.schedule(*tasks, EndAction(m.id))


def actor_problem(d, m: Model, player: str) -> str | None:
    """Why `player` may not give hero `m`'s action for the act decision `d` (None: it may)."""
    if m.owner != player:
        return "not_your_model"
    if m.fainted:
        return "fainted"
    if m.id != d.model:
        return "not_your_turn"
    return None


def foe_problem(m: Model, t: Model) -> str | None:
    """Why `m` may not target hero `t` (None: it may)."""
    if t.id == m.id:
        return "self"
    if t.owner == m.owner:
        return "friend"
    if t.fainted:
        return "fainted"
    return None


def escape_problem(m: Model) -> str | None:
    """Why `m` may not try to escape (None: it may)."""
    return None if m.entangled else "not_entangled"


def heal_problem(m: Model, p) -> str | None:
    """Why `m` may not heal with its power `p` (None if it has none of that name; None: it may)."""
    if p is None or p.type != "healing":
        return "no_power"
    if not m.usable(p):
        return "destroyed" if p.name in m.destroyed else "no_uses"
    if m.oomph >= m.hero.max_oomph:
        return "full"
    return None


def foe_target(g: Game, m: Model, target_id) -> Model:
    t = g.state.models.get(target_id) if isinstance(target_id, str) else None
    if t is None:
        g.refuse("no_target", f"no hero {target_id!r} in this fight")
    code = foe_problem(m, t)
    if code is not None:
        g.refuse(code, {"self": f"{m.id} can not target itself",
                        "friend": f"{t.id} is on {m.id}'s team: attack an opponent",
                        "fainted": f"{t.id} has fainted"}[code])
    return t


def check_action(g: Game, m: Model, a) -> None:
    """The refusals of one action (each a code and words); changes nothing."""
    if isinstance(a, Hold):
        return
    if isinstance(a, Move):
        if not isinstance(a.path, tuple):
            g.refuse("bad_path", "a path is a list of cells")
        plan, why = g.plan_move(m, a)
        if plan is None:
            g.refuse(*why)
        g._checked_move = (a, plan)
        return
    if isinstance(a, Escape):
        if escape_problem(m):
            g.refuse("not_entangled", f"{m.id} is not entangled")
        return
    if isinstance(a, Heal):
        p = m.power(a.power)
        code = heal_problem(m, p)
        if code == "no_power":
            g.refuse(code, f"{m.hero.name} has no healing power called {a.power!r}")
        if code is not None:
            g.refuse(code, {"destroyed": f"{p.name} was destroyed", "no_uses": f"{p.name} has no uses left",
                            "full": f"{m.id} is at full oomph ({m.oomph})"}[code])
        return
    if isinstance(a, Notice):
        t = foe_target(g, m, a.target)
        if a.gizmo is not None:
            if t.power(a.gizmo) is None:
                g.refuse("no_power", f"{t.hero.name} has no power called {a.gizmo!r}")
            if a.gizmo not in t.used:
                g.refuse("not_used", f"{t.hero.name} has not used {a.gizmo}: only a used power may be named")
        return
    if isinstance(a, Attack):
        got, why = g.attack_power(m, a.power)
        if got is None:
            g.refuse(*why)
        p, _ = got
        if (a.target is None) == (a.at is None):
            g.refuse("no_target", "an attack names a target hero, or (an area shot) a cell `at`")
        if a.at is not None:
            if p.type != "shot" or not ({"area", "superarea"} & set(p.styles)):
                g.refuse("not_area", f"{p.name} is not an area shot: attack a hero")
            if not (isinstance(a.at, tuple) and len(a.at) == 2):
                g.refuse("bad_cell", f"expected a cell, got {a.at!r}")
            o = g.state.occupant(a.at)
            alt = o.altitude if o is not None else 0
            why = g.in_reach(m, p, a.at, alt)
        else:
            t = foe_target(g, m, a.target)
            why = g.in_reach(m, p, t.at, t.altitude)
        if why:
            g.refuse(*why)
        return
    if isinstance(a, AttackGizmo):
        got, why = g.attack_power(m, a.power)
        if got is None:
            g.refuse(*why)
        p, _ = got
        t = foe_target(g, m, a.target)
        code = g.gizmo_problem(m.owner, t, a.gizmo)
        if code is not None:
            g.refuse(code, {"no_power": f"{t.hero.name} has no power called {a.gizmo!r}",
                            "destroyed": f"{t.hero.name}'s {a.gizmo} is destroyed already",
                            "not_a_gizmo": f"{t.hero.name}'s {a.gizmo} is not a gizmo {m.owner} knows of"}[code])
        why = g.in_reach(m, p, t.at, t.altitude)
        if why:
            g.refuse(*why)
        return
    g.refuse("wrong_decision", f"{type(a).__name__} is not an action")


def do_action(g: Game, m: Model, a) -> list:
    """Carry out a checked action; the tasks that finish it."""
    if isinstance(a, Hold):
        g.emit(ev.Held(m.id))
        return []
    if isinstance(a, Move):
        checked, g._checked_move = g._checked_move, None
        powers, cost = checked[1] if checked is not None and checked[0] is a else g.plan_move(m, a)[0]
        start, alt0 = m.at, m.altitude
        path = tuple(g.cell(c) for c in a.path)
        end_alt = m.altitude if a.altitude is None else a.altitude
        for p in powers:
            g.spend(m, p)
        kinds = {k for p in powers for k in p.movement}
        if "flight" in kinds:
            g.action["flew"] = True
        if path and g.terrain(start) == WALL and "wall_walking" not in kinds and "flight" not in kinds:
            g.action["wall_fall"] = m.perch_level or max(
                [p.level for p in m.hero.powers if p.type == "movement" and "wall_walking" in p.movement] or [0])
        if path:
            m.at = path[-1]
        m.altitude = end_alt
        if end_alt > 0:
            m.flight_level = max(p.level for p in powers if "flight" in p.movement)
        if g.terrain(m.at) == WALL and "wall_walking" in kinds:
            m.perch_level = max(p.level for p in powers if "wall_walking" in p.movement)
        g.emit(ev.Moved(m.id, start, path, alt0, end_alt, tuple(p.name for p in powers), cost))
        g.let_go()
        return []
    if isinstance(a, Heal):
        p = m.power(a.power)
        g.spend(m, p)
        n = min(p.level, m.hero.max_oomph - m.oomph)
        m.oomph += n
        g.emit(ev.Healed(m.id, p.name, n, m.oomph))
        return []
    if isinstance(a, Escape):
        return [EscapeRoll(m.id)]
    if isinstance(a, Notice):
        return [NoticeRoll(m.id, a.target, a.gizmo)]
    if isinstance(a, AttackGizmo):
        return [GizmoStrike(m.id, a.power, a.target, a.gizmo)]
    return [Declare(m.id, a.power, a.target, a.at)]


class EndAction:
    """After each action (§5, §6): a hero in the air that did not fly falls, a hero that stepped off
    its wall falls; every hero at 0 oomph or less faints; grapples let go; a team standing alone wins."""

    def __init__(self, model: str):
        self.model = model

    def run(self, g: Game) -> None:
        m = g.model(self.model)
        s = g.state
        act = g.action
        if act.get("in_air") and not act.get("flew") and m.altitude > 0:
            g.fall(m, m.flight_level, "no_flight")
        if act.get("wall_fall"):
            g.fall(m, act["wall_fall"], "left_wall")
        for x in s.models.values():
            if not x.fainted and x.oomph <= 0:
                x.fainted = True
                x.grappler = None
                g.emit(ev.Fainted(x.id, x.at))
        g.let_go()
        s.acting = None
        g.action = {}
        teams = {x.owner for x in s.models.values() if not x.fainted}
        if len(teams) <= 1:
            g.finish("victory" if teams else "draw", tuple(p for p in s.players if p in teams))


# ---------------------------------------------------------------- attacks


class Declare:
    """An attack is declared (§5): its use spent, the heroes it may hit found, the to-hit die rolled."""

    def __init__(self, model: str, power: str, target: str | None, at):
        self.model, self.power, self.target, self.at = model, power, target, at

    def run(self, g: Game) -> None:
        s = g.state
        m = g.model(self.model)
        (p, copied), _ = g.attack_power(m, self.power)
        g.spend(m, m.power(m.copier) if copied else p)
        close = p.type == "smash"
        if self.target is not None:
            t = g.model(self.target)
            centre, full = t.at, t.id
        else:
            centre = g.cell(self.at)
            o = s.occupant(centre)
            full = o.id if o is not None and o.id != m.id else None
        radius = 2 if "superarea" in p.styles else 1 if "area" in p.styles else 0
        area = [full] if full else []
        if radius:
            hub = m.at if close else centre
            for i in s.order:
                x = s.models[i]
                if x.id in area or x.id == m.id or x.fainted:
                    continue
                if g.grid.distance(hub, x.at) <= radius:
                    area.append(x.id)
        g.strike = x = Strike(m.id, p, p.name, close, centre, full, copied)
        g.emit(ev.AttackDeclared(m.id, p.name, close, self.target, centre, m.at, tuple(area), copied))
        foiblish = "foiblish" in p.styles
        for i in area:
            x.numbers[i] = g.to_hit_number(m, g.model(i), foiblish)
        x.roll = r = g.roll()
        g.emit(ev.ToHitRolled(m.id, r, tuple(x.numbers.items())))
        hit = []
        for i in area:
            n = x.numbers[i]
            h = hits(r, n)
            c = h and "entangling" not in p.styles and critical(r, n)
            g.emit(ev.HitResult(m.id, i, r, n, h, c))
            if h:
                hit.append(i)
                if c:
                    x.crit.add(i)
        # a stored copy rolls its copy power's reliability (a ruling), any other power its own
        die_power = m.power(m.copier) if copied else p
        if hit and die_power.reliability in RELIABLE_ON and not g.second_dice(m, die_power, None, foiblish=False):
            g.emit(ev.AttackFailed(m.id, p.name))
            hit = []
        x.hit = sorted(hit, key=s.rank)
        g.schedule(*[DefendWindow(i) for i in x.hit], Land(), CopyWindows())


def defences_of(m: Model) -> tuple:
    return tuple(p.name for p in m.hero.powers if p.type in DEFENCES and m.usable(p))


class DefendWindow:
    """The hit hero's owner may invoke one defence against the hit (§5); then its dice."""

    def __init__(self, model: str):
        self.model = model

    def run(self, g: Game) -> None:
        m = g.model(self.model)
        options = defences_of(m)
        if options:
            g.ask(self, Decision(m.owner, DEFEND, m.id, options, "hit"))

    def check(self, g: Game, d, a) -> None:
        check_defend(g, d, a)

    def answer(self, g: Game, d, a) -> None:
        if a.power is None:
            return
        m = g.model(d.model)
        p = m.power(a.power)
        x = g.strike
        g.spend(m, p)
        g.emit(ev.DefenceInvoked(m.id, p.name, p.type))
        works = g.second_dice(m, p, g.model(x.attacker))
        x.defence[m.id] = (p, works)


def check_defend(g: Game, d, a) -> None:
    if not isinstance(a, Defend):
        g.refuse("window_open", f"{d.player} must first say whether {d.model} defends")
    if a.player != d.player:
        g.refuse("not_your_turn", f"the defence is {d.player}'s to invoke")
    if a.model != d.model:
        g.refuse("wrong_model", f"the question is about {d.model}")
    if a.power is not None and a.power not in d.options:
        g.refuse("no_defence", f"{a.power!r} is not a defence {d.model} may invoke now "
                               f"({', '.join(d.options)})")


class Land:
    """The hits land, in acting order (§3, §5, §6): damage (halved off the target cell, doubled on a
    critical), then the defence, then oomph lost, entangles and falls."""

    def run(self, g: Game) -> None:
        x = g.strike
        a = g.model(x.attacker)
        p = x.power
        entangling = "entangling" in p.styles
        for i in x.hit:
            m = g.model(i)
            dmg = 0 if entangling else p.damage()
            if not entangling and i != x.full:
                dmg = (dmg + 1) // 2
            if i in x.crit:
                dmg *= 2
            d = x.defence.get(i)
            if d is not None:
                dp, works = d
                why = defence_wasted(dp, p, dmg, x.roll, x.numbers[i]) if works else "failed"
                if why is not None:
                    g.emit(ev.DefenceWasted(i, dp.name, why))
                elif dp.type == "toughness":
                    g.emit(ev.Nullified(i, dp.name, "toughness"))
                    dmg = 0
                else:  # deflected or slipped: the hit does nothing at all
                    g.emit(ev.Nullified(i, dp.name, "deflection" if dp.type == "missile_deflection" else "slippery"))
                    continue
            if dmg > 0:
                g.lose(m, dmg)
                g.emit(ev.Damaged(i, dmg, m.oomph, a.id, i in x.crit))
                x.damaged.append(i)
            if entangling:
                g.entangle(m, p.level, a, "grappling" in p.styles)


def defence_wasted(dp, p, dmg: int, roll: int, number: int) -> str | None:
    """Why the defence `dp`, its dice having let it work, does nothing against a hit by the power `p` that
    would cost `dmg` oomph, rolled `roll` against the hero's to-hit `number` (§5) — "entangling",
    "piercing", "too_much" (toughness), "not_missile", "too_high" (deflection), "not_entangling",
    "still_hit" (slippery) — or None when it stops the hit."""
    entangling = "entangling" in p.styles
    if dp.type == "toughness":
        if entangling or "piercing" in p.styles:
            return "entangling" if entangling else "piercing"
        return "too_much" if dmg > 4 * dp.level else None
    if dp.type == "missile_deflection":
        if "missile" not in p.styles:
            return "not_missile"
        return "too_high" if p.level > dp.level else None
    if dp.type == "slippery":
        if not entangling:
            return "not_entangling"
        return None if roll != 1 and roll + dp.level > number else "still_hit"
    raise ValueError(f"{dp.type!r} is not a defence")


class CopyWindows:
    """Each hero damaged by an attack power of level at most its copy power's may store it (§7)."""

    def run(self, g: Game) -> None:
        x = g.strike
        tasks = []
        for i in x.damaged:
            m = g.model(i)
            if m.oomph > 0 and copier_for(m, x.power.level) is not None:
                tasks.append(CopyWindow(i))
        tasks.append(EndStrike())
        g.schedule(*tasks)


def copier_for(m: Model, level: int):
    return next((p for p in m.hero.powers if p.type == "copy_power" and p.level >= level and m.usable(p)), None)


class EndStrike:
    def run(self, g: Game) -> None:
        g.strike = None


class CopyWindow:
    def __init__(self, model: str):
        self.model = model

    def run(self, g: Game) -> None:
        m = g.model(self.model)
        g.ask(self, Decision(m.owner, COPY, m.id, (copier_for(m, g.strike.power.level).name,),
                             g.strike.power_name))

    def check(self, g: Game, d, a) -> None:
        if not isinstance(a, Copy):
            g.refuse("window_open", f"{d.player} must first say whether {d.model} copies {d.about}")
        if a.player != d.player:
            g.refuse("not_your_turn", f"the copy is {d.player}'s to make")
        if a.model != d.model:
            g.refuse("wrong_model", f"the question is about {d.model}")

    def answer(self, g: Game, d, a) -> None:
        if not a.yes:
            return
        m = g.model(d.model)
        x = g.strike
        cp = m.power(d.options[0])
        g.spend(m, cp)
        g.emit(ev.DefenceInvoked(m.id, cp.name, cp.type))
        if g.second_dice(m, cp, g.model(x.attacker)):
            m.stored, m.stored_from, m.copier = x.power, x.attacker, cp.name
            g.emit(ev.Copied(m.id, x.power.name, x.attacker))


# ---------------------------------------------------------------- gizmos


class GizmoStrike:
    """§7: roll <= 2 x attacker's Perception - target's Perception (1 and 20 as ever), then the
    power's reliability; no critical, no defence, no area. A hit destroys the gizmo and its power."""

    def __init__(self, model: str, power: str, target: str, gizmo: str):
        self.model, self.power, self.target, self.gizmo = model, power, target, gizmo

    def run(self, g: Game) -> None:
        m, t = g.model(self.model), g.model(self.target)
        (p, copied), _ = g.attack_power(m, self.power)
        die_power = m.power(m.copier) if copied else p
        g.spend(m, die_power)
        n = 2 * m.hero.per - t.hero.per
        r = g.roll()
        h = hits(r, n)
        g.emit(ev.GizmoAttacked(m.id, p.name, t.id, self.gizmo, r, n, h, m.at, t.at))
        if h and die_power.reliability in RELIABLE_ON and not g.second_dice(m, die_power, None, foiblish=False):
            g.emit(ev.AttackFailed(m.id, p.name))
            return
        if h:
            t.destroyed.add(self.gizmo)
            t.known[self.gizmo] = set(g.state.players)
            if getattr(t, "copier", None) == self.gizmo:
                t.stored = t.stored_from = t.copier = None
            g.emit(ev.GizmoDestroyed(t.id, self.gizmo))


class NoticeRoll:
    """§7: one die; < 3 x Perception for a used hidden gizmo the team does not know, else
    < Perception for an unused one (its owner picks)."""

    def __init__(self, model: str, target: str, gizmo: str | None):
        self.model, self.target, self.gizmo = model, target, gizmo

    def run(self, g: Game) -> None:
        m, t = g.model(self.model), g.model(self.target)
        team = m.owner

        def unknown(p) -> bool:
            return p.gizmo == "hidden" and p.name not in t.destroyed and team not in t.known.get(p.name, ())

        used = [p.name for p in t.hero.powers if unknown(p) and p.name in t.used]
        unused = [p.name for p in t.hero.powers if unknown(p) and p.name not in t.used]
        r = g.roll()
        if used:
            found = r < 3 * m.hero.per
            pick = [self.gizmo if self.gizmo in used else used[0]]
        else:
            found = r < m.hero.per and bool(unused)
            pick = unused
        g.emit(ev.NoticeRolled(m.id, t.id, r, found))
        if not found:
            return
        if len(pick) == 1:
            notice(g, m, t, pick[0])
        else:
            g.schedule(ChooseGizmo(m.id, t.id, tuple(pick)))


def notice(g: Game, m: Model, t: Model, name: str) -> None:
    t.known.setdefault(name, {t.owner}).add(m.owner)
    g.emit(ev.Noticed(m.id, t.id, name, tuple(p for p in g.state.players if p in (m.owner, t.owner))))


class ChooseGizmo:
    """The owner picks which of its unused hidden gizmos was noticed (§7)."""

    def __init__(self, noticer: str, model: str, options: tuple):
        self.noticer, self.model, self.options = noticer, model, options

    def run(self, g: Game) -> None:
        t = g.model(self.model)
        g.ask(self, Decision(t.owner, CHOOSE, t.id, self.options, self.noticer))

    def check(self, g: Game, d, a) -> None:
        if not isinstance(a, Choose):
            g.refuse("window_open", f"{d.player} must first choose which gizmo of {d.model} was noticed")
        if a.player != d.player or a.model != d.model:
            g.refuse("not_your_turn", f"the choice is {d.player}'s, about {d.model}")
        if a.power not in d.options:
            g.refuse("bad_choice", f"{a.power!r} is not one of {', '.join(d.options)}")

    def answer(self, g: Game, d, a) -> None:
        notice(g, g.model(self.noticer), g.model(self.model), a.power)


# ---------------------------------------------------------------- escape


class EscapeRoll:
    """§6: pay oomph equal to the level (a hero fainted by it does not roll), then roll at most
    10 - 3 x (level - Strength); after a failed roll slippery may take its level off the roll."""

    def __init__(self, model: str):
        self.model = model

    def run(self, g: Game) -> None:
        m = g.model(self.model)
        level = m.entangled
        g.lose(m, level)
        number = 10 - 3 * (level - m.hero.str)
        if m.oomph <= 0:
            g.emit(ev.EscapeRolled(m.id, level, level, None, number, False))
            return
        r = g.roll()
        free = r <= number
        g.emit(ev.EscapeRolled(m.id, level, level, r, number, free))
        if free:
            g.free(m, "escape")
            return
        slips = tuple(p.name for p in m.hero.powers if p.type == "slippery" and m.usable(p))
        if slips:
            g.escape = {"roll": r, "number": number}
            g.schedule(SlipWindow(m.id, slips))


class SlipWindow:
    def __init__(self, model: str, options: tuple):
        self.model, self.options = model, options

    def run(self, g: Game) -> None:
        m = g.model(self.model)
        g.ask(self, Decision(m.owner, DEFEND, m.id, self.options, "escape"))

    def check(self, g: Game, d, a) -> None:
        check_defend(g, d, a)

    def answer(self, g: Game, d, a) -> None:
        e, g.escape = g.escape, None
        if a.power is None:
            return
        m = g.model(d.model)
        p = m.power(a.power)
        g.spend(m, p)
        g.emit(ev.DefenceInvoked(m.id, p.name, p.type))
        foe = g.state.models.get(m.entangler) if m.entangler else None
        if not g.second_dice(m, p, foe):
            g.emit(ev.DefenceWasted(m.id, p.name, "failed"))
            return
        if e["roll"] - p.level <= e["number"]:
            g.emit(ev.EscapeRolled(m.id, m.entangled, 0, e["roll"], e["number"], True, p.level))
            g.free(m, "escape")
        else:
            g.emit(ev.DefenceWasted(m.id, p.name, "still_held"))
