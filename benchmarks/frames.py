"""Frame benchmark of the battle screen (dummy video driver, 1280×720).

1. A 10-player battle on the grand arena playing itself with animations
   running: the time of each frame (events, update, draw, flip), median and
   95th percentile, over a few thousand frames.
2. The battle screen sitting idle, waiting for a human, for 10 s through the
   real main loop: the CPU time used, as % of one core.

    python benchmarks/frames.py [--frames 3000] [--idle 10]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deathmatch.launch import make_game  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.celebrity.battle import BattleScene  # noqa: E402


def frame_times(frames: int) -> list[float]:
    app = App((1280, 720))
    game, path = make_game(10, "grand_arena", seed=4, round_limit=None)
    battle = BattleScene(app, game, path, auto_players=set(game.players), anim_speed=1.0, handoff=False,
                         hidden_cards=False, auto_delay=0.05)
    app.push(battle)
    times = []
    for _ in range(frames):
        if game.over:
            break
        t0 = time.perf_counter()
        app.frame([], 1 / 60)
        times.append(time.perf_counter() - t0)
    return times


def idle_cpu(seconds: float) -> float:
    app = App((1280, 720))
    game, path = make_game(10, "grand_arena", seed=4)
    battle = BattleScene(app, game, path, anim_speed=100.0, handoff=False, hidden_cards=False)
    app.push(battle)
    for _ in range(600):  # until the first placement waits for a human and the animations are done
        app.frame([], 1 / 60)
        if battle.decision is not None and not battle.animating:
            break
    assert not app.stack.animating, "the screen should be idle"
    stop = time.perf_counter() + seconds
    app.frame_hooks.append(lambda a: a.quit() if time.perf_counter() > stop else None)
    c0, w0 = time.process_time(), time.perf_counter()
    while app.running and time.perf_counter() < stop:
        app.run(max_frames=app.frames + 1)
    return 100 * (time.process_time() - c0) / (time.perf_counter() - w0)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=3000)
    ap.add_argument("--idle", type=float, default=10.0)
    args = ap.parse_args()
    times = sorted(frame_times(args.frames))
    p95 = times[int(len(times) * 0.95)]
    print(f"10-player grand arena, animations running, 1280x720: {len(times)} frames, "
          f"median {statistics.median(times) * 1000:.2f} ms, p95 {p95 * 1000:.2f} ms, max {times[-1] * 1000:.1f} ms")
    print(f"idle on the battle screen for {args.idle:.0f} s: {idle_cpu(args.idle):.2f} % of one core")


if __name__ == "__main__":
    main()
