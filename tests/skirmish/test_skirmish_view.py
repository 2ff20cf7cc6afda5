"""Chessboard Skirmish's view and questions (rulesets/skirmish/view.py): what its screens read
instead of the game (issue 28 item 1). Skirmish hides nothing, so the public view is every seat's;
the odds and the rolls a die needs are the rules' own numbers, asked through the front."""

from __future__ import annotations

import json
import os
import random
from fractions import Fraction

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from deathmatch.board import arena as arenas  # noqa: E402
from deathmatch.core import registry  # noqa: E402
from deathmatch.core.front import Front  # noqa: E402
from deathmatch.rulesets.skirmish import actions as act  # noqa: E402
from deathmatch.rulesets.skirmish.odds import save_chance, skill_chance  # noqa: E402

RULES = registry.get("skirmish")


def quick(seed=1, scenario=None, obstacles=0):
    return RULES.quick_game(["Red", "Blue"], arenas.square(8, 8), seed, scenario=scenario, obstacles=obstacles)


def played(game, steps: int, seed: int = 0):
    rng = random.Random(seed)
    for _ in range(steps):
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_the_public_view_is_every_seats_view_and_plain_data():
    for seed in range(1, 6):
        game = played(quick(seed, scenario=("infiltrate", "retrieve", None)[seed % 3], obstacles=4), 40 * seed, seed)
        public = RULES.view(game, None)
        assert public == RULES.view(game, "Red") == RULES.view(game, "Blue")
        assert json.loads(json.dumps(public)) == public  # plain data: lists, strings, numbers, string keys


def test_the_view_holds_what_the_screens_draw():
    game = played(quick(3, scenario="infiltrate"), 60, 3)
    v = Front(game).view(None)
    s = game.state
    for mid, m in s.minis.items():
        seen = v.minis[mid]
        assert seen.id == mid and seen.max_armour == m.spec.armour and seen.armour == m.armour
        assert seen.name == m.spec.name and seen.die == m.spec.die and seen.owner == m.owner
        assert (seen.at is None) == (m.at is None) and (m.at is None or tuple(seen.at) == tuple(m.at))
    assert list(v.minis) == list(s.minis)  # army order: the awards' tie-break reads it
    assert {p: [tuple(q) for q in row] for p, row in v.home_rows.items()} == \
        {p: [tuple(q) for q in s.home_row(p)] for p in s.players}
    assert list(v.colours) == ["red", "blue"] and dict(v.bots) == {}


def test_the_computer_seats_are_in_the_view_from_the_setup_or_the_tournament():
    from dataclasses import replace

    game = quick(2)
    assert dict(RULES.view(game, None)["bots"]) == {}
    game.seat_bots = {"Blue": "easy"}  # a tournament's game whose setup records no bots (scenes/tourney.py)
    assert RULES.view(game, None)["bots"] == {"Blue": "easy"}
    again = RULES.new_game(replace(game.setup, bots=(("Red", "hard"),)))
    assert RULES.view(again, "Blue")["bots"] == {"Red": "hard"}


def test_the_odds_asked_are_the_games_for_every_attack():
    asked = 0
    for seed in range(1, 12):
        game = quick(seed)
        front = Front(game)
        rng = random.Random(seed)
        for _ in range(300):
            if game.over:
                break
            for a in game.legal_actions():
                if isinstance(a, act.Attack):
                    for viewer in (None, "Red", "Blue"):
                        assert front.ask(viewer, "odds", a.mini, a.target, a.mode) == game.odds(a.mini, a.target, a.mode)
                    asked += 1
            game.apply(rng.choice(game.legal_actions()))
    assert asked > 20


def test_the_rolls_a_die_needs_are_the_rules_chances():
    front = Front(quick(1))
    for sides in (4, 6, 8, 10, 12, 20):
        save, skill = front.ask(None, "needs", "save", sides), front.ask("Red", "needs", "skill", sides)
        assert Fraction(max(0, sides - save + 1), sides) == save_chance(sides)
        assert Fraction(sides - skill + 1, sides) == skill_chance(sides)
        assert front.ask(None, "needs", "attack", sides) is None


def test_the_table_makes_its_computer_players_from_the_view():
    from deathmatch.scenes.app import App
    from deathmatch.scenes.skirmish.battle import SkirmishTable

    app = App((1024, 600))
    game = quick(4)
    game.seat_bots = {"Blue": "easy"}
    table = SkirmishTable(app, game, None, anim_speed=60.0, handoff=False)
    assert set(table.bots) == {"Blue"} and table.humans == ["Red"]
    assert table.board.arena is game.state.board  # the board asked for ("arena"): the map drawn
