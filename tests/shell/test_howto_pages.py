"""Every game teaches itself: each has an illustrated How to play page drawn by its own picture book, and
no page a player reads on the rules screen carries developers' text (spec references, file formats, ids)."""

import os
import re

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch.client import ui  # noqa: E402
from deathmatch.client.document import Box, Bullets, Heading, Para, Step, Table, parse  # noqa: E402
from deathmatch.client.howto import PictureBook  # noqa: E402
from deathmatch.core import registry  # noqa: E402
from deathmatch.core.manifest import resolve  # noqa: E402
from deathmatch.paths import assets_dir  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.rules import RulesScene  # noqa: E402

GAMES = [m for m in registry.games() if m.client is not None]
PAGES = sorted({(m.id, source) for m in GAMES for _, source in m.rules_pages if source.endswith(".txt")})
DEV_MARKERS = {
    "a spec reference": re.compile(r"RULES\.md|SCENARIOS\.md|[A-Z]+\.md|§"),
    "a file format": re.compile(r"\bYAML\b|\byaml\b|\bJSON\b|[{}]"),
    "code quoting": re.compile(r"`"),
    "a snake_case id": re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b"),
    "a scenario step": re.compile(r"\bmodel: \w+, do:|\bexpect:|\bruleset: \w"),
}


def blocks_of(source: str) -> list:
    path = assets_dir() / "rules" / source
    return parse(path.read_text(encoding="utf-8"), str(path))


def words_of(blocks) -> list[str]:
    out = []
    for b in blocks:
        if isinstance(b, (Box, Step)):
            out += [getattr(b, "title", "")] + words_of(b.blocks)
        elif isinstance(b, Table):
            out += [cell for row in b.rows for cell in row]
        elif isinstance(b, Bullets):
            out += list(b.items)
        elif isinstance(b, (Heading, Para)):
            out.append(b.text)
    return out


def steps_of(blocks) -> list[Step]:
    return [b for b in blocks if isinstance(b, Step)]


def test_the_markers_catch_what_they_are_for():
    for bad in ("exactly as RULES.md §1", "A gladiator is YAML data", "{model: a, do: attack_gizmo}",
                "`amount`", "wall_walking", "see SUPERS.md"):
        assert any(rx.search(bad) for rx in DEV_MARKERS.values()), bad
    for fine in ("Retreat: 2 AP a hex.", "a d8 walks 4", "1–3 torso", "Line-of-sight × 2", "6 ≥ 4: hit"):
        assert not any(rx.search(fine) for rx in DEV_MARKERS.values()), fine


@pytest.mark.parametrize("game, source", PAGES, ids=[f"{g}:{s}" for g, s in PAGES])
def test_no_page_a_player_reads_has_developers_text(game, source):
    for line in words_of(blocks_of(source)):
        for what, rx in DEV_MARKERS.items():
            found = rx.search(line)
            assert found is None, f"{source}: {what} {found.group(0)!r} in {line!r}"


@pytest.mark.parametrize("game, source", PAGES, ids=[f"{g}:{s}" for g, s in PAGES])
def test_every_character_of_every_page_is_in_the_font(game, source):
    pygame.font.init()
    words = "".join(words_of(blocks_of(source)))
    assert ui.missing_glyphs(words) == set(), source


@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.id)
def test_each_game_has_an_illustrated_how_to_play_page_first(game):
    label, source = game.rules_pages[0]
    assert label == "How to play" and source.endswith(".txt")
    blocks = blocks_of(source)
    steps = steps_of(blocks)
    assert len(steps) >= 6, "a first game walked through, step by step"
    book = resolve(game.client.howto)
    assert issubclass(book, PictureBook)
    assert [s.picture for s in steps] == list(book.NAMES), "each step has its picture, in order"
    words = " ".join(words_of(blocks)).lower()
    assert "win" in words and ("roll" in words or "die" in words), "how to win, what the dice mean"
    assert len(words.split()) < 900  # a few minutes of reading


@pytest.mark.parametrize("game", GAMES, ids=lambda m: m.id)
def test_every_picture_is_drawn_with_words_the_font_has(game):
    pygame.init()
    pygame.display.set_mode((8, 8))
    app = App((1024, 600))
    book_class = resolve(game.client.howto)
    book = book_class(app.library_for(game.id) if book_class.USES_LIBRARY else None)
    shown = set()
    for name in book.NAMES:
        img = book(name, 300)
        assert img.get_width() == 300 and 150 < img.get_height() < 420, name
        colours = {img.get_at((x, y))[:3] for x in range(0, 300, 15) for y in range(0, img.get_height(), 15)}
        assert len(colours) > 20, f"{game.id} {name}: the picture is (nearly) blank"
        shown.add(pygame.image.tobytes(img, "RGB"))
    assert len(shown) == len(book.NAMES), "no two pictures alike"
    assert book.labels and ui.missing_glyphs("".join(book.labels)) == set()
    for label in book.labels:
        assert not any(rx.search(label) for rx in DEV_MARKERS.values()), label


def test_the_rules_screen_draws_each_games_pictures_with_its_own_book():
    app = App((1280, 720))
    app.catch_errors = False
    for game in GAMES:
        scene = RulesScene(app, ruleset=game.id)
        app.push(scene)
        app.frame([], 1 / 60)
        assert scene.page_index == 0 and scene.page.texts[0].startswith("How to play")
        images = [op for op in scene.page.ops if op[0] == "image"]
        assert len(images) == len(steps_of(scene.blocks(0))), game.id
        assert type(scene.pictures) is resolve(game.client.howto)
        assert scene.picture("no such picture", 200) is None  # a step naming no picture shows its words alone
        app.stack.pop()


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("game", [m.id for m in GAMES if m.id != "celebrity"])
def test_the_how_to_play_and_rules_pages_fit_the_window(game, size):
    app = App(size)
    app.catch_errors = False
    scene = RulesScene(app, ruleset=game)
    app.push(scene)
    for i in scene.reading:
        scene.show(i)
        app.frame([], 1 / 60)
        for kind, rect, _ in scene.page.ops:
            assert 0 <= rect.left and rect.right <= scene.view.w, (game, scene.pages[i][0], kind, rect)
        pics = [rect for kind, rect, _ in scene.page.ops if kind == "image"]
        assert all(r.w >= 150 for r in pics), (game, size, "pictures too small to read")
