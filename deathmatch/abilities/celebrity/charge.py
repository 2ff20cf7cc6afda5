"""charge (core): run in a straight line, then attack an adjacent enemy with a bonus."""

from ...board import Hex
from .base import EffectKind, Param, register


@register
class Charge(EffectKind):
    name = "charge"
    core = True
    params = {
        "hexes": Param(1, 6, doc="how far it may run in a straight line"),
        "bonus": Param(0, 3, doc="added to the attack roll"),
    }
    timings = frozenset({"action", "action_plus"})
    summary = "Move up to {hexes} hexes in a straight line, then attack an adjacent enemy model with +{bonus}."

    def worth(self, bot, game, model, ability, use):
        needed = game.needed_roll(use)
        base = bot.attack_value(game, use.target, needed) if use.target else 0.0
        if use.path:
            base += 2.5 * sum(1 for h in use.path if h in game.loot) - bot.danger(game, model, use.path[-1]) * 0.3
        return base + 0.1

    def reaction_worth(self, bot, game, decision, window, model, ability, use):
        return bot.ability_value(game, model, use) if decision.kind == "window" else 0.0

    def uses(self, game, model, ability, window):
        out = []
        ends = [()]  # standing still is a charge of 0 hexes ("up to")
        for d in range(6):
            path = ()
            h = model.hex
            for _ in range(ability.params["hexes"]):
                h = h.neighbor(d)
                if not game.is_vacant(h):
                    break
                path += (h,)
                ends.append(path)
        for path in ends:
            at = path[-1] if path else model.hex
            for t in game.adjacent_enemies(model, at):
                if t.id != model.id:
                    out.append(ability.use(model, target=t.id, path=path))
        return out

    def check(self, game, model, ability, use, window):
        at = model.hex
        if use.path:
            game.check_path(model, use.path, ability.params["hexes"], straight=True)
            at = Hex(*use.path[-1])
        game.check_target(model, use.target, adjacent_to=at)

    def needed_roll(self, game, model, ability, use, target):
        at = Hex(*use.path[-1]) if use.path else model.hex
        return game.melee_needs(at, target, ability.params["bonus"])

    def resolve(self, game, model, ability, use, window):
        if use.path:
            game.walk(model, tuple(Hex(*h) for h in use.path), "charge")
        game.schedule(
            game.flush_triggers(),
            game.attack(model.id, use.target, bonus=ability.params["bonus"], source=ability.name),
        )
