"""Values are values: a window carries frozen snapshots of the attack and the die (ids name the
live ones the game keeps), and every player is asked with the window as it stands now."""

import dataclasses

import pytest

from deathmatch.board import Hex
from deathmatch.rulesets.celebrity import Attack, Pass, UseAbility, events as ev
from deathmatch.rulesets.celebrity.state import Model

from test_orders import ability, card, position

REROLL = ability("Fate", "any_time", "reroll")
SPIN = ability("Spin", "any_time", "turn_foe", range=3)
DODGE = ability("Sidestep", "attack_response", "dodge")
COUNTER = ability("Riposte", "attack_response", "counterattack")


def pass_until(game, kind, window=None):
    """Pass every question until `kind` (and, for a window, the `window` one) is asked."""
    d = game.pending
    while not (d.kind == kind and (window is None or d.window.name == window)):
        game.apply(d.options[0] if d.kind == "push_back" else Pass(d.player))
        d = game.pending
    return d


def test_a_window_holds_a_frozen_snapshot_not_the_live_attack():
    a = Model("a", "red", card(), Hex(0, 0), 0)
    b = Model("b", "blue", card(DODGE, COUNTER, cid="dodger"), Hex(1, 0), 3)
    game = position([b, a], dice=[1])
    game.apply(Attack("a", "b"))
    w = game.pending.window
    assert w.name == "attack_declared" and w.attack.attacker == "a" and w.attack.target == "b"
    live = game.attacks[w.attack_id]
    assert w.attack is not live
    with pytest.raises(dataclasses.FrozenInstanceError):
        w.attack.dodged = True
    # counterattack changes the live attack through the game; the window the next answer
    # is asked with says so, and the window the first answer was asked with does not change
    game.apply(UseAbility("b", "Riposte"))
    assert live.counters == ["b"] and w.attack.counters == ()
    again = game.pending.window
    assert again.attack.counters == ("b",) and again.attack_id == w.attack_id
    assert [o.ability for o in game.pending.options if isinstance(o, UseAbility)] == ["Sidestep"]
    events = game.apply(UseAbility("b", "Sidestep"))
    # the dodge made a miss, and the counterattack the game was told of struck back (and missed a 1)
    assert [(e.attacker, e.dodged) for e in events if type(e) is ev.Missed] == [("a", True), ("b", False)]
    assert game.attacks == {} and game.rolls == {}  # resolved: the game keeps nothing of it


def test_after_a_reroll_the_next_player_is_asked_with_the_new_value():
    a = Model("a", "red", card(REROLL, cid="seer"), Hex(0, 0), 0)
    b = Model("b", "blue", card(SPIN, cid="spinner"), Hex(1, 0), 3)
    game = position([b, a], dice=[1, 6])
    pass_until(game, "action")
    game.apply(Attack("a", "b"))
    d = pass_until(game, "window", "die_rolled")
    assert (d.player, d.window.name, d.window.roll.value, d.window.roll.rerolled) == ("red", "die_rolled", 1, False)
    first = d.window
    game.apply(UseAbility("a", "Fate"))
    d = game.pending
    assert (d.player, d.window.name) == ("blue", "die_rolled")
    assert (d.window.roll.value, d.window.roll.rerolled) == (6, True)
    assert d.window.attack.roll.value == 6 and d.window.roll_id == first.roll_id
    assert (first.roll.value, first.roll.rerolled) == (1, False)  # a value never changes
    events = game.apply(Pass("blue"))
    assert [e.roll for e in events if type(e) is ev.Hit] == [6]
    pass_until(game, "action")  # the attack is over: the game keeps nothing of it
    assert game.attacks == {} and game.rolls == {}


def test_a_copy_keeps_its_own_live_attack():
    a = Model("a", "red", card(), Hex(0, 0), 0)
    b = Model("b", "blue", card(DODGE, COUNTER, cid="dodger"), Hex(1, 0), 3)
    game = position([b, a], dice=[1])
    game.apply(Attack("a", "b"))
    other = game.copy()
    other.apply(UseAbility("b", "Riposte"))
    aid = game.pending.window.attack_id
    assert game.attacks[aid].counters == [] and other.attacks[aid].counters == ["b"]


class _Grid:
    """A stand-in map view: a hex's centre is its coordinates times 100."""

    def hex_center(self, h):
        return (h[0] * 100.0, h[1] * 100.0)

    def facing_angle(self, facing):
        return facing * 60.0


def test_events_carry_the_positions_the_client_animates():
    from deathmatch.client.steps import Lunge
    from deathmatch.scenes.celebrity.anim import Animator, Roll, View

    a = Model("a", "red", card(), Hex(0, 0), 0)
    b = Model("b", "blue", card(cid="dummy"), Hex(1, 0), 0)  # hit from behind, then pushed back
    game = position([b, a], dice=[6])
    events = game.apply(Attack("a", "b"))
    assert game.pending.kind == "push_back"
    events += game.apply(game.pending.options[0])
    declared = next(e for e in events if type(e) is ev.AttackDeclared)
    rolled = next(e for e in events if type(e) is ev.DieRolled)
    assert (declared.attacker_at, declared.target_at, rolled.at) == (Hex(0, 0), Hex(1, 0), Hex(0, 0))
    assert game.models["b"].hex != Hex(1, 0)  # the live game is further on than the events
    # the animator works from the events alone: it is not even handed a game
    anim = Animator(View(), _Grid())
    lunge, = anim.steps_for(declared)
    assert isinstance(lunge, Lunge) and lunge.toward == (100.0, 0.0)
    die, = anim.steps_for(rolled)
    assert isinstance(die, Roll) and die.at == (0.0 + 40, 0.0 - 50)
    # events made by older code (no positions) still animate, from what is drawn
    assert anim.steps_for(ev.DieRolled(3, "attack", "nobody"))[0].at == (40, -50)
    assert isinstance(anim.steps_for(ev.AttackDeclared("a", "b", "melee"))[0], Lunge)
