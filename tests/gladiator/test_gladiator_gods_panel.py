"""The bout's "Calling on the gods" panel (the Gods button, O) and the standing orders a season's bout
starts with: each person changes theirs mid-bout by the screen's own means, the engine keeps it in the
record, the log says it; a season's bout gives each person the order they chose last (new players:
only when it can change the result) and the season still believes the bout."""

from __future__ import annotations

import os
from types import SimpleNamespace

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402

from deathmatch.board import hexagon  # noqa: E402
from deathmatch.core import registry  # noqa: E402
from deathmatch.rulesets.gladiator import actions as act  # noqa: E402
from deathmatch.rulesets.gladiator.randomplay import random_gladiator  # noqa: E402
from deathmatch.rulesets.gladiator.setup import Seat, Setup, new_game  # noqa: E402
from deathmatch.rulesets.gladiator.state import Options  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.gladiator.bout import GladiatorTable  # noqa: E402
from deathmatch.scenes.gladiator.hub import standing_orders  # noqa: E402
from deathmatch.scenes.gladiator.orders import GodsOrdersScene  # noqa: E402
from table_driver import DT  # noqa: E402
from test_client import click, press  # noqa: E402


def bout(bots=(), gods=()):
    import random

    rng = random.Random(4)
    seats = tuple(Seat(n, c, random_gladiator(rng, k + 1, lions=False))
                  for k, (n, c) in enumerate((("Ann", "red"), ("Bob", "blue"))))
    return new_game(Setup(seats, {"hexagon": 3}, Options(), 4, bots=tuple(bots), gods=tuple(gods)), hexagon(3))


def test_the_gods_panel_changes_a_persons_order_mid_bout_and_the_log_says_so():
    app = App((1024, 600))
    app.catch_errors = False
    game = bout(gods=(("Ann", "useful"), ("Bob", "useful")))
    table = GladiatorTable(app, game, None, handoff=True, anim_speed=60.0, auto_delay=0.0)
    app.stack.replace(table)
    for _ in range(300):
        app.frame([], DT)
        if table.decision is not None and not table.animator.busy:
            break
    assert table.gods_button is not None
    app.frame(press(pygame.K_o), DT)
    panel = app.stack.top
    assert isinstance(panel, GodsOrdersScene)
    assert [r[0] for r in panel.rows()] == ["Ann", "Bob"] and all(r[2] == "useful" for r in panel.rows())
    lit = [b.label for b in panel.buttons if b.selected]
    assert lit == ["Only when it can change the result"] * 2
    never = [b for b in panel.buttons if b.label == "Never"][1]  # Bob's row
    pending = game.pending
    answers = len(game.history)
    app.frame(click(never.rect.center), DT)
    assert game.history[answers:] == [act.SetGods("Bob", "never")] and game.pending is pending
    assert game.gods_order("Bob") == "never" and game.gods_order("Ann") == "useful"
    assert [b.label for b in panel.buttons if b.selected] == ["Only when it can change the result", "Never"]
    app.frame(press(pygame.K_ESCAPE), DT)
    assert app.stack.top is table
    for _ in range(60):
        app.frame([], DT)
    assert any("Bob will never call on the gods" in line for line in table.log)
    # the top bar's button opens it too
    app.frame(click(table.gods_button.rect.center), DT)
    assert isinstance(app.stack.top, GodsOrdersScene)


def test_a_seasons_bout_starts_with_each_persons_last_order_and_replays():
    game = bout(bots=(("Bob", "easy"),))
    standing_orders(game, SimpleNamespace(last_setup={}))
    assert game.history == [act.SetGods("Ann", "useful")]  # the computer's seat answers for itself
    game = bout()
    first = game.pending
    standing_orders(game, SimpleNamespace(last_setup={"gladiator_gods": "never"}))
    assert game.history[:2] == [act.SetGods("Ann", "never"), act.SetGods("Bob", "never")]
    # the first die, rolled before the orders, is not left asking what "never" would not ask: it stands
    assert game.history[2:] == ([act.Reroll(first.player, False)] if first.kind == "reroll" else [])
    record = registry.record_of(game, registry.get("gladiator"))
    again = registry.replay(record)
    assert again.gods_order("Ann") == "never" and again.history == game.history
