"""Gladiator!'s rules (docs/rules/GLADIATOR.md) on the core's machine: `Game(Machine)` and its
tasks. Every rule is decided here; the screens read `game.state`, ask `side_of` (which side of a
man looks in a direction), `game.sides(a, b)`, `game.reachable(man, "advance" | "retreat")` and
`game.legal_actions()`, and animate the events `apply` returns.

The flow, one task each: a game turn's start and its initiative (head wounds, −2 against a lion in
the first turn, ties re-roll), the winner's choice, each half (posture, the AP die, the orders
until he ends it or has 0 AP), the exchange of an Attack (card windows, the four dice, damage both
ways, the location dice, the special rolls, the end of the bout and the crowd's thumbs). Every die
is followed by its re-roll window when the man may still call on the gods this game turn (§9) or
holds a gods_favour card.

Rulings this module makes where the text leaves a choice (each also said where it is coded):

- Sides at distance 2 (trident, net): read along the line, as if adjacent in that direction.
- AP left when a half ends is lost (only the AP spent on getting loose carries over, §5).
- A lion's Advance costs ⌈n/2⌉ AP for the n hexes of that one order (two orders of 1 hex cost 1
  each); its Retreat 1 AP a hex.
- A fallen man shows his Back to the enemy whatever his facing, until he stands up (he falls
  facing away, and keeps that facing when he stands).
- At a trident's distance of 2 only the attacker rolls an attack die, even if the defender also
  holds a trident ("the other only defends").
- The trident's −1 when adjacent is on the trident man's attack die in any adjacent exchange,
  attacking or defending (it is the weapon's, not the order's).
- "Over an empty hex": the hex between is floor with nobody on it.
- A netted man may also Stand up if fallen, and play the slip_free and second_wind cards; a
  fallen man may also Get loose if netted.
- Turning to the facing he already has is refused (`same_facing`): it would spend AP for nothing.
- After a re-roll the new result stands: no second window on the same die.
- The crowd's thumbs are rolled in the order of the location dice (defender, then attacker).
- Special rolls need the die rolled: a man who rolled no attack die has no 6-6, 1-1, 2-2 or 5-5
  (and no 1 against 6); a man out of the fight (down or dead) neither falls nor drops.
- Every bout ends: at the start of a game turn a bout is called off, a draw (`Outcome("called_off",
  ())`, both men walking out as they stand), when neither man can act again (`can_act_again`: his
  best AP roll is 0, so he can never give an order, and nothing else can change that), or when
  `TURN_LIMIT` game turns have been fought (`StartTurn`, `called_off_why`).
"""

from __future__ import annotations

import copy

from ...abilities.gladiator import get_kind
from ...board import Hex
from ...board.hex import DIRECTIONS, line_between
from ...core.dice import SeededDice
from ...core.machine import Machine
from . import events as ev
from .actions import (CARD, CHOOSE, ORDER, POSTURE, REROLL, Advance, Attack, Choose, Decision, End, GetLoose, Pass,
                      PickUp, PlayCard, Posture, Recover, Reroll, Retreat, RollInfo, SetGods, StandUp, ThrowNet, Turn)
from .model import (ARMOUR_MOD, CARD_KINDS, POSTURE_MOD, SHIELD_MOD, DEAD_AT, DOWN_AT, LOCATION_OF_DIE, LOCATIONS, POSTURES,
                    THUMBS_UP_ON)
from .mods import mods_of, no_attack_reason
from .state import LOOSE_AP, Man, State

ORDER_TYPES = (Advance, Retreat, Turn, Attack, ThrowNet, GetLoose, PickUp, StandUp, Recover, End, PlayCard)
BOUND_OK = (GetLoose, StandUp, End, PlayCard)
"""What a netted or fallen man may still do (each with its own condition)."""
BOUND_CARDS = ("slip_free", "second_wind")
"""The order cards a netted or fallen man may play."""
LION_PENALTY = 2
"""Initiative −2 in the first game turn of a bout against a lion (§4)."""
TURN_LIMIT = 40
"""A bout still going after this many game turns is called off: a draw (docs/RULINGS.md), for the
table, careers, the lab, bots and the CLI alike."""
CALLED_OFF = "called_off"
"""The `Outcome.reason` of a bout called off (a draw: no winners)."""


def can_act_again(m: Man) -> bool:
    """Whether `m` may ever have an AP to spend again: he is in the fight and his best AP roll (a 6
    in the attack posture, with his armour, his shield as he fights now and his bonus AP) is more
    than his leg wounds. A man who cannot is asked no order, so he can neither Recover, pick his
    shield up nor play a card that would change it; and while neither man can, nothing changes."""
    if m.out:
        return False
    best = (6 + ARMOUR_MOD[m.armour][2] + SHIELD_MOD[m.shield][2] + max(p[2] for p in POSTURE_MOD.values())
            + m.gladiator.bonus_ap)
    return best - m.wounds["leg"] > 0


def called_off_why(state: State) -> str | None:
    """Why a bout standing at the start of its next game turn is called off: "no_one_can_act"
    (neither man can act again), "turn_limit" (`TURN_LIMIT` game turns fought), or None (it goes on)."""
    if not any(can_act_again(m) for m in state.men.values()):
        return "no_one_can_act"
    if state.turn >= TURN_LIMIT:
        return "turn_limit"
    return None


def side_of(man: Man, direction: int) -> str:
    """Which side of `man` looks in `direction` (§1): face, shield, weapon or back. Two Weapon sides
    (no Shield side) without a shield or with two weapons; a fallen man shows his Back to all."""
    if man.fallen:
        return "back"
    k = (direction - man.facing) % 6
    if k == 0:
        return "face"
    if k == 3:
        return "back"
    if k in (1, 2):
        return "weapon" if (man.shield == "none" or man.kit.weapon == "two_swords") else "shield"
    return "weapon"


def line_direction(a: Hex, b: Hex) -> int | None:
    """The direction of the straight line from `a` to `b` (one of the six), or None if off them."""
    n = a.distance(b)
    if n == 0:
        return None
    for d, (dq, dr) in enumerate(DIRECTIONS):
        if (a.q + n * dq, a.r + n * dr) == tuple(b):
            return d
    return None


def rearward(facing: int) -> tuple[int, int, int]:
    return ((facing + 2) % 6, (facing + 3) % 6, (facing + 4) % 6)


class Exchange:
    """The exchange being resolved: who, and what cards added."""

    def __init__(self, attacker: str, defender: str, frenzied: bool, distance: int, direction: int):
        self.attacker, self.defender = attacker, defender
        self.frenzied, self.distance, self.direction = frenzied, distance, direction
        self.bonus: dict = {}
        """man -> {attack, defence, foe_defence, damage} from cards."""
        self.killed: set = set()


class Game(Machine):
    """A bout of Gladiator!: `state` (the data) and the task stack (the flow).

    Made by `setup.new_game(setup)` or by the scenario runner (a position at the start of a game
    turn). `dice`: the seeded (or forced) d6s.
    """

    ruleset_id = "gladiator"

    def __init__(self, state: State, dice=None, *, setup=None):
        super().__init__()
        self.state = state
        self.setup = setup
        self.dice = dice if dice is not None else SeededDice(getattr(setup, "seed", 0))
        self.rolls: dict = {}
        """(purpose, man) -> the die as it stands (the live values the tasks read)."""
        self.exchange: Exchange | None = None
        self.wound: list | None = None
        """The wound about to land: [man, location, damage, negated]."""
        self.special: list | None = None
        """The fall or drop about to happen: [man, kind, cancelled]."""
        self.thumbs: dict = {}
        """man -> card bonus on his thumbs roll."""
        self.rerolling: str | None = None
        """The purpose of the die whose re-roll window is open."""
        self.gods_orders: dict = {}
        """player -> the standing order for calling on the gods they set during the bout (`SetGods`)."""
        self.schedule(StartTurn())

    def copy(self) -> Game:
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.state = self.state.copy()
        new.history = list(self.history)
        new.rolls = dict(self.rolls)
        new.thumbs = dict(self.thumbs)
        new.gods_orders = dict(self.gods_orders)
        new._events = []
        new._stack, new._asker, new.exchange, new.wound, new.special = copy.deepcopy(
            (self._stack, self._asker, self.exchange, self.wound, self.special))
        new.dice = copy_dice(self.dice)
        return new

    # ------------------------------------------------------------ questions

    def gods_order(self, player: str) -> str:
        """`player`'s standing order for calling on the gods (`GODS_ORDERS`): the last `SetGods` of
        theirs, else the setup's, else "ask"."""
        if player in self.gods_orders:
            return self.gods_orders[player]
        return dict(getattr(self.setup, "gods", None) or ()).get(player, "ask")

    side_answers = frozenset({SetGods})
    """A `SetGods` changes a seat's standing order for calling on the gods; the pending decision stays."""

    def side_answer(self, action: SetGods) -> list:
        if action.player not in self.state.players:
            self.refuse("no_seat", f"{action.player!r} is not a seat of this bout")
        if action.order not in GODS_ORDERS:
            self.refuse("bad_order", f"a standing order for the gods is one of {', '.join(GODS_ORDERS)}, "
                        f"not {action.order!r}")
        self.gods_orders[action.player] = action.order
        return [ev.GodsOrderSet(action.player, action.order)]

    def man(self, man_id: str) -> Man:
        return self.state.men[man_id]

    def in_contact(self, man_id: str) -> bool:
        m = self.man(man_id)
        return self.state.in_contact(m, self.state.other(m.id))

    def sides(self, a: Man, b: Man) -> tuple[str, str, int] | None:
        """(a's side toward b, b's side toward a, the direction a→b) when adjacent or on a line at 2
        (read along the line, as if adjacent: our ruling); None otherwise."""
        d = a.at.direction_to(b.at) if a.at.distance(b.at) == 1 else line_direction(a.at, b.at)
        if d is None:
            return None
        return side_of(a, d), side_of(b, (d + 3) % 6), d

    def clear_between(self, a: Hex, b: Hex) -> bool:
        """At distance 2 on a line: the hex between is floor, nobody on it ("over an empty hex")."""
        d = line_direction(a, b)
        if d is None or a.distance(b) != 2:
            return False
        mid = a.neighbor(d)
        return mid in self.state.arena.floor and self.state.occupant(mid) is None

    def legal_actions(self) -> list:
        d = self.pending
        if d is None:
            return []
        s = self.state
        if d.kind == CHOOSE:
            return [Choose(d.player, True), Choose(d.player, False)]
        if d.kind == POSTURE:
            return [Posture(d.player, d.man, p) for p in POSTURES]
        if d.kind == REROLL:
            out = [Reroll(d.player, False)]
            if d.man not in s.gods and self.gods_order(d.player) != "never":
                out.append(Reroll(d.player, True))
            out += [Reroll(d.player, True, c) for c in d.cards]
            return out
        if d.kind == CARD:
            return [Pass(d.player)] + [PlayCard(d.player, d.man, c) for c in d.cards]
        m = self.man(d.man)
        p = d.player
        cands: list = [End(p, m.id)]
        cands += [Turn(p, m.id, f) for f in range(6) if f != m.facing]
        o = s.other(m.id)
        cands += [Attack(p, m.id, o.id), Attack(p, m.id, o.id, True), ThrowNet(p, m.id, o.id), GetLoose(p, m.id),
                  PickUp(p, m.id), StandUp(p, m.id)]
        cands += [Recover(p, m.id, loc) for loc in LOCATIONS if m.wounds[loc] > 0]
        for c in m.cards:
            k = CARD_KINDS[c.kind]
            if k.timing != "order":
                continue
            if c.kind == "bind_wounds":
                cands += [PlayCard(p, m.id, c.id, location=loc) for loc in LOCATIONS if m.wounds[loc] > 0]
            elif c.kind == "free_turn":
                cands += [PlayCard(p, m.id, c.id, facing=f) for f in range(6) if f != m.facing]
            else:
                cands.append(PlayCard(p, m.id, c.id))
        out = [a for a in cands if self.is_legal(a)]
        out += [Advance(p, m.id, path) for path in self.reachable(m.id, "advance").values()]
        out += [Retreat(p, m.id, path) for path in self.reachable(m.id, "retreat").values()]
        return out

    def reachable(self, man_id: str, how: str = "advance") -> dict:
        """Where the acting `man_id` may Advance (or Retreat) now: hex -> one shortest legal path
        (empty when he may not)."""
        d, m = self.pending, self.man(man_id)
        if d is None or d.kind != ORDER or d.man != man_id or m.netted or m.fallen:
            return {}
        s = self.state
        o = s.other(m.id)
        if how == "advance":
            if s.in_contact(m, o):
                return {}
            steps = m.ap * 2 if m.beast else m.ap
        else:
            steps = m.ap if m.beast else m.ap // 2
        out: dict = {}
        frontier = [(m.at, m.facing, ())]
        seen = {(m.at, m.facing)}
        for _ in range(steps):
            nxt = []
            for at, facing, path in frontier:
                if how == "advance":
                    if o.alive and at.distance(o.at) == 1:
                        continue
                    dirs = (facing, (facing + 1) % 6, (facing + 5) % 6)
                else:
                    dirs = rearward(m.facing)
                for dd in dirs:
                    h = at.neighbor(dd)
                    if h not in s.arena.floor or h == o.at:
                        continue
                    if how == "retreat" and o.alive and at.distance(o.at) == 1 and h.distance(o.at) == 1:
                        continue
                    f2 = dd if how == "advance" else m.facing
                    if (h, f2) in seen:
                        continue
                    seen.add((h, f2))
                    p2 = path + (h,)
                    if h != m.at:
                        out.setdefault(h, p2)
                    nxt.append((h, f2, p2))
            frontier = nxt
        return out

    # ------------------------------------------------------------ for tasks and cards

    def finish(self, reason: str, winners: tuple) -> None:
        if self.outcome is None:
            self.emit(ev.BoutOver(winners, reason))
            self.outcome = ev.Outcome(reason, winners)
            self.pending = None
            self._stack.clear()

    def roll(self, man_id: str, purpose: str) -> int:
        v = self.dice.roll(6)
        self.rolls[(purpose, man_id)] = v
        self.emit(ev.DieRolled(man_id, purpose, v))
        return v

    def reroll_die(self, man_id: str, card: str | None = None, by_order: bool = False) -> None:
        """Re-roll `man_id`'s die of the open re-roll window (the new result stands); `by_order`: his
        seat's standing order called on the gods, unasked."""
        purpose = self.rerolling
        self.emit(ev.GodsCalled(man_id, purpose, card, by_order))
        v = self.dice.roll(6)
        self.rolls[(purpose, man_id)] = v
        self.emit(ev.DieRolled(man_id, purpose, v, True, card or "gods"))

    def gain_ap(self, man_id: str, n: int) -> None:
        m = self.man(man_id)
        m.ap += n
        self.emit(ev.APGained(man_id, n, m.ap))

    def heal(self, man_id: str, location: str, n: int) -> None:
        m = self.man(man_id)
        k = min(n, m.wounds[location])
        m.wounds[location] -= k
        m.damage = max(0, m.damage - k)
        self.emit(ev.Recovered(man_id, location, m.damage, 0))

    def free_of_net(self, man_id: str) -> None:
        m = self.man(man_id)
        m.netted, m.loose = False, 0
        self.emit(ev.GotLoose(man_id, 0, LOOSE_AP, True))

    def face(self, man_id: str, facing: int) -> None:
        m = self.man(man_id)
        start, m.facing = m.facing, facing
        self.emit(ev.Turned(man_id, start, facing, 0))

    def exchange_bonus(self, man_id: str, *, attack: int = 0, defence: int = 0, foe_defence: int = 0,
                       damage: int = 0) -> None:
        b = self.exchange.bonus.setdefault(man_id, {"attack": 0, "defence": 0, "foe_defence": 0, "damage": 0})
        b["attack"] += attack
        b["defence"] += defence
        b["foe_defence"] += foe_defence
        b["damage"] += damage

    def negate_wound(self, man_id: str) -> None:
        if self.wound is not None and self.wound[0] == man_id:
            self.wound[3] = True

    def cancel_special(self, man_id: str) -> None:
        if self.special is not None and self.special[0] == man_id:
            self.special[2] = True

    def thumbs_bonus(self, man_id: str, n: int) -> None:
        self.thumbs[man_id] = self.thumbs.get(man_id, 0) + n

    def spend(self, m: Man, n: int) -> None:
        assert 0 <= n <= m.ap, f"{m.id} spends {n} AP of {m.ap}"
        m.ap -= n

    def play_card(self, m: Man, card_id: str, action) -> None:
        c = m.card(card_id)
        m.cards.remove(c)
        self.emit(ev.CardPlayed(m.id, c.id, c.kind, c.amount, c.name))
        get_kind(c.kind).play(self, m, c, action)

    def check_card(self, m: Man, card_id: str, timing: str, action) -> None:
        c = m.card(card_id)
        if c is None:
            self.refuse("no_card", f"{m.id} holds no unplayed card {card_id!r}")
        if CARD_KINDS[c.kind].timing != timing:
            self.refuse("not_now", f"{c.name} ({c.kind}) is played {CARD_KINDS[c.kind].timing}-time, not now")
        problem = get_kind(c.kind).check(self, m, c, action)
        if problem:
            self.refuse(*problem)

    def cards_for(self, m: Man, timing: str) -> tuple:
        return tuple(c.id for c in m.cards if CARD_KINDS[c.kind].timing == timing)


def copy_dice(dice):
    if isinstance(dice, SeededDice):
        new = SeededDice(dice.seed)
        new._rng.setstate(dice._rng.getstate())
        return new
    return copy.deepcopy(dice)


# ---------------------------------------------------------------- dice and windows


GODS_ORDERS = ("ask", "useful", "low", "never", "auto")
"""A seat's standing order for calling on the gods (§9), kept in the setup and changed during the
bout by `SetGods` (our table convenience, docs/RULINGS.md): "ask" after every die of his while he may
still call on them or holds a gods_favour card; "useful" only when a re-roll could change the result
for him and is at least as likely to help as to hurt (`gods.reroll_worth_asking`), any other die
standing unasked; "low" only after a low
die (`low_die`), a good one standing unasked; "never" never calls on them; "auto" calls on them by
itself on a low die, unasked. Under "never" and "auto" a low die still
opens the window when he holds a gods_favour card he could play (and, under "auto", has called on the
gods already this game turn)."""


def low_die(g: Game, m: Man, purpose: str, v: int) -> bool:
    """A die bad enough for its purpose to be worth a call on the gods: 1–2 on an initiative, AP,
    attack, defence or net die; a location die of 1 (the leg: fewer AP every half); a drop die of 1–3
    (the weapon goes); a thumbs roll that would not save him."""
    if purpose == "location":
        return v == 1
    if purpose == "drop":
        return v <= 3
    if purpose == "thumbs":
        return v + m.inflicted + m.bonus55 + g.thumbs.get(m.id, 0) < THUMBS_UP_ON
    return v <= 2


class RollDie:
    """`man` rolls a d6 for `purpose`; then his re-roll window, if he may still call on the gods this
    game turn or holds a gods_favour card (§9)."""

    def __init__(self, man: str, purpose: str):
        self.man, self.purpose = man, purpose

    def run(self, g: Game) -> None:
        v = g.roll(self.man, self.purpose)
        m = g.man(self.man)
        cards = g.cards_for(m, "rolled")
        free = self.man not in g.state.gods
        if not free and not cards:
            return
        order = g.gods_order(m.owner)
        if order == "useful":
            from .gods import reroll_worth_asking

            if not reroll_worth_asking(g, m.id, self.purpose, v):
                return  # nothing a new die shows could be better for him, or it would more likely hurt
        elif order != "ask":
            if not low_die(g, m, self.purpose, v):
                return  # every order but "ask": a good die stands unasked
            if order == "never":
                free = False
            if order == "auto" and free:
                g.rerolling = self.purpose
                g.state.gods.add(m.id)
                g.reroll_die(m.id, by_order=True)
                return
            if not cards and (order != "low" or not free):
                return
        g.rerolling = self.purpose
        g.ask(self, Decision(m.owner, REROLL, m.id, RollInfo(m.id, self.purpose, v), cards=cards))

    def check(self, g: Game, d, a) -> None:
        if not isinstance(a, Reroll):
            g.refuse("window_open", f"{d.player} must first answer the re-roll window of {d.man}'s {self.purpose} die")
        if a.player != d.player:
            g.refuse("not_your_turn", f"the die just rolled is {d.man}'s ({d.player}'s)")
        if a.yes and a.card is None and d.man in g.state.gods:
            g.refuse("gods_spent", f"{d.man} has called on the gods this game turn already")
        if a.yes and a.card is None and g.gods_order(d.player) == "never":
            g.refuse("gods_never", f"{d.player}'s standing order is never to call on the gods (the setup's `gods`)")
        if a.yes and a.card is not None:
            g.check_card(g.man(d.man), a.card, "rolled", a)

    def answer(self, g: Game, d, a) -> None:
        if not a.yes:
            return
        if a.card is None:
            g.state.gods.add(d.man)
            g.reroll_die(d.man)
        else:
            g.play_card(g.man(d.man), a.card, a)


class CardWindow:
    """`man` may play a card of `timing` now (only asked when he holds one it fits); an exchange
    window asks again while he holds more."""

    def __init__(self, man: str, timing: str):
        self.man, self.timing = man, timing

    def run(self, g: Game) -> None:
        m = g.man(self.man)
        if self.timing == "wounded" and (g.wound is None or g.wound[3]):
            return
        if self.timing == "special" and (g.special is None or g.special[2]):
            return
        cards = g.cards_for(m, self.timing)
        if cards:
            g.ask(self, Decision(m.owner, CARD, m.id, timing=self.timing, cards=cards))

    def check(self, g: Game, d, a) -> None:
        if not isinstance(a, (PlayCard, Pass)):
            g.refuse("window_open", f"{d.player} must first play a card or pass ({self.timing} window of {d.man})")
        if a.player != d.player:
            g.refuse("not_your_turn", f"the window is {d.player}'s")
        if isinstance(a, PlayCard):
            if a.man != d.man:
                g.refuse("not_your_man", f"the window is {d.man}'s")
            g.check_card(g.man(d.man), a.card, self.timing, a)

    def answer(self, g: Game, d, a) -> None:
        if isinstance(a, PlayCard):
            g.play_card(g.man(d.man), a.card, a)
            if self.timing == "exchange":
                g.schedule(CardWindow(self.man, self.timing))


# ---------------------------------------------------------------- the game turn


class StartTurn:
    """A game turn begins (§4): the calls on the gods come back; initiative is rolled. Unless the
    bout is called off first (`called_off_why`: neither man can act again, or `TURN_LIMIT`)."""

    def run(self, g: Game) -> None:
        s = g.state
        if called_off_why(s) is not None:  # every bout ends (docs/RULINGS.md)
            g.finish(CALLED_OFF, ())
            return
        s.turn += 1
        s.gods.clear()
        s.done.clear()
        s.first = s.acting = None
        g.emit(ev.TurnStarted(s.turn))
        g.schedule(Initiative(1))


class Initiative:
    """Each man rolls d6 in seat order; − head wounds, −2 in the first game turn against a lion;
    the higher wins, ties roll again in the same order."""

    def __init__(self, attempt: int):
        self.attempt = attempt

    def run(self, g: Game) -> None:
        men = list(g.state.men.values())
        g.schedule(*[RollDie(m.id, "initiative") for m in men], CompareInitiative(self.attempt))


class CompareInitiative:
    def __init__(self, attempt: int):
        self.attempt = attempt

    def run(self, g: Game) -> None:
        s = g.state
        totals = {}
        for m in s.men.values():
            die = g.rolls[("initiative", m.id)]
            lion = LION_PENALTY if s.turn == 1 and s.other(m.id).beast else 0
            totals[m.id] = die - m.wounds["head"] - lion
            g.emit(ev.InitiativeRolled(m.id, die, m.wounds["head"], lion, totals[m.id], self.attempt))
        a, b = list(s.men)
        if totals[a] == totals[b]:
            g.emit(ev.InitiativeTied(totals[a]))
            g.schedule(Initiative(self.attempt + 1))
            return
        w = s.men[a if totals[a] > totals[b] else b]
        g.emit(ev.InitiativeWon(w.id, w.owner))
        g.schedule(ChooseOrder(w.id))


class ChooseOrder:
    """The initiative winner goes first or second."""

    def __init__(self, man: str):
        self.man = man

    def run(self, g: Game) -> None:
        m = g.man(self.man)
        g.ask(self, Decision(m.owner, CHOOSE, m.id))

    def check(self, g: Game, d, a) -> None:
        if not isinstance(a, Choose):
            g.refuse("wrong_decision", f"{d.player} won the initiative and must choose first or second")
        if a.player != d.player:
            g.refuse("not_your_turn", f"{d.player} won the initiative: the choice is theirs")

    def answer(self, g: Game, d, a) -> None:
        s = g.state
        m = g.man(self.man)
        o = s.other(m.id)
        order = (m.id, o.id) if a.first else (o.id, m.id)
        s.first = order[0]
        g.emit(ev.Chosen(a.player, a.first, order))
        g.schedule(Half(order[0]), Half(order[1]), StartTurn())


class Half:
    """A man's half (§4): his posture, then his AP die."""

    def __init__(self, man: str):
        self.man = man

    def run(self, g: Game) -> None:
        s = g.state
        m = g.man(self.man)
        s.acting, s.orders = m.id, 0
        g.emit(ev.HalfStarted(m.id, m.owner))
        g.ask(self, Decision(m.owner, POSTURE, m.id))

    def check(self, g: Game, d, a) -> None:
        check_owner(g, d, a, Posture)
        if a.posture not in POSTURES:
            g.refuse("bad_posture", f"posture is one of {', '.join(POSTURES)}, not {a.posture!r}")

    def answer(self, g: Game, d, a) -> None:
        m = g.man(self.man)
        m.posture = a.posture
        g.emit(ev.PostureChosen(m.id, a.posture))
        g.schedule(RollDie(m.id, "ap"), APResult(m.id))


class APResult:
    """AP = d6 + armour, shield (as he fights now) and posture AP + bonus AP − leg wounds, at least 0."""

    def __init__(self, man: str):
        self.man = man

    def run(self, g: Game) -> None:
        m = g.man(self.man)
        die = g.rolls[("ap", m.id)]
        arm, sh, po = ARMOUR_MOD[m.armour][2], SHIELD_MOD[m.shield][2], POSTURE_MOD[m.posture][2]
        bonus, leg = m.gladiator.bonus_ap, m.wounds["leg"]
        m.ap = max(0, die + arm + sh + po + bonus - leg)
        g.emit(ev.APRolled(m.id, die, arm, sh, po, bonus, leg, m.ap))
        g.schedule(Orders(m.id))


def end_half(g: Game, m: Man, why: str) -> None:
    m.ap = 0
    g.state.done.add(m.id)
    g.state.acting = None
    g.emit(ev.HalfEnded(m.id, why))


def check_owner(g: Game, d, a, types) -> None:
    """The checks every order-like answer shares: the right decision, player and man."""
    s = g.state
    if d.kind in (REROLL, CARD):
        g.refuse("window_open", f"{d.player} must first answer the {d.kind} window of {d.man}")
    if isinstance(a, (Reroll, Pass)):
        g.refuse("no_window", f"no re-roll or card window is open: {d.player} answers a {d.kind} decision")
    if isinstance(a, Choose):
        g.refuse("wrong_decision", f"no choice of first or second is asked now: {d.player} answers a {d.kind} decision")
    m = s.men.get(getattr(a, "man", None))
    if m is None:
        g.refuse("no_man", f"no man {getattr(a, 'man', None)!r} in this bout")
    if m.owner != a.player:
        g.refuse("not_your_man", f"{m.id} is {m.owner}'s man")
    if m.out:
        g.refuse("out", f"{m.id} is {'down' if m.alive else 'dead'}")
    if m.id != d.man or a.player != d.player:
        if m.id in s.done:
            g.refuse("half_over", f"{m.id}'s half of this game turn is over")
        g.refuse("not_your_turn", f"it is {d.man}'s ({d.player}'s) {d.kind} to answer")
    if not isinstance(a, types):
        g.refuse("wrong_decision", f"{d.player} must answer a {d.kind} decision for {d.man}")


class Orders:
    """The man gives orders until he ends his half; it ends by itself at 0 AP (§4)."""

    def __init__(self, man: str):
        self.man = man

    def run(self, g: Game) -> None:
        m = g.man(self.man)
        if m.out:
            return
        if m.ap <= 0:
            end_half(g, m, "no_ap")
            return
        g.ask(self, Decision(m.owner, ORDER, m.id))

    def check(self, g: Game, d, a) -> None:
        check_owner(g, d, a, ORDER_TYPES)
        check_order(g, g.man(a.man), a)

    def answer(self, g: Game, d, a) -> None:
        s = g.state
        m = g.man(a.man)
        o = s.other(m.id)
        s.orders += 1
        if isinstance(a, End):
            end_half(g, m, "end")
            return
        if isinstance(a, Recover):
            spent = m.ap
            g.spend(m, spent)
            m.wounds[a.location] -= 1
            m.damage = max(0, m.damage - 1)
            g.emit(ev.Recovered(m.id, a.location, m.damage, spent))
            end_half(g, m, "recover")
            return
        nxt = Orders(m.id)
        if isinstance(a, Advance):
            cost = advance_cost(m, len(a.path))
            g.spend(m, cost)
            start = m.at
            for h in a.path:
                m.facing = m.at.direction_to(h)
                m.at = h
            if a.facing is not None:
                m.facing = a.facing
            g.emit(ev.Advanced(m.id, start, tuple(a.path), m.facing, cost))
        elif isinstance(a, Retreat):
            cost = retreat_cost(m, len(a.path))
            g.spend(m, cost)
            start = m.at
            m.at = a.path[-1]
            g.emit(ev.Retreated(m.id, start, tuple(a.path), m.facing, cost))
        elif isinstance(a, Turn):
            g.spend(m, 1)
            start, m.facing = m.facing, a.facing
            g.emit(ev.Turned(m.id, start, a.facing, 1))
        elif isinstance(a, Attack):
            cost = 2 if a.frenzied else 1
            g.spend(m, cost)
            mine, his, d = g.sides(m, o)
            n = m.at.distance(o.at)
            g.exchange = Exchange(m.id, o.id, a.frenzied, n, d)
            g.emit(ev.ExchangeDeclared(m.id, o.id, m.at, o.at, n, mine, his, a.frenzied, cost))
            g.schedule(CardWindow(m.id, "exchange"), CardWindow(o.id, "exchange"), ExchangeDice(), Resolve(), nxt)
            return
        elif isinstance(a, ThrowNet):
            g.spend(m, 2)
            m.net_spent = True
            g.schedule(RollDie(m.id, "net"), RollDie(o.id, "net"), NetResult(m.id, o.id), nxt)
            return
        elif isinstance(a, GetLoose):
            k = min(m.ap, LOOSE_AP - m.loose)
            g.spend(m, k)
            m.loose += k
            free = m.loose >= LOOSE_AP
            if free:
                m.netted, m.loose = False, 0
            g.emit(ev.GotLoose(m.id, k, LOOSE_AP if free else m.loose, free))
        elif isinstance(a, PickUp):
            g.spend(m, 1)
            what = "weapon" if _lying(s, m, "weapon") is not None else "shield"
            s.dropped.remove(_lying(s, m, what))
            if what == "weapon":
                m.weapon_dropped -= 1
            else:
                m.shield_dropped = False
            g.emit(ev.PickedUp(m.id, what, m.at, 1))
        elif isinstance(a, StandUp):
            g.spend(m, 1)
            m.fallen = False
            g.emit(ev.StoodUp(m.id, 1))
        elif isinstance(a, PlayCard):
            g.play_card(m, a.card, a)
        g.schedule(nxt)


def _lying(s: State, m: Man, what: str):
    return next((d for d in s.dropped if d[0] == m.id and d[1] == what and d[2] == m.at), None)


def advance_cost(m: Man, n: int) -> int:
    """1 AP a hex; a lion ⌈n/2⌉ for the n hexes of one Advance (our ruling: per order)."""
    return (n + 1) // 2 if m.beast else n


def retreat_cost(m: Man, n: int) -> int:
    """2 AP a hex; a lion 1."""
    return n if m.beast else 2 * n


def check_order(g: Game, m: Man, a) -> None:
    """The refusals of one order (each a code and words)."""
    s = g.state
    o = s.other(m.id)
    if (m.netted or m.fallen) and not isinstance(a, BOUND_OK):
        why = "netted: he may only get loose" if m.netted else "fallen: he can do nothing but stand up"
        g.refuse("netted" if m.netted else "fallen", f"{m.id} is {why} (or end his half)")
    if isinstance(a, PlayCard):
        c = m.card(a.card)
        if c is not None and (m.netted or m.fallen) and c.kind not in BOUND_CARDS:
            g.refuse("netted" if m.netted else "fallen", f"{m.id} can not play {c.name} while "
                     f"{'netted' if m.netted else 'fallen'}")
        g.check_card(m, a.card, "order", a)
        return
    if isinstance(a, End):
        return
    if isinstance(a, Recover):
        if s.orders > 0:
            g.refuse("not_first", "Recover is his only order of the half: he has given one already")
        if s.in_contact(m, o):
            g.refuse("in_contact", f"{m.id} is in contact with {o.id}: no Recover")
        if a.location not in LOCATIONS:
            g.refuse("bad_location", f"location is one of {', '.join(LOCATIONS)}, not {a.location!r}")
        if m.wounds[a.location] < 1:
            g.refuse("no_wound", f"{m.id} has no wound on his {a.location}")
        return
    if isinstance(a, GetLoose):
        if not m.netted:
            g.refuse("not_netted", f"{m.id} is not netted")
        return
    if isinstance(a, StandUp):
        if not m.fallen:
            g.refuse("not_fallen", f"{m.id} is on his feet")
        return
    if isinstance(a, PickUp):
        if _lying(s, m, "weapon") is None and _lying(s, m, "shield") is None:
            g.refuse("nothing_here", f"nothing of {m.id}'s lies at {list(m.at)}")
        return
    if isinstance(a, Turn):
        if not isinstance(a.facing, int) or isinstance(a.facing, bool) or not 0 <= a.facing <= 5:
            g.refuse("bad_facing", f"a facing is a direction 0-5, not {a.facing!r}")
        if a.facing == m.facing:
            g.refuse("same_facing", f"{m.id} already faces {a.facing}")
        if m.ap < 1:
            g.refuse("no_ap", f"{m.id} has {m.ap} AP: a Turn costs 1")
        return
    if isinstance(a, Attack):
        check_attack(g, m, o, a)
        return
    if isinstance(a, ThrowNet):
        if not m.kit.net:
            g.refuse("no_net", f"{m.id} fights without a net")
        if m.net_spent:
            g.refuse("net_spent", f"{m.id}'s net is spent")
        if a.target != o.id:
            g.refuse("no_target", f"{a.target!r} is not {m.id}'s opponent")
        if o.netted:
            g.refuse("already_netted", f"{o.id} is netted already")
        n = m.at.distance(o.at)
        if n > 2:
            g.refuse("out_of_reach", f"{o.id} is {n} hexes away: a net reaches 1 or 2")
        if n == 2 and not g.clear_between(m.at, o.at):
            g.refuse("no_line", f"{o.id} is not on a line over an empty hex")
        if m.ap < 2:
            g.refuse("no_ap", f"{m.id} has {m.ap} AP: a net costs 2")
        return
    if isinstance(a, (Advance, Retreat)):
        check_move(g, m, o, a)


def check_attack(g: Game, m: Man, o: Man, a: Attack) -> None:
    if a.target != o.id:
        g.refuse("no_target", f"{a.target!r} is not {m.id}'s opponent")
    if m.weapons == 0:
        g.refuse("no_weapon", f"{m.id}'s weapon lies on the sand: pick it up first")
    n = m.at.distance(o.at)
    if n > 2 or (n == 2 and m.weapon != "trident"):
        g.refuse("not_adjacent", f"{o.id} is {n} hexes away: an attack is on an adjacent enemy"
                 + (" (a trident reaches 2)" if n == 2 else ""))
    if n == 2 and a.frenzied:
        g.refuse("not_adjacent", "a frenzied attack is on an adjacent enemy only")
    if n == 2 and not g.clear_between(m.at, o.at):
        g.refuse("no_line", f"{o.id} is not on a line over an empty hex")
    mine, _, _ = g.sides(m, o)
    if mine == "back":
        g.refuse("back_turned", f"{o.id} stands in {m.id}'s Back hex: turn first")
    cost = 2 if a.frenzied else 1
    if m.ap < cost:
        g.refuse("no_ap", f"{m.id} has {m.ap} AP: {'a frenzied attack costs 2' if a.frenzied else 'an attack costs 1'}")


def check_move(g: Game, m: Man, o: Man, a) -> None:
    s = g.state
    adv = isinstance(a, Advance)
    path = tuple(a.path)
    if not path:
        g.refuse("bad_path", "a move names the hexes entered, at least one")
    if adv and s.in_contact(m, o):
        g.refuse("in_contact", f"{m.id} is in contact with {o.id}: a man in contact may not Advance")
    cost = advance_cost(m, len(path)) if adv else retreat_cost(m, len(path))
    if cost > m.ap:
        g.refuse("no_ap", f"{m.id} has {m.ap} AP: {'advancing' if adv else 'retreating'} {len(path)} "
                 f"hex{'es' if len(path) > 1 else ''} costs {cost}")
    at, facing = m.at, m.facing
    for i, h in enumerate(path):
        where = f"{list(h)} (hex {i + 1} of the path)"
        d = at.direction_to(h)
        if d is None:
            g.refuse("not_adjacent", f"{where} is not next to {list(at)}")
        if h not in s.arena.terrain:
            g.refuse("off_board", f"{where} is off the arena")
        if h not in s.arena.floor:
            g.refuse("blocked", f"{where} is blocked")
        if h == o.at:
            g.refuse("occupied", f"{where} is taken")
        contact = o.alive and at.distance(o.at) == 1
        if adv:
            if contact:
                g.refuse("in_contact", f"at {list(at)} {m.id} is in contact with {o.id}: he may not Advance on")
            if d not in (facing, (facing + 1) % 6, (facing + 5) % 6):
                g.refuse("rearward", f"{where} is one of his rearward hexes (facing {facing}): Retreat there")
            facing = d
        else:
            if d not in rearward(m.facing):
                g.refuse("not_rearward", f"{where} is not one of his three rearward hexes (facing {m.facing})")
            if contact and h.distance(o.at) == 1:
                g.refuse("contact", f"{where}: he may not move from one hex adjacent to {o.id} to another")
        at = h
    if adv and a.facing is not None and (not isinstance(a.facing, int) or isinstance(a.facing, bool)
                                         or not 0 <= a.facing <= 5):
        g.refuse("bad_facing", f"a facing is a direction 0-5, not {a.facing!r}")


# ---------------------------------------------------------------- nets


class NetResult:
    """The higher die wins; a tie goes to the thrower against an armoured target, else to the target."""

    def __init__(self, thrower: str, target: str):
        self.thrower, self.target = thrower, target

    def run(self, g: Game) -> None:
        t, o = g.man(self.thrower), g.man(self.target)
        a, b = g.rolls[("net", t.id)], g.rolls[("net", o.id)]
        caught = a > b or (a == b and o.armour == "armoured")
        if caught:
            o.netted, o.loose = True, 0
        g.emit(ev.NetThrown(t.id, o.id, a, b, caught, 2))


# ---------------------------------------------------------------- the exchange


class ExchangeDice:
    """The dice in order (§6): attacker's attack, attacker's defence, defender's attack, defender's
    defence; a die not rolled is skipped."""

    def run(self, g: Game) -> None:
        x = g.exchange
        a, d = g.man(x.attacker), g.man(x.defender)
        sa, sd, _ = g.sides(a, d)
        tasks = []
        for m, foe, side in ((a, d, sa), (d, a, sd)):
            g.rolls.pop(("attack", m.id), None)
            if no_attack_reason(g, m, foe, side, x.distance) is None:
                tasks.append(RollDie(m.id, "attack"))
            tasks.append(RollDie(m.id, "defence"))
        g.schedule(*tasks)


class Resolve:
    """Damage both ways (§6), the location dice, the special rolls (§7), the end of the bout (§9)."""

    def run(self, g: Game) -> None:
        x = g.exchange
        a, d = g.man(x.attacker), g.man(x.defender)
        sa, sd, _ = g.sides(a, d)
        parts = {}
        for m, foe, mine, his in ((a, d, sa, sd), (d, a, sd, sa)):
            am, dm = mods_of(g, m, foe, mine, his, x)
            ad = g.rolls.get(("attack", m.id))
            dd = g.rolls[("defence", m.id)]
            why = no_attack_reason(g, m, foe, mine, x.distance)
            parts[m.id] = ev.Rolls(m.id, None if why else ad, dd, None if why else ad + sum(v for _, v in am),
                                   dd + sum(v for _, v in dm), am, dm, why)
        ra, rd = parts[a.id], parts[d.id]

        def dealt(r_from, r_to, who):
            if r_from.attack is None:
                return 0
            n = r_from.attack - r_to.defence
            return n + x.bonus.get(who, {}).get("damage", 0) if n > 0 else 0

        to_d, to_a = dealt(ra, rd, a.id), dealt(rd, ra, d.id)
        g.emit(ev.ExchangeResolved(ra, rd, to_d, to_a))
        tasks: list = []
        if to_d:
            tasks += [RollDie(d.id, "location"), LandWound(d.id, a.id, to_d)]
        if to_a:
            tasks += [RollDie(a.id, "location"), LandWound(a.id, d.id, to_a)]
        tasks.append(Specials(ra, rd))
        g.schedule(*tasks)


class LandWound:
    """The location die is in: the `wounded` card window, then the wound lands (§6)."""

    def __init__(self, man: str, by: str, damage: int):
        self.man, self.by, self.damage = man, by, damage

    def run(self, g: Game) -> None:
        loc = LOCATION_OF_DIE[g.rolls[("location", self.man)]]
        g.wound = [self.man, loc, self.damage, False]
        g.schedule(CardWindow(self.man, "wounded"), Land())


class Land:
    def run(self, g: Game) -> None:
        man, loc, n, negated = g.wound
        g.wound = None
        m = g.man(man)
        foe = g.state.other(man)
        if negated:
            g.emit(ev.Dodged(man, next((e.card for e in reversed(g._events) if isinstance(e, ev.CardPlayed)), ""),
                             loc, n))
            return
        m.wounds[loc] += n
        m.damage += n
        foe.inflicted += n
        g.emit(ev.Wounded(man, loc, n, m.damage, foe.id))


class Specials:
    """§7, after the damage: 6-6 kills the opponent (both: neither), 5-5 a thumbs bonus, 1-1 a fall,
    2-2 a drop die, 1 against the opponent's 6 a dropped weapon; the lion is spared 2-2 and 1-vs-6."""

    def __init__(self, ra, rd):
        self.ra, self.rd = ra, rd

    def run(self, g: Game) -> None:
        x = g.exchange
        tasks: list = []
        if g.state.options.special_rolls:
            a, d = g.man(x.attacker), g.man(x.defender)
            pairs = ((a, d, self.ra, self.rd), (d, a, self.rd, self.ra))
            six = [m for m, _, r, _ in pairs if r.attack_die == 6 and r.defence_die == 6]
            for m in six:
                g.emit(ev.Special(m.id, "six_six"))
            if len(six) == 1:
                x.killed.add(g.state.other(six[0].id).id)
            for m, _, r, _ in pairs:
                if r.attack_die == 5 and r.defence_die == 5:
                    m.bonus55 += 1
                    g.emit(ev.Special(m.id, "five_five"))
            for m, foe, r, rf in pairs:
                if r.attack_die == 1 and r.defence_die == 1:
                    tasks.append(Fall(m.id))
            for m, foe, r, rf in pairs:
                if m.beast:
                    continue
                if r.attack_die == 2 and r.defence_die == 2:
                    tasks.append(Drop(m.id, "two_two"))
                if r.attack_die == 1 and rf.defence_die == 6:
                    tasks.append(Drop(m.id, "one_against_six"))
        tasks.append(EndCheck())
        g.schedule(*tasks)


def falls_out(g: Game, m: Man) -> bool:
    return m.id in g.exchange.killed or m.damage >= DOWN_AT


class Fall:
    """1 and 1: he falls face down, his Back toward the enemy (a sure_footed card may stop it)."""

    def __init__(self, man: str):
        self.man = man

    def run(self, g: Game) -> None:
        m = g.man(self.man)
        g.emit(ev.Special(m.id, "one_one"))
        if falls_out(g, m):
            return
        g.special = [m.id, "one_one", False]
        g.schedule(CardWindow(m.id, "special"), FallNow(m.id))


class FallNow:
    def __init__(self, man: str):
        self.man = man

    def run(self, g: Game) -> None:
        m = g.man(self.man)
        cancelled = g.special[2]
        g.special = None
        if cancelled:
            g.emit(ev.SpecialCancelled(m.id, _last_card(g), "one_one"))
            return
        foe = g.state.other(m.id)
        line = line_between(m.at, foe.at)
        m.facing = (m.at.direction_to(line[1]) + 3) % 6
        m.fallen = True
        g.emit(ev.Fell(m.id, m.at, m.facing))


def _last_card(g: Game) -> str:
    return next((e.card for e in reversed(g._events) if isinstance(e, ev.CardPlayed)), "")


class Drop:
    """2 and 2: a drop die (1–3 weapon, 4–6 shield); 1 against 6: the weapon (no die)."""

    def __init__(self, man: str, kind: str):
        self.man, self.kind = man, kind

    def run(self, g: Game) -> None:
        m = g.man(self.man)
        g.emit(ev.Special(m.id, self.kind))
        if falls_out(g, m):
            return
        g.special = [m.id, self.kind, False]
        tasks: list = [CardWindow(m.id, "special")]
        if self.kind == "two_two":
            tasks.append(DropDie(m.id))
        tasks.append(DropNow(m.id, self.kind))
        g.schedule(*tasks)


class DropDie:
    def __init__(self, man: str):
        self.man = man

    def run(self, g: Game) -> None:
        if g.special is not None and not g.special[2]:
            g.schedule(RollDie(self.man, "drop"))


class DropNow:
    def __init__(self, man: str, kind: str):
        self.man, self.kind = man, kind

    def run(self, g: Game) -> None:
        m = g.man(self.man)
        cancelled = g.special[2]
        g.special = None
        if cancelled:
            g.emit(ev.SpecialCancelled(m.id, _last_card(g), self.kind))
            return
        what = "weapon" if self.kind == "one_against_six" or g.rolls[("drop", m.id)] <= 3 else "shield"
        if what == "weapon" and m.weapons > 0:
            m.weapon_dropped += 1
        elif what == "shield" and m.shield != "none":
            m.shield_dropped = True
        else:
            g.emit(ev.NothingDropped(m.id, what))
            return
        g.state.dropped.append([m.id, what, m.at])
        g.emit(ev.Dropped(m.id, what, m.at))


class EndCheck:
    """§9: 8 or more dead, exactly 7 down (the bout ends; he rolls for the crowd); the man standing
    wins; both out in one exchange: a draw."""

    def run(self, g: Game) -> None:
        x = g.exchange
        g.exchange = None
        s = g.state
        order = [g.man(x.defender), g.man(x.attacker)]
        for m in order:
            if m.id in x.killed:
                m.alive = False
                g.emit(ev.Killed(m.id, s.other(m.id).id))
                g.emit(ev.Dead(m.id, m.damage, "six_six"))
            elif m.damage >= DEAD_AT:
                m.alive = False
                g.emit(ev.Dead(m.id, m.damage, "damage"))
            elif m.damage == DOWN_AT:
                m.down = True
                g.emit(ev.Down(m.id, m.damage))
        if not any(m.out for m in order):
            return
        standing = [m for m in order if not m.out]
        winners = (standing[0].owner,) if standing else ()
        acting = s.acting and g.man(s.acting)
        if acting is not None:
            end_half(g, acting, "bout_over")
        tasks: list = []
        for m in order:
            if m.down and m.alive:
                tasks += [CardWindow(m.id, "thumbs"), RollDie(m.id, "thumbs"), Thumbs(m.id)]
        tasks.append(Finish(winners))
        g._stack.clear()  # the rest of the half and the game turn will not be played
        g.schedule(*tasks)


class Thumbs:
    """d6 + damage he inflicted + his 5-and-5 bonuses (+ cards): 6 or more, thumbs up."""

    def __init__(self, man: str):
        self.man = man

    def run(self, g: Game) -> None:
        m = g.man(self.man)
        die = g.rolls[("thumbs", m.id)]
        card = g.thumbs.get(m.id, 0)
        total = die + m.inflicted + m.bonus55 + card
        up = total >= THUMBS_UP_ON
        g.emit(ev.ThumbsRolled(m.id, die, m.inflicted, m.bonus55, card, total, up))
        if not up:
            m.alive = False
            g.emit(ev.Dead(m.id, m.damage, "crowd"))


class Finish:
    def __init__(self, winners: tuple):
        self.winners = winners

    def run(self, g: Game) -> None:
        g.finish("victory" if self.winners else "draw", self.winners)
