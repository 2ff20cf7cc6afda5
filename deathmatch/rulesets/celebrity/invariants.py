"""Invariants every game state keeps, checked by the property tests and the soak.

`Watcher` follows a game's events and raises AssertionError (with the reason)
the moment one breaks.
"""

from __future__ import annotations

from collections import Counter

from . import events as ev
from .game import Game
from ...abilities.celebrity.base import TRIGGERED
from .state import MAX_LIVES


class Watcher:
    def __init__(self, game: Game):
        self.game = game
        self.vp = Counter()
        self.played = Counter()

    def see(self, events) -> None:
        g = self.game
        for e in events:
            if isinstance(e, ev.VPScored):
                self.vp[e.player] += e.amount
            elif isinstance(e, ev.AbilityPlayed):
                self.played[(e.model, e.ability)] += 1
            elif isinstance(e, ev.GameOver):
                owners = {m.player for m in g.models.values() if m.alive}
                if e.reason == "last_standing":
                    assert len(owners) == 1, f"last_standing with {owners} on the board"
                elif e.reason == "all_dead":
                    assert not owners, f"all_dead with {owners} on the board"
                elif e.reason == "round_limit":
                    assert g.round == g.options.round_limit, "round_limit before the limit"
                else:
                    raise AssertionError(f"unknown end {e.reason}")
        self.check()

    def check(self) -> None:
        g = self.game
        bodies = {}
        for m in g.models.values():
            assert 0 <= m.lives <= MAX_LIVES, f"{m.id} has {m.lives} lives"
            if m.hex is None:
                assert g.round == 0, f"{m.id} unplaced in round {g.round}"
                continue
            if m.alive:
                assert m.lives > 0, f"{m.id} alive with 0 lives"
                assert m.hex not in bodies, f"{m.id} and {bodies.get(m.hex)} share {m.hex}"
                bodies[m.hex] = m.id
                assert g.arena.is_floor(m.hex), f"{m.id} stands on {g.arena.terrain_at(m.hex)}"
                assert m.hex not in g.loot, f"{m.id} stands on loot it did not take"
            else:
                assert m.lives == 0, f"dead {m.id} has lives"
                assert g.occupant.get(m.hex) != m.id, f"dead {m.id} still on the board"
        for b in g.beasts.values():
            assert b.hex not in bodies, f"{b.id} shares {b.hex} with {bodies.get(b.hex)}"
            bodies[b.hex] = b.id
            assert g.arena.is_floor(b.hex)
        assert bodies == g.occupant, "the occupancy map disagrees with the models and beasts"
        for key, n in self.played.items():
            assert n <= 1, f"{key} played {n} times"
            assert key[1] in g.models[key[0]].used
        for p, s in g.scores.items():
            assert s.vp == self.vp[p], f"{p} has {s.vp} VP but scored {self.vp[p]}"
        if not g.over and g.round >= 1:
            owners = {m.player for m in g.models.values() if m.alive}
            assert g.pending is not None, "nothing pending in a running game"
            if len(owners) < 2:  # the final moment's own triggers, then the end
                w = g.pending.window
                assert w is not None and w.name in TRIGGERED and w.only_triggered, (
                    f"the game goes on with {owners} left, waiting for {g.pending}"
                )
