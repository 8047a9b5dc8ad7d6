"""Every text of a pack players read, each with a stable id (its message context), its place in the
YAML and its value: what `huntkit strings export` writes and `strings import` writes back to.

The id is the document's kind and key and the field's path (``mission-card/the-pale-bell#5:goals.0.
then.0.choose.prompt``): it survives edits elsewhere in the file (lines move, ids do not), and changes
only when the text itself moves in its document.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from pydantic import BaseModel

from toolkit.core.document import LoadedDocument, PathKey
from toolkit.core.index import Pack
from toolkit.core.references import walk_marked

MANIFEST_KIND = "pack"
"""The kind named in the ids of ``pack.yaml``'s texts (the manifest has no ``kind:`` key)."""


@dataclass(frozen=True, slots=True)
class PackText:
    """One text players read, where it is written, and its value there."""

    context: str
    """The stable id: ``kind/key:field.path``."""
    document: LoadedDocument
    path: PathKey
    """The text's path in the document's data (the same as in its model)."""
    value: str | dict[str, str]
    """A plain string (in the pack's first language) or one string per language."""

    @property
    def file(self) -> Path:
        return self.document.path

    @property
    def line(self) -> int:
        return self.document.locate(self.path).line or 0

    def in_language(self, language: str, source: str) -> str | None:
        """The text in ``language``: a plain string is in the pack's ``source`` language."""
        if isinstance(self.value, str):
            return self.value if language == source else None
        return self.value.get(language)


@dataclass(frozen=True, slots=True)
class Unmapped:
    """A text of a model whose path does not lead to the same value in the YAML (a shorthand the
    model expands); it cannot be exported or written back, and is counted, never skipped silently."""

    document: LoadedDocument
    path: PathKey


def source_language(pack: Pack) -> str:
    """The language plain strings are in: the pack's first declared language, else English."""
    return pack.languages[0] if pack.languages else "en"


def document_id(document: LoadedDocument) -> str:
    """``kind/key``; a document without a key is named by its file and place in it."""
    model = document.model
    kind = document.kind or MANIFEST_KIND
    key = model.document_key() if model is not None else None
    if key is None:
        key = f"{document.path.name}@{document.index}"
    return f"{kind}/{key}"


def context_of(document: LoadedDocument, path: PathKey) -> str:
    return f"{document_id(document)}:{'.'.join(str(part) for part in path)}"


def pack_texts(pack: Pack) -> tuple[list[PackText], list[Unmapped]]:
    """The player-facing texts of ``pack`` (manifest first, then its documents in file order)."""
    texts: list[PackText] = []
    unmapped: list[Unmapped] = []
    for document in _documents(pack):
        assert document.model is not None
        for marked in walk_marked(document.model):
            if not marked.is_text or not marked.player_facing:
                continue
            path = data_path(document.model, marked.path)
            found = value_at(document.data, path)
            if found != marked.value or not _is_text_value(found):
                unmapped.append(Unmapped(document, path))
                continue
            texts.append(PackText(context_of(document, path), document, path, found))
    return texts, unmapped


def _documents(pack: Pack) -> Iterator[LoadedDocument]:
    manifest = pack.manifest_document
    if manifest is not None and pack.manifest is not None:
        yield manifest if manifest.model is not None else replace(manifest, model=pack.manifest)
    yield from (document for document in pack.documents if document.model is not None)


def data_path(model: BaseModel, path: PathKey) -> PathKey:
    """A model's path in the YAML's keys: fields spelled otherwise in YAML (``1-2`` for ``for_1_2``)
    take their alias."""
    parts: list[str | int] = []
    current: Any = model
    for part in path:
        if isinstance(current, BaseModel) and isinstance(part, str):
            field = type(current).model_fields.get(part)
            parts.append(field.alias if field is not None and field.alias else part)
            current = getattr(current, part, None)
        else:
            parts.append(part)
            if isinstance(current, list | tuple) and isinstance(part, int) and part < len(current):
                current = current[part]
            elif isinstance(current, dict):
                current = current.get(part)
            else:
                current = None
    return tuple(parts)


def value_at(data: Any, path: PathKey) -> Any:
    """The value at ``path`` in plain YAML data, or None when the path leads nowhere."""
    current = data
    for part in path:
        if isinstance(current, dict) and part in current:
            current = current[part]
        elif isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current):
            current = current[part]
        else:
            return None
    return current


def _is_text_value(value: Any) -> bool:
    if isinstance(value, str):
        return True
    return isinstance(value, dict) and all(isinstance(v, str) for v in value.values())
