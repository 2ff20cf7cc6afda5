"""heal (core): regain lives, never above 3."""

from .base import EffectKind, Param, register


@register
class Heal(EffectKind):
    name = "heal"
    core = True
    params = {"lives": Param(1, 3, doc="lives regained")}
    timings = frozenset({"action", "action_plus", "attack_response", "any_time", "on_hit", "on_kill", "on_loot"})
    summary = "Regain {lives} lives (never more than 3)."
    orders = {"one_life": "when down to 1 life", "hurt": "as soon as hurt"}
    default_order = "one_life"

    def worth(self, bot, game, model, ability, use):
        return {1: 2.2, 2: 0.6}.get(model.lives, -1.0)

    def reaction_worth(self, bot, game, decision, window, model, ability, use):
        return {1: 2.5, 2: 0.7}.get(model.lives, 0.0)

    def order_use(self, game, model, ability, window, order):
        if not self.playable(game, model, ability, window):
            return None
        if order == "hurt" or (order == "one_life" and model.lives <= 1):
            return ability.use(model)
        return None

    def uses(self, game, model, ability, window):
        if model.alive and model.lives < 3:
            return [ability.use(model)]
        return []

    def playable(self, game, model, ability, window):
        return model.alive and model.lives < 3

    def check(self, game, model, ability, use, window):
        if not model.alive:
            game.refuse("dead", f"{model.id} is dead")
        if model.lives >= 3:
            game.refuse("full_lives", f"{model.id} has all 3 lives: {ability.name} needs a lost life")
        super().check(game, model, ability, use, window)

    def resolve(self, game, model, ability, use, window):
        game.heal(model, ability.params["lives"])
