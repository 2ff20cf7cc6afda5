"""The hit chances and damage Superhero Gladiators' table shows (rulesets/supers/odds.py) are the
engine's: for attacks met in random fights, every to-hit die and every reliability die is forced in
turn on a copy of the fight, and the engine's own hits, criticals and damage are counted against the
odds. And the table's board puts every cell where a click finds it again, on every bundled arena."""

from __future__ import annotations

import os
import random
from fractions import Fraction

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from deathmatch.core.dice import ForcedDice  # noqa: E402
from deathmatch.rulesets.supers import events as ev  # noqa: E402
from deathmatch.rulesets.supers import odds  # noqa: E402
from deathmatch.rulesets.supers.actions import Attack, AttackGizmo  # noqa: E402


def fights(seed):
    from deathmatch.board.arenas import list_arenas
    from deathmatch.rulesets.supers.ruleset import quick_game

    arena = next(e.report.arena for e in list_arenas(ruleset="supers") if e.path.stem == "supers_crater")
    return quick_game(["Ann", "Bob"], arena, seed, heroes=3)


def outcomes(game, action, dice):
    """The events of `action` on a copy of the fight with the dice forced (then 20s: no more hits)."""
    trial = game.copy()
    trial.dice = ForcedDice(list(dice) + [20] * 40)
    events = trial.apply(action)
    # answer every defence and copy question with "no": the odds count no defence
    from deathmatch.rulesets.supers.actions import Copy, Defend

    while trial.pending is not None and trial.pending.kind in ("defend", "copy"):
        d = trial.pending
        events += trial.apply(Defend(d.player, d.model, None) if d.kind == "defend" else Copy(d.player, d.model, False))
    return events


def test_attack_odds_count_the_engines_own_dice():
    from deathmatch.rulesets.supers.game import RELIABLE_ON

    checked = 0
    for seed in range(4):
        game = fights(seed)
        rng = random.Random(seed)
        for _ in range(400):
            if game.over or checked >= 4 * (seed + 1):
                break
            legal = game.legal_actions()
            attacks = [a for a in legal if isinstance(a, Attack)]
            if attacks:
                a = rng.choice(attacks)
                shown = {h.hero: h for h in odds.attack_odds(game, a.model, a.power, a.target, a.at)}
                m = game.state.models[a.model]
                p = m.power(a.power) or m.stored
                die_power = m.power(m.copier) if m.power(a.power) is None else p
                need = RELIABLE_ON.get(die_power.reliability)
                works = Fraction(need, 20) if need else Fraction(1)
                if need:  # the reliability die: at most `need` works, one more fails (with a sure hit)
                    assert not any(isinstance(e, ev.AttackFailed) for e in outcomes(game, a, [1, need]))
                    assert any(isinstance(e, ev.AttackFailed) for e in outcomes(game, a, [1, need + 1]))
                hit = {h: Fraction(0) for h in shown}
                crit = {h: Fraction(0) for h in shown}
                dmg: dict = {}
                for r in range(1, 21):
                    events = outcomes(game, a, [r] + ([1] if need else []))
                    for e in events:
                        if isinstance(e, ev.HitResult) and e.hit:
                            hit[e.target] += Fraction(1, 20) * works
                            if e.critical:
                                crit[e.target] += Fraction(1, 20) * works
                        if isinstance(e, ev.Damaged):
                            dmg.setdefault((e.model, e.critical), set()).add(e.amount)
                assert {h: x.hit for h, x in shown.items()} == hit, (a, shown)
                assert {h: x.critical for h, x in shown.items()} == crit
                for (h, c), amounts in dmg.items():
                    assert amounts == {shown[h].critical_damage if c else shown[h].damage}
                checked += 1
            game.apply(rng.choice(attacks or legal))
    assert checked >= 12


def test_gizmo_odds_are_the_engines():
    from deathmatch.rulesets.supers.model import Hero, Power
    from deathmatch.rulesets.supers.setup import Seat, Setup, new_game
    from deathmatch.rulesets.supers.actions import Place

    gun = Power("Ray", "shot", 4, None, (), (), "unreliable")
    box = Power("Box", "toughness", 2, 5, (), (), "reliable", "vulnerable")
    a = Hero("a", "A", 4, 4, 3, 4, (gun,))
    b = Hero("b", "B", 4, 4, 4, 3, (Power("Fist", "smash", 1, None), box))
    game = new_game(Setup((Seat("Ann", "red", (a,)), Seat("Bob", "blue", (b,))), {"hexagon": 4}, seed=1))
    cells = iter([(0, 0), (2, 0)])
    while game.pending is not None and game.pending.kind == "place":
        d = game.pending
        game.apply(Place(d.player, d.model, game.cell(next(cells))))
    while game.pending.kind != "act" or game.pending.player != "Ann":
        game.apply(next(x for x in game.legal_actions() if type(x).__name__ == "Hold"))
    act = next(x for x in game.legal_actions() if isinstance(x, AttackGizmo))
    got = Fraction(0)
    for r in range(1, 21):
        for r2 in range(1, 21):
            events = outcomes(game, act, [r, r2])
            if any(isinstance(e, ev.GizmoDestroyed) for e in events):
                got += Fraction(1, 400)
    assert odds.gizmo_odds(game, act.model, act.power, act.target) == got == Fraction(5, 20) * Fraction(15, 20)


@pytest.mark.parametrize("stem", ["supers_crater", "supers_danger_room", "supers_foundry", "supers_skyline"])
def test_every_cell_is_found_again_where_the_board_draws_it(stem):
    import pygame

    from deathmatch.board.arenas import list_arenas
    from deathmatch.scenes.supers.board import Board

    pygame.init()
    pygame.display.set_mode((1, 1))  # the map view converts its tiles for the screen
    entry = next(e for e in list_arenas(ruleset="supers") if e.path.stem == stem)
    board = Board(entry.report.arena, entry.path)
    for rect in (pygame.Rect(0, 46, 655, 418), pygame.Rect(0, 60, 1230, 840)):
        board.fit(rect)
        surface = pygame.Surface((rect.right, rect.bottom))
        board.draw(surface)
        for c in board.cells:
            x, y = board.point(c)
            assert rect.collidepoint(x, y)
            assert board.cell_at((x, y)) == c
    assert (board.map is not None) or (board.tiles is not None)  # drawn from the Tiled map itself


def test_a_defence_said_to_do_nothing_does_nothing_and_one_said_to_stop_the_hit_stops_it():
    """At every defence question met in random fights, each offered defence is invoked on a copy with its
    own dice forced to work: `defence_outlook` None <=> the engine nullifies the hit; else the engine wastes
    it for the very reason given (which the table writes on the button)."""
    from deathmatch.rulesets.supers.actions import Copy, Defend

    seen = {"stops": 0, "wasted": 0}
    for seed in range(6):
        game = fights(seed)
        rng = random.Random(seed)
        for _ in range(600):
            if game.over:
                break
            d = game.pending
            if d.kind == "defend" and d.about == "hit":
                for name in d.options:
                    why = odds.defence_outlook(game, d.model, name)
                    trial = game.copy()
                    trial.dice = ForcedDice([1] * 6 + [20] * 40)
                    events = trial.apply(Defend(d.player, d.model, name))
                    while trial.pending is not None and trial.pending.kind in ("defend", "copy"):
                        q = trial.pending
                        events += trial.apply(Defend(q.player, q.model, None) if q.kind == "defend"
                                              else Copy(q.player, q.model, False))
                    mine = [e for e in events if isinstance(e, (ev.Nullified, ev.DefenceWasted)) and e.model == d.model]
                    assert len(mine) == 1, (seed, name, events)
                    if why is None:
                        assert isinstance(mine[0], ev.Nullified), (seed, name, mine)
                        seen["stops"] += 1
                    else:
                        assert isinstance(mine[0], ev.DefenceWasted) and mine[0].why == why, (seed, name, why, mine)
                        seen["wasted"] += 1
            legal = game.legal_actions()
            attacks = [a for a in legal if isinstance(a, Attack)]
            game.apply(rng.choice(attacks if attacks and rng.random() < 0.8 else legal))
    assert seen["stops"] >= 3 and seen["wasted"] >= 3, seen


def test_the_attacker_is_told_which_defences_could_stop_the_attack():
    from deathmatch.rulesets.supers.model import Power

    class Target:
        def __init__(self, *powers):
            self.powers = powers

    hide = Power("Hide", "toughness", 3, 5)
    palm = Power("Palm", "missile_deflection", 2, 5)
    slip = Power("Slip", "slippery", 4, 5)
    fist = Power("Fist", "smash", 3, None)              # 4 x 3 = 12 damage: toughness 3 stops up to 12
    drill = Power("Drill", "smash", 3, None, ("piercing",))
    dart = Power("Dart", "shot", 2, None, ("missile",))
    bolt = Power("Bolt", "shot", 3, None, ("missile",))
    net = Power("Net", "shot", 2, None, ("entangling",))

    class Model:
        def __init__(self):
            self.hero = Target(hide, palm, slip)

        def power(self, name):
            return next(p for p in self.hero.powers if p.name == name)

        def usable(self, p):
            return True

    class Game:
        class state:
            models = {"t": Model()}

    def stop(power, damage, number=12):
        h = odds.HitOdds("t", number, Fraction(1, 2), Fraction(0), damage, 2 * damage)
        return odds.stopping_defences(Game, "t", h, power)

    assert stop(fist, 12) == ("Hide",)
    assert stop(fist, 13) == ()                 # more than 4 x level
    assert stop(drill, 12) == ()                # piercing
    assert stop(dart, 8) == ("Hide", "Palm")    # a missile of level 2: deflected; 8 oomph: toughness too
    assert stop(bolt, 12) == ("Hide",)          # level 3 is above the deflection's 2
    assert stop(net, 0) == ("Slip",)            # only slippery helps against entangling
    assert stop(net, 0, number=1) == ()         # only a 1 hits: a natural 1 always stands
