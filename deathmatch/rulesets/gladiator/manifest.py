"""Gladiator!'s manifest: the one place the program learns of the game (`deathmatch.core.manifest`).

`deathmatch.core.registry.games` finds it through the `deathmatch.games` entry point pyproject.toml names;
from it come the command line's `check-gladiators` and `--ruleset` choice, the per-user folders and the
client's screens of the game.
"""

from __future__ import annotations

from pathlib import Path

from ...core.manifest import ClientPart, ContentKind, GameManifest, Ref
from .gladiators import check_paths, load_default_library
from .ruleset import RULESET


def check_files(paths: list[Path]) -> int:
    """Every problem and warning, an ok line per card and gladiator checked, a summary; exit 1 on a
    problem or when nothing was checked. Without paths: the bundled files and the player's folders;
    given paths are checked against the bundled files (an id they have is a problem)."""
    base_cards: set[str] = set()
    base_gladiators: set[str] = set()
    if paths:
        lib, base_cards, base_gladiators = check_paths(paths)
    else:
        lib = load_default_library()
    for problem in lib.problems + lib.warnings:
        print(problem)
    cards = [c for c in lib.cards.values() if c.id not in base_cards]
    gladiators = [g for g in lib.gladiators.values() if g.id not in base_gladiators]
    for c in cards:
        amount = f" {c.amount}" if c.amount else ""
        print(f"ok   card {c.id}: {c.name} ({c.kind}{amount}) ({c.source})")
    for g in gladiators:
        held = f", {len(g.cards)} card{'' if len(g.cards) == 1 else 's'}" if g.cards else ""
        print(f"ok   gladiator {g.id}: {g.name} ({g.type}{held}) ({g.source})")
    valid = len(cards) + len(gladiators)
    broken = lib.files - valid
    warned = f", {len(lib.warnings)} warning{'' if len(lib.warnings) == 1 else 's'}" if lib.warnings else ""
    print(f"{len(gladiators)} valid gladiators, {len(cards)} valid cards, {broken} broken, {len(lib.problems)} "
          f"problems{warned} in {lib.files} files")
    return 1 if lib.problems or not lib.files else 0


CLIENT = ClientPart(
    blurb="Two gladiators on a hex arena: facing, action points, wounds by location, and the crowd's thumbs.",
    table=Ref("deathmatch.scenes.gladiator.bout", "GladiatorTable"),
    start=Ref("deathmatch.scenes.gladiator.bout", "start_battle"),
    setup=Ref("deathmatch.scenes.gladiator.setup", "GladiatorSetupScene"),
    options=Ref("deathmatch.scenes.gladiator.options", "GladiatorOptions"),
    sounds=Ref("deathmatch.scenes.gladiator.facts", "effect_for"),
    results=Ref("deathmatch.scenes.gladiator.results", "GladiatorResults"),
    new_game=Ref("deathmatch.scenes.gladiator.newgame"),
    careers=Ref("deathmatch.scenes.gladiator.ledger", "to_continue"),
    screens={"replay": Ref("deathmatch.scenes.gladiator.bout", "GladiatorReplay"),
             "seasons": Ref("deathmatch.scenes.gladiator.seasons", "SeasonsScene"),
             "new season": Ref("deathmatch.scenes.gladiator.seasons", "NewSeasonScene"),
             "found ludus": Ref("deathmatch.scenes.gladiator.ludus", "FoundScene"),
             "market": Ref("deathmatch.scenes.gladiator.ludus", "MarketScene"),
             "season": Ref("deathmatch.scenes.gladiator.hub", "SeasonHub"),
             "pick fighter": Ref("deathmatch.scenes.gladiator.hub", "PickScene"),
             "bout done": Ref("deathmatch.scenes.gladiator.hub", "BoutDoneScene"),
             "gods orders": Ref("deathmatch.scenes.gladiator.orders", "GodsOrdersScene")},
    secrets=False,
    round_word="turn",
    howto=Ref("deathmatch.scenes.gladiator.howto", "Pictures"),
)
"""Its screens (deathmatch/scenes/gladiator/), loaded when first shown: the manifest imports no pygame."""

MANIFEST = GameManifest(
    id=RULESET.id,
    name="Gladiator!",
    rules=RULESET,
    client=CLIENT,
    content=(
        ContentKind('check-gladiators', 'validate Gladiator! gladiator and experience card files (default: the bundled and your own; a folder called experience holds cards)',
                    check_files, user=('gladiators', 'experience'), bundled=('gladiators', 'experience')),
    ),
    rules_pages=(("How to play", "gladiator_how_to_play.txt"), ("Rules", "gladiator_rules.txt")),
    career=Ref("deathmatch.rulesets.gladiator.season"),
    order=3,
)
