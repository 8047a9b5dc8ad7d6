"""Missing translations said once per pack and language, with the command that starts the work.

A pack that declares a second language before any text is translated has a warning for every text
(73 on a small pack); listed one by one they bury every other finding. The text report folds them
into one line per pack and language — the count, and the `huntkit strings export` to run — unless
``--verbose`` asks for each. Machine formats (JSON, SARIF, GitHub) always carry every warning, and
the counts in the summary line and the exit code (``--strict``) are the same either way.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from toolkit.core import codes
from toolkit.core.diagnostics import Diagnostic
from toolkit.core.index import Pack
from toolkit.core.references import missing_translations
from toolkit.core.reporters import display_path


@dataclass(frozen=True, slots=True)
class Folded:
    kept: list[Diagnostic]
    """The diagnostics still shown one by one."""
    folded: int
    """Translation warnings not shown one by one (still counted)."""
    lines: list[str]
    """One line per pack and language."""


def fold_translation_warnings(diagnostics: Sequence[Diagnostic], packs: Sequence[Pack]) -> Folded:
    """Fold the missing-translation warnings of ``packs`` (see the module's docstring)."""
    files: dict[Path, Pack] = {}
    for pack in packs:
        for document in pack.documents:
            files[document.path] = pack
    kept: list[Diagnostic] = []
    folded: Counter[str] = Counter()
    for diagnostic in diagnostics:
        owner = files.get(diagnostic.file) if diagnostic.file is not None else None
        if diagnostic.code == codes.MISSING_TRANSLATION.id and owner is not None:
            folded[owner.id] += 1
        else:
            kept.append(diagnostic)
    lines = [line for pack in packs if folded[pack.id] for line in _lines(pack)]
    return Folded(kept, sum(folded.values()), lines)


def _lines(pack: Pack) -> list[str]:
    per_language: Counter[str] = Counter()
    for _document, _marked, missing in missing_translations(pack):
        per_language.update(missing)
    folder = display_path(pack.root)
    return [
        f"warning[{codes.MISSING_TRANSLATION.id}]: {pack.id}: {count} text{'s' if count != 1 else ''} "
        f"{'have' if count != 1 else 'has'} no {language} translation; run "
        f"`huntkit strings export {folder} --lang {language} --out {language}.po`, translate it, then "
        f"`huntkit strings import {folder} {language}.po` (--verbose lists each text)"
        for language, count in per_language.items()
    ]
