"""Chessboard Skirmish's scenario steps: docs/rules/SKIRMISH.md §8 (and SCENARIOS.md), exactly.

The core (`deathmatch.core.scenario.Script`) reads the file, forces the dice, reads squares and
declines the re-roll offers left open after the last step; this module builds the position at the
start of round 1 (the runner first rolls round 1's initiative), plays the steps and checks
`expect:`.

- A step naming a miniature with no activation open first picks it (a `Pick`, or a `Pass` for
  `do: pass`); a refused step leaves the game as it was (the pick too).
- A re-roll offer the next step does not answer (`{player: P, reroll: ...}`) is declined.
- Placements with one possible choice are made by the game itself; others need `place:` steps.

Beyond the spec (our own additions, never needed by a scenario written to it): a scenario may
carry a `description`; `expect` may also check `pending: {player, kind, mini}` (or `pending: null`)
and per miniature `carrying`; `reroll: false` declines an offer explicitly.
"""

from __future__ import annotations

from ...board import Square, from_spec
from ...core.errors import IllegalAction
from ...core.scenario import Fail, Script
from .actions import MELEE, PICK, PLACE, RANGED, REROLL, Attack, Drop, End, Move, Pass, Pick, PickUp, Place, Reroll
from .army import DICE, WEAPONS, Miniature
from .game import Game, place_options
from .setup import centre_squares
from .state import SCENARIOS, Marker, Mini, Options, State

TOP_KEYS = {"ruleset", "name", "description", "arena", "players", "armies", "options", "marker", "dice", "steps",
            "expect"}
MINI_KEYS = {"id", "name", "die", "weapon", "armour", "hero", "at"}
OPTION_KEYS = {"points", "scenario"}
STEP_KEYS = {"model", "do", "path", "target", "with", "player", "reroll", "place", "at", "end", "expect_error"}
DOS = ("move", "attack", "pick_up", "drop", "end", "pass")
EXPECT_KEYS = {"models", "marker", "round", "first", "over", "dice_left", "pending"}
EXPECT_MINI_KEYS = {"at", "alive", "armour", "acted", "carrying"}


class Runner(Script):
    """A Chessboard Skirmish scenario (the core's `Script` with this ruleset's steps)."""

    # -- the position --
    def run(self) -> None:
        d = self.header(TOP_KEYS, ("name", "players", "armies"), "name, players, armies, steps, expect")
        arena = self.arena(from_spec, grids=("square",)) if "arena" in d else from_spec({"square": [8, 8]})
        players = d["players"]
        if not (isinstance(players, list) and len(players) == 2 and all(isinstance(p, str) for p in players)
                and players[0] != players[1]):
            raise self.malformed(("players",), "expected two different player names [A, B]")
        options = self.options(d.get("options") or {})
        state = State(arena, tuple(players), options, self.minis(d["armies"], players, arena))
        if options.scenario == "retrieve" or d.get("marker") is not None:
            at = (self.position(("marker",), d["marker"], Square, arena.floor) if d.get("marker") is not None
                  else centre_squares(state)[0])
            state.marker = Marker(at)
        self.forced_dice(d.get("dice"))

        def make():
            game = Game(state, self.dice, placement=False)
            game.start()  # rolls round 1's initiative
            return game

        self.begin(make)
        self.play_out(d)

    def options(self, data) -> Options:
        self.options_mapping(data, OPTION_KEYS, "{points: 30, scenario: retrieve}")
        points, scenario = data.get("points"), data.get("scenario")
        if points is not None and points not in (20, 30, 40, 50):
            raise self.malformed(("options", "points"), "expected 20, 30, 40, 50 or null")
        if scenario is not None and scenario not in SCENARIOS:
            raise self.malformed(("options", "scenario"), f"expected {', '.join(SCENARIOS)} or null")
        return Options(points, scenario, 0)

    def minis(self, data, players, arena) -> dict:
        if not isinstance(data, dict) or set(data) - set(players):
            raise self.malformed(("armies",), f"expected {{{players[0]}: [...], {players[1]}: [...]}}")
        out: dict[str, Mini] = {}
        taken: dict = {}
        for p in players:
            army = data.get(p) or []
            if not isinstance(army, list):
                raise self.malformed(("armies", p), "expected a list of miniatures")
            for kp, mid, m in self.piece_entries(("armies", p), army, ("id",), MINI_KEYS, out,
                                                 "a miniature {id, die, weapon, armour, hero, at}", "miniature"):
                die = m.get("die", "d6")
                sides = int(die[1:]) if isinstance(die, str) and die[1:].isdigit() and die[0] in "dD" else die
                if sides not in DICE:
                    raise self.malformed(kp + ("die",), f"expected one of {', '.join(f'd{n}' for n in DICE)}")
                weapon = m.get("weapon", "melee")
                if weapon not in WEAPONS:
                    raise self.malformed(kp + ("weapon",), "expected melee, bow or gun")
                armour = m.get("armour", 0)
                if not isinstance(armour, int) or isinstance(armour, bool) or armour < 0:
                    raise self.malformed(kp + ("armour",), "expected a whole number from 0")
                hero = m.get("hero", False)
                if not isinstance(hero, bool):
                    raise self.malformed(kp + ("hero",), "expected true or false")
                at = None
                if m.get("at") is not None:
                    at = self.position(kp + ("at",), m["at"], Square, arena.floor)
                    if at in taken:
                        raise self.malformed(kp + ("at",), f"{list(at)} already holds {taken[at]}")
                    taken[at] = mid
                spec = Miniature(str(m.get("name", mid)), sides, weapon, armour, hero)
                out[mid] = Mini(mid, p, spec, at, armour)
        for p in players:
            if not any(m.owner == p for m in out.values()):
                raise self.malformed(("armies", p), f"{p} has no miniatures")
        return out

    # -- the steps --
    def step(self, i: int, step) -> None:
        self.step_mapping(i, step, STEP_KEYS)
        if not ("reroll" in step and "player" in step):
            self.decline_offers()
        error = None
        try:
            if "end" in step:
                if step["end"] != "round":
                    raise self.malformed(("steps", i, "end"), "expected end: round")
                self.end_round()
            elif "model" in step:
                self.model_step(i, step)
            elif "player" in step and "reroll" in step:
                self.reroll_step(i, step)
            elif "player" in step and "place" in step:
                at = self.position(("steps", i, "at"), step.get("at"), Square)
                self.decide(Place(str(step["player"]), str(step["place"]), at))
            else:
                raise self.malformed(("steps", i), "expected a model step, a reroll, a place or end: round")
        except IllegalAction as e:
            error = e
        self.judge_refusal(step, error)

    def decline_offers(self) -> None:
        while self.game.pending is not None and self.game.pending.kind == REROLL:
            self.decide(Reroll(self.game.pending.player, False))

    def model_step(self, i: int, step) -> None:
        g = self.game
        mid, m, do = self.step_piece(i, step, g.state.minis, DOS, "no miniature {!r} in the armies")
        p = m.owner
        if do == "move":
            action = Move(p, mid, tuple(self.positions(("steps", i, "path"), step.get("path"), Square)))
        elif do == "attack":
            target = str(step.get("target"))
            if target not in g.state.minis:
                raise self.malformed(("steps", i, "target"), f"no miniature {target!r} in the armies")
            mode = step.get("with", MELEE)
            if mode not in (MELEE, RANGED):
                raise self.malformed(("steps", i, "with"), "expected melee or ranged")
            action = Attack(p, mid, target, mode)
        else:
            action = {"pick_up": PickUp, "drop": Drop, "end": End, "pass": Pass}[do](p, mid)
        act = g.state.activation
        if act is not None or g.over or g.pending is None or g.pending.kind != PICK:
            self.decide(action)  # the open activation's (or the game refuses it)
            return
        if do == "pass":
            self.decide(Pass(p, mid))
            return
        trial = g.copy()  # pick, then the action; refused: the game is as it was, the pick undone
        trial.apply(Pick(p, mid))
        trial.apply(action)
        self.decide(Pick(p, mid))
        self.decide(action)

    def reroll_step(self, i: int, step) -> None:
        g = self.game
        want = step["reroll"]
        d = g.pending
        if d is not None and d.kind == REROLL and want not in (True, False) and str(want) != d.mini:
            raise IllegalAction("no_reroll", f"the die just rolled is {d.mini}'s, not {want}'s")
        self.decide(Reroll(str(step["player"]), want is not False))

    def end_round(self) -> None:
        """End the open activation, pass every miniature that has not acted, place owed reserves on
        the lowest-x free home-row squares in army order; stop after the next initiative roll."""
        g = self.game
        if g.over:
            raise IllegalAction("game_over", "the game is over")
        r0 = g.state.round

        def answer(game):
            d = game.pending
            if d.kind == REROLL:
                return Reroll(d.player, False)
            if d.kind == PLACE:
                return place_options(game.state, d.player)[0]
            if d.kind == PICK:
                return Pass(d.player, game.state.ready(d.player)[0].id)
            return End(d.player, d.mini)

        self.play(answer, stop=lambda game, n: game.state.round > r0)

    # -- the end --
    def optional_window(self, decision) -> bool:
        return decision is not None and decision.kind == REROLL

    def decline(self, game):
        return Reroll(game.pending.player, False)

    def check(self, expect) -> None:
        self.expect_mapping(expect, EXPECT_KEYS)
        g, s = self.game, self.game.state
        for mid, m, key, value in self.expected_fields(expect, s.minis, EXPECT_MINI_KEYS, noun="miniature", empty_ok=True):
            got = {"at": list(m.at) if m.at is not None else None, "alive": m.alive, "armour": m.armour,
                   "acted": m.acted, "carrying": m.carrying}[key]
            if got != value:
                raise Fail(f"{self.where('expect', 'models', mid, key)}: {mid}'s {key} is {got}, expected {value}")
        if "marker" in expect:
            self.check_marker(expect["marker"])
        for key, got in (("round", s.round), ("first", s.first)):
            if key in expect and expect[key] != got:
                raise Fail(f"{self.where('expect', key)}: {key} is {got}, expected {expect[key]}")
        if "over" in expect:
            want = expect["over"]
            o = g.outcome
            got = (False if o is None else "draw" if not o.winners else {"winner": list(o.winners)})
            if want != got:
                raise Fail(f"{self.where('expect', 'over')}: the game is {got}"
                           f"{f' ({o.reason})' if o else ''}, expected {want}")
        if "dice_left" in expect and expect["dice_left"] != self.dice.left:
            raise Fail(f"{self.where('expect', 'dice_left')}: {self.dice.left} dice left, expected {expect['dice_left']}")
        if "pending" in expect:
            d = g.pending
            got = None if d is None else {"player": d.player, "kind": d.kind, "mini": d.mini}
            want = expect["pending"]
            if want is None and got is not None or want is not None and (
                    got is None or any(got.get(k) != v for k, v in want.items())):
                raise Fail(f"{self.where('expect', 'pending')}: pending is {got}, expected {want}")

    def check_marker(self, want) -> None:
        s = self.game.state
        if s.marker is None:
            raise Fail(f"{self.where('expect', 'marker')}: this game has no marker")
        got = {"at": list(s.marker.at) if s.marker.at is not None else None, "carried_by": s.marker.carrier}
        if not isinstance(want, dict) or set(want) - set(got):
            raise self.malformed(("expect", "marker"), "expected {at: [x, y]} or {carried_by: ID}")
        for key, value in want.items():
            if got[key] != value:
                raise Fail(f"{self.where('expect', 'marker', key)}: the marker's {key} is {got[key]}, expected {value}")
