"""dodge (core): the attack on this model misses, no die rolled."""

from ..engine.actions import UseAbility
from .base import EffectKind, register


@register
class Dodge(EffectKind):
    name = "dodge"
    core = True
    timings = frozenset({"attack_response"})
    summary = "When this model is attacked: the attack misses; no die is rolled."

    def uses(self, game, model, ability, window):
        a = window.attack
        if window.name == "attack_declared" and a is not None and a.target == model.id and not a.dodged:
            return [UseAbility(model.id, ability.name)]
        return []

    def playable(self, game, model, ability, window):
        a = window.attack
        return window.name == "attack_declared" and a is not None and a.target == model.id and not a.dodged

    def resolve(self, game, model, ability, use, window):
        window.attack.dodged = True
