"""One reporter class per output format, registered by name (``--format``)."""

from __future__ import annotations

import json
import os
import re
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar, TextIO

from toolkit import __version__
from toolkit.core.codes import CODES
from toolkit.core.diagnostics import Diagnostic, Location, Severity


@dataclass(frozen=True, slots=True)
class Report:
    """What a reporter renders: the diagnostics plus the counts for the summary."""

    diagnostics: Sequence[Diagnostic]
    sources: dict[Path, str]
    files: int
    documents: int
    folded_warnings: int = 0
    """Warnings not in ``diagnostics`` but said in ``notes`` (counted in the summary all the same)."""
    notes: Sequence[str] = ()
    """Lines said before the summary: the folded warnings, one line per group."""

    @property
    def errors(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity is Severity.ERROR)

    @property
    def warnings(self) -> int:
        return sum(1 for d in self.diagnostics if d.severity is Severity.WARNING) + self.folded_warnings


def display_path(path: Path | None) -> str:
    """A path relative to the working folder when it is inside it, else absolute.

    A file name that is not valid UTF-8 is shown with U+FFFD for its bad bytes: Python keeps them
    as lone surrogates, which no UTF-8 report file, JSON reader or terminal can take.
    """
    shown = _relative_path(path)
    return shown.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _relative_path(path: Path | None) -> str:
    if path is None:
        return "<unknown>"
    # The name the author gave: a symlink keeps its own name (resolve() would show its target).
    cwd = Path.cwd()
    absolute = Path(os.path.abspath(path))
    if absolute.is_relative_to(cwd):
        return str(absolute.relative_to(cwd))
    try:
        resolved = path.resolve()
    except (OSError, RuntimeError):  # a symlink loop cannot be resolved
        return str(path)
    return str(resolved.relative_to(cwd)) if resolved.is_relative_to(cwd) else str(path)


_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
"""What a terminal would act on instead of showing: C0 and C1 controls (ESC starts the sequences
that retitle a window, clear the screen or colour a forged "ok"), line and paragraph separators,
and the bidirectional marks and overrides that make a line read other than it is. Tab and newline
are left to the callers, which lay them out."""


def _escape_one(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    """``text`` with every character a terminal would act on shown as an escape (``\\x1b``)."""
    return _UNSAFE.sub(_escape_one, text) if _UNSAFE.search(text) else text


class _SourceLines:
    """The lines of each source file, split on first use."""

    def __init__(self, sources: dict[Path, str]) -> None:
        self.sources = sources
        self.split: dict[Path, list[str]] = {}

    def lines(self, path: Path) -> list[str] | None:
        if path not in self.split:
            text = self.sources.get(path)
            if text is None:
                return None
            self.split[path] = text.split("\n")
        return self.split[path]


class Reporter(ABC):
    name: ClassVar[str]

    @abstractmethod
    def render(self, report: Report) -> str: ...

    def write(self, report: Report, stream: TextIO) -> None:
        stream.write(self.render(report))


def _plural(count: int, word: str) -> str:
    return f"{count} {word}{'' if count == 1 else 's'}"


class TextReporter(Reporter):
    """rustc-like: the message, the location, the source line with a caret, hint and notes."""

    name = "text"
    _COLOURS: ClassVar[dict[str, str]] = {
        "error": "\x1b[1;31m",
        "warning": "\x1b[1;33m",
        "info": "\x1b[1;36m",
        "dim": "\x1b[2m",
        "bold": "\x1b[1m",
        "caret": "\x1b[1;31m",
        "ok": "\x1b[1;32m",
        "reset": "\x1b[0m",
    }

    def __init__(self, colour: bool = False) -> None:
        self.colour = colour

    @classmethod
    def for_stream(cls, stream: TextIO) -> TextReporter:
        wants = stream.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"
        return cls(colour=wants or "FORCE_COLOR" in os.environ)

    def _c(self, style: str, text: str) -> str:
        if not self.colour:
            return text
        return f"{self._COLOURS[style]}{text}{self._COLOURS['reset']}"

    def render(self, report: Report) -> str:
        lines: list[str] = []
        # Each file split into lines once: a file with 90,000 unknown keys took minutes when its
        # text was split again for every diagnostic.
        sources = _SourceLines(report.sources)
        for diagnostic in report.diagnostics:
            lines.extend(self._diagnostic(diagnostic, sources))
            lines.append("")
        for note in report.notes:
            lines.append(self._c("warning", printable(note)))
        if report.notes:
            lines.append("")
        lines.append(self._summary(report))
        return "\n".join(lines) + "\n"

    def _diagnostic(self, diagnostic: Diagnostic, sources: _SourceLines) -> list[str]:
        severity = diagnostic.severity.value
        message = printable(diagnostic.message)
        out = [f"{self._c(severity, f'{severity}[{diagnostic.code}]')}: {self._c('bold', message)}"]
        location = diagnostic.location
        out.append(f"  {self._c('dim', '-->')} {printable(_describe(location))}")
        out.extend(self._excerpt(location, sources))
        if diagnostic.hint:
            out.append(f"   = help: {printable(diagnostic.hint)}")
        for related in diagnostic.related:
            out.append(f"   = note: {printable(related.message)}: {printable(_describe(related.location))}")
        return out

    def _excerpt(self, location: Location, sources: _SourceLines) -> list[str]:
        span = location.span
        if location.file is None or span is None:
            return []
        source_lines = sources.lines(location.file)
        if source_lines is None:
            return []
        if not 0 < span.line <= len(source_lines):
            return []
        line = source_lines[span.line - 1].removesuffix("\r").replace("\t", " ")
        width = 1
        if span.end_line == span.line and span.end_column is not None:
            width = max(1, span.end_column - span.column)
        width = min(width, max(1, len(line) - span.column + 1))
        # Escapes are longer than the characters they show: the caret is placed on the escaped line.
        before = printable(line[: span.column - 1])
        marked = printable(line[span.column - 1 : span.column - 1 + width])
        line_text = printable(line)
        gutter = " " * len(str(span.line))
        caret = " " * len(before) + "^" * max(1, len(marked))
        return [
            f"{gutter} {self._c('dim', '|')}",
            f"{self._c('dim', str(span.line))} {self._c('dim', '|')} {line_text}",
            f"{gutter} {self._c('dim', '|')} {self._c('caret', caret)}",
        ]

    def _summary(self, report: Report) -> str:
        scope = f"{_plural(report.files, 'file')}, {_plural(report.documents, 'document')}"
        if not report.diagnostics and not report.folded_warnings:
            return self._c("ok", f"ok: {scope} checked, no problems found")
        problems = f"{_plural(report.errors, 'error')}, {_plural(report.warnings, 'warning')}"
        style = "error" if report.errors else "warning"
        return f"{self._c(style, problems)} in {scope}"


def _describe(location: Location) -> str:
    path = display_path(location.file)
    if location.span is None:
        return path
    return f"{path}:{location.span.line}:{location.span.column}"


class JsonReporter(Reporter):
    """Machine-readable: ``{"diagnostics": [...], "summary": {...}}``."""

    name = "json"

    def render(self, report: Report) -> str:
        payload = {
            "diagnostics": [self._diagnostic(d) for d in report.diagnostics],
            "summary": {
                "errors": report.errors,
                "warnings": report.warnings,
                "files": report.files,
                "documents": report.documents,
            },
        }
        return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"

    @staticmethod
    def _diagnostic(diagnostic: Diagnostic) -> dict[str, Any]:
        span = diagnostic.location.span
        return {
            "code": diagnostic.code,
            "severity": diagnostic.severity.value,
            "file": display_path(diagnostic.file) if diagnostic.file else None,
            "line": span.line if span else None,
            "column": span.column if span else None,
            "end_line": span.end_line if span else None,
            "end_column": span.end_column if span else None,
            "message": diagnostic.message,
            "hint": diagnostic.hint,
            "related": [
                {
                    "file": display_path(r.location.file) if r.location.file else None,
                    "line": r.location.line,
                    "column": r.location.column,
                    "message": r.message,
                }
                for r in diagnostic.related
            ],
        }


def _escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _escape_property(text: str) -> str:
    return _escape_data(text).replace(":", "%3A").replace(",", "%2C")


class GithubReporter(Reporter):
    """GitHub Actions workflow commands: each diagnostic becomes an annotation on the pull request."""

    name = "github"
    _LEVEL: ClassVar[dict[Severity, str]] = {
        Severity.ERROR: "error",
        Severity.WARNING: "warning",
        Severity.INFO: "notice",
    }

    def render(self, report: Report) -> str:
        lines = []
        for diagnostic in report.diagnostics:
            properties = []
            if diagnostic.file is not None:
                properties.append(f"file={_escape_property(printable(display_path(diagnostic.file)))}")
            span = diagnostic.location.span
            if span is not None:
                properties.append(f"line={span.line}")
                properties.append(f"col={span.column}")
                if span.end_line is not None:
                    properties.append(f"endLine={span.end_line}")
                if span.end_column is not None and span.end_line == span.line:
                    properties.append(f"endColumn={span.end_column}")
            properties.append(f"title={_escape_property(diagnostic.code)}")
            message = printable(diagnostic.message) + (
                f"\n{printable(diagnostic.hint)}" if diagnostic.hint else ""
            )
            lines.append(
                f"::{self._LEVEL[diagnostic.severity]} {','.join(properties)}::{_escape_data(message)}"
            )
        lines.append(
            f"huntkit: {_plural(report.errors, 'error')}, {_plural(report.warnings, 'warning')} "
            f"in {_plural(report.files, 'file')}"
        )
        return "\n".join(lines) + "\n"


SITE_URL_VARIABLE = "HUNTKIT_SITE_URL"
"""The published reference site's address (`https://example.org/my-hunt`): SARIF rules then link to
each code's page."""


class SarifReporter(Reporter):
    """SARIF 2.1.0, for code scanning."""

    name = "sarif"
    _LEVEL: ClassVar[dict[Severity, str]] = {
        Severity.ERROR: "error",
        Severity.WARNING: "warning",
        Severity.INFO: "note",
    }

    def render(self, report: Report) -> str:
        used = sorted({d.code for d in report.diagnostics})
        site = os.environ.get(SITE_URL_VARIABLE, "").strip().rstrip("/")
        rules = [
            {
                "id": code,
                "name": CODES[code].name if code in CODES else code,
                "shortDescription": {"text": CODES[code].summary if code in CODES else code},
                "defaultConfiguration": {
                    "level": self._LEVEL[CODES[code].severity] if code in CODES else "error"
                },
                # The code's page of the published reference (`huntkit site build`), when known.
                **({"helpUri": f"{site}/reference/codes/{code.lower()}/"} if site.startswith("http") else {}),
            }
            for code in used
        ]
        rule_index = {code: i for i, code in enumerate(used)}
        results = [self._result(d, rule_index) for d in report.diagnostics]
        payload = {
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [
                {
                    "tool": {
                        "driver": {
                            "name": "huntkit",
                            "version": __version__,
                            "informationUri": "https://github.com/huntkit/huntkit",
                            "rules": rules,
                        }
                    },
                    "columnKind": "unicodeCodePoints",
                    "results": results,
                }
            ],
        }
        return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"

    def _result(self, diagnostic: Diagnostic, rule_index: dict[str, int]) -> dict[str, Any]:
        text = diagnostic.message + (f" ({diagnostic.hint})" if diagnostic.hint else "")
        result: dict[str, Any] = {
            "ruleId": diagnostic.code,
            "ruleIndex": rule_index[diagnostic.code],
            "level": self._LEVEL[diagnostic.severity],
            "message": {"text": text},
            "locations": [self._location(diagnostic.location)],
        }
        if diagnostic.related:
            result["relatedLocations"] = [
                {**self._location(r.location), "id": i, "message": {"text": r.message}}
                for i, r in enumerate(diagnostic.related)
            ]
        return result

    @staticmethod
    def _location(location: Location) -> dict[str, Any]:
        physical: dict[str, Any] = {
            "artifactLocation": {"uri": display_path(location.file).replace(os.sep, "/")}
        }
        span = location.span
        if span is not None:
            region: dict[str, int] = {"startLine": span.line, "startColumn": span.column}
            if span.end_line is not None:
                region["endLine"] = span.end_line
            if span.end_column is not None:
                region["endColumn"] = span.end_column
            physical["region"] = region
        return {"physicalLocation": physical}


REPORTER_BY_NAME: dict[str, type[Reporter]] = {
    cls.name: cls for cls in (TextReporter, JsonReporter, GithubReporter, SarifReporter)
}
