"""Loaded documents and the source map that ties each value back to its line and column."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from toolkit.core.diagnostics import Location, Span

if TYPE_CHECKING:
    from toolkit.core.model import Document

PathKey = tuple[str | int, ...]
"""A path into a document: mapping keys and sequence indexes, e.g. ``("sides", "a", "hp")``."""


@dataclass(slots=True)
class SourceMap:
    """Where every value (and every mapping key) of one YAML document came from.

    Values reached through an alias are not recorded under their new path; a lookup falls back to
    the longest recorded prefix, which is the alias itself — the place an author would look.
    """

    values: dict[PathKey, Span] = field(default_factory=dict)
    keys: dict[PathKey, Span] = field(default_factory=dict)

    def value_span(self, path: PathKey) -> Span | None:
        """The span of the value at ``path``, or of its nearest recorded ancestor."""
        for end in range(len(path), -1, -1):
            span = self.values.get(path[:end])
            if span is not None:
                return span
        return None

    def key_span(self, path: PathKey) -> Span | None:
        """The span of the key naming ``path`` (its last element), else of the value."""
        span = self.keys.get(path)
        return span if span is not None else self.value_span(path)


@dataclass(slots=True)
class LoadedDocument:
    """One YAML document of a content file, with its source map and (once valid) its model."""

    path: Path
    """The file it came from."""

    index: int
    """Its position among the documents of that file, from 0."""

    data: Any
    """The plain value: dicts, lists, strings, numbers, booleans and None."""

    source_map: SourceMap
    pack_id: str = ""
    """The id of the pack this document belongs to."""

    model: Document | None = None
    """The validated model; ``None`` when schema validation failed."""

    @property
    def kind(self) -> str | None:
        kind = self.data.get("kind") if isinstance(self.data, dict) else None
        return kind if isinstance(kind, str) else None

    def locate(self, path: PathKey = (), *, key: bool = False) -> Location:
        """The location of the value (or, with ``key=True``, the key) at ``path``."""
        span = self.source_map.key_span(path) if key else self.source_map.value_span(path)
        return Location(self.path, span)
