"""Screens read views, never the game: every module under `deathmatch/scenes/` and
`deathmatch/client/` is read, and an attribute read of a game — of anything named `game` or
`fresh`, of an `….game`, or of a name given one of those (`g = self.game`) — is a reach into the live game, which would show a
person what their view hides. A screen holds a `deathmatch.core.front.Front` and asks it
(`front.view(viewer)`, `front.decision(viewer)`, `front.ask(viewer, …)`); it may pass a game on
unread (to a `Front`, a save, a bot)."""

from __future__ import annotations

import ast
from pathlib import Path

import deathmatch

ROOT = Path(deathmatch.__file__).parent
GAME_NAMES = {"game", "fresh"}
PUBLIC = {"ruleset_id"}
"""What a screen may read of a game itself: which game it is (to route it to its table)."""

# What is left to move onto the view, by file: none (issue 28, item 1); a file listed here may only shrink.
STILL_READING: dict[str, int] = {}


def reaches(path: Path) -> list[tuple[int, str]]:
    """(line, text) of each attribute read of a game in the module at `path`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))

    def gamey(v, names) -> bool:
        return (isinstance(v, ast.Name) and v.id in names) or (isinstance(v, ast.Attribute) and v.attr == "game")

    names = set(GAME_NAMES)  # and every name given a game in this module (`g = self.game`)
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and gamey(node.value, names):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "vars") \
                and node.args and gamey(node.args[0], names):
            what = node.args[1].value if len(node.args) > 1 and isinstance(node.args[1], ast.Constant) else None
            if what not in PUBLIC:
                found.append((node.lineno, ast.unparse(node)))
            continue
        if not isinstance(node, ast.Attribute):
            continue
        if node.attr in PUBLIC:
            continue
        if isinstance(node.ctx, ast.Store) and node.attr == "seat_bots":
            continue  # the host noting on a new game who plays it by computer (read back by its table's front)
        if (gamey(node.value, names) and node.attr not in ("setter", "getter", "deleter")) or node.attr == "_Front__game":
            found.append((node.lineno, ast.unparse(node)))
    return found


def all_reaches() -> dict[str, list]:
    out = {}
    for folder in ("scenes", "client"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            r = reaches(path)
            if r:
                out[str(path.relative_to(ROOT))] = r
    return out


def test_no_screen_reads_the_game():
    over = []
    for name, found in all_reaches().items():
        allowed = STILL_READING.get(name, 0)
        if len(found) > allowed:
            lines = ", ".join(f"{line}: {text}" for line, text in found[:6])
            over.append(f"{name}: {len(found)} reaches into the game (allowed {allowed}): {lines}")
    assert not over, "screens must read views (deathmatch.core.front), not the game:\n" + "\n".join(over)


def test_the_list_of_files_still_reading_only_shrinks():
    now = all_reaches()
    stale = {k: v for k, v in STILL_READING.items() if len(now.get(k, ())) < v}
    assert not stale, f"lower these in STILL_READING (they read the game less now): {stale}"


def test_the_detector_finds_a_reach(tmp_path):
    p = tmp_path / "screen.py"
    p.write_text("def draw(self, game):\n    x = self.game.state\n    y = game.models\n    z = self.front.view(None)\n"
                 "    g = self.game\n    w = g.round\n    v = getattr(game, 'setup', None)\n    r = game.ruleset_id\n")
    assert [line for line, _ in reaches(p)] == [2, 3, 6, 7]
