"""whirlwind (core): attack every adjacent enemy model, one roll each."""

from .base import EffectKind, register


@register
class Whirlwind(EffectKind):
    name = "whirlwind"
    core = True
    timings = frozenset({"action", "action_plus"})
    summary = "Attack every adjacent enemy model, one roll each, with the normal modifiers."

    def worth(self, bot, game, model, ability, use):
        return sum(bot.attack_value(game, t.id, game.needed_roll(use, t.id)) for t in game.adjacent_enemies(model))

    def reaction_worth(self, bot, game, decision, window, model, ability, use):
        return bot.ability_value(game, model, use) if decision.kind == "window" else 0.0

    def uses(self, game, model, ability, window):
        return [ability.use(model)] if game.adjacent_enemies(model) else []

    def resolve(self, game, model, ability, use, window):
        # Targets are fixed when it is played, in direction order; the model
        # spins rather than turning to face each one.
        game.schedule(
            *[game.attack(model.id, t.id, source=ability.name, turn=False) for t in game.adjacent_enemies(model)]
        )

    def needed_roll(self, game, model, ability, use, target):
        return game.melee_needs(model.hex, target)
