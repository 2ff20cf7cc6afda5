"""How long each character card stays quiet: the share of its models that have played none of
its abilities by the start of each round, in games the normal bot plays against itself (the
benchmark's setups: 2 players, beasts, round limit 12, the bundled arenas, hidden cards).

The hard bot's guesses at hidden abilities use it (`rulesets/celebrity/lookahead.QUIET`): a model
still quiet in round 5 is unlikely to hold a card whose abilities the normal bot plays at once.
Regenerate after changing the cards or the normal bot, and paste the printed table:

    PYTHONPATH=. python tools/quiet_cards.py [--games 600]
"""

from __future__ import annotations

import argparse
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

ROUNDS = 12
ARENAS = ["classic_square", "ruined_temple", "harbour", "duel_pit"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=600)
    args = ap.parse_args()
    from deathmatch.board.tiled import load_arena
    from deathmatch.rulesets.celebrity import Options, load_default_cards, make_setup, new_game
    from deathmatch.paths import maps_dir
    from deathmatch.rulesets.celebrity.bots import NormalBot

    lib = load_default_cards()
    arenas = {a: load_arena(maps_dir() / f"{a}.tmx") for a in ARENAS}
    seen: dict[str, list[int]] = {c: [0] * (ROUNDS + 1) for c in lib.cards}
    quiet: dict[str, list[int]] = {c: [0] * (ROUNDS + 1) for c in lib.cards}
    for seed in range(args.games):
        rng = random.Random(7_000_000 + seed)
        name = ARENAS[seed % len(ARENAS)]
        ids = rng.sample(sorted(lib.cards), 4)
        setup = make_setup({"map": f"maps/{name}.tmx"}, [("A", ids[:2]), ("B", ids[2:])], lib,
                           Options(beasts=True, round_limit=ROUNDS, hidden_cards=True), seed=seed)
        game = new_game(setup, arenas[name])
        bot = NormalBot(seed)
        counted = 0
        while not game.over:
            if game.round > counted:
                counted = game.round
                for m in game.models.values():
                    if m.alive and counted <= ROUNDS:
                        seen[m.card.id][counted] += 1
                        quiet[m.card.id][counted] += not m.used
            game.apply(bot.choose(game))
    print("QUIET = {")
    for c in sorted(lib.cards):
        shares = [round((quiet[c][r] + 0.5) / (seen[c][r] + 1), 2) for r in range(1, ROUNDS + 1)]
        print(f"    {c!r}: {tuple(shares)},")
    print("}")


if __name__ == "__main__":
    main()
