"""What importing a PO file into a pack would change, or every reason to refuse it.

The plan is worked out in full before anything is written: one stale or foreign entry refuses the
whole file (a half-imported translation is harder to mend than none), and every problem is listed at
once with its line in the PO file, so the translator fixes them in one pass.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from toolkit.core.index import Pack
from toolkit.core.strings.po import PoFile
from toolkit.core.strings.texts import PackText, source_language
from toolkit.core.validation import did_you_mean

PREVIEW = 60
"""Characters of a text quoted in a message."""


@dataclass(frozen=True, slots=True)
class Change:
    """One translation to write: ``text`` gets ``translation`` in the plan's language."""

    text: PackText
    translation: str


@dataclass(frozen=True, slots=True)
class Problem:
    """Why the PO file is refused, at a line of it (0: the file as a whole)."""

    line: int
    message: str


@dataclass(slots=True)
class ImportPlan:
    language: str
    changes: list[Change] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    untranslated: int = 0
    """Entries with an empty ``msgstr``: nothing to write, nothing wrong."""
    fuzzy: int = 0
    """Entries a translator marked as needing review (``#, fuzzy``): left out, as gettext does."""
    unchanged: int = 0
    """Entries whose translation the pack already has."""


def _short(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= PREVIEW else flat[: PREVIEW - 1] + "…"


def plan_import(
    pack: Pack, texts: Sequence[PackText], po: PoFile, language: str, *, overwrite: bool
) -> ImportPlan:
    """Match every entry of ``po`` to a text of ``pack``; see :class:`ImportPlan`."""
    plan = ImportPlan(language)
    source = source_language(pack)
    if po.pack is not None and po.pack != pack.id:
        plan.problems.append(Problem(0, f"the file was exported from the pack {po.pack!r}, not {pack.id!r}"))
    by_context = {text.context: text for text in texts}
    for entry in po.entries:
        if entry.context is None:
            plan.problems.append(
                Problem(entry.line, "the entry has no msgctxt, so it names no text; export the file again")
            )
            continue
        text = by_context.get(entry.context)
        if text is None:
            hint = did_you_mean(entry.context, list(by_context))
            plan.problems.append(
                Problem(
                    entry.line,
                    f"msgctxt {entry.context!r} names no text of the pack {pack.id!r}"
                    + (f" ({hint})" if hint else "; was the text moved or removed? export again"),
                )
            )
            continue
        current = text.in_language(source, source) or ""
        if entry.source != current:
            plan.problems.append(
                Problem(
                    entry.line,
                    f"the {source} text of {entry.context} changed since the export: the file has "
                    f"{_short(entry.source)!r}, {_where(text, pack)} now says {_short(current)!r}; "
                    "export again and translate the new text",
                )
            )
            continue
        if entry.fuzzy:
            plan.fuzzy += 1
            continue
        if not entry.translation.strip():
            plan.untranslated += 1
            continue
        existing = text.in_language(language, source)
        if existing == entry.translation:
            plan.unchanged += 1
            continue
        if existing is not None and not overwrite:
            plan.problems.append(
                Problem(
                    entry.line,
                    f"{entry.context} already has a {language} text that differs "
                    f"({_short(existing)!r} at {_where(text, pack)}); keep the pack's by leaving msgstr "
                    "as it is, or pass --overwrite to replace it",
                )
            )
            continue
        if (outside := _outside(text.file, pack.root)) is not None:
            plan.problems.append(Problem(entry.line, outside))
            continue
        plan.changes.append(Change(text, entry.translation))
    return plan


def _where(text: PackText, pack: Pack) -> str:
    return f"{text.file.relative_to(pack.root).as_posix()}:{text.line}"


def _outside(file: Path, root: Path) -> str | None:
    """A content file that leads out of the pack (a symlink to elsewhere) is not written through."""
    real, real_root = Path(os.path.realpath(file)), Path(os.path.realpath(root))
    if real == real_root or real_root in real.parents:
        return None
    return f"{file.relative_to(root).as_posix()} leads outside the pack (to {real}); nothing is written there"
