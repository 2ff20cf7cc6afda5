"""dodge (core): the attack on this model misses, no die rolled."""

from .base import EffectKind, register


@register
class Dodge(EffectKind):
    name = "dodge"
    core = True
    timings = frozenset({"attack_response"})
    summary = "When this model is attacked: the attack misses; no die is rolled."
    orders = {
        "rear_or_lethal": "when attacked from behind or the attack would kill",
        "rear": "when attacked from behind",
        "lethal": "when the attack would kill",
        "ranged": "when shot at",
        "always": "always",
    }
    default_order = "rear_or_lethal"

    def reaction_worth(self, bot, game, decision, window, model, ability, use):
        a = window.attack
        return 2.0 if a is not None and (model.lives <= 2 or a.kind == "ranged") else 0.9

    def order_use(self, game, model, ability, window, order):
        if not self.playable(game, model, ability, window):
            return None
        a = window.attack
        if order == "always" or (order == "ranged" and a.kind == "ranged"):
            return ability.use(model)
        lethal = model.lives <= 1
        attacker = game.models.get(a.attacker)
        rear = a.kind == "melee" and attacker is not None and game.in_rear(model, attacker.hex)
        if (order == "lethal" and lethal) or (order == "rear" and rear) or (order == "rear_or_lethal" and (rear or lethal)):
            return ability.use(model)
        return None

    def uses(self, game, model, ability, window):
        a = window.attack
        if window.name == "attack_declared" and a is not None and a.target == model.id and not a.dodged:
            return [ability.use(model)]
        return []

    def playable(self, game, model, ability, window):
        a = window.attack
        return window.name == "attack_declared" and a is not None and a.target == model.id and not a.dodged

    def resolve(self, game, model, ability, use, window):
        game.dodge(window.attack.id)
