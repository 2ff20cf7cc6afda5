"""ranged_attack (core): shoot an enemy within range along a clear hex line."""

from .base import EffectKind, Param, register


@register
class RangedAttack(EffectKind):
    name = "ranged_attack"
    core = True
    params = {
        "range": Param(1, 8, doc="how many hexes away the target may be"),
        "hit_on": Param(2, 6, doc="the natural roll that hits"),
    }
    timings = frozenset({"action", "action_plus"})
    summary = (
        "Attack an enemy model up to {range} hexes away whose line crosses no blocked hex, "
        "model or beast; hits on a natural {hit_on}+ (no rear bonus)."
    )

    def worth(self, bot, game, model, ability, use):
        needed = game.needed_roll(use)
        return (bot.attack_value(game, use.target, needed) if use.target else 0.0) + 0.1

    def reaction_worth(self, bot, game, decision, window, model, ability, use):
        return bot.ability_value(game, model, use) if decision.kind == "window" else 0.0

    def uses(self, game, model, ability, window):
        reach = ability.params["range"]
        return [
            ability.use(model, target=t.id)
            for t in game.enemies_of(model)
            if model.hex.distance(t.hex) <= reach and game.clear_line(model.hex, t.hex)
        ]

    def check(self, game, model, ability, use, window):
        t = game.check_target(model, use.target)
        if model.hex.distance(t.hex) > ability.params["range"]:
            game.refuse("out_of_range", f"{t.id} is {model.hex.distance(t.hex)} hexes away; range is {ability.params['range']}")
        if not game.clear_line(model.hex, t.hex):
            game.refuse("no_line", f"the line to {t.id} is blocked")

    def resolve(self, game, model, ability, use, window):
        game.schedule(game.attack(model.id, use.target, "ranged", hit_on=ability.params["hit_on"], source=ability.name))

    def needed_roll(self, game, model, ability, use, target):
        return game.ranged_needs(ability.params["hit_on"])
