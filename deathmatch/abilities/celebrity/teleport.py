"""teleport: jump to any vacant hex within range, no path needed."""

from .base import EffectKind, Param, Relocation, register


@register
class Teleport(Relocation, EffectKind):
    name = "teleport"
    params = {"range": Param(1, 10, doc="how far it may jump")}
    timings = frozenset({"action", "action_plus", "on_hit"})
    summary = "Jump to any vacant hex up to {range} hexes away (no path needed) and face any direction; takes loot there."
    orders = {"loot": "to grab loot in reach"}
    default_order = "loot"

    def order_use(self, game, model, ability, window, order):
        if order != "loot" or not model.alive:
            return None
        reach = ability.params["range"]
        near = sorted(h for h in game.loot if model.hex.distance(h) <= reach and game.is_vacant(h))
        if not near:
            return None
        return ability.use(model, to=min(near, key=lambda h: model.hex.distance(h)))

    def uses(self, game, model, ability, window):
        if not model.alive:
            return []
        return [
            ability.use(model, to=h)
            for h in model.hex.spiral(ability.params["range"])
            if h != model.hex and game.is_vacant(h)
        ]

    def playable(self, game, model, ability, window):
        return model.alive and any(
            h != model.hex and game.is_vacant(h) for h in model.hex.spiral(ability.params["range"])
        )

    def check(self, game, model, ability, use, window):
        to = use.to
        if to is None:
            game.refuse("no_hex", f"{ability.name} needs the hex to jump to")
        if not (isinstance(to, tuple) and len(to) == 2 and all(type(c) is int for c in to)):
            game.refuse("bad_hex", f"{to!r} is not a position [q, r]")
        to = type(model.hex)(*to)  # a hex, or a square on a square grid
        reach = ability.params["range"]
        if model.hex.distance(to) > reach:
            game.refuse("too_far", f"{list(to)} is {model.hex.distance(to)} hexes away; {ability.name} reaches {reach}")
        if to == model.hex:
            game.refuse("same_hex", f"{model.id} is already on {list(to)}: jump to another hex")
        if not game.is_vacant(to):
            if to not in game.arena.floor:
                game.refuse("not_floor", f"{list(to)} is not open floor (blocked or outside the arena)")
            game.refuse("occupied", f"{list(to)} holds {game.occupant[to]}")
        super().check(game, model, ability, use, window)

    def resolve(self, game, model, ability, use, window):
        from ...board import Hex

        game.jump(model, Hex(*use.to))
        game.turn(model, use.facing)
