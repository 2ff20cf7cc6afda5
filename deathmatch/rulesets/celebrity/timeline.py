"""A game's story, decision by decision: VP over time and the key moments.

A game is its setup and its decisions (record.py); replaying them one at a
time gives a `Step` per decision — the decision answered, who answered it,
the events it caused, the round, and every player's VP after it. From the
steps: the VP-over-time series (by decision and by round) and the key
moments (kills, loot, abilities played, lead changes, big VP jumps) as data.
The words for them are the client's (scenes/celebrity/log.py). Pure Python, no pygame.

    tl = Timeline.of(game)                # or Timeline.from_record(record)
    tl.vp_by_round()                      # ([0, 1, 2, …], {"Red": [0, 2, 5, …], …})
    tl.moments()                          # [Moment(kind="kill", step=41, round=3, …), …]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Sequence

from . import events as ev
from .errors import IllegalAction, SetupError
from .game import Game

BIG_JUMP = 3
"""A player's VP changing by at least this much in one decision is a key moment."""


@dataclass(frozen=True)
class Step:
    """One decision of a game and what it caused (step 0 is the setup: the dice-off)."""

    index: int
    """Decisions applied so far (0: none, the game as set up)."""
    decision: object | None
    """The action answered (None for step 0)."""
    player: str | None
    """Who answered it (None for step 0)."""
    events: tuple
    """The events it caused, in order."""
    round: int
    """The round after it (0 during placement)."""
    vp: tuple[tuple[str, int], ...]
    """(player, VP) after it, in seat order."""

    def vp_of(self, player: str) -> int:
        return dict(self.vp)[player]


@dataclass(frozen=True)
class Moment:
    """A key moment: `kind` is kill, loot, ability, lead (a new sole leader), level (caught up with
    the sole leader) or jump (a big VP change)."""

    kind: str
    step: int
    """The step (decisions applied) it happened in."""
    round: int
    player: str | None
    """Whose moment it is: the killer's, looter's or ability's player, the new leader, the jumper."""
    event: object | None = None
    """The event behind it (Died, LootTaken, AbilityPlayed; None for lead and jump)."""
    amount: int = 0
    """For jump: the VP change in the step; for lead: the leader's margin; for an ability: the VP
    it scored its player (`ability_vp`)."""
    vp: tuple[tuple[str, int], ...] = ()
    """Everyone's VP after the step."""


BASE_REASONS = frozenset({"life", "kill", "loot", "last_standing"})
"""VP reasons of the core rules; any other is an effect kind's own (glory, steal)."""


def ability_vp(game: Game, events: Sequence) -> list[int]:
    """The VP each ability played in `events` scored its player, one number per AbilityPlayed in
    order: the VP its own effect scored (glory, steal: scored right after it is played), and the
    lives and kills of the attacks it made. Loot it happened to land on is the loot's (a moment of
    its own), and VP scored later by another ability are that ability's."""
    out: list[int] = []
    played: list[tuple[str | None, str, str, str]] = []  # (player, model, ability, kind)
    attack: int | None = None  # the ability whose attack is being resolved
    for e in events:
        t = type(e)
        if t is ev.AbilityPlayed:
            out.append(0)
            played.append((_who_owns(game, e.model), e.model, e.ability, e.kind))
        elif t is ev.AttackDeclared:
            attack = None
            if e.source is not None:
                for i in range(len(played) - 1, -1, -1):
                    _, model, name, kind = played[i]
                    if model == e.attacker and e.source in (name, kind):
                        attack = i
                        break
        elif t is ev.VPScored and played:
            if e.reason in ("life", "kill"):
                if attack is not None and played[attack][0] == e.player:
                    out[attack] += e.amount
            elif e.reason not in BASE_REASONS and played[-1][0] == e.player:
                out[-1] += e.amount
    return out


def _who_owns(game: Game, ident: str | None) -> str | None:
    m = game.models.get(ident) if ident is not None else None
    return m.player if m is not None else None


def replay_steps(setup, decisions: Sequence, arena=None) -> Iterator[tuple[Step, Game]]:
    """Replay a game decision by decision: (step, the game right after it), step 0 first.

    The game yielded is the same object each time, moved on by one decision:
    copy it (`game.copy()`) to keep a state. Raises RecordError for a setup that
    does not start or a decision that is illegal on replay.
    """
    from .record import RecordError
    from .setup import new_game

    try:
        game = new_game(setup, arena)
    except SetupError as e:
        raise RecordError(str(e)) from None

    def vp():
        return tuple((p, game.scores[p].vp) for p in game.players)

    yield Step(0, None, None, tuple(getattr(game, "setup_events", ())), game.round, vp()), game
    for i, action in enumerate(decisions, start=1):
        who = game.pending.player if game.pending is not None else None
        try:
            events = game.apply(action)
        except IllegalAction as e:
            raise RecordError(f"decision {i} ({action!r}) is illegal on replay: {e}") from None
        yield Step(i, action, who, tuple(events), game.round, vp()), game


class Timeline:
    """Every step of one game, and what can be read from them."""

    def __init__(self, steps: list[Step], game: Game):
        self.steps = steps
        self.game = game
        """The game after the last step."""
        self.players: list[str] = list(game.players)

    @classmethod
    def from_record(cls, record, arena=None) -> Timeline:
        steps: list[Step] = []
        game = None
        for step, game in replay_steps(record.setup, record.decisions, arena):
            steps.append(step)
        return cls(steps, game)

    @classmethod
    def of(cls, game: Game) -> Timeline:
        """The timeline of a game that has a setup (replayed from its first decision)."""
        from .record import GameRecord

        # A loaded arena can be reused unless random obstacles were added to it.
        arena = game.arena if not game.options.obstacles else None
        return cls.from_record(GameRecord.of(game), arena)

    # --- VP over time ---
    def vp_by_decision(self) -> dict[str, list[int]]:
        """Each player's VP after each step (index k: after k decisions)."""
        return {p: [s.vp_of(p) for s in self.steps] for p in self.players}

    def vp_by_round(self) -> tuple[list[int], dict[str, list[int]]]:
        """Rounds 0…last and each player's VP when that round was over (the last one: at the end
        of the game or of the record so far). Round 0 is the placement (everyone at 0)."""
        last = self.steps[-1].round
        rounds = list(range(last + 1))
        out: dict[str, list[int]] = {p: [0] * (last + 1) for p in self.players}
        for s in self.steps:  # a later step of a round overwrites: the round's final VP stays
            for p, v in s.vp:
                out[p][s.round] = v
        seen = {s.round for s in self.steps}
        for r in range(1, last + 1):  # a round with no step of its own (not expected, but safe): carry over
            if r not in seen:
                for p in self.players:
                    out[p][r] = out[p][r - 1]
        return rounds, out

    def first_step_of_round(self, r: int) -> int:
        """The first step at which round `r` is under way (the last step if it never came)."""
        for s in self.steps:
            if s.round >= r:
                return s.index
        return self.steps[-1].index

    def worst_deficits(self) -> dict[str, int]:
        """Each player's largest VP gap behind the leader at any moment of the game, counted
        after every VP change (the "biggest comeback" of a winner)."""
        totals = {p: 0 for p in self.players}
        worst = {p: 0 for p in self.players}
        for s in self.steps:
            for e in s.events:
                if isinstance(e, ev.VPScored):
                    totals[e.player] = e.total
                    lead = max(totals.values())
                    for p in totals:
                        worst[p] = max(worst[p], lead - totals[p])
        return worst

    # --- key moments ---
    def moments(self, big_jump: int = BIG_JUMP) -> list[Moment]:
        """Kills, loot grabs, abilities played, lead changes (and drawing level) and big VP jumps, in order."""
        g = self.game
        out: list[Moment] = []
        before = dict(self.steps[0].vp)
        leader: str | None = None
        for s in self.steps:
            after = dict(s.vp)
            change = {p: after[p] - before.get(p, 0) for p in after}
            scored = iter(ability_vp(g, s.events))
            for e in s.events:
                if isinstance(e, ev.Died):
                    out.append(Moment("kill", s.index, s.round, _who_owns(g, e.by), e, 0, s.vp))
                elif isinstance(e, ev.LootTaken):
                    out.append(Moment("loot", s.index, s.round, _who_owns(g, e.model), e, 0, s.vp))
                elif isinstance(e, ev.AbilityPlayed):
                    p = _who_owns(g, e.model)
                    out.append(Moment("ability", s.index, s.round, p, e, next(scored), s.vp))
            for p in self.players:
                if abs(change[p]) >= big_jump:
                    out.append(Moment("jump", s.index, s.round, p, None, change[p], s.vp))
            top = max(after.values(), default=0)
            leaders = [p for p in self.players if after[p] == top]
            if top > 0 and len(leaders) == 1 and leaders[0] != leader:
                second = max((v for p, v in after.items() if p != leaders[0]), default=0)
                leader = leaders[0]
                out.append(Moment("lead", s.index, s.round, leader, None, top - second, s.vp))
            elif top > 0 and len(leaders) > 1 and leader in leaders:
                for p in leaders:  # caught up with the leader: level at the top
                    if p != leader and change[p] > 0:
                        out.append(Moment("level", s.index, s.round, p, None, 0, s.vp))
                leader = None
            before = after
        return out
