"""Draw every page of the rules screen, scrolled from top to bottom, at window sizes, as PNGs.

    python tools/rules_pages.py --out /tmp/rules 1024x600 1280x720 1920x1080
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
from deathmatch.scenes.rules import PAGES, RulesScene  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("sizes", nargs="*", default=["1024x600", "1280x720", "1920x1080"])
    ap.add_argument("--out", type=Path, default=Path("/tmp/rules"))
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for size in args.sizes:
        w, h = (int(v) for v in size.split("x"))
        app = App((w, h))
        scene = RulesScene(app)
        app.push(scene)
        for i, (label, _) in enumerate(PAGES):
            scene.show(i)
            shot = 0
            while True:
                app.frame([], 1 / 60)
                pygame.image.save(app.screen, args.out / f"{label.lower().replace(' ', '_')}_{w}x{h}_{shot}.png")
                if scene.scroll >= scene.max_scroll:
                    break
                scene.scroll_by(scene.view.h - 20)
                shot += 1
            print(f"{w}x{h} {label}: page {scene.page.height} px, {shot + 1} screens")
        pygame.quit()


if __name__ == "__main__":
    main()
