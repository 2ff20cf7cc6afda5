"""The window and the main loop.

The loop does not burn the CPU: while nothing animates it sleeps between
looks at the event queue (see `App.wait_for_events` for why not
`pygame.event.wait`); while something does, it runs at up to 60 frames a
second with `clock.tick`. The window is resizable (usable from 1024×600
up to 4K: the UI scales with the window) and F11 toggles fullscreen. The
first window fits the desktop (`window_plan`): 1280×720 where there is room
for it, smaller on a small screen, the whole screen on a 1024×600 netbook.
"""

from __future__ import annotations

import os
import time
from typing import Callable

import pygame

from .base import Scene, SceneStack
from .router import Router

DEFAULT_SIZE = (1280, 720)
MIN_SIZE = (1024, 600)
WINDOW_SIZES = [(1280, 720), (1152, 648), (1024, 600)]
"""The sizes a first window may open at, largest first (the largest that fits the desktop is taken)."""
DESKTOP_MARGIN = (16, 80)
"""Room a window needs around it on a desktop: its borders, title bar and a taskbar."""
FPS = 60
IDLE_WAIT_MS = 2000
IDLE_POLL_S = 0.016


def window_plan(desktop: tuple[int, int] | None) -> tuple[tuple[int, int], bool]:
    """(window size, fullscreen) for a first start on a desktop of this size (None: not known).

    The largest of WINDOW_SIZES that fits with DESKTOP_MARGIN to spare; on a
    desktop too small for even 1024×600 in a window, the whole screen
    (fullscreen at the desktop's size, which still fits); 1024×600 when the
    desktop size is not known.
    """
    if not desktop or desktop[0] <= 0 or desktop[1] <= 0:
        return MIN_SIZE, False
    dw, dh = desktop
    for w, h in WINDOW_SIZES:
        if w <= dw - DESKTOP_MARGIN[0] and h <= dh - DESKTOP_MARGIN[1]:
            return (w, h), False
    return (dw, dh), True


def desktop_size() -> tuple[int, int] | None:
    """The first display's desktop size, if the video driver knows it."""
    try:
        if not pygame.display.get_init():
            pygame.display.init()
        sizes = pygame.display.get_desktop_sizes()
    except pygame.error:
        return None
    return tuple(sizes[0]) if sizes else None


class App:
    def __init__(self, size=DEFAULT_SIZE, *, fullscreen: bool = False, title: str = "Deathmatch"):
        if os.environ.get("SDL_AUDIODRIVER") is None:
            pass
        pygame.init()
        if pygame.display.get_driver() == "x11":
            # Else SDL shows this software-drawn window through an OpenGL texture, which without a GPU
            # (Mesa's llvmpipe: Xvfb, a VM, a remote desktop) costs ~2 ms of CPU a frame; X's shared
            # memory image ~0.02 ms (docs/PERFORMANCE.md). Same pixels; a player's own setting wins.
            os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")
        pygame.display.set_caption(title)
        self.windowed_size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        self.fullscreen = fullscreen
        self.screen = self._make_window()
        self.stack = SceneStack()
        self.router = Router(self)
        """Scene names → scenes: scenes go somewhere by name (`open`, `go`, `play`), never by importing each other."""
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.frame_hooks: list[Callable[[App], None]] = []
        self._libraries: dict = {}
        self.designed: dict[str, set[str]] = {}
        """Ruleset id → the ids of the content a player designed on screen since the program started
        (Superhero Gladiators' heroes, from the hero designer): a seat's own design, its hidden parts
        known to its designer, is never dealt at random to another seat."""
        self._sound = None
        self.phones = None
        """The seats played from phones (a `deathmatch.phones.PhoneHost`) of the game, night or season being
        played, None without any: made by `seat_phones` before the table opens (the table links it and starts
        its server), stopped when the title screen is back on top."""
        self.phones_problem: str | None = None
        """What went wrong with the phones' kept codes (a broken file, a full disk), said on the title screen."""
        from ..settings import load_settings

        self.settings, self.settings_problems = load_settings()

    # --- window -------------------------------------------------------------------
    def _make_window(self):
        if self.fullscreen:
            return pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        return pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)

    def toggle_fullscreen(self) -> None:
        self.fullscreen = not self.fullscreen
        self.screen = self._make_window()
        self.on_resize()

    def resize_window(self, size) -> None:
        self.windowed_size = (max(size[0], MIN_SIZE[0]), max(size[1], MIN_SIZE[1]))
        if not self.fullscreen:
            self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self.on_resize()

    def on_resize(self) -> None:
        for scene in getattr(self, "stack", None).scenes if hasattr(self, "stack") else []:
            resize = getattr(scene, "on_resize", None)
            if resize:
                resize(self.screen.get_size())

    @property
    def library(self):
        """The current ruleset's content (Celebrity's card library, bundled and the player's own),
        loaded on first use (`Router.library`)."""
        return self.library_for(self.router.ruleset)

    def library_for(self, ruleset: str):
        """A ruleset's content (Celebrity's cards, Skirmish's armies), loaded on first use: the
        rules screen shows any ruleset's pages, the title any ruleset's portraits."""
        if ruleset not in self._libraries:
            self._libraries[ruleset] = self.router.library(ruleset)
        return self._libraries[ruleset]

    def forget_library(self) -> None:
        """The current ruleset's content changed on disk (a player saved a new army): read it again on next use."""
        self._libraries.pop(self.router.ruleset, None)

    @property
    def sound(self):
        """Sound effects (silent, never an error, without an audio device), made on first use."""
        if self._sound is None:
            try:
                from ..client.sound import Sound

                self._sound = Sound(self.settings.effects_volume, self.settings.music_volume,
                                    event_effect=self.router.event_effect)
            except Exception:  # sound is never worth a crash
                self._sound = False
        return self._sound or None

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    desktop_margin = DESKTOP_MARGIN
    """Room a window needs around it on a desktop (Settings offers only the sizes that leave it)."""

    def desktop(self) -> tuple[int, int] | None:
        """The desktop's size, if the video driver knows it (`desktop_size`)."""
        return desktop_size()

    @property
    def ui_scale(self) -> float:
        """1.0 at 720 px high; grows with the window (4K: 3.0), never below 0.8; times the player's setting."""
        w, h = self.size
        user = getattr(getattr(self, "settings", None), "ui_scale", 1.0) or 1.0
        return max(0.6, min(4.0, max(0.8, min(3.0, min(h / 720, w / 1280))) * user))

    # --- the loop -------------------------------------------------------------------
    def handle(self, event) -> None:
        if event.type == pygame.QUIT:
            self.running = False
            return
        if event.type == pygame.VIDEORESIZE and not self.fullscreen:
            self.windowed_size = (max(event.w, MIN_SIZE[0]), max(event.h, MIN_SIZE[1]))
            if (event.w, event.h) != self.windowed_size:
                self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
            else:
                self.screen = pygame.display.get_surface()
            self.on_resize()
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
            self.toggle_fullscreen()
            return
        self.stack.handle_event(event)

    def frame(self, events, dt: float) -> None:
        """One frame: events, update, draw, flip. An unexpected error shows the error screen."""
        try:
            for event in events:
                self.handle(event)
                if not self.running:
                    return
            self.stack.update(dt)
            if self.phones is not None and self.router.is_a(self.stack.top, "title"):
                self.stop_phones()  # back on the title screen: no game open, nothing listens on the network
            self.stack.draw(self.screen)
        except Exception as exc:  # the last line of defence: a player has no terminal to read
            if not self.catch_errors:
                raise
            self.crashed(exc)
            return
        pygame.display.flip()
        self.frames += 1
        if self.frames == 1:
            self.first_frame()
        for hook in list(self.frame_hooks):
            hook(self)

    def run(self, max_frames: int | None = None) -> None:
        last = time.perf_counter()
        while self.running and self.stack.top is not None:
            if self.stack.animating:
                self.clock.tick(FPS)
                events = pygame.event.get()
            else:
                events = self.wait_for_events()
            now = time.perf_counter()
            dt, last = min(now - last, 0.1), now
            self.frame(events, dt)
            if max_frames is not None and self.frames >= max_frames:
                break

    def wait_for_events(self) -> list:
        """Sleep until something happens (or IDLE_WAIT_MS passes).

        pygame-ce's `event.wait(timeout)` polls every millisecond under the
        hood (pygame-ce issue #1541): 4 % of a core here doing nothing. So the
        idle loop looks for events every IDLE_POLL_S and sleeps in between:
        about 0.3 % of a core, and at most that much delay on a click.
        """
        deadline = time.perf_counter() + IDLE_WAIT_MS / 1000
        while True:
            events = pygame.event.get()
            if events or time.perf_counter() >= deadline or self.stack.animating:
                return events
            time.sleep(IDLE_POLL_S)

    catch_errors = True
    """False in tests that want the exception itself."""

    def crashed(self, exc: BaseException) -> None:
        """Write the crash log and show the error screen (the autosave is kept for Continue)."""
        from ..crash import write_crash_log

        top = self.stack.top
        log = write_crash_log(exc, context=f"scene {type(top).__name__ if top else None}")
        if self.router.is_a(top, "error"):  # the error screen itself failed: give up quietly
            self.running = False
            return
        while self.stack.scenes:
            self.stack.scenes.pop()
        self.stack.push(self.router.make("error", exc, log))

    def first_frame(self) -> None:
        """The first frame is on screen: tell the startup benchmark if it is listening."""
        mark = os.environ.get("DEATHMATCH_FIRST_FRAME_FILE")
        if mark:
            with open(mark, "w") as f:
                f.write(repr(time.time()))
            if os.environ.get("DEATHMATCH_QUIT_AFTER_FIRST_FRAME"):
                self.running = False

    def push(self, scene: Scene) -> None:
        self.stack.push(scene)

    def open(self, name: str, *args, **kwargs) -> Scene:
        """Push the scene called `name` (see scenes/router.py) over the current ones; returns it."""
        return self.router.open(name, *args, **kwargs)

    def go(self, name: str = "title", *args, **kwargs) -> Scene:
        """A fresh title screen with the scene called `name` on it (only the title for "title")."""
        return self.router.go(name, *args, **kwargs)

    def play(self, game, path=None, *, tournament=None):
        """Put `game` on its ruleset's battle screen (see `Router.play`); returns that scene. A game taken up
        again (Continue, Load, a rematch) keeps its phone seats (`phones_for`)."""
        if tournament is None:
            self.phones_for(game)
        return self.router.play(game, path, tournament=tournament)

    # --- the phone seats -----------------------------------------------------------------------------
    phones_bind = "0.0.0.0"
    """Where the phones' server listens: every interface of the local network (tests: "127.0.0.1")."""
    phones_port: int | None = None
    """Its port (None: the host's own, `phones.host.DEFAULT_PORT`, else any free one; tests: 0, any free one)."""

    phones_kept_as: tuple[str, str] | None = None
    """(purpose, key) the open host's codes are kept under in the user folder (None: not kept)."""

    def seat_phones(self, seats, purpose: str = "game", key: str = "", screen=()):
        """The phone host for what starts now (`purpose`: "game", "tournament" or "season"; `key`: which one,
        its codes kept under it in the user folder, `deathmatch.phones.kept`): `seats` the names of the seats
        played from phones. The host already open is kept when it has the same seats (a night's games, a
        season's bouts, a New game after a game: the same codes, the phones stay connected); else the codes
        kept for this `key` are taken up (Continue after the program was closed: the phones rejoin by
        themselves), else new ones are made. No phone seats: no host (one open is stopped). `screen`: the seats
        kept as played at the screen (a new host starts with them so). Returns the host."""
        names = list(dict.fromkeys(n for n in seats if n))
        if not names:
            self.stop_phones()
            if purpose == "game":
                self.keep_phones("game", None)  # a new game without phones: the last one's codes are done with
            return None
        host = self.phones
        if host is None or set(host.seats) != set(names):
            from ..paths import user_data_dir
            from ..phones import kept
            from ..phones.host import PhoneHost  # (no server, no aiohttp: the table starts it)

            old = {}
            screen = list(screen)
            if key:
                entries, why = kept.read(user_data_dir())
                self.note_phones_problem(why)
                old = kept.secrets_for(entries, purpose, key) or {}
                screen = screen or kept.screen_for(entries, purpose, key)
            port = self.phones_port
            if host is not None:
                # A phone seat again in the next game (a second friend joins, one leaves): its phone, open on
                # the same code at the same port, carries on without scanning again.
                old = {**old, **{n: s for n, s in host.secrets().items() if n in names}}
                if port is None and host.listening:
                    port = host.port
            self.stop_phones()
            where = {"bind": self.phones_bind, **({"port": port} if port is not None else {})}
            at_screen = list(host.at_screen) if host is not None else []
            host = PhoneHost({n: old.get(n) for n in names}, **where)
            host.at_screen = [n for n in names if n in screen or n in at_screen]
            self.phones = host
        self.phones_kept_as = (purpose, key) if key else None
        self.keep_phones_seats()
        return host

    def keep_phones_seats(self) -> None:
        """Keep the open host's codes, and which of its seats are played at the screen, under what it is for
        (`phones_kept_as`); called again when a seat goes to the screen or back to its phone."""
        host = self.phones
        if host is None or self.phones_kept_as is None:
            return
        purpose, key = self.phones_kept_as
        entry = {"key": key, "seats": host.secrets()}
        if host.at_screen:
            entry["screen"] = [n for n in host.seats if n in host.at_screen]
        self.keep_phones(purpose, entry)

    def keep_phones(self, purpose: str, entry: dict | None) -> None:
        """Keep (None: forget) the codes of `purpose` in the user folder, beside the others."""
        from ..paths import user_data_dir
        from ..phones import kept

        entries, why = kept.read(user_data_dir())
        self.note_phones_problem(why)
        if entries.get(purpose) == entry:
            return
        if entry is None:
            entries.pop(purpose, None)
        else:
            entries[purpose] = entry
        self.note_phones_problem(kept.write(entries, user_data_dir()))

    def phones_reissued(self) -> None:
        """A seat's code was made anew (`PhoneHost.reissue`: a lost or shared phone): the kept codes follow, so
        that a Continue after a crash never brings the old link back."""
        from ..paths import user_data_dir
        from ..phones import kept

        host = self.phones
        if host is None:
            return
        entries, why = kept.read(user_data_dir())
        self.note_phones_problem(why)
        now = host.secrets()
        changed = False
        for entry in entries.values():
            if set(entry["seats"]) & set(now):
                entry["seats"] = {n: now.get(n, secret) for n, secret in entry["seats"].items()}
                changed = True
        if changed:
            self.note_phones_problem(kept.write(entries, user_data_dir()))

    def note_phones_problem(self, why: str | None) -> None:
        if why:
            import logging

            logging.getLogger("deathmatch").warning("%s", why)
            self.phones_problem = why

    def phones_for(self, game) -> None:
        """A single game about to open: the host open is kept if it has seats in it (a rematch), else the
        codes kept for this very game are taken up (Continue, Load of the autosave), else there are none."""
        from ..core.front import Front

        seats = set(Front(game).seats())
        key = self.game_key(game)
        host = self.phones
        if host is not None and set(host.seats) & seats:  # (a night's host may hold a phone seat that dropped out)
            if key:
                self.phones_kept_as = ("game", key)
                self.keep_phones_seats()
            return
        if host is not None:
            self.stop_phones()
        if not key:
            return
        from ..paths import user_data_dir
        from ..phones import kept

        entries, why = kept.read(user_data_dir())
        self.note_phones_problem(why)
        old = kept.secrets_for(entries, "game", key)
        if old and set(old) <= seats:
            self.seat_phones(old, "game", key, screen=kept.screen_for(entries, "game", key))

    @staticmethod
    def game_key(game) -> str:
        """A game's fingerprint (its game and its setup, seed included, hashed), the codes of its phones kept
        under it: the same game loaded again has it, another game never does ("" for a game with no setup)."""
        import hashlib
        import json

        from ..core import registry
        from ..core.front import Front

        front = Front(game)
        try:
            ruleset = registry.get(front.ruleset_id)
            record = front.hand_to(lambda g: registry.record_of(g, ruleset))
            text = json.dumps([record.ruleset, record.setup, record.seed], sort_keys=True, default=str)
        except Exception:  # a scenario's position, a game of no ruleset: nothing to keep its codes under
            return ""
        return hashlib.sha256(text.encode()).hexdigest()[:32]

    def stop_phones(self) -> None:
        """Stop the phones' server (the phones show "connection lost" and retry); no phone seats now."""
        host, self.phones = self.phones, None
        self.phones_kept_as = None
        if host is not None:
            host.stop()

    def quit(self) -> None:
        self.running = False
        self.stop_phones()
