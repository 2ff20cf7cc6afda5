"""Superhero Gladiators' part of a tournament night (`deathmatch.tournament`, through the registry's
`Ruleset.tournament`, a `core.registry.TournamentRules`): team play. Each entrant fields a team of
two heroes a game; the night's options are the fight's (the turn limit, §8); each game's setup, a
game's result and the night's highlights.

The teams: the heroes each player picked for the whole night before it started (the night's options,
`NightOptions.teams`, saved in the night's file), or for one game (`pieces[name]`: hero ids in the
library); else dealt game by game from the library (the bundled heroes and the player's own, `heroes.load_default_heroes`), never a hero the
player fielded before in the night (`banned`, when the night has no repeats) nor one another team
fields in the same game, while others are left.

Seating: the night rotates its placement order game by game (`Tournament.placement_order`), and game
k's order is its seat order: the first name takes the first seat (the first spawn zone) and places
first among heroes of equal Perception and Strength.

The arena: the night's arena if it is a Superhero Gladiators map, else a plain hexagon of radius 5.

A game's scores, four numbers a player, read into the night's columns by the manifest's `scoring`
(VP, wins, KOs, standing; the oomph taken on each game's lines of the export): vp 3 for a win, 1 for a
draw, 0 for a loss; KOs the other teams' heroes that fainted; standing the player's own heroes still
standing at the end; the oomph the other teams' heroes lost.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...board.tiled import located_record
from ...core.errors import SetupError
from ...core.hooks import options_object
from ...core.record import Record
from .state import Options

stand_in = "normal"
"""The bot that plays a person's seat in a headless night."""

WIN_VP, DRAW_VP = 3, 1
TEAM = 2
"""Heroes a team."""
BOT_TURN_LIMIT = 30
"""A night of bots ends a fight still going after this many turns in a draw (the rules' option, §8)."""
COLOURS = ("vermilion", "sky blue", "yellow", "bluish green", "reddish purple", "orange", "blue", "white", "black", "wine")
"""An entrant's colour (a number, the client's palette index) as a seat's colour word: the palette's own
names (client/art/palette.py PLAYER_COLOURS), which the table reads back to the same colour."""
OPTIONS = ("turn_limit", "teams", "team_size", "not_dealt")
TEAM_SIZES = (2, 3)
"""The heroes a team picked for the night may number (a team of one is no team; the arenas' spawn zones hold three)."""


@dataclass(frozen=True)
class NightOptions(Options):
    """A night's options: each fight's (`Options`), the teams the players picked for the whole night, and how
    many heroes a dealt team gets. In the night's file beside the turn limit: `"teams": {name: [hero ids]}`,
    `"team_size": n` (a night saved before teams were picked has neither: every team is dealt, two heroes)."""

    teams: tuple = ()
    """((player name, (hero id, …)), …): the teams kept for the whole night; a player not named is dealt."""
    team_size: int = TEAM
    """Heroes a dealt team gets."""
    not_dealt: tuple = ()
    """Hero ids no team is dealt (heroes a player designed on screen for the night: their hidden gizmos are
    known to their designer); a team may still pick them. In the night's file: `"not_dealt": [hero ids]`."""

    def fight(self) -> Options:
        """Each fight's own options (what its record keeps)."""
        return Options(self.turn_limit)

    def team_of(self, name: str) -> tuple:
        return dict(self.teams).get(name, ())


def _default_library() -> list:
    """The heroes a night deals from: the bundled ones and the player's own (read afresh), by id."""
    from .heroes import load_default_heroes

    lib = load_default_heroes()  # a broken file is the hero screens' to report
    return [lib.heroes[k] for k in sorted(lib.heroes)]


library = _default_library


def default_options() -> Options:
    return Options()


def bot_night_options() -> Options:
    """A night of bots: a fight still going after `BOT_TURN_LIMIT` turns is a draw."""
    return Options(BOT_TURN_LIMIT)


def night_options(options: Options, teams: dict | None = None, team_size: int = TEAM, not_dealt=()) -> Options:
    """A night's options: `options` (a fight's) with the teams picked for the night ({name: [hero ids]}; an
    empty list: dealt), the size of a dealt team and the heroes never dealt (`NightOptions.not_dealt`); plain
    `options` if nothing is picked nor changed."""
    picked = tuple((name, tuple(ids)) for name, ids in (teams or {}).items() if ids)
    if not picked and team_size == TEAM and not not_dealt:
        return Options(options.turn_limit)
    return NightOptions(options.turn_limit, picked, team_size, tuple(sorted(not_dealt)))


def options_to_json(options: Options) -> dict:
    out = {"turn_limit": options.turn_limit}
    if isinstance(options, NightOptions):
        out["teams"] = {name: list(ids) for name, ids in options.teams}
        out["team_size"] = options.team_size
        if options.not_dealt:
            out["not_dealt"] = list(options.not_dealt)
    return out


def options_from_json(data) -> Options:
    """A night's options from its file; ValueError naming the option and what it may be."""
    options_object(data, OPTIONS)
    limit = data.get("turn_limit")
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 1):
        raise ValueError(f"'turn_limit' is {limit!r}: give a whole number of turns from 1, or null (no limit)")
    if "teams" not in data and "team_size" not in data and "not_dealt" not in data:
        return Options(limit)  # a night from before teams were picked: every team dealt
    size = data.get("team_size", TEAM)
    if size not in TEAM_SIZES or isinstance(size, bool):
        raise ValueError(f"'team_size' is {size!r}: give {' or '.join(map(str, TEAM_SIZES))} heroes")
    teams = data.get("teams") or {}
    if not isinstance(teams, dict):
        raise ValueError(f"'teams' is {type(teams).__name__}, not an object of player name: [hero ids]")
    picked = []
    for name, ids in teams.items():
        if not isinstance(ids, list) or not all(isinstance(i, str) and i for i in ids):
            raise ValueError(f"'teams' {name!r} is {ids!r}, not a list of hero ids")
        if ids and len(ids) not in TEAM_SIZES:
            raise ValueError(f"'teams' {name!r} has {len(ids)} heroes: a team has "
                             f"{' or '.join(map(str, TEAM_SIZES))} (or none: dealt)")
        if ids:
            picked.append((name, tuple(ids)))
    kept_out = data.get("not_dealt") or []
    if not isinstance(kept_out, list) or not all(isinstance(i, str) and i for i in kept_out):
        raise ValueError(f"'not_dealt' is {kept_out!r}, not a list of hero ids")
    return NightOptions(limit, tuple(picked), size, tuple(sorted(set(kept_out))))


def _colour(colour) -> str:
    if isinstance(colour, int) and not isinstance(colour, bool):
        return COLOURS[colour % len(COLOURS)]
    return str(colour)


def deal(banned, taken, rng, heroes, n: int = TEAM) -> tuple:
    """`n` different heroes from `heroes`, none in `banned` (fielded before) nor `taken` (another
    team's this game) while enough others are left."""
    ids = [h.id for h in heroes]
    for pool in ([i for i in ids if i not in banned and i not in taken], [i for i in ids if i not in taken], ids):
        if len(pool) >= n:
            chosen = rng.sample(pool, n)
            return tuple(next(h for h in heroes if h.id == i) for i in chosen)
    raise SetupError(f"the heroes folders hold {len(ids)} heroes: a team needs {n}")


def _picked(name: str, wanted, heroes) -> tuple | None:
    """The team `name` picked: hero ids in the library (or heroes)."""
    if not wanted:
        return None
    by_id = {h.id: h for h in heroes}
    team = []
    for w in wanted:
        if not isinstance(w, str):
            team.append(w)
        elif w in by_id:
            team.append(by_id[w])
        else:
            raise SetupError(f"{name}'s hero {w!r} is not in the heroes folders: pick another")
    return tuple(team)


def _arena(arena: str) -> dict:
    """The fight's arena spec: the night's arena if it is a Superhero Gladiators map, else a hexagon."""
    from ...board.tiled import load_arena
    from .setup import DEFAULT_ARENA

    try:
        loaded = load_arena(arena)
    except (ValueError, OSError):
        loaded = None
    if loaded is not None and "supers" in loaded.rulesets:
        return {"map": arena}
    return dict(DEFAULT_ARENA)


def setup(seats, arena: str, seed: int, options: Options, *, order, banned, rng, pieces=None, library=None):
    """Game k's setup: the players in `order` (the seat order), each with the heroes in `pieces[name]`,
    else the team they picked for the night (`options.teams`), else a team dealt from `library` (None:
    `library()`; `options.team_size` heroes)."""
    from .setup import Seat, Setup

    heroes = library if library is not None else _default_library()
    colour = {name: c for name, c, _ in seats}
    names = [n for n in order if n in colour]
    if len(names) < 2:
        raise SetupError("a fight of Superhero Gladiators needs two teams or more")
    night = options if isinstance(options, NightOptions) else NightOptions(options.turn_limit)
    known = {h.id for h in heroes}
    short = {}
    """A night's team whose hero file has gone since the night began: how many to deal it (the rest play)."""
    for name in names:
        kept = night.team_of(name)
        if kept and not (pieces or {}).get(name) and not set(kept) <= known:
            short[name] = len(kept) - sum(1 for i in kept if i in known)
    wanted = {name: (pieces or {}).get(name) or [i for i in night.team_of(name) if i in known] for name in names}
    teams = {name: _picked(name, wanted[name], heroes) for name in names}
    taken = {h.id for team in teams.values() if team for h in team}  # picked teams first: nobody is dealt them
    taken |= set(night.not_dealt)  # nor a hero designed for the night (its designer knows its hidden gizmos)
    out = []
    for name in names:
        team = teams[name]
        if team is None or short.get(name):
            more = deal(banned.get(name, ()), taken, rng, heroes, short.get(name) or night.team_size)
            team = (team or ()) + more
            taken.update(h.id for h in team)
        out.append(Seat(name, _colour(colour[name]), team))
    return Setup(tuple(out), _arena(arena), night.fight(), seed,
                 tuple((name, kind) for name, _, kind in seats if kind != "Human" and name in names))


def pieces(setup_json) -> dict[str, list[str]]:
    """Each player's heroes, by id."""
    return {s["name"]: [h["id"] for h in s["heroes"]] for s in setup_json["seats"]}


def located(record: Record) -> Record:
    """The record with its map named by id (`board.tiled.located_record`)."""
    if "map" not in record.setup.get("arena", {}):
        return record
    return located_record(record)


def result(game) -> dict:
    """A finished fight (or one a night stopped): the arena, winners, each player's scores, and for
    the highlights: why it ended, the turns, the first seat, each team's heroes standing."""
    s = game.state
    reason, winners = (game.outcome.reason, list(game.outcome.winners)) if game.over else ("stopped", [])
    scores, standing = {}, {}
    for p in s.players:
        others = [m for m in s.models.values() if m.owner != p]
        kills = sum(1 for m in others if m.fainted)
        taken = sum(max(0, m.hero.max_oomph - max(m.oomph, 0)) for m in others)
        standing[p] = sum(1 for m in s.team(p) if not m.fainted)
        vp = WIN_VP if p in winners else (DRAW_VP if not winners else 0)
        scores[p] = (vp, kills, standing[p], taken)
    name = s.arena.name or "hexagon"
    return {"arena": name, "winners": winners, "scores": scores, "reason": reason, "turns": s.turn,
            "first": s.players[0], "standing": standing, "fielded": {p: len(s.team(p)) for p in s.players}}


def highlights(results: list[dict]) -> list[str]:
    """The night in words: how the first seat fared, flawless wins, the most heroes fainted by one
    team in a game, the longest fight."""
    out = []
    if results:
        first = sum(1 for r in results if r["winners"] == [r["first"]])
        draws = sum(1 for r in results if not r["winners"])
        out.append(f"The first seat won {first} of {len(results)} fights" + (f", {draws} drawn" if draws else ""))
    for i, r in enumerate(results):
        for w in r["winners"]:
            fielded = r.get("fielded", {}).get(w, TEAM)
            if r["standing"][w] == fielded:
                every = "both heroes" if fielded == 2 else f"all {fielded} heroes"
                out.append(f"Flawless: {w} won fight {i + 1} with {every} standing")
    best = max(((v[1], -i, p) for i, r in enumerate(results) for p, v in r["scores"].items()), default=None)
    if best and best[0] > 0:
        out.append(f"Most heroes fainted in one fight: {best[2]}'s foes, {best[0]} in fight {1 - best[1]}")
    longest = max(((r["turns"], -i) for i, r in enumerate(results)), default=None)
    if longest:
        out.append(f"Longest fight: fight {1 - longest[1]}, {longest[0]} turn{'' if longest[0] == 1 else 's'}")
    return out
