"""Superhero Gladiators' bots: every answer legal (windows too), the normal bot beats the easy one,
and it invokes a defence where it applies and keeps it where it does not."""

from deathmatch.core import registry
from deathmatch.core.dice import ForcedDice
from deathmatch.core.loop import play_until_over
from deathmatch.rulesets.supers import actions as act
from deathmatch.rulesets.supers.bots import NormalBot, make_bot
from deathmatch.rulesets.supers.game import Game
from deathmatch.rulesets.supers.model import Hero, Power
from deathmatch.rulesets.supers.setup import make_arena, new_model
from deathmatch.rulesets.supers.state import State

import pytest

RULES = registry.get("supers")


def duel(seed: int, a: str, b: str):
    game = RULES.quick_game(("A", "B"), make_arena({"hexagon": 5}), seed)
    bots = {"A": RULES.bot(a, "A", seed), "B": RULES.bot(b, "B", seed + 1)}

    def choose(g):
        answer = bots[g.pending.player].choose(g.copy())
        assert g.is_legal(answer), answer
        return answer

    play_until_over(game, choose, max_decisions=5_000)
    return game


def test_the_normal_bot_beats_the_easy_bot():
    normal = easy = 0
    for seed in range(16):
        sides = ("normal", "easy") if seed % 2 == 0 else ("easy", "normal")
        game = duel(seed, *sides)
        assert game.over
        w = game.outcome.winners
        if w:
            normal += sides[("A", "B").index(w[0])] == "normal"
            easy += sides[("A", "B").index(w[0])] == "easy"
    assert normal >= 6 and easy <= 1, (normal, easy)


def test_unknown_level_is_named():
    with pytest.raises(ValueError, match="easy, normal"):
        make_bot("hard")
    assert RULES.bot_levels == ("easy", "normal", "hard")  # hard: supers/hard.py


def position(shot: Power, defence: Power, dice):
    ace = Hero("ace", "Ace", 3, 5, 3, 4, (shot,))
    brute = Hero("brute", "Brute", 5, 3, 4, 3, (defence,))
    arena = make_arena({"hexagon": 4})
    models = {"ace": new_model("ace", "red", ace, arena.grid.cell(0, 0)),
              "brute": new_model("brute", "blue", brute, arena.grid.cell(2, 0))}
    game = Game(State(arena, ("red", "blue"), models), ForcedDice(dice))
    game.start()
    game.apply(act.Attack("red", "ace", shot.name, "brute"))
    return game


def test_the_normal_bot_defends_where_the_defence_applies():
    hide = Power("Hide", "toughness", 1, 3)
    game = position(Power("Bolt", "shot", 2, 5), hide, [10])   # 4 damage: Hide stops it
    assert game.pending.kind == act.DEFEND
    assert NormalBot().choose(game) == act.Defend("blue", "brute", "Hide")
    game = position(Power("Heavy", "shot", 3, 5), hide, [10])  # 6 damage: Hide can not
    assert NormalBot().choose(game) == act.Defend("blue", "brute", None)
    game = position(Power("Dart", "shot", 2, 5, styles=("missile",)), Power("Deflect", "missile_deflection", 2, 3), [10])
    assert NormalBot().choose(game) == act.Defend("blue", "brute", "Deflect")


def test_the_normal_bot_walks_round_a_wall_rather_than_study_a_foe_it_cannot_shoot():
    """In range but a wall on the line: before, moving gained nothing (already in range) and the
    bot studied the foe turn after turn — fights on walled maps ended in quiet draws. Now it goes
    where its shot has a line."""
    bolt = Power("Bolt", "shot", 2, 5)
    ace = Hero("ace", "Ace", 3, 5, 3, 4, (bolt, Power("Run", "movement", 1, 5, movement=("speedy",))))
    brute = Hero("brute", "Brute", 5, 3, 4, 3, (Power("Fist", "smash", 1, 5),))
    arena = make_arena({"hexagon": 4, "walls": [[1, 0]]})
    models = {"ace": new_model("ace", "red", ace, arena.grid.cell(0, 0)),
              "brute": new_model("brute", "blue", brute, arena.grid.cell(2, 0))}
    game = Game(State(arena, ("red", "blue"), models), ForcedDice([]))
    game.start()
    assert game.pending.player == "red" and not game.line_clear((0, 0), (2, 0))
    assert not any(isinstance(a, act.Attack) for a in game.legal_actions())
    answer = NormalBot().choose(game)
    assert isinstance(answer, act.Move) and answer.path, answer
    assert game.line_clear(answer.path[-1], (2, 0))
