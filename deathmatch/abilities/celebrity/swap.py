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

    def check(self, game, model, ability, use, window):
        if use.target is None:
            game.refuse("no_target", f"{ability.name} needs the model to swap places with")
        if use.target == model.id:
            game.refuse("self_target", f"{model.id} can not swap places with itself: choose another model")
        other = game.models.get(use.target)
        if other is None:
            if use.target in game.beasts:
                game.refuse("beast", "beasts can not be swapped with (or targeted)")
            game.refuse("unknown_model", f"there is no model {use.target!r}")
        if not other.alive or other.hex is None:
            game.refuse("dead", f"{other.id} is dead")
        reach = ability.params["range"]
        if model.hex.distance(other.hex) > reach:
            game.refuse("out_of_range", f"{other.id} is {model.hex.distance(other.hex)} hexes away; range is {reach}")
        super().check(game, model, ability, use, window)

    def resolve(self, game, model, ability, use, window):
        game.place_swap(model, game.models[use.target])
