"""Chessboard Skirmish's options on the shared setup frame: points, scenario and random obstacles.

The setup frame (scenes/setup.py, extended by scenes/skirmish/setup.py) puts these buttons where
the options go and hands `options()` to the ruleset's setup. What is remembered is kept in the
settings' `last_setup` under keys of its own ("skirmish_points", …), beside Celebrity's.
"""

from __future__ import annotations

from typing import Callable

import pygame

from ...client.ui import Button
from ..newgame import stepper
from ...rulesets.skirmish.state import Options

POINTS = [30, 40, 50, 20, None]
SCENARIOS = [None, "infiltrate", "retrieve", "survival"]
OBSTACLES = [0, 4, 8, 12]
SCENARIO_WORDS = {None: "plain fight", "infiltrate": "Infiltrate", "retrieve": "Retrieve", "survival": "Survival"}


class SkirmishOptions:
    """The options of a game of Chessboard Skirmish, as the setup screen shows and changes them."""

    def __init__(self, last: dict):
        """Start from `last` (the settings' `last_setup`); a bad value gives the default."""
        points = last.get("skirmish_points", 30)
        self.points = points if points in POINTS else 30
        scenario = last.get("skirmish_scenario")
        self.scenario = scenario if scenario in SCENARIOS else None
        obstacles = last.get("skirmish_obstacles", 0)
        self.obstacles = obstacles if obstacles in OBSTACLES else 0

    hidden_cards = False
    """Nothing is hidden in a skirmish."""

    def buttons(self, x: int, y: int, width: int, s: float, changed: Callable[[], None]) -> list[Button]:
        h, row = int(32 * s), int(40 * s)
        return [
            Button(f"Points: {self.points or 'off'}", pygame.Rect(x, y, width, h), stepper(self, "points", POINTS, changed),
                   True, None, "How many points each army may spend (both the same); off: armies of any size"),
            Button(f"Scenario: {SCENARIO_WORDS[self.scenario]}", pygame.Rect(x + width + 10, y, width, h),
                   stepper(self, "scenario", SCENARIOS, changed), True, None,
                   "Plain fight, Infiltrate, Retrieve or Survival: each is told on the left"),
            Button(f"Random obstacles: {self.obstacles or 'none'}", pygame.Rect(x, y + row, width, h),
                   stepper(self, "obstacles", OBSTACLES, changed), True, None,
                   "Rocks added at random, the same on both halves of the board (the board's own always stay)"),
        ]

    def options(self) -> Options:
        return Options(points=self.points, scenario=self.scenario, obstacles=self.obstacles)

    def remembered(self) -> dict:
        return {"skirmish_points": self.points, "skirmish_scenario": self.scenario,
                "skirmish_obstacles": self.obstacles}
