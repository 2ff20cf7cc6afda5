"""Celebrity Deathmatch's manifest: the one place the program learns of the game (`deathmatch.core.manifest`).

`deathmatch.core.registry.games` finds it through the `deathmatch.games` entry point pyproject.toml names;
from it come the command line's `check-cards` and `--ruleset` choice, the per-user folders and the
client's screens of the game.
"""

from __future__ import annotations

from pathlib import Path

from ...core.manifest import WINS, ClientPart, Column, ContentKind, GameManifest, Ref, Score, Scoring
from .cards import SCHEMA_FILE, check_card_paths, default_card_paths, load_cards
from .ruleset import RULESET


def check_files(paths: list[Path]) -> int:
    """Every problem and warning, an ok line per card checked, a summary; exit 1 on a problem.
    Given paths are checked against the bundled cards too (an id they have is a problem)."""
    base: set[str] = set()
    if paths:
        lib, base = check_card_paths(paths)
    else:
        lib = load_cards(default_card_paths())
    for problem in lib.problems + lib.warnings:
        print(problem)
    checked = [card for card in lib.cards.values() if card.id not in base]
    for card in checked:
        print(f"ok   {card.id}: {card.name} ({card.source})")
    broken = lib.files - len(checked)
    against = f" (checked against the {len(base)} bundled cards)" if base else ""
    warned = f", {len(lib.warnings)} warning{'' if len(lib.warnings) == 1 else 's'}" if lib.warnings else ""
    print(f"{len(checked)} valid cards, {broken} broken, {len(lib.problems)} problems{warned} in {lib.files} files{against}")
    return 1 if lib.problems else 0


CLIENT = ClientPart(
    blurb="Two to ten celebrities of history on a hex arena: stab on a 6, grab the loot, mind the beasts.",
    table=Ref("deathmatch.scenes.celebrity.battle", "BattleScene"),
    start=Ref("deathmatch.scenes.celebrity.battle", "start_battle"),
    setup=Ref("deathmatch.scenes.setup", "NewGameScene"),
    options=Ref("deathmatch.scenes.celebrity.options", "CelebrityOptions"),
    sounds=Ref("deathmatch.scenes.celebrity.sounds", "effect_for"),
    results=Ref("deathmatch.scenes.celebrity.results", "CelebrityResults"),
    new_game=Ref("deathmatch.scenes.celebrity.newgame"),
    tournament_setup=Ref("deathmatch.scenes.tourney", "TournamentSetupScene"),
    screens={"replay": Ref("deathmatch.scenes.celebrity.replay", "ReplayScene"),
             "orders": Ref("deathmatch.scenes.celebrity.orders", "OrdersScene")},
    howto=Ref("deathmatch.scenes.celebrity.howto", "Pictures"),
)
"""Its screens (deathmatch/scenes/celebrity/), loaded when first shown: the manifest imports no pygame."""

MANIFEST = GameManifest(
    id=RULESET.id,
    name="Semi-Historical Celebrity Deathmatch",
    rules=RULESET,
    client=CLIENT,
    content=(
        ContentKind('check-cards', 'validate character cards (default: the bundled and your own)',
                    check_files, user=('cards',), bundled=('cards',), schema=SCHEMA_FILE),
    ),
    rules_pages=(("How to play", "how_to_play.txt"), ("Rules", "rules.txt"), ("Rulings", "rulings.txt"),
                 ("Characters", "gallery")),
    scoring=Scoring(
        columns=(Column("vp", "VP", Score(0)), WINS, Column("kills", "kills", Score(1)),
                 Column("loot", "loot", Score(2)), Column("lives taken", "lives taken", Score(3), total=False)),
        tie_breaks=("vp", "wins", "kills", "loot"),
    ),
    order=1,
)
