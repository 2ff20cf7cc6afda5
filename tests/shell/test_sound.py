"""Sound: the shipped WAVs are sane, and the game stays silent (never crashes) without audio."""

import math
import struct
import wave

import pygame
import pytest

from conftest import ROOT
from deathmatch.board import Hex
from deathmatch.client.sound import AMBIENCE, EFFECTS, Sound
from deathmatch.rulesets.celebrity import events as ev
from deathmatch.scenes.celebrity.sounds import effect_for

SFX = ROOT / "assets" / "sfx"
ALL = EFFECTS + (AMBIENCE,)


def _samples(path):
    with wave.open(str(path), "rb") as w:
        assert (w.getnchannels(), w.getsampwidth(), w.getframerate()) == (1, 2, 22050)
        n = w.getnframes()
        return struct.unpack("<%dh" % n, w.readframes(n))


@pytest.fixture(autouse=True)
def _fresh_mixer():
    """Each test starts and ends with the mixer shut, whatever it did to it."""
    pygame.mixer.quit()
    yield
    pygame.mixer.quit()


# ------------------------------------------------------------------ the files


@pytest.mark.parametrize("name", ALL)
def test_effect_file_is_a_short_sane_wav(name):
    path = SFX / f"{name}.wav"
    assert path.is_file(), f"{path} missing: run tools/make_sfx.py"
    assert path.stat().st_size < 300_000
    x = _samples(path)
    seconds = len(x) / 22050
    assert 0.03 < seconds <= (7.0 if name == AMBIENCE else 3.0)
    peak = max(abs(s) for s in x)
    rms = math.sqrt(sum(s * s for s in x) / len(x))
    assert peak < 32000, "clipped"
    assert peak > 0.25 * 32767, "far below full scale"  # levelled by loudness: tests/shell/test_sound_levels.py
    assert rms > 0.02 * 32767, "(nearly) silent"
    if name != AMBIENCE:  # faded in and out: no click at either end
        assert abs(x[0]) < 300 and abs(x[-1]) < 300


def test_ambience_loops_without_a_jump():
    x = _samples(SFX / f"{AMBIENCE}.wav")
    steps = sorted(abs(x[i + 1] - x[i]) for i in range(len(x) - 1))
    assert abs(x[0] - x[-1]) <= steps[int(len(steps) * 0.99)]


# ------------------------------------------------------------------ playing


def test_plays_every_effect_and_sets_volumes():
    s = Sound()
    assert s.enabled, s.problem
    for name in EFFECTS:
        s.play(name)
    s.play("no such effect")
    assert s.problem is None
    s.set_volumes(0.3, 0.2)
    assert (s.effects_volume, s.music_volume) == (0.3, 0.2)
    s.set_volumes(7, -1)
    assert (s.effects_volume, s.music_volume) == (1.0, 0.0)
    s.start_ambience()
    assert pygame.mixer.Channel(0).get_busy()
    s.set_volumes(0.5, 0.5)
    s.stop_ambience()
    assert s.enabled and s.problem is None


def test_a_mixer_quit_behind_its_back_silences_it():
    s = Sound()
    pygame.mixer.quit()
    s.play("hit")
    s.set_volumes(0.1, 0.1)
    s.start_ambience()
    s.stop_ambience()
    assert not s.enabled and s.problem


def _assert_silent_and_inert(s, capfd):
    assert not s.enabled
    s.play("hit")
    s.play("dice")
    s.set_volumes(0.2, 0.9)
    s.start_ambience()
    s.stop_ambience()
    s.event_effect = effect_for
    assert s.for_event(ev.Hit("a", "b", 5, 0, 4)) == "hit"  # a silent Sound still answers which effect
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_no_device_means_silent(monkeypatch, capfd):
    def no_device(*args, **kwargs):
        raise pygame.error("no device")

    monkeypatch.setattr(pygame.mixer, "init", no_device)
    s = Sound()
    assert "no device" in s.problem
    _assert_silent_and_inert(s, capfd)


def test_bogus_audio_driver_means_silent(monkeypatch, capfd):
    monkeypatch.setenv("SDL_AUDIODRIVER", "no-such-driver")
    s = Sound()
    assert "mixer" in s.problem and "no-such-driver" in s.problem
    _assert_silent_and_inert(s, capfd)


def test_missing_wavs_are_skipped(tmp_path, capfd):
    s = Sound(folder=tmp_path)
    assert s.enabled
    s.play("hit")
    assert "hit" in s.problem and "missing" in s.problem
    for name in EFFECTS:
        s.play(name)
    s.start_ambience()
    s.set_volumes(0.4, 0.4)
    s.stop_ambience()
    assert s.enabled
    out, err = capfd.readouterr()
    assert out == "" and err == ""


def test_a_broken_wav_is_skipped(tmp_path):
    (tmp_path / "hit.wav").write_bytes(b"RIFF not really a wave file")
    s = Sound(folder=tmp_path)
    s.play("hit")
    s.play("hit")
    assert s.enabled and "hit" in s.problem


# ------------------------------------------------------------------ events


def test_for_event_maps_engine_events():
    s = Sound(folder=None, event_effect=effect_for)
    h = Hex(0, 0)
    cases = [
        (ev.DieRolled(4, "attack"), "dice"),
        (ev.Hit("a", "b", 5, 0, 4), "hit"),
        (ev.Missed("a", "b", 2, 0, 4), "miss"),
        (ev.Died("b", h), "death"),
        (ev.LootTaken("a", h), "loot"),
        (ev.BeastMoved("lion", h, Hex(1, 0), 0), "beast"),
        (ev.AbilityPlayed("a", "Fireball", "attack"), "ability"),
        (ev.GameOver("last standing", ("p1",)), "crowd"),
        (ev.Moved("a", h, (Hex(1, 0),), "walk"), "step"),
        (ev.Moved("a", h, (Hex(1, 0),), "charge"), None),
        (ev.Moved("a", h, (Hex(1, 0),), "shove"), None),
        (ev.RoundStarted(1), None),
        (ev.LifeLost("b", 1, "attack"), None),
        ("not an event", None),
    ]
    for event, effect in cases:
        assert s.for_event(event) == effect, event
        assert effect is None or effect in EFFECTS
    assert Sound(folder=None).for_event(ev.Hit("a", "b", 5, 0, 4)) is None  # no ruleset's sounds: silent


def test_the_app_hears_its_rulesets_sounds_through_the_router(tmp_path, monkeypatch):
    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    from deathmatch.scenes.app import App

    app = App((1024, 600))
    assert app.router.event_effect(ev.Died("b", Hex(0, 0))) == "death"
    assert app.router.event_effect(ev.RoundStarted(2)) is None
    assert app.sound.for_event(ev.Died("b", Hex(0, 0))) == "death"  # the app's Sound asks the router


def test_the_battle_plays_each_events_sound_as_its_animation_starts(monkeypatch):
    from deathmatch.launch import make_game
    from deathmatch.rulesets.celebrity.randomplay import random_answer
    from deathmatch.scenes.app import App
    from deathmatch.scenes.celebrity.battle import BattleScene
    import random as _random

    played = []

    class Ear:
        def for_event(self, e):
            return type(e).__name__

        def play(self, name):
            played.append(name)

    app = App((1280, 720))
    game, path = make_game(4, "colosseum", seed=2)
    battle = BattleScene(app, game, path, anim_speed=60.0, handoff=False)
    battle.animator.sound = Ear()
    app.stack.replace(battle)
    rng = _random.Random(3)
    for _ in range(30):
        for _ in range(100):
            app.frame([], 1 / 60)
            if battle.decision is not None and not battle.animator.busy:
                break
        battle.answer(random_answer(game, rng))
    assert "Placed" in played and "Moved" in played
