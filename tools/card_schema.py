"""Write the JSON Schema of a card file (assets/cards/card.schema.json) from the card checker's
own tables (`deathmatch.rulesets.celebrity.cards.json_schema`), so editors offer completion and
flag mistakes as a card is typed. tests/celebrity/test_card_schema.py fails when the file is out of step:
run this after changing a field, a timing or an effect kind's parameters.

    python tools/card_schema.py          write the file
    python tools/card_schema.py --check  exit 1 if the file is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deathmatch.rulesets.celebrity.cards import SCHEMA_FILE, json_schema_text  # noqa: E402

OUT = ROOT / "assets" / "cards" / SCHEMA_FILE


def main(argv: list[str]) -> int:
    text = json_schema_text()
    if "--check" in argv:
        if not OUT.exists() or OUT.read_text(encoding="utf-8") != text:
            print(f"{OUT} is out of date: run python tools/card_schema.py")
            return 1
        print(f"{OUT} is up to date")
        return 0
    OUT.write_text(text, encoding="utf-8", newline="\n")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
