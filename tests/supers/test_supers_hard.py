"""Superhero Gladiators' hard bot (supers/hard.py): it never peeks (the same view gives the same
choice whatever the hidden gizmos and the future dice), its determinization keeps the player's
view and deals gizmo marks only where the view leaves them open (within each hero's budget), its
evaluation, and the questions outside an action (defences, copies, escapes) answered sensibly by
the normal and the hard bot alike."""

import random
from dataclasses import replace

import pytest

from deathmatch.core.dice import ForcedDice, SeededDice
from deathmatch.core.loop import play_until_over
from deathmatch.core.search import Budget, Rules, SearchBot
from deathmatch.rulesets.supers import actions as act
from deathmatch.rulesets.supers import hard, view
from deathmatch.rulesets.supers.bots import NormalBot
from deathmatch.rulesets.supers.game import Game
from deathmatch.rulesets.supers.model import Hero, Power
from deathmatch.rulesets.supers.setup import make_arena, new_model
from deathmatch.rulesets.supers.state import State

SMALL = Budget(iterations=12, candidates=3, halving=2, rollout=6)


def fight(red: tuple, blue: tuple, cells=((0, 0), (1, 0), (3, 0), (4, 0)), dice=None, seed=5):
    """A fight placed on a plain hexagon: red's heroes then blue's on `cells`, turn 1 begun."""
    arena = make_arena({"hexagon": 5})
    models = {}
    for (owner, h), c in zip([("red", h) for h in red] + [("blue", h) for h in blue], cells):
        models[h.id] = new_model(h.id, owner, h, arena.grid.cell(*c))
    game = Game(State(arena, ("red", "blue"), models), ForcedDice(dice) if dice is not None else SeededDice(seed))
    game.start()
    return game


def spy(per=5):
    return Hero("spy", "Spy", 3, 4, 3, per, (Power("Dart", "shot", 3, 10), Power("Jab", "smash", 2, 10)))


def tinker(gizmo: str):
    """A hero both of whose gizmo marks keep it legal (the view can not tell them apart)."""
    return Hero("tinker", "Tinker", 4, 4, 4, 3, (Power("Coil", "shot", 2, 5, gizmo=gizmo),
                                                 Power("Plate", "toughness", 2, 5)))


def brute():
    return Hero("brute", "Brute", 5, 3, 4, 3, (Power("Maul", "smash", 3, 10),))


def truths():
    """Two true fights that red sees alike: blue's Coil a hidden gizmo or not, other dice."""
    a = fight((spy(), brute()), (tinker("hidden"), replace(brute(), id="ogre")), seed=11)
    b = fight((spy(), brute()), (tinker("none"), replace(brute(), id="ogre")), seed=99)
    return a, b


def to_red(game):
    """Until red is asked to act (blue's decisions by the normal bot)."""
    bot = NormalBot(3)
    while game.pending.player != "red" or game.pending.kind != act.ACT:
        game.apply(bot.choose(game))
    return game


def test_the_two_true_fights_show_red_the_same_view():
    a, b = map(to_red, truths())
    assert view.state_for(a, "red") == view.state_for(b, "red")
    assert a.model("tinker").hero != b.model("tinker").hero  # but they differ where red can not see


def test_the_hard_bot_chooses_the_same_whatever_red_can_not_see():
    a, b = map(to_red, truths())
    found = []
    for game in (a, b):
        bot = hard.make_bot("hard", 7, SMALL)
        searched = bot.search(game)
        found.append((searched.action, searched.iterations, searched.children))
    assert found[0] == found[1]
    assert 0 < found[0][1] <= SMALL.iterations  # a real search, not a forced answer


def test_a_peeking_search_would_choose_by_the_true_state():
    """The test above can fail: a search whose determinization keeps the true dice and gizmos finds
    different values in the two fights."""
    peek = Rules(lambda g, p, rng: g.copy(), hard.ranked, hard.policy, hard.evaluate, None)
    a, b = map(to_red, truths())
    stats = [SearchBot(peek, 7, SMALL).search(g).children for g in (a, b)]
    assert stats[0] != stats[1]


def test_determinize_keeps_the_players_view_and_deals_only_unseen_marks():
    a, _ = map(to_red, truths())
    marks = set()
    for k in range(40):
        world = hard.determinize(a, "red", random.Random(k))
        assert view.state_for(world, "red") == view.state_for(a, "red")
        assert world.dice is not a.dice
        t = world.model("tinker")
        assert t.hero.power("Plate") == a.model("tinker").hero.power("Plate") or t.hero.power("Plate").gizmo == "hidden"
        assert not t.hero.problems()
        marks.add(t.hero.power("Coil").gizmo)
        assert world.model("spy").hero == a.model("spy").hero  # red's own heroes as they are
    assert marks == {"none", "hidden"}


def test_a_hero_over_budget_without_gizmos_is_dealt_one():
    """Brick King's Brick Hide is a hidden gizmo; priced as his own power he would be over budget, so
    every deal makes one of his powers a hidden gizmo (what any player can work out from the card)."""
    from deathmatch.rulesets.supers.scenario import bundled_heroes

    king = bundled_heroes()["brick_king"]
    game = fight((spy(),), (king,), cells=((0, 0), (3, 0)))
    for k in range(20):
        world = hard.determinize(game, "red", random.Random(k))
        dealt = world.model("brick_king").hero
        assert not dealt.problems()
        assert any(p.gizmo == "hidden" for p in dealt.powers)


def test_noticed_vulnerable_and_destroyed_marks_are_kept():
    game = fight((spy(),), (tinker("hidden"),), cells=((0, 0), (3, 0)))
    t = game.model("tinker")
    t.known["Coil"].add("red")  # red noticed it
    for k in range(10):
        world = hard.determinize(game, "red", random.Random(k))
        assert world.model("tinker").hero.power("Coil").gizmo == "hidden"
        assert "red" in world.model("tinker").known["Coil"]
    t.known["Coil"] = {"blue"}
    t.destroyed.add("Coil")
    for k in range(10):
        assert hard.determinize(game, "red", random.Random(k)).model("tinker").hero.power("Coil").gizmo == "hidden"


def test_evaluate():
    game = fight((spy(), brute()), (tinker("none"), replace(brute(), id="ogre")))
    assert hard.evaluate(game, "red") == pytest.approx(0.5)
    game.model("ogre").oomph = 10
    better = hard.evaluate(game, "red")
    assert 0.5 < better < 1 and hard.evaluate(game, "blue") == pytest.approx(1 - better)
    game.model("ogre").fainted = True
    alone = hard.evaluate(game, "red")
    assert alone > better
    game.model("brute").entangled = 3
    assert hard.evaluate(game, "red") < alone
    game.finish("victory", ("red",))
    assert hard.evaluate(game, "red") == 1.0 and hard.evaluate(game, "blue") == 0.0


def test_ranked_is_the_normal_bots_order_of_legal_answers():
    game = to_red(fight((spy(), brute()), (tinker("none"), replace(brute(), id="ogre"))))
    order = hard.ranked(game, 5)
    assert 1 <= len(order) <= 5 and all(game.is_legal(a) for a in order)
    bot = NormalBot(0)
    scores = [bot.score(game, a) for a in order]
    assert scores == sorted(scores, reverse=True)
    assert scores[0] == max(bot.score(game, a) for a in game.legal_actions())


def test_unknown_level_and_thinking_are_named():
    with pytest.raises(ValueError, match="easy, normal, hard"):
        hard.make_bot("wizard")
    with pytest.raises(ValueError, match="fast, normal, deep"):
        hard.make_bot("hard", 0, "slow")
    assert hard.make_bot("hard").thinks and not hard.make_bot("normal").thinks


def test_a_hard_fight_every_answer_legal():
    game = fight((spy(), brute()), (tinker("hidden"), replace(brute(), id="ogre")), seed=3)
    bots = {"red": hard.make_bot("hard", 1, SMALL), "blue": hard.make_bot("normal", 2)}

    def choose(g):
        answer = bots[g.pending.player].choose(g.copy())
        assert g.is_legal(answer), answer
        return answer

    play_until_over(game, choose, max_decisions=2_000)
    assert game.over


# ---------------------------------------------------------------- the questions outside an action


LEVELS = ("normal", "hard")


def attacked(attack: Power, defence: Power, dice):
    """Ace attacks Brute (who has `defence`); the game waits on Brute's defence."""
    ace = Hero("ace", "Ace", 3, 5, 3, 4, (attack,))
    brute_ = Hero("brute", "Brute", 5, 3, 4, 3, (defence, Power("Fist", "smash", 2, 5)))
    game = fight((ace,), (brute_,), cells=((0, 0), (1, 0) if attack.type == "smash" else (2, 0)), dice=dice)
    game.apply(act.Attack("red", "ace", attack.name, "brute"))
    return game


@pytest.mark.parametrize("level", LEVELS)
def test_toughness_is_invoked_against_a_big_hit_it_stops(level):
    game = attacked(Power("Haymaker", "smash", 4, 5), Power("Hide", "toughness", 3, 3), [10])  # 12 damage, Hide stops 12
    assert game.pending.kind == act.DEFEND and game.pending.options == ("Hide",)
    assert hard.make_bot(level, 1).choose(game) == act.Defend("blue", "brute", "Hide")


@pytest.mark.parametrize("level", LEVELS)
def test_a_defence_that_can_not_help_is_kept(level):
    game = attacked(Power("Drill", "smash", 4, 5, styles=("piercing",)), Power("Hide", "toughness", 3, 3), [10])
    assert hard.make_bot(level, 1).choose(game) == act.Defend("blue", "brute", None)
    game = attacked(Power("Haymaker", "smash", 5, 5), Power("Hide", "toughness", 3, 3), [10])  # 15 > 12
    assert hard.make_bot(level, 1).choose(game) == act.Defend("blue", "brute", None)
    game = attacked(Power("Ray", "shot", 2, 5), Power("Deflect", "missile_deflection", 3, 3), [10])  # not a missile
    assert hard.make_bot(level, 1).choose(game) == act.Defend("blue", "brute", None)


@pytest.mark.parametrize("level", LEVELS)
def test_deflection_and_slippery_where_they_apply(level):
    game = attacked(Power("Dart", "shot", 3, 5, styles=("missile",)), Power("Deflect", "missile_deflection", 3, 3), [10])
    assert hard.make_bot(level, 1).choose(game) == act.Defend("blue", "brute", "Deflect")
    # a 16 hits at 17 (Combat 12 against 10); slippery 3 makes it 19, over the number: it slips the net
    game = attacked(Power("Net", "shot", 2, 5, styles=("entangling",)), Power("Eel", "slippery", 3, 3), [16])
    assert game.strike.numbers["brute"] == 17
    assert hard.make_bot(level, 1).choose(game) == act.Defend("blue", "brute", "Eel")
    game = attacked(Power("Net", "shot", 2, 5, styles=("entangling",)), Power("Eel", "slippery", 3, 3), [2])  # 2 + 3 hits still
    assert hard.make_bot(level, 1).choose(game) == act.Defend("blue", "brute", None)


@pytest.mark.parametrize("level", LEVELS)
def test_a_copy_offer_is_taken(level):
    monk = Hero("monk", "Monk", 3, 3, 4, 5, (Power("Mirror", "copy_power", 4, 5), Power("Palm", "smash", 1, 5)))
    ace = Hero("ace", "Ace", 3, 5, 3, 4, (Power("Bolt", "shot", 3, 5),))
    game = fight((ace,), (monk,), cells=((0, 0), (2, 0)), dice=[10])
    game.apply(act.Attack("red", "ace", "Bolt", "monk"))
    assert game.pending.kind == act.COPY
    assert hard.make_bot(level, 1).choose(game) == act.Copy("blue", "monk", True)


@pytest.mark.parametrize("level", LEVELS)
def test_an_entangled_hero_escapes_and_slips_a_failed_roll(level):
    strong = Hero("strong", "Strong", 5, 4, 3, 3, (Power("Shove", "smash", 2, 5), Power("Eel", "slippery", 3, 3)))
    ace = Hero("ace", "Ace", 3, 3, 3, 4, (Power("Net", "shot", 1, 5, styles=("entangling",)),))
    game = fight((strong,), (ace,), cells=((0, 0), (4, 0)), seed=2)
    while game.pending.model != "strong":  # to Strong's action
        game.apply(act.Hold(game.pending.player, game.pending.model))
    s = game.model("strong")
    s.entangled, s.entangler = 2, "ace"  # out of reach of everything, held fast: escape (19 or less)
    assert hard.make_bot(level, 1).choose(game) == act.Escape("red", "strong")
    s.entangled = 4  # 10 - 3 x (4 - 5) = 13 or less; the dice say 16, then slippery 3 takes it to 13
    game.dice = ForcedDice([16])
    game.apply(act.Escape("red", "strong"))
    assert game.pending.kind == act.DEFEND and game.pending.about == "escape"
    assert hard.make_bot(level, 1).choose(game) == act.Defend("red", "strong", "Eel")


def test_the_normal_bot_does_not_peek_either():
    a, b = map(to_red, truths())
    assert NormalBot(4).choose(a) == NormalBot(4).choose(b)


def test_a_third_teams_notice_is_not_told():
    """Green noticed blue's hidden gizmo; red was not told, so red's worlds do not know it."""
    arena = make_arena({"hexagon": 5})
    heroes = [("red", spy()), ("blue", tinker("hidden")), ("green", replace(brute(), id="ogre"))]
    models = {h.id: new_model(h.id, owner, h, arena.grid.cell(3 * k, 0)) for k, (owner, h) in enumerate(heroes)}
    game = Game(State(arena, ("red", "blue", "green"), models), SeededDice(1))
    game.start()
    game.model("tinker").known["Coil"].add("green")
    for k in range(10):
        world = hard.determinize(game, "red", random.Random(k))
        assert "green" not in world.model("tinker").known.get("Coil", set())
        assert view.state_for(world, "red") == view.state_for(game, "red")
    # green itself keeps what it noticed
    world = hard.determinize(game, "green", random.Random(0))
    assert world.model("tinker").known["Coil"] == {"blue", "green"}
    # red noticed it too: red knows the gizmo, still not that green does
    game.model("tinker").known["Coil"].add("red")
    world = hard.determinize(game, "red", random.Random(0))
    assert world.model("tinker").known["Coil"] == {"blue", "red"}
    assert world.model("tinker").hero.power("Coil").gizmo == "hidden"


def test_the_registry_makes_the_hard_bot_by_its_budgets():
    from deathmatch.core import registry
    from deathmatch.core.search import search_budget

    rules = registry.get("supers")
    assert rules.bot_levels == ("easy", "normal", "hard")
    bot = rules.bot("hard", "red", 3, "deep")
    assert bot.thinks and bot.level == "hard" and bot.budget == hard.SEARCH_BUDGETS["deep"]
    assert search_budget(rules, "fast") == hard.SEARCH_BUDGETS["fast"]
    assert rules.determinize is not None and rules.evaluate is not None and rules.rank(0) is hard.ranked


def test_the_setup_default_thinks_with_the_measured_budget():
    """The registry's hard bot at the setup's default thinking ("normal") weighs the normal bot's 4
    best actions (and the learned value's 2 best moves) in 4 worlds, each answer followed by 2
    answers of the normal bot (48 iterations: measured in docs/PERFORMANCE.md); fast and deep buy
    fewer and more."""
    from deathmatch.core import registry

    rules = registry.get("supers")
    budget = rules.bot("hard", "red", 3).budget
    assert budget == hard.SEARCH_BUDGETS["normal"]
    assert (budget.iterations, budget.rollout, budget.candidates, hard.EXTRA_MOVES) == (48, 2, 4, 2)
    assert budget.prior == 0.0 and budget.seconds == 1.0
    n = [rules.bot("hard", "red", 3, t).budget.iterations for t in ("fast", "normal", "deep")]
    assert n == [24, 48, 96]
