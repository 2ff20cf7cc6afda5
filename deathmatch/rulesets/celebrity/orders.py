"""Standing orders: what a reaction ability does at a window when nobody is asked.

Each reaction ability (timings attack_response, any_time and the triggered
ones) carries an order, set by its owner in private (`SetOrder`):

- ``"ask"``: stop the game and ask the owner, as without orders (the default
  of a game whose setup does not name the player in `orders_for`);
- ``"never"``: never played by itself, never asked for;
- a *condition* its effect kind offers (`EffectKind.orders`, e.g. dodge
  ``"rear"``): the engine plays the use the kind picks
  (`EffectKind.order_use`) whenever the condition holds, with no decision.

A player is asked at a window only if one of their playable abilities there
is on "ask". An order never plays an ability whose effect would change nothing
where the models stand (`EffectKind.has_effect`: a counterattack on an attacker
who is not next to the model): the ability stays unplayed for later.

Each model's **push back** takes an order too (the "ability" `PUSH_BACK`, a name
no card ability can have): "ask", or "safer" (`PUSH_BACK_ORDERS`): when both
hexes behind it are free, the engine picks the one `safer_hex` names instead of
asking its owner. Orders are decisions in the record (replays stay exact) and
private to their owner (`deathmatch.rulesets.celebrity.view`). The mechanism (ask, never,
a condition; who is asked) is the core's: `deathmatch.core.orders`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import Ability

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game
    from .state import Model

from ...core.orders import ASK, NEVER, UNIVERSAL  # noqa: F401  (the core's mechanism; re-exported)

ORDERABLE_TIMINGS = frozenset({"attack_response", "any_time", "on_hit", "on_death", "on_kill", "on_loot"})
"""The timings of abilities that can carry an order (everything but the model's own action and Action+)."""


PUSH_BACK = ""
"""The ability name of a model's push-back order (card abilities need a name: none is called so)."""
PUSH_BACK_ORDERS = {"safer": "pick the safer hex for me (loot first, then fewer foes next to it)"}
"""The push back's conditions besides "ask" (it takes no "never": a push back always happens)."""
PUSH_BACK_DEFAULT = "safer"
"""The push-back order a model starts on when its setup gives default push-back orders."""


def safer_hex(game: Game, model: Model, hexes):
    """Of the hexes `model` may be pushed back into, the one a "safer" order picks: one with loot,
    else the one with the fewest enemy models and beasts next to it, else the first (rear-left)."""

    def foes(h) -> int:
        n = 0
        for x in h.neighbors():
            other = game.occupant.get(x)
            if other is None or other == model.id:
                continue
            if other in game.beasts or game.models[other].player != model.player:
                n += 1
        return n

    return min(hexes, key=lambda h: (h not in game.loot, foes(h)))


def is_orderable(ability: Ability) -> bool:
    return ability.timing in ORDERABLE_TIMINGS


def orderable(game: Game, model: Model) -> list[Ability]:
    """`model`'s unused abilities that can carry an order, in card order."""
    return [ab for ab in model.card.abilities if ab.timing in ORDERABLE_TIMINGS and ab.name not in model.used]


def choices(game: Game, model_id: str, ability_name: str) -> list[tuple[str, str]]:
    """(order id, label) pairs for the ability: "ask" and "never" first, then its kind's conditions.
    Empty if the model has no such orderable ability."""
    m = game.models.get(model_id)
    if ability_name == PUSH_BACK:
        return [(ASK, UNIVERSAL[ASK])] + list(PUSH_BACK_ORDERS.items()) if m is not None else []
    ab = m.card.ability(ability_name) if m is not None else None
    if ab is None or not is_orderable(ab):
        return []
    return list(UNIVERSAL.items()) + list(ab.effect.orders.items())


def default_orders(game: Game, players, push_back: bool = False) -> dict[tuple[str, str], str]:
    """The kinds' default orders for every orderable ability of `players`' models (and, with
    `push_back`, their push backs on `PUSH_BACK_DEFAULT`)."""
    out = {}
    for m in game.models.values():
        if m.player in players:
            for ab in orderable(game, m):
                out[(m.id, ab.name)] = ab.effect.default_order
            if push_back:
                out[(m.id, PUSH_BACK)] = PUSH_BACK_DEFAULT
    return out


def label(game: Game, model_id: str, ability_name: str, order: str | None = None) -> str:
    """The label of `order` (default: the ability's current order), e.g. "when attacked from behind"."""
    order = order if order is not None else game.order_of(model_id, ability_name)
    return dict(choices(game, model_id, ability_name)).get(order, order)
