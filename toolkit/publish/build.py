"""One site build's preparation: validate the packs (loudly), then generate every page."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from toolkit.core.diagnostics import Severity
from toolkit.core.files import InputTooLarge, read_text_bounded
from toolkit.core.pipeline import validate_paths
from toolkit.publish.context import SiteOptions
from toolkit.publish.glossary import GlossaryLinker, load_terms
from toolkit.publish.messages import SOURCE_LANGUAGE
from toolkit.publish.site import SiteContent, build_site

MAX_REPORTED = 20
"""Validation errors listed when the content of a site does not validate."""

MAX_REPORT_BYTES = 16 * 1024 * 1024
"""A `--report` file: a simulation report of every chapter is tens of kilobytes."""


def load_report(path: Path) -> dict[str, Any]:
    """A simulation report written by `huntkit simulate --format json`."""
    try:
        report = json.loads(read_text_bounded(path, MAX_REPORT_BYTES))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError, InputTooLarge, RecursionError) as error:
        raise ValueError(f"cannot read the simulation report {path}: {error}") from None
    if not isinstance(report, dict) or not isinstance(report.get("cells"), list):
        raise ValueError(f"{path} is not a report of `huntkit simulate --format json`")
    return report


@dataclass(slots=True)
class BuildState:
    """What the MkDocs hook needs between its events."""

    content: SiteContent
    linker: GlossaryLinker


def prepare(
    root: Path,
    docs_dir: Path,
    packs: list[Path],
    *,
    spoilers: bool,
    strict: bool = False,
    reports: list[Path] | None = None,
    search_spoilers: bool = False,
    language: str = SOURCE_LANGUAGE,
) -> BuildState:
    """Validate ``packs`` (default: the built-in content) and render the generated pages.

    Raises ``ValueError`` listing the errors (with ``strict``, the warnings too) when the content
    does not validate: a reference site of broken content would mislead its readers.
    """
    result = validate_paths(packs or None)
    failing = {Severity.ERROR, Severity.WARNING} if strict else {Severity.ERROR}
    errors = [d for d in result.sorted_diagnostics() if d.severity in failing]
    if errors:
        shown = "\n".join(f"  {d.location.describe()}: {d.code} {d.message}" for d in errors[:MAX_REPORTED])
        more = f"\n  … and {len(errors) - MAX_REPORTED} more" if len(errors) > MAX_REPORTED else ""
        raise ValueError(f"the content does not validate ({len(errors)} problems):\n{shown}{more}")
    options = SiteOptions(
        spoilers=spoilers,
        search_spoilers=search_spoilers and spoilers,
        fixtures_root=root / "tests" / "fixtures" / "codes",
        schema_root=root / "schema",
        docs_dir=docs_dir,
        reports=tuple(load_report(path) for path in reports or ()),
        language=language,
    )
    terms = load_terms(docs_dir / "glossary.yml")
    return BuildState(build_site(result.index, options, terms), GlossaryLinker(terms, language))
