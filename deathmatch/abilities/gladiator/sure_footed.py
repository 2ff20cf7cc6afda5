"""sure_footed: his own fall (1 and 1) or drop (2 and 2, or 1 against 6) does not happen."""

from .base import CardEffect, register


@register
class SureFooted(CardEffect):
    name, timing = "sure_footed", "special"

    def play(self, game, man, card, action) -> None:
        game.cancel_special(man.id)
