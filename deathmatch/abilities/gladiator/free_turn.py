"""free_turn: face any direction for no AP (in contact too)."""

from .base import CardEffect, register


@register
class FreeTurn(CardEffect):
    name, timing = "free_turn", "order"

    def check(self, game, man, card, action):
        f = getattr(action, "facing", None)
        if not isinstance(f, int) or isinstance(f, bool) or not 0 <= f <= 5:
            return "bad_facing", "name a facing, a direction 0-5"
        if man.netted or man.fallen:
            return ("netted" if man.netted else "fallen"), f"{man.id} can not turn while {'netted' if man.netted else 'fallen'}"
        return None

    def play(self, game, man, card, action) -> None:
        game.face(man.id, action.facing)
