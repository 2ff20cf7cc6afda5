"""Move+attack's "needs 5+" badges stay off the figures and off each other, at every window size
(they used to be wider than a hex: "eeds 6" under a figure, "needs 5- needs 6" run together)."""

import sys

import pygame
import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))

from screens_tour import LONGEST, SIZES, battle, fresh_app, make_game, play_until  # noqa: E402


def move_attacks(g):
    from deathmatch.rulesets.celebrity.actions import MoveAttack

    return g.pending is not None and g.pending.kind == "action" and sum(
        isinstance(a, MoveAttack) for a in g.legal_actions()) >= 2


def rect_meets_circle(rect: pygame.Rect, centre, radius: float) -> bool:
    x = min(max(centre[0], rect.left), rect.right)
    y = min(max(centre[1], rect.top), rect.bottom)
    return (x - centre[0]) ** 2 + (y - centre[1]) ** 2 < radius ** 2


@pytest.mark.parametrize("seed", [2, 4])
def test_badges_are_clear_of_figures_and_of_each_other(seed):
    app = fresh_app()
    b = battle(app, play_until(make_game(LONGEST, seed=seed), move_attacks, seed=seed))
    checked = 0
    for size in SIZES:
        app.resize_window(size)
        for h in list(b.candidates):
            b.hover_hex = h
            badges = b.attack_from_badges()
            if not badges:
                continue
            checked += 1
            figure = b.figure_size()
            centres = [b.camera.world_to_screen(f.x + f.dx, f.y + f.dy) for f in b.view.figures.values() if f.alive]
            foes = b.target_badge_circles()
            for rect, words, font_size in badges:
                assert not any(rect_meets_circle(rect, c, figure * 0.42) for c in centres), (size, words, rect)
                assert not any(rect_meets_circle(rect, c, radius) for c, radius in foes), (size, words, rect, foes)
                assert words.endswith("+") or words.endswith("6")
            rects = [r for r, _, _ in badges]
            for i, r in enumerate(rects):
                assert r.collidelist(rects[i + 1:]) == -1, (size, rects)
    assert checked, "no move+attack was offered"
