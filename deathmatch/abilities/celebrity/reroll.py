"""reroll (core): roll the last die again; the new result stands."""

from .base import EffectKind, register


@register
class Reroll(EffectKind):
    name = "reroll"
    core = True
    timings = frozenset({"any_time"})
    summary = "Right after any die is rolled: roll it again. The new result stands."
    orders = {
        "either": "when my attack missed or a die against my model hit",
        "my_miss": "when my attack missed",
        "hit_against_me": "when a die against my model hit",
    }
    default_order = "either"

    def reaction_worth(self, bot, game, decision, window, model, ability, use):
        a = window.attack
        if window.roll is None or a is None:
            return 0.0
        attacker, target = game.models.get(a.attacker), game.models.get(a.target)
        hit = game.roll_would_hit(a, window.roll.value)
        if attacker is not None and attacker.player == model.player and not hit:
            return 1.2
        if target is not None and target.player == model.player and hit:
            return 1.4
        return 0.0

    def order_use(self, game, model, ability, window, order):
        a = window.attack
        if a is None or not self.playable(game, model, ability, window):
            return None  # beasts' direction rolls: no order rerolls them
        hit = game.roll_would_hit(a, window.roll.value)
        attacker = game.models.get(a.attacker)
        target = game.models.get(a.target)
        mine_missed = not hit and attacker is not None and attacker.player == model.player
        hit_me = hit and target is not None and target.player == model.player
        if (order in ("either", "my_miss") and mine_missed) or (order in ("either", "hit_against_me") and hit_me):
            return ability.use(model)
        return None

    def uses(self, game, model, ability, window):
        if window.name == "die_rolled" and window.roll is not None and not window.roll.rerolled:
            return [ability.use(model)]
        return []

    def playable(self, game, model, ability, window):
        return window.name == "die_rolled" and window.roll is not None and not window.roll.rerolled

    def resolve(self, game, model, ability, use, window):
        game.reroll(window.roll.id)
