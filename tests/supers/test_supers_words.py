"""Superhero Gladiators speaks players' words (issue 29): the hero designer's Type cell opens a list of all
eight types (not a silent cycle), and says which styles a new type takes off; no snake_case id
("wall_walking") on any of its screens; counts agree with their nouns ("1 cell", "1 use", "1 point")."""

from __future__ import annotations

import os
import re
import sys

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from conftest import ROOT  # noqa: E402
from deathmatch.client import ui  # noqa: E402
from deathmatch.rulesets.supers.model import POWER_TYPES, TYPE_NAMES, Hero, Power  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.supers.designer import HeroDesignerScene, TypeList, does_words  # noqa: E402
from deathmatch.scenes.supers.facts import counted, kind_words  # noqa: E402
from test_client import click  # noqa: E402

sys.path.insert(0, str(ROOT / "tools"))
from screens_tour import SCREENS, draw_at, fresh_app  # noqa: E402

DT = 1 / 60
SNAKE = re.compile(r"\b[a-z]+(?:_[a-z]+)+\b")


@pytest.fixture(autouse=True)
def _user_dir(tmp_path, monkeypatch):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))


@pytest.fixture
def app():
    app = App((1280, 720))
    app.catch_errors = False
    return app


def designer(app):
    scene = HeroDesignerScene(app)
    app.push(scene)
    app.frame([], DT)
    return scene


def key(app, k):
    app.frame([pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0),
               pygame.event.Event(pygame.KEYUP, key=k, mod=0, unicode="", scancode=0)], DT)


def words_on(app) -> str:
    with ui.recording() as records:
        surface = ui.RecordingSurface(app.size, records)
        for scene in app.stack.scenes:
            scene.draw(surface)
    return " ".join(r.words for r in records)


def type_cell(scene, i):
    return next(b for b in scene.buttons if b.tag == (("power", i), 1))


def test_the_type_cell_opens_a_list_of_every_type_and_a_click_picks_one(app):
    scene = designer(app)
    p = scene.draft.powers[0]
    p.styles = ["missile", "foiblish"]
    scene.layout()
    app.frame(click(type_cell(scene, 0).rect.center), DT)
    assert isinstance(app.stack.top, TypeList) and p.type == "shot"  # opened, nothing changed yet
    assert [k for k, _ in scene.type_rows] == list(POWER_TYPES)
    shown = words_on(app)
    for kind in POWER_TYPES:
        assert TYPE_NAMES[kind] in shown
    app.frame(click(dict(scene.type_rows)["toughness"].center), DT)
    assert p.type == "toughness" and not isinstance(app.stack.top, TypeList)
    assert p.styles == ["foiblish"]
    assert "now a toughness power" in scene.message and "missile taken off" in scene.message


def test_the_type_list_by_keys_and_esc_keeps_the_type(app):
    scene = designer(app)
    scene.focus_on(("power", 0), 1)
    key(app, pygame.K_RETURN)
    assert isinstance(app.stack.top, TypeList)
    key(app, pygame.K_ESCAPE)
    assert scene.draft.powers[0].type == "shot" and app.stack.top is scene
    key(app, pygame.K_SPACE)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)
    assert scene.draft.powers[0].type == POWER_TYPES[2]
    key(app, pygame.K_SPACE)
    key(app, pygame.K_7)
    assert scene.draft.powers[0].type == "movement" and scene.draft.powers[0].movement == ["speedy"]
    key(app, pygame.K_RIGHT)  # Left/Right still step, and say so
    assert scene.draft.powers[0].type == "healing" and "now a healing power" in scene.message
    assert "speedy taken off" in scene.message


def test_counts_agree_with_their_nouns():
    assert [counted(n, "cell") for n in (0, 1, 2)] == ["0 cells", "1 cell", "2 cells"]
    assert counted(1, "hero", "heroes") == "1 hero" and counted(3, "hero", "heroes") == "3 heroes"
    hero = Hero("moth", "Moth", 5, 5, 3, 2,
                (Power("Wings", "movement", 1, 3, (), ("flight",)), Power("Sticky", "movement", 2, 3, (), ("wall_walking",))))
    assert "up to 1 cell a segment" in does_words(hero.powers[0], hero)
    assert "up to 2 cells a segment" in does_words(hero.powers[1], hero)
    assert "wall-walking" in does_words(hero.powers[1], hero).lower()
    assert kind_words("wall_walking") == "wall-walking" and kind_words("line_of_sight") == "line-of-sight"


def test_the_designer_says_1_use(app):
    scene = designer(app)
    p = scene.draft.powers[0]
    p.uses = 1
    scene.layout()
    shown = words_on(app)
    assert "1 use" in shown and "1 uses" not in shown


PLURAL_SLIP = re.compile(r"\{[^{}]+\} (cells|uses|points|turns|segments|levels|teams)\b")


def test_no_count_is_glued_to_a_plural_noun_in_player_facing_strings():
    """A number put before a plural noun in an f-string ("{n} cells") says "1 cells" one day: each such
    string in Superhero's screens and rules picks the noun by the number (`counted`, or an if)."""
    found = []
    for folder in ("deathmatch/scenes/supers", "deathmatch/rulesets/supers"):
        for path in sorted((ROOT / folder).glob("*.py")):
            if path.name == "lab.py":  # the balance lab's report, for developers (always many fights)
                continue
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if PLURAL_SLIP.search(line) and not line.lstrip().startswith("#"):
                    found.append(f"{path.name}:{n}: {line.strip()}")
    allowed = ("of {budget} points", "of {hero.budget} points", "of {h.budget} points",  # a budget: never 1
               "{n(e.model)} uses",  # the verb: "Powder Nell uses Powder Keg"
               "is for {span} teams")  # a span: "2–4 teams"
    found = [f for f in found if not any(a in f for a in allowed)]
    assert not found, "\n".join(found)


SUPERS_SCREENS = [n for n in SCREENS if n.startswith("supers")]


@pytest.mark.parametrize("name", SUPERS_SCREENS)
def test_no_snake_case_id_on_a_superhero_screen(name):
    from deathmatch.rulesets.supers.heroes import load_default_heroes

    ids = set(load_default_heroes().heroes)  # a hero's id is its file's name: the designer's Id field shows it
    app = fresh_app()
    prepare = SCREENS[name](app)
    with ui.recording() as records:
        surface = ui.RecordingSurface((1280, 720), records)
        draw_at(app, (1280, 720), surface, prepare)
    bad = sorted({w for r in records for w in SNAKE.findall(r.words) if w not in ids and not w.startswith("new_hero")})
    assert not bad, f"{name}: {bad}"


def test_wall_walkers_and_pit_crossers_read_in_players_words_on_the_table():
    """The heroes whose movement powers are wall_walking or line_of_sight in their files: their cards, the move
    box and the setup's hero card say "wall-walking", "line-of-sight"."""
    from deathmatch.board.arenas import list_arenas
    from deathmatch.scenes.supers import newgame
    from deathmatch.scenes.supers.table import SupersTable, power_words
    from test_supers_screens import Driver

    import random

    assert power_words({"name": "Claws", "type": "movement", "level": 2, "movement": ["wall_walking", "line_of_sight"],
                        "uses": 3, "left": 3}) == "Claws: movement 2 (wall-walking, line-of-sight) · 3/3"
    arena = next(e.report.arena for e in list_arenas(ruleset="supers") if e.path.stem == "supers_crater")
    game = newgame.new_game(arena, [("Ann", ["clockwork_rat", "marsh_lantern"]), ("Bob", ["loom_spinner", "bog_hound"])],
                            newgame.library(), None, seed=2, colours=[0, 1])
    rng = random.Random(1)
    app = fresh_app()
    seen = set()
    while len(seen) < 3 and not game.over:
        d = game.pending
        if d.kind == "act" and d.model not in seen and not d.model.startswith("bog"):
            table = SupersTable(app, game, None, handoff=False)
            app.push(table)
            Driver(app, table, "keys", random.Random(2)).settle()
            table.set_mode(("move",))
            for cell in list(table.candidates)[:12]:  # the move box of each cell names the powers it uses
                table.hover_cell = cell
                with ui.recording() as records:
                    table.draw(ui.RecordingSurface(app.size, records))
                bad = {w for r in records for w in SNAKE.findall(r.words)}
                assert not bad, bad
            seen.add(d.model)
            app.stack.remove(table)
        game.apply(rng.choice([a for a in game.legal_actions() if type(a).__name__ != "Attack"]))
    assert len(seen) == 3


def test_every_reason_a_defence_was_wasted_has_players_words():
    """Each reason the rules give for a defence that did nothing (`DefenceWasted.why`) is said in words in the log
    ("Slip Away does not help The Winged Courier: still_held" showed on a phone in play)."""
    import inspect

    from deathmatch.rulesets.supers import game
    from deathmatch.scenes.supers.log import WASTED

    src = inspect.getsource(game)
    reasons = set(re.findall(r'DefenceWasted\([^)]*"([a-z_]+)"\)', src))
    reasons |= set(re.findall(r'return "([a-z_]+)"', inspect.getsource(game.defence_wasted)))
    assert "still_held" in reasons and "too_high" in reasons
    assert sorted(r for r in reasons if r not in WASTED) == []


def test_a_perception_1_hero_is_placed_by_the_next_seat_and_every_word_says_whose_it_is(app):
    """A hero of Perception 1 is placed by the next seat (SUPERS.md §4). The placer's phone said "Start at the
    left of your start area" for the other team's hero, and nothing said why it placed another's hero: now
    the prompt, the phone's status and answers, the screen's prompt and the log name the owner and the rule;
    the designer says it beside the attributes."""
    from dataclasses import replace

    from deathmatch.board.arenas import list_arenas
    from deathmatch.rulesets.supers import actions as ac
    from deathmatch.rulesets.supers.state import Options
    from deathmatch.scenes.supers import newgame
    from deathmatch.scenes.supers import phone as sphone
    from deathmatch.scenes.supers.log import describe
    from deathmatch.scenes.supers.table import SupersTable
    from deathmatch.scenes.title import TitleScene

    lib = newgame.library()
    nell = lib.cards["powder_nell"].hero
    lib.cards["powder_nell"] = newgame.HeroEntry(replace(nell, per=1, str=nell.str + nell.per - 1))
    arena = next(e.report.arena for e in list_arenas(ruleset="supers") if e.path.stem == "supers_crater")
    game = newgame.new_game(arena, [("Ann", ["powder_nell", "storm_widow"]), ("Bob", ["winged_courier", "volt_countess"])],
                            lib, Options(turn_limit=3), seed=3, colours=[0, 1])
    app.push(TitleScene(app))
    table = SupersTable(app, game, None, anim_speed=60.0, handoff=False)
    app.push(table)
    app.frame([], DT)
    d = table.front.decision("Bob")
    assert d is not None and d.kind == ac.PLACE and d.player == "Bob"
    assert table.front.view("Bob").models[d.model].owner == "Ann"  # Ann's Powder Nell, placed first, by Bob
    assert table.phone_status("Bob", True) == "Your turn: place Ann's Powder Nell"
    prompt = table.phone_prompt("Bob")
    assert "Ann's Powder Nell" in prompt and "Perception 1" in prompt and "next seat" in prompt
    ctx = table.phone_ctx("Bob")
    labels = [sphone.choice(o, ctx)["label"] for o in table.options if isinstance(o, ac.Place)]
    assert labels and not any("your start area" in w for w in labels), labels
    assert any("Ann's start area" in w for w in labels), labels
    table.viewer = "Bob"
    words = table.asked_words("Bob")
    assert "Ann's Powder Nell" in words and "next seat" in words, words
    place = next(o for o in table.options if isinstance(o, ac.Place))
    events = table.front.apply("Bob", place)
    lines = [describe(e, table.front.view(None)) for e in events]
    assert any(line and line.startswith("Bob places Ann's Powder Nell (a hero of Perception 1") for line in lines), lines
    # the designer: the rule beside the attributes and on the Perception label's hover words
    scene = designer(app)
    scene.draft.per = 1
    app.frame([], DT)
    assert any("next seat" in w for _, w in scene.hints(scene.hero()))
    assert "the next seat places this hero" in words_on(app)
