"""Plain crashes and hangs found on the way (issue 27, class 9): a replay whose decisions no longer
play, `demo`/`play` of every ruleset, a tournament night naming thousands of arenas, a save of a
great many decisions on the title screen, and broken files of every game named on its New game screen.
Each test drives the real path (the CLI, the scene, the loader) and asserts the message or the count."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from deathmatch.cli import main  # noqa: E402

RULESETS = ["celebrity", "skirmish", "gladiator", "supers"]


# --- b. demo and play of every ruleset ---------------------------------------------------------------

@pytest.mark.parametrize("ruleset", RULESETS)
def test_demo_runs_for_every_ruleset(ruleset, capsys):
    assert main(["demo", "--ruleset", ruleset, "--frames", "20"]) == 0
    assert "demo: 20 frames" in capsys.readouterr().out


@pytest.mark.parametrize("ruleset", RULESETS)
def test_play_opens_every_rulesets_table_and_runs(ruleset, monkeypatch):
    from deathmatch.scenes.app import App

    tables = []
    run = App.run
    monkeypatch.setattr(App, "run", lambda self, max_frames=None: tables.append(self.stack.top) or run(self, 5))
    assert main(["play", "--ruleset", ruleset, "--seed", "3"]) == 0
    table = tables[0]
    assert table.app.router.is_a(table, "battle") and table.handoff
    if ruleset == "celebrity":  # the one table with cards to hide hides them in a hotseat game
        assert table.hidden_cards is True
