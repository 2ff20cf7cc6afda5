"""F1 lists every key a table answers. The keys are read from each table's own source (every
`pygame.K_…` its key handling and its buttons name, and the keys every table shares), so a key
added to a table without a line in its controls fails here: the help can not drift from the play."""

import ast
import re

import pytest

from conftest import ROOT

SCENES = ROOT / "deathmatch" / "scenes"
TABLES = {"celebrity": "celebrity/battle.py", "skirmish": "skirmish/battle.py", "gladiator": "gladiator/bout.py",
          "supers": "supers/table.py"}

WORDS = {"ESCAPE": "Esc", "TAB": "Tab", "RETURN": "Enter", "KP_ENTER": "Enter", "SPACE": "Space",
         "LEFTBRACKET": "[", "RIGHTBRACKET": "]", "PLUS": "+", "EQUALS": "+", "KP_PLUS": "+", "MINUS": "-",
         "KP_MINUS": "-", "BACKSPACE": "Backspace", "DELETE": "Delete", "HOME": "Home", "END": "End",
         "PAGEUP": "PageUp", "PAGEDOWN": "PageDown"}
ARROWS = {"LEFT", "RIGHT", "UP", "DOWN"}


def keys_named(path) -> set[str]:
    """The `pygame.K_…` names a module uses as keys (not `k - pygame.K_0`, a button's number)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    numbers = {id(n.right) for n in ast.walk(tree) if isinstance(n, ast.BinOp) and isinstance(n.op, ast.Sub)}
    return {n.attr[2:] for n in ast.walk(tree)
            if isinstance(n, ast.Attribute) and n.attr.startswith("K_") and id(n) not in numbers
            and isinstance(n.value, ast.Name) and n.value.id == "pygame"}


def said(key: str, controls) -> bool:
    """Whether the controls' rows mention `key` (a pygame name without K_) as a key."""
    heads = [k for k, what in controls if what]
    everything = " ".join(f"{k} {what}" for k, what in controls)
    tokens = {t for k in heads for t in re.split(r"[\s/·,+;]+", k) if t}
    if len(key) == 1 and key.isalpha():
        return key.upper() in tokens or (key in "wasd" and "WASD" in tokens)
    if key.isdigit():
        d = int(key)
        ranges = [tuple(map(int, m)) for t in tokens for m in re.findall(r"^(\d)[–-](\d)$", t)]
        return key in tokens or any(lo <= d <= hi for lo, hi in ranges)
    if key in ARROWS:
        return "arrows" in everything or key.capitalize() in everything
    if re.fullmatch(r"F\d+", key):
        return re.search(rf"\b{key}\b", everything) is not None
    word = WORDS.get(key)
    assert word is not None, f"no words for pygame.K_{key} in this test: add them to WORDS"
    if word in "+-":
        return word in tokens or word in everything.split() or (word == "-" and "−" in everything.split())
    return word in everything


def controls_of(game: str):
    import importlib

    module = importlib.import_module("deathmatch.scenes." + TABLES[game][:-3].replace("/", "."))
    from deathmatch.scenes.help import CONTROLS
    from deathmatch.scenes.table import Table

    table = next(v for v in vars(module).values()
                 if isinstance(v, type) and issubclass(v, Table) and v.__module__ == module.__name__)

    return table.controls or CONTROLS


@pytest.mark.parametrize("game", list(TABLES))
def test_f1_names_every_key_the_table_answers(game):
    keys = keys_named(SCENES / TABLES[game]) | keys_named(SCENES / "table.py")
    controls = controls_of(game)
    missing = sorted(k for k in keys if not said(k, controls))
    assert not missing, f"{game}: F1 does not list {', '.join(missing)}"


def test_the_check_sees_a_missing_key():
    rows = [("Keyboard", ""), ("1–9", "the buttons"), ("Esc", "go back"), ("U / Ctrl+Z", "undo")]
    assert said("u", rows) and said("z", rows) and said("5", rows) and said("ESCAPE", rows)
    assert not said("o", rows) and not said("0", rows) and not said("TAB", rows)
