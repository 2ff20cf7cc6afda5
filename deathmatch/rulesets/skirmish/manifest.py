"""Chessboard Skirmish's manifest: the one place the program learns of the game (`deathmatch.core.manifest`).

`deathmatch.core.registry.games` finds it through the `deathmatch.games` entry point pyproject.toml names;
from it come the command line's `check-armies` and `--ruleset` choice, the per-user folders and the
client's screens of the game.
"""

from __future__ import annotations

from pathlib import Path

from ...core.manifest import WINS, ClientPart, Column, ContentKind, GameManifest, Ref, Score, Scoring
from .armies import default_army_dirs, load_armies
from .ruleset import RULESET


def check_files(paths: list[Path]) -> int:
    """Every problem, an ok line per legal army (its points, cost and size), a summary; exit 1 on a problem.
    Without paths: the bundled armies and the player's armies folder."""
    armies, problems = load_armies(paths or default_army_dirs())
    for problem in problems:
        print(problem)
    for army in armies:
        level = f"{army.points} points" if army.points is not None else "a free list"
        print(f"ok   {army.name}: {level}, costs {army.cost()}, {len(army.miniatures)} miniatures ({army.source})")
    files = len(armies) + len({p.file for p in problems})
    print(f"{len(armies)} valid armies, {files - len(armies)} broken, {len(problems)} problems in {files} files")
    return 1 if problems or not files else 0


CLIENT = ClientPart(
    blurb="Two armies of dice on a chessboard: the bigger the die, the harder it hits and the more it costs.",
    table=Ref("deathmatch.scenes.skirmish.battle", "SkirmishTable"),
    start=Ref("deathmatch.scenes.skirmish.battle", "start_battle"),
    setup=Ref("deathmatch.scenes.skirmish.setup", "SkirmishSetupScene"),
    options=Ref("deathmatch.scenes.skirmish.options", "SkirmishOptions"),
    sounds=Ref("deathmatch.scenes.skirmish.facts", "effect_for"),
    results=Ref("deathmatch.scenes.skirmish.results", "SkirmishResults"),
    new_game=Ref("deathmatch.scenes.skirmish.newgame"),
    tournament_setup=Ref("deathmatch.scenes.skirmish.tourney", "SkirmishTournamentSetup"),
    screens={"replay": Ref("deathmatch.scenes.skirmish.battle", "SkirmishReplay"),
             "army builder": Ref("deathmatch.scenes.skirmish.builder", "ArmyBuilderScene")},
    secrets=False,
    howto=Ref("deathmatch.scenes.skirmish.howto", "Pictures"),
)
"""Its screens (deathmatch/scenes/skirmish/), loaded when first shown: the manifest imports no pygame."""

MANIFEST = GameManifest(
    id=RULESET.id,
    name="Chessboard Skirmish",
    rules=RULESET,
    client=CLIENT,
    content=(
        ContentKind('check-armies', 'validate Chessboard Skirmish army files (default: the bundled and your own)',
                    check_files, user=('armies',), bundled=('armies',)),
    ),
    rules_pages=(("How to play", "skirmish_how_to_play.txt"), ("Rules", "skirmish_rules.txt"),
                 ("Rulings", "skirmish_rulings.txt")),
    scoring=Scoring(  # (rulesets/skirmish/tournament.py's result: vp, defeated, points left, armour stripped)
        columns=(Column("vp", "VP", Score(0)), WINS, Column("defeated", "defeated", Score(1)),
                 Column("left", "left", Score(2)), Column("stripped", "armour stripped", Score(3), total=False)),
        tie_breaks=("vp", "wins", "defeated", "left"),
    ),
    order=2,
)
