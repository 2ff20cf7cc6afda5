"""revive: when this model dies, it comes back on the hex where it fell."""

from .base import EffectKind, Param, register


@register
class Revive(EffectKind):
    name = "revive"
    params = {"lives": Param(1, 3, default=1, doc="lives it comes back with")}
    timings = frozenset({"on_death"})
    summary = "When this model dies: it comes back on the hex where it fell with {lives} lives (the kill still scores)."
    orders = {"always": "always"}
    default_order = "always"

    bot_worth = 3.0

    def reaction_worth(self, bot, game, decision, window, model, ability, use):
        return 3.0

    def uses(self, game, model, ability, window):
        if not model.alive and window.name == "on_death" and window.subject == model.id and game.is_vacant(model.hex):
            return [ability.use(model)]
        return []

    def resolve(self, game, model, ability, use, window):
        game.revive(model, ability.params["lives"])
