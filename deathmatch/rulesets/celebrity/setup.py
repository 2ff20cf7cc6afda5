"""Starting a game: the setup (RULES.md §2) and starting from a position (scenarios)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping, Sequence

from ...board import Arena, Hex, from_spec
from . import events as ev
from .cards import Card, parse_card
from ...core.dice import ForcedDice, SeededDice
from .errors import SetupError
from .game import AskPlace, Game, Options, PlaceLootAndBeasts, StartRound
from .orders import default_orders
from .state import Beast, Model

MIN_PLAYERS, MAX_PLAYERS = 2, 10


def models_per_player(players: int) -> int:
    """Two models each with 2–4 players, one with 5–10 (RULES.md §2)."""
    return 2 if players <= 4 else 1


@dataclass(frozen=True)
class PlayerSetup:
    """A seat: the player's name and the ids of their character cards."""

    name: str
    cards: tuple[str, ...]


@dataclass(frozen=True)
class GameSetup:
    """Everything that decides a game before its first decision."""

    arena: Mapping
    """The arena spec ({hexagon: N}, {rectangle: [W, H]} or {map: ID}; an id such as "bundled:colosseum"
    or "user:my_arena" resolves in the game's folders, wherever it runs; a scenario's map may be a PATH)."""
    players: tuple[PlayerSetup, ...]
    """Seats in any order (the dice-off decides the play order)."""
    cards: Mapping[str, Mapping]
    """Every card used, as written (so a record replays even if card files change)."""
    options: Options = Options()
    seed: int = 0
    colours: tuple[int, ...] = ()
    """Each seat's colour number, for the client (no rule depends on it)."""
    bots: tuple[tuple[str, str], ...] = ()
    """(player, strength) for the seats a computer plays (no rule depends on it)."""
    order: tuple[str, ...] = ()
    """A fixed placement order instead of the dice-off (tournaments rotate who places first)."""
    orders_for: tuple[str, ...] = ()
    """Players whose reaction abilities start on their kinds' default standing orders
    (`deathmatch.rulesets.celebrity.orders`); everyone else's start on "ask"."""
    push_back_orders: bool = False
    """Whether the models of `orders_for` also start with their push backs on the "safer" order
    (the game picks the hex; a setup made before this choice existed: they are asked)."""

    def to_json(self) -> dict:
        return {
            **({"push_back_orders": True} if self.push_back_orders else {}),
            "orders_for": list(self.orders_for),
            "arena": dict(self.arena),
            "colours": list(self.colours),
            "bots": [list(b) for b in self.bots],
            "order": list(self.order),
            "players": [{"name": p.name, "cards": list(p.cards)} for p in self.players],
            "cards": {k: dict(v) for k, v in self.cards.items()},
            "options": self.options.to_json(),
            "seed": self.seed,
        }

    @classmethod
    def from_json(cls, data: Mapping) -> GameSetup:
        try:
            return cls(
                arena=dict(data["arena"]),
                players=tuple(PlayerSetup(p["name"], tuple(p["cards"])) for p in data["players"]),
                cards={k: dict(v) for k, v in data["cards"].items()},
                options=Options(**data.get("options", {})),
                seed=int(data["seed"]),
                colours=tuple(int(c) for c in data.get("colours", ())),
                bots=tuple((str(p), str(k)) for p, k in data.get("bots", ())),
                order=tuple(str(p) for p in data.get("order", ())),
                orders_for=tuple(str(p) for p in data.get("orders_for", ())),
                push_back_orders=data.get("push_back_orders", False) is True,
            )
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            raise SetupError(f"the setup in this record is incomplete or malformed ({e})") from None


def make_setup(arena: Mapping, players: Sequence[tuple[str, Sequence[str]]], library, options=Options(), seed=0,
               colours: Sequence[int] = (), bots: Mapping[str, str] | None = None,
               orders_for: Sequence[str] = (), push_back_orders: bool = False) -> GameSetup:
    """A GameSetup from player names and card ids picked from a card library."""
    cards = {}
    for _, ids in players:
        for cid in ids:
            if cid not in library:
                raise SetupError(f"unknown card {cid!r}")
            cards[cid] = library[cid].data
    return GameSetup(dict(arena), tuple(PlayerSetup(n, tuple(ids)) for n, ids in players), cards, options, seed,
                     tuple(colours), tuple(sorted((bots or {}).items())), orders_for=tuple(orders_for),
                     push_back_orders=push_back_orders and bool(orders_for))


def new_game(setup: GameSetup, arena: Arena | None = None) -> Game:
    """Start a game: obstacles, dice-off, then it waits for the first placement.

    `arena` may be given when it is already loaded; otherwise it is made from
    the setup's spec.
    """
    names = [p.name for p in setup.players]
    n = len(names)
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise SetupError(f"Celebrity Deathmatch needs 2–10 players, not {n}")
    if not all(isinstance(x, str) and x for x in names) or len(set(names)) != n:  # (a name that is no text: said)
        raise SetupError("every player needs a different, non-empty name")
    per = models_per_player(n)
    cards: dict[str, Card] = {}
    for cid, data in setup.cards.items():
        card, problems = parse_card(data, f"card {cid}")
        if problems:
            raise SetupError(f"card {cid!r} is broken: {problems[0]}")
        cards[cid] = card
    used: list[str] = []
    for p in setup.players:
        if len(p.cards) != per:
            raise SetupError(f"with {n} players each controls {per} model(s); {p.name} has {len(p.cards)} card(s)")
        for cid in p.cards:
            if cid not in cards:
                raise SetupError(f"{p.name}'s card {cid!r} is not in the setup's cards")
            used.append(cid)
    if len(set(used)) != len(used):
        raise SetupError("each model is a different character card: a card is picked twice")
    if arena is None:
        try:
            arena = from_spec(setup.arena)
        except (ValueError, OSError) as e:
            raise SetupError(f"the arena can not be loaded: {e}") from None
    if not arena.min_players <= n <= arena.max_players:
        raise SetupError(f"{arena.name} needs {arena.min_players}–{arena.max_players} players, not {n}")

    dice = SeededDice(setup.seed)
    events: list = []
    if setup.options.obstacles:
        markers = set(arena.spawn) | set(arena.loot) | set(arena.beasts)
        pool = sorted(h for h in arena.floor if h not in markers)
        picked = []
        for _ in range(min(setup.options.obstacles, max(0, len(pool) - n * per - n))):
            h = dice.choice(pool)
            pool.remove(h)
            picked.append(h)
            events.append(ev.ObstaclePlaced(h))
        arena = arena.with_blocked(picked)

    if setup.order:
        if sorted(setup.order) != sorted(names):
            raise SetupError("the fixed placement order must name every player once")
        order = list(setup.order)  # a tournament's rotation replaces the dice-off
    else:
        order = dice_off(names, dice, events)
    events.append(ev.TurnOrder(tuple(order)))
    game = Game(arena, order, dice, setup.options)
    game.setup = setup
    seats = {p.name: p.cards for p in setup.players}
    placement = [(name, seats[name][k]) for k in range(per) for name in order]
    for name, cid in placement:
        game.models[cid] = Model(cid, name, cards[cid])
    game.order = [cid for _, cid in reversed(placement)]
    unknown = [p for p in setup.orders_for if p not in seats]
    if unknown:
        raise SetupError(f"orders_for names {unknown[0]!r}, who is not among the players")
    game.orders = default_orders(game, set(setup.orders_for), push_back=setup.push_back_orders)
    game.schedule(*[AskPlace(cid) for _, cid in placement], PlaceLootAndBeasts(), StartRound())
    game.start(events)
    game.setup_events = events  # the client shows the dice-off from these
    return game


def dice_off(players: Sequence[str], dice, events: list) -> list[str]:
    """Order players by 1d6, highest first; tied players re-roll among themselves."""
    rolls = {p: dice.roll() for p in players}
    events.append(ev.DiceOff(tuple((p, rolls[p]) for p in players)))
    order: list[str] = []
    for value in sorted(set(rolls.values()), reverse=True):
        tied = [p for p in players if rolls[p] == value]
        order.extend(tied if len(tied) == 1 else dice_off(tied, dice, events))
    return order


def from_position(
    arena: Arena,
    players: Sequence[str],
    models: Sequence[Model],
    *,
    loot: Sequence[Hex] = (),
    beasts: Sequence[Hex] = (),
    dice=None,
    options: Options = Options(),
) -> Game:
    """A game already set up (a scenario): models in placement order, round 1 about to start."""
    game = Game(arena, players, dice if dice is not None else ForcedDice([]), options)
    for m in models:
        if m.player not in game.scores:
            raise SetupError(f"model {m.id}: player {m.player!r} is not among the players")
        if m.id in game.models:
            raise SetupError(f"two models are called {m.id!r}")
        if not arena.is_floor(m.hex):
            raise SetupError(f"model {m.id}: {list(m.hex)} is {arena.terrain_at(m.hex)}, not floor")
        if m.hex in game.occupant:
            raise SetupError(f"model {m.id}: {list(m.hex)} already holds {game.occupant[m.hex]}")
        game.models[m.id] = m
        if m.alive:
            game.occupy(m.hex, m.id)
    for i, h in enumerate(beasts):
        h = Hex(*h)
        if not arena.is_floor(h) or h in game.occupant:
            raise SetupError(f"beast {i + 1}: {list(h)} is not a vacant floor hex")
        b = Beast(f"beast-{i + 1}", h, ("lion", "bear")[i % 2])
        game.beasts[b.id] = b
        game.occupy(h, b.id)
    for h in loot:
        h = Hex(*h)
        if not arena.is_floor(h):
            raise SetupError(f"loot at {list(h)}: that hex is {arena.terrain_at(h)}, not floor")
        game.loot.add(h)
    game.order = [m.id for m in reversed(list(models))]
    game.schedule(StartRound())
    return game
