"""brutal: the damage he deals in this exchange is +`amount` (if he wounds at all)."""

from .base import CardEffect, register


@register
class Brutal(CardEffect):
    name, timing = "brutal", "exchange"

    def play(self, game, man, card, action) -> None:
        game.exchange_bonus(man.id, damage=card.amount)
