"""What the games' setup screens share, written once (issue 28: no block copied between two games' folders):
the New game frames' checks (scenes/setup.py `seats_problem`, `TwoSeatSetup`), a game's night's kept choices
(`GameNight`), the options' stepper (scenes/newgame.py) and the editors' typing (client/editor.py `EditorForm`).
Each is checked through every game that uses it, in that game's words."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from deathmatch.scenes.gladiator.setup import GladiatorSetupScene  # noqa: E402
from deathmatch.scenes.newgame import stepper  # noqa: E402
from deathmatch.scenes.setup import NewGameScene  # noqa: E402
from deathmatch.scenes.skirmish.builder import ArmyBuilderScene  # noqa: E402
from deathmatch.scenes.skirmish.setup import SkirmishSetupScene  # noqa: E402
from deathmatch.scenes.skirmish.tourney import SkirmishTournamentSetup  # noqa: E402
from deathmatch.scenes.supers.designer import HeroDesignerScene  # noqa: E402
from deathmatch.scenes.supers.setup import SupersSetupScene  # noqa: E402
from deathmatch.scenes.supers.tourney import SupersTournamentSetup  # noqa: E402
from test_skirmish_tournament_screens import fresh_app  # noqa: E402

SETUPS = {"celebrity": (NewGameScene, "Two players", "No arena found."),
          "skirmish": (SkirmishSetupScene, "The two players", "No board found for Chessboard Skirmish."),
          "gladiator": (GladiatorSetupScene, "The two players", "No arena found for Gladiator!"),
          "supers": (SupersSetupScene, "Two players", "No arena found for Superhero Gladiators")}


def setup_of(ruleset: str):
    app = fresh_app()
    app.router.ruleset = ruleset
    scene = SETUPS[ruleset][0](app)
    scene.layout()
    return app, scene


@pytest.mark.parametrize("ruleset", sorted(SETUPS))
def test_every_games_setup_checks_names_colours_and_its_arena_in_its_words(ruleset):
    _, scene = setup_of(ruleset)
    _, same, no_arena = SETUPS[ruleset]
    assert scene.problem() == ""
    a, b = scene.seats[0], scene.seats[1]
    a.name = "  "
    assert scene.problem() == "Every player needs a name."
    a.name, b.name = "Ann", "ann"
    assert scene.problem() == f"{same} have the same name."
    b.name, b.colour = "Bob", a.colour
    assert scene.problem() == f"{same} have the same colour: click a swatch to change it."
    b.colour = (a.colour + 1) % 10
    assert scene.problem() == ""
    scene.arenas = []
    assert scene.problem().startswith(no_arena)


@pytest.mark.parametrize("ruleset", ["skirmish", "gladiator"])
def test_a_two_seat_setup_steps_each_seat_through_its_pieces_and_says_whose_is_wrong(ruleset, monkeypatch):
    _, scene = setup_of(ruleset)
    piece = scene.piece
    step = [b for b in scene.buttons if b.label in (f"Pick {piece}", f"Next {piece}")]
    assert len(step) == 2 and all(b.enabled for b in step)
    assert [b.key for b in step] == ([pygame.K_g, pygame.K_h] if ruleset == "gladiator" else [None, None])
    assert not any(b.label in ("−", "+", "Deal") for b in scene.buttons) and any(b.label == "Random" for b in scene.buttons)
    scene.seats[0].cards = []
    step[0].action()
    first = scene.choices()[0]
    assert scene.seats[0].cards == [first]
    assert any(b.label == f"Next {piece}" for b in scene.buttons)
    monkeypatch.setattr(type(scene), "piece_problems", lambda self, entry: ["too big"])
    assert scene.problem() == f"{scene.seats[0].name}'s {piece}: too big"


def test_a_games_setup_keeps_its_choices_under_its_own_keys_beside_the_others(tmp_path, monkeypatch):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    app, scene = setup_of("gladiator")
    app.settings.last_setup = {"arena": "bundled:colosseum", "skirmish_arena": "x"}
    scene.seats[1].kind = "easy"
    scene.remember()
    kept = app.settings.last_setup
    assert kept["arena"] == "bundled:colosseum" and kept["skirmish_arena"] == "x"  # the other games' choices stay
    assert kept["gladiator_arena"] == scene.arenas[scene.arena].id and "gladiator_picks" in kept
    assert app.settings.players[1]["kind"] == "easy"
    again = GladiatorSetupScene(app)
    assert again.arena == scene.arena and again.seats[1].kind == "easy"


@pytest.mark.parametrize("night, key, arenas, thinking", [(SkirmishTournamentSetup, "night_skirmish", "boards", True),
                                                          (SupersTournamentSetup, "night_supers", "arenas", False)])
def test_a_games_night_keeps_its_choices_under_its_prefix_and_only_a_screen_with_thinking_sets_it(
        night, key, arenas, thinking, tmp_path, monkeypatch):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    app = fresh_app()
    app.router.ruleset = night.ruleset_id
    app.settings.bot_thinking = "normal"
    scene = night(app)
    scene.games, scene.shuffle, scene.thinking = scene.night_games[-1], True, "deep"
    scene.remember()
    kept = app.settings.last_tournament
    assert kept[f"{key}_games"] == scene.night_games[-1] and kept[f"{key}_shuffle"] is True
    assert kept[f"{key}_{arenas}"] == "|".join(scene.arenas[k].id for k in scene.chosen)
    assert app.settings.bot_thinking == ("deep" if thinking else "normal")
    again = night(app)
    assert (again.games, again.shuffle, again.chosen) == (scene.night_games[-1], True, scene.chosen)
    t = again.night(seed=7)
    assert (t.ruleset, t.assignment, t.seed, t.games) == (night.ruleset_id, "deal", 7, scene.night_games[-1])


def test_the_options_stepper_goes_round_and_starts_over_from_a_value_it_does_not_know():
    class Owner:
        level = 30

    owner, calls = Owner(), []
    go = stepper(owner, "level", [20, 30, None], lambda: calls.append(owner.level))
    go()
    go()
    go()
    owner.level = 99
    go()
    assert calls == [None, 20, 30, 20]


def key(k, unicode=""):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode=unicode, scancode=0)


def test_both_editors_type_delete_and_refuse_past_their_limit_in_their_words():
    app = fresh_app()
    builder = ArmyBuilderScene(app)
    assert builder.typed("Ab", key(pygame.K_c, "c"), 3, "too long") == "Abc"
    assert builder.typed("Ab", key(pygame.K_BACKSPACE), 3, "too long") == "A"
    assert builder.typed("Abc", key(pygame.K_d, "d"), 3, "too long") is None and builder.message == "too long"
    assert builder.typed("Ab", key(pygame.K_F1), 3, "too long") is None
    designer = HeroDesignerScene(app)
    assert designer.typed("ab", key(pygame.K_c, "C"), 9, "", lower=True) == "abc"
    designer.row, designer.col = ("id",), 0
    designer.draft.id = "hero"
    designer.type_key(key(pygame.K_x, "X"))
    assert designer.draft.id == "herox"  # an id is typed in small letters
    builder.row = -1
    builder.name = "x" * 40
    builder.type_key(key(pygame.K_y, "y"))
    assert builder.name == "x" * 40 and builder.message.startswith("A name has at most")
