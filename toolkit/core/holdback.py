"""Which checks wait for which problems: root cause first.

A game may split a pack into parts (the board game: one part per campaign) through its
``check_scope``. A document that could not be read, or that failed the schema, holds back the game's
checks of its part only: they would report what it holds as absent ("no mission card 2" for a card
that is in the file, one bad indent away). The game's flow checks, which play a part through, wait
further: until the part has no reading, schema or reference error (the pipeline's
``FLOW_PREMISES``), since a soft lock found by playing content with an unknown boss is only the
unknown boss again. Documents of no part hold back the
whole pack, as does a problem that cannot be placed in one part.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from toolkit.core.diagnostics import Diagnostic, Location, Severity, Span, file_name
from toolkit.core.index import Pack

WHOLE_PACK = ""
"""The part of documents that belong to no smaller part, and of problems that cannot be placed."""

ScopeOf = Callable[[Any], str | None]
"""From a document's plain data, the name of its part (``campaign 'the-pale-bell'``), or None."""


@dataclass(frozen=True, slots=True)
class Missing:
    """A document the game's checks of its part cannot have: unread, or failed the schema."""

    location: Location
    description: str
    unread: bool


@dataclass(slots=True)
class PackParts:
    """The parts of one pack and where in its files each part's documents lie."""

    pack: Pack
    scope_of: ScopeOf | None
    _spans: dict[Path, list[tuple[int, int, str]]] = field(default_factory=dict)
    _starts: dict[Path, list[int]] = field(default_factory=dict)
    _file_parts: dict[Path, set[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        for document in self.pack.documents_seen:
            span = document.source_map.value_span(())
            part = self.part_of(document.data)
            self._file_parts.setdefault(document.path, set()).add(part)
            if span is not None:
                self._add(document.path, span.line, span.end_line or span.line, part)
        for path, unread in self.pack.unread_documents:
            part = self.part_of(unread.data)
            if part == WHOLE_PACK:
                part = self._file_consensus(path)
            self._add(path, unread.first_line, unread.last_line, part)
        for path, spans in self._spans.items():
            spans.sort()
            self._starts[path] = [start for start, _, _ in spans]

    def part_of(self, data: Any) -> str:
        if self.scope_of is None:
            return WHOLE_PACK
        return self.scope_of(data) or WHOLE_PACK

    def _add(self, path: Path, first: int, last: int, part: str) -> None:
        self._spans.setdefault(path, []).append((first, last, part))

    def _file_consensus(self, path: Path) -> str:
        """The part of a document nothing of which was read: its file's, if the file has one."""
        parts = self._file_parts.get(path, set())
        return next(iter(parts)) if len(parts) == 1 else WHOLE_PACK

    def part_at(self, location: Location) -> str:
        """The part whose document holds ``location``; the whole pack when none does."""
        file, span = location.file, location.span
        if file is None or file not in self._spans:
            return WHOLE_PACK
        if span is None:
            return self._file_consensus(file)
        starts = self._starts[file]
        position = bisect.bisect_right(starts, span.line) - 1
        if position >= 0:
            first, last, part = self._spans[file][position]
            if first <= span.line <= last:
                return part
        return self._file_consensus(file)

    def missing(self) -> dict[str, list[Missing]]:
        """Unread and schema-invalid documents, by part."""
        found: dict[str, list[Missing]] = {}
        for path, unread in self.pack.unread_documents:
            location = Location(path, Span(unread.first_line, 1))
            description = (
                f"{file_name(path)} could not be read"
                if unread.whole_file
                else f"document {unread.index + 1} of {file_name(path)} was not read"
            )
            found.setdefault(self.part_at(location), []).append(Missing(location, description, True))
        for document in self.pack.invalid_documents:
            location = document.locate()
            description = f"document {document.index + 1} of {file_name(document.path)} failed the schema"
            found.setdefault(self.part_at(location), []).append(Missing(location, description, False))
        return found

    def errors_by_part(self, diagnostics: Iterable[Diagnostic]) -> dict[str, list[Diagnostic]]:
        """The errors among ``diagnostics`` that lie in this pack's files, by part."""
        files = set(self.pack.files)
        if self.pack.manifest_document is not None:
            files.add(self.pack.manifest_document.path)
        found: dict[str, list[Diagnostic]] = {}
        for diagnostic in diagnostics:
            if diagnostic.severity is not Severity.ERROR:
                continue
            if diagnostic.file not in files and diagnostic.file != self.pack.root:
                continue
            found.setdefault(self.part_at(diagnostic.location), []).append(diagnostic)
        return found

    def without(self, parts: Iterable[str]) -> Pack:
        """The pack as the checks of the other parts see it: without the documents of ``parts``."""
        dropped = set(parts)
        if not dropped:
            return self.pack
        kept = [d for d in self.pack.documents if self.part_of(d.data) not in dropped]
        return replace(self.pack, documents=kept)


def describe_missing(missing: list[Missing], limit: int = 3) -> str:
    """``document 3 of chapter-1.yaml was not read`` (and how many more)."""
    shown = "; ".join(m.description for m in missing[:limit])
    if len(missing) > limit:
        shown += f"; and {len(missing) - limit} more"
    return shown
