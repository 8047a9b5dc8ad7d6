"""Small Markdown building blocks shared by the renderers."""

from __future__ import annotations

import inspect
import re
from typing import Any

import yaml

_BACKTICKS = re.compile(r"`+")
_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")


def visible_controls(text: str) -> str:
    """Control characters shown as their Unicode pictures, so a code block cannot hide them."""
    return _CONTROL.sub(lambda m: chr(0x2400 + (ord(m.group()) % 0x7F or 0x21)), text)


def code_block(text: str, language: str = "", indent: str = "") -> str:
    """A fenced code block that no backtick run inside ``text`` can close early."""
    longest = max((len(m.group()) for m in _BACKTICKS.finditer(text)), default=0)
    fence = "`" * max(3, longest + 1)
    body = visible_controls(text.rstrip("\n"))
    lines = [f"{fence}{language}", *body.split("\n"), fence]
    return "\n".join(indent + line if line else line for line in lines)


def yaml_block(value: Any, indent: str = "") -> str:
    text = yaml.safe_dump(value, sort_keys=False, allow_unicode=True, width=90)
    return code_block(text, "yaml", indent)


def docstring(obj: object) -> str:
    """The cleaned docstring of our own code (trusted Markdown, unlike content text)."""
    return inspect.cleandoc(obj.__doc__ or "")


def doc_text(text: str) -> str:
    """Our own documentation (docstrings, code summaries) on one line of Markdown: its code spans
    stay code, unlike content text, which is escaped whole."""
    return " ".join(visible_controls(text).split())


def doc_cell(text: str) -> str:
    """:func:`doc_text` for a table cell (a bar would end the cell)."""
    return doc_text(text).replace("|", "\\|")


def first_sentence(obj: object) -> str:
    text = docstring(obj).split("\n\n", 1)[0].replace("\n", " ")
    return text


def indent(text: str, prefix: str = "    ") -> str:
    return "\n".join(prefix + line if line.strip() else "" for line in text.split("\n"))


def admonition(kind: str, title: str, body: str, *, collapsed: bool = False) -> str:
    """A Material admonition (``!!!``) or a collapsed details block (``???``)."""
    marker = "???" if collapsed else "!!!"
    return f'{marker} {kind} "{title}"\n\n{indent(body)}\n'
