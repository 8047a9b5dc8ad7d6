"""Author mistakes applied to a copy of a built-in campaign, and where their diagnostic must land.

A mutation replaces one piece of text in one file of a copy of The Pale Bell (or of the core pack).
The expected place is the first character of ``marker`` inside the replacement: the line and column
an author has to edit.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from toolkit.core.diagnostics import Diagnostic
from toolkit.core.packs import builtin_content_root
from toolkit.core.pipeline import validate_paths

PALE_BELL = builtin_content_root() / "campaigns" / "the-pale-bell"
CORE = builtin_content_root() / "core"


@dataclass(frozen=True)
class Mutation:
    """One change to one file of a copied pack."""

    name: str
    file: str
    old: str
    new: str
    code: str | None = None
    """The diagnostic it must produce; ``None`` for a correct variant that must stay clean."""

    marker: str = ""
    """Where in ``new`` the diagnostic points (its first character); empty: the start of ``new``."""

    pack: Path = PALE_BELL
    count: int = 1
    """Which occurrence of ``old`` to replace (1 = the first)."""

    also: tuple[tuple[str, str], ...] = ()
    """Further replacements in the same file, for a mistake that takes two edits."""

    at_text: str = ""
    """When the place to edit is not the changed text: the first occurrence of this text in the
    changed file (``marker`` then counts within it)."""


@dataclass(frozen=True)
class Applied:
    root: Path
    file: Path
    line: int
    column: int
    diagnostics: list[Diagnostic]


def apply(mutation: Mutation, tmp_path: Path) -> Applied:
    """Copy the pack, make the change, validate the copy."""
    root = tmp_path / mutation.pack.name
    shutil.copytree(mutation.pack, root)
    if mutation.pack == PALE_BELL:
        # An author's copy has an id of its own; one keeping the built-in's id is warned about (BB0315).
        manifest = root / "pack.yaml"
        manifest.write_text(
            manifest.read_text(encoding="utf-8").replace("id: the-pale-bell", "id: my-pale-bell", 1),
            encoding="utf-8",
        )
    target = root / mutation.file
    text = target.read_text(encoding="utf-8")
    start = -1
    for _ in range(mutation.count):
        start = text.index(mutation.old, start + 1)
    changed = text[:start] + mutation.new + text[start + len(mutation.old) :]
    for old, new in mutation.also:
        assert old in changed, (mutation.name, old)
        changed = changed.replace(old, new, 1)
    target.write_text(changed, encoding="utf-8")
    anchor, base = (
        (mutation.at_text, changed.index(mutation.at_text)) if mutation.at_text else (mutation.new, start)
    )
    spot = base + (anchor.index(mutation.marker) if mutation.marker else 0)
    line = changed.count("\n", 0, spot) + 1
    column = spot - (changed.rfind("\n", 0, spot) + 1) + 1
    result = validate_paths([root])
    return Applied(root, target, line, column, result.diagnostics)


def assert_flagged_at_the_place_to_edit(mutation: Mutation, applied: Applied) -> None:
    found = [(d.code, d.file, d.line, d.column) for d in applied.diagnostics]
    wanted = (mutation.code, applied.file, applied.line, applied.column)
    assert wanted in found, (mutation.name, wanted, found, [d.message for d in applied.diagnostics])


def assert_clean(mutation: Mutation, applied: Applied) -> None:
    problems = [
        (d.code, d.line, d.column, d.message) for d in applied.diagnostics if d.severity.value != "info"
    ]
    assert problems == [], (mutation.name, problems)
