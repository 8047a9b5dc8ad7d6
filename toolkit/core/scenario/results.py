"""What running scenario tests produces: one result per scenario, failures pointing at their line."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from toolkit.core.diagnostics import Diagnostic, Location, Severity
from toolkit.core.index import ContentIndex, Pack

Status = Literal["passed", "failed", "error"]


@dataclass(frozen=True, slots=True)
class Failure:
    """One expectation that did not hold (or a step that could not run)."""

    message: str
    """What went wrong, in words."""

    location: Location
    """The expectation's (or step's) file, line and column."""

    expected: str = ""
    """What the test expected, as written."""

    actual: str = ""
    """What happened instead."""


@dataclass(slots=True)
class ScenarioResult:
    """The result of one scenario."""

    id: str
    """The scenario's id."""

    name: str
    """Its name."""

    location: Location
    """Where the scenario document starts."""

    failures: list[Failure] = field(default_factory=list)
    """Failed expectations, in step order (a scenario stops at its first failing step)."""

    error: str | None = None
    """A problem that kept the scenario from running at all (its campaign cannot be played)."""

    steps: int = 0
    """How many steps ran."""

    @property
    def status(self) -> Status:
        if self.error is not None:
            return "error"
        return "failed" if self.failures else "passed"


ScenarioRunner = Callable[[ContentIndex, Pack], list[ScenarioResult]]
"""A game's runner: the results of every scenario document of one pack."""


@dataclass(slots=True)
class TestRun:
    """Everything one `huntkit test` run found."""

    __test__ = False  # not a pytest class, despite its name

    results: list[ScenarioResult] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    """Validation errors that kept files from loading (shown like pytest's collection errors)."""

    sources: dict[Path, str] = field(default_factory=dict)
    files_checked: int = 0
    documents_checked: int = 0
    """How much the validation read (for the summary line under the validation errors)."""

    def count(self, status: Status) -> int:
        return sum(1 for result in self.results if result.status == status)

    @property
    def validation_errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.severity is Severity.ERROR]

    def exit_code(self) -> int:
        """0 when every scenario passed; 1 on a failure, an error, or when there was nothing to run."""
        if self.validation_errors or self.count("failed") or self.count("error") or not self.results:
            return 1
        return 0
