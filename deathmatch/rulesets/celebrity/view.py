"""What one player may see: the per-player view of the game and its events.

With hidden cards on, a player sees only their own unplayed abilities (played
abilities are public). Standing orders are always private to their owner: no
other player sees them, nor that one was set.

The view is all the screens read (`deathmatch.core.front`): besides the state the bots read, each
model's face (what its figure and portrait are drawn from: its card's name, title, flavour, colour
and sprite hints, never its abilities) and the abilities the viewer may read, with their words
(`card_abilities`: None where one is hidden); the seats in setup order with their colours, the
computer seats, the turn order, who stands where, the options, and whether the last answer may be
taken back. `QUESTIONS` answers what a screen asks beyond that, for one viewer: the arena (the
board, public), the roll an answer of theirs would need, what a declared attack needs, and their
own standing orders. Nothing more is revealed when the game is over: the results screens show the
scores, the record's story and the abilities played.
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING

from ...core.front import Seen
from . import events as ev

if TYPE_CHECKING:  # pragma: no cover
    from .game import Game


def event_visible_to(event, player: str) -> bool:
    """Whether `player` may be told of `event` (an OrderSet only to its owner)."""
    if type(event) is ev.OrderSet:
        return event.player == player
    return True


def ability_visible_to(game: Game, player: str, model_id: str, ability_name: str) -> bool:
    """Whether `player` may see that `model_id`'s card holds `ability_name`: their own abilities,
    played abilities, or every ability when hidden cards are off."""
    if not game.options.hidden_cards:
        return True
    m = game.models.get(model_id)
    if m is None:
        return False
    return m.player == player or ability_name in m.used


def order_visible_to(game: Game, player: str, model_id: str, ability_name: str | None = None) -> bool:
    """Whether `player` may see the standing orders of `model_id`'s abilities: only its owner."""
    m = game.models.get(model_id)
    return m is not None and m.player == player


def state_for(game: Game, player: str) -> dict:
    """The state as `player` may see it, as plain data (the core's per-player view,
    `deathmatch.core.view`): others' unplayed abilities hidden when hidden cards are on
    (shown as None), only `player`'s own standing orders, the dice's state never."""
    models = {}
    for m in game.models.values():
        models[m.id] = {
            "player": m.player,
            "card": m.card.id,
            "name": m.card.name,
            "at": tuple(m.hex) if m.hex is not None else None,
            "facing": m.facing,
            "lives": m.lives,
            "alive": m.alive,
            "used": tuple(sorted(m.used)),
            "abilities": tuple(ab.name if ability_visible_to(game, player, m.id, ab.name) else None
                               for ab in m.card.abilities),
            "face": _face(m.card),
            "card_abilities": tuple(_words(ab) if ability_visible_to(game, player, m.id, ab.name) else None
                                    for ab in m.card.abilities),
        }
    d = game.pending
    setup = game.setup
    seats = tuple(p.name for p in setup.players) if setup is not None else tuple(game.players)
    colours = (tuple(setup.colours) if setup is not None and len(setup.colours) == len(seats)
               else tuple(range(len(seats))))
    return {
        "player": player,
        "round": game.round,
        "active": game.active,
        "pending": None if d is None else {"player": d.player, "kind": d.kind, "model": d.model,
                                           "window": d.window.name if d.window else None},
        "models": models,
        "beasts": {b.id: tuple(b.hex) for b in game.beasts.values()},
        "loot": sorted(tuple(h) for h in game.loot),
        "scores": {p: (s.vp, s.lives_taken, s.kills, s.loot, s.last_standing, s.abilities)
                   for p, s in game.scores.items()},
        "outcome": game.outcome,
        "orders": sorted((k, v) for k, v in game.orders.items() if order_visible_to(game, player, k[0])),
        # (what the screens read besides)
        "players": tuple(game.players),
        "seats": seats,
        "colours": colours,
        "bots": tuple(setup.bots) if setup is not None else (),
        "recorded": setup is not None,
        "order": tuple(game.order),
        "occupant": dict(game.occupant),
        "beast_kinds": {b.id: b.kind for b in game.beasts.values()},
        "options": {"beasts": game.options.beasts, "obstacles": game.options.obstacles,
                    "round_limit": game.options.round_limit, "hidden_cards": game.options.hidden_cards},
        "over": game.over,
        "can_undo": game.can_undo(),
    }


_MADE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
"""A card's face, an ability's words: made once per card or ability (read-only, `Seen`), so that a
view made after every answer does not make them again."""


def _face(card) -> Seen:
    """What a card's figure and portrait are drawn from (client/art reads these), none of its abilities."""
    got = _MADE.get(card)
    if got is None:
        got = _MADE[card] = Seen({"id": card.id, "name": card.name, "title": card.title, "flavour": card.flavour,
                                  "colour": card.colour, "sprite": dict(card.sprite or {})})
    return got


def _words(ab) -> Seen:
    """An ability's name, timing and text (for a viewer who may read them)."""
    got = _MADE.get(ab)
    if got is None:
        got = _MADE[ab] = Seen({"name": ab.name, "timing": ab.timing, "text": ab.text})
    return got


def bot_seats(game) -> list[tuple[str, str, int]]:
    """The host's: (seat, level, seed) of each computer seat of the game's setup, to make its bots
    (a table gets it through `Front.hand_to`: the seed is the host's, never a screen's)."""
    setup = game.setup
    return [] if setup is None else [(p, level, setup.seed + i) for i, (p, level) in enumerate(setup.bots)]


def _arena(game, viewer):
    """The arena the game is played on (the board: the same for everyone)."""
    return game.arena


def _needed_roll(game, viewer, action):
    """The roll `viewer`'s answer `action` to their pending decision would need (None: no roll,
    or not theirs to ask)."""
    d = game.pending
    if d is None or viewer is None or d.player != viewer:
        return None
    return game.needed_roll(action)


def _attack_needs(game, viewer, attack) -> tuple[int, bool]:
    """(the roll needed, from behind) of a declared attack (told to everyone in its window)."""
    return game.attack_needs(attack)


def _orders(game, viewer) -> list[dict]:
    """`viewer`'s standing orders: for each reaction still unplayed of their living models, its
    model, `heading` (the ability and when it is played), words, choices and current order; then
    each living model's push back (`ability`: `orders.PUSH_BACK`). Empty for anyone but a seat."""
    from . import orders as standing

    out = []
    if viewer is None:
        return out
    living = [m for m in game.models_of(viewer) if m.alive]
    for m in living:
        for ab in standing.orderable(game, m):
            out.append({"model": m.id, "name": m.card.name, "ability": ab.name, "timing": ab.timing,
                        "heading": f"{ab.name} ({_TIMING_WORDS.get(ab.timing, ab.timing)})",
                        "text": ab.text, "choices": tuple(standing.choices(game, m.id, ab.name)),
                        "current": game.order_of(m.id, ab.name)})
    for m in living:
        out.append({"model": m.id, "name": m.card.name, "ability": standing.PUSH_BACK, "timing": "push_back",
                    "heading": "when pushed back",
                    "text": "When a hit pushes this model back and both hexes behind it are free: ask you "
                            "which one, or let the game pick the safer one.",
                    "choices": tuple(standing.choices(game, m.id, standing.PUSH_BACK)),
                    "current": game.order_of(m.id, standing.PUSH_BACK)})
    return out


_TIMING_WORDS = {"attack_response": "when attacked", "any_time": "any time", "on_hit": "when hit",
                 "on_death": "when it dies", "on_kill": "when it kills", "on_loot": "when it takes loot"}
"""When a reaction is played, in players' words (the orders screen's headings)."""


QUESTIONS = {
    "arena": _arena,
    "needed_roll": _needed_roll,
    "attack_needs": _attack_needs,
    "orders": _orders,
}
"""The questions a screen asks for one viewer (`Front.ask`)."""


def events_for(game: Game, events, player: str) -> list:
    """The events of `events` that `player` may be told of (the core's filter with this ruleset's rule)."""
    from ...core.view import events_for as core_events_for

    return core_events_for(events, player, event_visible_to)
