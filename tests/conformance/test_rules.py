"""The rules side of every registered game (games.GAME_IDS): random play, records, saves, a tournament
night and the scenario runner. Seeded and deterministic; nothing here knows one game from another."""

from __future__ import annotations

import functools
import json
import random
from pathlib import Path

import pytest

from deathmatch.core import registry
from deathmatch.core.record import Record

from .games import GAME_IDS, HINTS, LIMIT, SOAK_GAMES, TESTS, new_game, random_play, seats, views

SEEDS_REPLAYED = 8
"""Games a game records and replays (each also saved and loaded at its end and half way)."""


def finished_games(rid: str, count: int, first_seed: int = 0, checked: int | None = None):
    """(seed, game, answers) of `count` random games of `rid`, each played to its end (or its stop); every
    answer of the first `checked` games (None: of all) asked `is_legal` first."""
    for k, seed in enumerate(range(first_seed, first_seed + count)):
        game = new_game(rid, seed)
        n = random_play(game, rid, random.Random(seed), check_legal=checked is None or k < checked)
        yield seed, game, n


@pytest.mark.parametrize("rid", GAME_IDS)
def test_random_play_soak(rid):
    """Seeded random games, every answer the ruleset's own `random_answer` (asked `is_legal` first in a third
    of them), every game ends (or is stopped where a headless night stops it); every view of every seat (and
    the public one) reads at the end of each game; the games differ."""
    count = HINTS.get(rid, {}).get("soak", SOAK_GAMES)
    lengths, ended = [], 0
    for _, game, n in finished_games(rid, count, first_seed=1000, checked=count // 3):
        lengths.append(n)
        ended += game.over
        seen = views(game, rid)
        assert all(isinstance(v, dict) for v in seen.values())
        assert game.over or game.pending is not None
        assert game.over or n < LIMIT, f"{rid}: a random game neither ended nor was stopped in {LIMIT} answers"
    assert ended >= 1, f"{rid}: none of {count} random games ended"
    assert len(set(lengths)) > 1 or len(lengths) == 1, f"{rid}: every random game was the same length"


@pytest.mark.parametrize("rid", GAME_IDS)
def test_record_replays_identically(rid):
    """A game's record (`registry.record_of`) written as JSON text and read back replays (`registry.replay`)
    to the same game: the same decisions, outcome and every seat's view (and the public one), at its end and
    at every prefix of its history a quarter of the way through."""
    rules = registry.get(rid)
    for _, game, n in finished_games(rid, SEEDS_REPLAYED):
        record = Record.from_json(json.loads(registry.record_of(game, rules).dumps()))
        assert record.ruleset == rid and len(record.decisions) == n
        again = registry.replay(record)
        assert [rules.action_to_json(a) for a in again.history] == list(record.decisions)
        assert again.over == game.over and getattr(again, "outcome", None) == getattr(game, "outcome", None)
        assert views(again, rid) == views(game, rid)
        if n >= 4:  # a game stopped part way: the record of its first decisions replays to that position
            part = Record(record.ruleset, record.ruleset_version, record.setup, record.seed, record.decisions[:n // 4])
            partial = registry.replay(part)
            fresh = new_game_like(rid, record)
            for a in game.history[:n // 4]:
                fresh.apply(a)
            assert views(partial, rid) == views(fresh, rid)


def new_game_like(rid: str, record: Record):
    """The game a record's setup starts, made by its ruleset."""
    rules = registry.get(rid)
    return rules.new_game(rules.setup_from_json(record.setup))


@pytest.mark.parametrize("rid", GAME_IDS)
def test_save_load_same_view(rid, tmp_path, monkeypatch):
    """A game saved (`saves.write_game`) half way and at its end loads (`saves.load_game`) as the same game
    to every seat: each seat's view and the public view alike, the same decision pending."""
    from deathmatch import saves

    monkeypatch.setenv("DEATHMATCH_USER_DIR", str(tmp_path))
    for seed in range(SEEDS_REPLAYED // 2):
        game = new_game(rid, seed)
        rng = random.Random(seed)
        total = random_play(new_game(rid, seed), rid, random.Random(seed))
        for stop_at in (total // 2, total):
            random_play(game, rid, rng, limit=stop_at - len(game.history))
            saves.write_game(game, f"conformance_{seed}")
            loaded = saves.load_game(f"conformance_{seed}")
            assert getattr(loaded, "ruleset_id", rid) == rid
            assert views(loaded, rid) == views(game, rid), f"{rid} seed {seed}: a seat's view changed on load"
            assert loaded.pending == game.pending and len(loaded.history) == len(game.history)
            assert seats(loaded) == seats(game)


@pytest.mark.parametrize("rid", GAME_IDS)
def test_a_tournament_night_of_bots_plays_to_its_end(rid):
    """A night of two games between bots of the game's weakest level (`deathmatch.tournament`), played to
    its end: every game recorded as this game's, the standings count every game for every player, the
    highlights and the exports are there, and the night's file reads back to the same standings."""
    from deathmatch.tournament import Tournament, play_game_with_bots

    from .games import night_of

    rules = registry.get(rid)
    if rules.tournament is None:
        pytest.skip(f"{rules.name} declares no tournament nights (its manifest's rules have no `tournament`)")
    night = night_of(rid, seed=3, players=2, games=2)
    library = night.rules.library()
    while not night.over:
        play_game_with_bots(night, library)
    assert len(night.records) == 2 and all(r.ruleset == rid for r in night.records)
    table = night.standings()
    assert sorted(row["player"] for row in table) == ["Bot A", "Bot B"] and all(row["games"] == 2 for row in table)
    assert len(night.highlights()) >= 1 and night.export_csv().count("\n") >= 3 and "<table" in night.export_html()
    again = Tournament.from_json(json.loads(json.dumps(night.to_json())))
    assert again.standings() == table


@functools.lru_cache(maxsize=1)
def scenario_files() -> dict[str, list[Path]]:
    """Game id → the scenario files under tests/ (a YAML mapping with `steps` or `expect`; its `ruleset`,
    Celebrity when it names none, as the runner reads it), sorted; the deliberately bad ones left out."""
    from deathmatch.yamlfile import load_yaml

    found: dict[str, list[Path]] = {}
    for path in sorted(TESTS.rglob("*.yaml")):
        if "bad" in path.parent.name or "conformance" in path.parts:
            continue
        try:
            data, _ = load_yaml(path.read_text(encoding="utf-8"), str(path))
        except Exception:
            continue
        if isinstance(data, dict) and ("steps" in data or "expect" in data):
            found.setdefault(str(data.get("ruleset", "celebrity")), []).append(path)
    return found


@pytest.mark.parametrize("rid", GAME_IDS)
def test_the_scenario_runner_plays_a_file_of_it(rid):
    """One scenario file of the game (the first found under tests/) passes the runner, through the command
    a designer runs (`deathmatch scenario FILE`)."""
    from deathmatch.scenario import run_file

    rules = registry.get(rid)
    assert rules.run_scenario is not None, f"{rules.name} has no scenario runner"
    files = scenario_files().get(rid)
    assert files, f"no scenario file of {rid} under tests/"
    result = run_file(files[0])
    print(f"{rid}: {files[0].relative_to(TESTS)}")
    assert result.ok, result.message
