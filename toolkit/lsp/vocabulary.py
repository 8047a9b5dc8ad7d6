"""What the exported JSON Schema says about a key, for hover and completion.

The schema is the contract editors already see; the language server reads the same file. For every
property name it collects the descriptions (docstrings of the models), the kinds of document an id
there must name (`x-huntkit-ref`), whether it holds a mission-card number (`x-huntkit-card`), and
the allowed values of enums. A key used by several kinds (``enemy`` in a spawn and in a slay goal)
gathers all of them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from toolkit.core.packs import builtin_schema_root


@dataclass(slots=True)
class KeyInfo:
    """What the schema says about one property name, over every place it appears."""

    descriptions: list[str] = field(default_factory=list)
    refs: set[str] = field(default_factory=set)
    card_number: bool = False
    values: set[str] = field(default_factory=set)


def _walk(
    node: Any, key: str | None, found: dict[str, KeyInfo], definitions: dict[str, Any], depth: int
) -> None:
    if depth > 40:
        return
    if isinstance(node, list):
        for item in node:
            _walk(item, key, found, definitions, depth + 1)
        return
    if not isinstance(node, dict):
        return
    if key is not None:
        info = found.setdefault(key, KeyInfo())
        description = node.get("description")
        if isinstance(description, str) and description not in info.descriptions:
            info.descriptions.append(description)
        refs = node.get("x-huntkit-ref")
        if isinstance(refs, list):
            info.refs.update(str(r) for r in refs)
        if node.get("x-huntkit-card"):
            info.card_number = True
        if isinstance(node.get("enum"), list):
            info.values.update(str(v) for v in node["enum"] if isinstance(v, str))
        if isinstance(node.get("const"), str):
            info.values.add(node["const"])
    properties = node.get("properties")
    if isinstance(properties, dict) and len(properties) == 1 and isinstance(node.get("description"), str):
        # A single-key verb (`spawn: {...}`): the model's docstring is the verb's documentation.
        (verb,) = properties
        info = found.setdefault(verb, KeyInfo())
        if node["description"] not in info.descriptions:
            info.descriptions.insert(0, node["description"])
    for name, value in node.items():
        if name == "properties" and isinstance(value, dict):
            for child, schema in value.items():
                _walk(schema, child, found, definitions, depth + 1)
        elif name in ("items", "anyOf", "oneOf", "allOf", "additionalProperties", "then", "else", "if"):
            _walk(value, key, found, definitions, depth + 1)


@cache
def vocabulary() -> dict[str, KeyInfo]:
    """Every property name of every content kind, with what the schema says about it."""
    found: dict[str, KeyInfo] = {}
    for path in sorted(builtin_schema_root().glob("*.schema.json")):
        try:
            schema = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            continue  # a damaged schema file gives no hover, never an error
        definitions = schema.get("definitions", {}) if isinstance(schema, dict) else {}
        _walk(schema, None, found, definitions, 0)
        for definition in definitions.values():
            _walk(definition, None, found, definitions, 0)
    return found
