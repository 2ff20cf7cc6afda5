"""What an effect kind is, and the registry of kinds by name.

A card's ability names one effect kind (``effect: {kind: heal, lives: 1}``).
Each kind is one small module in this package: its parameter schema, the
timings it may be played at, which uses are legal now, and how it resolves.
The schema closes the vocabulary: an unknown kind, an unknown or missing
parameter or a value out of range is an error with a file and a line, never a
silent no-op.

Kinds talk to the engine only through the `Game` methods documented in
`deathmatch.rulesets.celebrity.game` (``walk``, ``jump``, ``turn``, ``attack``,
``lose_life``, ``score``, ``schedule`` …), so this module imports nothing of
the engine.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Mapping

if TYPE_CHECKING:  # pragma: no cover
    from ...rulesets.celebrity.actions import UseAbility
    from ...rulesets.celebrity.game import Game, Model, Window
    from ...rulesets.celebrity.cards import Ability

TIMINGS = (
    "action",
    "action_plus",
    "attack_response",
    "any_time",
    "on_hit",
    "on_death",
    "on_kill",
    "on_loot",
)
"""Every timing a card may name (RULES.md §9)."""

TRIGGERED = ("on_hit", "on_death", "on_kill", "on_loot")
"""The triggered timings: offered when the named event happens to the model."""

REQUIRED = object()


@dataclass(frozen=True)
class Param:
    """One parameter of an effect kind: an integer in [low, high]."""

    low: int
    """Smallest allowed value."""
    high: int
    """Largest allowed value."""
    default: Any = REQUIRED
    """The value when a card leaves it out; REQUIRED if it must be given."""
    doc: str = ""
    """What it means, for docs/CARDS.md and error messages."""

    @property
    def required(self) -> bool:
        return self.default is REQUIRED


class EffectKind:
    """Base class of effect kinds. Subclasses set the class attributes and override
    `uses` and `resolve` (and `playable` when `uses` is costly)."""

    name: ClassVar[str] = ""
    """The `kind:` word cards use."""
    params: ClassVar[Mapping[str, Param]] = {}
    """The parameter schema."""
    timings: ClassVar[frozenset[str]] = frozenset()
    """The timings a card may give this kind."""
    summary: ClassVar[str] = ""
    """One line for docs and the rules screen."""
    core: ClassVar[bool] = False
    """True for the eight kinds of RULES.md §9.1."""
    orders: ClassVar[Mapping[str, str]] = {}
    """The standing orders this kind offers besides "ask" and "never": condition id -> label
    (see `deathmatch.rulesets.celebrity.orders`). Empty for kinds whose uses need a choice no order can make."""
    default_order: ClassVar[str] = "never"
    """The order a reaction of this kind starts on in a game with default orders (never "ask")."""

    def describe(self, params: Mapping[str, Any]) -> str:
        """Rules text for a card that gives none."""
        return self.summary.format(**params)

    def uses(self, game: Game, model: Model, ability: Ability, window: Window) -> list[UseAbility]:
        """Every distinct legal use of the ability now (empty: not playable).

        Where a use leaves `facing` None, any facing is legal with it.
        """
        raise NotImplementedError

    def playable(self, game: Game, model: Model, ability: Ability, window: Window) -> bool:
        """Whether the ability has any legal use now."""
        return bool(self.uses(game, model, ability, window))

    def check(self, game: Game, model: Model, ability: Ability, use: UseAbility, window: Window) -> None:
        """Raise IllegalAction if `use` is not legal. The default compares with `uses`."""
        for legal in self.uses(game, model, ability, window):
            if (
                legal.target == use.target
                and legal.path == use.path
                and legal.to == use.to
                and (legal.facing is None and (use.facing is None or 0 <= use.facing < 6) or legal.facing == use.facing)
            ):
                return
        game.refuse("bad_use", f"{ability.name} can not be used like that now")

    def resolve(self, game: Game, model: Model, ability: Ability, use: UseAbility, window: Window) -> None:
        """Carry out a checked use: change the state, emit events, schedule tasks."""
        raise NotImplementedError

    def needed_roll(self, game: Game, model: Model, ability: Ability, use: UseAbility, target: Model) -> int | None:
        """The natural roll `use` needs to hit `target` now (the client's "5+" labels, the bots);
        None for a kind that makes no attack roll. Kinds that attack ask the game's one to-hit
        rule (`Game.melee_needs`, `Game.ranged_needs`)."""
        return None

    # --- worth to a computer player (`deathmatch.rulesets.celebrity.bots`), about VP ---
    bot_worth: ClassVar[float] = 0.0
    """What playing it as an action is worth to a bot when the kind says nothing finer."""

    def worth(self, bot, game: Game, model: Model, ability: Ability, use: UseAbility) -> float:
        """What playing `use` as (or in) the model's action is worth to `bot`, about VP. `bot`
        lends its judgement: `p_hit`, `attack_value`, `danger`, `approach`, `hex_value`."""
        return self.bot_worth

    def reaction_worth(self, bot, game: Game, decision, window: Window, model: Model, ability: Ability,
                       use: UseAbility) -> float:
        """What playing `use` in `window` (a reaction) is worth to `bot`; 0: rather pass."""
        return 0.0

    def order_use(self, game: Game, model: Model, ability: Ability, window: Window, order: str) -> UseAbility | None:
        """The use standing order `order` (one of `orders`) plays in `window`, or None when its
        condition is false or there is no single sensible use. Called only when the ability is
        playable in the window. The default plays the only use, if there is exactly one."""
        uses = self.uses(game, model, ability, window)
        return uses[0] if len(uses) == 1 else None

    def has_effect(self, game: Game, model: Model, ability: Ability, use: UseAbility, window: Window) -> bool:
        """Whether the legal `use` would change anything where the models stand now. A standing
        order never plays a use that would not (the ability is kept for later); a person asked
        may still play it. Default: yes."""
        return True


class Relocation:
    """What moving the model is worth to a bot: one judgement for every kind that moves its own
    model somewhere (a walk or a jump) — loot on the way, danger and reach where it ends."""

    def worth(self, bot, game, model, ability, use):
        end = use.path[-1] if use.path else use.to
        loot = 2.5 * sum(1 for h in (use.path or (use.to,)) if h in game.loot)
        return (loot - bot.danger(game, model, end) + bot.approach(game, model, end)
                + (0.8 if bot.danger(game, model, model.hex) > 0.6 else 0.0) - 0.3)

    def reaction_worth(self, bot, game, decision, window, model, ability, use):
        end = use.path[-1] if use.path else use.to
        return 0.6 + bot.hex_value(game, model.id, end) - bot.hex_value(game, model.id, model.hex)


KINDS: dict[str, EffectKind] = {}
"""Every effect kind by name. Filled as the kind modules are imported: the package's `__init__` imports them
all, and Python runs it before this module, so the table is full whenever anyone can read it."""


def register(cls: type[EffectKind]) -> type[EffectKind]:
    """Class decorator: add a kind to the registry."""
    if not cls.name or cls.name in KINDS:
        raise ValueError(f"effect kind {cls.name!r} has no name or is registered twice")
    KINDS[cls.name] = cls()
    return cls


def get_kind(name: str) -> EffectKind:
    """The kind called `name` (KeyError if there is none)."""
    return KINDS[name]


def all_kinds() -> dict[str, EffectKind]:
    return KINDS
