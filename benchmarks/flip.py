"""The floor under every frame: filling a window and showing it (`pygame.display.flip`), nothing drawn.

The CPU time of the main thread for `screen.fill(colour); pygame.display.flip()` (a changed frame: the
whole window sent), median and 95th percentile over `--frames`, at `--size`. Under X11 run it twice:
with SDL's default (SDL may show the window through an OpenGL texture: Mesa's llvmpipe on a machine
without a GPU) and with `SDL_FRAMEBUFFER_ACCELERATION=0` (X's shared-memory image, what `App` asks for).

    DISPLAY=:73 SDL_VIDEODRIVER=x11 python benchmarks/flip.py
    DISPLAY=:73 SDL_VIDEODRIVER=x11 SDL_FRAMEBUFFER_ACCELERATION=0 python benchmarks/flip.py
"""

from __future__ import annotations

import argparse
import os
import statistics
import time


def main(argv=None) -> dict:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--frames", type=int, default=500)
    ap.add_argument("--size", default="1280x720", help="window size, WxH")
    args = ap.parse_args(argv)
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    w, h = (int(v) for v in args.size.lower().split("x"))
    pygame.display.init()
    screen = pygame.display.set_mode((w, h))
    times = {"fill": [], "fill+flip": []}
    for i in range(args.frames + 20):
        c0 = time.thread_time()
        screen.fill((i % 256, 40, 60))
        c1 = time.thread_time()
        pygame.display.flip()
        c2 = time.thread_time()
        if i >= 20:
            times["fill"].append(c1 - c0)
            times["fill+flip"].append(c2 - c0)
    accel = os.environ.get("SDL_FRAMEBUFFER_ACCELERATION", "(SDL's default)")
    print(f"{w}×{h}, video driver {pygame.display.get_driver()}, SDL_FRAMEBUFFER_ACCELERATION {accel}, "
          f"{args.frames} frames, main thread CPU")
    out = {}
    for name, ts in times.items():
        ts.sort()
        out[name] = (statistics.median(ts) * 1000, ts[int(len(ts) * 0.95)] * 1000)
        print(f"  {name:<10} median {out[name][0]:.3f} ms, p95 {out[name][1]:.3f} ms")
    return out


if __name__ == "__main__":
    main()
