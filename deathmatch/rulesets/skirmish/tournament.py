"""Chessboard Skirmish's part of a tournament night (`deathmatch.tournament`, through the
registry's `Ruleset.tournament`, a `core.registry.TournamentRules`): the night's options (the
points level, the scenario or none, random obstacles; the board list is the night's arena list),
each game's armies and setup, a game's result and the night's highlights.

Who sets up at the bottom alternates: the night rotates its placement order game by game
(`Tournament.placement_order`), and the first name of game k's order takes the first seat, the
one that sets up at the bottom (y = 0; SKIRMISH.md §4). With two players, each sets up at the
bottom in every other game.

The armies: the ones each player picked (`pieces[name]`: an army's name), else dealt from the
library (the bundled armies and the player's own, `armies.load_default_armies`): one built for the
night's points level (its `points`), else one legal at it, never an army the player played
before in the night (`banned`) nor the opponent's army in the same game while another is left;
a random legal band at the points only if the library has none.

A headless night (every seat a bot: `deathmatch tournament`) stops a game still going after
`ROUND_LIMIT` rounds and judges it (`stop`, `judged`): the rules have no round limit, and two bots
can wait for each other for ever.

A game's scores, four numbers a player, read into the night's columns by the manifest's `scoring`
(VP, wins, defeated, left; the armour stripped on each game's lines of the export): vp 3 for a win, 1
for a draw, 0 for a loss; defeated the enemy miniatures defeated; left the points of the player's
miniatures left on the board at the end (§7's worth: die, bow 3 / gun 4, unspent armour 2 each, hero
3); stripped the armour points the player's attacks stripped.
"""

from __future__ import annotations

from ...board.tiled import located_record
from ...core.errors import SetupError
from ...core.hooks import options_object
from ...core.record import Record
from .state import SCENARIOS, Options

stand_in = "normal"
"""The bot that plays a person's seat in a headless night."""

WIN_VP, DRAW_VP = 3, 1
"""A night's table: 3 for a win, 1 for a draw, 0 for a loss."""

COLOURS = ("vermilion", "sky blue", "yellow", "bluish green", "reddish purple", "orange", "blue", "white",
           "black", "wine")
"""An entrant's colour (a number, the client's palette index) as a seat's colour name: the names of
the client's `PLAYER_COLOURS`, lower case, as the Skirmish setup screen writes them."""

OPTIONS = ("points", "scenario", "obstacles")


def _default_library():
    """The armies a night deals from: the bundled ones and the player's own (read afresh)."""
    from .armies import load_default_armies

    armies, _problems = load_default_armies()  # a broken file is the army screens' to report
    return armies


library = _default_library


def default_options() -> Options:
    return Options(points=30)


def bot_night_options() -> Options:
    """A night of bots: 30 points, last army standing, no random obstacles."""
    return Options(points=30)


def options_to_json(options: Options) -> dict:
    return {"points": options.points, "scenario": options.scenario, "obstacles": options.obstacles}


def options_from_json(data) -> Options:
    """A night's options from its file; ValueError naming the option and what it may be."""
    from .setup import check_options

    options_object(data, OPTIONS)
    points = data.get("points", 30)
    scenario = data.get("scenario")
    obstacles = data.get("obstacles", 0)
    if points is not None and (not isinstance(points, int) or isinstance(points, bool)):
        raise ValueError(f"'points' is {points!r}: give 20, 30, 40, 50 or null (points off)")
    if scenario is not None and not isinstance(scenario, str):
        raise ValueError(f"'scenario' is {scenario!r}: give one of {', '.join(SCENARIOS)} or null")
    if not isinstance(obstacles, int) or isinstance(obstacles, bool):
        raise ValueError(f"'obstacles' is {obstacles!r}: give a whole number 0 to 32")
    options = Options(points, scenario, obstacles)
    try:
        check_options(options)
    except SetupError as e:
        raise ValueError(str(e)) from None
    return options


def _colour(colour) -> str:
    if isinstance(colour, int) and not isinstance(colour, bool):
        return COLOURS[colour % len(COLOURS)]
    return str(colour)


def _legal(armies, points) -> list:
    """The armies to deal at `points`: those built for that level, else any legal at it."""
    legal = [a for a in armies if not a.problems(points)]
    built = [a for a in legal if points is None or a.points == points]
    return built or legal


def deal(name: str, banned, taken, rng, armies, points):
    """An army for `name`: from `armies` at `points`, not in `banned` (played before) nor in
    `taken` (the opponent's this game) while there is another; a random band if none is legal."""
    from .randomplay import random_army

    legal = _legal(armies, points)
    if not legal:
        return random_army(rng, points, f"{name}'s band")
    for pool in ([a for a in legal if a.name not in banned and a.name not in taken],
                 [a for a in legal if a.name not in banned],
                 [a for a in legal if a.name not in taken],
                 legal):
        if pool:
            return rng.choice(pool)
    raise AssertionError("unreachable: legal is not empty")  # pragma: no cover


def _picked(name: str, wanted, armies):
    """The army `name` picked: an `Army`, or an army's name in the library (a list of one name)."""
    from .army import Army

    if isinstance(wanted, (list, tuple)):
        if not wanted:
            return None
        wanted = wanted[0]
    if isinstance(wanted, Army):
        return wanted
    for a in armies:
        if a.name == wanted:
            return a
    raise SetupError(f"{name}'s army {wanted!r} is not in the armies folders: pick another")


def _board(arena: str) -> dict:
    """The board of a game of the night: the arena's map if it is a Skirmish map, else the plain
    8×8 chessboard."""
    from ...board.tiled import load_arena
    from .setup import DEFAULT_ARENA

    try:
        loaded = load_arena(arena)
    except (ValueError, OSError):
        loaded = None
    if loaded is not None and loaded.grid.name == "square" and "skirmish" in loaded.rulesets:
        return {"map": arena}
    return dict(DEFAULT_ARENA)


def setup(seats, arena: str, seed: int, options: Options, *, order, banned, rng, pieces=None, library=None):
    """Game k's setup: the two players in `order` (the first sets up at the bottom), each with the
    army in `pieces[name]` or one dealt from `library` (None: `library()`)."""
    from .setup import Seat, Setup

    armies = library if library is not None else _default_library()
    colour = {name: c for name, c, _ in seats}
    names = [n for n in order if n in colour][:2]
    if len(names) != 2:
        raise SetupError("a game of Chessboard Skirmish needs two players")
    chosen = []
    for name in names:
        army = _picked(name, pieces.get(name), armies) if pieces else None
        if army is None:
            army = deal(name, banned.get(name, ()), {a.name for a in chosen}, rng, armies, options.points)
        chosen.append(army)
    return Setup(tuple(Seat(n, _colour(colour[n]), a) for n, a in zip(names, chosen)), _board(arena), options, seed)


def pieces(setup_json) -> dict[str, list[str]]:
    """Each player's army, by its name."""
    return {s["name"]: [s["army"]["name"]] for s in setup_json["seats"]}


def located(record: Record) -> Record:
    """The record with its map named by id (`board.tiled.located_record`)."""
    return located_record(record)


ROUND_LIMIT = 40
"""A headless night (every seat a bot) judges a game still going after this many rounds (`stop`)."""


def stop(game, decisions: int) -> bool:
    """Whether a headless night stops this game: the rules have no round limit, and two bots whose
    armies never close in (a d4 with a sword and a d4 with a gun on either side of a river) would
    play for ever. A stopped game is judged (`judged`); people at the table stop by themselves."""
    return game.state.round > ROUND_LIMIT


def judged(state) -> tuple[str, ...]:
    """The winners of a game stopped before its end, judged as §7 Survival judges round 3 but on
    every undefeated miniature (reserves too): more miniatures, then more of their points (die, bow
    3 / gun 4, armour left 2 each, hero 3); still level, a draw (no winner)."""
    key = {p: (len(state.army(p)), sum(m.points() for m in state.army(p))) for p in state.players}
    a, b = state.players
    return () if key[a] == key[b] else ((a,) if key[a] > key[b] else (b,))


def result(game) -> dict:
    """A finished game: the arena, winners, each player's `(vp, kills, points left on the board,
    armour stripped)` (a game a headless night stopped at the round limit: its judged winner), and
    for the highlights: why it ended, the rounds, who set up at the bottom,
    each player's miniatures left."""
    s = game.state
    if game.over:
        reason, winners = game.outcome.reason, list(game.outcome.winners)
    else:  # stopped at the round limit
        reason, winners = "round_limit", list(judged(s))
    scores, left = {}, {}
    for p in s.players:
        foe = s.other(p)
        kills = sum(1 for m in s.minis.values() if m.owner == foe and not m.alive)
        stripped = sum(m.spec.armour - m.armour for m in s.minis.values() if m.owner == foe)
        vp = WIN_VP if p in winners else (DRAW_VP if not winners else 0)
        scores[p] = (vp, kills, sum(m.points() for m in s.on_board(p)), stripped)
        left[p] = len(s.army(p))
    return {"arena": s.board.name, "winners": winners, "scores": scores, "reason": reason,
            "rounds": s.round, "bottom": s.players[0], "left": left}


REASONS = {"infiltrate": "got two miniatures onto the enemy's home row", "retrieve": "carried the marker home",
           "survival": "held more of the board after round 3",
           "round_limit": f"was judged the winner of a stand-off after {ROUND_LIMIT} rounds"}


def highlights(results: list[dict]) -> list[str]:
    """The night in words: how the bottom and top seats fared, the most miniatures defeated in a
    game, flawless wins, scenario wins and the longest game."""
    out = []
    if results:
        bottom = sum(1 for r in results if r["winners"] == [r["bottom"]])
        draws = sum(1 for r in results if not r["winners"])
        top = len(results) - bottom - draws
        out.append(f"Setting up at the bottom won {bottom} of {len(results)} games, at the top {top}"
                   + (f", {draws} drawn" if draws else ""))
    best = max(((v[1], -i, p) for i, r in enumerate(results) for p, v in r["scores"].items()), default=None)
    if best and best[0] > 0:
        out.append(f"Most miniatures defeated in one game: {best[2]}, {best[0]} in game {1 - best[1]}")
    for i, r in enumerate(results):
        for w in r["winners"]:
            game = r["game"]
            if all(m.alive for m in game.state.minis.values() if m.owner == w):
                out.append(f"Flawless: {w} won game {i + 1} without losing a miniature")
            if r["reason"] in REASONS:
                out.append(f"{w} {REASONS[r['reason']]} in game {i + 1}")
    longest = max(((r["rounds"], -i) for i, r in enumerate(results)), default=None)
    if longest:
        out.append(f"Longest game: game {1 - longest[1]}, {longest[0]} rounds")
    return out
