"""YAML with line numbers, for every file a player or a designer writes (character cards,
scenario files of any ruleset): the data, the line of every key path, and an error that
names the file and the line. Such files are hostile until checked: anchors and aliases
are refused (a few lines of them can stand for billions of values), and so are deep
nesting, too many values, and keys given twice."""

from __future__ import annotations

import difflib
import os
import re
import unicodedata
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from deathmatch import safefile

MAX_FILE_BYTES = 256 * 1024
"""The largest card or scenario file read (a card is a few kilobytes; anything near this is not a card)."""
MAX_DEPTH = 40
"""The deepest nesting of lists and mappings accepted (a card needs five levels)."""
MAX_NODES = 10_000
"""The most values (keys, items, scalars) one file may hold: a card has about 70, the
longest scenario about 300. Reading stops at the first one over, so a file of a
hundred thousand tiny values costs no more than this."""

MAX_INT_DIGITS = 40
"""The longest whole number a YAML file may hold (the game's numbers have at most a few digits)."""

_COLOUR_COMMENT = re.compile(r"^\s*:\s+(#[0-9a-fA-F]{3,8})\b")


class _StrictLoader(yaml.SafeLoader):
    """SafeLoader that refuses anchors and aliases (`&a`, `*a`), nesting deeper than
    MAX_DEPTH and more than MAX_NODES values. Aliases let a few lines stand for billions of
    nodes (the "billion laughs" file); a card never needs one, so the first one found is an
    error with its line."""

    def compose_node(self, parent, index):
        event = self.peek_event()
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None) is not None:
            sign = "*" if isinstance(event, yaml.AliasEvent) else "&"
            raise YamlSyntaxError(
                self.name, event.start_mark.line + 1,
                f"YAML anchors and aliases ({sign}{event.anchor}) are not allowed here: "
                "write every value out in full",
            )
        self._depth = getattr(self, "_depth", 0) + 1
        self._nodes = getattr(self, "_nodes", 0) + 1
        try:
            if self._nodes > MAX_NODES:
                raise YamlSyntaxError(self.name, event.start_mark.line + 1,
                                      f"more than {MAX_NODES} values in one file: this is not a card or scenario file")
            if self._depth > MAX_DEPTH:
                raise YamlSyntaxError(self.name, event.start_mark.line + 1,
                                      f"nested more than {MAX_DEPTH} levels deep: this is not a card or scenario file")
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_yaml_int(self, node):
        """A whole number, refused past MAX_INT_DIGITS digits before Python converts it (a
        10,000-digit number would end in "Exceeds the limit for integer string conversion")."""
        digits = sum(ch.isalnum() for ch in str(node.value).lower().removeprefix("0x").removeprefix("0o")
                     .removeprefix("0b"))
        if digits > MAX_INT_DIGITS:
            raise YamlSyntaxError(self.name, node.start_mark.line + 1,
                                  f"a number of {digits} digits; no value of the game has more than "
                                  f"{MAX_INT_DIGITS}: write a smaller number (or put text in quotes)")
        return super().construct_yaml_int(node)

    def construct_yaml_float(self, node):
        if len(str(node.value)) > 64:
            raise YamlSyntaxError(self.name, node.start_mark.line + 1,
                                  f"a number written with {len(str(node.value))} characters: write a shorter number")
        return super().construct_yaml_float(node)


_StrictLoader.add_constructor("tag:yaml.org,2002:int", _StrictLoader.construct_yaml_int)
_StrictLoader.add_constructor("tag:yaml.org,2002:float", _StrictLoader.construct_yaml_float)


def load_yaml(text: str, filename: str, problems: list | None = None) -> tuple[Any, dict[tuple, int]]:
    """Safe-load YAML and also return the line (1-based) of every key path.

    Raises YamlSyntaxError (a ValueError) with the file and line on a syntax error and on an
    anchor or alias (refused: see _StrictLoader). A key given twice in one mapping (YAML
    would quietly keep the last) and a value left empty by an unquoted colour (`colour:
    #a0522d` is a comment to YAML) raise too, or, given a `problems` list, are added to it
    (as YamlSyntaxError) so that the caller can go on and report the rest of the file.
    """
    loader = None
    try:
        loader = _StrictLoader(text)  # (the reader refuses a NUL or other unprintable byte right here)
        loader.name = filename
        node = loader.get_single_node()
        lines: dict[tuple, int] = {}
        if node is not None:
            _index_lines(node, (), lines, filename, text.splitlines(), problems)
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        line = mark.line + 1 if mark else None
        reason = getattr(e, "problem", None) or str(e)
        context, cmark = getattr(e, "context", None), getattr(e, "context_mark", None)
        if context and cmark is not None:
            reason += f" ({context} that starts on line {cmark.line + 1})"
        if isinstance(e, yaml.reader.ReaderError):
            line = text.count("\n", 0, e.position) + 1 if isinstance(e.position, int) else None
            code = f"U+{e.character:04X}" if isinstance(e.character, int) else repr(e.character)
            raise YamlSyntaxError(filename, line, f"holds a character YAML does not allow ({code}, e.g. a NUL "
                                  "byte): the file is damaged or not text; save it again as plain UTF-8 text") from None
        raise YamlSyntaxError(filename, line, f"YAML syntax error: {reason}; check brackets, quotes and indentation") from None
    except (ValueError, OverflowError, TypeError, RecursionError) as e:
        if isinstance(e, YamlSyntaxError):
            raise
        # a value YAML's own constructors choke on (a date like 2024-13-45, a huge exponent...)
        raise YamlSyntaxError(filename, None, f"holds a value that can not be read ({e}): "
                              "write it in quotes or correct it") from None
    finally:
        if loader is not None:
            loader.dispose()
    return data, lines


@dataclass(frozen=True)
class Problem:
    """Something wrong with a data file (a card, an army…): the file, the line (None if unknown),
    the field and what is wrong and what to do; printed as `file:line: field: message`."""

    file: str
    line: int | None
    field: str
    message: str

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}" if self.line else self.file
        return f"{where}: {self.field}: {self.message}" if self.field else f"{where}: {self.message}"


class YamlSyntaxError(ValueError):
    """A file that is no YAML we read: the file, the line (None if unknown), the field and what is wrong."""

    def __init__(self, file: str, line: int | None, message: str, field: str = ""):
        where = f"{file}:{line}" if line else file
        super().__init__(f"{where}: {field}: {message}" if field else f"{where}: {message}")
        self.file, self.line, self.message, self.field = file, line, message, field


def _label(path: tuple) -> str:
    return ".".join(f"[{p}]" if isinstance(p, int) else str(p) for p in path).replace(".[", "[")


class Report:
    """The problems of one data file (a card, an army, a gladiator, a hero…), each placed at the line of
    its key path (or the nearest one above). `base`: where the checked part sits in the file (a card
    inline in a scenario: its line is looked up below `base`, its label stays the card's own path)."""

    def __init__(self, file: str, lines: Mapping[tuple, int], base: tuple = ()):
        self.file = file
        self.lines = lines
        self.base = base
        self.problems: list[Problem] = []

    def line(self, path: tuple) -> int | None:
        full = self.base + path
        for k in range(len(full), -1, -1):
            if full[:k] in self.lines:
                return self.lines[full[:k]]
        return None

    def add(self, path: tuple, message: str, label: str | None = None) -> None:
        """A problem at `path` (its label the path as `a.b[2].c`, or `label`)."""
        self.problems.append(Problem(self.file, self.line(path), _label(path) if label is None else label, message))

    def fields(self) -> set[str]:
        return {p.field for p in self.problems}

    def unknown_fields(self, data: Mapping, allowed, path: tuple = (), known: str = "known fields:",
                       hint: str = "") -> None:
        """A problem for each key of `data` (at `path`) not in `allowed`: the closest allowed one
        suggested, then `known` and every allowed one (and `hint`)."""
        for key in data:
            if key not in allowed:
                self.add(path + (key,), f"unknown field{suggest(key, allowed)}; {known} {', '.join(allowed)}{hint}")

    def items(self, value: Any, key: str, plural: str, most: int, holder: str, parse, empty: str | None = None
              ) -> list:
        """The list at `key` (each item at its line starting '- '), each item `parse(item, (key, i),
        self)` (None: a problem, left out): a problem when it is no list, has more than `most` items
        (`holder`: "a hero", what holds them), or (with `empty`, its message) none."""
        found: list = []
        if not isinstance(value, list):
            self.add((key,), f"must be a list of {plural} (each line starting '- '), not {what(value)}")
        elif empty is not None and not value:
            self.add((key,), empty)
        elif len(value) > most:
            self.add((key,), f"{len(value)} {plural}; {holder} has at most {most}: drop some")
        else:
            for i, item in enumerate(value):
                if (thing := parse(item, (key, i), self)) is not None:
                    found.append(thing)
        return found

    def required(self, data: Mapping, key: str, missing: str, problem, path: tuple = ()) -> None:
        """`data[key]` (`data` at `path`): "missing: `missing`" when it is not there, else what
        `problem(value)` says is wrong with it (None: nothing)."""
        if key not in data:
            self.add(path + (key,), f"missing: {missing}")
        elif (why := problem(data[key])) is not None:
            self.add(path + (key,), why)

    def in_order(self) -> list[Problem]:
        """The problems from the top of the file down (a file's own order, not the order checked)."""
        return sorted(self.problems, key=lambda p: p.line or 0)


def _index_lines(node, path: tuple, lines: dict, filename: str = "", raw: list[str] = (),
                 problems: list | None = None) -> None:
    """Record the line of every key path under `node`. The node is a tree (aliases are
    refused), so this visits each node once. A key given twice and an empty value that is
    really an unquoted colour are added to `problems` (raised as YamlSyntaxError without)."""

    def found(error: YamlSyntaxError) -> None:
        if problems is None:
            raise error
        problems.append(error)

    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        seen: dict[Any, int] = {}
        for key, value in node.value:
            k = key.value if isinstance(key, yaml.ScalarNode) else None
            line = key.start_mark.line + 1
            if k is not None and k in seen:
                found(YamlSyntaxError(
                    filename, line,
                    f"{_label(path + (k,))!r} is given twice, on lines {seen[k]} and {line} "
                    "(YAML would quietly keep the last one): delete one of them",
                ))
            if k is not None:
                seen[k] = line
            if (isinstance(value, yaml.ScalarNode) and value.tag == "tag:yaml.org,2002:null" and not value.value
                    and key.end_mark.line < len(raw)):
                comment = _COLOUR_COMMENT.match(raw[key.end_mark.line][key.end_mark.column:])
                if comment:
                    found(YamlSyntaxError(
                        filename, line,
                        f"is empty: YAML reads {comment.group(1)} as a comment; write it in quotes: "
                        f'{k}: "{comment.group(1)}"',
                        _label(path + (k,)),
                    ))
            lines[path + (k,)] = line
            _index_lines(value, path + (k,), lines, filename, raw, problems)
            lines[path + (k,)] = line
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _index_lines(item, path + (i,), lines, filename, raw, problems)


# --- words for a data file's messages (armies, gladiators, heroes: one wording for all) ---


def what(value: Any) -> str:
    """A wrong value in a message, in YAML's words."""
    if value is None:
        return "empty"
    if isinstance(value, bool):
        return f"{str(value).lower()} (a yes/no)"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (int, float)):
        return f"a number ({value!r})"
    return repr(value)[:40]


def suggest(word: Any, choices: Iterable[str]) -> str:
    """" (did you mean 'x'?)" for the closest of `choices`, or ""."""
    close = difflib.get_close_matches(str(word), list(choices), n=1)
    return f" (did you mean {close[0]!r}?)" if close else ""


def whole(value: Any) -> bool:
    """A whole number as YAML reads one (not a yes/no, which Python counts as an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


BIDI_CONTROLS = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
"""Characters that turn the direction text is drawn in (right-to-left marks, overrides,
embeddings, isolates): a name holding one can show as something else than it is."""
INVISIBLE = frozenset("\u115f\u1160\u180e\u200b\u200c\u200d\u2060\u2800\u3164\ufeff\uffa0")
"""Characters that take a place in a name but show nothing (zero-width space and joiners,
word joiner, byte-order mark, the Hangul and Braille blanks)."""


def _codepoint(ch: str) -> str:
    return f"U+{ord(ch):04X}"


def shows_something(value: str) -> bool:
    """Whether `value` draws at least one visible mark: not only spaces, invisible
    characters, direction marks and accents with nothing to sit on."""
    return any(not ch.isspace() and ch not in INVISIBLE and ch not in BIDI_CONTROLS
               and unicodedata.category(ch) not in ("Cc", "Cf", "Mn", "Me", "Zs", "Zl", "Zp")
               for ch in value)


def text_fault(value: str) -> str | None:
    """What makes the text `value` unfit to show as a name, in a few words ("holds a
    control character (U+0000)"), or None; `text_problem` says it in full."""
    for ch in value:
        if ch in BIDI_CONTROLS:
            return f"holds a text-direction control ({_codepoint(ch)})"
        if ch in INVISIBLE:
            return f"holds an invisible character ({_codepoint(ch)})"
        if not ch.isprintable():
            return f"holds a control character ({_codepoint(ch)})"
    if not shows_something(value):
        return "shows nothing"
    return None


_FAULT_ADVICE = {
    "holds a text-direction control": "a right-to-left mark or override changes how the text is drawn; remove it",
    "holds an invisible character": "a zero-width space or joiner; remove it",
    "holds a control character": "a tab, a line break, a NUL…; write it on one line of plain text",
}


def text_problem(value: Any, longest: int, name: str) -> str | None:
    """Why `value` is not a sane name or line of text (None if it is): `name` says what it is.

    The one rule for every name and line of text a file, the settings or a typed field
    brings in (cards, armies, gladiators, heroes, player and arena names): text, at most
    `longest` characters, one line of printable characters — no NUL or other control
    character, no right-to-left override or other direction control, no invisible
    character (zero-width space…) — and at least one visible character."""
    if not isinstance(value, str):
        return f"must be text, not {what(value)}: write the {name} (in quotes if it has a colon or a #)"
    if not value.strip():
        return f"is empty: give the {name}"
    if len(value) > longest:
        return f"is {len(value)} characters long; at most {longest}: shorten it"
    fault = text_fault(value)
    if fault is None:
        return None
    if fault == "shows nothing":
        return f"shows nothing (only spaces, accents or invisible characters): give the {name}"
    advice = next(v for k, v in _FAULT_ADVICE.items() if fault.startswith(k))
    return f"{fault}: {advice}"


def shown_text(value: Any, longest: int, fallback: str = "?") -> str:
    """`value` fit to show where a name from someone else's file is listed (a save's players
    and arena): itself when `text_fault` finds nothing, else without its control, direction
    and invisible characters (a lone surrogate, what a file name that is not UTF-8 decodes
    to, becomes "�"); cut to `longest` characters with "…"; `fallback` if nothing shows."""
    if not isinstance(value, str):
        return fallback
    if text_fault(value) is not None:
        value = "".join("\ufffd" if "\ud800" <= ch <= "\udfff" else ch for ch in value
                        if ch not in BIDI_CONTROLS and ch not in INVISIBLE and (ch.isprintable() or "\ud800" <= ch <= "\udfff"))
        value = " ".join(value.split())
    if len(value) > longest:
        value = value[:longest - 1] + "…"
    return value if value.strip() and shows_something(value) else fallback


# --- a YAML file through the one gate ---------------------------------------------------------


def read_yaml(path, what: str, max_bytes: int = MAX_FILE_BYTES, folder=None, size_hint: str = ""
              ) -> tuple[Any, dict[tuple, int], list[Problem]]:
    """A data file's YAML and the line of every key, or the problems that kept it unread.

    Never raises: the file goes through `deathmatch.safefile` first (a link out of `folder`, a
    pipe, a device, a folder, a file over `max_bytes`, bad UTF-8 or a NUL byte are each a
    problem naming the file), then `load_yaml` (syntax, anchors, nesting, numbers too long).
    `what` names the kind for the messages ("army", "hero"…). Problems found while reading that
    still let the data be read (a key given twice) come back with the data."""
    file = str(path)
    try:
        text = safefile.read_text(path, max_bytes, folder)
    except safefile.Refused as e:
        a = "an" if what[:1] in "aeiou" else "a"
        if e.kind == "size":
            reason = (f"the file is {e.size // 1024} KB; {a} {what} file may be at most {max_bytes // 1024} KB "
                      + (size_hint or f"({a} {what} is a few lines): remove it"))
        elif e.kind in ("odd", "missing"):
            reason = f"the file {e.reason}: put {what} files (.yaml) here, nothing else"
        elif e.kind == "link":
            reason = e.reason.replace("the file itself", f"the {what} file itself")
        elif e.kind == "text":
            reason = f"can not read the file: {e.reason} (line {e.line})"
        else:
            reason = f"can not read the file: {e.reason}; save it as UTF-8 text"
        return None, {}, [Problem(file, None, "", reason)]
    found: list[YamlSyntaxError] = []
    try:
        data, lines = load_yaml(text, file, found)
    except YamlSyntaxError as e:
        return None, {}, [Problem(e.file, e.line, e.field, e.message)]
    return data, lines, [Problem(e.file, e.line, e.field, e.message) for e in found]


def read_checked(path, what: str, parse, folder=None, size_hint: str = "") -> tuple[Any, list[Problem], dict]:
    """A data file read through the one gate (`read_yaml`) and checked by `parse(data, file, lines)`
    -> (thing or None, problems): (thing, [], lines), or (None, problems, lines), what kept it unread
    first and then the check's, a field the reading already named not named twice (an empty colour is
    "not text" too: once is enough). Never raises."""
    data, lines, read = read_yaml(path, what, MAX_FILE_BYTES, folder, size_hint)
    if read and not lines:
        return None, read, lines
    thing, problems = parse(data, str(path), lines)
    told = {p.field for p in read if p.field}
    problems = read + [p for p in problems if p.field not in told]
    return (None, problems, lines) if problems else (thing, [], lines)


def duplicate_id(path, line: int | None, id_: str, holder, advice: str) -> Problem:
    """A file whose id `holder` (another file) already has: it is left out; `advice` says what to do."""
    return Problem(str(path), line, "id", f"duplicate id {id_!r}: {holder} already has it; {advice}")


def id_differs(path, line: int | None, id_: str, it: str = "it") -> Problem | None:
    """The warning for a file named other than its id (None when they agree): the file loads."""
    path = Path(path)
    if path.stem == id_:
        return None
    return Problem(str(path), line, "id", f"warning: the id {id_!r} differs from the file name {path.name!r}; "
                                          f"the game goes by the id, so rename the file {id_}{path.suffix} "
                                          f"to make {it} easy to find")


def given_within(paths, folder) -> bool:
    """Whether one of `paths` (given on a command line) is `folder` or lies inside it."""
    home = Path(folder).resolve()
    return any(Path(p).resolve() == home or home in Path(p).resolve().parents for p in paths)


SUFFIXES = (".yaml", ".yml")


def data_files(path, suffixes: Iterable[str] = SUFFIXES) -> tuple[list[tuple[Any, Any]], list[Problem]]:
    """(file, the folder it must stay inside) for a data file or folder given, and the problems
    met listing it: a folder's links out of it, dangling or looping links, pipes and the like are
    skipped and each named; a folder that is a file, or a path that is not there, is one problem.
    A file given by itself may be anywhere (the designer named it). Never raises."""
    path = Path(path)
    if os.path.isdir(path):
        files, skipped = safefile.entries(path, suffixes)
        return [(f, path) for f in files], [Problem(e.path, None, "", e.reason) for e in skipped]
    if os.path.lexists(path):
        if path.suffix.lower() not in tuple(suffixes) and os.path.isfile(path) and not os.path.islink(path) \
                and path.name.lower() in _CONTENT_FOLDERS:
            return [], [Problem(str(path), None, "", "is a file, not a folder: move the file away (the game "
                                                     "makes the folder again)")]
        return [(path, None)], []
    return [], [Problem(str(path), None, "", "no such file or folder")]


def data_file_paths(folder, suffixes: Iterable[str] = SUFFIXES) -> list:
    """The data files of a folder (*.yaml, *.yml), sorted (links out of it and odd entries left out)."""
    return [f for f, _ in data_files(folder, suffixes)[0]]


@dataclass
class FileLibrary:
    """A library of data files (cards, gladiators, heroes…): what it does with each file, and what it met."""

    problems: list[Problem] = field(default_factory=list)
    """What kept a file out (the file is skipped)."""
    warnings: list[Problem] = field(default_factory=list)
    """Worth fixing, but the file loads (its id differs from its file name)."""
    files: int = 0
    """How many files were read."""

    def load(self, path, read, keep) -> None:
        """A data file, or every *.yaml / *.yml file of a folder (sorted): each read by `read(file,
        folder)` -> (thing or None, problems, lines), what kept it out a problem; a thing read is
        handed to `keep(thing, file, lines)`."""
        files, skipped = data_files(Path(path))
        self.problems.extend(skipped)
        for f, folder in files:
            self.files += 1
            thing, found, lines = read(f, folder)
            self.problems.extend(found)
            if thing is not None:
                keep(thing, f, lines)

    def id_free(self, id_: str, path, line: int | None, holder, advice: str, it: str = "it") -> bool:
        """Whether a file's `id_` may be kept: not when `holder` (the file that has it already; None:
        nobody) has it (a problem, `advice` saying what to do); a warning when the file is named otherwise."""
        if holder is not None:
            self.problems.append(duplicate_id(path, line, id_, holder, advice))
            return False
        if (warning := id_differs(path, line, id_, it)) is not None:
            self.warnings.append(warning)
        return True


_CONTENT_FOLDERS = {"cards", "armies", "gladiators", "experience", "heroes", "arenas", "saves", "seasons"}


def user_folder(folder) -> list:
    """`[folder]` if the player's content folder is there (or something else is in its place,
    which the loaders then report), else `[]`."""
    return [folder] if os.path.lexists(folder) else []
