"""turn_foe: spin an enemy model within range to face a direction of your choice."""

from .base import EffectKind, Param, register


@register
class TurnFoe(EffectKind):
    name = "turn_foe"
    params = {"range": Param(1, 6, doc="how far away the enemy may be")}
    timings = frozenset({"action_plus", "any_time"})
    summary = "Turn an enemy model up to {range} hexes away to face any direction you choose."
    orders = {"expose": "when my model attacks: turn the target's back to it"}
    default_order = "expose"

    def reaction_worth(self, bot, game, decision, window, model, ability, use):
        a = window.attack
        if a is None:
            return 0.0
        attacker, target = game.models.get(a.attacker), game.models.get(use.target)
        if attacker is not None and attacker.player == model.player and target is not None and target.id == a.target:
            d = target.hex.direction_to(attacker.hex)
            return 1.1 if d is not None and (d - use.facing) % 6 in (2, 3, 4) and not game.in_rear(target, attacker.hex) else 0.0
        return 0.0

    def order_use(self, game, model, ability, window, order):
        a = window.attack
        if order != "expose" or a is None or window.name != "attack_declared" or a.kind != "melee" or not model.alive:
            return None
        attacker, target = game.models.get(a.attacker), game.models.get(a.target)
        if attacker is None or target is None or attacker.player != model.player or target.player == model.player:
            return None
        if not target.alive or model.hex.distance(target.hex) > ability.params["range"]:
            return None
        if game.in_rear(target, attacker.hex):
            return None  # it already shows its back
        d = target.hex.direction_to(attacker.hex)
        return None if d is None else ability.use(model, target=target.id, facing=(d + 3) % 6)

    def uses(self, game, model, ability, window):
        reach = ability.params["range"]
        return [
            ability.use(model, target=t.id, facing=f)
            for t in game.enemies_of(model)
            if model.hex.distance(t.hex) <= reach
            for f in range(6)
            if f != t.facing
        ]

    def playable(self, game, model, ability, window):
        """Whether an enemy model is within range. Asked at every window the ability is
        held for, so it stops at the first enemy found instead of listing them all."""
        if not model.alive:
            return False
        reach = ability.params["range"]
        here, player = model.hex, model.player
        for t in game.models.values():
            if t.player != player and t.alive and t.hex is not None and here.distance(t.hex) <= reach:
                return True
        return False

    def check(self, game, model, ability, use, window):
        t = game.check_target(model, use.target)
        reach = ability.params["range"]
        if model.hex.distance(t.hex) > reach:
            game.refuse("out_of_range", f"{t.id} is {model.hex.distance(t.hex)} hexes away; range is {reach}")
        if use.facing is None:
            game.refuse("no_facing", f"{ability.name} needs the direction (0–5) to turn {t.id} to")
        if use.facing == t.facing:
            game.refuse("same_facing", f"{t.id} already faces direction {t.facing}: choose another")
        super().check(game, model, ability, use, window)

    def resolve(self, game, model, ability, use, window):
        game.turn(game.models[use.target], use.facing)
