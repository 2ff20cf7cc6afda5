"""crowd_favourite: +`amount` on his thumbs roll."""

from .base import CardEffect, register


@register
class CrowdFavourite(CardEffect):
    name, timing = "crowd_favourite", "thumbs"

    def play(self, game, man, card, action) -> None:
        game.thumbs_bonus(man.id, card.amount)
