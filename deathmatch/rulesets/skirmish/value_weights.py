"""Written by tools/skirmish_value.py: the learnt position value's weights, in `value.FEATURES`
order. The fit: --games 6000 --seed 1 --explore 0.25 --every 2 --l2 1.0."""

WEIGHTS = (
    2.994229,  # worth_share
    -0.884282,  # worth
    -0.506698,  # count
    1.884050,  # dice
    0.642782,  # armour
    1.093502,  # heroes
    -0.111729,  # rerolls
    0.332055,  # ranged
    3.528805,  # initiative
    -0.041844,  # to_act
    0.032928,  # ready
    0.792689,  # threat_now
    1.451240,  # threat_next
    1.252157,  # threat_later
    0.044934,  # threat_sum
    0.116486,  # ranged_distance
    0.080745,  # melee_distance
    0.206695,  # matchup
    -0.648449,  # worth_share_late
)
