"""gods_favour: re-roll the die just rolled, beyond the one call on the gods a game turn."""

from .base import CardEffect, register


@register
class GodsFavour(CardEffect):
    name, timing = "gods_favour", "rolled"

    def play(self, game, man, card, action) -> None:
        game.reroll_die(man.id, card.id)
