"""The steps of `huntkit print`: validate the pack, check ``--lang`` and ``--kinds`` against it, draw
its faces, lay them out, and write the PDF whole."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from pathlib import Path

import typer

from toolkit.core.model import text_in
from toolkit.core.pipeline import ValidationResult, validate_paths
from toolkit.core.reporters import Report, TextReporter
from toolkit.publish.faces import RENDERERS, faces_of
from toolkit.publish.printing.document import PrintOptions, kind_label
from toolkit.publish.printing.fonts import font_warning
from toolkit.publish.printing.runner import (
    PrintError,
    PrintUsageError,
    kinds_problem,
    language_problem,
    make_pdf,
    write_pdf,
)


class PackErrors(PrintError):
    """The pack has errors: its cards are not printed."""

    def __init__(self, result: ValidationResult) -> None:
        self.result = result
        super().__init__("the pack has errors; fix them before printing (see `huntkit validate`)")


@dataclass(frozen=True)
class Summary:
    """What was printed, for the command's last line, and the warnings to show before it."""

    message: str
    warnings: list[str] = field(default_factory=list)


def gather(pack_path: Path, out: Path, options: PrintOptions) -> Summary:
    """Print the pack at ``pack_path`` to ``out``; :class:`PrintError` (or a usage error) if not."""
    # Quick validation, as the faces themselves are built on: the flow exploration says whether a
    # campaign plays, not whether its cards print.
    result = validate_paths([pack_path], quick=True)
    if result.error_count:
        raise PackErrors(result)
    if len(result.packs) != 1:
        raise PrintUsageError(f"{pack_path} holds {len(result.packs)} packs; name one pack folder")
    pack = result.packs[0]
    drawn = sorted({document.kind for document in pack.documents if document.kind in RENDERERS})
    problem = language_problem(options.language, pack.languages) or kinds_problem(options.kinds, drawn)
    if problem is not None:
        raise PrintUsageError(problem)
    language = options.language or (pack.languages[0] if pack.languages else "en")
    faces = faces_of(
        result.index,
        pack,
        language=language,
        spoilers=options.spoilers,
        kinds=frozenset(options.kinds) if options.kinds else None,
    )
    title = (text_in(pack.manifest.name, language) if pack.manifest is not None else "") or pack.id
    data, printout = make_pdf(title, list(faces), replace(options, language=language), pack.root)
    write_pdf(out, data)
    warnings = [warning] if (warning := font_warning()) else []
    kinds = sorted({kind_label(sheet_face.kind) for sheet in printout.sheets for sheet_face in sheet.faces})
    message = (
        f"printed {printout.cards} card{'s' if printout.cards != 1 else ''} ({', '.join(kinds)}) on"
        f" {len(printout.sheets)} sheet{'s' if len(printout.sheets) != 1 else ''},"
        f" {len(printout.pages)} pages, to {out}"
    )
    if printout.left_out:
        message += f"; {printout.left_out} spoiler card{'s' if printout.left_out != 1 else ''} left out"
    if not options.kinds:
        message += not_printed(document.kind for document in pack.documents)
    return Summary(message, warnings)


def not_printed(kinds: Iterable[str | None]) -> str:
    """What of the pack has no card face and so is not in the PDF, counted by kind (tiles, chapters,
    scenario tests...): said, so a reader does not take the print for the whole box."""
    left = Counter(kind for kind in kinds if kind is not None and kind not in RENDERERS)
    if not left:
        return ""
    total = sum(left.values())
    listed = ", ".join(f"{kind} ×{count}" for kind, count in sorted(left.items()))
    return f"; not printed (no card face): {total} document{'s' if total != 1 else ''} ({listed})"


def report_not_valid(error: PrintError) -> None:
    """Show the errors of a pack that does not validate, as `huntkit validate` would."""
    if isinstance(error, PackErrors):
        errors = [d for d in error.result.sorted_diagnostics() if d.severity.value == "error"]
        typer.echo(TextReporter().render(Report(errors, error.result.sources, 0, 0)), err=True)
