"""Escaping of third-party content text for Markdown, HTML attributes and Mermaid labels.

Content packs come from anyone, so their text must never become markup. Instead of backslash
escapes (which Markdown honours in some contexts only) every character that could start markup is
written as a numeric HTML entity: Python-Markdown passes entities through untouched, and the browser
shows them as the plain character.
"""

from __future__ import annotations

import re

# Characters that can open Markdown or HTML syntax anywhere in a line, or break a table cell.
_MARKDOWN_SPECIAL = frozenset("\\`*_{}[]()<>#+-.!|&~:\"'=^$@%")
_WHITESPACE_RUN = re.compile(r"[ \t\r\f\v]+")
# Plain punctuation that neither ends a quoted Mermaid label nor starts an entity or a tag.
_MERMAID_SAFE = re.compile(r"[A-Za-z0-9 .,:'!?-]")


def _entity(char: str) -> str:
    return f"&#{ord(char)};"


def inline(text: str) -> str:
    """Text made safe for one line of Markdown (paragraphs, list items, table cells, titles)."""
    collapsed = _WHITESPACE_RUN.sub(" ", text.replace("\n", " ")).strip()
    return "".join(_entity(c) if c in _MARKDOWN_SPECIAL or ord(c) < 32 else c for c in collapsed)


_ESCAPED_CODE_SPAN = re.compile(r"&#96;((?:(?!&#96;).)+?)&#96;")


def inline_with_code(text: str) -> str:
    """:func:`inline`, with the author's `code spans` shown as code instead of literal backticks.
    The span's text is escaped like the rest, so the only markup added is the ``<code>`` tag."""
    return _ESCAPED_CODE_SPAN.sub(r"<code>\1</code>", inline(text))


def block(text: str) -> str:
    """Multi-paragraph text made safe for Markdown: blank lines separate paragraphs."""
    paragraphs = [p for p in re.split(r"\n\s*\n", text.strip()) if p.strip()]
    return "\n\n".join(inline(p) for p in paragraphs)


def attribute(text: str) -> str:
    """Text made safe inside a double-quoted HTML attribute (and the Markdown around it)."""
    return "".join(c if c.isalnum() or c == " " else _entity(c) for c in text.replace("\n", " "))


def mermaid_label(text: str) -> str:
    """Text made safe inside a double-quoted Mermaid label.

    Mermaid decodes ``#NNN;`` into the HTML entity ``&#NNN;``, so anything but letters, digits,
    spaces and plain punctuation is written that way: quotes cannot end the label, brackets cannot
    open a shape, and angle brackets reach the SVG as text, never as tags.
    """
    collapsed = _WHITESPACE_RUN.sub(" ", text.replace("\n", " ")).strip()
    return "".join(c if _MERMAID_SAFE.fullmatch(c) else f"#{ord(c)};" for c in collapsed)


def slug(text: str) -> str:
    """A file-name-safe slug: lowercase letters, digits and hyphens only."""
    cleaned = re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")
    return cleaned or "item"
