"""Celebrity Deathmatch's part of a tournament night (`deathmatch.tournament`, through the
registry's `Ruleset.tournament`, a `core.registry.TournamentRules`): its options, how a
game's cards are dealt and its setup made, a game's result and the night's highlights.

The night itself (seats, the rotating first placement, drop-outs, arenas, standings,
saving) is the core side's, the same for every ruleset.
"""

from __future__ import annotations

from dataclasses import replace

from ...board.tiled import located_record
from ...core.record import Record
from .game import Options

stand_in = "normal"
"""The bot that plays a person's seat in a headless night."""


def _default_library():
    """The bundled character cards and the player's own."""
    from .cards import load_default_cards

    return load_default_cards()


library = _default_library


def default_options() -> Options:
    return Options()


def bot_night_options() -> Options:
    return Options(beasts=True, round_limit=10)


def options_to_json(options: Options) -> dict:
    return options.to_json()


def options_from_json(data) -> Options:
    """A night's options from its file, each of the type of its default (a whole number may also
    be null where null is the default); ValueError naming the option if one is wrong."""
    from dataclasses import fields

    known = {f.name: f.default for f in fields(Options)}
    for key, value in data.items():
        if key not in known:
            raise ValueError(f"has an unknown option {key!r}")
        default = known[key]
        whole = isinstance(value, int) and not isinstance(value, bool)
        if isinstance(default, bool):
            ok, wanted = isinstance(value, bool), "true or false"
        elif default is None or isinstance(default, int):
            ok = (value is None and default is None) or (whole and value >= 0)
            wanted = "a whole number" + (" or null" if default is None else "")
        else:  # pragma: no cover - every option of today is one of the above
            ok, wanted = isinstance(value, type(default)), type(default).__name__
        if not ok:
            raise ValueError(f"{key!r} is {_shown(value)}, not {wanted}")
    return Options(**data)


def _shown(value) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        import json

        return f"text ({json.dumps(value[:27], ensure_ascii=False)})"
    return {list: "a list", dict: "an object"}.get(type(value), repr(value)[:20])


def deal(players: list[str], banned: dict[str, set], rng, library) -> dict[str, list[str]]:
    """A random deal of character cards (no player gets a card in `banned[player]` while
    there are others left; a long night that ran out of them allows repeats)."""
    from .setup import models_per_player

    per = models_per_player(len(players))
    pool = sorted(library.cards)
    rng.shuffle(pool)
    out = {}
    for name in players:
        mine = [c for c in pool if c not in banned.get(name, ())][:per]
        if len(mine) < per:
            mine = pool[:per]
        for c in mine:
            pool.remove(c)
        out[name] = mine
    return out


def setup(seats, arena: str, seed: int, options: Options, *, order, banned, rng, pieces=None, library=None):
    """A game of the night: `seats` [(name, colour, kind)], the cards in `pieces` or dealt."""
    from .setup import make_setup

    library = library if library is not None else _default_library()
    names = [name for name, _, _ in seats]
    cards = pieces or deal(names, banned, rng, library)
    s = make_setup({"map": arena}, [(name, cards[name]) for name in names], library, options, seed=seed,
                   colours=[colour for _, colour, _ in seats],
                   bots={name: kind for name, _, kind in seats if kind != "Human"},
                   orders_for=[name for name, _, kind in seats if kind == "Human"] if options.hidden_cards else ())
    return replace(s, order=tuple(order))


def pieces(setup_json) -> dict[str, list[str]]:
    return {p["name"]: list(p["cards"]) for p in setup_json["players"]}


def located(record: Record) -> Record:
    """The record with its map named by id (`board.tiled.located_record`)."""
    return located_record(record)


def result(game) -> dict:
    return {"arena": game.arena.name, "winners": list(game.outcome.winners),
            "scores": {p: (s.vp, s.kills, s.loot, s.lives_taken) for p, s in game.scores.items()}}


def highlights(results: list[dict]) -> list[str]:
    from .timeline import Timeline

    out = []
    best_kills = max(((v[1], p, i) for i, r in enumerate(results) for p, v in r["scores"].items()), default=None)
    if best_kills and best_kills[0] > 0:
        out.append(f"Most kills in one game: {best_kills[1]}, {best_kills[0]} in game {best_kills[2] + 1}")
    # biggest comeback: the largest deficit a game's winner overcame (their worst VP gap to the leader)
    comeback = None
    for i, r in enumerate(results):
        worst = Timeline.of(r["game"]).worst_deficits()
        for w in r["winners"]:
            if comeback is None or worst[w] > comeback[0]:
                comeback = (worst[w], w, i)
    if comeback and comeback[0] > 0:
        out.append(f"Biggest comeback: {comeback[1]} won game {comeback[2] + 1} from {comeback[0]} VP behind")
    deaths = [(m.card.name.split(",")[0], m.player, i) for i, r in enumerate(results)
              for m in r["game"].models.values() if not m.alive]
    if deaths:
        name, player, i = deaths[0]
        out.append(f"Glorious deaths: {len(deaths)}, the first {name} ({player}) in game {i + 1}")
    return out
