"""Take the README's screenshots of the battle screen (dummy video driver, deterministic).

    python tools/screenshots.py [--out docs/screenshots]

Plays a seeded 4-player game on the colosseum by itself and saves the
moments worth showing: the dice-off, placement, a player's choice with
targets marked, an ability card flipping into view, an attack's die, the
hand-off screen, and the end.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402

from deathmatch.launch import make_game  # noqa: E402
from deathmatch.rulesets.celebrity import Attack  # noqa: E402
from deathmatch.scenes.app import App  # noqa: E402
from deathmatch.scenes.celebrity.battle import BattleScene  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    ap.add_argument("--seed", type=int, default=21)
    ap.add_argument("--arena", default="colosseum")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--anims", type=Path, default=None, help="also save a frame from the middle of each kind of animation here")
    args = ap.parse_args()
    out = args.out
    out.mkdir(parents=True, exist_ok=True)
    app = App((1280, 720))
    game, path = make_game(args.players, args.arena, seed=args.seed, round_limit=args.rounds)
    battle = BattleScene(app, game, path, auto_players=set(game.players), anim_speed=1.0, seed=args.seed,
                         handoff=False, hidden_cards=False, auto_delay=0.2)
    app.push(battle)
    taken: set[str] = set()
    anims_seen: set[str] = set()

    def shot(name: str) -> None:
        if name not in taken:
            pygame.image.save(app.screen, out / f"{name}.png")
            taken.add(name)
            print("saved", out / f"{name}.png")

    for _ in range(110):
        app.frame([], 1 / 60)
    shot("dice_off")
    for _ in range(20000):
        if game.over and battle.stage == "over":
            for _ in range(60):
                app.frame([], 1 / 60)
            shot("game_over")
            break
        d = battle.decision
        if d is not None and battle.stage == "auto" and not battle.animator.busy:
            if d.kind == "place" and game.round == 0 and len([m for m in game.models.values() if m.hex]) >= 3 and "placement" not in taken:
                battle.stage = "human"
                battle.enter_stage()
                app.frame([], 1 / 60)
                shot("placement")
                battle.new_decision()
            elif d.kind == "action" and any(isinstance(o, Attack) for o in battle.options) and "choosing" not in taken:
                battle.enter_stage()
                h = next(h for h, opts in battle.candidates.items() if not any(isinstance(o, Attack) for o in opts))
                pos = battle.camera.world_to_screen(*battle.mapview.hex_center(h))
                app.frame([pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))], 1 / 60)
                shot("choosing")
                from deathmatch.scenes.handoff import HandOffScene as H

                app.push(H(app, battle, d.player))
                app.frame([], 1 / 60)
                shot("hand_off")
                app.stack.pop()
                battle.new_decision()
        app.frame([], 1 / 60)
        step = battle.animator.current
        if args.anims and step is not None and step.duration and battle.animator.elapsed > step.duration * 0.45:
            kind = type(step).__name__
            if kind == "Float":
                kind += "_" + "".join(c for c in step.text if c.isalnum())
            if kind not in anims_seen:
                anims_seen.add(kind)
                args.anims.mkdir(parents=True, exist_ok=True)
                pygame.image.save(app.screen, args.anims / f"{kind}.png")
        if battle.view.card is not None and battle.view.card.age > 0.5:
            shot("ability")
        if battle.view.dice is not None and battle.view.dice.rolling <= 0 and battle.view.dice.age < 0.1 and game.round >= 2:
            shot("attack_roll")
    print(f"{len(taken)} screenshots in {out}")


if __name__ == "__main__":
    main()
