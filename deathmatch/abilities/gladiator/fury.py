"""fury: +`amount` to his attack in this exchange."""

from .base import CardEffect, register


@register
class Fury(CardEffect):
    name, timing = "fury", "exchange"

    def play(self, game, man, card, action) -> None:
        game.exchange_bonus(man.id, attack=card.amount)
