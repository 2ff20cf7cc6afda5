"""Frame benchmark of every game's battle table (1280×720 unless --size says otherwise).

For each game, its largest bundled set-up (`SETUPS`: 10 players on the Grand Arena for Celebrity
Deathmatch; for the others the most players, miniatures or heroes their bundled arenas allow):

1. The table playing itself (random legal answers, so the time is the screen's, not a bot's) with
   every animation running: the time of each frame (events, update, draw, flip), median, 95th
   percentile and worst, over `--frames` frames after a warm-up (the first frames draw sprites for the
   first time); a game that ends early is followed by another (next seed) until there are enough.
   Two clocks: the thread's CPU time (what the frame costs; this shared machine lends its cores to
   other tenants, which wall time counts too) and the wall clock (what a player waits, an X server's
   share of a flip included when it runs on another core).
2. The table settled at a person's decision, through the real main loop (`App.run`) for `--idle`
   seconds: the process's CPU time over the wall time, as % of one core, and the frames drawn
   meanwhile (the loop redraws once every IDLE_WAIT_MS when nothing happens).

The dummy video driver unless SDL_VIDEODRIVER says otherwise; under a real X server (Xvfb) set
DISPLAY and leave SDL_VIDEODRIVER unset with --x11. The user folder is a fresh temporary one unless
DEATHMATCH_USER_DIR is set (the player's settings do not change what is measured).

3. With `--menu`: the game menu (Esc) opened over the table while the computer plays every seat, through
   the real main loop for `--menu` seconds: % of one core, the frames drawn and the answers made under it
   (the table holds: none).

    python benchmarks/frames.py [--ruleset ID|all] [--frames 3000] [--idle 5] [--menu 5] [--size 1280x720] [--x11]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

WARM_UP = 60
"""Frames of each game not counted: the first drawing of every sprite, panel and glyph."""

SETUPS = {
    "celebrity": {"players": 10, "arena": "grand_arena", "options": {}, "words": "10 players, Grand Arena"},
    "skirmish": {"players": 2, "arena": "fallen_hall", "options": {"points": 50, "obstacles": 12},
                 "words": "2 armies of 50 points, Fallen Hall (12×12), 12 obstacles"},
    "gladiator": {"players": 2, "arena": "broken_ring", "options": {"lions": True},
                  "words": "2 gladiators (lions on), Broken Ring"},
    "supers": {"players": 4, "arena": "supers_skyline", "options": {"heroes": 3},
               "words": "4 teams of 3 heroes, Skyline"},
}
"""Each game's largest bundled set-up (tests/shell/test_idle.py settles the same tables)."""

NAMES = ["Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy", "Jo"]


def table_of(ruleset: str, *, size=(1280, 720), seed: int = 4, bots: bool = False, anim_speed: float = 1.0,
             auto_delay: float = 0.05, handoff: bool = False):
    """(app, table): a new game of `ruleset`'s `SETUPS` on its battle table, pushed on a new App of
    `size`, no hand-off unless `handoff`; every seat a person's, or with `bots` every seat random legal answers."""
    from deathmatch.launch import hidden_cards, make_game
    from deathmatch.scenes.app import App

    s = SETUPS[ruleset]
    app = App(size)
    app.router.ruleset = ruleset
    names = NAMES[:s["players"]]
    game, path = make_game(s["players"], s["arena"], seed, names=names, ruleset=ruleset, **s["options"])
    cls = app.router.scene_class("battle", ruleset)
    extra = {"auto_players": set(names), "auto_delay": auto_delay} if bots else {}
    table = cls(app, game, path, handoff=handoff, anim_speed=anim_speed, **hidden_cards(cls, False), **extra)
    app.push(table)
    return app, table


def frame_times(ruleset: str, frames: int, size) -> tuple[list[float], list[float]]:
    """(CPU seconds, wall seconds) of each frame of the table playing itself, `frames` of them after the
    warm-up."""
    cpu: list[float] = []
    wall: list[float] = []
    seed = 4
    while len(cpu) < frames:
        app, table = table_of(ruleset, size=size, seed=seed, bots=True)
        n = 0
        while len(cpu) < frames and table.stage != "over" and app.stack.top is table:
            c0, w0 = time.thread_time(), time.perf_counter()
            app.frame([], 1 / 60)
            c1, w1 = time.thread_time(), time.perf_counter()
            n += 1
            if n > WARM_UP or seed > 4:
                cpu.append(c1 - c0)
                wall.append(w1 - w0)
        seed += 1
    return cpu, wall


def summary(times: list[float]) -> dict:
    """Median, 95th percentile and worst, in ms."""
    times = sorted(times)
    return {"median": statistics.median(times) * 1000, "p95": times[min(len(times) - 1, int(len(times) * 0.95))] * 1000,
            "max": times[-1] * 1000}


def settle(app, table, limit: int = 20000) -> None:
    """Frames until the table waits for a person and nothing moves on it any more."""
    for _ in range(limit):
        if table.decision is not None and table.decision.player not in table.auto and not app.stack.animating:
            return
        app.frame([], 1 / 60)
    raise SystemExit(f"{table.game.ruleset_id}: the table never settled at a person's decision "
                     f"(stage {table.stage}, animating {app.stack.animating})")


def idle_cpu(ruleset: str, seconds: float, size) -> tuple[float, int, float]:
    """(% of one core, frames drawn, seconds measured) of the settled table in the real main loop."""
    app, table = table_of(ruleset, size=size, anim_speed=100.0)
    settle(app, table)
    measured = main_loop(app, seconds)
    if app.stack.animating:
        raise SystemExit(f"{ruleset}: the settled table started animating on its own")
    return measured


def main_loop(app, seconds: float) -> tuple[float, int, float]:
    """(% of one core, frames drawn, seconds measured) of `app`'s real main loop run for `seconds`."""
    frames = app.frames
    stop = time.perf_counter() + seconds
    c0, w0 = time.process_time(), time.perf_counter()
    while app.running and time.perf_counter() < stop:
        app.run(max_frames=app.frames + 1)  # one pass of the loop: it waits (up to IDLE_WAIT_MS) then draws
    wall = time.perf_counter() - w0
    return 100 * (time.process_time() - c0) / wall, app.frames - frames, wall


def menu_cpu(ruleset: str, seconds: float, size) -> tuple[float, int, float, int]:
    """(% of one core, frames drawn, seconds measured, answers made) of the real main loop with the game
    menu (Esc) open over the table while the computer plays every seat: the table holds under it."""
    from deathmatch.scenes.pause import PauseMenu

    app, table = table_of(ruleset, size=size, bots=True)
    for _ in range(WARM_UP):
        app.frame([], 1 / 60)  # the bots are playing...
    app.push(PauseMenu(app, table))  # ... when someone presses Esc
    moves = len(table.game.history)
    return (*main_loop(app, seconds), len(table.game.history) - moves)


def parse_size(text: str) -> tuple[int, int]:
    w, h = text.lower().split("x")
    return int(w), int(h)


def main(argv=None) -> list[dict]:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ruleset", default="all", help="a game's id, or all (default)")
    ap.add_argument("--frames", type=int, default=3000, help="frames timed a game (after the warm-up)")
    ap.add_argument("--idle", type=float, default=5.0, help="seconds of the settled table in the main loop (0: skip)")
    ap.add_argument("--menu", type=float, default=0.0,
                    help="seconds of the main loop with the game menu open over the computer playing (0: skip)")
    ap.add_argument("--size", type=parse_size, default=(1280, 720), help="window size, WxH")
    ap.add_argument("--x11", action="store_true", help="the real video driver (X11: set DISPLAY), not the dummy one")
    args = ap.parse_args(argv)
    if not args.x11:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("DEATHMATCH_USER_DIR", tempfile.mkdtemp(prefix="deathmatch-frames-"))
    import pygame

    ids = list(SETUPS) if args.ruleset == "all" else [args.ruleset]
    unknown = [i for i in ids if i not in SETUPS]
    if unknown:
        ap.error(f"no set-up for {', '.join(unknown)} (games: {', '.join(SETUPS)}, or all)")
    rows = []
    for rid in ids:
        cpu, wall = frame_times(rid, args.frames, args.size)
        row = {"ruleset": rid, "frames": len(cpu), "cpu": summary(cpu), "wall": summary(wall)}
        if args.idle > 0:
            row["idle_pct"], row["idle_frames"], row["idle_s"] = idle_cpu(rid, args.idle, args.size)
        if args.menu > 0:
            row["menu_pct"], row["menu_frames"], row["menu_s"], row["menu_moves"] = menu_cpu(rid, args.menu, args.size)
        rows.append(row)
    driver = pygame.display.get_driver() if pygame.display.get_init() else os.environ.get("SDL_VIDEODRIVER", "?")
    print(f"{args.size[0]}×{args.size[1]}, video driver {driver}, {args.frames} frames timed a game after "
          f"{WARM_UP} of warm-up, idle {args.idle:g} s through the main loop")
    print(f"{'':<10} {'':<58} {'frame, CPU (ms)':^20} {'frame, wall (ms)':^20}")
    print(f"{'game':<10} {'set-up':<58} {'median':>6} {'p95':>6} {'worst':>6} {'median':>6} {'p95':>6} {'worst':>6} "
          f"{'idle CPU':>9} {'idle frames':>12}")
    for r in rows:
        idle = f"{r['idle_pct']:.2f} %" if "idle_pct" in r else "-"
        drawn = f"{r['idle_frames']} in {r['idle_s']:.1f} s" if "idle_pct" in r else "-"
        c, w = r["cpu"], r["wall"]
        print(f"{r['ruleset']:<10} {SETUPS[r['ruleset']]['words']:<58} {c['median']:>6.2f} {c['p95']:>6.2f} "
              f"{c['max']:>6.1f} {w['median']:>6.2f} {w['p95']:>6.2f} {w['max']:>6.1f} {idle:>9} {drawn:>12}")
    for r in rows:
        if "menu_pct" in r:
            print(f"{r['ruleset']:<10} the game menu open over the computer playing: {r['menu_pct']:.2f} % of a core, "
                  f"{r['menu_frames']} frames in {r['menu_s']:.1f} s, {r['menu_moves']} answers made under it")
    return rows


if __name__ == "__main__":
    main()
