"""second_wind: he gains `amount` AP in this half (an order costing 0 AP)."""

from .base import CardEffect, register


@register
class SecondWind(CardEffect):
    name, timing = "second_wind", "order"

    def play(self, game, man, card, action) -> None:
        game.gain_ap(man.id, card.amount)
