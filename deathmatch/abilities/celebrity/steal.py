"""steal: take VP from an adjacent enemy model's player."""

from .base import EffectKind, Param, register


@register
class Steal(EffectKind):
    name = "steal"
    params = {"vp": Param(1, 3, doc="most VP taken")}
    timings = frozenset({"action", "action_plus", "on_kill"})
    summary = ("Take up to {vp} VP (all they have, if less) from the player of an adjacent enemy model; "
               "that player must have at least 1 VP.")
    orders = {"always": "always (from the richest player next to me)"}
    default_order = "always"

    def worth(self, bot, game, model, ability, use):
        return 1.0 + 0.5 * min(game.scores[game.models[use.target].player].vp, ability.params.get("vp", 1))

    def reaction_worth(self, bot, game, decision, window, model, ability, use):
        return bot.ability_value(game, model, use) if decision.kind == "window" else 0.0

    def order_use(self, game, model, ability, window, order):
        uses = self.uses(game, model, ability, window)
        if order != "always" or not uses:
            return None
        return max(uses, key=lambda u: game.scores[game.models[u.target].player].vp)  # first of the richest

    def uses(self, game, model, ability, window):
        return [
            ability.use(model, target=t.id)
            for t in game.adjacent_enemies(model)
            if game.scores[t.player].vp > 0
        ]

    def check(self, game, model, ability, use, window):
        t = game.check_target(model, use.target, adjacent_to=model.hex)
        if game.scores[t.player].vp <= 0:
            game.refuse("nothing_to_steal", f"{t.player} has no VP to take")

    def resolve(self, game, model, ability, use, window):
        victim = game.models[use.target].player
        amount = min(ability.params["vp"], game.scores[victim].vp)
        game.score(victim, -amount, "stolen")
        game.score(model.player, amount, "steal")
