"""What the conformance suite knows of a game: only what the registry gives.

- `GAME_IDS`: every registered game, the toy plugin (tests/toy_tictactoe/) included, installed as a
  plugin is (a dist-info folder with a `deathmatch.games` entry point on sys.path). A fixture
  (`installed`, in conftest.py) installs it around every conformance test and takes it away after,
  so the other tests see the four games as before.
- `new_game(id, seed)`: a started game, dealt by the ruleset itself: its `quick_game` on one of the
  bundled arenas whose map names the game (`rulesets` property), with a seeded number of players the
  arena takes; a game with no quick game (the toy) by its tournament night's `setup`.
- `random_play`: the ruleset's own `random_answer` until the game is over, or a headless night
  would stop it (`TournamentRules.stop`, a round limit), or `limit` answers.

There is no table of games here: adding a game to the registry adds it to every test of the
suite. The one per-game table is `HINTS` below, empty unless unavoidable.
"""

from __future__ import annotations

import atexit
import functools
import random
import shutil
import sys
import tempfile
from contextlib import contextmanager
from pathlib import Path

from deathmatch.core import registry

TESTS = Path(__file__).resolve().parent.parent

HINTS: dict[str, dict] = {}
"""Per-game hints, by game id, ONLY where the registry can not say it (keep it empty if you can).
Known keys: `players` (the seat counts to deal; default: what each arena takes, at most 4),
`soak` (random games in the soak; default `SOAK_GAMES`)."""

SOAK_GAMES = 120
"""Random games a game plays in the soak (about 150 a game with the other tests' games; the suite's whole
run stays near a minute of CPU on this 2-core machine: tools/soak.py plays thousands)."""


def install_toy(where: Path) -> Path:
    """The toy's distribution metadata as pip leaves it (a dist-info folder naming its manifest)."""
    info = where / "deathmatch_tictactoe-1.0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: deathmatch-tictactoe\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text("[deathmatch.games]\ntictactoe = toy_tictactoe.manifest:MANIFEST\n")
    return info


_SITE = Path(tempfile.mkdtemp(prefix="deathmatch-conformance-site-"))
install_toy(_SITE)
atexit.register(shutil.rmtree, _SITE, True)


@contextmanager
def installed():
    """Every game, the toy plugin too, found afresh through the entry points; uninstalled after (the
    registry's rulesets and the router's games as they were before)."""
    from deathmatch.scenes import router

    sys.path.insert(0, str(_SITE))
    saved, rulesets = router.RULESETS, dict(registry._RULESETS)
    registry.forget_games()
    try:
        router.RULESETS = router.client_rulesets()
        toy = registry.manifest("tictactoe")
        registry.register(toy.ruleset())
        yield [m.id for m in registry.games()]
    finally:
        sys.path.remove(str(_SITE))
        registry.forget_games()
        router.RULESETS = saved
        registry._RULESETS.clear()
        registry._RULESETS.update(rulesets)  # the rulesets as they were: the toy's only if it was there


with installed() as _ids:
    GAME_IDS: list[str] = list(_ids)
"""Every registered game's id (the four and the toy), in the registry's order."""

SECRET_GAMES: list[str] = []
"""Filled by leaks.py: the games whose per-player views differ (hidden information)."""


@functools.lru_cache(maxsize=None)
def arenas_for(rid: str) -> tuple:
    """(path, min players, max players) of every bundled arena whose map names the game, sorted."""
    from deathmatch.board.tiled import load_arena
    from deathmatch.paths import maps_dir

    out = []
    for p in sorted(maps_dir().glob("*.tmx")):
        try:
            a = load_arena(p)
        except ValueError:
            continue
        if rid in a.rulesets:
            out.append((p, a.min_players, a.max_players))
    return tuple(out)


def new_game(rid: str, seed: int, players: int | None = None, night: bool = False):
    """A started game of `rid`, dealt from `seed` by the ruleset itself (see the module's words); `night`:
    dealt as a tournament night deals (from the game's own library of pieces), if it has nights."""
    rules = registry.get(rid)
    rng = random.Random(f"{rid}:{seed}")
    if rules.quick_game is not None and arenas_for(rid) and not (night and rules.tournament is not None):
        from deathmatch.launch import make_game

        fits = [a for a in arenas_for(rid) if players is None or a[1] <= players <= a[2]]
        path, lo, hi = fits[rng.randrange(len(fits))]
        counts = HINTS.get(rid, {}).get("players") or list(range(lo, min(hi, max(lo, 4)) + 1))
        n = players if players is not None else rng.choice([c for c in counts if lo <= c <= hi] or [lo])
        game, _ = make_game(n, str(path), seed, ruleset=rid)
        return game
    # no quick game: its tournament night's setup (the toy), on the first arena that names it (or none)
    tour = rules.tournament
    names = [f"Bot {chr(65 + i)}" for i in range(players or 2)]
    level = "Human"  # every seat a person's (a night of bots is `night_of`'s)
    fits = [p for p, lo, hi in arenas_for(rid) if lo <= len(names) <= hi]
    arena = f"bundled:{fits[0].stem}" if fits else "none"
    setup = tour.setup([(n, i, level) for i, n in enumerate(names)], arena, seed, tour.bot_night_options(),
                       order=names, banned={n: set() for n in names}, rng=rng, library=tour.library())
    return rules.new_game(setup)


def night_of(rid: str, seed: int, players: int = 2, games: int = 2):
    """A tournament night of `rid` between bots of its weakest level (its first `bot_levels`), on the
    bundled arenas that take the game (any name, for a game that plays on none of them)."""
    from deathmatch.tournament import Entrant, Tournament

    rules = registry.get(rid)
    arenas = [f"bundled:{p.stem}" for p, lo, hi in arenas_for(rid) if lo <= players <= hi] or ["none"]
    level = rules.bot_levels[0] if rules.bot_levels else "Human"
    return Tournament([Entrant(f"Bot {chr(65 + i)}", i, level) for i in range(players)], games, arenas,
                      options=rules.tournament.bot_night_options(), seed=seed, ruleset=rid)


LIMIT = 5000
"""Answers after which a random game that has neither ended nor been stopped is a failure."""


def random_play(game, rid: str, rng: random.Random, limit: int = LIMIT, check_legal: bool = False) -> int:
    """Random legal answers until the game ends (or a headless night would stop it, or `limit`)."""
    rules = registry.get(rid)
    stop = getattr(rules.tournament, "stop", None) if rules.tournament is not None else None
    n = 0
    while not game.over and n < limit and not (stop is not None and stop(game, n)):
        assert game.pending is not None, f"{rid}: a game not over with no decision pending"
        action = rules.random_answer(game, rng)
        if check_legal:
            assert game.is_legal(action), f"{rid}: random_answer gave an illegal answer {action!r}"
        game.apply(action)
        n += 1
    return n


def seats(game) -> list[str]:
    """The players of a game, in seat order (as the core's `Front` names them)."""
    from deathmatch.core.front import Front

    return list(Front(game, registry.get(game_id(game))).seats())


def game_id(game) -> str:
    """The id of the ruleset a game plays (every game made by a ruleset carries it)."""
    return game.ruleset_id


def views(game, rid: str) -> dict:
    """Every seat's view and the public one (None): the ruleset's per-player view."""
    view = registry.get(rid).view
    return {p: view(game, p) for p in [*seats(game), None]}
