"""Tic-tac-toe on squares (3x3, or any square arena), the smallest ruleset on the core (docs/ARCHITECTURE.md):
a d2 says who starts, each marks a free floor square, three in a row wins, a full board draws (a plugin: manifest.py)."""

from collections import namedtuple

from deathmatch.board import Square, from_spec, square
from deathmatch.core.dice import SeededDice
from deathmatch.core.errors import IllegalAction
from deathmatch.core.machine import Machine
from deathmatch.core.registry import Ruleset, register
from deathmatch.core.scenario import Fail, Script

Setup = namedtuple("Setup", "players seed arena", defaults=(("X", "O"), 0, square(3, 3)))
Mark, Decision = namedtuple("Mark", "player at"), namedtuple("Decision", "player kind options")  # the one action
DieRolled = namedtuple("DieRolled", "value sides")  # the events
Marked, Outcome = namedtuple("Marked", "player at"), namedtuple("Outcome", "reason winners")
state_for = lambda g, player: {"board": dict(g.board), "turn": g.turn, "outcome": g.outcome}  # all seats see all


class Toss:  # the tasks: each runs, and AskMark also checks and takes the answer
    def run(self, g):
        g.emit(DieRolled(value := g.dice.roll(2), 2))  # a d2: the core's dice have any number of sides
        g.turn = g.players[value - 1]
        g.schedule(AskMark())


class AskMark:
    def run(self, g):
        g.ask(self, Decision(g.turn, "mark", tuple(Mark(g.turn, c) for c in g.cells if c not in g.board)))

    def check(self, g, d, a):  # raise IllegalAction, change nothing
        problem = ("wrong_decision", f"{d.player} must mark a cell") if type(a) is not Mark else \
            ("not_your_turn", f"it is {d.player}'s turn") if a.player != d.player else \
            ("bad_cell", f"{a.at} is not a floor square") if a.at not in g.setup.arena.floor else \
            ("occupied", f"{a.at} is already marked") if a.at in g.board else None
        if problem:
            g.refuse(*problem)

    def answer(self, g, d, a):
        g.board[a.at] = a.player
        g.emit(Marked(a.player, a.at))
        if any(all(g.board.get(c) == a.player for c in line) for line in g.lines if a.at in line):
            g.outcome = Outcome("three_in_a_row", (a.player,))
        elif len(g.board) == len(g.cells):
            g.outcome = Outcome("draw", ())
        else:
            g.turn = g.players[1 - g.players.index(a.player)]
            g.schedule(AskMark())


class TicTacToe(Machine):
    def __init__(self, setup: Setup, dice=None, marks=()):
        super().__init__()
        self.setup, self.players, self.dice = setup, list(setup.players), dice or SeededDice(setup.seed)
        self.cells = sorted(floor := setup.arena.floor)  # any three floor squares in a row, straight or diagonal:
        self.lines = [ln for c in self.cells for d in ((1, 0), (0, 1), (1, 1), (1, -1))
                      if set(ln := (c, c + d, c + d + d)) <= floor]
        self.board, self.turn, self.ruleset_id, self.arena = dict(marks), None, "tictactoe", setup.arena  # marks, turn
        self.schedule(Toss())


def new_game(setup: Setup, dice=None, marks=()) -> TicTacToe:
    game.setup_events = (game := TicTacToe(setup, dice, marks)).start()  # Toss (told) and stop at the first AskMark
    return game


class Runner(Script):  # arena: {square: [W, H]} or {map: PATH}; marks: [{player: X, at: [x, y]}] already on the board;
    def run(self):  # steps: {player: X, mark: [x, y], expect_error: WORD}
        arena = self.arena(from_spec, grids=("square",)) if "arena" in self.data else square(3, 3)
        marks = {self.position(("marks", i, "at"), m.get("at"), Square, arena.floor): m.get("player")
                 for i, m in enumerate(self.data.get("marks") or [])}
        self.begin(lambda: new_game(Setup(tuple(self.data.get("players", "XO")), 0, arena),
                                    self.forced_dice(self.data.get("dice")), marks))
        self.run_steps(self.data.get("steps") or [])
        self.finish(expect := self.data.get("expect") or {})  # declines open windows (this game has none)
        want = {tuple(map(int, k.split(","))): v for k, v in (expect.get("board") or {}).items()}
        if want and want != self.game.board:
            raise Fail(f"the board is {self.game.board}, expected {want}")
        if "winner" in expect and (self.game.outcome.winners if self.game.over else None) != tuple(expect["winner"]):
            raise Fail(f"the outcome is {self.game.outcome}, expected {expect['winner']} to win")

    def step(self, i, step):
        action, error = Mark(step["player"], self.position(("steps", i, "mark"), step.get("mark"), Square)), None
        try:
            self.decide(action)
        except IllegalAction as e:
            error = e.code
        if error != step.get("expect_error"):
            raise Fail(f"{action}: the game said {error or 'yes'}, expected {step.get('expect_error') or 'yes'}")


RULESET = register(Ruleset(id="tictactoe", name="Tic-tac-toe", version=1, new_game=new_game,
    setup_from_json=lambda d: Setup(tuple(d["players"]), int(d["seed"]), from_spec(d.get("arena", {"square": [3, 3]}))),
    setup_to_json=lambda s: {"players": list(s.players), "seed": s.seed, "arena": dict(s.arena.source)},
    action_from_json=lambda d: Mark(d["player"], Square(*d["at"])),
    action_to_json=lambda a: {"player": a.player, "at": list(a.at)},
    random_answer=lambda g, rng: rng.choice(g.legal_actions()),
    run_scenario=lambda data, lines, path: Runner(data, lines, path).run(),
    view=state_for, event_visible_to=lambda event, player: True))  # every event told to all
