"""Write docs/BALANCE.md: the balance lab's tables for 4 and for 8 players.

    python tools/balance_report.py [--games 2000]

Runs `deathmatch simulate` (normal bots, beasts on, --jobs 2, seed 1, round
limit 15) once with 4 and once with 8 players, and (re)writes
docs/BALANCE.md with how it was made, the summary and the tables of each
player count, and the flagged cards. The "What we changed", "Running it
on several machines" and "Chessboard Skirmish" sections are written by hand (a placeholder the first
time); whatever they hold is kept when the file is rewritten. The file has no dates: the same games give
the same file.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from deathmatch.balance import SimConfig, run  # noqa: E402
from deathmatch.rulesets.celebrity.lab import ability_table, card_table, summary_lines  # noqa: E402

OUT = ROOT / "docs" / "BALANCE.md"
PLAYER_COUNTS = (4, 8)
JOBS = 2
SEED = 1
CHANGED = "## What we changed"
PLACEHOLDER = "(see the commit history)"
MACHINES = "## Running it on several machines"
MACHINES_PLACEHOLDER = "(see `deathmatch simulate --help`: --cluster, --results, --resume)"
SKIRMISH = "## Chessboard Skirmish"
"""Chessboard Skirmish's lab run (`deathmatch simulate --ruleset skirmish`), written by hand: kept."""
GLADIATOR = "## Gladiator!"
"""Gladiator!'s lab run (`deathmatch simulate --ruleset gladiator`), written by hand: kept."""


def md_table(rows: list[list[str]], right=()) -> list[str]:
    right = set(right)
    out = ["| " + " | ".join(rows[0]) + " |",
           "|" + "|".join("---:" if i in right else "---" for i in range(len(rows[0]))) + "|"]
    for row in rows[1:]:
        out.append("| " + " | ".join(c.replace("|", "\\|") for c in row) + " |")
    return out


def flagged_lines(report: dict) -> list[str]:
    out = []
    for r in report["cards"]:
        if r["flag"]:
            out.append(f"- **{r['name']}** (`{r['card']}`): {r['flag']}: wins {r['win_rate']:.1%} of "
                       f"{r['games']} game{'s' if r['games'] != 1 else ''} (95 % CI {r['win_low']:.1%}–{r['win_high']:.1%}, fair "
                       f"{report['summary']['fair_share']:.1%}), mean VP {r['mean_vp']:.2f}, "
                       f"mean place {r['mean_place']:.2f}")
    return out or ["- none"]


def kept_changes(path: Path, heading: str = CHANGED, placeholder: str = PLACEHOLDER) -> list[str]:
    """The body of the existing hand-written section `heading` ("What we changed", "Running it
    on several machines") of the file (the placeholder if there is none)."""
    if path.exists():
        lines = path.read_text(encoding="utf-8").splitlines()
        if heading in lines:
            body = []
            for line in lines[lines.index(heading) + 1:]:
                if line.startswith("## "):
                    break
                body.append(line)
            while body and not body[0].strip():
                body.pop(0)
            while body and not body[-1].strip():
                body.pop()
            if body:
                return body
    return [placeholder]


def render(games: int, reports: dict[int, dict], changes: list[str], machines: list[str] | None = None,
           skirmish: list[str] | None = None, gladiator: list[str] | None = None) -> str:
    lines = [
        "# Balance",
        "",
        "How fair the character cards are, measured by the balance lab: many seeded games",
        "played by the normal bots, every seat a bot, cards dealt at random from the bundled",
        "cards, on every bundled arena that takes the player count in turn. Made by",
        "",
        f"    python tools/balance_report.py --games {games}",
        "",
        "which runs",
        "",
    ]
    for n in PLAYER_COUNTS:
        lines.append(f"    {reports[n]['command']} --jobs {JOBS}")
    lines += [
        "",
        "(the same seed gives the same games and the same numbers, whatever --jobs).",
        "",
        "**Win** is the share of its games a card's player won (a shared win counts 1/k",
        "to each of the k winners; with 2–4 players a player runs two cards and both get",
        "the win), with its 95 % Wilson interval. The fair share is 1/players. A card is",
        "flagged **strong** when the whole interval is above the fair share, **weak** when",
        "it is below. With 32 cards, one or two flags per table can be chance. **VP** and",
        "**place** (1 = best; ties share the average place) are the card's player's.",
        "In the ability tables, **played** is the share of the card's games in which the",
        "ability was played at least once, then the player's mean VP in games where it",
        "was played and where it was not (a hint, not a cause: abilities are played by",
        "models that are doing well, and not played by models that died early).",
        "",
        "Bots are not people: the normal bot is a heuristic player, so a card whose",
        "abilities it misjudges can look weaker (or stronger) than it is at the table.",
        "",
        MACHINES,
        "",
        *(machines or [MACHINES_PLACEHOLDER]),
        "",
        "## Flagged cards",
        "",
    ]
    for n in PLAYER_COUNTS:
        lines += [f"{n} players:", ""] + flagged_lines(reports[n]) + [""]
    for n in PLAYER_COUNTS:
        r = reports[n]
        lines += [f"## {n} players", ""]
        lines += [f"- {line}" for line in summary_lines(r)]
        lines += ["", "### Cards", ""]
        lines += md_table(card_table(r), right=(1, 2, 3, 4, 5))
        lines += ["", "### Abilities", ""]
        lines += md_table(ability_table(r), right=(2, 3, 4))
        lines.append("")
    lines += [CHANGED, ""] + changes + [""]
    if skirmish and any(skirmish):
        lines += [SKIRMISH, ""] + skirmish + [""]
    if gladiator and any(gladiator):
        lines += [GLADIATOR, ""] + gladiator + [""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per player count (default 2000)")
    args = ap.parse_args(argv)
    if args.games < 1:
        ap.error("--games must be at least 1")
    reports = {}
    for n in PLAYER_COUNTS:
        config = SimConfig(args.games, n, bots="normal", beasts=True, seed=SEED)
        print(f"{n} players: {config.command()} --jobs {JOBS}", file=sys.stderr)
        reports[n] = run(config, JOBS)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    skirmish = kept_changes(OUT, SKIRMISH, "")
    gladiator = kept_changes(OUT, GLADIATOR, "")
    OUT.write_text(render(args.games, reports, kept_changes(OUT), kept_changes(OUT, MACHINES, MACHINES_PLACEHOLDER),
                          skirmish, gladiator), encoding="utf-8")
    for n in PLAYER_COUNTS:
        f = reports[n]["summary"]["flagged"]
        print(f"{n} players: strong {', '.join(f['strong']) or 'none'}; weak {', '.join(f['weak']) or 'none'}")
    print(f"wrote {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
