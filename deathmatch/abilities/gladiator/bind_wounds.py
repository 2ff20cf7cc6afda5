"""bind_wounds: `amount` wound points off a location he picks (and as many off his total damage);
allowed in contact."""

from .base import CardEffect, check_location, register


@register
class BindWounds(CardEffect):
    name, timing = "bind_wounds", "order"

    def check(self, game, man, card, action):
        return check_location(man, action)

    def play(self, game, man, card, action) -> None:
        game.heal(man.id, action.location, card.amount)
