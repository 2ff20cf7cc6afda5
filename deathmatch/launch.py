"""Starting the game: a quick hotseat game, a demo that plays itself, the main window, the smoke test.

Above both the client and the scenes (it opens the first scene); nothing in the package but `cli.py` imports it."""

from __future__ import annotations

import inspect
import random
from pathlib import Path

from .board.tiled import load_arena, resolve_map_path
from .core import registry
from .core.manifest import ContentKind, resolve
from .paths import maps_dir
from .rulesets import DEFAULT

DEFAULT_ARENA = "colosseum"


def arena_path(name: str | None) -> Path:
    """A bundled arena by name ("colosseum"), or a .tmx path."""
    name = name or DEFAULT_ARENA
    if name.endswith(".tmx"):
        return resolve_map_path(name)
    return maps_dir() / f"{name}.tmx"


def make_game(players: int, arena: str | None, seed: int, *, names: list[str] | None = None, orders: bool = False,
              ruleset: str = DEFAULT, **options):
    """A new game of `ruleset` with random pieces dealt to `players` seats on an arena (the
    registry's `Ruleset.quick_game`; `options` are the ruleset's, by name: Celebrity
    Deathmatch's beasts=True, round_limit=None)."""
    from .client.sprites import PLAYER_COLOURS

    rules = registry.get(ruleset)
    if rules.quick_game is None:
        raise SystemExit(f"{rules.name} can not deal a quick game")
    path = arena_path(arena)
    loaded = load_arena(path)
    if not loaded.min_players <= players <= loaded.max_players:
        raise SystemExit(f"{loaded.name} is for {loaded.min_players}–{loaded.max_players} players, not {players}")
    names = names or [c.name for c in PLAYER_COLOURS[:players]]
    taken = inspect.signature(rules.quick_game).parameters
    if not any(p.kind is p.VAR_KEYWORD for p in taken.values()):
        options = {k: v for k, v in options.items() if k in taken}  # another ruleset's options are not its own
    return rules.quick_game(names[:players], loaded, seed, orders=orders, **options), path


def set_window_icon():
    """Give the window (and the taskbar) the game's icon, assets/icon/deathmatch.png; before the
    window opens, as some systems take no new icon for a window already shown. Returns the icon."""
    import pygame

    from .paths import assets_dir

    icon = pygame.image.load(assets_dir() / "icon" / "deathmatch.png")
    pygame.display.set_icon(icon)
    return icon


def hidden_cards(table, hidden: bool) -> dict:
    """The table's `hidden_cards` argument, for a table that has cards to hide (Celebrity's); none for one
    that keeps its secrets otherwise (Superhero Gladiators' gizmos are hidden by the hand-off alone) or has
    none (Skirmish, Gladiator!). A ruleset with secrets is not enough to say its table takes the argument."""
    params = inspect.signature(table.__init__).parameters
    return {"hidden_cards": hidden} if "hidden_cards" in params else {}


def play(players: int = 4, arena: str | None = None, seed: int | None = None, *, handoff: bool = True,
         size=None, fullscreen: bool = False, ruleset: str = DEFAULT) -> int:
    """A hotseat game in a window (one that fits the desktop unless `size` is given), until it is closed."""
    from .scenes.app import App, desktop_size, window_plan

    seed = random.randrange(1 << 30) if seed is None else seed
    game, path = make_game(players, arena, seed, orders=handoff, ruleset=ruleset)
    if size is None:
        size, whole_screen = window_plan(desktop_size())
        fullscreen = fullscreen or whole_screen
    set_window_icon()
    app = App(size, fullscreen=fullscreen)
    app.router.ruleset = ruleset  # the game's own screens from its table (results, rules, New game), as Load does
    table = app.router.scene_class("battle", ruleset)
    app.push(table(app, game, path, handoff=handoff, **hidden_cards(table, handoff)))
    app.run()
    return 0


def demo(seed: int = 1, players: int = 4, arena: str | None = None, frames: int | None = None,
         screenshots: Path | None = None, every: int = 60, speed: float = 2.0, size=None,
         autosave: bool = False, ruleset: str = DEFAULT) -> int:
    """A game that plays itself with random legal choices, animating everything: in a window that fits the
    desktop (as `play`'s), or 1280×720 when it saves screenshots (the same pictures on every machine)."""
    import pygame

    from .scenes.app import App, desktop_size, window_plan

    from .client.sprites import PLAYER_COLOURS

    names = [c.name for c in PLAYER_COLOURS[:players]]
    game, path = make_game(players, arena, seed, names=names, round_limit=30, ruleset=ruleset)
    fullscreen = False
    if size is None:
        size, fullscreen = ((1280, 720), False) if screenshots else window_plan(desktop_size())
    set_window_icon()
    app = App(size, fullscreen=fullscreen)
    from . import saves

    app.router.ruleset = ruleset  # the game's own screens from its table (results, rules, New game), as Load does
    table = app.router.scene_class("battle", ruleset)
    battle = table(app, game, path, auto_players=set(names), anim_speed=speed, seed=seed,
                         handoff=False, auto_delay=0.15, **hidden_cards(table, False),
                         autosave=(lambda g: saves.write_game(g)) if autosave else None)
    app.push(battle)
    shots = Path(screenshots) if screenshots else None
    if shots:
        shots.mkdir(parents=True, exist_ok=True)
    state = {"over_frames": 0}

    def hook(app):
        if shots and app.frames % every == 0:
            pygame.image.save(app.screen, shots / f"frame_{app.frames:05d}.png")
        if battle.stage == "over":
            state["over_frames"] += 1
            if state["over_frames"] == 30:
                if shots:
                    pygame.image.save(app.screen, shots / "game_over.png")
                app.quit()

    app.frame_hooks.append(hook)
    app.run(max_frames=frames)
    print(f"demo: {app.frames} frames, "
          + (f"won by {', '.join(game.outcome.winners) or 'nobody'}" if game.outcome else "game still running"))
    return 0


def designers() -> dict[str, tuple[str, ContentKind]]:
    """`design-…` command → (its game's id, the kind of file it designs), from every installed game's manifest
    (Superhero Gladiators' `design-hero`)."""
    return {kind.design_command: (game.id, kind) for game in registry.games() for kind in game.content
            if kind.design_command and kind.design is not None}


def design(command: str, item_id: str | None = None, size=None, fullscreen: bool = False) -> int:
    """A game's designer in a window (`deathmatch design-hero [ID]`: Superhero Gladiators' hero designer): a new
    file, or the bundled or player's file `item_id` to edit. Returns 2 (with the ids there are) for an unknown id."""
    import sys

    from .paths import ensure_user_folders
    from .scenes.app import App, desktop_size, window_plan

    game, kind = designers()[command]
    try:
        screen, given = resolve(kind.design)(item_id)
    except KeyError as e:
        print(f"deathmatch {command}: {e.args[0]}", file=sys.stderr)
        return 2
    ensure_user_folders()
    if size is None:
        size, whole_screen = window_plan(desktop_size())
        fullscreen = fullscreen or whole_screen
    set_window_icon()
    app = App(size, fullscreen=fullscreen)
    app.router.ruleset = game  # the designer is one of the game's own screens
    app.push(app.router.make(screen, **given))
    app.run()
    return 0


def main_window(size=None, fullscreen=None) -> int:
    """The game as a player starts it: the title screen, with their settings.

    A player who double-clicked the game has no terminal: an error before the
    window even exists still goes to the crash log (and the exit code says so).
    """
    try:
        return _main_window(size, fullscreen)
    except Exception as exc:
        from .crash import write_crash_log

        write_crash_log(exc, context="starting the game")
        return 1


def _main_window(size=None, fullscreen=None) -> int:
    from .paths import ensure_user_folders

    ensure_user_folders()
    from .crash import install_logging
    from .scenes.app import App
    from .scenes.title import TitleScene

    install_logging()
    from .scenes.app import desktop_size, window_plan

    desktop = desktop_size()
    set_window_icon()
    app = App(size or window_plan(desktop)[0])
    window, whole_screen = first_window(app.settings, desktop, size, fullscreen)
    if window != app.size:
        app.resize_window(window)
    if whole_screen and not app.fullscreen:
        app.toggle_fullscreen()
    app.push(TitleScene(app))
    sound = app.sound
    if sound is not None:
        sound.start_ambience()
    app.run()
    return 0


def first_window(settings, desktop, size=None, fullscreen=None) -> tuple[tuple[int, int], bool]:
    """(window size, fullscreen) at start: `size` if given; else the settings' size if the player
    chose one (not the default) and it fits this desktop; else one that fits (`window_plan`)."""
    from .scenes.app import DESKTOP_MARGIN, window_plan
    from .settings import Settings

    planned, whole_screen = window_plan(desktop)
    chosen = (settings.width, settings.height)
    fits = desktop is None or (chosen[0] <= desktop[0] - DESKTOP_MARGIN[0] and chosen[1] <= desktop[1] - DESKTOP_MARGIN[1])
    if size is not None:
        window = tuple(size)
    elif chosen != (Settings.width, Settings.height) and fits:
        window, whole_screen = chosen, False
    else:
        window = planned
    full = fullscreen if fullscreen is not None else settings.fullscreen or (size is None and whole_screen)
    return window, bool(full)


def smoke(max_frames: int = 3000) -> int:
    """A scripted start of every game the title offers, as a player would click: title → New game
    → the game (when there is a choice) → every seat a bot → Start → frames until the first
    activation of round 1 has begun. Exit 0 if each got there (CI runs this on the built app)."""
    import pygame

    from .scenes.app import App
    from .scenes.choose import GameChoiceScene
    from .scenes.setup import NewGameScene
    from .scenes.title import TitleScene

    def key(k):
        return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)]

    app = App((1280, 720))
    app.settings.animation_speed = 8.0
    for index, ruleset in enumerate(app.router.rulesets):
        app.stack.scenes.clear()
        app.push(TitleScene(app))
        app.frame([], 1 / 60)
        app.frame(key(pygame.K_n), 1 / 60)
        if isinstance(app.stack.top, GameChoiceScene):  # the choice opens on the game played last: step from there
            steps = index - app.stack.top.focus
            app.frame(key(pygame.K_DOWN if steps > 0 else pygame.K_UP) * abs(steps) + key(pygame.K_RETURN), 1 / 60)
        setup = app.stack.top
        if not isinstance(setup, NewGameScene) or app.router.ruleset != ruleset.id:
            print(f"smoke: New game did not open the setup of {ruleset.name}")
            return 1
        for i in range(setup.count):  # click each seat's Human button until it says a bot
            while setup.seats[i].kind != "normal":
                button = next(b for b in setup.buttons if b.label in ("Human", "Phone", "Bot: easy", "Bot: normal", "Bot: hard")
                              and b.rect.y == setup.rows[i][1])
                app.frame([pygame.event.Event(pygame.MOUSEBUTTONUP, pos=button.rect.center, button=1)], 1 / 60)
        app.frame(key(pygame.K_RETURN), 1 / 60)
        battle = app.stack.top
        if not app.router.is_a(battle, "battle"):
            print(f"smoke: Start did not open the battle of {ruleset.name} ({setup.message or type(battle).__name__})")
            return 1
        print(f"smoke: {ruleset.name}: the battle is on, every seat a bot")
        for _ in range(max_frames):
            app.frame([], 1 / 60)
            if _activating(battle.game):
                print(f"smoke: {ruleset.name}: round 1, a model is activating after {app.frames} frames")
                break
        else:
            print(f"smoke: {ruleset.name}: the first activation never came")
            return 1
    if values_smoke([rs.id for rs in app.router.rulesets]):
        return 1
    return phone_smoke(app)


def values_smoke(ids) -> int:
    """Every game that has a learned position value (its hard bot's leaf evaluation, `value.json` beside
    its rules) finds and loads it: an app or wheel that left the data behind would let the hard bots play
    weaker without a word. Exit status 0 if every one loaded."""
    import importlib
    from pathlib import Path

    from .core import learned, registry

    loaded = []
    for ruleset_id in ids:
        package = registry.get(ruleset_id).new_game.__module__.rsplit(".", 1)[0]
        try:
            mod = importlib.import_module(f"{package}.value")
        except ModuleNotFoundError:
            continue
        try:
            learned.load(Path(mod.__file__).with_name("value.json"), mod.FEATURES)
        except ValueError as e:
            print(f"learned values: FAILED: {e}")
            return 1
        loaded.append(ruleset_id)
    print(f"learned values: ok ({', '.join(loaded) or 'none'})")
    return 0


def phone_smoke(app, limit: float = 60.0) -> int:
    """A short Celebrity game with one phone seat on 127.0.0.1 (the other a bot): the phone's page fetched
    over HTTP, one of its decisions answered over its WebSocket (an aiohttp client on a thread of this
    process), the table seen to take it. Proves the app carries the phones' server, its page and its
    libraries (CI runs `smoke` on the built app). Exit status 0 if it worked."""
    import asyncio
    import json
    import threading
    import time

    from .phones.host import PhoneHost

    host = PhoneHost({"Ann": None}, bind="127.0.0.1", port=0)
    app.phones = host
    result: dict = {}

    async def phone():
        import aiohttp

        base = f"http://{host.host_words()}"
        async with aiohttp.ClientSession() as session:
            async with session.get(f"{base}/p/{host.secret('Ann')}") as r:
                page = await r.read()
                if r.status != 200 or b"<html" not in page.lower():
                    result["problem"] = f"the page answered {r.status} ({len(page)} bytes)"
                    return
            async with session.get(f"{base}/f/phone.js") as r:
                if r.status != 200 or not await r.read():
                    result["problem"] = f"the page's script answered {r.status}"
                    return
            result["page"] = len(page)
            async with session.ws_connect(f"{base}/ws/{host.secret('Ann')}") as ws:
                asked = None
                async for m in ws:
                    msg = json.loads(m.data)
                    if msg.get("t") == "error":
                        result["problem"] = f"the table refused the answer: {msg.get('text')}"
                        return
                    if msg.get("t") != "state":
                        continue
                    d = msg.get("decision")
                    if asked is None and d and d.get("choices"):
                        asked = d["id"]
                        await ws.send_str(json.dumps({"t": "answer", "d": asked, "c": 0, "n": 1}))
                    elif asked is not None and (d is None or d.get("id") != asked):
                        result["answered"] = True
                        return

    def run():
        try:
            asyncio.run(asyncio.wait_for(phone(), limit))
        except Exception as e:  # (said below: any failure of the phone's side is the smoke's failure)
            result["problem"] = f"{type(e).__name__}: {e}"

    try:
        game, path = make_game(2, "classic_square", 7, names=["Ann", "Bob"])
        cls = app.router.scene_class("battle", "celebrity")
        app.stack.scenes.clear()
        table = cls(app, game, path, handoff=True, anim_speed=8.0, auto_players={"Bob"}, auto_delay=0.05,
                    **hidden_cards(cls, True))
        app.push(table)
        if not host.listening:
            print(f"phones: FAILED: the phones' server did not start ({host.problem})")
            return 1
        thread = threading.Thread(target=run, name="smoke-phone", daemon=True)
        thread.start()
        stop = time.monotonic() + limit
        while thread.is_alive() and time.monotonic() < stop:
            app.frame([], 1 / 60)
            time.sleep(0.002)
        thread.join(timeout=1)
        if result.get("answered"):
            print(f"phones: ok (page {result['page']} bytes, answered a decision)")
            return 0
        print(f"phones: FAILED: {result.get('problem') or 'the phone was never asked, or its answer never taken'}")
        return 1
    finally:
        host.stop()
        app.phones = None


def _activating(game) -> bool:
    """Whether some model or miniature's activation has begun (Celebrity keeps it as `active`,
    Skirmish in its state's `activation`, Gladiator! the man whose half it is as `acting`)."""
    if hasattr(game, "active"):
        return game.round >= 1 and game.active is not None
    state = game.state
    if hasattr(state, "acting"):
        return state.turn >= 1 and state.acting is not None
    return state.round >= 1 and state.activation is not None
