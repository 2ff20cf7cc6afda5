"""Draw every game's pages of the rules screen, scrolled from top to bottom, at window sizes, as PNGs.

    python tools/rules_pages.py --out /tmp/rules 1024x600 1280x720 1920x1080
    python tools/rules_pages.py --game gladiator --out /tmp/rules

Each screen is saved as GAME_PAGE_WxH_N.png (N: how many screens down the page it is).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("DEATHMATCH_USER_DIR", tempfile.mkdtemp(prefix="deathmatch-rules-"))
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.rules import RulesScene  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sizes", nargs="*", default=["1024x600", "1280x720", "1920x1080"])
    ap.add_argument("--out", type=Path, default=Path("/tmp/rules"))
    ap.add_argument("--game", action="append", help="a ruleset id (default: every game's pages); may repeat")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for size in args.sizes:
        w, h = (int(v) for v in size.split("x"))
        app = App((w, h))
        app.catch_errors = False
        games = [rs.id for rs in app.router.rulesets if not args.game or rs.id in args.game]
        for game in games:
            scene = RulesScene(app, ruleset=game)
            app.push(scene)
            for i in scene.reading:
                scene.show(i)
                label = scene.pages[i][0].lower().replace(" ", "_")
                shot = 0
                while True:
                    app.frame([], 1 / 60)
                    pygame.image.save(app.screen, args.out / f"{game}_{label}_{w}x{h}_{shot}.png")
                    if scene.scroll >= scene.max_scroll:
                        break
                    scene.scroll_by(scene.view.h - 20)
                    shot += 1
                print(f"{w}x{h} {game} {label}: page {scene.page.height} px, {shot + 1} screens")
            app.stack.pop()
        pygame.quit()


if __name__ == "__main__":
    main()
