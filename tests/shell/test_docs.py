"""The documentation stays inside the repository: every link in every Markdown
file points at a file of the repository that exists (or at a web page), and
no text sends the reader to a path outside it (`../shared/...`)."""

import re
import subprocess
from pathlib import Path

from conftest import ROOT

LINK = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REF = re.compile(r"^\s*\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)", re.M)
HTML = re.compile(r"""(?:src|href)\s*=\s*["']([^"']+)["']""")
WEB = ("http://", "https://", "mailto:")
OUTSIDE = re.compile(r"\.\./shared|/work/|file://")


def markdown_files() -> list[Path]:
    """The repository's Markdown files (the tracked ones, and new ones not ignored)."""
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard", "*.md"],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout.split()
    return [ROOT / p for p in out if (ROOT / p).is_file()]


def targets(text: str) -> list[str]:
    return LINK.findall(text) + REF.findall(text) + HTML.findall(text)


def link_problems(path: Path, text: str, root: Path = ROOT) -> list[str]:
    """What is wrong with the links of one Markdown file (empty when nothing)."""
    problems = []
    for n, line in enumerate(text.splitlines(), 1):
        if OUTSIDE.search(line):
            problems.append(f"{path.name}:{n}: refers outside the repository: {line.strip()}")
    for target in targets(text):
        if target.startswith(WEB) or target.startswith("#"):
            continue
        file_part = target.split("#", 1)[0]
        if not file_part:
            continue
        if Path(file_part).is_absolute() or re.match(r"^[a-z][a-z0-9+.-]*:", file_part):
            problems.append(f"{path.name}: link {target!r} is not a path inside the repository")
            continue
        dest = (path.parent / file_part).resolve()
        if not dest.is_relative_to(root.resolve()):
            problems.append(f"{path.name}: link {target!r} leaves the repository")
        elif not dest.exists():
            problems.append(f"{path.name}: link {target!r} points at a file that does not exist")
    return problems


def test_the_repository_has_its_readme_and_the_rules_contracts():
    names = {p.relative_to(ROOT).as_posix() for p in markdown_files()}
    for need in ("README.md", "docs/rules/README.md", "docs/rules/RULES.md", "docs/rules/SCENARIOS.md",
                 "docs/rules/SKIRMISH.md", "docs/rules/GLADIATOR.md", "docs/rules/SUPERS.md"):
        assert need in names


def test_no_markdown_file_links_outside_the_repository():
    problems = []
    for path in markdown_files():
        problems += link_problems(path, path.read_text(encoding="utf-8"))
    assert problems == []


def test_the_link_check_catches_links_that_leave_or_miss(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "A.md").write_text("a")
    page = tmp_path / "docs" / "page.md"
    text = ("[fine](A.md) [web](https://www.mapeditor.org/) [anchor](#top) [fine too](../docs/A.md#x)\n"
            "[gone](B.md)\n"
            "[out](../../elsewhere/RULES.md)\n"
            "the format is `../shared/spec/SCENARIOS.md`\n"
            "![abs](/etc/passwd)\n")
    problems = link_problems(page, text, tmp_path)
    assert len(problems) == 4, problems
    assert any("B.md" in p and "does not exist" in p for p in problems)
    assert any("elsewhere" in p and "leaves" in p for p in problems)
    assert any("../shared" in p for p in problems)
    assert any("/etc/passwd" in p for p in problems)
