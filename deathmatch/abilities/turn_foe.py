"""turn_foe: spin an enemy model within range to face a direction of your choice."""

from ..engine.actions import UseAbility
from .base import EffectKind, Param, register


@register
class TurnFoe(EffectKind):
    name = "turn_foe"
    params = {"range": Param(1, 6, doc="how far away the enemy may be")}
    timings = frozenset({"action_plus", "any_time"})
    summary = "Turn an enemy model up to {range} hexes away to face any direction you choose."

    def uses(self, game, model, ability, window):
        reach = ability.params["range"]
        return [
            UseAbility(model.id, ability.name, target=t.id, facing=f)
            for t in game.enemies_of(model)
            if model.hex.distance(t.hex) <= reach
            for f in range(6)
            if f != t.facing
        ]

    def playable(self, game, model, ability, window):
        reach = ability.params["range"]
        return model.alive and any(model.hex.distance(t.hex) <= reach for t in game.enemies_of(model))

    def resolve(self, game, model, ability, use, window):
        game.turn(game.models[use.target], use.facing)
