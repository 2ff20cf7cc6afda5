"""What the game writes in settings.json it reads back without a word: every game's setup screen
remembers its choices (Gladiator!'s two picks are a list) and the next start warns of nothing. A
list of anything but plain values is still refused, with the file and field named."""

import json
import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))

from screens_tour import fresh_app  # noqa: E402

from deathmatch.core import registry  # noqa: E402


@pytest.mark.parametrize("ruleset", sorted(registry.ids()))
def test_a_setup_remembered_reads_back_without_a_warning(ruleset):
    from deathmatch.settings import load_settings, settings_path

    app = fresh_app()
    app.settings.animation_speed = 1.0  # (fresh_app's instant animations are the tests', not a player's)
    app.router.ruleset = ruleset
    setup = app.open("setup")
    if ruleset == "gladiator":
        first, second = setup.gladiators()[:2]
        setup.seats[0].cards, setup.seats[1].cards = [first], [second]
    setup.remember()
    written = json.loads(settings_path().read_text(encoding="utf-8"))
    settings, problems = load_settings()
    assert problems == [], problems
    assert settings.last_setup == written["last_setup"]
    if ruleset == "gladiator":
        assert settings.last_setup["gladiator_picks"] == [first, second]
        again = fresh_app()
        again.router.ruleset = ruleset
        assert [s.cards for s in again.open("setup").seats[:2]] == [[first], [second]]


@pytest.mark.parametrize("value, words", [
    ([{"a": 1}], "item 1 is an object, not a plain value"),
    (["a", ["b"]], "item 2 is a list, not a plain value"),
    (["x"] * 101, "has 101 items, more than 100"),
    (["x" * 201], "item 1 is text"),
])
def test_a_hostile_list_is_still_refused(value, words):
    from deathmatch.settings import load_settings, settings_path

    fresh_app()
    path = settings_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"last_setup": {"gladiator_picks": value, "players": 2}}), encoding="utf-8")
    settings, problems = load_settings()
    assert any("last_setup.gladiator_picks" in p and words in p for p in problems), problems
    assert "gladiator_picks" not in settings.last_setup and settings.last_setup["players"] == 2
