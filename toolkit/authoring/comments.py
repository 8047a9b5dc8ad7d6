"""Keep a comment above the key it describes when the formatter moves that key.

ruamel.yaml stores a full-line comment as trailing text of whatever came before it, so moving a key
would leave the comment written above it behind, in front of another key. Before formatting, the
comment lines directly above each key that is about to move are taken out of the text; after the
keys are reordered they are put back in front of their key.

Only block mappings are handled, and only keys that are not the first of their mapping (a comment
above a mapping's first line describes the whole mapping and stays where it is). Comments indented
deeper than the key belong to the value before it and stay with that value. A key that becomes the
first of a sequence item's mapping gets its comment above the item's dash.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ruamel.yaml.comments import CommentedMap, CommentedSeq
from ruamel.yaml.error import CommentMark
from ruamel.yaml.tokens import CommentToken

from toolkit.core.document import LoadedDocument, PathKey

CommentBlock = list[tuple[int, str]]
"""Comment lines as (indentation, text starting with ``#``)."""


@dataclass(frozen=True, slots=True)
class Reordered:
    """A block mapping whose keys the formatter puts in a new order."""

    document: int
    """The index of its document in the file."""
    path: PathKey
    original: tuple[str, ...]


def take_comment_blocks(
    text: str, documents: Sequence[LoadedDocument], reordered: Sequence[Reordered]
) -> tuple[str, dict[tuple[int, PathKey], CommentBlock]]:
    """The text without the comment blocks above moving keys, and those blocks by key path."""
    by_index = {document.index: document for document in documents}
    lines = text.split("\n")
    removed: set[int] = set()
    blocks: dict[tuple[int, PathKey], CommentBlock] = {}
    for mapping in reordered:
        document = by_index.get(mapping.document)
        if document is None:
            continue
        for key in mapping.original[1:]:
            span = document.source_map.keys.get((*mapping.path, key))
            if span is None:
                continue
            block: CommentBlock = []
            index = span.line - 2  # the line above the key, 0-based
            while index >= 0 and index not in removed:
                stripped = lines[index].lstrip(" ")
                indent = len(lines[index]) - len(stripped)
                if not stripped.startswith("#") or indent > span.column - 1:
                    break
                block.append((indent, stripped))
                index -= 1
            if block:
                block.reverse()
                blocks[(mapping.document, (*mapping.path, key))] = block
                removed.update(range(index + 1, span.line - 1))
    if not removed:
        return text, {}
    return "\n".join(line for number, line in enumerate(lines) if number not in removed), blocks


def put_back(documents: Sequence[Any], blocks: Mapping[tuple[int, PathKey], CommentBlock]) -> None:
    """Attach each block in front of its key in the (reordered) ruamel documents."""
    for (document_index, path), block in blocks.items():
        parent: Any = None
        node: Any = documents[document_index]
        for step in path[:-1]:
            parent, node = node, _child(node, step)
        if not isinstance(node, CommentedMap):
            continue
        key = next((k for k in node if str(k) == path[-1]), None)
        if key is None:
            continue
        owner: CommentedMap | CommentedSeq = node
        slot: Any = key
        shift = 0
        if isinstance(parent, CommentedSeq) and next(iter(node)) == key and isinstance(path[-2], int):
            owner, slot, shift = parent, path[-2], 2  # above the dash, which sits 2 columns left
        tokens = [CommentToken(text + "\n", CommentMark(max(0, indent - shift))) for indent, text in block]
        entry = owner.ca.items.setdefault(slot, [None, None, None, None])
        entry[1] = tokens + list(entry[1] or [])


def _child(node: Any, step: str | int) -> Any:
    if isinstance(node, CommentedMap):
        return next((value for key, value in node.items() if str(key) == step), None)
    if isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
        return node[step]
    return None
