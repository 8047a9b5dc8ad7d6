"""Diagnostics: every problem huntkit finds, as a value with a stable code and a location.

Problems are collected, never raised: a check appends to a :class:`DiagnosticSink` and carries on,
so one bad file never hides the problems of the others.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path


class Severity(enum.Enum):
    """How bad a problem is. Errors fail validation; warnings fail it only under ``--strict``."""

    ERROR = "error"
    WARNING = "warning"
    INFO = "info"

    @property
    def rank(self) -> int:
        return {"error": 2, "warning": 1, "info": 0}[self.value]


@dataclass(frozen=True, slots=True)
class Span:
    """A stretch of a file. Lines and columns are 1-based; columns count characters."""

    line: int
    column: int
    end_line: int | None = None
    end_column: int | None = None


@dataclass(frozen=True, slots=True)
class Location:
    """Where something is: a file and, when known, a span inside it."""

    file: Path | None
    span: Span | None = None

    @property
    def line(self) -> int | None:
        return self.span.line if self.span else None

    @property
    def column(self) -> int | None:
        return self.span.column if self.span else None

    def describe(self) -> str:
        if self.file is None:
            return "<no file>"
        if self.span is None:
            return str(self.file)
        return f"{self.file}:{self.span.line}:{self.span.column}"


def file_name(path: Path) -> str:
    """A file's name for a message: bytes that are not UTF-8 shown as U+FFFD (Python keeps them
    as lone surrogates, which no report file or terminal can take)."""
    return path.name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


@dataclass(frozen=True, slots=True)
class Related:
    """Another place that explains a diagnostic (the first definition of a duplicate, say)."""

    location: Location
    message: str


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem, located. ``code`` is stable across releases; see :mod:`toolkit.core.codes`."""

    code: str
    severity: Severity
    message: str
    location: Location
    hint: str | None = None
    related: tuple[Related, ...] = ()

    @property
    def file(self) -> Path | None:
        return self.location.file

    @property
    def line(self) -> int | None:
        return self.location.line

    @property
    def column(self) -> int | None:
        return self.location.column

    @property
    def layer(self) -> str:
        """The layer that found it: the code's first four characters (``BB01`` reading files,
        ``BB02`` schema, ``BB03`` references, then the games' rule, graph and flow layers)."""
        return self.code[:4]

    def sort_key(self) -> tuple[bool, str, str, int, int, int, str]:
        """Problems before notes (what was held back reads after what held it back); then the
        earliest layer first, then by place: a YAML error explains the schema errors after it,
        and an unknown reference the graph and flow problems it causes, so causes read first."""
        return (
            self.severity is Severity.INFO,
            self.layer,
            str(self.location.file or ""),
            self.location.line or 0,
            self.location.column or 0,
            -self.severity.rank,
            self.code,
        )


@dataclass(slots=True)
class DiagnosticSink:
    """Collects diagnostics. Checks append; nothing is raised."""

    items: list[Diagnostic] = field(default_factory=list)

    def add(self, diagnostic: Diagnostic) -> None:
        self.items.append(diagnostic)

    def extend(self, diagnostics: Iterable[Diagnostic]) -> None:
        self.items.extend(diagnostics)

    def __iter__(self) -> Iterator[Diagnostic]:
        return iter(self.items)

    def __len__(self) -> int:
        return len(self.items)

    def count(self, severity: Severity) -> int:
        return sum(1 for d in self.items if d.severity is severity)

    @property
    def has_errors(self) -> bool:
        return any(d.severity is Severity.ERROR for d in self.items)

    def sorted(self) -> list[Diagnostic]:
        return sorted(self.items, key=Diagnostic.sort_key)
