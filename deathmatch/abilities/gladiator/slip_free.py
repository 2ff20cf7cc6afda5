"""slip_free: a netted man is loose at once (the net gone)."""

from .base import CardEffect, register


@register
class SlipFree(CardEffect):
    name, timing = "slip_free", "order"

    def check(self, game, man, card, action):
        if not man.netted:
            return "not_netted", f"{man.id} is not netted"
        return None

    def play(self, game, man, card, action) -> None:
        game.free_of_net(man.id)
