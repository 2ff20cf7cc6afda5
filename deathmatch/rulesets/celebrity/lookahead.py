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
- `Ranker(seed).ranked(game, k)`: the normal bot's `k` best answers, best first.
- `evaluate(game, player)`: 0–1, the result of a finished game, else a guess from
  the VP margin, the lives on the board and the rounds left.
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

from ...core.dice import SeededDice
from .actions import Pass
from .state import MAX_LIVES

_LIBRARY: list | None = None


def library_cards() -> list:
    """The cards every player may know exist (the bundled and user cards), loaded once, in id order."""
    global _LIBRARY
    if _LIBRARY is None:
        from .cards import load_default_cards

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


def _likelihood(sim, m, card) -> float:
    """How well `card` fits what everybody saw of model `m` (public: its lives, its player's
    scores, nothing hidden): a model that has lost a life has been hit, so it holds no on-hit
    glory or heal (each fires at the hit), and had it an any-time heal it would have healed by
    now; a player who took loot (made a kill) with none of their models playing an on-loot (on-kill)
    glory likely holds none on the model that did it (which one did is not in the state: each of
    their models is as likely)."""
    weight = 1.0
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
    from .game import AskWindow

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


class Ranker:
    """The normal bot's move ordering, for the search to widen over (seeded: its tie-breaks).
    For an action the first few are varied: the normal bot's best, then the best of each other
    kind of action (attack, move, hold, ability...), then the rest in its order, so that a few
    candidates weigh different plans, not four ways to stand near the same hex."""

    def __init__(self, seed: int):
        from .bots import NormalBot

        self.bot = NormalBot(seed)

    def ranked(self, game, k: int) -> list:
        bot, d = self.bot, game.pending
        options = list(game.legal_actions())
        if len(options) <= 1:
            return options
        if d.kind == "action":
            return self._varied(game, d, options, k)
        if d.kind == "window":
            scored = []
            for o in options:
                if isinstance(o, Pass):
                    scored.append((0.5, o))  # the normal bot plays an ability worth more than this
                else:
                    m = game.models[o.model]
                    v = bot.window_value(game, d, d.window, m, m.card.ability(o.ability), o)
                    o = bot.face(game, m, o) if (o.path or o.to is not None) else o
                    scored.append((v, o))
            scored.sort(key=lambda t: -t[0])
            return [o for _, o in scored[:k]]
        if d.kind == "push_back":
            return sorted(options, key=lambda o: -bot.hex_value(game, d.model, o.to))[:k]
        if d.kind == "place":
            first = bot.place(game, d, options)
            m = game.models[d.model]
            rest = sorted((o for o in options if o.to != first.to), key=lambda o: -_placing(game, m, o.to))
            return ([first] + [bot.face(game, m, o) for o in rest[:k - 1]])[:k]
        return options[:k]

    def _varied(self, game, d, options, k: int) -> list:
        bot = self.bot
        m = game.models[d.model]
        judged = sorted(((bot.value(game, m, a) + bot.rng.random() * 0.01, i, a) for i, a in enumerate(options)),
                        key=lambda t: (-t[0], t[1]))
        first, kinds = [], set()
        for _, _, a in judged:  # the best of each kind, best first
            if type(a) not in kinds:
                kinds.add(type(a))
                first.append(a)
        chosen = first[:k]
        if len(chosen) < k:
            taken = set(chosen)
            chosen += [a for _, _, a in judged if a not in taken][:k - len(chosen)]
        return [bot.face(game, m, a) for a in chosen]


def _placing(game, m, h) -> float:
    """The normal bot's placing score without its random nudge: far from foes, near the middle."""
    foes = [t.hex for t in game.models.values() if t.hex is not None and t.player != m.player]
    floor = game.arena.floor
    cx = sum(x.q for x in floor) / len(floor)
    cr = sum(x.r for x in floor) / len(floor)
    return min(min((h.distance(f) for f in foes), default=6), 5) - 0.1 * (abs(h.q - cx) + abs(h.r - cr))


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
