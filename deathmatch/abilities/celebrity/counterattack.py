"""counterattack (core): strike back at the attacker once its attack resolves."""

from .base import EffectKind, register


@register
class Counterattack(EffectKind):
    name = "counterattack"
    core = True
    timings = frozenset({"attack_response"})
    summary = (
        "When this model is attacked: after the attack resolves, if this model is alive and "
        "next to the attacker, it attacks the attacker."
    )
    orders = {"always": "always"}
    default_order = "always"

    def reaction_worth(self, bot, game, decision, window, model, ability, use):
        return 1.5

    def uses(self, game, model, ability, window):
        a = window.attack
        if (
            window.name == "attack_declared"
            and a is not None
            and a.target == model.id
            and a.attacker in game.models  # beasts can not be targeted
            and model.id not in a.counters
        ):
            return [ability.use(model)]
        return []

    def has_effect(self, game, model, ability, use, window):
        """The counter strikes only an attacker next to the model once the attack resolves: one
        that is not next to it now (a shot from afar, or the model was pushed away by an earlier
        blow) can not be struck back."""
        attacker = game.models.get(window.attack.attacker) if window.attack is not None else None
        return attacker is not None and attacker.hex is not None and model.hex is not None \
            and model.hex.distance(attacker.hex) == 1

    def resolve(self, game, model, ability, use, window):
        game.add_counter(window.attack.id, model.id)
