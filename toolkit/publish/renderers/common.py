"""Helpers the specific renderers share: effect lists on one line, side-by-side panels."""

from __future__ import annotations

from collections.abc import Sequence

from pydantic import BaseModel

from toolkit.publish import escape
from toolkit.publish.fields import ValueRenderer
from toolkit.publish.language import localized


def text(value: object) -> str:
    """Escaped content text of a ``Text`` value (or any value), on one line."""
    if value is None:
        return ""
    if isinstance(value, str | dict):
        return escape.inline(localized(value))
    return escape.inline(str(value))


def effects_inline(values: ValueRenderer, effects: object, path: str) -> str:
    """A list of effect verbs on one line, each linked to its vocabulary page."""
    if not isinstance(effects, Sequence) or isinstance(effects, str) or not effects:
        return ""
    parts: list[str] = []
    for i, effect in enumerate(effects):
        item_path = f"{path}.{i}"
        found = values.verb(effect) if isinstance(effect, BaseModel) else None
        if found is None:
            parts.append(values.inline(effect, None, item_path))
            continue
        label, options = found
        if isinstance(options, Sequence) and not isinstance(options, str):
            parts.append(f"{label} ({effects_inline(values, options, item_path)})")
        else:
            parts.append(f"{label} {values.options_inline(options, item_path)}".rstrip())
    return "; ".join(parts)


def side_by_side(panels: Sequence[str]) -> str:
    """Markdown panels laid out next to each other (they wrap on narrow screens)."""
    inner = "\n\n".join(f'<div markdown="1">\n\n{panel}\n\n</div>' for panel in panels)
    return f'<div class="hk-sides" markdown="1">\n\n{inner}\n\n</div>'


def table(header: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    if not rows:
        return ""
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(cell or "" for cell in row) + " |" for row in rows]
    return "\n".join(lines)
