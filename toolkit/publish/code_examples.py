"""The broken example of a diagnostic code, validated at build time: its page shows the very report
`huntkit validate` prints for it, with the fixture's own folder left out of the paths.

A fixture folder (``tests/fixtures/codes/<CODE>/``) holds ``negative/`` and ``positive/`` packs or
lone files and ``expect.yaml``, which may set loader ``limits`` and the ``paths`` to validate (the
same rules as ``tests/core/test_code_fixtures.py``).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import yaml

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
