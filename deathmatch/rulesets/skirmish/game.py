"""Chessboard Skirmish's rules (docs/rules/SKIRMISH.md) on the core's machine: `Game(Machine)` and
its tasks. Every rule is decided here; the screens read `game.state`, ask the questions at the end
of `Game` (`reachable`, `targets`, `odds`) and animate the events `apply` returns.

The flow, one task each: setup placement (alternately, first seat first), a round's start and its
initiative (ties re-roll), a player's turn (reserves first if nobody on the board is left to act,
then a pick), the open activation (move, one attack, the skill check, drop, end), the dice of an
attack (each roll of a hero followed by its re-roll offer), the reserves placed after an
activation, and the round's end (Survival after round 3). The winners are checked where §7 says.
"""

from __future__ import annotations

import copy

from ...core.dice import SeededDice
from ...core.machine import Machine
from . import events as ev
from .actions import (ACT, MELEE, PICK, PLACE, RANGED, REROLL, Attack, Decision, Drop, End, Move, Pass, Pick,
                      PickUp, Place, Reroll, RollInfo)
from .geometry import adjacent, between, line_blocker, reachable
from .odds import SAVE_ON, for_minis
from .state import SURVIVAL_ROUNDS, Activation, State


class Game(Machine):
    """A game of Chessboard Skirmish: `state` (the data) and the task stack (the flow).

    Made by `setup.new_game(setup)` (a fresh game: placement first) or by the scenario runner
    (a position at the start of round 1). `setup` is the `setup.Setup` it came from (None for a
    scenario position); `dice` the seeded (or forced) dice, any sides.
    """

    ruleset_id = "skirmish"

    def __init__(self, state: State, dice=None, *, setup=None, placement: bool = True):
        super().__init__()
        self.state = state
        self.setup = setup
        self.dice = dice if dice is not None else SeededDice(getattr(setup, "seed", 0))
        self.rolls: dict[str, int] = {}
        """The dice of the attack or skill check being resolved, by purpose: what each counts."""
        self.attack: Attack | None = None
        """The attack being resolved."""
        self.every_reroll_offered = bool(getattr(setup, "every_reroll_offered", False))
        """A record saved before offers became useful-only (`Setup.every_reroll_offered`): its hero is
        offered a re-roll after every die, as it was when the record was played, so it replays."""
        if placement:
            self.state.turn = state.players[0]
            self.schedule(SetupPlace(), StartRound())
        else:
            self.schedule(StartRound())

    def copy(self) -> Game:
        """An independent copy (look-ahead, the scenario runner's trial of a step): the data and
        the flow copied, the board and the recorded answers (frozen values) shared."""
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        new.state = self.state.copy()
        new.history = list(self.history)
        new.rolls = dict(self.rolls)
        new._events = []
        new._stack, new._asker = copy.deepcopy((self._stack, self._asker))
        new.dice = copy_dice(self.dice)
        return new

    def can_move(self, mini: str) -> bool:
        """Whether the open activation's `mini` may still move somewhere (a quick `reachable`)."""
        act, s = self.state.activation, self.state
        m = s.minis[mini]
        if act is None or act.mini != mini or act.moved or act.attacked or act.skill_tried or m.at is None:
            return False
        occupied = s.occupied()
        return any(n in s.board.floor and n not in occupied for n in m.at.neighbors())

    # ------------------------------------------------------------ questions

    def legal_actions(self) -> list:
        d = self.pending
        if d is None:
            return []
        s = self.state
        if d.kind == PLACE:
            return place_options(s, d.player)
        if d.kind == REROLL:
            return [Reroll(d.player, True), Reroll(d.player, False)]
        if d.kind == PICK:
            return [cls(d.player, m.id) for m in s.ready(d.player) for cls in (Pick, Pass)]
        m = s.minis[d.mini]
        out: list = [Move(d.player, m.id, p) for p in self.reachable(m.id).values()]
        out += [Attack(d.player, m.id, t, mode) for t, mode in self.targets(m.id)]
        if self.can_pick_up(m.id):
            out.append(PickUp(d.player, m.id))
        if m.carrying:
            out.append(Drop(d.player, m.id))
        out.append(End(d.player, m.id))
        return out

    def reachable(self, mini: str) -> dict:
        """Where the open activation's `mini` may still move: square -> one shortest path (empty
        when it may not move now: another's activation, already moved or attacked)."""
        act, m = self.state.activation, self.state.minis[mini]
        if act is None or act.mini != mini or act.moved or act.attacked or act.skill_tried or m.at is None:
            return {}
        return reachable(self.state.board, self.state.occupied(), m.at, m.move)

    def targets(self, mini: str, *, anyway: bool = False) -> list[tuple[str, str]]:
        """The attacks `mini` may make now, as (target id, mode): melee on enemy neighbours, ranged
        along clear lines for a bow or gun (a neighbour is both). `anyway`: from where it stands,
        whether or not its activation is open (a screen's threat view)."""
        s, m = self.state, self.state.minis[mini]
        act = s.activation
        if not anyway and (act is None or act.mini != mini or act.attacked or act.skill_tried):
            return []
        if m.at is None or not m.alive:
            return []
        occupied = s.occupied()
        out = []
        for e in s.on_board(s.other(m.owner)):
            if adjacent(m.at, e.at):
                out.append((e.id, MELEE))
            if m.ranged and between(m.at, e.at) is not None and line_blocker(s.board, occupied, m.at, e.at) is None:
                out.append((e.id, RANGED))
        return out

    def can_pick_up(self, mini: str) -> bool:
        """Retrieve: the open activation's `mini` stands on the marker and has not tried its skill."""
        s, act = self.state, self.state.activation
        mk = s.marker
        return (act is not None and act.mini == mini and not act.skill_tried and mk is not None
                and mk.carrier is None and mk.at == s.minis[mini].at)

    def odds(self, attacker: str, target: str, mode: str = MELEE):
        """The exact chances of `attacker`'s attack on `target` as things stand (`odds.Odds`)."""
        return for_minis(self.state.minis[attacker], self.state.minis[target], mode)

    # -------------------------------------------------------------- for tasks

    def ask_place(self, task, player: str) -> None:
        """Ask `player` to place a reserve; a placement with one possible choice is made by itself."""
        options = place_options(self.state, player)
        if len(options) == 1:
            task.answer(self, None, options[0])
        else:
            self.ask(task, Decision(player, PLACE))

    def place(self, action: Place, reserve: bool) -> None:
        self.state.minis[action.mini].at = action.at
        self.emit(ev.Placed(action.player, action.mini, action.at, reserve))

    def finish(self, reason: str, winners: tuple[str, ...]) -> None:
        """The game is over."""
        if self.outcome is None:
            self.emit(ev.GameOver(winners, reason))
            self.outcome = ev.Outcome(reason, winners)
            self.pending = None
            self._stack.clear()

    def check_infiltrate(self, first: str) -> None:
        """Infiltrate: two miniatures of one player on the opponent's home row at once win (§7)."""
        s = self.state
        if s.options.scenario != "infiltrate" or self.over:
            return
        for p in (first, s.other(first)):
            row = set(s.home_row(s.other(p)))
            if sum(1 for m in s.on_board(p) if m.at in row) >= 2:
                self.finish("infiltrate", (p,))
                return

    def end_activation(self, why: str) -> None:
        s = self.state
        act = s.activation
        m = s.minis[act.mini]
        s.activation = None
        s.last_activated = m.id
        self.rolls, self.attack = {}, None
        self.emit(ev.ActivationEnded(m.owner, m.id, why))
        self.schedule(AfterActivation(m.owner))

    def defeat(self, m, by: str | None) -> None:
        """Remove `m`; a carrier drops the marker where it stood; a player with nobody left loses."""
        s = self.state
        at = m.at
        if m.carrying:
            m.carrying = False
            s.marker.carrier, s.marker.at = None, at
            self.emit(ev.MarkerDropped(m.id, at, True))
        m.alive, m.at = False, None
        self.emit(ev.Defeated(m.owner, m.id, at, by))
        if not s.army(m.owner):
            self.finish("last_standing", (s.other(m.owner),))


def copy_dice(dice):
    """A copy of the game's dice with the same future rolls (seeded: the generator's state; forced:
    the list and how far it is used), cheaper than a deep copy of the generator."""
    if isinstance(dice, SeededDice):
        new = SeededDice(dice.seed)
        new._rng.setstate(dice._rng.getstate())
        return new
    return copy.deepcopy(dice)


def place_options(s: State, player: str) -> list[Place]:
    """Every placement `player` may make now: a reserve (army order) on a vacant home-row square."""
    free = s.free_home_row(player)
    return [Place(player, m.id, sq) for m in s.reserves(player) for sq in free]


def _fits(g: Game, d: Decision, a) -> None:
    """An answer of the wrong kind for the decision: a re-roll nobody was offered, a placement
    nobody owes, or anything but the owed placement or the re-roll answer while one is asked."""
    if isinstance(a, Reroll) and d.kind != REROLL:
        g.refuse("no_reroll", "no re-roll is offered now (only right after a hero rolls, once a round)")
    if isinstance(a, Place) and d.kind != PLACE:
        g.refuse("no_placement_owed", "no placement is owed now")
    if d.kind == PLACE and not isinstance(a, Place):
        g.refuse("not_your_turn", f"{d.player} must place a reserve first")
    if d.kind == REROLL and not isinstance(a, Reroll):
        g.refuse("not_your_turn", f"{d.player} must answer the re-roll offer first")
    if not hasattr(a, "player"):
        g.refuse("wrong_decision", f"{a!r} is not a Chessboard Skirmish action")


def _answerable(g: Game, d: Decision, a, kind: str, types) -> None:
    """The checks every model-naming answer shares (§8's codes), in the order a player expects."""
    s = g.state
    _fits(g, d, a)
    m = s.minis.get(a.mini)
    if m is None or not m.alive or m.at is None:
        g.refuse("off_board", f"{a.mini} is not on the board")
    if m.owner != a.player:
        g.refuse("not_your_turn", f"{a.mini} is {m.owner}'s miniature")
    act = s.activation
    if m.acted and (act is None or act.mini != m.id):
        if s.last_activated == m.id:
            g.refuse("activation_over", f"{m.id}'s activation is over")
        g.refuse("acted", f"{m.id} has already acted this round")
    if a.player != d.player:
        g.refuse("not_your_turn", f"it is {d.player}'s turn")
    if act is not None and act.mini != m.id:
        g.refuse("not_your_turn", f"{act.mini}'s activation is open: end it first")
    if d.kind != kind or not isinstance(a, types):
        g.refuse("wrong_decision", f"{d.player} must answer a {d.kind} decision")


# ---------------------------------------------------------------- setup


class SetupPlace:
    """Setup (§4): the players place alternately, one miniature at a time, the first seat first, each
    on a vacant square of its own home row; what does not fit stays in reserve."""

    def run(self, g: Game) -> None:
        s = g.state
        p = s.turn
        if not s.can_place(p):
            p = s.other(p)
            if not s.can_place(p):
                return
        g.ask_place(self, p)

    def check(self, g: Game, d, a) -> None:
        check_place(g, d, a)

    def answer(self, g: Game, d, a) -> None:
        g.place(a, reserve=False)
        g.state.turn = g.state.other(a.player)
        g.schedule(SetupPlace())


def check_place(g: Game, d, a) -> None:
    s = g.state
    _fits(g, d, a)
    if a.player != d.player:
        g.refuse("no_placement_owed", f"{a.player} has no placement to make: {d.player} places")
    m = s.minis.get(a.mini)
    if m is None or m.owner != a.player or not m.in_reserve:
        g.refuse("no_placement_owed", f"{a.mini} is not in {a.player}'s reserve")
    if a.at not in s.board.terrain:
        g.refuse("off_board", f"{tuple(a.at)} is off the board")
    if a.at not in s.board.floor:
        g.refuse("obstacle", f"{tuple(a.at)} is an obstacle")
    if a.at not in s.home_row(a.player):
        g.refuse("not_home_row", f"{tuple(a.at)} is not on {a.player}'s home row (its back rank, corners excluded)")
    if s.occupant(a.at) is not None:
        g.refuse("occupied", f"{tuple(a.at)} is taken")


# ---------------------------------------------------------------- the round


class StartRound:
    """A round begins (§5): every miniature may act again, heroes get their re-roll back, and
    initiative is rolled: each player's highest die, first seat first; ties roll again."""

    def run(self, g: Game) -> None:
        s = g.state
        s.round += 1
        s.initiative = {p: [] for p in s.players}
        s.last_activated = None
        for m in s.minis.values():
            m.acted = m.rerolled = False
        g.emit(ev.RoundStarted(s.round))
        attempt = 0
        while True:
            attempt += 1
            rolls = {}
            for p in s.players:
                sides = max(m.die for m in s.army(p))
                rolls[p] = g.dice.roll(sides)
                s.initiative[p].append(rolls[p])
                g.emit(ev.InitiativeRolled(p, sides, rolls[p], attempt))
            a, b = (rolls[p] for p in s.players)
            if a != b:
                break
            g.emit(ev.InitiativeTied(a))
        s.first = s.players[0] if a > b else s.players[1]
        g.emit(ev.InitiativeWon(s.first, s.round))
        g.schedule(Turn(s.first))


class Turn:
    """`player`'s turn (§5): reserves first if nobody of theirs on the board is left to act, then
    pick a miniature. A player with nothing left to do hands the turn on; nobody: the round ends."""

    def __init__(self, player: str):
        self.player = player

    def run(self, g: Game) -> None:
        s = g.state
        p = self.player
        if not s.can_act(p):
            if s.can_act(s.other(p)):
                g.schedule(Turn(s.other(p)))
            else:
                g.schedule(EndRound())
            return
        s.turn = p
        if not s.ready(p):
            g.schedule(Placements(p), Turn(p))
            return
        g.ask(self, Decision(p, PICK))

    def check(self, g: Game, d, a) -> None:
        _answerable(g, d, a, PICK, (Pick, Pass))

    def answer(self, g: Game, d, a) -> None:
        s = g.state
        m = s.minis[a.mini]
        m.acted = True
        if isinstance(a, Pass):
            s.last_activated = m.id
            g.emit(ev.Passed(a.player, m.id))
            g.emit(ev.ActivationEnded(a.player, m.id, "pass"))
            g.schedule(AfterActivation(a.player))
            return
        s.activation = Activation(m.id, start=m.at)
        g.emit(ev.Picked(a.player, m.id, m.at))
        g.schedule(Act())


class AfterActivation:
    """After an activation (§4, §7): Infiltrate is checked, the player places reserves while they
    have some and free home-row squares, then the other player's turn (or theirs again)."""

    def __init__(self, player: str):
        self.player = player

    def run(self, g: Game) -> None:
        s = g.state
        g.check_infiltrate(self.player)
        p = self.player
        nxt = s.other(p) if s.can_act(s.other(p)) else p
        g.schedule(Placements(p), Turn(nxt))


class Placements:
    """`player` places reserves, one at a time, until the reserves or the free home-row squares run out."""

    def __init__(self, player: str):
        self.player = player

    def run(self, g: Game) -> None:
        if g.state.can_place(self.player):
            g.ask_place(self, self.player)

    def check(self, g: Game, d, a) -> None:
        check_place(g, d, a)

    def answer(self, g: Game, d, a) -> None:
        g.place(a, reserve=True)
        g.check_infiltrate(a.player)
        g.schedule(Placements(self.player))


class EndRound:
    """The round is over: Survival is decided after round 3; otherwise the next round starts at once."""

    def run(self, g: Game) -> None:
        s = g.state
        g.emit(ev.RoundEnded(s.round))
        if s.options.scenario == "survival" and s.round >= SURVIVAL_ROUNDS:
            a, b = s.players
            key = {p: (len(s.on_board(p)), s.points_on_board(p)) for p in s.players}
            g.finish("survival", () if key[a] == key[b] else ((a,) if key[a] > key[b] else (b,)))
            return
        g.schedule(StartRound())


# ---------------------------------------------------------------- the activation


class Act:
    """The open activation (§6): move, one attack, the skill check, drop, end. It ends by itself
    when nothing more is possible for it."""

    def run(self, g: Game) -> None:
        s = g.state
        act = s.activation
        m = s.minis[act.mini]
        if not (m.carrying or g.can_pick_up(m.id) or g.can_move(m.id) or g.targets(m.id)):
            g.end_activation("done")
            return
        g.ask(self, Decision(m.owner, ACT, m.id))

    def check(self, g: Game, d, a) -> None:
        _answerable(g, d, a, ACT, (Move, Attack, PickUp, Drop, End, Pass))
        check_act(g, a)

    def answer(self, g: Game, d, a) -> None:
        s = g.state
        act = s.activation
        m = s.minis[a.mini]
        if isinstance(a, (End, Pass)):
            g.end_activation("end" if isinstance(a, End) else "pass")
        elif isinstance(a, Move):
            start = m.at
            m.at = a.path[-1]
            act.moved = True
            g.emit(ev.Moved(a.player, m.id, start, a.path, m.carrying))
            if (m.carrying and s.options.scenario == "retrieve" and m.at in s.corners()
                    and m.at.y == s.back_rank(m.owner)):
                g.finish("retrieve", (m.owner,))
                return
            g.schedule(Act())
        elif isinstance(a, Drop):
            m.carrying = False
            s.marker.carrier, s.marker.at = None, m.at
            g.emit(ev.MarkerDropped(m.id, m.at))
            g.schedule(Act())
        elif isinstance(a, PickUp):
            act.skill_tried = True
            g.schedule(Roll(m.id, "skill"), SkillResult(m.id))
        else:
            act.attacked = True
            g.attack = a
            t = s.minis[a.target]
            line = between(m.at, t.at) if a.mode == RANGED else ()
            g.emit(ev.AttackDeclared(a.player, m.id, t.id, a.mode, m.at, t.at, tuple(line)))
            g.schedule(Roll(m.id, "attack", bow=a.mode == RANGED and m.spec.weapon == "bow"),
                       Roll(t.id, "defence"), Compare())


def check_act(g: Game, a) -> None:
    """The refusals of one action of the open activation (§8's codes)."""
    s = g.state
    act = s.activation
    m = s.minis[a.mini]
    if isinstance(a, Move):
        if act.moved or act.attacked or act.skill_tried:
            g.refuse("too_far", f"{m.id} has no move left (one move an activation, before its attack)")
        if not a.path:
            g.refuse("not_adjacent", "a move names the squares entered, at least one")
        if len(a.path) > m.move:
            g.refuse("too_far", f"{m.id} moves {m.move} squares (d{m.die}), the path has {len(a.path)}")
        occupied = s.occupied()
        seen = {m.at}
        prev = m.at
        for sq in a.path:
            if not adjacent(prev, sq):
                g.refuse("not_adjacent", f"{tuple(sq)} is not a king step from {tuple(prev)}")
            if sq not in s.board.terrain:
                g.refuse("off_board", f"{tuple(sq)} is off the board")
            if sq not in s.board.floor:  # an obstacle (a map's hazard counts as one: §1 knows no other)
                g.refuse("obstacle", f"{tuple(sq)} is an obstacle")
            if sq in occupied:
                g.refuse("occupied", f"{tuple(sq)} is taken by {occupied[sq].id}")
            if sq in seen:
                g.refuse("occupied", f"the path enters {tuple(sq)} twice")
            seen.add(sq)
            prev = sq
    elif isinstance(a, Attack):
        if act.attacked or act.skill_tried:
            g.refuse("one_attack", f"{m.id} has had its attack (one an activation, before its skill check)")
        t = s.minis.get(a.target)
        if t is None or not t.alive or t.at is None:
            g.refuse("off_board", f"{a.target} is not on the board")
        if a.mode == RANGED and not m.ranged:
            g.refuse("not_ranged", f"{m.id} has no bow or gun (melee only)")
        if t.owner == m.owner:
            g.refuse("not_adjacent" if a.mode == MELEE else "no_line", f"{t.id} is on {m.id}'s side")
        if a.mode == MELEE:
            if not adjacent(m.at, t.at):
                g.refuse("not_adjacent", f"{t.id} is not next to {m.id}")
        else:
            if between(m.at, t.at) is None:
                g.refuse("no_line", f"{t.id} is not on {m.id}'s file, rank or diagonal")
            block = line_blocker(s.board, s.occupied(), m.at, t.at)
            if block is not None:
                what = "a miniature" if s.occupant(block) else "an obstacle"
                g.refuse("no_line", f"{what} at {tuple(block)} blocks the line to {t.id}")
    elif isinstance(a, PickUp):
        if not g.can_pick_up(m.id):
            g.refuse("not_on_marker", f"{m.id} is not on the marker's square (or has tried its one skill check)")
    elif isinstance(a, Drop):
        if not m.carrying:
            g.refuse("not_carrier", f"{m.id} does not carry the marker")


class Roll:
    """`mini` rolls its die for `purpose`; a hero whose re-roll is unused this round is then
    offered it, before any other die is rolled (§2, §6). What it counts goes to `game.rolls`."""

    def __init__(self, mini: str, purpose: str, bow: bool = False):
        self.mini, self.purpose, self.bow = mini, purpose, bow

    def roll(self, g: Game, reroll: bool) -> None:
        m = g.state.minis[self.mini]
        v = g.dice.roll(m.die)
        result = (v + 1) // 2 if self.bow else v
        g.rolls[self.purpose] = result
        g.emit(ev.DieRolled(m.id, self.purpose, m.die, v, result, reroll))
        self.value = v

    def run(self, g: Game) -> None:
        self.roll(g, False)
        m = g.state.minis[self.mini]
        if m.spec.hero and not m.rerolled and (g.every_reroll_offered or reroll_can_help(g, m, self.purpose, self.bow)):
            g.ask(self, Decision(m.owner, REROLL, m.id, RollInfo(m.id, self.purpose, m.die, self.value)))

    def check(self, g: Game, d, a) -> None:
        _fits(g, d, a)
        if a.player != d.player:
            g.refuse("no_reroll", f"no re-roll is offered to {a.player}")

    def answer(self, g: Game, d, a) -> None:
        if a.yes:
            g.state.minis[self.mini].rerolled = True
            self.roll(g, True)


def reroll_can_help(g: Game, m, purpose: str, bow: bool = False) -> bool:
    """Whether a hero's re-roll of the die `m` just rolled for `purpose` could change anything
    (§2 Hero, **Ruling**: no offer is made when it could not; the re-roll stays unused): an attack
    below its best face that the target's defence could still beat; a defence the attack beats
    that a better face could hold; a failed save; a failed skill check. A maximum roll, an attack
    no defence can beat, a defence that already holds, a save or skill check that succeeded: no offer."""
    value = g.rolls[purpose]
    if purpose == "attack":
        best = (m.die + 1) // 2 if bow else m.die
        target = g.state.minis[g.attack.target] if g.attack is not None else None
        beaten_anyway = target is not None and value >= target.die
        return value < best and not beaten_anyway
    if purpose == "defence":
        attack = g.rolls.get("attack", 0)
        return value <= attack < m.die
    if purpose == "save":
        return value < SAVE_ON
    if purpose == "skill":
        return value < m.die // 2
    return True


class Compare:
    """Defence (§6.3): the attack succeeds on equal or higher; else it fails and the activation ends."""

    def run(self, g: Game) -> None:
        a = g.attack
        att, dfc = g.rolls["attack"], g.rolls["defence"]
        g.emit(ev.AttackCompared(a.mini, a.target, att, dfc, att >= dfc))
        if att >= dfc:
            g.schedule(Roll(a.target, "save"), SaveResult())
        else:
            g.end_activation("failed")


class SaveResult:
    """Save (§6.4): 4+ saves; a failed save spends a point of armour if any; else the target is defeated
    and the activation goes on (the skill check may follow)."""

    def run(self, g: Game) -> None:
        s = g.state
        a = g.attack
        t = s.minis[a.target]
        v = g.rolls["save"]
        if v >= SAVE_ON:
            g.emit(ev.Saved(t.id, v))
            g.end_activation("failed")
        elif t.armour > 0:
            t.armour -= 1
            g.emit(ev.ArmourSpent(t.id, t.armour))
            g.end_activation("failed")
        else:
            g.defeat(t, a.mini)
            g.rolls, g.attack = {}, None
            g.schedule(Act())


class SkillResult:
    """Skill (§6.5): N/2 or more picks the marker up; a failed check leaves it where it is."""

    def __init__(self, mini: str):
        self.mini = mini

    def run(self, g: Game) -> None:
        s = g.state
        m = s.minis[self.mini]
        if g.rolls["skill"] >= m.die // 2:
            m.carrying = True
            s.marker.carrier, s.marker.at = m.id, None
            g.emit(ev.MarkerPicked(m.id, m.at))
        else:
            g.emit(ev.PickUpFailed(m.id, m.at))
        g.rolls = {}
        g.schedule(Act())
