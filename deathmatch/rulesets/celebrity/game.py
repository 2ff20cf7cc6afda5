"""The rules engine: one `Game`, its flow, and every rule of RULES.md.

How it runs
-----------
The game waits on one `Decision` at a time (`game.pending`): who must answer,
what kind of question, the options. `legal_actions()` lists the options;
`apply(action)` checks the answer (raising `IllegalAction` with a stable
`code` and changing nothing if it is illegal), carries it out, runs the game
on to the next decision and returns the events that happened.

Between decisions the engine works through a stack of small tasks (start a
round, activate a model, open a window, roll for an attack, push back, …).
A task may emit events, push more tasks, or stop the game on a decision.
Tasks are plain data, so a game can be copied and compared.

Windows (RULES.md §9) are asked player by player, starting with the player
whose activation it is (in the beast phase, the first player) and going on in
seat order; a player who plays an ability is asked again until they pass. A
window nobody can use is never shown. A forced answer (one push-back hex) is
never asked.

Rulings of this engine beyond RULES.md (the text is silent; see docs):
- `on_hit` is offered to a model that was hit by an attack and survived it
  (after any push back); a model the hit killed gets `on_death` instead.
- `on_death` abilities are playable by their dead model (a dead model can
  play nothing else). If a death leaves the game over, the triggers of that
  final moment are still offered, each only to the model it happened to (card
  rules override core rules, RULES.md §9): the `on_death` ones first (a
  revive can undo the end), then, if the game is still over, the others
  (`on_kill`, `on_hit`, `on_loot`) in the order they happened; then the game
  ends. With none playable, the game ends at once.
- Trigger windows open after the attack or move that caused them resolves,
  before a counterattack.
- A die_rolled window follows every die rolled in play (attack rolls and the
  beasts' rolls); a rerolled die gets no new window (the new result stands).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Iterable, Sequence

from ...board import BLOCKED, VOID, Arena, Hex
from ...board.hex import line_between
from . import events as ev
from . import orders as orders_
from .actions import Action, Attack, Hold, Move, MoveAttack, Pass, Place, PushBack, SetOrder, UseAbility
from .cards import Ability
from ...core.machine import Machine
from ...core.orders import ASK, ask_or_play
from .errors import IllegalAction
from .state import (
    MAX_LIVES,
    AttackState,
    Beast,
    Decision,
    Live,
    Model,
    Outcome,
    PlayerScore,
    Roll,
    Window,
)

MOVE_HEXES = 2
"""A Move action goes up to this many hexes (RULES.md §4)."""
REAR_BONUS = 1
MELEE_NEEDS = 6


def to_hit(kind: str, hit_on: int, bonus: int = 0, rear: bool = False) -> tuple[int, int]:
    """The one to-hit rule (RULES.md §6, §9.1): (the modified roll an attack needs, the modifier
    added to its die). A melee attack needs a modified 6, +1 from the defender's rear and + a
    charge's bonus; a ranged (or beast) attack needs its `hit_on`, unmodified."""
    if kind == "melee":
        return MELEE_NEEDS, bonus + (REAR_BONUS if rear else 0)
    return hit_on, 0


def natural_needed(kind: str, hit_on: int, bonus: int = 0, rear: bool = False) -> int:
    """The natural die roll that hits (at least 1), from `to_hit`."""
    needed, modifier = to_hit(kind, hit_on, bonus, rear)
    return max(1, needed - modifier)
BEAST_HITS_ON = 5
LOOT_VP = 2
LIFE_VP = 1
KILL_VP = 1
LAST_STANDING_VP = 3


@dataclass(frozen=True)
class Options:
    """The game's optional rules (RULES.md §2, §8, §10)."""

    beasts: bool = False
    """Wandering beasts (two of them)."""
    obstacles: int = 0
    """Extra random blocked hexes."""
    round_limit: int | None = None
    """End the game after this round (no last-standing bonus); None: no limit."""
    hidden_cards: bool = False
    """Players see only their own unused cards (for the client and bots)."""

    def to_json(self) -> dict:
        return {
            "beasts": self.beasts,
            "obstacles": self.obstacles,
            "round_limit": self.round_limit,
            "hidden_cards": self.hidden_cards,
        }


_SUBJECT_TIMING = {"activation_start": "action_plus", "attack_declared": "attack_response"}
"""The one card timing a window's subject's ability can have to be played in it, by window
name where that is not the window's own name (`Game._timing_fits` says the rest): an Action+
at its activation's start, an attack response when it is attacked, a triggered ability at
its trigger, an action as the action. No card timing is "activation_end", so at that window
the subject's abilities are passed over without asking `_timing_fits` of each."""


class Memo:
    """What a game remembers so as not to make it again: its bare windows (`Game._window`), its
    models' activation tasks and steps (`Game._activate`, `_activation_steps`) and action decisions, the loot's cells as bits (`Game._loot_bits`)
    and the unused any_time abilities (`Game._any_time_abilities`; None: to be looked up again).

    One object, not four attributes of the game: CPython 3.11 keeps an instance's attributes in
    its fast, shared-keys form only up to 30 of them, and the game is near that (one attribute
    past it cost 12k instructions an activation, 4.5 %, measured)."""

    __slots__ = ("windows", "activations", "steps", "decisions", "loot", "any_time")

    def __init__(self):
        self.windows: dict[str | None, dict[str, Window]] = {}
        self.activations: dict[str, Activate] = {}
        self.steps: dict[str, tuple] = {}
        self.decisions: dict[str, Decision] = {}
        self.loot: tuple | None = None
        self.any_time: list | None = None


class Game(Machine):
    """A game of Celebrity Deathmatch: its data, its flow, and the rules (on the core's machine)."""

    ruleset_id = "celebrity"
    """Which ruleset plays this game (the client puts it on that ruleset's table)."""

    def __init__(self, arena: Arena, players: Sequence[str], dice, options: Options = Options()):
        Machine.__init__(self)
        # --- game data -------------------------------------------------------
        self.arena = arena
        """The board (with any random obstacles already blocked)."""
        self.players: list[str] = list(players)
        """Player names in seat (dice-off) order."""
        self.options = options
        self.dice = dice
        """Where dice come from: `SeededDice` or `ForcedDice`."""
        self.models: dict[str, Model] = {}
        """Every model by id, in placement order."""
        self.beasts: dict[str, Beast] = {}
        self.loot: set[Hex] = set()
        self.occupant: dict[Hex, str] = {}
        """Hex → the model or beast standing there (changed only through `occupy`, `vacate`
        and `relocate`, which keep `occupied` with it)."""
        self.occupied = 0
        """The same cells as bits of one int (`Arena.floor_numbers`): what the listing of an
        activation's moves asks of many cells at once."""
        self.scores: dict[str, PlayerScore] = {p: PlayerScore() for p in self.players}
        # --- game flow -------------------------------------------------------
        self.round = 0
        """The current round (0 during setup)."""
        self.order: list[str] = []
        """Activation order: reverse placement order (RULES.md §3)."""
        self.active: str | None = None
        """The model whose activation it is."""
        self.action_plus_played = False
        """Whether the active model has played its Action+ this activation."""
        self._triggers: list[tuple[str, str]] = []
        self._memo = Memo()
        self.live = Live()
        """The live attacks and dice windows name by id (`attacks`, `rolls`)."""
        self.orders: dict[tuple[str, str], str] = {}
        """(model id, ability name) -> standing order (`deathmatch.rulesets.celebrity.orders`); missing: "ask"."""
        self.setup = None
        """The `GameSetup` this game came from (None for a scenario position)."""

    # ------------------------------------------------------------------ API

    def players_with_plays(self, w: Window) -> set[str]:
        """The players who hold a playable ability in window `w` (one pass)."""
        out: set[str] = set()
        subject = self.models.get(w.subject) if w.subject is not None else None
        if subject is not None and len(subject.used) < len(subject.card.abilities):
            timing = _SUBJECT_TIMING.get(w.name, w.name)
            for ab in subject.card.abilities:
                if (
                    ab.timing == timing
                    and ab.name not in subject.used
                    and self._timing_fits(subject, ab, w)
                    and ab.effect.playable(self, subject, ab, w)
                ):
                    out.add(subject.player)
                    break
        if w.only_triggered or w.name == "action":
            return out
        for m, ab in self._memo.any_time or self._any_time_abilities():
            if (
                m.player not in out
                and m.alive
                and m.hex is not None
                and ab.name not in m.used
                and ab.effect.playable(self, m, ab, w)
            ):
                out.add(m.player)
        return out

    def legal_actions(self) -> Sequence[Action]:
        """Every distinct legal answer to the pending decision (a sequence; for
        an activation the moves are made on demand as it is read).

        Moves are listed once per distinct outcome (where the model ends and
        which loot it takes); any other legal path is accepted too. Where a
        listed action has ``facing=None``, any facing 0–5 is legal with it.
        """
        d = self.pending
        if d is None:
            return []
        if d.kind == "action":
            return self._action_options(self.models[d.model])
        if d.kind == "place":
            return d.options  # (`Placements`: made as they are read)
        return list(d.options)

    def is_legal(self, action: Action) -> bool:
        try:
            if type(action) is SetOrder:
                self._check_order(action)
            else:
                self._check(action)
        except IllegalAction:
            return False
        return True

    side_answers = frozenset({SetOrder})
    """A `SetOrder` changes a standing order and leaves the pending decision as it is."""

    def side_answer(self, action: SetOrder) -> list:
        self._check_order(action)
        self.orders[(action.model, action.ability)] = action.order
        return [ev.OrderSet(action.player, action.model, action.ability, action.order)]

    def order_of(self, model_id: str, ability_name: str) -> str:
        """The standing order of a model's ability ("ask" unless one was set)."""
        return self.orders.get((model_id, ability_name), orders_.ASK)

    def can_undo(self) -> bool:
        """Whether the last answer (SetOrders aside) may be taken back: it was a Place, Move,
        Hold or PushBack, and since it no die was rolled, nothing random was revealed and no
        ability was played. `record.undo(game)` takes it back."""
        last = self.last_answer
        if last is None or self.outcome is not None or type(last[0]) not in _UNDOABLE:
            return False
        return not any(type(e) in _UNDO_BLOCKERS for e in last[1])

    def _check_order(self, a: SetOrder) -> None:
        if self.outcome is not None:
            raise IllegalAction("game_over", "the game is over")
        d = self.pending
        if d is None:
            raise IllegalAction("no_decision", "nothing is being asked (start the game first)")
        if a.player != d.player:
            raise IllegalAction("not_your_turn", f"{d.player} is deciding now, not {a.player}: orders are set on your own decision")
        m = self.models.get(a.model)
        if m is None:
            raise IllegalAction("unknown_model", f"there is no model {a.model!r}")
        if m.player != a.player:
            raise IllegalAction("not_your_model", f"{a.model} belongs to {m.player}, not {a.player}")
        if a.ability == orders_.PUSH_BACK:  # the model's push back: "ask" or "safer"
            ids = [o for o, _ in orders_.choices(self, m.id, a.ability)]
            if a.order not in ids:
                raise IllegalAction("bad_order", f"a push back takes the orders {', '.join(ids)}, not {a.order!r}")
            return
        ab = m.card.ability(a.ability)
        if ab is None:
            names = ", ".join(x.name for x in m.card.abilities)
            raise IllegalAction("unknown_ability", f"{m.card.name} has no ability {a.ability!r} (it has {names})")
        if not orders_.is_orderable(ab):
            raise IllegalAction("not_orderable", f"{ab.name} is played at {ab.timing}: it takes no standing order")
        if ab.name in m.used:
            raise IllegalAction("used", f"{ab.name} has already been played this game")
        ids = [o for o, _ in orders_.choices(self, m.id, ab.name)]
        if a.order not in ids:
            raise IllegalAction("bad_order", f"{ab.name} takes the orders {', '.join(ids)}, not {a.order!r}")

    def abilities_changed(self) -> None:
        """Say that models' played abilities were changed from outside the rules (a bot's
        look-ahead guessing at hidden cards), so what the game remembers of them is redone."""
        self._memo.any_time = None

    @property
    def attacks(self) -> dict[int, AttackState]:
        """The attacks being resolved, by id: the live ones windows name (`Window.attack.id`)."""
        return self.live.attacks

    @property
    def rolls(self) -> dict[int, Roll]:
        """The dice a window may still change, by id (`Window.roll.id`)."""
        return self.live.rolls

    def copy(self) -> Game:
        """An independent copy (for look-ahead). Arena, cards and setup are shared."""
        memo = {id(self.setup): self.setup, id(self.options): self.options, id(self.last_answer): None}
        return copy.deepcopy(self, memo)

    # ------------------------------------------------------------ queries

    def model(self, model_id: str) -> Model:
        return self.models[model_id]

    def living(self) -> list[Model]:
        return [m for m in self.models.values() if m.alive and m.hex is not None]

    def models_of(self, player: str) -> list[Model]:
        return [m for m in self.models.values() if m.player == player]

    def is_vacant(self, h: Hex) -> bool:
        """Floor with no model and no beast (loot does not count)."""
        return h in self.arena.floor and h not in self.occupant

    def enemies_of(self, model: Model) -> list[Model]:
        return [m for m in self.models.values() if m.alive and m.hex is not None and m.player != model.player]

    def adjacent_enemies(self, model: Model, at: Hex | None = None) -> list[Model]:
        """Enemy models next to `at` (default: the model's hex), in direction order."""
        at = at or model.hex
        out = []
        occ = self.occupant
        models = self.models
        player = model.player
        for n in self.arena.floor_ring[at]:  # (an enemy stands on the floor)
            other = occ.get(n)
            if other is not None:
                m = models.get(other)
                if m is not None and m.player != player:
                    out.append(m)
        return out

    def in_rear(self, defender: Model, at: Hex) -> bool:
        """Whether hex `at` is one of `defender`'s three rear hexes."""
        d = defender.hex.direction_to(at)
        return d is not None and (d - defender.facing) % 6 in (2, 3, 4)

    def clear_line(self, start: Hex, end: Hex) -> bool:
        """No blocked hex, model or beast strictly between `start` and `end`."""
        terrain = self.arena.terrain
        for h in line_between(start, end)[1:-1]:
            if terrain.get(h) == BLOCKED or h in self.occupant:
                return False
        return True

    def move_outcomes(self, model: Model, steps: int, straight: bool = False) -> list[tuple[Hex, ...]]:
        """One path per distinct outcome of moving up to `steps` hexes.

        An outcome is where the model ends and which loot it takes on the way;
        ending where it started having taken nothing is not a move. Each step
        enters a vacant hex; the model's own hex is vacant once it has left.
        """
        start = model.hex
        table = self.arena.floor_neighbors
        occ = self.occupant
        loot = self.loot
        sq, sr = start
        reach = 2 * steps  # cube distance doubled, without making Hexes
        if not any(abs(q - sq) + abs(r - sr) + abs(q - sq + r - sr) <= reach for q, r in loot):
            # No loot in reach: an outcome is just where the model ends (BFS).
            if steps == MOVE_HEXES == 2:  # the common case, unrolled
                out = []
                seen = {start}
                ring = []
                for n in table[start]:
                    if n is not None and n not in occ:
                        seen.add(n)
                        ring.append(n)
                        out.append((n,))
                for n in ring:
                    for n2 in table[n]:
                        if n2 is not None and n2 not in seen and n2 not in occ:
                            seen.add(n2)
                            out.append((n, n2))
                return out
            seen = {start}
            frontier = [(start, ())]
            out = []
            for _ in range(steps):
                nxt = []
                for h, path in frontier:
                    for n in table[h]:
                        if n is None or n in seen or n in occ:
                            continue
                        seen.add(n)
                        p = path + (n,)
                        nxt.append((n, p))
                        out.append(p)
                frontier = nxt
            return out
        seen = {(start, frozenset())}
        frontier = [(start, frozenset(), ())]
        out = []
        for _ in range(steps):
            nxt = []
            for h, got, path in frontier:
                for n in table[h]:
                    if n is None or (n in occ and n != start):
                        continue
                    g = got | {n} if n in loot else got
                    key = (n, g)
                    if key in seen:
                        continue
                    seen.add(key)
                    p = path + (n,)
                    nxt.append((n, g, p))
                    out.append(p)
            frontier = nxt
        return out

    def roll_would_hit(self, attack: AttackState, value: int) -> bool:
        """Whether natural roll `value` hits in `attack` as things stand (RULES.md §6)."""
        rear = False
        if attack.kind == "melee":
            attacker, target = self.models.get(attack.attacker), self.models.get(attack.target)
            rear = attacker is not None and target is not None and self.in_rear(target, attacker.hex)
        needed, modifier = to_hit(attack.kind, attack.hit_on, attack.bonus, rear)
        return value + modifier >= needed

    def needed_roll(self, action: Action, target: str | None = None) -> int | None:
        """The natural d6 roll `action` needs to hit its target now (RULES.md §6, §9.1).

        For the client's labels ("6", "5+"): melee attacks need a modified 6,
        +1 from the defender's rear, + a charge's bonus; a ranged attack needs
        its `hit_on`. `target` picks one for actions without their own (a
        whirlwind's victims). None when the action makes no roll at `target`.
        """
        m = self.models.get(getattr(action, "model", None))
        tid = target or getattr(action, "target", None)
        t = self.models.get(tid) if tid else None
        if m is None or t is None or not t.alive:
            return None
        if isinstance(action, MoveAttack):
            return self.melee_needs(Hex(*action.path[0]), t)
        if isinstance(action, UseAbility):
            ab = m.card.ability(action.ability)
            return None if ab is None else ab.effect.needed_roll(self, m, ab, action, t)
        if isinstance(action, Attack):
            return self.melee_needs(m.hex, t)
        return None

    def melee_needs(self, at: Hex, target: Model, bonus: int = 0) -> int:
        """The natural roll a melee attack from `at` on `target` needs now (with a charge's `bonus`)."""
        return natural_needed("melee", MELEE_NEEDS, bonus, self.in_rear(target, at))

    def ranged_needs(self, hit_on: int) -> int:
        """The natural roll a ranged attack that hits on `hit_on` needs."""
        return natural_needed("ranged", hit_on)

    def attack_needs(self, attack: AttackState) -> tuple[int, bool]:
        """The natural d6 roll an attack being resolved needs now, and whether it comes
        from the defender's rear (for the client's die-rolled prompt)."""
        if attack.kind != "melee":
            return to_hit(attack.kind, attack.hit_on)[0], False
        attacker, target = self.models.get(attack.attacker), self.models.get(attack.target)
        rear = bool(attacker and target and attacker.hex is not None and target.hex is not None
                    and self.in_rear(target, attacker.hex))
        return natural_needed("melee", MELEE_NEEDS, attack.bonus, rear), rear

    def score_of(self, player: str) -> int:
        return self.scores[player].vp

    def game_should_end(self) -> bool:
        """Whether the models on the board all belong to one player, or none are left."""
        owners = {m.player for m in self.models.values() if m.alive}
        return len(owners) <= 1

    # --------------------------------------------------- effects (used by kinds)

    def score(self, player: str, amount: int, reason: str) -> None:
        """Give `player` `amount` VP (negative: lose it) for `reason`."""
        s = self.scores[player]
        s.vp += amount
        if reason == "life":
            s.lives_taken += 1
        elif reason == "kill":
            s.kills += 1
        elif reason == "loot":
            s.loot += 1
        elif reason == "last_standing":
            s.last_standing += amount
        else:
            s.abilities += amount
        self.emit(ev.VPScored(player, amount, reason, s.vp))

    def turn(self, model: Model, facing: int | None) -> None:
        if facing is not None and facing != model.facing:
            was = model.facing
            model.facing = facing
            self.emit(ev.Turned(model.id, facing, was))

    def occupy(self, h: Hex, who: str) -> None:
        """`who` (a model or beast) now stands on floor hex `h`."""
        self.occupant[h] = who
        self.occupied |= 1 << self.arena.floor_numbers.number[h]

    def vacate(self, h: Hex) -> None:
        """Nobody stands on `h` any more (if anybody did)."""
        if self.occupant.pop(h, None) is not None:
            self.occupied &= ~(1 << self.arena.floor_numbers.number[h])

    def relocate(self, start: Hex, end: Hex, who: str) -> None:
        """`who` goes from `start` to `end` (which may be `start` again)."""
        del self.occupant[start]
        self.occupant[end] = who
        number = self.arena.floor_numbers.number
        self.occupied = self.occupied & ~(1 << number[start]) | 1 << number[end]

    def walk(self, model: Model, path: Sequence[Hex], how: str = "walk") -> None:
        """Move `model` along `path` (already checked), taking loot on the way."""
        start = model.hex
        end = path[-1]
        model.hex = end
        self.relocate(start, end, model.id)
        self.emit(ev.Moved(model.id, start, tuple(path), how))
        for h in path:
            if h in self.loot:
                self.take_loot(model, h)

    def jump(self, model: Model, to: Hex, how: str = "jump") -> None:
        """Put `model` on `to` without a path (teleport); takes loot there."""
        self.walk(model, (to,), how)

    def place_swap(self, a: Model, b: Model) -> None:
        """Swap two models' hexes (facings stay)."""
        ha, hb = a.hex, b.hex
        a.hex, b.hex = hb, ha
        self.occupy(ha, b.id)  # (both hexes stay occupied)
        self.occupy(hb, a.id)
        self.emit(ev.Moved(a.id, ha, (hb,), "swap"))
        self.emit(ev.Moved(b.id, hb, (ha,), "swap"))

    def take_loot(self, model: Model, h: Hex) -> None:
        self.loot.discard(h)
        self.emit(ev.LootTaken(model.id, h))
        self.score(model.player, LOOT_VP, "loot")
        self._triggers.append(("on_loot", model.id))

    def heal(self, model: Model, lives: int) -> None:
        model.lives = min(MAX_LIVES, model.lives + lives)
        self.emit(ev.Healed(model.id, model.lives))

    def revive(self, model: Model, lives: int) -> None:
        model.alive = True
        model.lives = lives
        self.occupy(model.hex, model.id)
        self.emit(ev.Revived(model.id, model.hex, lives))

    def lose_life(self, model: Model, scorer: str | None, cause: str, by: str | None = None) -> None:
        """`model` loses a life; `scorer` (a player, or None for beasts) scores for it."""
        model.lives -= 1
        self.emit(ev.LifeLost(model.id, model.lives, cause, by))
        if scorer is not None:
            self.score(scorer, LIFE_VP, "life")
        if model.lives <= 0:
            self._die(model, scorer, by)
        elif cause == "attack":
            self._triggers.append(("on_hit", model.id))

    def attack(
        self,
        attacker: str,
        target: str,
        kind: str = "melee",
        *,
        bonus: int = 0,
        hit_on: int = MELEE_NEEDS,
        source: str | None = None,
        turn: bool = True,
    ) -> AttackDeclare:
        """A task that makes this attack (schedule it)."""
        live = self.live
        live.serial += 1
        a = live.attacks[live.serial] = AttackState(attacker, target, kind, bonus, hit_on, source, turn, id=live.serial)
        return AttackDeclare(a)

    def attack_done(self, attack: AttackState) -> None:
        """`attack` is resolved (or fizzled): no window names it any more."""
        self.live.attacks.pop(attack.id, None)
        if attack.roll is not None:
            self.live.rolls.pop(attack.roll.id, None)

    def roll(self, purpose: str, by: str | None = None) -> Roll:
        """Roll a die for `purpose`; the game keeps it (`rolls`) until `roll_done`."""
        value = self.dice.roll()
        self.emit(ev.DieRolled(value, purpose, by, False, self._where(by, purpose)))  # (positional: no keyword packing)
        live = self.live
        live.serial += 1
        r = live.rolls[live.serial] = Roll(value, purpose, by, False, live.serial)
        return r

    def _where(self, who: str | None, purpose: str = "") -> Hex | None:
        """Where model or beast `who` stands (a beast first for its own direction roll)."""
        if purpose == "beast_direction" and who in self.beasts:
            return self.beasts[who].hex
        m = self.models.get(who)
        if m is not None and m.hex is not None:
            return m.hex
        b = self.beasts.get(who)
        return b.hex if b is not None else None

    def roll_done(self, roll: Roll) -> None:
        self.live.rolls.pop(roll.id, None)

    def reroll(self, roll_id: int) -> None:
        """Roll die `roll_id` (a window's `roll.id`) again; the new result stands."""
        roll = self.live.rolls[roll_id]
        roll.first = roll.value
        roll.value = self.dice.roll()
        roll.rerolled = True
        self.live.changes += 1
        self.emit(ev.DieRolled(roll.value, roll.purpose, roll.by, rerolled=True, at=self._where(roll.by, roll.purpose),
                               was=roll.first))

    def dodge(self, attack_id: int) -> None:
        """Attack `attack_id` (a window's `attack.id`) misses, no die rolled."""
        self.live.attacks[attack_id].dodged = True
        self.live.changes += 1

    def add_counter(self, attack_id: int, model_id: str) -> None:
        """`model_id` counterattacks once attack `attack_id` resolves."""
        self.live.attacks[attack_id].counters.append(model_id)
        self.live.changes += 1

    def fresh_window(self, w: Window) -> Window:
        """`w` with its attack and die as they stand now (abilities played in it may have changed them)."""
        a, r = w.attack, w.roll
        if a is None and r is None:
            return w
        live_a = self.live.attacks.get(a.id) if a is not None else None
        live_r = self.live.rolls.get(r.id) if r is not None else None
        return Window(w.name, w.subject, live_a.snapshot() if live_a is not None else a,
                      live_r.snapshot() if live_r is not None else r, w.only_triggered)

    def flush_triggers(self) -> FlushTriggers:
        """A task that opens the windows of the trigger events so far."""
        return FlushTriggers()

    # ------------------------------------------------------------ internals

    def _die(self, model: Model, scorer: str | None, by: str | None) -> None:
        model.alive = False
        model.lives = 0
        self.vacate(model.hex)
        self.emit(ev.Died(model.id, model.hex, by))
        if scorer is not None:
            self.score(scorer, KILL_VP, "kill")
        self._triggers.append(("on_death", model.id))
        if by is not None and by in self.models:
            self._triggers.append(("on_kill", by))
        if self.game_should_end() and not any(self._final_trigger_has_plays(t, mid) for t, mid in self._triggers):
            self._triggers.clear()
            self.end_game()

    def _final_trigger_has_plays(self, timing: str, model_id: str) -> bool:
        """Whether the model a trigger happened to can play an ability of that timing at
        the game's final moment (where only triggered abilities are offered)."""
        m = self.models.get(model_id)
        return m is not None and self._window_has_plays(m.player, Window(timing, subject=model_id, only_triggered=True))

    def end_game(self, reason: str | None = None) -> None:
        """End the game now (last standing / all dead unless `reason` given)."""
        if self.outcome is not None:
            return
        if reason is None:
            owners = sorted({m.player for m in self.models.values() if m.alive})
            if owners:
                reason = "last_standing"
                self.score(owners[0], LAST_STANDING_VP, "last_standing")
            else:
                reason = "all_dead"
        table = sorted(
            ((p, s.vp, s.kills, s.loot) for p, s in self.scores.items()),
            key=lambda row: (-row[1], -row[2], -row[3]),
        )
        best = table[0][1:]
        winners = tuple(p for p, *rest in table if tuple(rest) == best)
        self.outcome = Outcome(reason, winners, tuple(table))
        self._stack.clear()
        self._triggers.clear()
        self.live = Live()
        self.pending = None
        self._asker = None
        self.active = None
        self.emit(ev.GameOver(reason, winners))

    # --- abilities in windows ---

    def _timing_fits(self, model: Model, ability: Ability, w: Window) -> bool:
        t = ability.timing
        if w.only_triggered:  # the game's final moment: only the model's own trigger
            return t == w.name and w.subject == model.id and (model.alive or t == "on_death")
        if t == "any_time":
            return model.alive and w.name != "action"
        if t == "action":
            return w.name == "action" and w.subject == model.id
        if not model.alive and t != "on_death":
            return False
        if t == "action_plus":  # one Action+ per activation (RULES.md §4: "an Action+ ability")
            return w.name == "activation_start" and w.subject == model.id and not self.action_plus_played
        if t == "attack_response":
            return w.name == "attack_declared" and w.subject == model.id
        return t == w.name and w.subject == model.id  # triggered

    def _candidates(self, player: str, w: Window):
        """`player`'s unused abilities whose timing fits window `w`."""
        subject = self.models.get(w.subject) if w.subject is not None else None
        if subject is not None and subject.player == player:
            for ab in subject.card.abilities:
                if ab.timing != "any_time" and ab.name not in subject.used and self._timing_fits(subject, ab, w):
                    yield subject, ab
        if w.only_triggered or w.name == "action":
            return
        for m, ab in self._any_time_abilities():
            if m.player == player and ab.name not in m.used and m.alive and m.hex is not None:
                yield m, ab

    def _window(self, name: str, subject: str | None = None) -> Window:
        """The window `name` about `subject` that carries no attack and no die (a value, so it
        is made once a game: activation_start and _end, a model's action, the trigger windows,
        the bare window of an attack or die that `open_window_on` looks at first)."""
        try:
            return self._memo.windows[subject][name]
        except KeyError:
            w = self._memo.windows.setdefault(subject, {})[name] = Window(name, subject)
            return w

    def _activate(self, model: str) -> Activate:
        """The task that starts `model`'s activation: it holds only the name, so it is made once
        a game per model instead of once a round (an object fewer every activation)."""
        try:
            return self._memo.activations[model]
        except KeyError:
            task = self._memo.activations[model] = Activate(model)
            return task

    def _activation_steps(self, model: str) -> tuple:
        """What follows `model`'s activation-start window: its action, the activation-end
        window, the end. Tasks that hold nothing but names are values, so they are made
        once a game per model instead of three new ones every activation."""
        try:
            return self._memo.steps[model]
        except KeyError:
            steps = self._memo.steps[model] = (
                AskAction(model), OpenWindow(self._window("activation_end", model)), EndActivation(model))
            return steps

    def _action_decision(self, m: Model) -> Decision:
        """The decision of `m`'s action: a value that names only the model and its player, so
        it is made once a game per model, not every activation (a five-field value is
        about 2.5k instructions to make)."""
        try:
            return self._memo.decisions[m.id]
        except KeyError:
            d = self._memo.decisions[m.id] = Decision(m.player, "action", m.id)
            return d

    def _anyone_holds(self, w: Window) -> bool:
        """Whether some model holds an unused ability whose timing fits window `w`: what
        `players_with_plays` looks at before it asks the kinds whether one is playable."""
        subject = self.models.get(w.subject) if w.subject is not None else None
        if subject is not None and len(subject.used) < len(subject.card.abilities):
            timing = _SUBJECT_TIMING.get(w.name, w.name)
            for ab in subject.card.abilities:
                if ab.timing == timing and ab.name not in subject.used and self._timing_fits(subject, ab, w):
                    return True
        if w.only_triggered or w.name == "action":
            return False
        for m, ab in self._memo.any_time or self._any_time_abilities():
            if m.alive and m.hex is not None and ab.name not in m.used:
                return True
        return False

    def _loot_bits(self) -> int:
        """The loot markers' cells as bits (`Arena.floor_numbers`).

        Cached by the number of loot markers: once play starts loot is only
        ever taken, never added, so the count tells the set.
        """
        cache = self._memo.loot
        if cache is None or cache[0] != len(self.loot):
            cache = self._memo.loot = (len(self.loot), self.arena.floor_numbers.bits_of(self.loot))
        return cache[1]

    def _any_time_abilities(self) -> list:
        """Every model's unused any_time abilities (cached until an ability is played)."""
        cache = self._memo.any_time
        if cache is None:
            cache = self._memo.any_time = [
                (m, ab)
                for m in self.models.values()
                for ab in m.card.abilities
                if ab.timing == "any_time" and ab.name not in m.used
            ]
        return cache

    def _window_has_plays(self, player: str, w: Window) -> bool:
        for m, ab in self._candidates(player, w):
            if ab.effect.playable(self, m, ab, w):
                return True
        return False

    def window_uses(self, player: str, w: Window) -> list[UseAbility]:
        """Every legal use of `player`'s abilities in window `w`."""
        out: list[UseAbility] = []
        for m, ab in self._candidates(player, w):
            out.extend(ab.effect.uses(self, m, ab, w))
        return out

    def _by_orders(self, player: str, w: Window) -> tuple[UseAbility | None, bool]:
        """For `player` at window `w`: (a use an order plays now, or None; whether some playable
        ability of theirs is on "ask")."""
        orders = self.orders

        def pick(candidate, order):
            m, ab = candidate
            use = ab.effect.order_use(self, m, ab, w, order)
            if use is not None:
                try:
                    self._check_use(use, w)
                except IllegalAction:
                    return None  # a kind's pick must be legal; an illegal one counts as a pass
                if not ab.effect.has_effect(self, m, ab, use, w):
                    return None  # it would change nothing here: kept for a window where it does
            return use

        return ask_or_play(
            self._candidates(player, w),
            lambda c: orders.get((c[0].id, c[1].name), ASK),
            lambda c: c[1].effect.playable(self, c[0], c[1], w),
            pick,
        )

    def _seat_order_from(self, player: str | None) -> list[str]:
        if player is None or player not in self.players:
            return list(self.players)
        i = self.players.index(player)
        return self.players[i:] + self.players[:i]

    def _play(self, use: UseAbility, w: Window, after: Iterable = (), by_order: bool = False) -> None:
        """Mark an (already checked) ability as used and resolve it."""
        m = self.models[use.model]
        ab = m.card.ability(use.ability)
        m.used.add(ab.name)
        self._memo.any_time = None
        if ab.timing == "action_plus":
            self.action_plus_played = True
        self.emit(ev.AbilityPlayed(m.id, ab.name, ab.kind, use.target, by_order))
        self.schedule(FlushTriggers(), *after)
        ab.effect.resolve(self, m, ab, use, w)

    def _check_use(self, use: UseAbility, w: Window) -> None:
        m = self.models.get(use.model)
        if m is None:
            self.refuse("unknown_model", f"there is no model {use.model!r}")
        ab = m.card.ability(use.ability)
        if ab is None:
            names = ", ".join(a.name for a in m.card.abilities)
            self.refuse("unknown_ability", f"{m.card.name} has no ability {use.ability!r} (it has {names})")
        if ab.name in m.used:
            self.refuse("used", f"{ab.name} has already been played this game")
        if not self._timing_fits(m, ab, w):
            if not m.alive:
                self.refuse("dead", f"{m.id} is dead")
            self.refuse("wrong_timing", f"{ab.name} is played at {ab.timing}, not now ({w.name})")
        if use.facing is not None and use.facing not in range(6):
            self.refuse("bad_facing", f"facing must be 0–5, not {use.facing!r}")
        ab.effect.check(self, m, ab, use, w)

    # --- checks of the action decision ---

    def check_path(self, model: Model, path: Sequence[Hex], max_steps: int, straight: bool = False) -> None:
        """Raise IllegalAction unless `path` is a legal walk of up to `max_steps` hexes."""
        if not straight and 0 < len(path) <= max_steps and self._plain_walk(model, path):
            return  # the common case, accepted at once; anything else is judged step by step below
        if not path:
            self.refuse("empty_path", "a move needs at least one hex")
        if len(path) > max_steps:
            self.refuse("too_far", f"{model.id} may move {max_steps} hexes, not {len(path)}")
        prev = model.hex
        direction = None
        for i, h in enumerate(path):
            if type(h) is not Hex:
                if not isinstance(h, tuple) or len(h) != 2:
                    self.refuse("bad_hex", f"hex {i + 1} of the path, {h!r}, is not a hex [q, r]")
                h = Hex(*h)
            d = prev.direction_to(h)
            if d is None:
                self.refuse("not_adjacent", f"{list(h)} (hex {i + 1} of the path) is not next to {list(prev)}")
            if straight:
                if direction is not None and d != direction:
                    self.refuse("not_straight", f"{list(h)} (hex {i + 1} of the path) leaves the straight line")
                direction = d
            t = self.arena.terrain.get(h, VOID)
            if t == VOID:
                self.refuse("void", f"{list(h)} (hex {i + 1} of the path) is outside the arena")
            if t == BLOCKED:
                self.refuse("blocked", f"{list(h)} (hex {i + 1} of the path) is blocked")
            other = self.occupant.get(h)
            if other is not None and other != model.id:
                self.refuse("occupied", f"{list(h)} (hex {i + 1} of the path) holds {other}")
            prev = h

    def _plain_walk(self, model: Model, path: Sequence[Hex]) -> bool:
        """Whether every step of `path` is a Hex next to the one before, on the floor, with no
        other model or beast in it: a walk `check_path` accepts without looking further."""
        ring = self.arena.floor_ring
        occ = self.occupant
        me = model.id
        prev = model.hex
        for h in path:
            if type(h) is not Hex or h not in ring.get(prev, ()) or occ.get(h, me) != me:
                return False
            prev = h
        return True

    def check_target(self, model: Model, target: str | None, *, adjacent_to: Hex | None = None) -> Model:
        """The target model, or IllegalAction (unknown, dead, friendly, not adjacent)."""
        if target is None:
            self.refuse("no_target", "this needs a target model")
        t = self.models.get(target)
        if t is None:
            if target in self.beasts:
                self.refuse("beast", "beasts can not be attacked or targeted")
            self.refuse("unknown_model", f"there is no model {target!r}")
        if not t.alive or t.hex is None:
            self.refuse("dead", f"{target} is dead")
        if t.player == model.player:
            self.refuse("friendly", f"{target} is {model.player}'s own model")
        if adjacent_to is not None and adjacent_to.distance(t.hex) != 1:
            self.refuse("not_adjacent", f"{target} is not next to {model.id}")
        return t

    @staticmethod
    def _check_facing(facing) -> None:
        if facing is not None and (isinstance(facing, bool) or facing not in range(6)):
            raise IllegalAction("bad_facing", f"facing must be 0–5, not {facing!r}")

    def _action_options(self, m: Model) -> ActionList:
        # The hottest code of the engine (random play and bots list actions for every
        # activation). The moves are counted here, not listed: `ActionList` makes the one
        # asked for (a random player reads one of them) or all of them (a bot reads all).
        mid = m.id
        start = m.hex
        numbers = self.arena.floor_numbers
        s = numbers.number[start]
        occupied = self.occupied
        walks = TwoStepWalks(numbers, s, occupied, self._loot_bits())
        targets: list[str] = []
        strikes: list[tuple[Hex, str]] = []
        near = self._enemies_near(m, numbers.cells_of(occupied & numbers.disc2[s]))
        if near:
            targets = [t.id for t in self.adjacent_enemies(m)]
            # Move and attack: a vacant neighbour that is next to an enemy.
            beside = self.arena.floor_ring  # an enemy stands on the floor
            for n in walks.first_steps():
                cells = beside[n]
                for t in near:
                    if t.hex in cells:
                        strikes.append((n, t.id))
        out: list[Action] = []
        w = None
        for ab in m.card.abilities:
            if ab.timing == "action" and ab.name not in m.used:
                w = w or self._window("action", mid)
                out.extend(ab.effect.uses(self, m, ab, w))
        return ActionList(mid, walks, targets, strikes, out)

    def _enemies_near(self, m: Model, cells: list[Hex]) -> list[Model]:
        """`m`'s enemies standing on `cells` (the occupied cells within two steps of it: the
        only ones an attack, or a step and an attack, can reach), in placement order."""
        occupant, models, player = self.occupant, self.models, m.player
        near = []
        for h in cells:
            t = models.get(occupant[h])  # (None for a beast)
            if t is not None and t.player != player:
                near.append(t)
        if len(near) > 1:
            placed = list(models)
            near.sort(key=lambda t: placed.index(t.id))
        return near

    # ------------------------------------------------------------ snapshots

    def snapshot(self) -> dict:
        """Everything that makes this state what it is, as comparable plain data."""
        return {
            "round": self.round,
            "active": self.active,
            "action_plus_played": self.action_plus_played,
            "pending": repr(self.pending),
            "models": {
                m.id: (m.player, tuple(m.hex) if m.hex else None, m.facing, m.lives, m.alive, tuple(sorted(m.used)))
                for m in self.models.values()
            },
            "beasts": {b.id: tuple(b.hex) for b in self.beasts.values()},
            "loot": sorted(self.loot),
            "blocked": sorted(self.arena.blocked),
            "scores": {p: (s.vp, s.lives_taken, s.kills, s.loot, s.last_standing, s.abilities) for p, s in self.scores.items()},
            "outcome": self.outcome,
            "stack": repr(self._stack),
            "triggers": list(self._triggers),
            "dice": self.dice.state(),
            "orders": sorted(self.orders.items()),
        }


_UNDOABLE = frozenset({Place, Move, Hold, PushBack})
_UNDO_BLOCKERS = frozenset({ev.DieRolled, ev.AbilityPlayed, ev.LootPlaced, ev.BeastPlaced})
"""Events after which an answer can not be taken back: they revealed dice or an ability."""


class TwoStepWalks:
    """An activation's moves (walks of up to two hexes, one per distinct outcome: where the
    model ends and which loot it takes), counted without being listed.

    In order: one step to each vacant floor neighbour (direction order); then, for each of
    them in turn, the second steps. From a neighbour with no loot on it, a step to each
    vacant cell two steps out not reached by an earlier such neighbour (the same end, the
    same loot). From a neighbour with loot on it, a step to each of its vacant floor
    neighbours and back to the start (each ends having taken that loot: a new outcome).

    The cells are `Arena.floor_numbers` numbers and the occupied cells the bits of
    `Game.occupied`, so the count is a few ``&`` and ``|`` and ``bit_count``s; the `Hex`
    paths are made only for the walks that are read (`path`, `paths`). The order and the
    outcomes are those of `Game.move_outcomes` (a breadth-first search over Hexes, tested
    equal)."""

    __slots__ = ("numbers", "ways", "one", "count", "free", "back")

    def __init__(self, numbers, start: int, occupied: int, loot: int):
        self.numbers = numbers
        self.free = free = ~occupied
        self.back = back = free | 1 << start  # (the start is vacant once the model has left it)
        ways = []  # each vacant neighbour: (its number, whether loot lies on it, the far cells through it: bits, numbers)
        reached = 0
        looted = 0
        for n, bit, further, further_numbers in numbers.reach[start]:
            if free & bit:
                on_loot = bool(loot & bit)
                ways.append((n, on_loot, further, further_numbers))
                if on_loot:
                    looted += (numbers.ring[n] & back).bit_count()
                else:
                    reached |= further
        self.ways = ways
        self.one = len(ways)
        self.count = self.one + looted + (reached & free).bit_count()

    def __len__(self) -> int:
        return self.count

    def first_steps(self) -> list[Hex]:
        """The vacant floor neighbours, in direction order."""
        cells = self.numbers.cells
        return [cells[way[0]] for way in self.ways]

    def _second_steps(self):
        """For each way in order: (its first step's number, the bits of its second steps, the
        numbers to read them in, in direction order)."""
        numbers = self.numbers
        left = self.free  # far cells that no way without loot has reached yet
        for n, on_loot, further, further_numbers in self.ways:
            if on_loot:
                yield n, numbers.ring[n] & self.back, numbers.around[n]
            else:
                new = further & left
                left &= ~new
                yield n, new, further_numbers

    def path(self, i: int) -> tuple[Hex, ...]:
        """The `i`-th walk (0 <= i < len)."""
        cells = self.numbers.cells
        if i < self.one:
            return (cells[self.ways[i][0]],)
        i -= self.one
        for n, steps, order in self._second_steps():
            count = steps.bit_count()
            if i < count:
                for f in order:
                    if steps >> f & 1:
                        if i == 0:
                            return (cells[n], cells[f])
                        i -= 1
            i -= count
        raise IndexError("walk index out of range")

    def paths(self) -> list[tuple[Hex, ...]]:
        """Every walk, in order."""
        cells = self.numbers.cells
        out = [(cells[way[0]],) for way in self.ways]
        for n, steps, order in self._second_steps():
            if steps:
                first = cells[n]
                out.extend((first, cells[f]) for f in order if steps >> f & 1)
        return out


class ActionList(Sequence):
    """The legal actions of an activation: the moves, the attacks and the moves and
    attacks (in that order, made on demand from their paths and targets, since most
    callers pick one of many), then every other action, then Hold.

    The moves are only counted (`walks`, a `TwoStepWalks`): reading the i-th action makes
    that one action; iterating makes them all (and lists the paths once)."""

    __slots__ = ("model", "walks", "_paths", "targets", "strikes", "rest")

    def __init__(self, model: str, walks: TwoStepWalks, targets: list, strikes: list, rest: list):
        self.model = model
        self.walks = walks
        """The moves, counted."""
        self._paths: list | None = None
        self.targets = targets
        """Each Attack's target."""
        self.strikes = strikes
        """Each MoveAttack's (hex moved to, target)."""
        self.rest = rest
        """The actions after the moves and attacks, but for the last, Hold."""

    @property
    def paths(self) -> list:
        """Each Move's path."""
        if self._paths is None:
            self._paths = self.walks.paths()
        return self._paths

    def _moves(self) -> int:
        return self.walks.count

    def __len__(self) -> int:
        return self._moves() + len(self.targets) + len(self.strikes) + len(self.rest) + 1

    def __getitem__(self, i):
        if isinstance(i, slice):
            return list(self)[i]
        if i < 0:
            i += len(self)
            if i < 0:
                raise IndexError("action index out of range")
        n = self._moves()
        if i < n:
            return Move(self.model, self.walks.path(i))
        i -= n
        n = len(self.targets)
        if i < n:
            return Attack(self.model, self.targets[i])
        i -= n
        n = len(self.strikes)
        if i < n:
            to, target = self.strikes[i]
            return MoveAttack(self.model, (to,), target)
        i -= n
        n = len(self.rest)
        if i < n:
            return self.rest[i]
        if i == n:
            return Hold(self.model)
        raise IndexError("action index out of range")

    def __iter__(self):
        model = self.model
        for path in self.paths:
            yield Move(model, path)
        for target in self.targets:
            yield Attack(model, target)
        for to, target in self.strikes:
            yield MoveAttack(model, (to,), target)
        yield from self.rest
        yield Hold(model)

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and list(self) == list(other)

    def __repr__(self) -> str:
        return repr(list(self))


class Placements(Sequence):
    """A placement decision's options: a `Place` on each legal hex, in order, each made as
    it is read. Placing a model offers every vacant floor hex of an arena without spawn
    hexes (61 on the 4-player hexagon, 127 on the 10-player one), and a random player or
    the machine's check reads one: making them all cost more than the rest of a
    placement. A value: equal to (and hashed as) the tuple of the same Places."""

    __slots__ = ("model", "hexes")

    def __init__(self, model: str, hexes: Sequence[Hex]):
        self.model = model
        self.hexes: tuple[Hex, ...] = tuple(hexes)
        """The hexes, in the order the Places are offered."""

    def __len__(self) -> int:
        return len(self.hexes)

    def __getitem__(self, i):
        if isinstance(i, slice):
            return tuple(self)[i]
        return Place(self.model, self.hexes[i])

    def __iter__(self):
        model = self.model
        for h in self.hexes:
            yield Place(model, h)

    def __eq__(self, other) -> bool:
        return isinstance(other, Sequence) and tuple(self) == tuple(other)

    def __hash__(self) -> int:
        return hash(tuple(self))

    def __repr__(self) -> str:
        return repr(tuple(self))


# =========================================================================
# Tasks: the steps of the flow. Each `run(game)` may emit events, schedule
# more tasks, or set the pending decision (then its `check` and `answer` take
# the reply).
# =========================================================================


@dataclass
class StartRound:
    def run(self, g: Game) -> None:
        g.round += 1
        g.emit(ev.RoundStarted(g.round))
        g.schedule(*[g._activate(mid) for mid in g.order], EndRound())


@dataclass(frozen=True)
class Activate:
    model: str

    def run(self, g: Game) -> None:
        m = g.models[self.model]
        if not m.alive:
            return  # dead models are skipped (RULES.md §3)
        g.active = m.id
        g.action_plus_played = False
        g.emit(ev.ActivationStarted(m.id, g.round))
        g.schedule(*g._activation_steps(m.id))
        open_window(g, g._window("activation_start", m.id))  # nothing happens between here and the window


@dataclass(frozen=True)
class AskAction:
    model: str

    def run(self, g: Game) -> None:
        m = g.models[self.model]
        if not m.alive:
            return
        g._ask(self, g._action_decision(m))

    def check(self, g: Game, d: Decision, a: Action) -> None:
        if isinstance(a, (Pass, PushBack, Place)):
            raise IllegalAction("wrong_decision", f"{d.player} must choose {d.model}'s action now")
        if a.model != d.model:
            raise IllegalAction("not_your_turn", f"it is {d.model}'s activation, not {a.model}'s")
        m = g.models[d.model]
        if isinstance(a, Move):
            g.check_path(m, a.path, MOVE_HEXES)
            g._check_facing(a.facing)
        elif isinstance(a, Attack):
            g.check_target(m, a.target, adjacent_to=m.hex)
        elif isinstance(a, MoveAttack):
            if len(a.path) > 1:
                g.refuse("too_far", "move and attack moves exactly 1 hex")
            g.check_path(m, a.path, 1)
            g.check_target(m, a.target, adjacent_to=Hex(*a.path[0]))
        elif isinstance(a, Hold):
            g._check_facing(a.facing)
        elif isinstance(a, UseAbility):
            ab = m.card.ability(a.ability)
            if ab is not None and ab.timing != "action" and ab.name not in m.used:
                g.refuse("wrong_timing", f"{ab.name} is played at {ab.timing}, not as the action")
            g._check_use(a, g._window("action", m.id))
        else:
            raise IllegalAction("wrong_decision", f"{a!r} is not an action")

    def answer(self, g: Game, d: Decision, a: Action) -> None:
        m = g.models[d.model]
        if isinstance(a, Move):
            g.walk(m, as_hexes(a.path))
            g.turn(m, a.facing)
            if g._triggers:
                g.schedule(FlushTriggers())
        elif isinstance(a, Attack):
            g.schedule(g.attack(m.id, a.target))
        elif isinstance(a, MoveAttack):
            g.walk(m, (Hex(*a.path[0]),))
            g.schedule(FlushTriggers(), g.attack(m.id, a.target))
        elif isinstance(a, Hold):
            g.turn(m, a.facing)
            g.emit(ev.Held(m.id))
        elif isinstance(a, UseAbility):
            g._play(a, g._window("action", m.id))


@dataclass(frozen=True)
class EndActivation:
    model: str

    def run(self, g: Game) -> None:
        g.emit(ev.ActivationEnded(self.model))
        g.active = None


@dataclass
class EndRound:
    def run(self, g: Game) -> None:
        g.active = None
        g.schedule(*[BeastTurn(b) for b in g.beasts], FinishRound())


@dataclass
class FinishRound:
    def run(self, g: Game) -> None:
        g.emit(ev.RoundEnded(g.round))
        limit = g.options.round_limit
        if limit is not None and g.round >= limit:
            g.end_game("round_limit")
        else:
            g.schedule(StartRound())


@dataclass(frozen=True)
class OpenWindow:
    """Ask each player who holds a playable ability, in turn."""

    window: Window

    def run(self, g: Game) -> None:
        open_window(g, self.window)


def as_hexes(path: Sequence) -> tuple[Hex, ...] | Sequence[Hex]:
    """`path` itself if it is all Hexes (as listed actions are), else its cells as Hexes
    (an action read from JSON or typed in a scenario: [q, r] lists)."""
    for h in path:
        if type(h) is not Hex:
            return tuple(Hex(*h) for h in path)
    return path


def open_window(g: Game, w: Window) -> None:
    """Open window `w` now: ask each player who holds a playable ability in it, in seat order
    from the active player's (the task `OpenWindow` does this later)."""
    players = g.players_with_plays(w)
    if not players:
        return
    active = g.models[g.active].player if g.active else None
    queue = [p for p in g._seat_order_from(active) if p in players]
    if queue:
        g.schedule(AskWindow(w, queue, g.live.changes))


def open_window_on(g: Game, bare: Window, attack: AttackState | None = None, roll: Roll | None = None) -> None:
    """Open a window about the attack or die being resolved (attack_declared, die_rolled) now.

    `bare` names the window and its subject; `attack` is the live attack it is about (with
    its die, once rolled), or `roll` a die of no attack (a beast's direction). The window
    carries frozen snapshots of them as they stand now, made only if some model holds an
    ability whose timing fits: most of these windows have none, and a snapshot is the
    dearest value the engine makes."""
    if not g._anyone_holds(bare):
        return
    a = attack.snapshot() if attack is not None else None
    r = a.roll if a is not None else roll.snapshot()
    open_window(g, Window(bare.name, bare.subject, a, r))


@dataclass
class AskWindow:
    window: Window
    queue: list[str] = field(default_factory=list)
    seen: int = -1
    """`Game.live.changes` when the window was last made fresh (the rest of the window after an
    answer keeps it: only an ability that changed a live attack or die makes it stale)."""

    def run(self, g: Game) -> None:
        if self.seen != g.live.changes:  # something was played in it: a reroll's new value, a dodge
            self.window = g.fresh_window(self.window)
            self.seen = g.live.changes
        while self.queue:
            player = self.queue[0]
            if g.orders:
                use, asks = g._by_orders(player, self.window)
                if use is not None:  # played by a standing order; then this player is looked at again
                    g._play(use, self.window, after=(AskWindow(self.window, list(self.queue), self.seen),), by_order=True)
                    return
                if not asks:
                    self.queue.pop(0)
                    continue
            uses = g.window_uses(player, self.window)
            if uses:
                g._ask(self, Decision(player, "window", self.window.subject, self.window, tuple(uses) + (Pass(player),)))
                return
            self.queue.pop(0)

    def check(self, g: Game, d: Decision, a: Action) -> None:
        if isinstance(a, Pass):
            if a.player != d.player:
                raise IllegalAction("not_your_turn", f"{d.player} is being asked, not {a.player}")
            return
        if not isinstance(a, UseAbility):
            raise IllegalAction(
                "wrong_decision", f"{d.player} must play an ability or pass at the {self.window.name} window"
            )
        m = g.models.get(a.model)
        if m is None or m.player != d.player:
            raise IllegalAction("not_your_turn", f"{d.player} is being asked, and {a.model} is not theirs")
        g._check_use(a, self.window)

    def answer(self, g: Game, d: Decision, a: Action) -> None:
        rest = AskWindow(self.window, list(self.queue), self.seen)
        if isinstance(a, Pass):
            rest.queue.pop(0)
            g.schedule(rest)
        else:
            g._play(a, self.window, after=(rest,))


@dataclass
class FlushTriggers:
    """Open the windows of the trigger events that happened so far, in order."""

    def run(self, g: Game) -> None:
        triggers, g._triggers = g._triggers, []
        if not triggers:
            return
        if g.game_should_end():
            deaths = [OpenWindow(Window("on_death", subject=mid, only_triggered=True)) for t, mid in triggers if t == "on_death"]
            later = [(t, mid) for t, mid in triggers if t != "on_death"]
            g.schedule(*deaths, CheckGameEnd(later))
        else:
            g.schedule(*[OpenWindow(g._window(t, mid)) for t, mid in triggers])


@dataclass
class CheckGameEnd:
    """After a final moment's on_death windows: if the game is still over, the moment's other
    triggers (only those, to their own models), then the end; if a revive undid it, the
    other triggers as in any moment."""

    later: list = field(default_factory=list)

    def run(self, g: Game) -> None:
        if g.game_should_end():
            g.schedule(*[OpenWindow(Window(t, subject=mid, only_triggered=True)) for t, mid in self.later], EndGame())
        else:  # a revive undid the end: the other triggers still happen
            g.schedule(*[OpenWindow(g._window(t, mid)) for t, mid in self.later])


@dataclass
class EndGame:
    """End the game now, if it is over (its final moment's triggers have been offered)."""

    def run(self, g: Game) -> None:
        if g.game_should_end():
            g.end_game()


# --- attacks ------------------------------------------------------------------


@dataclass
class AttackDeclare:
    attack: AttackState

    def run(self, g: Game) -> None:
        a = self.attack
        target = g.models.get(a.target)
        attacker = g.models.get(a.attacker)
        at = g.beasts[a.attacker].hex if a.kind == "beast" else (attacker.hex if attacker else None)
        if target is None or not target.alive or (attacker is not None and not attacker.alive) or at is None:
            g.attack_done(a)
            return  # the attack fizzles: someone is gone
        if a.kind in ("melee", "beast") and at.distance(target.hex) != 1:
            g.attack_done(a)
            return
        if a.kind == "melee" and a.turn:
            g.turn(attacker, at.direction_to(target.hex))
        g.emit(ev.AttackDeclared(a.attacker, a.target, a.kind, a.source, at, target.hex))
        g.schedule(AttackRoll(a))
        open_window_on(g, g._window("attack_declared", a.target), a)  # (asked before the roll: above it on the stack)


@dataclass
class AttackRoll:
    attack: AttackState

    def run(self, g: Game) -> None:
        a = self.attack
        target = g.models[a.target]
        if not target.alive:
            g.attack_done(a)
            return
        if a.dodged:
            g.emit(ev.Missed(a.attacker, a.target, None, 0, self._needed(), dodged=True))
            g.schedule(FlushTriggers(), AttackAfter(a))
            return
        a.roll = g.roll("beast_attack" if a.kind == "beast" else "attack", a.attacker)
        g.schedule(AttackResolve(a))
        open_window_on(g, g._window("die_rolled", a.target), a)

    def _needed(self) -> int:
        a = self.attack
        return to_hit(a.kind, a.hit_on, a.bonus)[0]


@dataclass
class AttackResolve:
    attack: AttackState

    def run(self, g: Game) -> None:
        a = self.attack
        target = g.models[a.target]
        if not target.alive:
            g.attack_done(a)
            return
        value = a.roll.value
        rear = a.kind == "melee" and g.in_rear(target, g.models[a.attacker].hex)
        needed, modifier = to_hit(a.kind, a.hit_on, a.bonus, rear)
        a.hit = value + modifier >= needed
        if not a.hit:
            g.emit(ev.Missed(a.attacker, a.target, value, modifier, needed, False, rear, a.roll.first))
            g.schedule(FlushTriggers(), AttackAfter(a))
            return
        g.emit(ev.Hit(a.attacker, a.target, value, modifier, needed, rear, a.roll.first))
        attacker = g.models.get(a.attacker)
        scorer = attacker.player if attacker else None  # beasts score for nobody
        by = attacker.id if attacker else a.attacker
        g.lose_life(target, scorer, "attack", by)
        if target.alive:
            g.schedule(PushBackTask(target.id, scorer, by), FlushTriggers(), AttackAfter(a))
        else:
            g.schedule(FlushTriggers(), AttackAfter(a))


@dataclass
class AttackAfter:
    """After an attack resolves: counterattacks."""

    attack: AttackState

    def run(self, g: Game) -> None:
        a = self.attack
        g.attack_done(a)
        attacker = g.models.get(a.attacker)
        tasks = []
        for cid in a.counters:
            c = g.models[cid]
            if attacker is not None and c.alive and attacker.alive and c.hex.distance(attacker.hex) == 1:
                tasks.append(g.attack(cid, attacker.id, source="counterattack"))
        g.schedule(*tasks)


@dataclass
class PushBackTask:
    model: str
    scorer: str | None
    by: str | None

    def options(self, g: Game) -> list[Hex]:
        m = g.models[self.model]
        out = []
        for side in (2, 4):  # rear-left, rear-right
            h = m.hex.neighbor(m.facing + side)
            if g.is_vacant(h):
                out.append(h)
        return out

    def run(self, g: Game) -> None:
        m = g.models[self.model]
        if not m.alive:
            return
        hexes = self.options(g)
        if len(hexes) == 2 and g.orders.get((m.id, orders_.PUSH_BACK)) == "safer":
            self.push(g, m, orders_.safer_hex(g, m, hexes))  # its owner's standing order picks
        elif len(hexes) == 2:
            g._ask(self, Decision(m.player, "push_back", m.id, None, tuple(PushBack(m.id, h) for h in hexes)))
        elif len(hexes) == 1:
            self.push(g, m, hexes[0])
        else:
            g.emit(ev.PushBackBlocked(m.id))
            g.lose_life(m, self.scorer, "push_back_blocked", self.by)

    def push(self, g: Game, m: Model, to: Hex) -> None:
        start = m.hex
        m.hex = to
        g.relocate(start, to, m.id)
        g.emit(ev.PushedBack(m.id, start, to))
        if to in g.loot:
            g.take_loot(m, to)

    def check(self, g: Game, d: Decision, a: Action) -> None:
        if not isinstance(a, PushBack):
            raise IllegalAction("wrong_decision", f"{d.player} must first choose where {d.model} is pushed back")
        if a.model != d.model:
            raise IllegalAction("not_your_turn", f"{d.model} is being pushed back, not {a.model}")
        if not isinstance(a.to, tuple) or Hex(*a.to) not in [o.to for o in d.options]:
            raise IllegalAction(
                "not_behind", f"{d.model} can be pushed to {' or '.join(str(list(o.to)) for o in d.options)} only"
            )

    def answer(self, g: Game, d: Decision, a: Action) -> None:
        self.push(g, g.models[d.model], Hex(*a.to))


# --- beasts -------------------------------------------------------------------


@dataclass
class BeastTurn:
    beast: str

    def run(self, g: Game) -> None:
        roll = g.roll("beast_direction", self.beast)
        g.schedule(BeastStep(self.beast, roll))
        open_window_on(g, g._window("die_rolled"), roll=roll)


@dataclass
class BeastStep:
    beast: str
    roll: Roll

    def run(self, g: Game) -> None:
        b = g.beasts[self.beast]
        g.roll_done(self.roll)
        direction = self.roll.value - 1
        to = b.hex.neighbor(direction)
        if not g.is_vacant(to):
            g.emit(ev.BeastStayed(b.id, direction))
            return
        start = b.hex
        b.hex = to
        g.relocate(start, to, b.id)
        g.emit(ev.BeastMoved(b.id, start, to, direction))
        victims = []
        for n in g.arena.floor_ring[to]:  # models stand only on the floor
            mid = g.occupant.get(n)
            if mid in g.models:
                victims.append(g.attack(b.id, mid, "beast", hit_on=BEAST_HITS_ON))
        g.schedule(*victims)


# --- setup --------------------------------------------------------------------


@dataclass
class AskPlace:
    model: str

    def legal_hexes(self, g: Game) -> list[Hex]:
        spawn = [h for h in g.arena.spawn if g.is_vacant(h)]
        if spawn:
            return spawn
        return [h for h in g.arena.floor_numbers.cells if h not in g.occupant]  # (the floor, sorted)

    def run(self, g: Game) -> None:
        m = g.models[self.model]
        g._ask(self, Decision(m.player, "place", m.id, None, Placements(m.id, self.legal_hexes(g))))

    def check(self, g: Game, d: Decision, a: Action) -> None:
        if not isinstance(a, Place):
            raise IllegalAction("wrong_decision", f"{d.player} must place {d.model} now")
        if a.model != d.model:
            raise IllegalAction("not_your_turn", f"{d.model} is being placed now, not {a.model}")
        g._check_facing(a.facing)
        to = Hex(*a.to)
        if to not in d.options.hexes:
            t = g.arena.terrain_at(to)
            if t != "floor":
                raise IllegalAction(t, f"{list(to)} is {t}")
            if to in g.occupant:
                raise IllegalAction("occupied", f"{list(to)} holds {g.occupant[to]}")
            raise IllegalAction("not_spawn", f"{list(to)} is not a spawn hex of this arena")

    def answer(self, g: Game, d: Decision, a: Action) -> None:
        m = g.models[d.model]
        m.hex = Hex(*a.to)
        m.facing = a.facing or 0
        g.occupy(m.hex, m.id)
        g.emit(ev.Placed(m.id, m.hex, m.facing))


@dataclass
class PlaceLootAndBeasts:
    def run(self, g: Game) -> None:
        count = len(g.players) - 1
        for h in _pick_hexes(g, count, g.arena.loot, avoid_loot=True):
            g.loot.add(h)
            g.emit(ev.LootPlaced(h))
        if g.options.beasts:
            for i, h in enumerate(_pick_hexes(g, 2, g.arena.beasts, avoid_loot=False)):
                b = Beast(f"beast-{i + 1}", h, ("lion", "bear")[i % 2])
                g.beasts[b.id] = b
                g.occupy(h, b.id)
                g.emit(ev.BeastPlaced(b.id, h))


def _pick_hexes(g: Game, count: int, marked: Sequence[Hex], avoid_loot: bool) -> list[Hex]:
    """`count` random vacant hexes, the arena's marked ones first."""
    picked: list[Hex] = []

    def ok(h):
        return g.is_vacant(h) and h not in picked and not (avoid_loot and h in g.loot)

    for pool in (sorted(h for h in marked if ok(h)), None):
        while len(picked) < count:
            if pool is None:
                pool = [h for h in g.arena.floor_numbers.cells if ok(h)]  # (the floor, sorted)
            pool = [h for h in pool if h not in picked]  # (only the picks change while picking)
            if not pool:
                break
            picked.append(g.dice.choice(pool))
    return picked
