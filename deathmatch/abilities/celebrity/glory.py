"""glory: score victory points when the named event happens."""

from .base import EffectKind, Param, register


@register
class Glory(EffectKind):
    name = "glory"
    params = {"vp": Param(1, 3, doc="victory points scored")}
    timings = frozenset({"on_hit", "on_death", "on_kill", "on_loot"})
    summary = "This model's player scores {vp} VP."
    orders = {"always": "always"}
    default_order = "always"

    bot_worth = 3.0

    def reaction_worth(self, bot, game, decision, window, model, ability, use):
        return 3.0

    def uses(self, game, model, ability, window):
        return [ability.use(model)]

    def resolve(self, game, model, ability, use, window):
        game.score(model.player, ability.params["vp"], "glory")
