"""The broken example of a diagnostic code, validated at build time: its page shows the very report
`huntkit validate` prints for it, with the fixture's own folder left out of the paths.

Validating every example doubles the site's build time, so each report is kept in huntkit's cache
folder, keyed by a hash of the example's files and of the code that validated it (huntkit's own
source and every installed game's): a report is reused only while neither has changed.

A fixture folder (``tests/fixtures/codes/<CODE>/``) holds ``negative/`` and ``positive/`` packs or
lone files and ``expect.yaml``, which may set loader ``limits`` and the ``paths`` to validate (the
same rules as ``tests/core/test_code_fixtures.py``).
"""

from __future__ import annotations

import hashlib
import os
import re
import sys
from pathlib import Path
from typing import Any

import yaml

from toolkit.core.cache import cache_folder
from toolkit.core.loader import Limits
from toolkit.core.packs import PACK_FILE
from toolkit.core.pipeline import validate_paths
from toolkit.core.reporters import Report, TextReporter, display_path

MAX_REPORT_LINES = 60
"""Lines of a report shown on a code page; a longer one is cut, saying so."""


def expectations(case: Path) -> dict[str, Any]:
    """The fixture's ``expect.yaml`` (empty when missing or unreadable)."""
    try:
        data = yaml.safe_load((case / "expect.yaml").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return {}
    return data if isinstance(data, dict) else {}


def example_paths(case: Path, side: str) -> list[Path]:
    """What `huntkit validate` is given for one side of the fixture."""
    folder = case / side
    expect = expectations(case)
    paths = expect.get("paths")
    if isinstance(paths, list):
        return [folder / str(p) for p in paths]
    if any(folder.rglob(PACK_FILE)):
        return [folder]
    return sorted(folder.glob("*.y*ml")) if folder.is_dir() else [folder]


def _limits(case: Path) -> Limits:
    given = expectations(case).get("limits", {})
    try:
        return Limits(**given) if isinstance(given, dict) else Limits()
    except TypeError:
        return Limits()


EXAMPLE_FOLDER = "my-pack"
"""What a report calls the example's folder itself (a message about the folder names it)."""


def _without_folder(text: str, folder: Path) -> str:
    """The report with the fixture folder taken off every path it names: files inside it are named
    relative to it, the folder itself is called :data:`EXAMPLE_FOLDER`."""
    prefixes = sorted({display_path(folder), str(folder), str(folder.resolve())}, key=len, reverse=True)
    for prefix in prefixes:
        quoted = re.escape(prefix)
        text = re.sub(quoted + r"(?:" + re.escape(os.sep) + r"\.)?" + re.escape(os.sep), "", text)
        text = re.sub(quoted + r"(?:" + re.escape(os.sep) + r"\.)?", EXAMPLE_FOLDER, text)
    return text


def broken_report(case: Path) -> str | None:
    """What `huntkit validate` prints for the fixture's broken side (no colours), or ``None``."""
    folder = case / "negative"
    if not folder.exists():
        return None
    result = validate_paths(example_paths(case, "negative"), limits=_limits(case))
    report = Report(
        diagnostics=result.sorted_diagnostics(),
        sources=result.sources,
        files=result.files_checked,
        documents=result.documents_checked,
    )
    lines = _without_folder(TextReporter(colour=False).render(report), folder).rstrip("\n").split("\n")
    if len(lines) > MAX_REPORT_LINES:
        cut = len(lines) - MAX_REPORT_LINES
        lines = [*lines[:MAX_REPORT_LINES], f"… ({cut} more lines)"]
    return "\n".join(lines)


CACHE_NAME = "code-examples"


def _source_digest() -> str:
    """A hash of the code a report depends on: huntkit's package and each game plug-in's."""
    from toolkit.core.registry import all_games

    roots = {Path(__file__).resolve().parents[1]}
    for game in all_games().values():
        module = sys.modules.get(type(game).__module__.split(".")[0])
        where = getattr(module, "__file__", None)
        if where:
            roots.add(Path(where).resolve().parent)
    digest = hashlib.sha256()
    for root in sorted(roots):
        for path in sorted(root.rglob("*.py")):
            digest.update(path.relative_to(root).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


_SOURCE: list[str] = []


def _key(case: Path) -> str:
    if not _SOURCE:
        _SOURCE.append(_source_digest())
    digest = hashlib.sha256(_SOURCE[0].encode())
    for path in sorted(p for p in case.rglob("*") if p.is_file()):
        digest.update(path.relative_to(case).as_posix().encode())
        digest.update(path.read_bytes())
    return digest.hexdigest()


def cached_broken_report(case: Path) -> str | None:
    """:func:`broken_report`, from the cache when the example and the code are unchanged."""
    folder = cache_folder(CACHE_NAME)
    if folder is None:
        return broken_report(case)
    entry = folder / f"{_key(case)}.txt"
    try:
        return entry.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        pass
    report = broken_report(case)
    if report is not None:
        try:
            folder.mkdir(parents=True, exist_ok=True)
            partial = entry.with_suffix(f".{os.getpid()}.tmp")
            partial.write_text(report, encoding="utf-8")
            partial.replace(entry)
        except OSError:
            pass  # a cache that cannot be written is no cache
    return report
