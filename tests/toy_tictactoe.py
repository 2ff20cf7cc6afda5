"""Tic-tac-toe on a 3x3 square grid, the smallest ruleset on the core (docs/ARCHITECTURE.md):
a d2 says who starts, each player marks an empty cell, three in a row wins, a full grid draws."""

from collections import namedtuple

from deathmatch.core.dice import SeededDice
from deathmatch.core.errors import IllegalAction
from deathmatch.core.machine import Machine
from deathmatch.core.registry import Ruleset, register
from deathmatch.core.scenario import Fail, Script

CELLS = [(x, y) for y in range(3) for x in range(3)]
LINES = [[(x, y) for x in range(3)] for y in range(3)] + [[(x, y) for y in range(3)] for x in range(3)] \
    + [[(i, i) for i in range(3)], [(2 - i, i) for i in range(3)]]

Setup = namedtuple("Setup", "players seed", defaults=(("X", "O"), 0))
Mark = namedtuple("Mark", "player at")  # the one action
Decision = namedtuple("Decision", "player kind options")
DieRolled = namedtuple("DieRolled", "value sides")  # the events
Marked = namedtuple("Marked", "player at")
Outcome = namedtuple("Outcome", "reason winners")


class Toss:  # the tasks: each runs, and AskMark also checks and takes the answer
    def run(self, g):
        g.emit(DieRolled(value := g.dice.roll(2), 2))  # a d2: the core's dice have any number of sides
        g.turn = g.players[value - 1]
        g.schedule(AskMark())


class AskMark:
    def run(self, g):
        g.ask(self, Decision(g.turn, "mark", tuple(Mark(g.turn, c) for c in CELLS if c not in g.board)))

    def check(self, g, d, a):  # raise IllegalAction, change nothing
        problem = ("wrong_decision", f"{d.player} must mark a cell") if type(a) is not Mark else \
            ("not_your_turn", f"it is {d.player}'s turn") if a.player != d.player else \
            ("bad_cell", f"{a.at} is not on the 3x3 grid") if a.at not in CELLS else \
            ("occupied", f"{a.at} is already marked") if a.at in g.board else None
        if problem:
            g.refuse(*problem)

    def answer(self, g, d, a):
        g.board[a.at] = a.player
        g.emit(Marked(a.player, a.at))
        if any(all(g.board.get(c) == a.player for c in line) for line in LINES):
            g.outcome = Outcome("three_in_a_row", (a.player,))
        elif len(g.board) == 9:
            g.outcome = Outcome("draw", ())
        else:
            g.turn = g.players[1 - g.players.index(a.player)]
            g.schedule(AskMark())


class TicTacToe(Machine):
    def __init__(self, setup: Setup, dice=None):
        super().__init__()
        self.setup, self.players, self.dice = setup, list(setup.players), dice or SeededDice(setup.seed)
        self.board, self.turn = {}, None  # the data: cell -> player; whose turn it is
        self.schedule(Toss())


def new_game(setup: Setup, dice=None) -> TicTacToe:
    game = TicTacToe(setup, dice)
    game.start()  # runs Toss and stops at the first AskMark
    return game


class Runner(Script):  # scenario steps: {player: X, mark: [x, y], expect_error: WORD}
    def run(self):
        self.begin(lambda: new_game(Setup(tuple(self.data.get("players", "XO"))), self.forced_dice(self.data.get("dice"))))
        self.run_steps(self.data.get("steps") or [])
        self.finish(expect := self.data.get("expect") or {})  # declines open windows (this game has none)
        want = {tuple(map(int, k.split(","))): v for k, v in (expect.get("board") or {}).items()}
        if want and want != self.game.board:
            raise Fail(f"the board is {self.game.board}, expected {want}")
        if "winner" in expect and (self.game.outcome.winners if self.game.over else None) != tuple(expect["winner"]):
            raise Fail(f"the outcome is {self.game.outcome}, expected {expect['winner']} to win")

    def step(self, i, step):
        action, error = Mark(step["player"], tuple(step["mark"])), None
        try:
            self.decide(action)
        except IllegalAction as e:
            error = e.code
        if error != step.get("expect_error"):
            raise Fail(f"{action}: the game said {error or 'yes'}, expected {step.get('expect_error') or 'yes'}")


RULESET = register(Ruleset(
    id="tictactoe", name="Tic-tac-toe", version=1, new_game=new_game,
    setup_from_json=lambda d: Setup(tuple(d["players"]), int(d["seed"])),
    setup_to_json=lambda s: {"players": list(s.players), "seed": s.seed},
    action_from_json=lambda d: Mark(d["player"], tuple(d["at"])),
    action_to_json=lambda a: {"player": a.player, "at": list(a.at)},
    random_answer=lambda g, rng: rng.choice(g.legal_actions()),
    run_scenario=lambda data, lines, path: Runner(data, lines, path).run(),
    view=lambda g, player: {"board": dict(g.board), "turn": g.turn, "outcome": g.outcome},
))
