"""What the engine makes only when it is needed (docs/PERFORMANCE.md): a window's snapshots when
someone holds an ability whose timing fits, an activation's moves and attacks when they are read.
The values themselves are the same ones, in the same order."""

import random

from deathmatch.board import Hex
from deathmatch.rulesets.celebrity import Attack, Hold, Move, MoveAttack, Pass, load_default_cards
from deathmatch.rulesets.celebrity.randomplay import random_answer, random_game
from deathmatch.rulesets.celebrity.state import AttackState, Model, Roll

from test_orders import ability, card, position

DODGE = ability("Sidestep", "attack_response", "dodge")


def count_snapshots(monkeypatch) -> list:
    made = []
    for cls in (AttackState, Roll):
        real = cls.snapshot

        def snapshot(self, real=real):
            made.append(type(self).__name__)
            return real(self)

        monkeypatch.setattr(cls, "snapshot", snapshot)
    return made


def test_an_attack_nobody_can_answer_makes_no_snapshot(monkeypatch):
    made = count_snapshots(monkeypatch)
    a = Model("a", "red", card(), Hex(0, 0), 0)
    b = Model("b", "blue", card(cid="plain"), Hex(1, 0), 3)
    game = position([b, a], dice=[1])
    events = game.apply(Attack("a", "b"))
    assert any(type(e).__name__ == "Missed" for e in events)  # declared, rolled and resolved, unasked
    assert made == []


def test_an_attack_someone_can_answer_is_asked_with_its_snapshot(monkeypatch):
    made = count_snapshots(monkeypatch)
    a = Model("a", "red", card(), Hex(0, 0), 0)
    b = Model("b", "blue", card(DODGE, cid="dodger"), Hex(1, 0), 3)
    game = position([b, a], dice=[1])
    game.apply(Attack("a", "b"))
    w = game.pending.window
    assert w.name == "attack_declared" and made == ["AttackState"]
    assert (w.attack.attacker, w.attack.target, w.attack.roll, w.roll) == ("a", "b", None, None)
    game.apply(Pass("blue"))  # the die is rolled: nobody holds anything for die_rolled
    assert made == ["AttackState"]


def test_an_activation_reads_the_same_by_index_as_in_order():
    library = load_default_cards()
    seen = set()
    for seed in range(6):
        game = random_game(library, seed, players=6, beasts=True, obstacles=0, round_limit=6)
        rng = random.Random(seed)
        while not game.over:
            if game.pending.kind == "action":
                actions = game.legal_actions()
                listed = list(actions)
                assert len(actions) == len(listed)
                assert [actions[i] for i in range(len(listed))] == listed
                assert [actions[-i] for i in range(1, len(listed) + 1)] == listed[::-1]
                assert actions[1:3] == listed[1:3] and actions == listed
                for bad in (len(listed), -len(listed) - 1):
                    try:
                        actions[bad]
                    except IndexError:
                        pass
                    else:
                        raise AssertionError(f"index {bad} of {len(listed)} actions")
                kinds = [type(x) for x in listed]
                order = [k for i, k in enumerate(kinds) if i == 0 or kinds[i - 1] is not k]
                lazy = [k for k in order if k in (Move, Attack, MoveAttack)]
                assert lazy == sorted(lazy, key=[Move, Attack, MoveAttack].index)  # moves, attacks, moves and attacks
                assert kinds[-1] is Hold
                seen.update(kinds)
            game.apply(random_answer(game, rng))
    assert {Move, Attack, MoveAttack, Hold} <= seen
