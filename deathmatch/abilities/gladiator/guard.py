"""guard: +`amount` to his defence in this exchange."""

from .base import CardEffect, register


@register
class Guard(CardEffect):
    name, timing = "guard", "exchange"

    def play(self, game, man, card, action) -> None:
        game.exchange_bonus(man.id, defence=card.amount)
