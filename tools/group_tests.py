#!/usr/bin/env python3
"""Put each test file of tests/ in the folder of its layer or game (issue 28, item 8).

    python tools/group_tests.py            # the plan only: what would move where, what has no folder
    python tools/group_tests.py --apply    # `git mv` each file, then fix the mentions of its old path

The folders: tests/core/ (the rules side's shared parts: core/, the registry and manifests, search, the
scenario runner, the lab, tournament nights), tests/board/ (geometry, arenas, the Tiled loader),
tests/shell/ (the client, the shared scenes, the app, saves, settings, packaging, the checks of the
tree: lint, layers, docs), and one folder a game: tests/celebrity/, tests/skirmish/, tests/gladiator/,
tests/supers/. tests/conformance/ (every registered game) and tests/toy_tictactoe/ (the toy plugin) are
packages of their own and are left alone, as are the shared helpers at tests/ (conftest.py, the drivers,
data/, scenarios/): the root conftest.py keeps tests/ on sys.path for them.

A file's folder is the one GROUPS names it in, else the one its name's prefix gives (PREFIXES:
`test_supers_*.py` → supers/ ...). Only files at tests/ itself are moved: a file already in a folder
stays where it is, so running this again after new test files appear moves just those. A file at tests/
that neither names is listed as "not placed" (exit status 1): add it to GROUPS and run again.

`--apply` also rewrites `tests/test_x.py` to `tests/<folder>/test_x.py` in every tracked text file (docs,
comments, docstrings; not the files under tests/data/ and tests/scenarios/ but their READMEs) for each grouped test whose old path is gone, so a mention written before the move
(on a branch merged later) is fixed by running this again. A moved file that reads paths from its own
`__file__` is named: its paths are one folder deeper now (use conftest's ROOT or TESTS instead).

Deterministic: files are taken in sorted order, and the same tree gives the same plan.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TESTS = ROOT / "tests"

GROUPS: dict[str, tuple[str, ...]] = {
    # The rules side's shared parts: no pygame, no one game.
    "core": (
        "test_balance.py", "test_balance_cluster.py", "test_benchmark_engine.py", "test_core.py",
        "test_fast_build.py", "test_front.py", "test_hostile_gate.py", "test_manifest.py",
        "test_ruleset_hooks.py", "test_scenario_not_asked.py", "test_scenarios.py", "test_search.py",
        "test_search_budgets.py", "test_shared_parts.py", "test_learned.py", "test_bots_benchmark.py", "test_soak.py", "test_tournament.py", "test_toy.py",
    ),
    # Geometry, arenas, the Tiled loader and the maps.
    "board": (
        "test_arena.py", "test_arena_ids.py", "test_board_maps.py", "test_counted_moves.py", "test_hex.py",
        "test_hostile_maps.py", "test_maps.py", "test_real_tiled.py", "test_square.py", "test_tiled_layout.py",
    ),
    # The client and the shared scenes, the app around them, saves, settings, packaging, and the checks of the
    # tree itself (lint, layers, import circles, docs).
    "shell": (
        "test_handoff_where.py", "test_help_overlay.py", "test_howto_pages.py", "test_recap.py",
        "test_recap_panel_place.py", "test_results_no_stray_enter.py", "test_shortened.py", "test_sound_levels.py",
        "test_app_entry.py", "test_art.py", "test_cli_rulesets.py", "test_compare_screens.py", "test_docs.py",
        "test_fault_sweep.py", "test_frame_caches.py", "test_grouped_tests.py", "test_handoff_only_when_hidden.py", "test_hostile_audit.py", "test_hostile_crashes.py",
        "test_hostile_files.py", "test_hostile_links.py", "test_hostile_text.py", "test_idle.py",
        "test_import_circles.py", "test_layers.py", "test_layout.py", "test_leaks.py", "test_lint.py",
        "test_mapview.py", "test_package.py", "test_paths.py", "test_purity.py", "test_resumed_log.py",
        "test_router.py", "test_rules_rulesets.py", "test_rules_screen.py", "test_ruleset_imports.py",
        "test_save_as_every_game.py", "test_saves.py", "test_screens.py", "test_settings.py", "test_shared_setup.py", "test_shell.py",
        "test_smoke.py", "test_sound.py", "test_sprites.py", "test_squareview.py", "test_table_parts.py", "test_tampering.py",
        "test_toy_plugin.py", "test_view_only.py",
        # issue 29's layout and small things
        "test_continue_unfinished.py", "test_f1_keys.py", "test_hint_placement.py", "test_resize_refit.py",
        "test_settings_roundtrip.py", "test_settings_window_sizes.py", "test_text_spacing.py",
    ),
    # Celebrity Deathmatch (`deathmatch.engine` is its rules): cards, its engine, bots, orders, its screens.
    "celebrity": (
        "test_first_night_table.py", "test_first_night_words.py", "test_push_back_orders.py", "test_results_words.py", "test_told_after_the_dice.py", "test_undo_offer.py",
        "test_bots.py", "test_card_files.py", "test_card_schema.py", "test_card_text.py", "test_cards.py",
        "test_client.py", "test_engine.py", "test_frozen.py", "test_hidden.py", "test_lazy_values.py",
        "test_orders.py", "test_orders_screen.py", "test_properties.py", "test_replay.py",
        "test_setup_options.py", "test_timeline.py", "test_to_hit.py", "test_values.py", "test_learned_value.py",
    ),
    "skirmish": ("test_army_builder.py", "test_army_files.py", "test_square_tileset.py"),
    "gladiator": ("test_career.py",),
    "supers": (),
    # Phones as private hands: every game's phone seats, the server, the page in a real browser.
    "phones": (),
}
"""Each folder's files by name; a name here wins over its prefix."""

PREFIXES: tuple[tuple[str, str], ...] = (
    ("test_celebrity", "celebrity"),
    ("test_skirmish", "skirmish"),
    ("test_gladiator", "gladiator"),
    ("test_supers", "supers"),
    ("test_phones", "phones"),
)
"""`test_<game>.py` and `test_<game>_*.py` go to the game's folder; `test_phones_*.py` (phones as private hands,
every game's) to phones/."""

LEFT_ALONE = ("conformance", "toy_tictactoe", "data", "scenarios", "__pycache__")
"""Folders of tests/ that are not groups: never scanned for moves."""


def place(name: str) -> str | None:
    """The folder a test file of this name belongs in, or None when neither GROUPS nor PREFIXES names it."""
    for group, names in GROUPS.items():
        if name in names:
            return group
    stem = name.removesuffix(".py")
    for prefix, group in PREFIXES:
        if stem == prefix or stem.startswith(prefix + "_"):
            return group
    return None


@dataclass(frozen=True)
class Plan:
    moves: tuple[tuple[Path, Path], ...]
    """(from, to), both under tests/."""
    unplaced: tuple[Path, ...]
    """Test files at tests/ that no rule places."""
    clashes: tuple[tuple[Path, Path], ...]
    """(file at tests/, the file of the same name already in its folder): left where they are."""


def plan(tests: Path = TESTS) -> Plan:
    moves, unplaced, clashes = [], [], []
    for path in sorted(tests.glob("test_*.py")):
        group = place(path.name)
        if group is None:
            unplaced.append(path)
            continue
        target = tests / group / path.name
        (clashes if target.exists() else moves).append((path, target))
    return Plan(tuple(moves), tuple(unplaced), tuple(clashes))


def grouped(tests: Path = TESTS) -> list[Path]:
    """Every test file in a group folder, sorted."""
    return sorted(p for group in GROUPS for p in (tests / group).glob("test_*.py"))


def _git(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True)


def move(source: Path, target: Path, root: Path) -> str:
    """`git mv`, or a plain rename for a file git does not track yet; says which."""
    target.parent.mkdir(exist_ok=True)
    done = _git(root, "mv", str(source.relative_to(root)), str(target.relative_to(root)))
    if done.returncode == 0:
        return "git mv"
    source.rename(target)
    return "renamed (not tracked by git: git add it)"


def fix_mentions(root: Path, tests: Path) -> list[Path]:
    """Rewrite `tests/test_x.py` → `tests/<group>/test_x.py` in tracked text files, for every grouped file whose
    old path is gone. Returns the files changed, sorted."""
    old_to_new = {f"tests/{p.name}": p.relative_to(root).as_posix()
                  for p in grouped(tests) if not (tests / p.name).exists()}
    if not old_to_new:
        return []
    # The old path as a whole name: not the tail of a longer name (`my_tests/…`), not a prefix (`test_x.py.bak`).
    pattern = re.compile(r"(?<![\w-])(" + "|".join(re.escape(o) for o in sorted(old_to_new, reverse=True))
                         + r")(?!\w|\.\w)")
    listed = _git(root, "ls-files", "-z")
    names = sorted(n for n in listed.stdout.split("\0") if n) if listed.returncode == 0 else []
    changed = []
    for name in names:
        path = root / name
        if not path.is_file() or path.is_symlink() or _is_test_data(name):
            continue
        try:
            text = path.read_bytes().decode("utf-8")
        except UnicodeDecodeError:
            continue
        new = pattern.sub(lambda m: old_to_new[m.group(1)], text)
        if new != text:
            path.write_bytes(new.encode("utf-8"))
            changed.append(path)
    return changed


def _is_test_data(name: str) -> bool:
    """A file the tests read (a golden, a map, a scenario): its bytes stay as they were; its README may change."""
    return name.startswith(("tests/data/", "tests/scenarios/")) and not name.endswith(".md")


def reads_own_path(path: Path) -> bool:
    return re.search(r"(?<![\w.])__file__", path.read_text(encoding="utf-8", errors="replace")) is not None


def main(argv: list[str] | None = None, root: Path = ROOT) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--apply", action="store_true", help="move the files and fix the mentions of their paths")
    args = parser.parse_args(argv)
    tests = root / "tests"
    todo = plan(tests)
    rel = lambda p: p.relative_to(root).as_posix()  # noqa: E731
    for source, target in todo.moves:
        how = move(source, target, root) if args.apply else "would move"
        note = "  (reads its own __file__: check its paths)" if reads_own_path(target if args.apply else source) else ""
        print(f"{rel(source)} -> {rel(target)}: {how}{note}")
    for source, target in todo.clashes:
        print(f"{rel(source)}: left where it is, {rel(target)} exists already")
    if args.apply:
        for path in fix_mentions(root, tests):
            print(f"mentions fixed: {rel(path)}")
    for path in todo.unplaced:
        print(f"not placed: {rel(path)} (name its folder in GROUPS in tools/group_tests.py)")
    print(f"{len(todo.moves)} {'moved' if args.apply else 'to move'}, {len(todo.clashes)} clashes, "
          f"{len(todo.unplaced)} not placed, {len(grouped(tests))} in their folders")
    return 1 if todo.unplaced or todo.clashes else 0


if __name__ == "__main__":
    sys.exit(main())
