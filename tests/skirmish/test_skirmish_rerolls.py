"""A hero is offered its re-roll only where a re-roll can change something (docs/rules/SKIRMISH.md §6,
Hero re-roll, Ruling): never on a maximum roll, an attack no defence can beat, a defence that holds,
a save or skill check that succeeded. Records saved before the ruling replay with every offer."""

import json
import random
from dataclasses import replace

from deathmatch.board import Square, square
from deathmatch.core import registry
from deathmatch.core.dice import ForcedDice
from deathmatch.core.loop import play_until_over
from deathmatch.core.record import Record
from deathmatch.rulesets.skirmish.actions import Attack, Pick, PickUp, Reroll
from deathmatch.rulesets.skirmish.army import Miniature
from deathmatch.rulesets.skirmish.game import Game
from deathmatch.rulesets.skirmish.randomplay import random_army
from deathmatch.rulesets.skirmish.setup import Seat, Setup, new_game
from deathmatch.rulesets.skirmish.state import Marker, Mini, Options, State

RULES = registry.get("skirmish")


def duel(attacker: Miniature, target: Miniature, dice, scenario=None, marker=None):
    """A on (3, 3) against B on (3, 4), A first (initiative 5 to 2), A picked and attacking in melee
    (`dice` follow the initiative: attack, defence, save)."""
    minis = {"a": Mini("a", "A", attacker, Square(3, 3)), "b": Mini("b", "B", target, Square(3, 4))}
    state = State(square(8, 8), ("A", "B"), Options(None, scenario), minis)
    if marker:
        state.marker = Marker(marker)
    g = Game(state, ForcedDice([5, 2, *dice, 1, 1, 1, 1]), placement=False)  # padded: the rolls after
    g.start()
    g.apply(Pick("A", "a"))
    return g


def offered(g, purpose: str) -> bool:
    """Whether the hero is asked about its die rolled for `purpose` now."""
    return g.pending is not None and g.pending.kind == "reroll" and g.pending.roll.purpose == purpose


def test_an_attacking_hero_is_not_asked_on_its_best_face_or_when_no_defence_can_beat_it():
    hero, d10 = Miniature("Hero", 8, hero=True), Miniature("Guard", 10)
    for attack, asked in ((8, False), (7, True), (1, True)):
        g = duel(hero, d10, [attack])
        g.apply(Attack("A", "a", "b"))
        assert offered(g, "attack") == asked, attack
    g = duel(hero, Miniature("Imp", 4), [4])  # 4 beats any face of a d4
    g.apply(Attack("A", "a", "b"))
    assert not offered(g, "attack") and not g.state.minis["a"].rerolled
    g = duel(hero, Miniature("Imp", 4), [3])
    g.apply(Attack("A", "a", "b"))
    assert offered(g, "attack")


def test_a_defending_hero_is_asked_only_when_its_defence_loses_and_a_better_face_could_hold():
    brute, hero = Miniature("Brute", 8), Miniature("Hero", 6, hero=True)
    for attack, defence, asked in ((3, 4, False), (3, 6, False), (3, 3, True), (3, 1, True), (6, 2, False),
                                   (8, 5, False)):
        g = duel(brute, hero, [attack, defence])
        g.apply(Attack("A", "a", "b"))
        assert offered(g, "defence") == asked, (attack, defence)


def test_a_hero_is_asked_about_a_failed_save_but_not_a_made_one():
    brute, hero = Miniature("Brute", 8), Miniature("Hero", 6, hero=True)
    for save, asked in ((4, False), (6, False), (3, True), (1, True)):
        g = duel(brute, hero, [8, 1, save])  # the attack hits without a question: 8 beats a d6
        g.apply(Attack("A", "a", "b"))
        assert offered(g, "save") == asked, save


def test_a_hero_is_asked_about_a_failed_skill_check_only():
    for skill, asked in ((4, False), (3, False), (2, True)):
        g = duel(Miniature("Hero", 6, hero=True), Miniature("Guard", 6), [skill], "retrieve", Square(3, 3))
        g.apply(PickUp("A", "a"))
        assert offered(g, "skill") == asked, skill


def seeded(seed: int, **kw) -> Game:
    rng = random.Random(seed)
    heroes = [random_army(rng) for _ in range(2)]
    seats = tuple(Seat(n, c, a) for n, c, a in zip("AB", ("red", "blue"), heroes))
    return new_game(Setup(seats, options=Options(30, None), seed=seed, **kw))


def pointless_offers(g) -> list:
    """Every re-roll offer of a game that re-rolls nothing (answered `no`), as (purpose, value, sides)."""
    seen = []

    def choose(game):
        if game.pending.kind == "reroll":
            r = game.pending.roll
            seen.append((r.purpose, r.value, r.sides, dict(game.rolls)))
            return Reroll(game.pending.player, False)
        return bot[game.pending.player].choose(game)

    bot = {p: RULES.bot("normal", p, 1) for p in g.state.players}
    play_until_over(g, choose, max_decisions=20_000)
    return seen


def test_no_game_asks_about_a_maximum_roll_or_a_save_made():
    offers = [o for seed in range(6) for o in pointless_offers(seeded(seed))]
    assert offers  # heroes are asked, in some games
    for purpose, value, sides, rolls in offers:
        assert value < sides, (purpose, value, sides)
        if purpose == "save":
            assert value < 4
        if purpose == "defence":
            assert value <= rolls["attack"] < sides


def test_a_record_saved_before_the_ruling_replays_with_every_offer_it_was_made():
    legacy = None
    for seed in range(12):
        g = seeded(seed, every_reroll_offered=True)
        offers = pointless_offers(g)
        if any(v == sides for _, v, sides, _ in offers):
            legacy = g
            break
    assert legacy is not None, "no seeded game offered a re-roll on a maximum roll under the old offers"
    data = registry.record_of(legacy, RULES).to_json()
    assert data["setup"]["reroll_offers"] == "every"
    del data["setup"]["reroll_offers"]  # as version 1 wrote it
    data["ruleset"]["version"] = 1
    old = registry.replay(Record.from_json(json.loads(json.dumps(data))))
    assert old.every_reroll_offered and old.over
    assert RULES.view(old, None) == RULES.view(legacy, None)
    # the same decisions under today's offers do not replay: the ruling is a real change of the rules
    fresh = seeded(legacy.setup.seed)
    assert not fresh.every_reroll_offered
    assert registry.record_of(fresh, RULES).to_json()["setup"]["reroll_offers"] == "useful"
    assert replace(legacy.setup, every_reroll_offered=False) == fresh.setup
