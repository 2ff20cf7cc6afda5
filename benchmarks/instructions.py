"""A fixed workload for instruction counts: N random games of P players, the same on every version.

Compare two versions of the engine without the machine's speed swings:

    PYTHONHASHSEED=0 setarch x86_64 -R valgrind --tool=callgrind --callgrind-out-file=/dev/null \\
        python benchmarks/instructions.py 6 10
    # ... and again with 12 games: (count(12) - count(6)) / (activations(12) - activations(6))
    # is the cost of one activation, without start-up and one-time imports.
    # With a third argument `setup` it only makes the games (their arenas, cards, placement
    # order) and plays none: subtract those counts too for the play alone, what
    # benchmarks/engine.py times (it makes its games before it starts the clock).

It uses only names both the engine before and after the core (issue 12) have.
"""

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from deathmatch.rulesets.celebrity import events as ev  # noqa: E402
from deathmatch.rulesets.celebrity import load_default_cards  # noqa: E402
from deathmatch.rulesets.celebrity.randomplay import random_answer, random_game  # noqa: E402


def main() -> None:
    games, players = int(sys.argv[1]), int(sys.argv[2])
    setup_only = sys.argv[3:] == ["setup"]
    library = load_default_cards()
    activations = 0
    for i in range(games):
        game = random_game(library, 1000 + i, players=players, beasts=True, obstacles=0, round_limit=40)
        if setup_only:
            continue
        rng = random.Random(i)
        while not game.over:
            for e in game.apply(random_answer(game, rng)):
                activations += type(e) is ev.ActivationStarted
    print("activations", activations)


if __name__ == "__main__":
    main()
