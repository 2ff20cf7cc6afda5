"""double_strike: attack an adjacent enemy; if that misses, attack it again."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .base import EffectKind, register

if TYPE_CHECKING:  # pragma: no cover
    from ...rulesets.celebrity.state import AttackState


@register
class DoubleStrike(EffectKind):
    name = "double_strike"
    timings = frozenset({"action"})
    summary = "Attack an adjacent enemy model; if that attack misses, attack it once more."

    def worth(self, bot, game, model, ability, use):
        needed = game.needed_roll(use)
        p = bot.p_hit(needed)
        return bot.attack_value(game, use.target, needed) * (1 + (1 - p)) + 0.1

    def uses(self, game, model, ability, window):
        return [ability.use(model, target=t.id) for t in game.adjacent_enemies(model)]

    def check(self, game, model, ability, use, window):
        game.check_target(model, use.target, adjacent_to=model.hex)

    def needed_roll(self, game, model, ability, use, target):
        return game.melee_needs(model.hex, target)

    def resolve(self, game, model, ability, use, window):
        first = game.attack(model.id, use.target, source=ability.name)
        game.schedule(first, StrikeAgain(first.attack, ability.name))


@dataclass
class StrikeAgain:
    """The second blow of a double strike, if the first one missed."""

    first: AttackState
    source: str

    def run(self, game):
        a = self.first
        attacker = game.models[a.attacker]
        target = game.models[a.target]
        if a.hit or not attacker.alive or not target.alive or attacker.hex.distance(target.hex) != 1:
            return
        game.schedule(game.attack(attacker.id, target.id, source=self.source))
