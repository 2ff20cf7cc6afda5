"""shove: push an adjacent enemy straight away; if it can not budge, it loses a life."""

from .base import EffectKind, Param, register


@register
class Shove(EffectKind):
    name = "shove"
    params = {"hexes": Param(1, 4, default=2, doc="how far the enemy is pushed")}
    timings = frozenset({"action", "action_plus"})
    summary = (
        "Push an adjacent enemy model straight away from this model, {hexes} hexes or until the next hex "
        "is not vacant (the distance is not chosen); it takes loot it enters. If it can not move at all, "
        "it loses a life instead (scored). Not an attack."
    )

    bot_worth = 0.4

    def reaction_worth(self, bot, game, decision, window, model, ability, use):
        return bot.ability_value(game, model, use) if decision.kind == "window" else 0.0

    def uses(self, game, model, ability, window):
        return [ability.use(model, target=t.id) for t in game.adjacent_enemies(model)]

    def check(self, game, model, ability, use, window):
        game.check_target(model, use.target, adjacent_to=model.hex)

    def resolve(self, game, model, ability, use, window):
        target = game.models[use.target]
        direction = model.hex.direction_to(target.hex)
        path = []
        h = target.hex
        for _ in range(ability.params["hexes"]):
            h = h.neighbor(direction)
            if not game.is_vacant(h):
                break
            path.append(h)
        if path:
            game.walk(target, path, "shove")
        else:
            game.lose_life(target, model.player, "shove", model.id)
