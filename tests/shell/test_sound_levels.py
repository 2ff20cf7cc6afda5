"""Every game is heard: a seeded game of each ruleset plays sounds for its dice, hits, misses and deaths
(its manifest's `sounds`, client/sound.py's EFFECTS), and every shipped WAV is audible, unclipped and as
loud as the others once the game's GAIN mixes it (tools/sfx_levels.py measures; tools/make_sfx.py levels)."""

from __future__ import annotations

import sys

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "tools"))
from sfx_levels import SFX, game_effects, levels  # noqa: E402

from deathmatch.client.sound import AMBIENCE, EFFECTS, GAIN  # noqa: E402
from deathmatch.core import registry  # noqa: E402

LEVELS = {lv.name: lv for lv in levels(SFX)}
KEY = ("dice", "hit", "miss", "death")
"""What every game must be heard doing."""
RULESETS = [rid for rid in registry.ids() if registry.get(rid).quick_game is not None]


def test_every_effect_is_shipped_and_measured():
    assert set(LEVELS) == set(EFFECTS) | {AMBIENCE}


@pytest.mark.parametrize("name", sorted(set(EFFECTS) | {AMBIENCE}))
def test_a_wav_is_audible_and_never_clipped(name):
    lv = LEVELS[name]
    assert lv.clipped == 0, f"{name}: {lv.clipped} samples at full scale"
    assert lv.peak_db <= -0.5, f"{name}: peak {lv.peak_db:.1f} dBFS"
    assert lv.loudness_db > -30 and lv.rms_db > -40, f"{name}: (nearly) silent ({lv.loudness_db:.1f} dBFS)"


@pytest.mark.parametrize("name", sorted(EFFECTS))
def test_an_effect_is_as_loud_as_the_others(name):
    """Levelled to one loudness (the RMS of the loudest 100 ms) within 1.5 dB; as played (GAIN), within
    -24..-12 dBFS: no effect drowns the others or is lost under them."""
    lv = LEVELS[name]
    assert -16.5 <= lv.loudness_db <= -13.5, f"{name}: {lv.loudness_db:.1f} dBFS"
    assert -24 <= lv.played_db <= -12, f"{name}: played at {lv.played_db:.1f} dBFS (GAIN {GAIN.get(name, 1.0)})"


def test_the_key_moments_sound_alike_loud():
    played = {n: LEVELS[n].played_db for n in KEY}
    assert max(played.values()) - min(played.values()) <= 3.0, played


def test_the_ambience_stays_under_the_effects():
    assert LEVELS[AMBIENCE].played_db < min(LEVELS[n].played_db for n in KEY) - 3


@pytest.mark.parametrize("rid", RULESETS)
def test_every_ruleset_is_heard_rolling_hitting_missing_and_killing(rid):
    """Seeded games between bots (the first seeds until each key moment was heard, at most four games):
    each plays dice, hit, miss and death sounds, and only effects the client has."""
    heard: list[str] = []
    for seed in range(1, 5):
        heard += game_effects(rid, seed)
        if set(KEY) <= set(heard):
            break
    assert set(heard) <= set(EFFECTS), set(heard) - set(EFFECTS)
    missing = set(KEY) - set(heard)
    assert not missing, f"{rid}: never heard {missing} in {len(heard)} effects"
    assert "crowd" in heard  # the game's end is cheered


def test_skirmish_hears_an_attack_land_then_the_save():
    """An attack through the defence is a hit; the save (or armour) holding it is a miss; a defeat a death."""
    from deathmatch.board import Square
    from deathmatch.rulesets.skirmish import events as ev
    from deathmatch.scenes.skirmish.facts import effect_for

    assert effect_for(ev.AttackCompared("a", "b", 5, 3, True)) == "hit"
    assert effect_for(ev.AttackCompared("a", "b", 2, 3, False)) == "miss"
    assert effect_for(ev.Saved("b", 5)) == effect_for(ev.ArmourSpent("b", 0)) == "miss"
    assert effect_for(ev.Defeated("B", "b", Square(1, 1), "a")) == "death"
    assert effect_for(ev.DieRolled("a", "attack", 6, 5, 5, False)) == "dice"
