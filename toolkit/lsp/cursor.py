"""Reading the YAML text around the cursor: the word under it and the key its value belongs to.

A language server must answer while the file is half written and does not parse, so this works on
the line's text: the key is the nearest `key:` before the cursor on the line (`{enemy: sc|`), or, on
a list item or a continuation line, the key of the nearest line above with less indentation.
"""

from __future__ import annotations

import re

_WORD = re.compile(r"[A-Za-z0-9_:.-]+")
_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*)\s*:(?!\S)")
_LINE_KEY = re.compile(r"^(\s*)(?:-\s+)?([A-Za-z_][A-Za-z0-9_-]*)\s*:(?:\s|$)")


def word_at(line: str, column: int) -> tuple[str, int, int] | None:
    """The id-like word at ``column`` (0-based) and its start and end columns."""
    for match in _WORD.finditer(line):
        if match.start() <= column <= match.end():
            return match.group(0).rstrip(":"), match.start(), match.start() + len(match.group(0).rstrip(":"))
    return None


def key_at(lines: list[str], line: int, column: int) -> str | None:
    """The key whose value the cursor is in, or ``None``."""
    text = lines[line][:column] if line < len(lines) else ""
    keys = list(_KEY.finditer(text))
    if keys:
        return keys[-1].group(1)
    indent = len(text) - len(text.lstrip())
    for above in range(line - 1, -1, -1):
        match = _LINE_KEY.match(lines[above])
        if match and len(match.group(1)) < indent + (2 if text.lstrip().startswith("-") else 0):
            return match.group(2)
        if lines[above].strip() and len(lines[above]) - len(lines[above].lstrip()) == 0 and not match:
            return None
    return None


def is_key(line: str, start: int, end: int) -> bool:
    """Is the word at ``start:end`` written as a key (`spawn:`), not as a value?"""
    return line[end : end + 1] == ":"
