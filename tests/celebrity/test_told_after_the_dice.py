"""The log and the hand-off wait for the dice: an attack's "hits"/"misses" line is written only once
its die has landed, and the next player's hand-off opens only once the last answer has played out
in front of the one who made it (its die, its "−1", its card). Driven headless frame by frame at a
fixed dt: nothing here depends on the clock or the machine's speed."""

import os
import random

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch.launch import make_game  # noqa: E402
from deathmatch.rulesets.celebrity import Attack, Move, Pass  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.celebrity.anim import Roll  # noqa: E402
from deathmatch.scenes.celebrity.battle import BattleScene  # noqa: E402
from deathmatch.scenes.handoff import GUARD, HandOffScene  # noqa: E402

DT = 1 / 60


@pytest.fixture(scope="module")
def app():
    return App((1280, 720))


def settle(app, battle, limit=4000):
    """Frames until the screen waits for a person (through hand-offs)."""
    for _ in range(limit):
        top = app.stack.top
        if isinstance(top, HandOffScene):
            app.frame([], GUARD)
            app.frame([pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)], DT)
            continue
        if top is battle and battle.decision is not None and not battle.animator.busy \
                and battle.stage not in ("idle", "auto"):
            return
        app.frame([], DT)
    raise AssertionError("the screen never waited for a player")


def to_an_attack(app, seed, *, handoff):
    """A battle at normal animation speed, played (at random, moves first) until a person may attack."""
    game, path = make_game(2, "duel_pit", seed, beasts=False)
    battle = BattleScene(app, game, path, anim_speed=1.0, handoff=handoff, hidden_cards=handoff)
    app.stack.replace(battle)
    rng = random.Random(seed)
    for _ in range(400):
        settle(app, battle)
        attacks = [o for o in battle.options if isinstance(o, Attack)]
        if attacks:
            return battle, attacks[0]
        moves = [o for o in battle.options if isinstance(o, Move)]
        # walk toward the enemy: the move ending nearest an enemy model
        d = battle.decision
        if d.kind == "action" and moves:
            foes = [m.hex for m in game.models.values() if m.alive and m.player != d.player]
            battle.answer(min(moves, key=lambda o: min(o.path[-1].distance(f) for f in foes)), confirmed=True)
        else:
            battle.answer(battle.options[rng.randrange(len(battle.options))], confirmed=True)
    raise AssertionError("no attack came up")


def result_line(battle):
    return next((line for line in battle.log if " hits " in line or " misses " in line or " dodges " in line), None)


def rolling(battle) -> bool:
    """The attack's die is still to land: a Roll step playing or queued, or the die still tumbling."""
    a = battle.animator
    dice = battle.view.dice
    return isinstance(a.current, Roll) or any(isinstance(s, Roll) for s in a.queue) or \
        (dice is not None and dice.rolling > 0)


@pytest.mark.parametrize("seed", [1, 2])
def test_an_attacks_log_line_waits_until_its_die_has_landed(app, seed):
    battle, attack = to_an_attack(app, seed, handoff=False)
    battle.log = []  # (only what this attack tells)
    battle.answer(attack, confirmed=True)
    assert result_line(battle) is None  # nothing told as the answer is sent
    frames = 0
    while result_line(battle) is None:
        assert frames < 2000, "the attack was never told"
        if battle.decision is not None and battle.stage not in ("idle", "auto") and not battle.animator.busy:
            # asked mid-attack (a reaction, where to be pushed back): pass, or the first hex
            battle.answer(next((o for o in battle.options if isinstance(o, Pass)), battle.options[0]), confirmed=True)
        app.frame([], DT)
        frames += 1
        if result_line(battle) is not None:
            assert not rolling(battle), "the result was told while its die was still rolling"
    assert frames >= int(Roll.duration / DT)  # (at least the die's roll went by first)


def test_the_hand_off_waits_until_the_last_answer_has_played_out(app):
    for seed in range(1, 8):
        battle, attack = to_an_attack(app, seed, handoff=True)
        mover = battle.decision.player
        battle.answer(attack, confirmed=True)
        for _ in range(3000):
            if isinstance(app.stack.top, HandOffScene):
                break
            app.frame([], DT)
        else:
            continue  # the same seat goes on (a push back of its own, a window): no hand-off to watch
        handoff = app.stack.top
        if handoff.player == mover:
            continue
        assert not battle.animator.lively, "the hand-off opened over the last answer's animation"
        assert result_line(battle) is not None  # and the log told it before the screen was passed
        return
    pytest.fail("no hand-off after an attack in the seeded games")


def test_the_die_rolled_prompt_and_the_log_name_the_roll_alike(app):
    """The prompt of a die-rolled window says "rolled 1 …, needs 5+"; the log line of that attack,
    once told, names the same roll and the same need."""
    import re

    from deathmatch.rulesets.celebrity.randomplay import random_answer

    checked = 0
    for seed in range(1, 30):
        game, path = make_game(4, "colosseum", seed)
        rng = random.Random(seed)
        for _ in range(3000):
            d = game.pending
            if game.over or (d.kind == "window" and d.window.name == "die_rolled" and d.window.attack is not None):
                break
            game.apply(random_answer(game, rng, 0.7))
        if game.over:
            continue
        battle = BattleScene(app, game, path, anim_speed=60.0, handoff=False, hidden_cards=False)
        app.stack.replace(battle)
        settle(app, battle)
        for short in (False, True):
            prompt = battle.window_words(battle.decision.window, short=short)
            rolled, need = re.search(r"rolled (\d)", prompt).group(1), re.search(r"needs (\d\+?)", prompt).group(1)
        battle.log = []
        battle.answer(next(o for o in battle.options if isinstance(o, Pass)), confirmed=True)
        for _ in range(600):
            line = result_line(battle)
            if line is not None or (battle.decision is not None and battle.stage not in ("idle", "auto")):
                break
            app.frame([], DT)
        if line is None or " dodges " in line or "re-rolled" in line:
            continue  # (someone else played in the window: another die)
        assert f"(rolled {rolled}, needs {need})" in line, (prompt, line)
        checked += 1
        if checked >= 3:
            return
    assert checked, "no die-rolled window in the seeded games"


def test_a_die_re_rolled_in_its_window_still_knows_what_it_showed_first():
    """When a die was re-rolled and someone else is still asked about it, the window's die says what
    it showed first, so the prompt can say it as the log will: "rolled 1, re-rolled to 6"."""
    from deathmatch.board import Hex, hexagon
    from deathmatch.rulesets.celebrity import ForcedDice, from_position, parse_card
    from deathmatch.rulesets.celebrity.state import Model
    from deathmatch.scenes.celebrity.facts import roll_words

    def card(*abilities, cid):
        c, problems = parse_card({"id": cid, "name": cid.title(), "abilities": list(abilities)}, exact_three=False)
        assert not problems
        return c

    punch = {"name": "Punch", "timing": "action", "effect": {"kind": "whirlwind"}}
    fate = {"name": "Fate", "timing": "any_time", "effect": {"kind": "reroll"}}
    charm = {"name": "Charm", "timing": "any_time", "effect": {"kind": "turn_foe", "range": 3}}
    a = Model("a", "red", card(fate, punch, cid="lucky"), Hex(0, 0), 0)
    b = Model("b", "blue", card(charm, punch, cid="charmer"), Hex(1, 0), 3)
    game = from_position(hexagon(3), ["red", "blue"], [b, a], dice=ForcedDice([1, 6]))
    game.orders[("a", "Fate")] = "my_miss"
    game.start()
    while game.pending.kind == "window":  # (blue's Charm is asked at a's activation start: passed)
        game.apply(Pass(game.pending.player))
    game.apply(Attack("a", "b"))
    while game.pending.kind == "window" and game.pending.window.name != "die_rolled":
        game.apply(Pass(game.pending.player))
    d = game.pending
    assert (d.player, d.kind, d.window.name) == ("blue", "window", "die_rolled")
    r = d.window.roll
    assert (r.rerolled, r.first, r.value) == (True, 1, 6)
    assert roll_words(r.value, r.first) == "rolled 1, re-rolled to 6"
