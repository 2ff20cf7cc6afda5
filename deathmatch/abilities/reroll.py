"""reroll (core): roll the last die again; the new result stands."""

from ..engine.actions import UseAbility
from .base import EffectKind, register


@register
class Reroll(EffectKind):
    name = "reroll"
    core = True
    timings = frozenset({"any_time"})
    summary = "Right after any die is rolled: roll it again. The new result stands."

    def uses(self, game, model, ability, window):
        if window.name == "die_rolled" and window.roll is not None and not window.roll.rerolled:
            return [UseAbility(model.id, ability.name)]
        return []

    def playable(self, game, model, ability, window):
        return window.name == "die_rolled" and window.roll is not None and not window.roll.rerolled

    def resolve(self, game, model, ability, use, window):
        game.reroll(window.roll)
