"""The results and the log say what happened: the VP an ability scored (not its player's whole
step), how many abilities each player played, ability VP named as such ("glory" is what a death
brings), a re-rolled die told with what it showed first, in the prompt's notation ("needs 5+")."""

import json

import pytest

from conftest import ROOT

from deathmatch.board import Hex, hexagon
from deathmatch.core.front import Front
from deathmatch.rulesets.celebrity import ForcedDice, GameRecord, Options, events as ev, from_position, parse_card
from deathmatch.rulesets.celebrity.bots import make_bot
from deathmatch.rulesets.celebrity.state import Model
from deathmatch.rulesets.celebrity.timeline import Step, Timeline, ability_vp
from deathmatch.scenes.celebrity.log import describe
from deathmatch.scenes.celebrity.results import ABILITY_VP, abilities_played, abilities_words
from deathmatch.scenes.celebrity.story import key_moments, moment_words

FROZEN = ROOT / "tests" / "data" / "frozen"


def card(*abilities, cid):
    c, problems = parse_card({"id": cid, "name": cid.title(), "abilities": list(abilities)}, exact_three=False)
    assert not problems
    return c


CARPET = {"name": "Unrolled from a Carpet", "timing": "action_plus", "effect": {"kind": "teleport", "range": 3}}
PEARL = {"name": "Pearl in Vinegar", "timing": "on_loot", "effect": {"kind": "glory", "vp": 1}}
PUNCH = {"name": "Punch", "timing": "action", "effect": {"kind": "whirlwind"}}
FATE = {"name": "Fate", "timing": "any_time", "effect": {"kind": "reroll"}}


def test_a_jump_onto_loot_scores_nothing_itself_and_the_glory_after_it_scores_its_vp():
    """Cleopatra jumps onto loot by her standing order and Pearl in Vinegar fires: her player gains
    3 VP in the step, but the jump scored nothing (the loot is the loot's: +2) and Pearl +1."""
    cleo = Model("cleo", "red", card(CARPET, PEARL, PUNCH, cid="cleopatra"), Hex(0, 0), 0)
    foe = Model("foe", "blue", card(PUNCH, cid="foe"), Hex(-3, 0), 0)
    game = from_position(hexagon(4), ["red", "blue"], [foe, cleo], dice=ForcedDice([]), loot=[Hex(3, 0)],
                         options=Options(hidden_cards=True))
    game.orders.update({("cleo", "Unrolled from a Carpet"): "loot", ("cleo", "Pearl in Vinegar"): "always"})
    start = game.snapshot()["scores"]["red"][0]
    events = tuple(game.start())
    assert [e.ability for e in events if type(e) is ev.AbilityPlayed] == ["Unrolled from a Carpet", "Pearl in Vinegar"]
    assert game.scores["red"].vp - start == 3
    assert ability_vp(game, events) == [0, 1]
    # the words of the results screen's key moments
    tl = Timeline([Step(0, None, None, (), 0, (("red", 0), ("blue", 0))),
                   Step(1, None, "red", events, game.round, (("red", 3), ("blue", 0)))], game)
    words = [moment_words(m, tl, Front(game).view(None)) for m in key_moments(tl)]
    assert "Cleopatra grabs the loot (+2 VP)" in words
    assert "Cleopatra plays Pearl in Vinegar (+1 VP)" in words
    assert not any("Unrolled from a Carpet" in w and "VP" in w for w in words)


@pytest.mark.parametrize("name, step, ability", [
    ("circus_4", 25, "Scythed Chariot Wheels"),  # a charge over loot: the +2 is the loot's
    ("circus_4", 25, "The Die Is Cast"),  # another player's re-roll in the same step
    ("harbour_2", 12, "Wireless Transmission"),
])
def test_frozen_games_abilities_that_scored_nothing_say_no_vp(name, step, ability):
    record = GameRecord.from_json(json.loads((FROZEN / f"{name}.json").read_text())["record"])
    tl = Timeline.from_record(record)
    moments = [m for m in tl.moments() if m.kind == "ability" and m.step == step and m.event.ability == ability]
    assert moments and moments[0].amount == 0
    seen = Front(tl.game).view(None)
    assert "VP" not in moment_words(moments[0], tl, seen)
    before, after = dict(tl.steps[step - 1].vp), dict(tl.steps[step].vp)
    assert after[moments[0].player] != before[moments[0].player]  # (what it used to show: the whole step's change)


def test_a_ranged_hit_scores_its_ability_the_life():
    bow = {"name": "Bow", "timing": "action", "effect": {"kind": "ranged_attack", "range": 4, "hit_on": 5}}
    archer = Model("a", "red", card(bow, PUNCH, cid="archer"), Hex(0, 0), 0)
    target = Model("b", "blue", card(PUNCH, cid="target"), Hex(3, 0), 3)
    game = from_position(hexagon(4), ["red", "blue"], [target, archer], dice=ForcedDice([6]))
    game.start()
    from deathmatch.rulesets.celebrity import UseAbility

    events = game.apply(UseAbility("a", "Bow", target="b"))
    assert ability_vp(game, events) == [1]


@pytest.fixture(scope="module")
def finished():
    from deathmatch.launch import make_game

    game, _ = make_game(4, "colosseum", 5, round_limit=6)
    bots = {p: make_bot("normal", seed=i) for i, p in enumerate(game.players)}
    while not game.over:
        game.apply(bots[game.pending.player].choose(game))
    return game


def test_the_abilities_column_counts_every_ability_played(finished):
    tl = Timeline.of(finished)
    owner = {mid: m.player for mid, m in finished.models.items()}
    counted = {p: 0 for p in finished.players}
    for s in tl.steps:
        for e in s.events:
            if type(e) is ev.AbilityPlayed:
                counted[owner[e.model]] += 1
    seen = Front(finished).view(None)
    assert max(counted.values()) >= 2, "the seeded game should have someone play several"
    for p in finished.players:
        assert abilities_played(seen, p) == counted[p]
        words = abilities_words(seen, p)
        assert words.startswith(str(counted[p]))
        assert ("VP" in words) == (seen.scores[p][ABILITY_VP] != 0)


def test_log_words_for_vp_rolls_and_rerolls():
    cleo = Model("cleo", "red", card(CARPET, PEARL, PUNCH, cid="cleopatra"), Hex(0, 0), 0)
    foe = Model("foe", "blue", card(PUNCH, cid="foe"), Hex(1, 0), 0)
    game = from_position(hexagon(3), ["red", "blue"], [foe, cleo], dice=ForcedDice([]))
    seen = Front(game).view(None)
    line = describe(ev.VPScored("red", 1, "glory", 4), seen)
    assert line == "   red +1 VP from an ability (now 4)" and "glory" not in line.lower()
    assert describe(ev.VPScored("red", 1, "glory", 4), seen, "Pearl in Vinegar") == "   red +1 VP from Pearl in Vinegar (now 4)"
    assert describe(ev.VPScored("red", 2, "steal", 6), seen, "Sticky Fingers") == "   red +2 VP stolen with Sticky Fingers (now 6)"
    assert describe(ev.VPScored("blue", -2, "stolen", 1), seen, "Sticky Fingers") == "   blue −2 VP stolen by another player (now 1)"
    assert describe(ev.VPScored("red", 1, "life", 5), seen, "Pearl in Vinegar") == "   red +1 VP for a life (now 5)"
    assert describe(ev.AbilityPlayed("cleo", "Pearl in Vinegar", "glory"), seen, "Pearl in Vinegar").startswith(
        "Cleopatra plays Pearl in Vinegar: ")
    assert describe(ev.Died("foe", Hex(1, 0), "cleo"), seen).endswith("Glory!")  # glory: what a death brings
    assert describe(ev.Hit("cleo", "foe", 5, 1, 6, rear=True), seen) == "Cleopatra hits Foe from behind (rolled 5, needs 5+)"
    assert describe(ev.Hit("cleo", "foe", 6, 0, 6, first=2), seen) == "Cleopatra hits Foe (rolled 2, re-rolled to 6, needs 6)"
    assert describe(ev.Missed("cleo", "foe", 3, 0, 5, first=6), seen) == "Cleopatra misses Foe (rolled 6, re-rolled to 3, needs 5+)"
    assert describe(ev.DieRolled(5, "attack", "cleo", rerolled=True, was=2), seen) is None  # told with its hit or miss
    assert describe(ev.DieRolled(5, "beast_direction", "b1", rerolled=True, was=2), seen) == \
        "…the die is re-rolled: rolled 2, re-rolled to 5"
    assert describe(ev.Held("cleo"), seen) == "Cleopatra holds"  # (the other seats' recap said nothing of it)


def test_a_reroll_played_in_a_game_is_told_with_the_first_die():
    from deathmatch.rulesets.celebrity import Attack

    a = Model("a", "red", card(FATE, PUNCH, cid="lucky"), Hex(0, 0), 0)
    b = Model("b", "blue", card(PUNCH, cid="target"), Hex(1, 0), 3)  # facing a: no rear bonus
    game = from_position(hexagon(3), ["red", "blue"], [b, a], dice=ForcedDice([2, 6]))
    game.orders[("a", "Fate")] = "my_miss"
    game.start()
    events = game.apply(Attack("a", "b"))
    hit = next(e for e in events if type(e) is ev.Hit)
    assert (hit.first, hit.roll) == (2, 6)
    assert describe(hit, Front(game).view(None)) == "Lucky hits Target (rolled 2, re-rolled to 6, needs 6)"


def test_the_headline_of_a_game_ended_by_the_round_limit_says_so_in_words(finished):
    from deathmatch.scenes.celebrity.results import CelebrityResults

    assert finished.outcome.reason == "round_limit"
    head, line = CelebrityResults(None, finished).headline()
    assert head.endswith("!")
    # not "The round limit (6) after 6 rounds.": why it ended, then how many rounds were played
    assert line.startswith("Round limit reached: 6 rounds played. "), line
    assert "round_limit" not in line and "(6)" not in line


def test_the_log_says_a_players_vp_total_as_a_total():
    cleo = Model("cleo", "red", card(CARPET, PEARL, PUNCH, cid="cleopatra"), Hex(0, 0), 0)
    foe = Model("foe", "blue", card(PUNCH, cid="foe"), Hex(1, 0), 0)
    seen = Front(from_position(hexagon(3), ["red", "blue"], [foe, cleo], dice=ForcedDice([]))).view(None)
    line = describe(ev.VPScored("blue", 2, "loot", 7), seen)
    assert line.strip() == "blue +2 VP for loot (now 7)"  # a bare "(7)" read as nothing in particular
