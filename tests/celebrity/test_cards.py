"""Character cards: the bundled set, the schema check and check-cards' messages."""

import shutil

import pytest

from conftest import ROOT
from deathmatch.abilities import KINDS, TIMINGS
from deathmatch.cli import main
from deathmatch.rulesets.celebrity.cards import load_cards, load_default_cards, parse_card

BROKEN = ROOT / "tests" / "data" / "broken_cards"


def test_bundled_cards_are_valid_and_cover_every_kind_and_timing(library):
    assert not library.problems, [str(p) for p in library.problems]
    assert len(library) >= 24
    kinds = {ab.kind for c in library.cards.values() for ab in c.abilities}
    timings = {ab.timing for c in library.cards.values() for ab in c.abilities}
    assert kinds == set(KINDS)
    assert timings == set(TIMINGS)
    for card in library.cards.values():
        assert len(card.abilities) == 3
        assert card.title and card.era and card.flavour, card.id
        assert card.source.endswith(f"{card.id}.yaml")


def test_check_cards_reports_the_bundled_set(capsys):
    assert main(["check-cards", str(ROOT / "assets" / "cards")]) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    count = int(last.split()[0])
    assert count >= 24 and "0 broken, 0 problems" in last


@pytest.mark.parametrize(
    "file, line, words",
    [
        ("syntax.yaml", 7, "YAML syntax error"),
        ("unknown_kind.yaml", 4, "abilities[0].effect.kind: unknown kind 'lazer'"),
        ("missing_param.yaml", 4, "abilities[0].effect: missing parameter 'hit_on' for ranged_attack"),
        ("bad_timing.yaml", 5, "abilities[1].timing: unknown timing 'whenever'"),
        ("wrong_timing_for_kind.yaml", 6, "abilities[2].timing: dodge can not be played at action"),
        ("out_of_range.yaml", 4, "abilities[0].effect.range: 30 is out of range"),
        ("unknown_field.yaml", 3, "colur: unknown field (did you mean 'colour'?)"),
        ("two_abilities.yaml", 3, "abilities: a card has exactly three abilities"),
        ("good.yaml", 1, "id: duplicate id 'good'"),
    ],
)
def test_each_broken_card_gets_a_message_with_file_line_and_field(capsys, file, line, words):
    assert main(["check-cards", str(BROKEN)]) == 1
    out = capsys.readouterr().out
    lines = [ln for ln in out.splitlines() if ln.startswith(str(BROKEN / file))]
    assert lines, out
    assert any(ln.startswith(f"{BROKEN / file}:{line}: ") and words in ln for ln in lines), lines


def test_broken_cards_are_skipped_and_the_good_one_loads():
    lib = load_cards([BROKEN])
    assert list(lib.cards) == ["good"]
    assert lib.files == 10
    assert len(lib.problems) == 9


def test_user_cards_folder_is_loaded_and_a_broken_user_card_is_skipped(tmp_path, monkeypatch):
    user = tmp_path / "me"
    (user / "cards").mkdir(parents=True)
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(user))
    shutil.copy(BROKEN / "good.yaml", user / "cards" / "good.yaml")
    shutil.copy(BROKEN / "unknown_kind.yaml", user / "cards" / "unknown_kind.yaml")
    lib = load_default_cards()
    assert "good" in lib and "napoleon" in lib
    assert any("lazer" in str(p) for p in lib.problems)


def test_text_is_made_from_the_effect_when_a_card_gives_none():
    card, problems = parse_card(
        {"id": "x", "name": "X", "abilities": [{"name": "Bow", "timing": "action", "effect": {"kind": "ranged_attack", "range": 3, "hit_on": 5}}]},
        exact_three=False,
    )
    assert not problems
    assert "3 hexes" in card.abilities[0].text and "5+" in card.abilities[0].text


def test_defaults_fill_optional_parameters():
    card, _ = parse_card(
        {"id": "x", "name": "X", "abilities": [{"name": "Up", "timing": "on_death", "effect": {"kind": "revive"}}]},
        exact_three=False,
    )
    assert card.abilities[0].params == {"lives": 1}


def test_a_card_file_is_never_executed(tmp_path):
    evil = tmp_path / "evil.yaml"
    evil.write_text("!!python/object/apply:os.system ['echo pwned']\n")
    lib = load_cards([evil])
    assert len(lib) == 0 and lib.problems
