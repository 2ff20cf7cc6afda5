"""What Celebrity Deathmatch gives the core's search bot (`deathmatch.core.search`).

- `determinize(game, player, rng)`: a copy `player` could believe in. Everything
  hidden from them is replaced from `rng`, never read from the game:
  * the dice: a fresh `SeededDice` (the game's future rolls are never looked at);
  * the others' standing orders (private): dropped, so their abilities are asked;
  * with hidden cards on, the others' unplayed abilities: each such model gets a
    stand-in card with its played abilities (public) and, for the rest, the
    abilities of a library card `player` could believe it holds (a model holds one
    whole card, every model a different one): the card its played ability shows,
    else one drawn from the cards shown nowhere else and not `player`'s own,
    weighted by what the model would have played by now had it held them;
  * the windows already queued: who else will be asked is worked out again on
    the copy (in the game it came from the abilities `player` can not see).
- `evaluate(game, player)`: 0–1, the result of a finished game, else a guess from
  the VP margin, the lives on the board and the rounds left.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from ...core.dice import SeededDice
from .cards import load_default_cards
from .game import AskWindow
from .state import MAX_LIVES

_LIBRARY: list | None = None


def library_cards() -> list:
    """The cards every player may know exist (the bundled and user cards), loaded once, in id order."""
    global _LIBRARY
    if _LIBRARY is None:
        lib = load_default_cards()
        _LIBRARY = [lib.cards[k] for k in sorted(lib.cards)]
    return _LIBRARY


def determinize(game, player: str, rng: random.Random):
    """A copy of `game` consistent with what `player` sees, its hidden parts drawn from `rng`."""
    sim = game.copy()
    sim.dice = SeededDice(rng.randrange(1 << 62))
    if sim.orders:
        sim.orders = {k: v for k, v in sim.orders.items() if sim.models[k[0]].player == player}
    if game.options.hidden_cards:
        _deal_beliefs(sim, player, rng)
        sim.abilities_changed()
        _requeue_windows(sim)
    return sim


def _deal_beliefs(sim, player: str, rng: random.Random) -> None:
    """Every other model's unplayed abilities, guessed: a whole library card each (a model holds
    one card, every model a different one), drawn among the cards that fit what `player` saw:
    never `player`'s own, never one whose played ability showed it on another model, a card that
    holds every ability the model has played (one played ability names its card), weighted by
    what the model did not do (`_likelihood`). A model whose played abilities match no library
    card (a card from elsewhere) gets abilities of random cards it has not been seen to play."""
    library = library_cards()
    owner = {ab.name: c for c in library for ab in c.abilities}
    mine = {m.card.id for m in sim.models.values() if m.player == player}
    seen = {name for m in sim.models.values() for name in m.used}
    others = sorted((m for m in sim.models.values() if m.player != player), key=lambda m: m.id)
    shown = {}  # model id -> the card its played abilities show it holds (None: no library card fits)
    for m in others:
        played = {ab.name for ab in m.card.abilities if ab.name in m.used}
        if played:
            cards = {owner[n].id if n in owner else None for n in played}
            shown[m.id] = owner[next(iter(played))] if len(cards) == 1 and None not in cards else None
    taken = set(mine) | {c.id for c in shown.values() if c is not None}
    for m in others:
        played = [ab for ab in m.card.abilities if ab.name in m.used]
        hidden = len(m.card.abilities) - len(played)
        if hidden <= 0:
            continue
        names = {ab.name for ab in played}
        if m.id in shown:
            card = shown[m.id]
            picks = [ab for ab in card.abilities if ab.name not in names][:hidden] if card is not None else []
            if card is None or len(picks) < hidden:
                picks = _loose_guess(m, hidden, names | seen, library, rng)
        else:
            pool = [c for c in library if c.id not in taken and len(c.abilities) >= hidden]
            weights = [_likelihood(sim, m, c) for c in pool]
            if not pool:
                picks = _loose_guess(m, hidden, seen, library, rng)
            else:
                card = rng.choices(pool, weights)[0]
                taken.add(card.id)
                picks = rng.sample(list(card.abilities), hidden)
        m.card = replace(m.card, abilities=tuple(played + picks))


def _loose_guess(m, hidden: int, never: set, library: list, rng: random.Random) -> list:
    """Abilities for a model no library card explains: a random card's, none in `never`."""
    for _ in range(8):
        card = library[rng.randrange(len(library))]
        fits = [ab for ab in card.abilities if ab.name not in never]
        if len(fits) >= hidden:
            return rng.sample(fits, hidden)
    return []


UNLIKELY = 0.15
"""How much less likely a card is for a model that, holding it, would have played one of its
abilities by now (the normal bot plays these whenever it can): not 0, the chance may just not
have come yet."""


# The share of a card's models that have played none of its abilities by the start of each round
# (1–12), in games the normal bot plays against itself: `tools/quiet_cards.py --games 600` (2026-11-23).
# A model still quiet in round 3 hardly holds a card whose abilities are played in the first round.
QUIET = {
    'ada_lovelace': (0.99, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01),
    'attila': (0.99, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01),
    'beowulf': (0.99, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01),
    'blackbeard': (0.99, 0.99, 0.71, 0.44, 0.28, 0.22, 0.16, 0.12, 0.07, 0.07, 0.06, 0.06),
    'boudica': (0.99, 0.82, 0.54, 0.41, 0.29, 0.22, 0.16, 0.1, 0.11, 0.09, 0.09, 0.06),
    'cleopatra': (0.99, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01),
    'genghis_khan': (0.99, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01),
    'grace_omalley': (0.99, 0.94, 0.54, 0.35, 0.28, 0.16, 0.16, 0.12, 0.09, 0.07, 0.07, 0.07),
    'hannibal': (0.99, 0.86, 0.61, 0.36, 0.26, 0.24, 0.19, 0.17, 0.14, 0.13, 0.13, 0.1),
    'harald_hardrada': (0.99, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01),
    'hypatia': (0.99, 0.65, 0.42, 0.25, 0.17, 0.14, 0.12, 0.08, 0.07, 0.07, 0.05, 0.04),
    'joan_of_arc': (0.99, 0.72, 0.45, 0.25, 0.19, 0.15, 0.09, 0.1, 0.07, 0.04, 0.04, 0.04),
    'julius_caesar': (0.99, 0.82, 0.5, 0.34, 0.17, 0.15, 0.11, 0.07, 0.07, 0.04, 0.02, 0.02),
    'lakshmi_bai': (0.99, 0.91, 0.84, 0.81, 0.77, 0.73, 0.73, 0.69, 0.67, 0.64, 0.64, 0.62),
    'leonidas': (0.99, 0.89, 0.82, 0.7, 0.64, 0.58, 0.51, 0.48, 0.43, 0.43, 0.39, 0.4),
    'mansa_musa': (0.99, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01),
    'moctezuma': (0.99, 0.98, 0.87, 0.77, 0.67, 0.63, 0.6, 0.53, 0.49, 0.46, 0.45, 0.39),
    'musashi': (0.99, 0.99, 0.98, 0.96, 0.91, 0.89, 0.87, 0.78, 0.76, 0.78, 0.75, 0.7),
    'napoleon': (0.99, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01),
    'nzinga': (0.99, 0.98, 0.91, 0.9, 0.87, 0.82, 0.8, 0.78, 0.77, 0.7, 0.68, 0.69),
    'pancho_villa': (0.99, 0.75, 0.58, 0.33, 0.22, 0.12, 0.08, 0.07, 0.06, 0.07, 0.07, 0.07),
    'rasputin': (0.99, 0.94, 0.82, 0.78, 0.72, 0.67, 0.66, 0.61, 0.58, 0.56, 0.52, 0.48),
    'saladin': (0.99, 0.85, 0.72, 0.64, 0.56, 0.51, 0.5, 0.46, 0.42, 0.38, 0.38, 0.34),
    'shaka': (0.99, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01, 0.01),
    'sitting_bull': (0.99, 0.9, 0.71, 0.6, 0.48, 0.43, 0.38, 0.36, 0.32, 0.33, 0.32, 0.29),
    'spartacus': (0.99, 0.93, 0.87, 0.7, 0.64, 0.59, 0.58, 0.55, 0.5, 0.48, 0.47, 0.46),
    'tamar_of_georgia': (0.99, 0.86, 0.71, 0.59, 0.52, 0.48, 0.43, 0.41, 0.39, 0.38, 0.36, 0.35),
    'tesla': (0.99, 0.79, 0.62, 0.47, 0.43, 0.38, 0.32, 0.32, 0.32, 0.24, 0.23, 0.23),
    'tomoe_gozen': (0.99, 0.73, 0.51, 0.29, 0.16, 0.11, 0.09, 0.08, 0.07, 0.05, 0.04, 0.04),
    'vlad_the_impaler': (0.99, 0.79, 0.53, 0.34, 0.22, 0.16, 0.12, 0.13, 0.1, 0.08, 0.08, 0.08),
    'wellington': (0.99, 0.77, 0.65, 0.5, 0.43, 0.38, 0.36, 0.34, 0.31, 0.3, 0.31, 0.27),
    'zheng_yi_sao': (0.99, 0.92, 0.84, 0.82, 0.75, 0.72, 0.69, 0.66, 0.66, 0.6, 0.57, 0.56),
}


def _likelihood(sim, m, card) -> float:
    """How well `card` fits what everybody saw of model `m` (public: the round, what it played,
    its lives, its player's scores, nothing hidden): a model that has played nothing yet holds a
    card that often stays quiet that long (`QUIET`, from the normal bot's own games); a model that has lost a life has been hit, so it holds no on-hit
    glory or heal (each fires at the hit), and had it an any-time heal it would have healed by
    now; a player who took loot (made a kill) with none of their models playing an on-loot (on-kill)
    glory likely holds none on the model that did it (which one did is not in the state: each of
    their models is as likely)."""
    weight = 1.0
    if not m.used and card.id in QUIET:
        rounds = QUIET[card.id]
        weight *= rounds[min(max(sim.round, 1), len(rounds)) - 1]
    hurt = m.alive and m.lives < MAX_LIVES
    score = sim.scores[m.player]
    team = [t for t in sim.models.values() if t.player == m.player]
    for ab in card.abilities:
        if hurt and ab.timing == "on_hit" and ab.kind in ("glory", "heal"):
            weight *= UNLIKELY
        elif hurt and ab.timing == "any_time" and ab.kind == "heal":
            weight *= UNLIKELY
        elif ab.kind == "glory" and ab.timing in ("on_loot", "on_kill"):
            times = score.loot if ab.timing == "on_loot" else score.kills
            if times and not any(_played_timing(t, ab.timing) for t in team):
                did = 1.0 - (1.0 - 1.0 / len(team)) ** times  # the chance this model was the one
                weight *= 1.0 - did * (1.0 - UNLIKELY)
    return weight


def _played_timing(m, timing: str) -> bool:
    return any(ab.timing == timing and ab.name in m.used for ab in m.card.abilities)


def _requeue_windows(sim) -> None:
    """Who a queued window will ask after the one asked now, worked out on the copy's abilities."""
    asking = sim._asker if type(sim._asker) is AskWindow else None
    tasks = [t for t in sim._stack if type(t) is AskWindow] + ([asking] if asking else [])
    if not tasks:
        return
    active = sim.models[sim.active].player if sim.active else None
    order = sim._seat_order_from(active)
    for task in tasks:
        if not task.queue:
            continue
        head = task.queue[0]
        plays = sim.players_with_plays(task.window)
        start = order.index(head) if head in order else 0
        keep = [head] if task is asking else []  # the one asked now is `player`: they know it
        task.queue = keep + [p for p in order[start + len(keep):] if p in plays]


def evaluate(game, player: str) -> float:
    """How good `game` is for `player`, 0–1: a finished game's result (a shared win splits it),
    else the chance to win guessed from the VP margin, the lives left, the rounds to go."""
    if game.over:
        winners = game.outcome.winners
        return 1.0 / len(winners) if player in winners else 0.0
    scores = game.scores
    mine = scores[player].vp
    best_other = max((s.vp for p, s in scores.items() if p != player), default=0)
    lives: dict[str, int] = {}
    for m in game.models.values():
        if m.alive:
            lives[m.player] = lives.get(m.player, 0) + m.lives
    my_lives = lives.get(player, 0)
    other_lives = max((v for p, v in lives.items() if p != player), default=0)
    margin = mine - best_other + 0.35 * (my_lives - other_lives)
    limit = game.options.round_limit
    left = max(0, (limit - game.round) if limit else 10) + 1
    return 1.0 / (1.0 + math.exp(-1.2 * margin / math.sqrt(left)))
