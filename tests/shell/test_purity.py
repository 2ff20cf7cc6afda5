"""The rules engine imports nothing of the screen (STYLE.md)."""

import subprocess
import sys

from conftest import ROOT


def test_engine_board_abilities_do_not_import_pygame():
    code = (
        "import sys\n"
        "import deathmatch.rulesets.celebrity, deathmatch.board, deathmatch.abilities, deathmatch.scenario, deathmatch.rulesets.celebrity.timeline\n"
        "from deathmatch.rulesets.celebrity import load_default_cards\n"
        "load_default_cards()\n"
        "from deathmatch.board.tiled import load_arena\n"
        "assert len(load_arena('maps/colosseum.tmx').floor) > 100\n"
        "assert 'pygame' not in sys.modules, sorted(m for m in sys.modules if 'pygame' in m)\n"
        "print('clean')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "clean"
