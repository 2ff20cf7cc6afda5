"""Chessboard Skirmish's part of a tournament night (`deathmatch.tournament`, through the
registry's `Ruleset.tournament`, a `core.registry.TournamentRules`): its options, each game's
armies (given, dealt from a library of armies, or random legal lists at the night's points) and
setup, a game's result and the night's highlights.

The night rotates its placement order game by game, so the two players take turns setting up at
the bottom (the first seat of the setup is the order's first). A night's arena that is not a
Skirmish map (the night's rotation of bundled maps) is played on the plain 8×8 chessboard.
"""

from __future__ import annotations

from dataclasses import replace

from ...core.errors import RecordError
from ...core.record import Record
from .state import Options

stand_in = "normal"
"""The bot that plays a person's seat in a headless night."""

WIN_VP, DRAW_VP = 3, 1
"""A night's table: 3 for a win, 1 for a draw."""


def library():
    """The armies a night deals from when nobody gives any: none (random legal lists are dealt)."""
    return None


def default_options() -> Options:
    return Options(points=30)


def bot_night_options() -> Options:
    return Options(points=30)


def options_to_json(options: Options) -> dict:
    return {"points": options.points, "scenario": options.scenario, "obstacles": options.obstacles}


def options_from_json(data) -> Options:
    """ValueError naming the option if one is wrong."""
    from .setup import check_options
    from ...core.errors import SetupError

    unknown = set(data) - {"points", "scenario", "obstacles"}
    if unknown:
        raise ValueError(f"has an unknown option {sorted(unknown)[0]!r}")
    options = Options(data.get("points", 30), data.get("scenario"), data.get("obstacles", 0))
    try:
        check_options(options)
    except SetupError as e:
        raise ValueError(str(e)) from None
    return options


def _board(arena: str) -> dict:
    """The night's arena as a board spec: the map if it is for Skirmish, else the plain chessboard."""
    from ...board.tiled import load_arena

    try:
        loaded = load_arena(arena)
    except (ValueError, OSError):
        loaded = None
    if loaded is not None and loaded.grid.name == "square" and "skirmish" in loaded.rulesets:
        return {"map": arena}
    from .setup import DEFAULT_ARENA

    return dict(DEFAULT_ARENA)


def setup(seats, arena: str, seed: int, options: Options, *, order, banned, rng, pieces=None, library=None):
    """Game k's setup: two seats in `order` (its first sets up at the bottom), each with the army in
    `pieces[name]` (an `Army`), else one dealt from `library` (a list of armies, avoiding the names in
    `banned[name]`), else a random legal list at the night's points."""
    from .randomplay import random_army
    from .setup import Seat, Setup

    by_name = {name: (name, colour) for name, colour, _ in seats}
    chosen = []
    for name in order[:2]:
        if pieces and name in pieces:
            army = pieces[name]
        elif library:
            fresh = [a for a in library if a.name not in banned.get(name, ()) and not a.problems(options.points)]
            army = rng.choice(fresh or list(library))
        else:
            army = random_army(rng, options.points, f"{name}'s band")
        chosen.append(Seat(by_name[name][0], str(by_name[name][1]), army))
    return Setup(tuple(chosen), _board(arena), options, seed)


def pieces(setup_json) -> dict[str, list[str]]:
    """Each player's army, by name."""
    return {s["name"]: [s["army"]["name"]] for s in setup_json["seats"]}


def located(record: Record) -> Record:
    from ...board.tiled import saved_arena_spec

    try:
        arena = saved_arena_spec(record.setup["arena"])
    except ValueError as e:
        raise RecordError(str(e)) from None
    if arena != record.setup["arena"]:
        record = replace(record, setup={**record.setup, "arena": arena})
    return record


def result(game) -> dict:
    """3 VP a win, 1 a draw; kills: enemy miniatures defeated; loot: 1 for a Retrieve won with the
    marker; lives taken: the armour points the player's attacks stripped."""
    s = game.state
    winners = list(game.outcome.winners)
    scores = {}
    for p in s.players:
        foe = s.other(p)
        kills = sum(1 for m in s.minis.values() if m.owner == foe and not m.alive)
        stripped = sum(m.spec.armour - m.armour for m in s.minis.values() if m.owner == foe)
        vp = WIN_VP if p in winners else (DRAW_VP if not winners else 0)
        loot = 1 if p in winners and game.outcome.reason == "retrieve" else 0
        scores[p] = (vp, kills, loot, stripped)
    return {"arena": s.board.name, "winners": winners, "scores": scores, "rounds": s.round,
            "reason": game.outcome.reason}


def highlights(results: list[dict]) -> list[str]:
    out = []
    best = max(((v[1], p, i) for i, r in enumerate(results) for p, v in r["scores"].items()), default=None)
    if best and best[0] > 0:
        out.append(f"Most miniatures defeated in one game: {best[1]}, {best[0]} in game {best[2] + 1}")
    longest = max(((r["game"].state.round, i) for i, r in enumerate(results)), default=None)
    if longest:
        out.append(f"Longest game: game {longest[1] + 1}, {longest[0]} rounds")
    return out
