"""feint: his opponent's defence is −`amount` in this exchange."""

from .base import CardEffect, register


@register
class Feint(CardEffect):
    name, timing = "feint", "exchange"

    def play(self, game, man, card, action) -> None:
        game.exchange_bonus(man.id, foe_defence=card.amount)
