"""move (core): move up to N hexes, then face any way."""

from ...board import Hex
from .base import EffectKind, Param, Relocation, register


@register
class MoveKind(Relocation, EffectKind):
    name = "move"
    core = True
    params = {"hexes": Param(1, 6, doc="how many hexes it may move")}
    timings = frozenset({"action", "action_plus", "on_hit", "on_kill", "on_loot"})
    summary = "Move up to {hexes} hexes, one at a time into vacant hexes, then face any direction."
    orders = {"loot": "to grab loot in reach"}
    default_order = "loot"

    def order_use(self, game, model, ability, window, order):
        if order != "loot" or not model.alive or not game.loot:
            return None
        best, most = None, 0
        for p in game.move_outcomes(model, ability.params["hexes"]):
            got = sum(1 for h in p if h in game.loot)
            if got > most or (got == most and best is not None and got and len(p) < len(best)):
                best, most = p, got
        return ability.use(model, path=best) if best is not None else None

    def uses(self, game, model, ability, window):
        return [ability.use(model, path=p) for p in game.move_outcomes(model, ability.params["hexes"])]

    def playable(self, game, model, ability, window):
        return model.alive and any(n is not None and n not in game.occupant for n in game.arena.floor_neighbors[model.hex])

    def check(self, game, model, ability, use, window):
        game.check_path(model, use.path, ability.params["hexes"])

    def resolve(self, game, model, ability, use, window):
        game.walk(model, tuple(Hex(*h) for h in use.path))
        game.turn(model, use.facing)
