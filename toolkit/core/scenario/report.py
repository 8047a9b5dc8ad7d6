"""How a `huntkit test` run is shown: pytest-style text, or JSON for tools."""

from __future__ import annotations

import json
from collections import defaultdict
from typing import Any

from toolkit.core.diagnostics import Location
from toolkit.core.reporters import Report, TextReporter, display_path
from toolkit.core.scenario.results import Failure, ScenarioResult, TestRun

WIDTH = 78
_MARK = {"passed": ".", "failed": "F", "error": "E"}


def _rule(title: str, fill: str = "=") -> str:
    title = f" {title} " if title else ""
    side = max((WIDTH - len(title)) // 2, 3)
    return f"{fill * side}{title}{fill * side}"


def _where(location: Location) -> str:
    text = display_path(location.file)
    if location.line is not None:
        text += f":{location.line}"
        if location.column is not None:
            text += f":{location.column}"
    return text


def render_text(run: TestRun) -> str:
    """Dots per file, then each failure with its line and expected vs actual, then a summary."""
    lines: list[str] = []
    if run.diagnostics and run.validation_errors:
        lines.append(_rule("ERRORS"))
        report = Report(run.validation_errors, run.sources, run.files_checked, run.documents_checked)
        lines.append(TextReporter(colour=False).render(report).rstrip("\n"))
    by_file: dict[str, list[ScenarioResult]] = defaultdict(list)
    for result in run.results:
        by_file[display_path(result.location.file)].append(result)
    for file, results in by_file.items():
        lines.append(f"{file} {''.join(_MARK[r.status] for r in results)}")
    bad = [r for r in run.results if r.status != "passed"]
    if bad:
        lines.append(_rule("FAILURES"))
        for result in bad:
            lines.append(_rule(f"{display_path(result.location.file)}::{result.id}", "_"))
            if result.error is not None:
                lines.append(f"{_where(result.location)}: error: {result.error}")
            for failure in result.failures:
                lines.extend(_failure_lines(failure))
    lines.append(_rule(summary(run)))
    return "\n".join(lines) + "\n"


def _failure_lines(failure: Failure) -> list[str]:
    lines = [f"{_where(failure.location)}: {failure.message}"]
    if failure.expected or failure.actual:
        lines.append(f"    expected: {failure.expected}")
        lines.append(f"    actual:   {failure.actual}")
    return lines


def summary(run: TestRun) -> str:
    parts = []
    for status in ("failed", "passed", "error"):
        count = run.count(status)
        if count:
            word = status if status != "error" else ("errors" if count != 1 else "error")
            parts.append(f"{count} {word}")
    if run.validation_errors:
        count = len(run.validation_errors)
        parts.append(f"{count} validation error{'s' if count != 1 else ''}")
    return ", ".join(parts) if parts else "no scenario tests found"


def render_json(run: TestRun) -> str:
    data: dict[str, Any] = {
        "summary": {
            "passed": run.count("passed"),
            "failed": run.count("failed"),
            "errors": run.count("error"),
            "validation_errors": len(run.validation_errors),
        },
        "tests": [_result_json(result) for result in run.results],
        "diagnostics": [
            {
                "code": d.code,
                "severity": d.severity.value,
                "message": d.message,
                "file": display_path(d.location.file),
                "line": d.location.line,
                "column": d.location.column,
            }
            for d in run.validation_errors
        ],
        "exit_code": run.exit_code(),
    }
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _result_json(result: ScenarioResult) -> dict[str, Any]:
    return {
        "id": result.id,
        "name": result.name,
        "status": result.status,
        "file": display_path(result.location.file),
        "line": result.location.line,
        "steps": result.steps,
        "error": result.error,
        "failures": [
            {
                "message": f.message,
                "file": display_path(f.location.file),
                "line": f.location.line,
                "column": f.location.column,
                "expected": f.expected,
                "actual": f.actual,
            }
            for f in result.failures
        ],
    }


RENDERERS = {"text": render_text, "json": render_json}
