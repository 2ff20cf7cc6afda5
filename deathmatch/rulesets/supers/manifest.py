"""Superhero Gladiators' manifest: the one place the program learns of the game (`deathmatch.core.manifest`).

`deathmatch.core.registry.games` finds it through the `deathmatch.games` entry point pyproject.toml names;
from it come the command line's `check-heroes` and `--ruleset` choice, the per-user folders and the
client's screens of the game.
"""

from __future__ import annotations

from pathlib import Path

from ...core.manifest import WINS, ClientPart, Column, ContentKind, GameManifest, Ref, Score, Scoring
from .heroes import check_paths, load_default_heroes
from .ruleset import RULESET


def check_files(paths: list[Path]) -> int:
    """Every problem and warning, an ok line per hero checked (with its points), a summary; exit 1 on
    a problem or when nothing was checked. Without paths: the bundled heroes and the player's folder;
    given paths are checked against the bundled heroes (an id they have is a problem)."""
    base: set[str] = set()
    if paths:
        lib, base = check_paths(paths)
    else:
        lib = load_default_heroes()
    for problem in lib.problems + lib.warnings:
        print(problem)
    heroes = [h for h in lib.heroes.values() if h.id not in base]
    for h in heroes:
        n = len(h.powers)
        print(f"ok   hero {h.id}: {h.name} ({h.spent} of {h.budget} points, {h.left} left, {n} "
              f"power{'' if n == 1 else 's'}) ({lib.sources[h.id]})")
    broken = lib.files - len(heroes)
    warned = f", {len(lib.warnings)} warning{'' if len(lib.warnings) == 1 else 's'}" if lib.warnings else ""
    print(f"{len(heroes)} valid heroes, {broken} broken, {len(lib.problems)} problems{warned} in {lib.files} files")
    return 1 if lib.problems or not lib.files else 0


def design(hero_id: str | None) -> tuple[str, dict]:
    """`deathmatch design-hero [ID]`: the hero designer on a new hero, or on the bundled or player's hero
    `hero_id` (KeyError naming the heroes there are for an unknown id)."""
    if hero_id is None:
        return "hero designer", {"hero": None, "source": None}
    lib = load_default_heroes()
    if hero_id not in lib.heroes:
        raise KeyError(f"no hero has the id {hero_id!r} (heroes: {', '.join(sorted(lib.heroes)) or 'none'})")
    return "hero designer", {"hero": lib.heroes[hero_id], "source": lib.sources[hero_id]}


CLIENT = ClientPart(
    blurb="Teams of home-made heroes on a hex arena: powers bought on points, six segments a turn, gizmos to find.",
    table=Ref("deathmatch.scenes.supers.table", "SupersTable"),
    start=Ref("deathmatch.scenes.supers.table", "start_battle"),
    setup=Ref("deathmatch.scenes.supers.setup", "SupersSetupScene"),
    options=Ref("deathmatch.scenes.supers.options", "SupersOptions"),
    sounds=Ref("deathmatch.scenes.supers.facts", "effect_for"),
    results=Ref("deathmatch.scenes.supers.results", "SupersResults"),
    new_game=Ref("deathmatch.scenes.supers.newgame"),
    tournament_setup=Ref("deathmatch.scenes.supers.tourney", "SupersTournamentSetup"),
    screens={"replay": Ref("deathmatch.scenes.supers.table", "SupersReplay"),
             "hero designer": Ref("deathmatch.scenes.supers.designer", "HeroDesignerScene")},
    secret_words="Your hidden gizmos are yours to know — the others look away.",
    round_word="turn",
    howto=Ref("deathmatch.scenes.supers.howto", "Pictures"),
)
"""Its screens (deathmatch/scenes/supers/), loaded when first shown: the manifest imports no pygame."""

MANIFEST = GameManifest(
    id=RULESET.id,
    name="Superhero Gladiators",
    rules=RULESET,
    client=CLIENT,
    content=(
        ContentKind('check-heroes', "validate Superhero Gladiators hero files, printing each hero's points (default: the bundled and your own)",
                    check_files, user=('heroes',), bundled=('heroes',), design_command='design-hero',
                    design_help='the Superhero Gladiators hero designer: a new hero, or edit one by id', design=design),
    ),
    rules_pages=(("How to play", "supers_how_to_play.txt"), ("Rules", "supers_rules.txt")),
    scoring=Scoring(  # (rulesets/supers/tournament.py's result: vp, heroes fainted, own standing, oomph taken)
        columns=(Column("vp", "VP", Score(0)), WINS, Column("kos", "KOs", Score(1)),
                 Column("standing", "standing", Score(2)), Column("oomph", "oomph taken", Score(3), total=False)),
        tie_breaks=("vp", "wins", "kos", "standing"),
    ),
    order=4,
)
