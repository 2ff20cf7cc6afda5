"""One to-hit rule (RULES.md §6, §9.1), asked by the attack itself, the labels, the bots and the kinds."""

import pytest

from deathmatch.abilities.celebrity.base import EffectKind, all_kinds
from deathmatch.rulesets.celebrity.game import natural_needed, to_hit


@pytest.mark.parametrize("kind, hit_on, bonus, rear, needs, natural", [
    ("melee", 6, 0, False, (6, 0), 6),    # a modified 6
    ("melee", 6, 0, True, (6, 1), 5),     # +1 from the rear
    ("melee", 6, 2, True, (6, 3), 3),     # a charge's +2 from the rear
    ("melee", 6, 6, True, (6, 7), 1),     # never below a natural 1
    ("ranged", 4, 0, False, (4, 0), 4),   # its own hit_on, no rear bonus
    ("ranged", 4, 2, True, (4, 0), 4),
    ("beast", 5, 0, True, (5, 0), 5),
])
def test_the_one_to_hit_rule(kind, hit_on, bonus, rear, needs, natural):
    assert to_hit(kind, hit_on, bonus, rear) == needs
    assert natural_needed(kind, hit_on, bonus, rear) == natural


def test_only_the_kinds_that_attack_name_a_needed_roll():
    attacking = {name for name, k in all_kinds().items() if type(k).needed_roll is not EffectKind.needed_roll}
    assert attacking == {"ranged_attack", "charge", "whirlwind", "double_strike"}
