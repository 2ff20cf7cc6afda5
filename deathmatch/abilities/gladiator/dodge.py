"""dodge: a wound that would land on him is negated (no damage, no location)."""

from .base import CardEffect, register


@register
class Dodge(CardEffect):
    name, timing = "dodge", "wounded"

    def play(self, game, man, card, action) -> None:
        game.negate_wound(man.id)
