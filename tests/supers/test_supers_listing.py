"""Superhero Gladiators' fast listing of legal actions (`Game.legal_actions`) lists exactly what the
slow definition it replaced lists: every candidate Hold/Escape/Attack/AttackGizmo/Heal/Notice run
through the full `is_legal` machinery, then one Move per (cell, altitude) found by a search per
movement-power combination. That definition is kept here, word for word, as the reference; the
two must give the same list in the same order in thousands of positions from random fights on
the four bundled supers arenas, among them heroes in flight, on walls, entangled, holding a stored
copy, and facing gizmos known and unknown."""

import random
from itertools import combinations

import pytest

from deathmatch.board.tiled import load_arena
from deathmatch.paths import maps_dir
from deathmatch.rulesets.supers.actions import (ACT, Attack, AttackGizmo, Escape, Heal, Hold, Move, Notice)
from deathmatch.rulesets.supers.game import HAZARD, WALL
from deathmatch.rulesets.supers.model import ATTACK_TYPES
from deathmatch.rulesets.supers.ruleset import quick_game


def reference_moves(g, m) -> list:
    """The old `Game.moves`: a breadth-first search of the grid's neighbours per power combination."""
    if m.entangled:
        return []
    s = g.state
    usable = g.movement_powers(m)
    occupied = {tuple(x.at): x for x in s.models.values() if not x.fainted and x.at is not None and x.id != m.id}
    must_cling = g.terrain(m.at) == WALL and any("wall_walking" in p.movement for p in usable)
    found: dict = {}
    for k in range(len(usable) + 1):
        for combo in combinations(usable, k):
            kinds = {x for p in combo for x in p.movement}
            fly = "flight" in kinds
            if m.altitude > 0 and not fly:
                continue
            stay_only = must_cling and "wall_walking" not in kinds and not fly
            cap = g.move_cap(m, combo)
            alts = range(0, m.altitude + cap + 1) if fly else (0,)
            for e in alts:
                budget = cap - abs(e - m.altitude)
                if budget < 0:
                    continue
                high = max(m.altitude, e)
                frontier = [(m.at, ())]
                seen = {m.at}
                if e > 0 or m.altitude > 0:
                    found.setdefault((m.at, e), ())
                for _ in range(0 if stay_only else budget):
                    nxt = []
                    for at, path in frontier:
                        for c in g.grid.neighbors(at):
                            if c in seen or c not in s.arena.terrain:
                                continue
                            t = s.arena.terrain[c]
                            if t == WALL and "wall_walking" not in kinds:
                                continue
                            o = occupied.get(c)
                            passable = o is None or (fly and high > 0 and o.altitude != high)
                            if not passable:
                                continue
                            seen.add(c)
                            p2 = path + (c,)
                            if o is None and t != HAZARD:
                                found.setdefault((c, e), p2)
                            if t == HAZARD and "line_of_sight" not in kinds and not fly:
                                continue
                            nxt.append((c, p2))
                    frontier = nxt
    return [Move(m.owner, m.id, path, e) for (c, e), path in found.items()]


def reference_legal_actions(g) -> list:
    """The old `Game.legal_actions` of an act decision: every candidate through `is_legal`."""
    d = g.pending
    m = g.model(d.model)
    p = d.player
    s = g.state
    cands: list = [Hold(p, m.id), Escape(p, m.id)]
    foes = [o for o in s.models.values() if o.owner != m.owner and not o.fainted]
    names = [q.name for q in m.hero.powers if q.type in ATTACK_TYPES]
    if m.stored is not None and m.power(m.stored.name) is None:
        names.append(m.stored.name)
    for name in names:
        for o in foes:
            cands.append(Attack(p, m.id, name, o.id))
            for gz in o.hero.powers:
                if g.known_gizmo(p, o, gz.name):
                    cands.append(AttackGizmo(p, m.id, name, o.id, gz.name))
    cands += [Heal(p, m.id, q.name) for q in m.hero.powers if q.type == "healing"]
    cands += [Notice(p, m.id, o.id) for o in foes]
    out = [a for a in cands if g.is_legal(a)]
    out += reference_moves(g, m)
    return out


ARENAS = [load_arena(p) for p in sorted(maps_dir().glob("supers_*.tmx"))]


def pick(g, rng, legal):
    """Mostly the actions that change the fight (attacks, notices, heals), so that fights reach
    entangles, copies, destroyed and noticed gizmos; sometimes any move."""
    acts = [a for a in legal if not isinstance(a, (Move, Hold))]
    r = rng.random()
    if acts and r < 0.5:
        return rng.choice(acts)
    if r < 0.8:
        up = [a for a in legal if isinstance(a, Move) and (a.altitude or (a.path and g.terrain(a.path[-1]) == WALL))]
        if up:
            return rng.choice(up)
    return rng.choice(legal)


def test_the_four_supers_arenas_are_there():
    assert len(ARENAS) == 4 and all("supers" in a.rulesets for a in ARENAS)


@pytest.mark.parametrize("arena", range(4))
def test_the_fast_listing_equals_the_checked_one_in_random_fights(arena):
    seen = {"positions": 0, "entangled": 0, "in_air": 0, "on_wall": 0, "stored": 0, "gizmo_known": 0,
            "gizmo_unknown": 0, "destroyed": 0, "moves": 0, "gizmo_attacks": 0}
    for seed in range(8):
        players = ("A", "B", "C") if seed % 3 == 2 else ("A", "B")
        g = quick_game(players, ARENAS[arena], 1000 * arena + seed, heroes=3, turn_limit=40)
        rng = random.Random(seed)
        while not g.over:
            legal = g.legal_actions()
            if g.pending.kind == ACT:
                assert legal == reference_legal_actions(g), (arena, seed, len(g.history))
                m = g.model(g.pending.model)
                seen["positions"] += 1
                seen["entangled"] += bool(m.entangled)
                seen["in_air"] += m.altitude > 0
                seen["on_wall"] += g.terrain(m.at) == WALL
                seen["stored"] += m.stored is not None
                seen["moves"] += sum(isinstance(a, Move) for a in legal)
                seen["gizmo_attacks"] += sum(isinstance(a, AttackGizmo) for a in legal)
                for o in g.state.models.values():
                    if o.owner != m.owner and not o.fainted:
                        for q in o.hero.powers:
                            if q.gizmo == "hidden":
                                seen["gizmo_known" if m.owner in o.known.get(q.name, ()) else "gizmo_unknown"] += 1
                        seen["destroyed"] += len(o.destroyed)
            g.apply(pick(g, rng, legal))
    assert seen["positions"] >= 300, seen
    for what in ("entangled", "in_air", "stored", "gizmo_known", "gizmo_unknown", "destroyed", "moves",
                 "gizmo_attacks"):
        assert seen[what] > 0, (what, seen)
    if arena_has_walls(ARENAS[arena]):
        assert seen["on_wall"] > 0, seen


def arena_has_walls(arena) -> bool:
    return any(t == "blocked" for t in arena.terrain.values())


def test_an_arenas_cell_ring_is_its_grids_neighbours_without_the_void():
    from deathmatch.board.arena import hexagon, square

    for arena in (*ARENAS, hexagon(2, blocked=[(1, 0)]), square(3, 4)):
        assert set(arena.cell_ring) == set(arena.terrain)
        for c in arena.terrain:
            assert arena.cell_ring[c] == tuple(n for n in arena.grid.neighbors(c) if n in arena.terrain)
        assert arena.cell_ring is arena.cell_ring  # made once
    corner = hexagon(2).cell_ring[(2, 0)]
    assert len(corner) == 3 and all(type(n).__name__ == "Hex" for n in corner)
