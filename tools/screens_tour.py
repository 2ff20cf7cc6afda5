"""Draw every screen of the game at the window sizes that matter and save PNGs (for looking at them).

    python tools/screens_tour.py [--size 1024x600] [--only battle] [--out /tmp/tour]

`SCREENS` is the one list of how to reach each screen (and each stage of the
battle screen); tests/shell/test_layout.py draws every one of them at every size in
`SIZES` and fails on text drawn outside its box. A new screen goes here.
"""

from __future__ import annotations

import argparse
import functools
import os
import random
import sys
import tempfile
from pathlib import Path
from typing import Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
if __name__ == "__main__":
    os.environ.setdefault("DEATHMATCH_USER_DIR", tempfile.mkdtemp(prefix="deathmatch-tour-"))
ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from deathmatch.core import registry  # noqa: E402
from deathmatch.rulesets.celebrity.randomplay import random_answer  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402

SIZES = [(1024, 600), (1280, 720), (1920, 1080)]
NAMES = ["Maximilian Wolff", "Bartholomew Ash", "Wilhelmina Gray", "Konstantin Moll", "Persephone Lake",
         "Gwendolyn Marsh", "Montgomery Hale", "Evangeline Rowe", "Bonaventure Ox", "Marguerite Vale"]
"""Player names as long as the setup lets them be (16 characters)."""

SCREENS: dict[str, Callable[[App], Callable[[], None] | None]] = {}
"""Screen name → a function that puts that screen on a fresh app's stack (the title screen under it).
It may return a function to call after each resize, before drawing (to point the mouse at a button)."""


def screen(name: str):
    def add(build):
        SCREENS[name] = build
        return build
    return add


# --- games to show ----------------------------------------------------------------------

def make_game(cards: list[list[str]], arena: str = "colosseum", seed: int = 3, hidden: bool = True,
              round_limit: int | None = None):
    """A new game: seat i plays `cards[i]`, named from NAMES."""
    from deathmatch.board.tiled import load_arena
    from deathmatch.launch import arena_path
    from deathmatch.rulesets.celebrity import Options, load_default_cards, make_setup, new_game

    loaded = load_arena(arena_path(arena))
    seats = [(NAMES[i], ids) for i, ids in enumerate(cards)]
    setup = make_setup({"map": loaded.source["map"]}, seats, load_default_cards(),
                       Options(beasts=True, round_limit=round_limit, hidden_cards=hidden), seed=seed,
                       colours=list(range(len(cards))))
    return new_game(setup, loaded)


def play_until(game, done, seed: int = 1, limit: int = 5000):
    """Random legal play (seeded) until `done(game)`; the game itself."""
    rng = random.Random(seed)
    for _ in range(limit):
        if done(game):
            return game
        if game.over:
            break
        game.apply(random_answer(game, rng, 0.7))
    raise RuntimeError("the game never reached the wanted moment")


def deal(players: int, seed: int = 5) -> list[list[str]]:
    from deathmatch.rulesets.celebrity import load_default_cards, models_per_player

    ids = sorted(load_default_cards().cards)
    random.Random(seed).shuffle(ids)
    per = models_per_player(players)
    return [ids[i * per:(i + 1) * per] for i in range(players)]


LONGEST = [["attila", "wellington"], ["shaka", "ada_lovelace"], ["joan_of_arc", "genghis_khan"], ["beowulf", "hypatia"]]
"""Four seats holding the cards with the most text (Attila's and Shaka's abilities, Wellington's name)."""

LONG_NAMES = [["tesla", "leonidas"], ["pancho_villa", "sitting_bull"], ["mansa_musa", "lakshmi_bai"], ["wellington", "napoleon"]]
"""Four seats holding the longest ability names (the battle screen's buttons)."""


def _action_of(card_id):
    return lambda g: (g.pending is not None and g.pending.kind == "action"
                      and g.models[g.pending.model].card.id == card_id)


def _kind(kind):
    return lambda g: g.pending is not None and g.pending.kind == kind


@functools.cache
def finished_game(players: int = 4):
    return play_until(make_game(deal(players), "grand_arena" if players > 6 else "colosseum", round_limit=4),
                      lambda g: g.over)


def battle(app, game, *, handoff: bool = False):
    """The battle screen on `game`, run until it waits for a human (animations instant)."""
    from deathmatch.scenes.celebrity.battle import start_battle

    app.settings.handoff = handoff
    app.settings.animation_speed = 60.0
    b = start_battle(app, game)
    for _ in range(900):
        app.frame([], 1 / 60)
        if b.stage not in ("idle", "auto") and not b.animator.busy:
            break
    return b


# --- the screens --------------------------------------------------------------------------

@screen("title")
def _title(app):
    pass


@screen("title_continue")
def _title_continue(app):
    from deathmatch import saves
    from deathmatch.scenes.title import TitleScene

    saves.write_game(play_until(make_game(deal(10), "grand_arena"), lambda g: g.round >= 1))
    app.stack.replace(TitleScene(app))


@screen("battle_continued")
def _battle_continued(app):
    """A 10-player game taken up again by the title screen's Continue: its log told again from the record."""
    from deathmatch import saves
    from deathmatch.scenes.title import TitleScene

    saves.write_game(play_until(make_game(deal(10), "grand_arena"), lambda g: g.round >= 3))
    app.settings.handoff = False
    app.settings.animation_speed = 60.0
    title = TitleScene(app)
    app.stack.replace(title)
    title.continue_game()
    b = app.stack.top
    for _ in range(900):
        app.frame([], 1 / 60)
        if b.stage not in ("idle", "auto") and not b.animator.busy:
            break


def _setup(app, players: int, hidden: bool = True, tournament: bool = False):
    from deathmatch.scenes.setup import NewGameScene
    from deathmatch.scenes.tourney import TournamentSetupScene

    scene = (TournamentSetupScene if tournament else NewGameScene)(app)
    app.push(scene)
    scene.count = players
    for i, seat in enumerate(scene.seats[:players]):
        seat.name = NAMES[i]
    scene.seats[0].cards = ["wellington", "shaka"][: 2 if players <= 4 else 1]
    scene.options.hidden = hidden
    scene.layout()
    return scene


@screen("setup")
def _setup4(app):
    _setup(app, 4, hidden=False)


@screen("setup_10_players")
def _setup10(app):
    _setup(app, 10)


@screen("gallery")
def _gallery(app):
    from deathmatch.scenes.gallery import GalleryScene

    setup = _setup(app, 4)
    g = GalleryScene(app, setup.seats[0], 2, ("attila",), hidden=False)
    app.push(g)
    g.shown = app.library.cards["wellington"]
    g.chosen = ["wellington", "napoleon"]


@screen("gallery_curtain")
def _gallery_curtain(app):
    from deathmatch.scenes.gallery import GalleryScene

    setup = _setup(app, 4)
    app.push(GalleryScene(app, setup.seats[0], 2, (), hidden=True))


@screen("battle_placement")
def _placement(app):
    battle(app, make_game(LONGEST))


@screen("battle_action_attila")
def _attila(app):
    battle(app, play_until(make_game(LONGEST), _action_of("attila")))


@screen("battle_ability_hint")
def _hint(app):
    """The mouse on Attila's first ability button: its card text shows above it."""
    b = battle(app, play_until(make_game(LONGEST), _action_of("attila")))

    def point():
        button = next(x for x in b.buttons if x.hint)
        pygame.mouse.set_pos(button.rect.center)
    return point


@screen("battle_card_played")
def _card_played(app):
    """Shaka's longest ability flipping into view over the arena."""
    from deathmatch.scenes.celebrity.anim import CardShow

    b = battle(app, play_until(make_game(LONGEST), _action_of("shaka")))
    b.view.card = CardShow(b.decision.model, "Shield Hook", age=1.0)


@screen("battle_dice_off_10_players")
def _dice_off(app):
    """The dice-off panel of a 10-player game, the placement order settled (animations at normal speed)."""
    from deathmatch.scenes.celebrity.battle import start_battle

    app.settings.handoff = False
    app.settings.animation_speed = 1.0
    b = start_battle(app, make_game(deal(10), "grand_arena", seed=8))
    for _ in range(1200):
        app.frame([], 1 / 60)
        if b.view.order:
            break
    assert b.view.order and b.view.diceoff, "the dice-off never showed its order"


@screen("battle_action_shaka")
def _shaka(app):
    battle(app, play_until(make_game(LONGEST), _action_of("shaka")))


@screen("battle_action_tesla")
def _tesla(app):
    battle(app, play_until(make_game(LONG_NAMES), _action_of("tesla")))


@screen("battle_window_long_names")
def _window_long(app):
    battle(app, play_until(make_game(LONG_NAMES, seed=6), lambda g: _kind("window")(g) and any(
        getattr(o, "ability", None) in ("Then We Fight in the Shade", "Jhansi Is Not for Giving", "Vision Before the Battle")
        for o in g.legal_actions())))


@screen("battle_window")
def _window(app):
    battle(app, play_until(make_game(LONGEST, seed=4), _kind("window")))


@screen("battle_push_back")
def _push_back(app):
    battle(app, play_until(make_game(LONGEST, seed=5), _kind("push_back")))


@screen("battle_10_players")
def _ten(app):
    battle(app, play_until(make_game(deal(10), "grand_arena"), lambda g: g.round >= 1 and _kind("action")(g)))


@screen("battle_over")
def _over(app):
    battle(app, play_until(make_game(LONGEST, round_limit=3), lambda g: g.over))


@screen("hand_off")
def _hand_off(app):
    from deathmatch.scenes.handoff import HandOffScene

    b = battle(app, play_until(make_game(LONGEST), _action_of("wellington")))
    app.push(HandOffScene(app, b, b.decision.player))


@screen("battle_die_rolled")
def _die_rolled(app):
    """A die against a model whose owner holds a reroll: the prompt says who rolled what, and what it needs."""
    battle(app, play_until(make_game(LONGEST, seed=4), lambda g: _kind("window")(g) and g.pending.window.name == "die_rolled"
                           and g.pending.window.attack is not None, seed=2))


@screen("game_menu")
def _game_menu(app):
    from deathmatch.scenes.pause import PauseMenu

    b = battle(app, make_game(LONGEST))
    app.push(PauseMenu(app, b))


@screen("standing_orders")
def _standing_orders(app):
    from deathmatch.scenes.celebrity.orders import OrdersScene

    b = battle(app, play_until(make_game(LONGEST), _action_of("attila")))
    app.push(OrdersScene(app, b))


@screen("hand_off_undo")
def _hand_off_undo(app):
    """A hand-off right after a move: the mover may still take it back."""
    from deathmatch.rulesets.celebrity import Move
    from deathmatch.scenes.handoff import GUARD, HandOffScene

    b = battle(app, play_until(make_game(LONGEST), _action_of("attila")), handoff=True)
    if any(isinstance(x, HandOffScene) for x in app.stack.scenes):
        app.frame([], GUARD)  # the hand-off takes a press only once its guard is over
        app.frame([__import__("pygame").event.Event(__import__("pygame").KEYDOWN, key=13, mod=0, unicode="\r", scancode=0)], 1 / 60)
    move = next(o for o in b.options if isinstance(o, Move))
    b.answer(move, confirmed=True)
    for _ in range(900):
        app.frame([], 1 / 60)
        if isinstance(app.stack.top, HandOffScene):
            break


@screen("controls_overlay")
def _help(app):
    from deathmatch.scenes.help import HelpOverlay

    battle(app, make_game(LONGEST))
    app.push(HelpOverlay(app))


@screen("save_as")
def _save_as(app):
    from deathmatch.scenes.saveas import SaveAsScene

    b = battle(app, make_game(LONGEST))
    app.push(SaveAsScene(app, b.game))


@screen("save_as_overwrite")
def _save_as_overwrite(app):
    """The save-as prompt asking before it replaces a save of the same name."""
    from deathmatch import saves
    from deathmatch.scenes.saveas import SaveAsScene

    b = battle(app, make_game(LONGEST))
    prompt = SaveAsScene(app, b.game)
    prompt.name = "Friday night final, table two"
    saves.write_named(b.game, prompt.name)
    app.push(prompt)
    prompt.save()
    assert prompt.replacing is not None


@screen("save_as_over_the_dice_off")
def _save_as_over_the_dice_off(app):
    """F5 while the dice-off plays: the battle holds under the prompt (the dice stand where they were), and
    the first placer's hand-off opens only once the prompt is closed, so nothing of theirs shows."""
    from deathmatch.scenes.celebrity.battle import start_battle
    from deathmatch.scenes.saveas import SaveAsScene

    app.settings.handoff = True
    app.settings.animation_speed = 1.0
    b = start_battle(app, make_game(LONGEST))
    for _ in range(30):
        app.frame([], 1 / 60)
    assert b.animator.busy  # the dice-off is playing
    moves = len(b.game.history)
    app.push(SaveAsScene(app, b.game))
    for _ in range(900):
        app.frame([], 1 / 60)
    assert app.stack.top.__class__ is SaveAsScene and b.animator.busy and len(b.game.history) == moves
    assert b.viewer is None and b.pass_to is None


@screen("results")
def _results(app):
    from deathmatch.scenes.results import ResultsScene

    app.push(ResultsScene(app, finished_game(4)))


@screen("replay")
def _replay(app):
    """The replay viewer from the results, stepped into round 3."""
    from deathmatch.scenes.results import ResultsScene

    results = ResultsScene(app, finished_game(4))
    app.push(results)
    results.watch_replay()
    replay = app.stack.top
    replay.jump(replay.timeline.first_step_of_round(3) + 4)
    replay.animator.skip()


@screen("results_10_players")
def _results10(app):
    from deathmatch.scenes.results import ResultsScene

    app.push(ResultsScene(app, finished_game(10)))


@screen("load")
def _load(app):
    from deathmatch import saves
    from deathmatch.scenes.load import LoadScene

    games = [make_game(deal(4)), make_game(deal(10), "grand_arena")]
    for i in range(13):  # more than fit: the list shows what fits
        saves.write_game(games[i % 2], slot=f"{NAMES[i % 10]} {i}")
    app.push(LoadScene(app))


def many_saves(named: int = 30) -> None:
    """A hotseat group's saves folder: `named` saves under names typed, the autosave and four broken files."""
    from deathmatch import saves

    games = [make_game(deal(4)), make_game(deal(10), "grand_arena")]
    for i in range(named):
        saves.write_named(games[i % 2], f"{['Friday', 'Saturday', 'Rematch'][i % 3]} night {i + 1}")
    saves.write_game(games[0])
    folder = saves.saves_dir()
    (folder / "half_written.json").write_text('{"format": "deathmatch-save", "setup": {"arena"', encoding="utf-8")
    (folder / "shopping_list.json").write_text('["eggs", "milk"]', encoding="utf-8")
    (folder / "empty.json").write_text("", encoding="utf-8")
    (folder / "from_the_future.json").write_text('{"format": "deathmatch-save", "version": 99}', encoding="utf-8")


@screen("load_35_saves")
def _load_many(app):
    """30 named saves, the autosave and four broken files: the list scrolled to the middle."""
    from deathmatch.scenes.load import LoadScene

    many_saves()
    scene = LoadScene(app)
    app.push(scene)
    return lambda: scene.select_row(len(scene.saves) // 2)


@screen("settings")
def _settings(app):
    from deathmatch.scenes.settings import SettingsScene

    app.push(SettingsScene(app))


@screen("rules")
def _rules(app):
    from deathmatch.scenes.rules import RulesScene

    app.push(RulesScene(app))


@screen("rules_skirmish")
def _rules_skirmish(app):
    """Chessboard Skirmish's pages, under the row of games the rules screen shows once there are two."""
    from dataclasses import replace

    from deathmatch.scenes import router
    from deathmatch.scenes.rules import RulesScene

    if "skirmish" not in router.RULESETS:  # its screens not in yet: its pages, lent Celebrity's screens, for this app

        class WithSkirmish(router.Router):
            @property
            def rulesets(self):
                celebrity = router.RULESETS["celebrity"]
                return [*super().rulesets, replace(celebrity, id="skirmish", name="Chessboard Skirmish",
                                                   rules=registry.manifest("skirmish").rules_pages)]

        app.router = WithSkirmish(app, app.router.ruleset)
    app.push(RulesScene(app, ruleset="skirmish"))


@screen("gladiator_howto")
def _gladiator_howto(app):
    """Gladiator!'s How to play: the illustrated steps."""
    from deathmatch.scenes.rules import RulesScene

    app.push(RulesScene(app, ruleset="gladiator", page=0))


@screen("gladiator_rules")
def _gladiator_rules(app):
    from deathmatch.scenes.rules import RulesScene

    app.push(RulesScene(app, ruleset="gladiator", page=1))


@screen("error")
def _error(app):
    from deathmatch.scenes.error import ErrorScene

    try:
        raise RuntimeError("an example error whose message goes on for a while, as real ones do: "
                           "'NoneType' object has no attribute 'hex' in deathmatch/engine/game.py line 412")
    except RuntimeError as exc:
        app.push(ErrorScene(app, exc, Path("~/.local/share/deathmatch/logs/crash-2026-11-23-15-02-21.txt")))


@screen("tournament_setup")
def _tourney_setup(app):
    _setup(app, 6, tournament=True)


@functools.cache
def tournament(players: int, games_played: int, games: int):
    from deathmatch.rulesets.celebrity import Options, load_default_cards
    from deathmatch.paths import maps_dir
    from deathmatch.tournament import Entrant, Tournament, play_game_with_bots

    arenas = ["maps/grand_arena.tmx"] if players > 8 else ["maps/colosseum.tmx"]
    assert all((maps_dir() / a.split("/")[1]).exists() for a in arenas)
    t = Tournament([Entrant(NAMES[i], i, "easy") for i in range(players)], games, arenas,
                   options=Options(beasts=True, round_limit=2), seed=11)
    lib = load_default_cards()
    for _ in range(games_played):
        play_game_with_bots(t, lib)
    return t


@screen("tournament_standings")
def _standings(app):
    from deathmatch.scenes.tourney import TournamentScene

    app.push(TournamentScene(app, tournament(10, 1, 3)))


@screen("tournament_podium")
def _podium(app):
    from deathmatch.scenes.tourney import TournamentScene

    app.push(TournamentScene(app, tournament(6, 2, 2)))


def user_arenas(count: int) -> None:
    """`count` arenas of the player's own (copies of the starter map) in the user's arenas folder."""
    from deathmatch.paths import ensure_user_folders, user_arenas_dir

    ensure_user_folders()
    starter = (user_arenas_dir() / "my_first_arena.tmx").read_text(encoding="utf-8")
    for i in range(count):
        (user_arenas_dir() / f"arena_{i:02d}.tmx").write_text(
            starter.replace('value="My First Arena"', f'value="Backyard Pit {i + 1}"'), encoding="utf-8")


# (last: the arenas they add stay in the user folder for the screens after them in one tour)
@screen("setup_20_user_arenas")
def _setup_many_arenas(app):
    user_arenas(20)
    _setup(app, 4, hidden=False)


@screen("tournament_setup_20_user_arenas_scrolled")
def _tourney_many_arenas(app):
    user_arenas(20)
    scene = _setup(app, 3, tournament=True)
    scene.select_arena(len(scene.arenas) - 3)  # far down the list: scrolled there
    scene.chosen = [scene.arena, len(scene.arenas) - 1]


# --- Chessboard Skirmish ----------------------------------------------------------------------

SKIRMISH_NAMES = ["Maximilian Wolff", "Wilhelmina Gray"]


def skirmish_game(seed: int = 3, scenario: str | None = "retrieve", size=(8, 8), obstacles: int = 4):
    """A game of two set armies (heroes, armour, bows and a gun among them: every mark shows) on a
    generated board; free lists (points off)."""
    from deathmatch.board import arena as arenas
    from deathmatch.rulesets.skirmish.army import Army, Miniature as M
    from deathmatch.rulesets.skirmish.setup import Seat, Setup, new_game
    from deathmatch.rulesets.skirmish.state import Options

    cohort = Army("Iron Cohort", (M("Centurion", 10, "melee", 1, True), M("Legionary", 6, "melee", 1),
                                  M("Legionary", 6, "melee", 1), M("Archer", 8, "bow"), M("Slinger", 4, "gun")))
    riders = Army("Steppe Riders", (M("Khan", 12, "bow", 0, True), M("Rider", 8, "bow"), M("Rider", 8, "bow"),
                                    M("Ogre", 20, "melee", 2), M("Scout", 4, "melee")))
    seats = (Seat(SKIRMISH_NAMES[0], "vermilion", cohort), Seat(SKIRMISH_NAMES[1], "sky blue", riders))
    setup = Setup(seats, {"square": list(size)}, Options(None, scenario, obstacles), seed)
    return new_game(setup, arenas.square(*size))


def skirmish_until(game, done, seed: int = 1, limit: int = 3000):
    """Random legal play until `done(game)`."""
    rng = random.Random(seed)
    for _ in range(limit):
        if done(game):
            return game
        if game.over:
            break
        game.apply(rng.choice(game.legal_actions()))
    raise RuntimeError("the game never reached the wanted moment")


def skirmish_table(app, game, *, handoff: bool = False):
    """Skirmish's table on `game`, run until it waits for a person (animations played out)."""
    from deathmatch.scenes.skirmish.battle import start_battle

    app.settings.handoff = handoff
    app.settings.animation_speed = 60.0
    t = start_battle(app, game)
    for _ in range(900):
        app.frame([], 1 / 60)
        if t.stage not in ("idle", "auto") and not t.animator.busy:
            break
    t.animator.skip()
    return t


def _ranged_choice(g) -> bool:
    """An activation with a ranged target and a melee one (the lines and the odds on the board)."""
    from deathmatch.rulesets.skirmish.actions import Attack

    attacks = [a for a in g.legal_actions() if isinstance(a, Attack)] if g.pending and g.pending.kind == "act" else []
    return any(a.mode == "ranged" for a in attacks) and len({a.target for a in attacks}) >= 2


def skirmish_board(folder):
    """A square board for Skirmish in `folder` (the tour's user arenas), when no bundled one is listed."""
    import shutil

    src = ROOT / "tests" / "data" / "tiled"
    folder.mkdir(parents=True, exist_ok=True)
    for f in ("squares.tsx", "squares.png"):
        shutil.copy(src / f, folder / f)
    rows = ",\n".join(",".join("2" if (x, 7 - r) in ((3, 4), (4, 3)) else "1" for x in range(8)) for r in range(8))
    (folder / "tour_field.tmx").write_text(
        '<?xml version="1.0" encoding="UTF-8"?>\n<map version="1.8" orientation="orthogonal" renderorder="right-down" '
        'width="8" height="8" tilewidth="64" tileheight="64" infinite="0" nextlayerid="2" nextobjectid="1">\n'
        ' <properties>\n  <property name="name" value="The Tour Field"/>\n'
        '  <property name="description" value="Eight by eight, two stones in the middle: a field for the tour."/>\n'
        '  <property name="rulesets" value="skirmish"/>\n'
        '  <property name="min_players" type="int" value="2"/>\n  <property name="max_players" type="int" value="2"/>\n'
        ' </properties>\n <tileset firstgid="1" source="squares.tsx"/>\n'
        f' <layer id="1" name="ground" width="8" height="8">\n  <data encoding="csv">\n{rows}\n</data>\n </layer>\n</map>\n',
        encoding="utf-8")


@screen("skirmish_choose_game")
def _skirmish_choose(app):
    app.open("choose game")


@screen("skirmish_setup")
def _skirmish_setup(app):
    from deathmatch.board.arenas import list_arenas
    from deathmatch.paths import user_arenas_dir

    if not list_arenas(ruleset="skirmish"):
        skirmish_board(user_arenas_dir())
    app.router.ruleset = "skirmish"
    setup = app.open("setup")
    for i, name in enumerate(SKIRMISH_NAMES):
        setup.seats[i].name = name[:16]
    setup.layout()


@screen("skirmish_placement")
def _skirmish_placement(app):
    skirmish_table(app, skirmish_game())


@screen("skirmish_pick")
def _skirmish_pick(app):
    skirmish_table(app, skirmish_until(skirmish_game(), lambda g: g.pending is not None and g.pending.kind == "pick"
                                       and g.state.round >= 2))


@screen("skirmish_attack_odds")
def _skirmish_attack(app):
    skirmish_table(app, skirmish_until(skirmish_game(seed=5, scenario=None), _ranged_choice, seed=3))


@screen("skirmish_reroll")
def _skirmish_reroll(app):
    skirmish_table(app, skirmish_until(skirmish_game(seed=6, scenario="survival"),
                                       lambda g: g.pending is not None and g.pending.kind == "reroll", seed=2))


@screen("skirmish_dice_tray")
def _skirmish_tray(app):
    """The dice tray at its fullest: a hero's re-rolled defence and the save, their words whole."""
    from deathmatch.scenes.skirmish.anim import TrayDie

    t = skirmish_table(app, skirmish_until(skirmish_game(seed=6, scenario="survival"),
                                           lambda g: g.pending is not None and g.pending.kind == "act", seed=2))
    gold, blue = (230, 120, 40), (90, 170, 230)
    t.view.tray_title = "Maximilian Wolff's Centurion attacks Wilhelmina Gray's Khan"
    t.view.tray[:] = [TrayDie("attack", 10, 9, gold, rolling=0, shown=9), TrayDie("defence", 12, 3, blue, rolling=0, shown=3),
                      TrayDie("re-roll defence", 12, 7, blue, rolling=0, shown=7, verdict="9 vs 7: gets through", good=False),
                      TrayDie("save", 12, 2, blue, "needs 4+", rolling=0, shown=2)]


@screen("skirmish_one_move_from_winning")
def _skirmish_danger(app):
    """Retrieve: a carrier one move from its own corner, the warning on the table."""
    def carried_near_home(g):
        from deathmatch.rulesets.skirmish.view import one_move_from_winning

        return g.pending is not None and g.pending.kind == "pick" and bool(one_move_from_winning(g.state))
    skirmish_table(app, skirmish_until(skirmish_game(seed=3, scenario="retrieve"), carried_near_home, seed=4,
                                       limit=20000))


@screen("skirmish_16x16")
def _skirmish_big(app):
    skirmish_table(app, skirmish_until(skirmish_game(seed=4, scenario="infiltrate", size=(16, 16), obstacles=12),
                                       lambda g: g.pending is not None and g.pending.kind == "act", seed=5))


@screen("skirmish_over")
def _skirmish_over(app):
    skirmish_table(app, skirmish_until(skirmish_game(seed=7), lambda g: g.over, seed=4))


@screen("skirmish_hand_off")
def _skirmish_hand_off(app):
    from deathmatch.scenes.handoff import HandOffScene

    t = skirmish_table(app, skirmish_until(skirmish_game(), lambda g: g.pending is not None and g.pending.kind == "act"))
    app.push(HandOffScene(app, t, t.decision.player))


def _melee_or_ranged(g) -> bool:
    """A bow next to an enemy it may also shoot: the table asks which (a gun's shot rolls as melee does:
    not asked)."""
    from deathmatch.rulesets.skirmish.actions import Attack

    if g.pending is None or g.pending.kind != "act" or g.state.minis[g.pending.mini].spec.weapon != "bow":
        return False
    attacks = [a for a in g.legal_actions() if isinstance(a, Attack)]
    return any(sum(1 for b in attacks if b.target == a.target) == 2 for a in attacks)


@screen("skirmish_melee_or_ranged")
def _skirmish_weapon(app):
    from deathmatch.rulesets.skirmish.actions import Attack

    game = None
    for seed in range(1, 40):
        try:
            game = skirmish_until(skirmish_game(seed=seed, scenario=None), _melee_or_ranged, seed=seed)
            break
        except RuntimeError:
            continue
    t = skirmish_table(app, game)
    attacks = [a for a in game.legal_actions() if isinstance(a, Attack)]
    target = next(a.target for a in attacks if sum(1 for b in attacks if b.target == a.target) == 2)
    t.pick_square(game.state.minis[target].at)


@screen("skirmish_controls")
def _skirmish_controls(app):
    from deathmatch.scenes.skirmish.battle import CONTROLS

    skirmish_table(app, skirmish_game())
    app.open("help", controls=CONTROLS)


@screen("skirmish_rules")
def _skirmish_rules(app):
    app.router.ruleset = "skirmish"
    app.open("rules", page=0)


@screen("skirmish_results")
def _skirmish_results(app):
    from deathmatch.scenes.results import ResultsScene

    app.push(ResultsScene(app, skirmish_until(skirmish_game(seed=7), lambda g: g.over, seed=4)))


@screen("tournament_choose_game")
def _tournament_choose(app):
    app.open("choose game", "tournament setup")


@screen("skirmish_tournament_setup")
def _skirmish_tournament_setup(app):
    from deathmatch.board.arenas import list_arenas
    from deathmatch.paths import user_arenas_dir

    if not list_arenas(ruleset="skirmish"):
        skirmish_board(user_arenas_dir())
    app.router.ruleset = "skirmish"
    setup = app.open("tournament setup")
    for i, name in enumerate(SKIRMISH_NAMES):
        setup.seats[i].name = name[:16]
        setup.seats[i].kind = "normal"
    if len(setup.arenas) > 1:
        setup.chosen.append(1)
    setup.layout()


@functools.cache
def skirmish_tournament(games_played: int, games: int):
    """A night of Chessboard Skirmish between two bots with the longest names, Survival (three rounds)."""
    from deathmatch.rulesets.skirmish.state import Options
    from deathmatch.tournament import Entrant, Tournament, play_game_with_bots

    t = Tournament([Entrant(n[:16], i, "easy") for i, n in enumerate(SKIRMISH_NAMES)], games, ["bundled:chessboard"],
                   options=Options(points=30, scenario="survival"), seed=11, ruleset="skirmish")
    for _ in range(games_played):
        play_game_with_bots(t)
    return t


@screen("skirmish_tournament_standings")
def _skirmish_standings(app):
    from deathmatch.scenes.tourney import TournamentScene

    app.router.ruleset = "skirmish"
    app.push(TournamentScene(app, skirmish_tournament(1, 4)))


@screen("skirmish_tournament_podium")
def _skirmish_podium(app):
    from deathmatch.scenes.tourney import TournamentScene

    app.router.ruleset = "skirmish"
    app.push(TournamentScene(app, skirmish_tournament(2, 2)))


# --- Gladiator! -------------------------------------------------------------------------------

GLADIATOR_NAMES = ["Maximilian Wolff", "Wilhelmina Gray"]


def gladiator_game(seed: int = 3, types=("thracian", "retiarius"), arena: str = "sand_circle"):
    """A bout of two named gladiators on a bundled arena (the first one of a kind the library has, else a
    plain man of that type)."""
    from deathmatch.board.arenas import list_arenas
    from deathmatch.rulesets.gladiator.gladiators import load_default_library
    from deathmatch.rulesets.gladiator.model import Gladiator
    from deathmatch.rulesets.gladiator.setup import Seat, Setup, new_game

    lib = load_default_library()
    men = []
    for k, t in enumerate(types):
        g = next((g for g in sorted(lib.gladiators.values(), key=lambda g: g.id) if g.type == t), None)
        men.append(g or Gladiator(f"{t}{k}", t.capitalize(), t))
    cards = {c: lib.cards[c] for g in men for c in g.cards if c in lib.cards}
    seats = (Seat(GLADIATOR_NAMES[0], "vermilion", men[0]), Seat(GLADIATOR_NAMES[1], "sky blue", men[1]))
    board = next(e.report.arena for e in list_arenas(ruleset="gladiator") if e.ok and e.path.stem == arena)
    setup = Setup(seats, {"map": board.source["map"]}, seed=seed, cards=cards)
    return new_game(setup, board)


def gladiator_until(game, done, seed: int = 1, limit: int = 3000):
    """Random legal play (never ending a half while AP are left, so the men close in) until `done(game)`."""
    from deathmatch.rulesets.gladiator.actions import End

    rng = random.Random(seed)
    for _ in range(limit):
        if done(game):
            return game
        if game.over:
            break
        legal = game.legal_actions()
        busy = [a for a in legal if not isinstance(a, End)]
        game.apply(rng.choice(busy or legal))
    raise RuntimeError("the bout never reached the wanted moment")


def gladiator_table(app, game, *, handoff: bool = False):
    """Gladiator!'s table on `game`, run until it waits for a person (animations played out)."""
    from deathmatch.scenes.gladiator.bout import start_battle

    app.settings.handoff = handoff
    app.settings.animation_speed = 60.0
    t = start_battle(app, game)
    for _ in range(900):
        app.frame([], 1 / 60)
        if t.stage not in ("idle", "auto") and not t.animator.busy:
            break
    t.animator.skip()
    return t


def _may_attack(g) -> bool:
    from deathmatch.rulesets.gladiator.actions import Attack

    return g.pending is not None and g.pending.kind == "order" and any(isinstance(a, Attack) for a in g.legal_actions()) \
        and g.state.turn >= 2


@screen("gladiator_setup")
def _gladiator_setup(app):
    app.router.ruleset = "gladiator"
    setup = app.open("setup")
    for i, name in enumerate(GLADIATOR_NAMES):
        setup.seats[i].name = name[:16]
    setup.pick(0)
    setup.pick(1)
    setup.pick(1)
    setup.layout()


@screen("gladiator_posture")
def _gladiator_posture(app):
    gladiator_table(app, gladiator_until(gladiator_game(), lambda g: g.pending is not None and g.pending.kind == "posture"))


@screen("gladiator_orders")
def _gladiator_orders(app):
    """Mid-bout, the enemy hovered: his sides round him and the odds of an exchange."""
    t = gladiator_table(app, gladiator_until(gladiator_game(), _may_attack, seed=2))

    def hover():
        t.hover_hex = t.foe.at
    return hover


@screen("gladiator_attack")
def _gladiator_attack(app):
    """The attack's choices with the odds of each."""
    t = gladiator_table(app, gladiator_until(gladiator_game(seed=5, types=("secutor", "dimachaerus")), _may_attack, seed=3))
    t.open_attack()


@screen("gladiator_facing")
def _gladiator_facing(app):
    """After an advance's last step: the facings round where he ends, numbered."""
    from deathmatch.rulesets.gladiator.actions import Advance

    t = gladiator_table(app, gladiator_until(gladiator_game(seed=4), lambda g: g.pending is not None
                                             and g.pending.kind == "order"
                                             and any(isinstance(a, Advance) for a in g.legal_actions())))
    foe = t.foe
    t.open_facing(min(t.of_type(Advance), key=lambda a: (abs(len(a.path) - 2), a.path[-1].distance(foe.at))))


@screen("gladiator_exchange")
def _gladiator_exchange(app):
    """An exchange animating: the dice on the tray, a wound landing on the body diagram."""
    from deathmatch.rulesets.gladiator.actions import Attack

    def wounds(g) -> bool:  # an attack now would wound someone (tried on a copy of the bout)
        if not _may_attack(g):
            return False
        trial = g.copy()
        events = trial.apply(next(a for a in trial.legal_actions() if isinstance(a, Attack)))
        return any(type(e).__name__ == "Wounded" for e in events)

    t = gladiator_table(app, gladiator_until(gladiator_game(seed=6, types=("myrmillo", "hoplomachus")), wounds, seed=4))
    t.animator.speed = 1.0
    t.answer(next(a for a in t.options if isinstance(a, Attack)))
    for _ in range(600):  # until the wound lands on the body diagram
        t.update(1 / 60)
        if any(b.hit for b in t.view.bodies.values()):
            break
    for _ in range(20):
        t.update(1 / 60)


@screen("gladiator_reroll")
def _gladiator_reroll(app):
    """A die just rolled: its owner may call on the gods (the tray shows the die)."""
    gladiator_table(app, gladiator_until(gladiator_game(seed=8), lambda g: g.pending is not None
                                         and g.pending.kind == "reroll" and g.state.turn >= 2, seed=6))


@screen("gladiator_gods")
def _gladiator_gods(app):
    """The "Calling on the gods" panel (the Gods button, O): each person's standing order, changed mid-bout."""
    t = gladiator_table(app, gladiator_until(gladiator_game(seed=8), lambda g: g.pending is not None
                                             and g.pending.kind == "reroll" and g.state.turn >= 2, seed=6))
    t.open_gods()


@screen("gladiator_turn_banner")
def _gladiator_turn_banner(app):
    """Two people, the hand-off on: nothing is hidden, so a change of seat shows whose turn it is, no hand-off."""
    gladiator_table(app, gladiator_until(gladiator_game(), _may_attack, seed=2), handoff=True)


@screen("gladiator_hand_off")
def _gladiator_hand_off(app):
    from deathmatch.scenes.handoff import HandOffScene

    t = gladiator_table(app, gladiator_until(gladiator_game(), _may_attack, seed=2))
    app.push(HandOffScene(app, t, t.decision.player))


@screen("gladiator_over")
def _gladiator_over(app):
    gladiator_table(app, gladiator_until(gladiator_game(seed=7), lambda g: g.over, seed=4, limit=20000))


@screen("gladiator_results")
def _gladiator_results(app):
    game = gladiator_until(gladiator_game(seed=7), lambda g: g.over, seed=4, limit=20000)
    app.router.ruleset = "gladiator"
    app.open("results", game)


# --- Gladiator!'s careers (scenes/gladiator/seasons.py, ludus.py, hub.py) ---

LUDUS_LONG = ["Ludus Maximilianus Magnus", "Ludus Wilhelminae Grayae"]
"""Ludus names near the longest a person types in (40 characters is the most)."""


def tour_season(bouts: int = 3, name: str = "Friday night at the ludus", humans: int = 2, bots: int = 2,
                schedule: str = "round-robin"):
    """A season saved in the seasons folder: `humans` people's ludi (long names, two men each, with
    the extras) and `bots` bot ludi, `bouts` bouts fought by bots. Returns (path, season)."""
    from deathmatch.rulesets.gladiator import season as S
    from deathmatch.rulesets.gladiator.career import Season, bot_pick, bout_with_bots

    deck = S.rules_for_careers().career.deck()
    season = Season(11, schedule, None, deck, name)
    path = S.season_path(name)
    for i in range(humans):
        ludus = LUDUS_LONG[i % 2] + ("" if i < 2 else f" {i}")
        season.found(ludus, NAMES[i][:16], colour=i)
        season.buy(ludus, "secutor", f"Bonaventurus{i} the Unbowed", "ap", "she")
        season.buy(ludus, "laquearius", f"Quintilianus{i}", "card", "they")
    for k in range(bots):
        season.found(["Ludus Magnus", "Ludus Capuanus", "Ludus Ravennas"][k % 3] + ("" if k < 3 else f" {k}"),
                     f"Bot {chr(65 + k)} (normal)", colour=9 - k, bot="easy")
    S.advance(season, None)
    play = bout_with_bots("easy")
    while sum(b.result is not None for b in season.bouts) < bouts and not season.over:
        step = season.waiting_on()
        if step.kind == "pick":
            season.pick(step.ludus, bot_pick(season.living(step.ludus)).id)
        elif step.kind == "bout":
            season.apply(season.next_action(play))
        S.advance(season, None)
    S.save(season, path)
    return path, season


@screen("gladiator_seasons")
def _gladiator_seasons(app):
    for k in range(3):
        tour_season(bouts=k * 2, name=f"Season of the long names, night {k + 1}")
    app.router.ruleset = "gladiator"
    app.open("seasons")


@screen("gladiator_new_season")
def _gladiator_new_season(app):
    app.router.ruleset = "gladiator"
    scene = app.open("new season")
    for _ in range(4):
        scene.set_count(1)
    scene.cycle_kind(3)
    scene.cycle_schedule()
    scene.layout()


@screen("gladiator_found_ludus")
def _gladiator_found(app):
    from deathmatch.rulesets.gladiator import season as S
    from deathmatch.rulesets.gladiator.career import Season

    app.router.ruleset = "gladiator"
    season = Season(3, name="A new season")
    season.found("Ludus Magnus", "Bot A (hard)", colour=7, bot="hard")
    scene = app.open("found ludus", S.season_path(season.name), season)
    scene.ludus.value = LUDUS_LONG[0]
    scene.owner.value = NAMES[0][:16]
    scene.owner.editing = True
    scene.layout()


@screen("gladiator_market")
def _gladiator_market(app):
    path, season = tour_season(bouts=0)
    app.router.ruleset = "gladiator"
    scene = app.open("market", path, season, LUDUS_LONG[0])
    scene.extra = "ap"
    scene.choose("secutor")
    scene.bought.append("Bought Bonaventurus0 the Unbowed the Secutor with +1 AP for 55.")


@screen("gladiator_season_hub")
def _gladiator_hub(app):
    path, season = tour_season(bouts=4)
    app.router.ruleset = "gladiator"
    app.open("season", path)


@screen("gladiator_season_hub_ludus")
def _gladiator_hub_ludus(app):
    path, season = tour_season(bouts=5)
    app.router.ruleset = "gladiator"
    hub = app.open("season", path)
    hub.set_tab(1)


@screen("gladiator_season_hub_memorial")
def _gladiator_hub_memorial(app):
    path, season = tour_season(bouts=6, humans=4, bots=4)
    app.router.ruleset = "gladiator"
    hub = app.open("season", path)
    hub.set_tab(2)


@screen("gladiator_season_over")
def _gladiator_season_over(app):
    path, season = tour_season(bouts=99)
    app.router.ruleset = "gladiator"
    app.open("season", path)


@screen("gladiator_pick_fighter")
def _gladiator_pick(app):
    from deathmatch.rulesets.gladiator import season as S

    path, season = tour_season(bouts=0, bots=0, humans=2)
    S.advance(season, path)
    app.router.ruleset = "gladiator"
    app.open("pick fighter", path, season, season.waiting_on().ludus)


@screen("gladiator_pick_pass")
def _gladiator_pick_pass(app):
    from deathmatch.rulesets.gladiator import season as S

    path, season = tour_season(bouts=0, bots=0, humans=2)
    S.advance(season, path)
    app.router.ruleset = "gladiator"
    app.open("pick fighter", path, season, season.waiting_on().ludus, pass_first=True)


@screen("gladiator_bout_done")
def _gladiator_bout_done(app):
    path, season = tour_season(bouts=0)
    app.router.ruleset = "gladiator"
    hub = app.open("season", path, season=season)
    before = hub.money()
    from deathmatch.rulesets.gladiator.career import bot_pick, bout_with_bots

    play = bout_with_bots("easy")
    while True:  # a bout between the two people's ludi, with a death if one comes
        step = season.waiting_on()
        if step.kind == "pick":
            season.pick(step.ludus, bot_pick(season.living(step.ludus)).id)
        elif step.kind == "bout":
            index = step.bout
            season.apply(season.next_action(play))
            break
    card = hub.draw_card()
    app.open("bout done", path, season, index, before, card)

# --- Superhero Gladiators --------------------------------------------------------------------

def _bundled_hero(hero_id: str | None = None):
    """A bundled hero (the first by id unless named) and its file."""
    from deathmatch.rulesets.supers.heroes import load_default_heroes

    lib = load_default_heroes()
    hero_id = hero_id or sorted(lib.heroes)[0]
    return lib.heroes[hero_id], lib.sources[hero_id]


@screen("supers_designer")
def _supers_designer(app):
    """The hero designer on a bundled hero, a smash with styles chosen, the mouse on its cost."""
    hero, source = _bundled_hero()
    app.router.ruleset = "supers"
    scene = app.open("hero designer", hero=hero, source=source)
    scene.focus_on(("power", 0), 2)

    def point():
        scene.mouse = scene.costs[0].center
    return point


@screen("supers_designer_types")
def _supers_designer_types(app):
    """The hero designer's Type list open on a power: the eight types, what each is, its own marked."""
    hero, source = _bundled_hero()
    app.router.ruleset = "supers"
    scene = app.open("hero designer", hero=hero, source=source)

    def point():
        scene.open_types(min(1, len(scene.draft.powers) - 1))
    return point


@screen("supers_designer_new")
def _supers_designer_new(app):
    """A new hero with a power of every type, one over the budget, its reasons on the right."""
    app.router.ruleset = "supers"
    scene = app.open("hero designer")
    for kind in ("smash", "toughness", "missile_deflection", "slippery", "copy_power", "movement", "healing"):
        scene.add_power(kind)
    scene.step(("power", 1), 2, 1)
    scene.save()


@screen("supers_designer_open")
def _supers_designer_open(app):
    """Open…: the heroes to edit, the player's first, then the bundled ones."""
    app.router.ruleset = "supers"
    scene = app.open("hero designer")
    scene.open_picker()

# --- Superhero Gladiators ---------------------------------------------------------------------------

def supers_game(seed: int = 3, teams=(("powder_nell", "brick_king", "storm_widow"), ("bog_hound", "green_abbess")),
                arena: str = "supers_crater", names=None):
    """A fight of bundled heroes on a bundled Superhero Gladiators arena, the seats named from NAMES."""
    from deathmatch.board.arenas import list_arenas
    from deathmatch.scenes.supers import newgame

    lib = newgame.library()
    board = next(e.report.arena for e in list_arenas(ruleset="supers") if e.ok and e.path.stem == arena)
    names = names or GLADIATOR_NAMES
    return newgame.new_game(board, [(names[k][:16], list(t)) for k, t in enumerate(teams)], lib, None, seed=seed,
                            colours=list(range(len(teams))))


def supers_until(game, done, seed: int = 1, limit: int = 5000):
    """Random legal play (attacks first when there are any, so the heroes fight) until `done(game)`."""
    from deathmatch.rulesets.supers.actions import Attack, Hold

    rng = random.Random(seed)
    for _ in range(limit):
        if done(game):
            return game
        if game.over:
            break
        legal = game.legal_actions()
        hits = [a for a in legal if isinstance(a, Attack)]
        busy = [a for a in legal if not isinstance(a, Hold)]
        game.apply(rng.choice(hits or busy or legal))
    raise RuntimeError("the fight never reached the wanted moment")


def supers_table(app, game, *, handoff: bool = False):
    """Superhero Gladiators' table on `game`, run until it waits for a person (animations played out)."""
    from deathmatch.scenes.supers.table import start_battle

    app.settings.handoff = handoff
    app.settings.animation_speed = 60.0
    t = start_battle(app, game)
    for _ in range(900):
        app.frame([], 1 / 60)
        if t.stage not in ("idle", "auto") and not t.animator.busy:
            break
    t.animator.skip()
    return t


def _pending(kind):
    return lambda g: g.pending is not None and g.pending.kind == kind and g.state.turn >= 1 or \
        (kind == "place" and g.pending is not None and g.pending.kind == "place")


@screen("supers_setup")
def _supers_setup(app):
    app.router.ruleset = "supers"
    setup = app.open("setup")
    for i, name in enumerate(GLADIATOR_NAMES):
        setup.seats[i].name = name[:16]
    for hid in setup.heroes()[:3]:
        setup.toggle(hid)
    setup.layout()


@screen("supers_tournament_setup")
def _supers_tournament_setup(app):
    """A night of four teams (two of them bots) on the Skyline (the arena for four), the names as long as they may be."""
    app.router.ruleset = "supers"
    setup = app.open("tournament setup")
    setup.set_count(2)
    for i in range(4):
        setup.seats[i].name = NAMES[i][:16]
        setup.seats[i].kind = "normal" if i % 2 else "Human"
    skyline = setup.arena_index("bundled:supers_skyline")
    setup.chosen = [skyline] if skyline is not None else setup.chosen
    setup.arena = setup.chosen[0]
    setup.team_seat = 0  # the people pick their teams for the night: three heroes, then two (bots' are dealt)
    for i, heroes in ((0, setup.heroes()[:3]), (2, setup.heroes()[3:5])):
        setup.pick(i)
        for hid in heroes:
            setup.toggle(hid)
    setup.layout()


@screen("supers_tournament_setup_bots")
def _supers_tournament_setup_bots(app):
    """A night of bots only: no hero list (every team is dealt game by game)."""
    app.router.ruleset = "supers"
    setup = app.open("tournament setup")
    for i in range(2):
        setup.seats[i].name = NAMES[i][:16]
        while setup.seats[i].kind != "hard":
            setup.cycle_kind(i)
    setup.layout()


@screen("supers_tournament_standings")
def _supers_standings(app):
    """A night of four bot teams on the Skyline after one game: KOs and heroes standing, the next seating."""
    from deathmatch.rulesets.supers.tournament import bot_night_options
    from deathmatch.scenes.tourney import TournamentScene
    from deathmatch.tournament import Entrant, Tournament, play_game_with_bots

    app.router.ruleset = "supers"
    t = Tournament([Entrant(n[:16], i, "easy") for i, n in enumerate(NAMES[:4])], 4, ["bundled:supers_skyline"],
                   options=bot_night_options(), seed=11, ruleset="supers")
    play_game_with_bots(t)
    app.push(TournamentScene(app, t))


@screen("supers_setup_four")
def _supers_setup_four(app):
    """Four teams of three on the Skyline (the arena for four), the names as long as they may be."""
    app.router.ruleset = "supers"
    setup = app.open("setup")
    setup.set_count(2)
    for i in range(4):
        setup.seats[i].name = NAMES[i][:16]
        setup.pick(i)
        for hid in setup.heroes()[3 * i:3 * i + 3]:
            setup.toggle(hid)
    setup.arena = setup.arena_index("bundled:supers_skyline") or 0
    setup.layout()


@screen("supers_place")
def _supers_place(app):
    """Placing the heroes: the team's spawn zone lit."""
    supers_table(app, supers_game())


@screen("supers_move")
def _supers_move(app):
    """An action: where the hero may move (green), its card in the corner."""
    t = supers_table(app, supers_until(supers_game(), lambda g: g.pending is not None and g.pending.kind == "act"
                                       and g.state.turn >= 2 and any(type(a).__name__ == "Move" for a in g.legal_actions())))
    t.set_mode(("move",))

    def hover():  # the farthest cell it may reach: the powers that move takes
        far = max(sorted(t.candidates), key=lambda c: max(p[2] for p in t.move_plans[c]))
        t.hover_cell = far
    return hover


@screen("supers_help")
def _supers_help(app):
    """F1 over Superhero Gladiators' table: its own controls, fitted to the window."""
    from deathmatch.scenes.help import HelpOverlay
    from deathmatch.scenes.supers.table import CONTROLS

    supers_table(app, supers_game())
    app.push(HelpOverlay(app, controls=CONTROLS))


def supers_flier(game, model: str = "storm_widow", up: bool = False):
    """The fight played on until `model` (a flier) acts — taken off the ground first if `up`, so that it acts
    in the air."""
    def acts(g):
        return g.pending is not None and g.pending.kind == "act" and g.pending.model == model
    game = supers_until(game, acts)
    if up:
        off = next(a for a in game.legal_actions() if type(a).__name__ == "Move" and not a.path and a.altitude)
        game.apply(off)
        game = supers_until(game, acts)
    return game


@screen("supers_fly")
def _supers_fly(app):
    """A flier's first action: Take off (U) among its buttons, the flying tip under the roster."""
    supers_table(app, supers_flier(supers_game()))


@screen("supers_in_air")
def _supers_in_air(app):
    """A flier in the air: its raised token, Hover / Land buttons, the warning that it falls if it does not fly."""
    supers_table(app, supers_flier(supers_game(), up=True))


@screen("supers_track_hint")
def _supers_track_hint(app):
    """The mouse on the segment track: what the six segments mean, over the board beside it."""
    t = supers_table(app, supers_flier(supers_game()))

    def point():
        t.draw(pygame.Surface(app.size))  # (where the track is at this size)
        pygame.mouse.set_pos(t.track_rect.center)
    return point


@screen("supers_attack")
def _supers_attack(app):
    """An attack power picked: its targets red with their hit chance, the odds of the one hovered, its area drawn."""
    def armed(g):
        return g.pending is not None and g.pending.kind == "act" and g.state.turn >= 2 and \
            any(type(a).__name__ == "Attack" for a in g.legal_actions())
    t = supers_table(app, supers_until(supers_game(seed=4), armed, seed=2))
    power = next(o.power for o in t.options if type(o).__name__ == "Attack")
    t.set_mode(("attack", power))

    def hover():
        t.hover_cell = next(iter(t.candidates))
    return hover


@screen("supers_defend")
def _supers_defend(app):
    """A hit hero's owner asked: defend with which power, or not (a hit one of them may stop: one that none
    could stop is taken unasked)."""
    supers_table(app, supers_until(supers_game(seed=5), supers_asked_to_defend, seed=3))


def supers_asked_to_defend(g) -> bool:
    """A Superhero fight waiting on a defence its table asks (a failed escape, or a hit that one of the hero's
    defences may stop)."""
    from deathmatch.rulesets.supers import odds

    d = g.pending
    return d is not None and d.kind == "defend" and (
        d.about != "hit" or any(odds.defence_outlook(g, d.model, n) is None for n in d.options))


@screen("supers_four_teams")
def _supers_four_teams(app):
    """Four teams of three on the Skyline: the track and the roster full."""
    teams = (("powder_nell", "brick_king", "storm_widow"), ("bog_hound", "green_abbess", "loom_spinner"),
             ("mirror_monk", "volt_countess", "winged_courier"), ("marsh_lantern", "bronze_warden", "clockwork_rat"))
    supers_table(app, supers_until(supers_game(seed=6, teams=teams, arena="supers_skyline", names=NAMES),
                                   lambda g: g.pending is not None and g.pending.kind == "act" and g.state.turn >= 2))


@screen("supers_square")
def _supers_square(app):
    """The square arena (the Danger Room), mid-fight."""
    supers_table(app, supers_until(supers_game(seed=8, arena="supers_danger_room"),
                                   lambda g: g.pending is not None and g.pending.kind == "act" and g.state.turn >= 2))


@screen("supers_rules")
def _supers_rules(app):
    app.router.ruleset = "supers"
    app.open("rules", page=1)


@screen("supers_howto")
def _supers_howto(app):
    """Superhero Gladiators' How to play: the illustrated steps."""
    app.router.ruleset = "supers"
    app.open("rules", page=0)


@screen("supers_over")
def _supers_over(app):
    supers_table(app, supers_until(supers_game(seed=7), lambda g: g.over, seed=4, limit=20000))


@screen("supers_results")
def _supers_results(app):
    game = supers_until(supers_game(seed=7), lambda g: g.over, seed=4, limit=20000)
    app.router.ruleset = "supers"
    app.open("results", game)


@screen("supers_results_four")
def _supers_results_four(app):
    """Four teams of three: the teams two a column, the awards under them."""
    teams = (("powder_nell", "brick_king", "storm_widow"), ("bog_hound", "green_abbess", "loom_spinner"),
             ("mirror_monk", "volt_countess", "winged_courier"), ("marsh_lantern", "bronze_warden", "clockwork_rat"))
    game = supers_until(supers_game(seed=6, teams=teams, arena="supers_skyline", names=NAMES), lambda g: g.over,
                        seed=4, limit=40000)
    app.router.ruleset = "supers"
    app.open("results", game)


def fresh_app(size=SIZES[0]) -> App:
    """An app on the title screen, errors raised (not shown), animations instant."""
    from deathmatch.scenes.title import TitleScene

    app = App(size)
    pygame.mouse.set_pos((0, 0))  # no hover left over from an earlier screen
    app.catch_errors = False
    app.settings.animation_speed = 60.0
    app.push(TitleScene(app))
    return app


def draw_at(app: App, size, surface=None, prepare=None):
    """Resize the window to `size` and draw the stack once on `surface` (the window if None);
    `prepare` (what a SCREENS builder returned) is called after the resize."""
    if app.size != tuple(size):
        app.resize_window(size)
    if prepare is not None:
        prepare()
    if surface is not None:
        app.screen = surface
    target = app.screen
    for scene in app.stack.visible():
        if hasattr(target, "owner"):
            target.owner = type(scene).__name__
        scene.draw(target)
    return target


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", action="append", help="WxH (default: all of SIZES)")
    ap.add_argument("--only", action="append", help="screen names (default: all)")
    ap.add_argument("--out", type=Path, default=Path("/tmp/tour"))
    args = ap.parse_args()
    sizes = [tuple(int(v) for v in s.split("x")) for s in args.size] if args.size else SIZES
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    for name, build in SCREENS.items():
        if args.only and not any(o in name for o in args.only):
            continue
        # each screen in its own empty user folder: what one screen saves (a game in progress, kept when the
        # next screen's game starts) is never on another's, so a screen looks the same drawn alone or in the tour
        os.environ["DEATHMATCH_USER_DIR"] = tempfile.mkdtemp(prefix="deathmatch-tour-")
        app = fresh_app(sizes[0])
        prepare = build(app)
        for w, h in sizes:
            pygame.image.save(draw_at(app, (w, h), prepare=prepare), out / f"{name}_{w}x{h}.png")
    print(f"saved to {out}")


if __name__ == "__main__":
    main()
