"""A position's value learned from played games: the hard bot's leaf evaluation (issue 31).

`features(game, player)` reads a position as numbers a player would name, each for `player` against
the others (Celebrity has 2-10 players: "mine minus the best of the others" and "mine minus their
mean"; the model has an intercept, `INTERCEPT`): the VP, the lives left, the models left, the models
on their last life, the kills and loot (the tie-breaks), the threats (each model's best attack next
round by its exact odds: a d6 that needs a 6, a 5 from the rear; what it is worth: a life, a kill),
the loot in reach, the beasts next to one's models, the rounds left (and the VP margin weighed by
them), one's own abilities left (own only: the others' are counted only as the view shows them,
played). Nothing hidden from `player` is read: the others' cards only through `Model.used`.

`value(game, player)` is the chance `player` wins: a finished game's result, else the logistic model
that `tools/train_value.py --ruleset celebrity` fitted (`value.json`), or None when the file is
missing or broken (the hard bot then falls back to `lookahead.evaluate`, the hand-written one).
"""

from __future__ import annotations

from pathlib import Path

from ...core import learned
from .game import MELEE_NEEDS, natural_needed
from .state import MAX_LIVES

FEATURES = (
    "vp_vs_best", "vp_vs_mean", "lives_vs_best", "lives_vs_mean", "models_vs_mean", "last_life_vs_mean",
    "kills_vs_mean", "loot_vs_mean", "threat_vs_mean", "threat_in", "kill_threat_vs_mean",
    "loot_reach_vs_mean", "loot_near_vs_mean", "beasts_vs_mean", "my_abilities_left", "their_abilities_played",
    "late", "vp_vs_best_late", "lives_vs_best_late", "share", "alive",
)
"""The features' names, in `features`' order (`value.json` follows it)."""

INTERCEPT = True


def _hit(needed: int) -> float:
    return max(0.0, min(1.0, (7 - needed) / 6))


def _threats(game, alive) -> tuple[dict, dict, dict]:
    """Per player: the VP its models' best attacks next round are worth by their odds (a life,
    +1 a kill), the chance they kill, and the VP each player's models may lose to them."""
    out: dict[str, float] = {}
    kill: dict[str, float] = {}
    lose: dict[str, float] = {}
    occupant = game.occupant
    for m in alive:
        best = best_kill = 0.0
        worst_target = None
        for e in alive:
            if e.player == m.player:
                continue
            d = m.hex.distance(e.hex)
            if d > 2:
                continue
            p = 0.0
            if d == 1:
                p = _hit(natural_needed("melee", MELEE_NEEDS, 0, game.in_rear(e, m.hex)))
            for n in e.hex.neighbors():  # a step, then the attack (a charge's bonus left out)
                if n.distance(m.hex) == 1 and n not in occupant and n in game.arena.floor:
                    p = max(p, _hit(natural_needed("melee", MELEE_NEEDS, 0, game.in_rear(e, n))))
            worth = p * (1.0 + (1.0 if e.lives <= 1 else 0.0))
            if worth > best:
                best, worst_target = worth, e
                best_kill = p if e.lives <= 1 else 0.0
        out[m.player] = out.get(m.player, 0.0) + best
        kill[m.player] = kill.get(m.player, 0.0) + best_kill
        if worst_target is not None:
            lose[worst_target.player] = lose.get(worst_target.player, 0.0) + best
    return out, kill, lose


def features(game, player: str) -> list[float]:
    """The position as numbers for `player` (see the module)."""
    players = list(game.players)
    others = [p for p in players if p != player] or [player]
    alive = [m for m in game.models.values() if m.alive and m.hex is not None]
    lives = {p: 0.0 for p in players}
    models = {p: 0.0 for p in players}
    last = {p: 0.0 for p in players}
    for m in alive:
        lives[m.player] += m.lives
        models[m.player] += 1
        last[m.player] += 1.0 if m.lives <= 1 else 0.0
    scores = game.scores
    vp = {p: float(scores[p].vp) for p in players}
    kills = {p: float(scores[p].kills) for p in players}
    loot = {p: float(scores[p].loot) for p in players}
    out, kill, lose = _threats(game, alive)
    reach = {p: 0.0 for p in players}
    near = {p: 0.0 for p in players}
    for h in game.loot:
        for p in players:
            d = min((m.hex.distance(h) for m in alive if m.player == p), default=99)
            reach[p] += 1.0 if d <= 2 else 0.0
            near[p] += 1.0 / (1 + d)
    beasts = {p: 0.0 for p in players}
    if game.beasts:
        bhex = [b.hex for b in game.beasts.values()]
        for m in alive:
            beasts[m.player] += sum(1.0 for b in bhex if b.distance(m.hex) <= 1)
    mine_left = sum(1.0 for m in game.models.values() if m.player == player and m.alive
                    for ab in m.card.abilities if ab.name not in m.used)
    played = sum(len(m.used) for m in game.models.values() if m.player != player)  # public: played abilities

    def vs_best(d):
        return d[player] - max(d[p] for p in others)

    def vs_mean(d):
        return d[player] - sum(d[p] for p in others) / len(others)

    limit = game.options.round_limit or 12
    late = min(1.0, max(0, game.round) / limit)
    total_lives = sum(lives.values()) or 1.0
    return [
        vs_best(vp), vs_mean(vp), vs_best(lives) / MAX_LIVES, vs_mean(lives) / MAX_LIVES, vs_mean(models),
        vs_mean(last), vs_mean(kills), vs_mean(loot), vs_mean({p: out.get(p, 0.0) for p in players}),
        lose.get(player, 0.0), vs_mean({p: kill.get(p, 0.0) for p in players}),
        vs_mean(reach), vs_mean(near), vs_mean(beasts), mine_left, played / len(others),
        late, vs_best(vp) * late, vs_best(lives) / MAX_LIVES * late,
        lives[player] / total_lives - 1.0 / len(players), 1.0 if models[player] else 0.0,
    ]


def shipped() -> learned.LearnedValue | None:
    """The shipped weights (`value.json`), read once; None if missing or broken."""
    return learned.shipped(Path(__file__).with_name("value.json"), FEATURES)


def value(game, player: str, model: learned.LearnedValue | None = None) -> float | None:
    """The chance `player` wins from here: a finished game's result; else the learned model's
    guess (`model`, or the shipped one); None when there is no learned model."""
    if game.over:
        winners = game.outcome.winners
        return 1.0 / len(winners) if player in winners else 0.0
    model = model or shipped()
    if model is None:
        return None
    return model.chance(features(game, player))


# --- what tools/train_value.py asks of a game (see deathmatch/core/learned.py) ---

ARENAS = ("classic_square", "ruined_temple", "harbour", "duel_pit")
"""The bundled arenas the bot benchmark plays on (`benchmarks/bots.py`)."""

MAX_ANSWERS = 4000


def training_game(seed: int):
    """Self-play game `seed`: as the bot benchmark's (2 players x 2 models on the 4 arenas, beasts
    on, round limit 12, hidden cards on), but one game in five with 3 players and one in ten with 4."""
    import random

    from ...board.tiled import load_arena
    from ...paths import maps_dir
    from .cards import load_default_cards
    from .game import Options
    from .setup import make_setup, models_per_player, new_game  # noqa: F401

    lib = load_default_cards()
    rng = random.Random(seed)
    k = seed % 10
    n = 4 if k == 9 else 3 if k in (3, 6) else 2
    for j in range(len(ARENAS)):  # an arena that seats n (the duel pit seats 2-3)
        arena_name = ARENAS[(seed + j) % len(ARENAS)]
        arena = load_arena(maps_dir() / f"{arena_name}.tmx")
        if arena.min_players <= n <= arena.max_players:
            break
    per = models_per_player(n)
    ids = rng.sample(sorted(lib.cards), n * per)
    names = ["A", "B", "C", "D"][:n]
    rng.shuffle(names)
    seats = [(names[i], ids[i * per:(i + 1) * per]) for i in range(n)]
    setup = make_setup({"map": f"maps/{arena_name}.tmx"}, seats, lib,
                       Options(beasts=True, round_limit=12, hidden_cards=True), seed=seed)
    return new_game(setup, arena)


def seats(game) -> tuple[str, ...]:
    return tuple(game.players)


def sampled(game) -> bool:
    """Where the search's rollouts stop: an activation's action (most leaves are a round's first)."""
    d = game.pending
    return d is not None and d.kind == "action"
