"""Whole-pack checks for an editor: the pack of an edited file validated with the editor's unsaved
texts in place of the files on disk.

Files the editor does not hold are read from disk through a cache keyed by modification time (the
`validate --watch` cache), and so are their validated models; the edited file is parsed from the
editor's text. Every diagnostic of the pack comes back grouped by file, so fixed problems can be
cleared in files that were not edited. Nothing outside the pack (and the packs it requires) is read.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.authoring.watch import LoadCache
from toolkit.core.diagnostics import Diagnostic
from toolkit.core.document import LoadedDocument
from toolkit.core.loader import DEFAULT_LIMITS, Limits, LoadResult, load_bytes
from toolkit.core.model import Document
from toolkit.core.packs import PACK_FILE
from toolkit.core.pipeline import Readers, ValidationResult, validate_paths
from toolkit.core.validation import validate_model


def pack_root(path: Path) -> Path | None:
    """The folder of the pack holding ``path``: the nearest folder upwards with a ``pack.yaml``."""
    for folder in [path.parent, *path.parent.parents]:
        if (folder / PACK_FILE).is_file():
            return folder
    return None


@dataclass(slots=True)
class CheckResult:
    """One check of a pack: its validation result and the diagnostics by file."""

    root: Path
    result: ValidationResult
    complete: bool
    """False for a quick check (every check but the games' slow ones)."""
    by_file: dict[Path, list[Diagnostic]] = field(default_factory=dict)
    files: list[Path] = field(default_factory=list)
    """Every content file of the checked packs (to clear those with no problem left)."""


class PackChecker:
    """Validates packs with the editor's unsaved texts; one check at a time."""

    def __init__(self, limits: Limits = DEFAULT_LIMITS) -> None:
        self.limits = limits
        self.cache = LoadCache()
        self.texts: dict[Path, str] = {}
        """Unsaved texts of open files, by resolved path."""
        self.last: dict[Path, CheckResult] = {}
        """The latest check of each pack root (hover, completion and definitions read it)."""
        self._lock = threading.Lock()

    def set_text(self, path: Path, text: str | None) -> None:
        """The editor's text of ``path`` (``None`` when it is closed: the file on disk counts again)."""
        key = path.resolve()
        if text is None:
            self.texts.pop(key, None)
        else:
            self.texts[key] = text

    def _load(self, path: Path, limits: Limits) -> LoadResult:
        text = self.texts.get(path.resolve())
        if text is None:
            return self.cache.load(path, limits)
        return load_bytes(text.encode("utf-8"), path, limits, LoadResult(path))

    def check(self, path: Path, *, quick: bool = False) -> CheckResult:
        """Validate the pack of ``path`` (or the lone file, if it is in no pack); ``quick`` leaves
        out the slow checks (the flow exploration), for the first answer after an edit."""
        root = pack_root(path) or path
        with self._lock:
            readers = Readers(load=self._load, validate=self._validate)
            result = validate_paths([root], limits=self.limits, readers=readers, quick=quick)
            checked = CheckResult(root, result, not quick)
            for pack in result.packs:
                checked.files.extend(pack.files)
            for diagnostic in result.sorted_diagnostics():
                if diagnostic.file is not None:
                    checked.by_file.setdefault(diagnostic.file.resolve(), []).append(diagnostic)
            self.last[root] = checked
            return checked

    def _validate(
        self, document: LoadedDocument, model: type[Document], lines: Sequence[str] | None
    ) -> tuple[Document | None, list[Diagnostic]]:
        # Models of an edited file are validated afresh: the cache keys on the file on disk.
        if document.path.resolve() in self.texts:
            return validate_model(document, model, lines)
        found: tuple[Document | None, list[Diagnostic]] = self.cache.validate(document, model, lines)
        return found

    def latest(self, path: Path) -> CheckResult | None:
        root = pack_root(path) or path
        return self.last.get(root)
