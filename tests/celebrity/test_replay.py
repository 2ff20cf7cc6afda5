"""Results worth looking at and the replay viewer, driven headless: the VP chart and key moments
for a finished game, stepping forward and back (the state at step k is k decisions replayed),
Replay from the load screen, and hidden cards staying hidden in an unfinished game's replay."""

import os

import pygame
import pytest

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

from deathmatch import saves  # noqa: E402
from deathmatch.rulesets.celebrity.bots import make_bot  # noqa: E402
from deathmatch.launch import make_game  # noqa: E402
from deathmatch.scenes.celebrity.story import moment_words, player_colours  # noqa: E402
from deathmatch.core.front import Front  # noqa: E402
from deathmatch.rulesets.celebrity import GameRecord  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.load import LoadScene  # noqa: E402
from deathmatch.scenes.celebrity.replay import ReplayScene  # noqa: E402
from deathmatch.scenes.results import ResultsScene  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402
from test_client import press  # noqa: E402

DT = 1 / 60


def bot_game(players=4, arena="colosseum", seed=11, round_limit=10, stop_after=None):
    game, _ = make_game(players, arena, seed, round_limit=round_limit)  # hidden cards on
    bots = {p: make_bot("normal", i) for i, p in enumerate(game.players)}
    while not game.over and (stop_after is None or len(game.history) < stop_after):
        game.apply(bots[game.pending.player].choose(game))
    return game


@pytest.fixture(scope="module")
def finished():
    return bot_game()


@pytest.fixture(scope="module")
def app():
    a = App((1280, 720))
    a.catch_errors = False
    a.settings.animation_speed = 60.0
    return a


@pytest.mark.parametrize("size", [(1024, 600), (1280, 720), (1920, 1080)])
def test_results_show_the_vp_chart_and_the_key_moments(finished, size):
    app = App(size)
    app.catch_errors = False
    app.push(TitleScene(app))
    results = ResultsScene(app, finished)
    app.push(results)
    app.frame([], DT)
    screen = app.screen
    # the chart: a line in each player's colour inside its panel
    chart = results.areas["chart"]
    for p, colour in player_colours(Front(finished).view(None)).items():
        mask = pygame.mask.from_threshold(screen.subsurface(chart), colour.rgb + (255,), (2, 2, 2, 255))
        assert mask.count() > 20, f"no line for {p}"
    # the key moments: every kill is listed with its round, in words
    words = [moment_words(m, results.part.timeline) for m in results.part.moments]
    dead = [m for m in finished.models.values() if not m.alive]
    for m in dead:
        assert any(w.startswith(m.card.name.split(",")[0] + " dies") for w in words)
    assert results.part.shown_moments and results.part.shown_moments[0] == f"R{results.part.moments[0].round} {words[0]}"
    # everything fits on the screen, nothing on top of anything else
    boxes = list(results.areas.values()) + [b.rect for b in results.buttons]
    for i, r in enumerate(boxes):
        assert screen.get_rect().contains(r), r
        for other in boxes[i + 1:]:
            assert not r.colliderect(other), (r, other)


def test_the_replay_viewer_steps_forward_and_back_through_the_record(app, finished):
    record = GameRecord.of(finished)
    app.stack.replace(TitleScene(app))
    results = ResultsScene(app, finished)
    app.push(results)
    app.frame([], DT)
    app.frame(press(pygame.K_w), DT)  # Watch replay
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.last == len(record.decisions)

    def fresh(k):
        return GameRecord(record.setup, record.decisions[:k]).replay().snapshot()

    for _ in range(30):  # forward, each step animated
        app.frame(press(pygame.K_RIGHT), DT)
        for _ in range(3):
            app.frame([], DT)
    assert replay.k == 30 and replay.game.snapshot() == fresh(30)
    for _ in range(7):
        app.frame(press(pygame.K_LEFT), DT)
    assert replay.k == 23 and replay.game.snapshot() == fresh(23)
    app.frame(press(pygame.K_END), DT)
    assert replay.k == len(record.decisions) and replay.game.snapshot() == finished.snapshot()
    app.frame(press(pygame.K_RIGHT), DT)  # nothing after the end
    assert replay.k == len(record.decisions)
    app.frame(press(pygame.K_PAGEUP), DT)
    k = replay.k
    steps = replay.timeline.steps
    assert steps[k].round == finished.round and steps[k - 1].round == finished.round - 1
    assert replay.game.snapshot() == fresh(k)
    app.frame(press(pygame.K_PAGEUP), DT)
    assert replay.timeline.steps[replay.k].round == finished.round - 1 and replay.k < k
    app.frame(press(pygame.K_HOME), DT)
    app.frame(press(pygame.K_PAGEDOWN), DT)
    assert replay.k == replay.timeline.first_step_of_round(1) and replay.game.snapshot() == fresh(replay.k)
    # the slider: a click halfway shows the state halfway
    r = replay.slider
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=r.center, button=1)], DT)
    assert abs(replay.k - replay.last / 2) <= 1 and replay.game.snapshot() == fresh(replay.k)
    # the buttons step too, and the log tells the step
    back = next(b for b in replay.buttons if b.label == "<")
    k = replay.k
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=back.rect.center, button=1),
               pygame.event.Event(pygame.MOUSEBUTTONUP, pos=back.rect.center, button=1)], DT)
    assert replay.k == k - 1 and replay.game.snapshot() == fresh(k - 1)
    assert replay.log and replay.log != ["(nothing to tell)"] or not any(replay.timeline.steps[k - 1].events)
    assert not replay.animating or replay.animator.lively
    app.frame(press(pygame.K_ESCAPE), DT)
    assert app.stack.top is results


def test_load_opens_any_save_in_the_replay_viewer(app, finished):
    half = GameRecord(finished.setup, finished.history[:40]).replay()
    saves.write_game(finished, "final_night")
    saves.write_game(half, "half_time")
    app.stack.replace(TitleScene(app))
    load = LoadScene(app)
    app.push(load)
    app.frame([], DT)
    rows = {info.slot: i for i, info in enumerate(load.saves)}
    replays = [b for b in load.buttons if b.label == "Replay"]
    loads = [b for b in load.buttons if b.label != "Replay" and not b.label.startswith("Back")]
    assert not loads[rows["final_night"]].enabled and replays[rows["final_night"]].enabled  # finished: watch only
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=replays[rows["final_night"]].rect.center, button=1)], DT)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and replay.finished and replay.last == len(finished.history)
    app.frame(press(pygame.K_END), DT)
    assert replay.game.snapshot() == finished.snapshot()
    app.frame(press(pygame.K_ESCAPE), DT)
    assert app.stack.top is load
    app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=replays[rows["half_time"]].rect.center, button=1)], DT)
    replay = app.stack.top
    assert isinstance(replay, ReplayScene) and not replay.finished and replay.last == 40
    app.frame(press(pygame.K_END), DT)
    assert replay.game.snapshot() == half.snapshot()
    app.frame(press(pygame.K_ESCAPE), DT)
    # a save that does not replay is explained on the load screen, not a crash
    bad = saves.slot_path("broken")
    bad.write_text(saves.slot_path("half_time").read_text().replace('"decisions": [', '"decisions": [{"type": "Hold", "model": "nobody"},', 1))
    load.layout()
    rows = {info.slot: i for i, info in enumerate(load.saves)}
    replays = [b for b in load.buttons if b.label == "Replay"]
    replays[rows["broken"]].action()
    assert app.stack.top is load and "broken can not be replayed" in load.message


def drawn_words(monkeypatch):
    """Every string the battle screen's drawing puts on screen (its `text` and text blocks)."""
    import deathmatch.scenes.celebrity.battle as battle

    seen = []
    real_text, real_block = battle.text, battle.draw_text_block

    def text(s, *a, **k):
        seen.append(s)
        return real_text(s, *a, **k)

    def block(surface, s, *a, **k):
        seen.append(s)
        return real_block(surface, s, *a, **k)

    monkeypatch.setattr(battle, "text", text)
    monkeypatch.setattr(battle, "draw_text_block", block)
    return seen


def cards_shown(app, replay, seen):
    """Draw the card panel of every model on the board (by pointing at it); the words drawn."""
    seen.clear()
    for m in replay.game.models.values():
        if m.alive and m.hex is not None:
            replay.hover_hex = m.hex
            replay.draw(app.screen)
    return " ".join(seen)


def test_an_unfinished_hidden_cards_replay_shows_only_played_abilities(app, monkeypatch):
    game = bot_game(stop_after=120, round_limit=None)
    assert not game.over and game.options.hidden_cards
    used = [(m, ab) for m in game.models.values() if m.alive for ab in m.card.abilities if ab.name in m.used]
    unused = [(m, ab) for m in game.models.values() if m.alive for ab in m.card.abilities if ab.name not in m.used]
    assert used and unused
    saves.write_game(game, "secret")
    seen = drawn_words(monkeypatch)
    replay = ReplayScene(app, saves.load_record(saves.slot_path("secret")))
    app.stack.replace(replay)
    replay.jump(replay.last)
    replay.animator.skip()
    words = cards_shown(app, replay, seen)
    for m, ab in unused:
        assert ab.text not in words and f"{ab.name}  (" not in words, (m.id, ab.name)
    assert "— a hidden ability —" in words
    for m, ab in used:
        assert ab.text in words
    # the same game finished: every card shows
    while not game.over:
        game.apply(make_bot("normal", 0).choose(game))
    replay = ReplayScene(app, GameRecord.of(game))
    app.stack.replace(replay)
    replay.jump(120)
    replay.animator.skip()
    words = cards_shown(app, replay, seen)
    assert "— a hidden ability —" not in words
    assert any(ab.text in words for m, ab in unused)  # (as far as the card panel has room)
