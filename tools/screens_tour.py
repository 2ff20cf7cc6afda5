"""Draw every screen of the game at a window size and save PNGs (for looking at them).

    python tools/screens_tour.py --size 1024x600 --out /tmp/tour
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("DEATHMATCH_USER_DIR", tempfile.mkdtemp(prefix="deathmatch-tour-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from deathmatch.engine.randomplay import random_answer  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", default="1280x720")
    ap.add_argument("--out", type=Path, default=Path("/tmp/tour"))
    args = ap.parse_args()
    w, h = (int(v) for v in args.size.split("x"))
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    app = App((w, h))
    app.settings.animation_speed = 60.0

    def shot(name):
        app.frame([], 1 / 60)
        pygame.image.save(app.screen, out / f"{name}_{w}x{h}.png")

    from deathmatch.scenes.gallery import GalleryScene
    from deathmatch.scenes.load import LoadScene
    from deathmatch.scenes.results import ResultsScene
    from deathmatch.scenes.rules import RulesScene
    from deathmatch.scenes.settings import SettingsScene
    from deathmatch.scenes.setup import NewGameScene
    from deathmatch.scenes.title import TitleScene

    app.push(TitleScene(app))
    shot("title")
    setup = NewGameScene(app)
    app.push(setup)
    shot("setup")
    app.push(GalleryScene(app, setup.seats[0], 2, (), hidden=False))
    shot("gallery")
    app.stack.pop()
    game = setup.make(seed=3)
    from deathmatch.scenes.battle import start_battle

    battle = start_battle(app, game)
    for _ in range(240):
        app.frame([], 1 / 60)
    shot("battle")
    rng = random.Random(1)
    while not game.over:
        game.apply(random_answer(game, rng, 0.7))
    app.stack.replace(TitleScene(app))
    results = ResultsScene(app, game)
    app.push(results)
    shot("results")
    results.watch_replay()
    replay = app.stack.top
    replay.jump(replay.timeline.first_step_of_round(3) + 4)
    replay.animator.skip()
    shot("replay")
    app.stack.replace(TitleScene(app))
    for make, name in ((LoadScene, "load"), (RulesScene, "rules"), (SettingsScene, "settings")):
        app.push(make(app))
        shot(name)
        app.stack.pop()
    from deathmatch.scenes.error import ErrorScene

    try:
        raise RuntimeError("an example error")
    except RuntimeError as exc:
        app.push(ErrorScene(app, exc, Path("~/.local/share/deathmatch/logs/crash-example.txt")))
    shot("error")
    print(f"saved to {out}")


if __name__ == "__main__":
    main()
