"""Chessboard Skirmish's screens, driven headless: from the title screen through the setup and a whole
game on the table to the results, by the mouse alone and by the keyboard alone; the table shows
what the engine says (legal squares, targets, the odds) and nothing else; a thinking bot is asked
on the worker thread; the picture ends where the engine's state is."""

from __future__ import annotations

import os
import random
import shutil

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"

import pygame  # noqa: E402
import pytest  # noqa: E402

from conftest import ROOT  # noqa: E402
from deathmatch.board import arena as arenas  # noqa: E402
from deathmatch.core import registry  # noqa: E402
from deathmatch.rulesets.skirmish import actions as act  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.choose import GameChoiceScene  # noqa: E402
from deathmatch.scenes.handoff import HandOffScene  # noqa: E402
from deathmatch.scenes.results import ResultsScene  # noqa: E402
from deathmatch.scenes.skirmish.battle import SkirmishTable  # noqa: E402
from deathmatch.scenes.skirmish.results import SkirmishResults  # noqa: E402
from deathmatch.scenes.skirmish.setup import SkirmishSetupScene  # noqa: E402
from deathmatch.scenes.title import TitleScene  # noqa: E402
from skirmish_driver import TableDriver  # noqa: E402
from test_client import click, past_the_guard, press  # noqa: E402

DT = 1 / 60
TILED = ROOT / "tests" / "data" / "tiled"


def board_map(folder, name="test_field", size=(8, 8), blocked=((3, 4), (4, 3))):
    """A square board for Skirmish written into `folder` (floor and a few obstacles), with its tileset."""
    folder.mkdir(parents=True, exist_ok=True)
    for f in ("squares.tsx", "squares.png"):
        shutil.copy(TILED / f, folder / f)
    w, h = size
    rows = []
    for row in range(h):
        y = h - 1 - row
        rows.append(",".join("2" if (x, y) in blocked else "1" for x in range(w)))
    path = folder / f"{name}.tmx"
    data = ",\n".join(rows)
    path.write_text(f"""<?xml version="1.0" encoding="UTF-8"?>
<map version="1.8" orientation="orthogonal" renderorder="right-down" width="{w}" height="{h}" tilewidth="64" tileheight="64" infinite="0" nextlayerid="2" nextobjectid="1">
 <properties>
  <property name="name" value="Test Field"/>
  <property name="description" value="A plain field for the screens' tests."/>
  <property name="rulesets" value="skirmish"/>
  <property name="min_players" type="int" value="2"/>
  <property name="max_players" type="int" value="2"/>
 </properties>
 <tileset firstgid="1" source="squares.tsx"/>
 <layer id="1" name="ground" width="{w}" height="{h}">
  <data encoding="csv">
{data}
</data>
 </layer>
</map>
""", encoding="utf-8")
    return path


@pytest.fixture
def user_board():
    from deathmatch.paths import user_arenas_dir

    return board_map(user_arenas_dir())


def fresh_app(size=(1280, 720)):
    app = App(size)
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.push(TitleScene(app))
    app.frame([], DT)
    return app


def quick(seed=1, scenario=None, obstacles=0, size=(8, 8)):
    return registry.get("skirmish").quick_game(["Red", "Blue"], arenas.square(*size), seed, scenario=scenario,
                                                obstacles=obstacles)


def table_of(app):
    """The table on the stack (a hand-off screen may already be over it)."""
    return next((s for s in reversed(app.stack.scenes) if isinstance(s, SkirmishTable)), app.stack.top)


def button(scene, label):
    return next(b for b in scene.buttons if b.label.startswith(label))


def test_mouse_alone_from_the_title_to_the_results(user_board):
    app = fresh_app()
    title = app.stack.top
    app.frame(click(button(title, "New game").rect.center), DT)
    choice = app.stack.top
    assert isinstance(choice, GameChoiceScene)
    app.frame(click(button(choice, "Chessboard Skirmish").rect.center), DT)
    setup = app.stack.top
    assert isinstance(setup, SkirmishSetupScene) and setup.count == 2
    paths = [e.path for e in setup.arenas]
    assert user_board in paths  # the player's own board is listed (beside any bundled ones)
    row = next(r for k, r in setup.arena_rects if paths[k] == user_board)
    app.frame(click(row.center), DT)
    assert setup.arenas[setup.arena].path == user_board
    for _ in range(3):  # Scenario: plain fight → Infiltrate → Retrieve → Survival (a game of three rounds)
        app.frame(click(button(setup, "Scenario").rect.center), DT)
    assert button(setup, "Scenario").label == "Scenario: Survival"
    app.frame(click(button(setup, "Start the game").rect.center), DT)
    table = table_of(app)
    assert isinstance(table, SkirmishTable), getattr(setup, "message", "")
    game = table.game
    assert game.state.options.scenario == "survival" and table.board.files == 8
    driver = TableDriver(app, table, "mouse", random.Random(2))
    driver.play()
    assert game.over and game.outcome.reason in ("survival", "last_standing")
    assert {"place", "pick", "act"} <= driver.seen_stages
    app.frame(click(button(table, "Results").rect.center), DT)
    results = app.stack.top
    assert isinstance(results, ResultsScene) and isinstance(results.part, SkirmishResults)
    app.frame([], DT)
    head, _ = results.part.headline()
    assert head == (f"{game.outcome.winners[0]} wins!" if game.outcome.winners else "A draw")


def test_keyboard_alone_from_the_title_to_the_results(user_board):
    app = fresh_app()
    app.frame(press(pygame.K_n), DT)
    assert isinstance(app.stack.top, GameChoiceScene)
    app.frame(press(pygame.K_DOWN) + press(pygame.K_RETURN), DT)  # the second game: Chessboard Skirmish
    assert isinstance(app.stack.top, SkirmishSetupScene)
    app.frame(press(pygame.K_RETURN), DT)  # Start (last army standing)
    table = table_of(app)
    assert isinstance(table, SkirmishTable)
    game = table.game
    driver = TableDriver(app, table, "keyboard", random.Random(3))
    driver.play()
    assert game.over and game.outcome.reason == "last_standing"
    app.frame(press(pygame.K_ESCAPE), DT)
    results = app.stack.top
    assert isinstance(results, ResultsScene) and isinstance(results.part, SkirmishResults)
    app.frame([], DT)
    app.frame(press(pygame.K_r), DT)  # Rematch: the same armies, a new seed
    again = table_of(app)
    assert isinstance(again, SkirmishTable) and again.game is not game
    assert [s.army for s in again.game.setup.seats] == [s.army for s in game.setup.seats]


@pytest.mark.parametrize("mode", ["mouse", "keyboard"])
@pytest.mark.parametrize("scenario", [None, "retrieve", "infiltrate"])
def test_whole_games_on_the_table(mode, scenario):
    app = fresh_app((1024, 600))
    game = quick(seed=7 + len(mode), scenario=scenario, obstacles=4)
    table = SkirmishTable(app, game, None, anim_speed=60.0, handoff=True)
    app.stack.replace(table)
    driver = TableDriver(app, table, mode, random.Random(11))
    driver.play()
    assert game.over and table.stage == "over"
    check_picture_matches_engine(table)


def check_picture_matches_engine(table):
    s = table.game.state
    for m in s.minis.values():
        f = table.view.figures[m.id]
        assert f.on_board == (m.alive and m.at is not None), m.id
        if f.on_board:
            assert (round(f.x), round(f.y)) == tuple(m.at), m.id
            assert f.armour == m.armour, m.id
    carrier = s.marker.carrier if s.marker is not None else None
    assert table.view.carrier == carrier


def settle(app, table, limit=3000):
    for _ in range(limit):
        if isinstance(app.stack.top, HandOffScene):
            past_the_guard(app)
            app.frame(press(pygame.K_RETURN), DT)
            continue
        if table.stage == "over" or (table.decision is not None and not table.animator.busy
                                     and table.stage not in ("idle", "auto")):
            return
        app.frame([], DT)
    raise AssertionError("the table never waited")


def test_the_squares_and_targets_are_the_engines():
    """Every highlighted square is a legal answer and every legal answer has its square; each target shows
    the engine's odds; a bow next to its target asks melee or ranged."""
    app = fresh_app()
    seen_attack = seen_weapon = False
    for seed in range(1, 40):
        game = quick(seed=seed)
        table = SkirmishTable(app, game, None, anim_speed=60.0, handoff=False)
        app.stack.replace(table)
        rng = random.Random(seed)
        for _ in range(400):
            settle(app, table)
            if table.stage == "over":
                break
            legal = game.legal_actions()
            if table.stage == "act":
                ends = {a.path[-1] for a in legal if isinstance(a, act.Move)}
                targets = {game.state.minis[a.target].at for a in legal if isinstance(a, act.Attack)}
                assert set(table.candidates) == ends | targets
                for sq, opts in table.candidates.items():
                    for o in opts:
                        assert o in legal
                attacks = [a for a in legal if isinstance(a, act.Attack)]
                if attacks:
                    seen_attack = True
                    a = attacks[0]
                    pct = table.odds_percent(a)
                    o = game.odds(a.mini, a.target, a.mode)
                    assert pct == round(float(o.wound) * 100) or abs(pct - float(o.wound) * 100) <= 0.5
                    words = table.odds_words(a)
                    m, t = game.state.minis[a.mini], game.state.minis[a.target]
                    assert words.startswith(f"d{m.spec.die}") and f"vs d{t.spec.die}: {pct} %" in words
                    both = [x for x in attacks if x.target == a.target]
                    if len(both) == 2 and m.spec.weapon == "bow":  # (a gun's shot and melee: the same odds, not asked)
                        table.pick_square(game.state.minis[a.target].at)
                        assert table.stage == "weapon" and [b.label[2:8] for b in table.buttons[:2]] == ["Melee ",
                                                                                                          "Ranged"]
                        seen_weapon = True
                        table.back()
                        assert table.stage == "act"
            elif table.stage == "place":
                assert set(table.candidates) == {a.at for a in legal if a.mini == table.place_mini}
            elif table.stage == "pick":
                assert set(table.candidates) == {game.state.minis[a.mini].at for a in legal if isinstance(a, act.Pick)}
            table.answer(rng.choice(legal))
        if seen_attack and seen_weapon:
            break
    assert seen_attack and seen_weapon


def test_a_thinking_bot_is_asked_on_the_worker_thread():
    """A bot that looks ahead (`thinks`) answers from the worker thread while the table keeps drawing."""
    import threading

    threads = set()

    class Thinker:
        thinks = True
        level = "test"

        def __init__(self, seed):
            self.rng = random.Random(seed)

        def choose(self, game):
            threads.add(threading.current_thread().name)
            return self.rng.choice(game.legal_actions())

    app = fresh_app()
    game = quick(seed=5, scenario="survival")
    table = SkirmishTable(app, game, None, anim_speed=60.0, handoff=True, auto_players={"Blue": Thinker(1)},
                          auto_delay=0.0)
    app.stack.replace(table)
    TableDriver(app, table, "mouse", random.Random(4)).play()
    assert game.over
    assert threads and all(name.startswith("skirmish-bot") for name in threads)
    assert any(a.player == "Blue" for a in game.history) and any(a.player == "Red" for a in game.history)


def test_no_hand_off_where_nothing_is_hidden_the_banner_names_the_next_player_instead():
    app = fresh_app()
    game = quick(seed=2)
    table = SkirmishTable(app, game, None, anim_speed=60.0, handoff=True)
    app.stack.replace(table)
    for _ in range(10):
        app.frame([], DT)
        if table.decision is not None:
            break
    assert app.stack.top is table and table.viewer == "Red"  # no hand-off: nothing is hidden (issue 29)
    assert table.turn_banner is not None and table.turn_banner[0] == "Red"
    # the hand-off screen, where one is opened, says only public words
    top = app.open("handoff", table, "Red")
    assert top.public_words().endswith("our move, Red")  # the round and whose move: the same for any seat
    app.frame([], DT)
    assert top.shown[0] == "Pass to Red"
    assert top.shown[2] == "Nothing is hidden: it is your turn."  # no cards to keep close in a skirmish


def test_a_skirmish_game_saves_and_continues_on_its_own_table():
    from deathmatch import saves

    app = fresh_app()
    game = quick(seed=9)
    app.play(game)
    table = table_of(app)
    assert isinstance(table, SkirmishTable)
    driver = TableDriver(app, table, "mouse", random.Random(1))
    for _ in range(12):
        driver.settle()
        driver.step()
    driver.settle()
    info = saves.latest_unfinished()
    assert info is not None
    loaded = saves.load_game(info.path)
    assert loaded.ruleset_id == "skirmish" and loaded.history == game.history
    app.go("title")
    app.frame([], DT)
    app.frame(press(pygame.K_c), DT)  # Continue
    again = table_of(app)
    assert isinstance(again, SkirmishTable) and again.game.history == game.history


def test_the_log_tells_each_die_once_it_has_landed():
    """An attack plays out die by die: the log and the tray are never ahead of the animation, the attacker
    shows as acting (not greyed) until its activation's end is played; a click finishes it all."""
    app = fresh_app()
    game = None
    for seed in range(1, 30):
        g = quick(seed=seed)
        rng = random.Random(seed)
        for _ in range(300):
            if g.over or (g.pending.kind == "act" and any(isinstance(a, act.Attack) for a in g.legal_actions())):
                break
            g.apply(rng.choice(g.legal_actions()))
        if not g.over:
            game = g
            break
    assert game is not None
    table = SkirmishTable(app, game, None, anim_speed=1.0, handoff=False)
    app.stack.replace(table)
    settle(app, table)
    attack = next(a for a in game.legal_actions() if isinstance(a, act.Attack))
    table.answer(attack)
    app.frame([], DT)
    assert table.animator.busy
    assert not any("rolls defence" in line for line in table.log)
    assert table.view.acting == attack.mini  # drawn as the acting one (gold), not greyed
    assert all(d.label != "defence" for d in table.view.tray)
    app.frame(click((5, 5)), DT)  # a click skips the animations
    assert not table.animator.busy
    assert any("rolls defence" in line for line in table.log)
    assert any(d.label == "defence" for d in table.view.tray)
    assert table.view.acting == (table.game.state.activation.mini if table.game.state.activation else None)


def test_the_setup_opens_the_army_builder_and_reads_the_armies_again(user_board, monkeypatch):
    from deathmatch.scenes.skirmish import newgame
    from deathmatch.scenes.skirmish.builder import ArmyBuilderScene

    app = fresh_app()
    app.router.ruleset = "skirmish"
    setup = app.open("setup")
    assert button(setup, "Start the game") is setup.buttons[setup.focus]  # Enter still starts the game
    reads = []
    real_library = newgame.library
    monkeypatch.setattr(newgame, "library", lambda: reads.append(1) or real_library())
    build = button(setup, "Build an army")
    app.frame(click(build.rect.center), DT)
    assert isinstance(app.stack.top, ArmyBuilderScene) and app.stack.top.points == 30
    before = len(reads)
    app.stack.pop()  # the builder closes: the setup is on top again
    app.frame([], DT)
    assert len(reads) == before + 1  # the armies are read again (a saved one shows)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_a_bot_seat_from_the_setup_plays_its_side(user_board, level):
    """The setup's seat button steps through Human, Phone and the ruleset's bot levels; the table asks that bot
    (through `deathmatch.bots.make_bot`) for every answer of its seat, a thinking one on the worker thread."""
    app = fresh_app()
    app.router.ruleset = "skirmish"
    setup = app.open("setup")
    levels = ["Human", "Phone", "Bot: easy", "Bot: normal", "Bot: hard"]
    seat_button = [b for b in setup.buttons if b.label in levels][1]
    while seat_button.label != f"Bot: {level}":
        seat_button.action()
        seat_button = [b for b in setup.buttons if b.label in levels][1]
    setup.options.scenario = "survival"
    app.frame(press(pygame.K_RETURN), DT)
    table = table_of(app)
    assert isinstance(table, SkirmishTable)
    game = table.game
    blue = game.state.players[1]
    assert set(table.bots) == {blue} and table.bots[blue].level == level
    assert getattr(table.bots[blue], "thinks", False) == (level == "hard")
    TableDriver(app, table, "keyboard", random.Random(5)).play()
    assert game.over
    assert any(a.player == blue for a in game.history)


def test_watch_replay_plays_the_game_again_from_its_record():
    app = fresh_app()
    game = quick(seed=3, scenario="survival")
    rng = random.Random(3)
    while not game.over:
        game.apply(rng.choice(game.legal_actions()))
    results = app.go("results", game)
    app.frame([], DT)
    assert results.part.can_replay
    app.frame(press(pygame.K_w), DT)
    replay = app.stack.top
    assert isinstance(replay, SkirmishTable) and type(replay).__name__ == "SkirmishReplay"
    for _ in range(20000):
        app.frame([], DT)
        if replay.stage == "over":
            break
    again = replay.game
    assert again.over and again.history == game.history and again.outcome == game.outcome
    check_picture_matches_engine(replay)
    assert any("acts first" in line for line in replay.log)
    app.frame(press(pygame.K_ESCAPE), DT)
    assert app.stack.top is results


def test_a_game_on_the_table_sets_which_game_new_game_and_the_replay_mean():
    """After a skirmish, a Celebrity game continued from a save must have Celebrity's replay and New game."""
    from deathmatch.launch import make_game

    app = fresh_app()
    app.play(quick(seed=1))
    assert app.router.ruleset == "skirmish" and str(app.router.target("replay")) == "deathmatch.scenes.skirmish.battle:SkirmishReplay"
    celebrity, _ = make_game(2, "duel_pit", seed=1)
    app.play(celebrity)
    assert app.router.ruleset == "celebrity" and str(app.router.target("replay")) == "deathmatch.scenes.celebrity.replay:ReplayScene"
    assert str(app.router.target("setup")) == "deathmatch.scenes.setup:NewGameScene"


def test_the_rules_screen_shows_the_rules_of_the_game_at_the_table():
    from deathmatch.core.registry import manifest

    CELEBRITY_RULES, SKIRMISH_RULES = manifest("celebrity").rules_pages, manifest("skirmish").rules_pages
    from deathmatch.scenes.rules import RulesScene

    app = fresh_app()
    app.play(quick(seed=1))
    app.open("rules")
    rules = app.stack.top
    assert isinstance(rules, RulesScene)
    assert rules.ruleset == "skirmish" and rules.pages == list(SKIRMISH_RULES)
    assert not any(src == "gallery" for _, src in rules.pages)  # no characters' gallery
    rules.blocks(1)
    shown = repr(rules.sources)
    assert "Chessboard Skirmish" in shown and "celebrit" not in shown.lower()
    app.router.ruleset = "celebrity"
    assert RulesScene(app).pages == list(CELEBRITY_RULES)  # Celebrity's own pages, unchanged


def test_the_load_screens_replay_plays_a_saved_skirmish_to_where_it_stands():
    from deathmatch import saves
    from deathmatch.scenes.load import LoadScene

    app = fresh_app()
    game = quick(seed=6)
    rng = random.Random(6)
    for _ in range(40):
        game.apply(rng.choice(game.legal_actions()))
    assert not game.over
    saves.write_named(game, "half way")
    load = app.open("load")
    assert isinstance(load, LoadScene)
    app.frame([], DT)
    replay_button = next(b for b in load.buttons if b.label == "Replay")
    app.frame(click(replay_button.rect.center), DT)
    replay = app.stack.top
    assert type(replay).__name__ == "SkirmishReplay", load.message
    for _ in range(20000):
        app.frame([], DT)
        if replay.stage == "over":
            break
    assert replay.stage == "over" and replay.game.history == game.history and not replay.game.over
    assert replay.prompt_words() == "The replay has reached the end of the record."
    app.frame(press(pygame.K_ESCAPE), DT)
    assert app.stack.top is load


def test_after_a_skirmish_the_title_still_shows_its_cast_and_a_tournament_asks_which_game(monkeypatch):
    """The router follows the game last seated (Skirmish's armies are its library then); the title's
    row of portraits stays the default game's, and Tournament asks which game's night it is."""
    from deathmatch.scenes.skirmish import newgame

    class Entry:
        name = "An army"  # an army, as Skirmish's library lists it: no portrait, no card id

    monkeypatch.setattr(newgame, "library", lambda: newgame.ArmyLibrary({"x": Entry()}, []))
    app = fresh_app()
    app.play(quick(seed=2))
    assert app.router.ruleset == "skirmish" and list(app.library.cards) == ["x"]
    title = app.go("title")
    app.frame([], DT)  # the title draws its cast of celebrities, not the armies
    title.tournament_night()
    choice = app.stack.top
    assert isinstance(choice, GameChoiceScene) and choice.then == "tournament setup"
    choice.choose("celebrity")
    assert app.router.ruleset == "celebrity"
    assert type(app.stack.top).__name__ == "TournamentSetupScene"


def test_every_word_the_table_writes_is_in_the_font():
    """The log, the prompts, the tray, the hand-off and the rules pages: no character the font lacks (it
    would show as an empty box)."""
    from deathmatch.client import ui
    from deathmatch.scenes.rules import load_page

    app = fresh_app()
    written = set()
    for seed, scenario in ((1, "retrieve"), (2, "infiltrate"), (3, "survival")):
        game = quick(seed=seed, scenario=scenario, obstacles=4)
        table = SkirmishTable(app, game, None, anim_speed=60.0, handoff=False)
        app.stack.replace(table)
        driver = TableDriver(app, table, "mouse", random.Random(seed))
        with ui.recording() as records:
            for _ in range(60):
                driver.settle()
                if table.stage == "over":
                    break
                table.draw(ui.RecordingSurface(app.size, records))
                written.add(table.prompt_words())
                driver.step()
            table.draw(ui.RecordingSurface(app.size, records))
        written |= {r.words for r in records} | set(table.log)
    for page in ("skirmish_how_to_play.txt", "skirmish_rules.txt"):
        written.add(repr(load_page(page)))
    assert len(written) > 50
    missing = {ch for w in written for ch in ui.missing_glyphs(w)}
    assert not missing, missing


def test_a_bot_seat_is_still_the_computers_after_continue():
    """The setup keeps which seats the computer plays: a saved game comes back with its bots."""
    from deathmatch import saves
    from deathmatch.rulesets.skirmish.setup import Setup
    from deathmatch.scenes.skirmish import newgame

    app = fresh_app()
    game = newgame.new_game(arenas.square(8, 8), [("Red", []), ("Blue", [])], newgame.library(),
                            newgame_options(), seed=4, bots={"Blue": "normal"})
    assert game.setup.bots == (("Blue", "normal"),)
    assert Setup.from_json(game.setup.to_json()).bots == (("Blue", "normal"),)
    app.play(game)
    table = table_of(app)
    assert "Blue" in table.bots
    driver = TableDriver(app, table, "mouse", random.Random(1))
    for _ in range(6):
        driver.settle()
        driver.step()
    driver.settle()
    assert saves.latest_unfinished() is not None
    app.go("title")
    app.frame([], DT)
    app.frame(press(pygame.K_c), DT)  # Continue
    again = table_of(app)
    assert isinstance(again, SkirmishTable) and again.game.history == table.game.history
    assert set(again.bots) == {"Blue"} and again.bots["Blue"].level == "normal"


def newgame_options():
    from deathmatch.rulesets.skirmish.state import Options

    return Options(30)


def test_a_board_for_two_says_two_players_not_a_range():
    from deathmatch.scenes.setup import players_words

    app = fresh_app()
    app.router.ruleset = "skirmish"
    boards = [e.report.arena for e in app.open("setup").arenas if e.ok]
    assert boards and {players_words(a) for a in boards} == {"2 players"}
    app.router.ruleset = "celebrity"
    arenas = [e.report.arena for e in app.open("setup").arenas if e.ok]
    assert any("–" in players_words(a) for a in arenas if a.min_players != a.max_players)


def test_the_top_bar_says_the_initiative_once_its_dice_have_landed():
    """"Sky Blue 5: Sky Blue acts first" showed in the top bar while the initiative die was still rolling
    on the board (play-tested): the bar's words follow the dice on screen, not the game ahead of them."""
    from deathmatch.client import ui
    from deathmatch.scenes.skirmish import facts as rf

    def drawn(app):
        with ui.recording() as records:
            surface = ui.RecordingSurface(app.size, records)
            for scene in app.stack.scenes:
                scene.draw(surface)
        return " ".join(r.words for r in records)

    app = fresh_app()
    table = SkirmishTable(app, quick(seed=3), None, anim_speed=1.0, handoff=False)
    app.stack.replace(table)
    rng = random.Random(5)
    driver = TableDriver(app, table, "keys", rng)
    rounds = 0
    for _ in range(300):
        driver.settle()
        old = rf.initiative_words(table.seen)
        table.answer(table.options[rng.randrange(len(table.options))])
        new = rf.initiative_words(table.seen)
        if new == old or not new.startswith("Initiative"):
            continue
        busy = 0
        while table.animator.busy:
            words = drawn(app)
            assert new not in words, "the roll-off's result shown before its dice landed"
            busy += 1
            app.frame([], DT)
        assert busy > 0 and new in drawn(app)
        rounds += 1
        if rounds == 2:
            return
    pytest.fail(f"only {rounds} roll-offs in 300 answers")
