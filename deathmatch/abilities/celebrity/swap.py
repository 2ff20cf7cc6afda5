"""swap: trade places with another model within range."""

from .base import EffectKind, Param, register


@register
class Swap(EffectKind):
    name = "swap"
    params = {"range": Param(1, 6, doc="how far away the other model may be")}
    timings = frozenset({"action", "action_plus"})
    summary = "Swap places with any other model (friend or foe, not a beast) up to {range} hexes away; facings stay."

    bot_worth = -0.5

    def uses(self, game, model, ability, window):
        reach = ability.params["range"]
        return [
            ability.use(model, target=m.id)
            for m in game.living()
            if m.id != model.id and model.hex.distance(m.hex) <= reach
        ]

    def resolve(self, game, model, ability, use, window):
        game.place_swap(model, game.models[use.target])
