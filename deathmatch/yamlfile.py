"""YAML with line numbers, for every file a player or a designer writes (character cards,
scenario files of any ruleset): the data, the line of every key path, and a syntax error
that names the file and the line."""

from __future__ import annotations

from typing import Any

import yaml


def load_yaml(text: str, filename: str) -> tuple[Any, dict[tuple, int]]:
    """Safe-load YAML and also return the line (1-based) of every key path.

    Raises ValueError with the file and line on a syntax error.
    """
    try:
        data = yaml.safe_load(text)
        node = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None) or getattr(e, "context_mark", None)
        line = mark.line + 1 if mark else None
        reason = getattr(e, "problem", None) or str(e)
        context, cmark = getattr(e, "context", None), getattr(e, "context_mark", None)
        if context and cmark is not None:
            reason += f" ({context} that starts on line {cmark.line + 1})"
        raise YamlSyntaxError(filename, line, f"YAML syntax error: {reason}; check brackets, quotes and indentation") from None
    lines: dict[tuple, int] = {}
    if node is not None:
        _index_lines(node, (), lines)
    return data, lines


class YamlSyntaxError(ValueError):
    """A file that is no YAML: the file, the line (None if unknown) and what is wrong."""

    def __init__(self, file: str, line: int | None, message: str):
        super().__init__(f"{file}:{line}: {message}" if line else f"{file}: {message}")
        self.file, self.line, self.message = file, line, message


def _index_lines(node, path: tuple, lines: dict) -> None:
    lines[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            k = key.value if isinstance(key, yaml.ScalarNode) else None
            lines[path + (k,)] = key.start_mark.line + 1
            _index_lines(value, path + (k,), lines)
            lines[path + (k,)] = key.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            _index_lines(item, path + (i,), lines)
