"""tools/compare_screens.py: the pixel-by-pixel check that a restructuring changed no screen."""

import importlib.util

import pygame

from conftest import ROOT

spec = importlib.util.spec_from_file_location("compare_screens_under_test", ROOT / "tools" / "compare_screens.py")
compare_screens = importlib.util.module_from_spec(spec)
spec.loader.exec_module(compare_screens)


def _png(path, size=(40, 30), dots=()):
    surface = pygame.Surface(size)
    surface.fill((30, 20, 10))
    for x, y in dots:
        surface.set_at((x, y), (255, 200, 0))
    pygame.image.save(surface, path)


def test_identical_tours_pass(tmp_path, capsys):
    for d in ("a", "b"):
        (tmp_path / d).mkdir()
        _png(tmp_path / d / "title_1024x600.png", dots=[(3, 4)])
    assert compare_screens.main([str(tmp_path / "a"), str(tmp_path / "b")]) == 0
    assert capsys.readouterr().out.splitlines() == ["1 same, 0 differ, 0 missing"]


def test_a_changed_pixel_a_resized_screen_and_a_missing_one_fail(tmp_path):
    a, b = tmp_path / "a", tmp_path / "b"
    a.mkdir(), b.mkdir()
    _png(a / "same.png"), _png(b / "same.png")
    _png(a / "dots.png", dots=[(5, 6)]), _png(b / "dots.png", dots=[(7, 2), (9, 8)])
    _png(a / "size.png"), _png(b / "size.png", size=(41, 30))
    _png(a / "gone.png")
    lines = compare_screens.compare(a, b)
    assert lines == [
        "differs: dots.png: 3 pixels in the box (5, 2, 9, 8)",
        f"only in {a}: gone.png",
        "differs: size.png: not the same size",
        "1 same, 2 differ, 1 missing",
    ]
    assert compare_screens.main([str(a), str(b)]) == 1
