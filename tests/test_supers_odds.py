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

from deathmatch.core.dice import DiceExhausted, ForcedDice  # noqa: E402
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
