"""`huntkit validate --watch`: re-validate on save, re-reading only the files that changed.

Each cycle stats the watched files; when any changed, the usual pipeline runs again with a loader
that serves unchanged files (the built-in packs included) from a cache of their load results keyed
by modification time and size, and their documents' validated models from a cache too; the
references and rule checks run in full, since their results depend on every file. Only the
difference from the previous run is printed: the new diagnostics in full, the fixed ones as one
line each. A diagnostic that merely moved (lines were added above it) is neither.
"""

from __future__ import annotations

import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, TextIO

from toolkit.core import pipeline
from toolkit.core.diagnostics import Diagnostic, Severity
from toolkit.core.document import LoadedDocument
from toolkit.core.loader import DEFAULT_LIMITS, Limits, LoadResult, load_file
from toolkit.core.model import Document
from toolkit.core.packs import PACK_FILE, PackSource, builtin_content_root, find_packs, is_yaml_file
from toolkit.core.pipeline import Readers, ValidationResult, validate_paths
from toolkit.core.reporters import Report, TextReporter, display_path
from toolkit.core.validation import validate_model

FileStamp = tuple[int, int]
"""A file's modification time (ns) and size: when either changes, the file is read again."""

POLL_SECONDS = 0.25


def stamp(path: Path) -> FileStamp | None:
    try:
        status = path.stat()
    except OSError:
        return None
    return (status.st_mtime_ns, status.st_size)


Validated = tuple[Any, list[Diagnostic]]
"""What ``validate_model`` returned: the model (or ``None``) and its diagnostics."""


@dataclass(slots=True)
class LoadCache:
    """Load results by file, and validated models by document, reused while the file is unchanged."""

    entries: dict[Path, tuple[FileStamp, Limits, LoadResult]] = field(default_factory=dict)
    models: dict[tuple[Path, int, FileStamp, type[Document]], Validated] = field(default_factory=dict)
    reads: int = 0
    """Files actually read since the cache was made (for tests and the benchmark)."""

    def load(self, path: Path, limits: Limits = DEFAULT_LIMITS) -> LoadResult:
        current = stamp(path)
        cached = self.entries.get(path)
        if current is not None and cached is not None and cached[0] == current and cached[1] == limits:
            return _fresh_copy(cached[2])
        self.reads += 1
        result = load_file(path, limits)
        if current is not None:
            self.entries[path] = (current, limits, result)
            self._forget_models(path)
        return _fresh_copy(result)

    def validate(
        self, document: LoadedDocument, model: type[Document], text_lines: Sequence[str] | None = None
    ) -> Validated:
        """``validate_model``, remembered per document of an unchanged file (models are immutable)."""
        cached = self.entries.get(document.path)
        if cached is None:
            return validate_model(document, model, text_lines)
        key = (document.path, document.index, cached[0], model)
        if key not in self.models:
            self.models[key] = validate_model(document, model, text_lines)
        return self.models[key]

    def _forget_models(self, path: Path) -> None:
        for key in [key for key in self.models if key[0] == path]:
            del self.models[key]


def _fresh_copy(result: LoadResult) -> LoadResult:
    """The pipeline sets each document's pack and model; give it documents of its own each run."""
    documents = [replace(document, pack_id="", model=None) for document in result.documents]
    return LoadResult(result.path, documents, list(result.diagnostics), result.text, list(result.unread))


def validate_cached(paths: Sequence[Path] | None, cache: LoadCache) -> ValidationResult:
    """`validate_paths`, with unchanged files served from ``cache``."""
    return validate_paths(paths, readers=Readers(load=cache.load, validate=cache.validate))


def watched_files(paths: Sequence[Path] | None) -> dict[Path, FileStamp | None]:
    """Every pack file and lone YAML file the validation reads from ``paths``, with its stamp."""
    files: list[Path] = []
    for raw in paths or [builtin_content_root()]:
        path = raw.resolve()
        if path.is_file() and is_yaml_file(path):
            files.append(path)
            continue
        for root in find_packs(path) if path.is_dir() else []:
            files.append(root / PACK_FILE)
            files.extend(PackSource(root).content_files())
    return {path: stamp(path) for path in files}


def _identity(diagnostic: Diagnostic) -> tuple[str, str, str, str]:
    # No line or column: a diagnostic that only moved is the same problem.
    return (diagnostic.code, str(diagnostic.file), diagnostic.message, diagnostic.hint or "")


@dataclass(frozen=True, slots=True)
class Change:
    """What one re-validation changed."""

    new: list[Diagnostic]
    fixed: list[Diagnostic]


def compare(before: Sequence[Diagnostic], after: Sequence[Diagnostic]) -> Change:
    """Diagnostics that appeared and disappeared between two runs (moved ones are neither)."""
    old = Counter(_identity(d) for d in before)
    current = Counter(_identity(d) for d in after)
    appeared = current - old
    gone = old - current
    new = [d for d in after if _take(appeared, _identity(d))]
    fixed = [d for d in before if _take(gone, _identity(d))]
    return Change(new, fixed)


def _take(counter: Counter[tuple[str, str, str, str]], key: tuple[str, str, str, str]) -> bool:
    if counter[key] > 0:
        counter[key] -= 1
        return True
    return False


class Watcher:
    """Polls the watched files and prints what each re-validation changed."""

    def __init__(
        self,
        paths: Sequence[Path] | None,
        out: TextIO,
        reporter: TextReporter | None = None,
        *,
        strict: bool = False,
    ) -> None:
        self.paths = paths
        self.out = out
        self.reporter = reporter or TextReporter()
        self.strict = strict
        self.cache = LoadCache()
        self.stamps: dict[Path, FileStamp | None] = {}
        self.result = ValidationResult()

    def first_run(self) -> ValidationResult:
        """Validate everything and print the full report."""
        self.stamps = watched_files(self.paths)
        self.result = validate_cached(self.paths, self.cache)
        self.out.write(self.reporter.render(_report(self.result, self.result.sorted_diagnostics())))
        self.out.write("watching for changes; press Ctrl+C to stop\n")
        self.out.flush()
        return self.result

    def changed_files(self) -> list[Path]:
        """Files added, removed or saved since the last run (updates the stamps)."""
        current = watched_files(self.paths)
        changed = sorted(
            p for p in current.keys() | self.stamps.keys() if current.get(p) != self.stamps.get(p)
        )
        self.stamps = current
        return changed

    def revalidate(self, changed: Sequence[Path]) -> Change:
        """Validate again (unchanged files from the cache) and print only the difference."""
        started = time.perf_counter()
        before = self.result.sorted_diagnostics()
        self.result = validate_cached(self.paths, self.cache)
        change = compare(before, self.result.sorted_diagnostics())
        elapsed = (time.perf_counter() - started) * 1000
        self._print(changed, change, elapsed)
        return change

    def _print(self, changed: Sequence[Path], change: Change, elapsed_ms: float) -> None:
        names = ", ".join(display_path(path) for path in changed[:3])
        if len(changed) > 3:
            names += f" and {len(changed) - 3} more"
        lines = [f"\n--- {names} changed; re-checked in {elapsed_ms:.0f} ms"]
        for diagnostic in change.fixed:
            where = f"{display_path(diagnostic.file)}" if diagnostic.file else ""
            lines.append(f"fixed[{diagnostic.code}]: {diagnostic.message} ({where})")
        if not change.new and not change.fixed:
            lines.append("nothing new")
        self.out.write("\n".join(lines) + "\n")
        if change.new:
            self.out.write(self.reporter.render(_report(self.result, change.new)).rsplit("\n", 2)[0] + "\n")
        errors = sum(1 for d in self.result.diagnostics if d.severity is Severity.ERROR)
        others = len(self.result.diagnostics) - errors
        total = "no problems" if not self.result.diagnostics else f"{errors} errors, {others} other findings"
        self.out.write(f"now: {total}\n")
        self.out.flush()

    def run(self, *, poll_seconds: float = POLL_SECONDS, stop: Callable[[], bool] = lambda: False) -> int:
        """Watch until interrupted (or ``stop()`` says so); the exit code of the last run."""
        self.first_run()
        try:
            while not stop():
                time.sleep(poll_seconds)
                changed = self.changed_files()
                if not changed:
                    continue
                try:
                    self.revalidate(changed)
                except pipeline.UsageError as error:  # a watched folder was removed or renamed
                    self.out.write(f"\nerror: {error}; still watching\n")
                    self.out.flush()
        except KeyboardInterrupt:
            self.out.write("\nstopped watching\n")
        return self.result.exit_code(strict=self.strict)


def _report(result: ValidationResult, diagnostics: Sequence[Diagnostic]) -> Report:
    return Report(
        diagnostics=list(diagnostics),
        sources=result.sources,
        files=result.files_checked,
        documents=result.documents_checked,
    )


def watch_paths(paths: Sequence[Path] | None, *, strict: bool = False) -> int:
    """The `--watch` mode of `huntkit validate`: text reports on standard output until Ctrl+C."""
    try:
        pipeline.resolve_targets(paths or [builtin_content_root()])
    except pipeline.UsageError as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    watcher = Watcher(paths, sys.stdout, TextReporter.for_stream(sys.stdout), strict=strict)
    return watcher.run()
