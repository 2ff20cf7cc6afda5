"""The toy's one manifest: all the program needs to know of Tic-tac-toe. A plugin's distribution names it in
its metadata (entry point group `deathmatch.games`: `tictactoe = "toy_tictactoe.manifest:MANIFEST"`); the
bot and the night below are the toy's, not the program's. Imports no pygame: the screens are `Ref`s."""

from __future__ import annotations

import random
from dataclasses import replace

from deathmatch.core.manifest import WINS, ClientPart, Column, GameManifest, Ref, Score, Scoring
from deathmatch.core.registry import register

from . import RULESET, Setup, TicTacToe


class RandomBot:
    """The toy's one computer player: a legal mark at random, from its seed."""

    level, thinks = "random", False

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def choose(self, game: TicTacToe):
        return self.rng.choice(game.legal_actions())


class Night:
    """The toy's part of a tournament night (`core.manifest.TournamentRules`): no pieces, no options;
    a win scores 1 VP (the night's other columns stay 0), on the 3x3 board whatever the arena."""

    stand_in = "random"

    def library(self):
        return None

    def default_options(self):
        return {}

    bot_night_options = default_options

    def options_to_json(self, options):
        return {}

    def options_from_json(self, data):
        return {}

    def setup(self, seats, arena, seed, options, *, order, banned, rng, pieces=None, library=None):
        return Setup(tuple(order), seed)

    def pieces(self, setup):
        return {}

    def located(self, record):
        return record

    def result(self, game: TicTacToe) -> dict:
        winners = list(game.outcome.winners)
        return {"arena": "3x3", "winners": winners, "scores": {p: (int(p in winners), 0, 0, 0) for p in game.players}}

    def highlights(self, results):
        return [f"Game {r['game']}: {' & '.join(r['winners']) or 'nobody'} won" for r in results]


RULES = register(replace(RULESET, bot_levels=("random",), bot=lambda level, player, seed, thinking="normal": RandomBot(seed),
                         tournament=Night()))

MANIFEST = GameManifest(
    id=RULES.id,
    name="Tic-tac-toe",
    rules=RULES,
    client=ClientPart(
        blurb="Three in a row on a square board: the toy game that proves a game is one folder.",
        table=Ref("toy_tictactoe.table", "ToyTable"),
        start=Ref("toy_tictactoe.table", "start"),
        setup=Ref("toy_tictactoe.table", "ToySetup"),
        results=Ref("toy_tictactoe.table", "ToyResults"),
        screens={"replay": Ref("toy_tictactoe.table", "ToyReplay")},
        secrets=False,
        round_word="turn",
    ),
    scoring=Scoring(columns=(Column("vp", "VP", Score(0)), WINS), tie_breaks=("vp", "wins")),  # its own two columns
    order=50,
)
