"""Write the frozen game records: games made by today's code, with the state they end in.

    python tools/freeze_records.py        # (re)writes tests/data/frozen/*.json

tests/celebrity/test_frozen.py replays each record and compares the state with the one frozen here,
so a change that alters what a game plays out to (a move of the engine's code, a speed-up)
is caught. Rewrite them only when the rules are meant to change, and say so in the commit.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deathmatch.board.tiled import load_arena  # noqa: E402
from deathmatch.rulesets.celebrity.bots import make_bot  # noqa: E402
from deathmatch.launch import arena_path  # noqa: E402
from deathmatch.core.loop import play_until_over  # noqa: E402
from deathmatch.rulesets.celebrity import Options, load_default_cards, make_setup, models_per_player, new_game  # noqa: E402
from deathmatch.rulesets.celebrity.record import GameRecord  # noqa: E402

OUT = ROOT / "tests" / "data" / "frozen"

GAMES = [
    # (name, arena, players, beasts, obstacles, round_limit, orders, bot strength)
    ("duel_2", "duel_pit", 2, False, 0, None, False, "normal"),
    ("duel_3_beasts", "duel_pit", 3, True, 0, None, False, "normal"),
    ("square_4", "classic_square", 4, True, 2, 8, False, "normal"),
    ("square_6_orders", "classic_square", 6, True, 0, 6, True, "normal"),
    ("colosseum_4", "colosseum", 4, True, 0, 10, False, "easy"),
    ("colosseum_8", "colosseum", 8, False, 3, 5, True, "normal"),
    ("grand_10", "grand_arena", 10, True, 0, 4, False, "normal"),
    ("grand_5_orders", "grand_arena", 5, True, 2, 6, True, "easy"),
    ("temple_3", "ruined_temple", 3, True, 0, None, False, "normal"),
    ("temple_6", "ruined_temple", 6, False, 0, 6, True, "normal"),
    ("harbour_2", "harbour", 2, True, 0, None, True, "normal"),
    ("harbour_5", "harbour", 5, True, 1, 7, False, "easy"),
    ("circus_4", "circus", 4, True, 0, 8, True, "normal"),
    ("circus_7", "circus", 7, False, 2, 5, False, "normal"),
]


def state(game) -> dict:
    """The comparable state, as JSON: everything in the snapshot but the engine's own task reprs."""
    snap = game.snapshot()
    snap.pop("stack", None)
    # The dice's own state() is a hash that differs between processes (hash(None) on Python 3.11):
    # the next rolls they would give say the same thing, and the same in every process.
    dice = copy.deepcopy(game.dice)
    snap["dice"] = [dice.roll() for _ in range(24)]
    return json.loads(json.dumps(snap, default=repr))


def play(name, arena, players, beasts, obstacles, round_limit, orders, strength, seed):
    loaded = load_arena(arena_path(arena))
    library = load_default_cards()
    rng = random.Random(seed)
    per = models_per_player(players)
    ids = rng.sample(sorted(library.cards), players * per)
    seats = [(f"P{i + 1}", ids[i * per:(i + 1) * per]) for i in range(players)]
    setup = make_setup({"map": loaded.source["map"]}, seats, library,
                       Options(beasts=beasts, obstacles=obstacles, round_limit=round_limit, hidden_cards=orders),
                       seed=seed, orders_for=[s for s, _ in seats] if orders else ())
    game = new_game(setup, None if obstacles else loaded)
    bots = {p: make_bot(strength, seed=seed + i) for i, (p, _) in enumerate(seats)}
    play_until_over(game, lambda g: bots[g.pending.player].choose(g))
    return game


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for i, spec in enumerate(GAMES):
        game = play(*spec, seed=1000 + i)
        record = GameRecord.of(game).to_json()
        (OUT / f"{spec[0]}.json").write_text(json.dumps({"record": record, "final": state(game)}, indent=1) + "\n")
        print(f"{spec[0]}: {len(game.history)} decisions, round {game.round}, {game.outcome.reason}")


if __name__ == "__main__":
    main()
