"""`huntkit print`: check the options, draw the printout and write the PDF whole, or nothing."""

from __future__ import annotations

import math
from pathlib import Path

from toolkit.core.files import OutputError, content_problem, is_stream, output_problem, write_output
from toolkit.publish.printing.checks import face_problem
from toolkit.publish.printing.document import PrintOptions, Printout, compose
from toolkit.publish.printing.faces import Face
from toolkit.publish.printing.fonts import use_bundled_fonts
from toolkit.publish.printing.imposition import LayoutError
from toolkit.publish.printing.pdf import (
    MissingCairo,
    PageError,
    ReferenceRefused,
    join_pages,
    pack_fetcher,
    printed_by_huntkit,
    render_page,
)
from toolkit.publish.printing.sizes import CARD_SIZES, MAX_BLEED_MM, PAPERS

MAX_CARDS = 2000
"""A printout this large is about 230 sheets of poker cards; past it, choose kinds with --kinds."""

MAX_EARLIER_PRINT_BYTES = 1024 * 1024 * 1024
"""An existing ``--out`` larger than this is not read to see whether huntkit wrote it."""


class PrintError(Exception):
    """The printout cannot be made; the message says why in the user's terms (exit code 1)."""


class PrintUsageError(PrintError):
    """The options or ``--out`` cannot be used (exit code 2)."""


def options_problem(options: PrintOptions) -> str | None:
    """Why the options cannot be used, before the pack is even read."""
    if options.paper not in PAPERS:
        return f"--paper must be one of {', '.join(PAPERS)}, not {options.paper!r}"
    if options.card is not None and options.card not in CARD_SIZES:
        return f"--card must be one of {', '.join(CARD_SIZES)}, not {options.card!r}"
    if not math.isfinite(options.bleed) or not 0 <= options.bleed <= MAX_BLEED_MM:
        return f"--bleed must be 0 to {MAX_BLEED_MM:g} mm, not {options.bleed:g}"
    return None


def out_problem(out: Path, pack: Path) -> str | None:
    """Why the PDF cannot be written to ``out``: what cannot be written, a content file of the pack,
    or an existing file an earlier `huntkit print` did not write (it may be the user's)."""
    if out.suffix.lower() != ".pdf" and not is_stream(out):
        return f"{out} does not end in .pdf; name the PDF to write, like cards.pdf"
    problem = output_problem(out) or content_problem(out, pack)
    if problem is not None:
        return problem
    if out.exists() and not is_stream(out) and not printed_by_huntkit(out, MAX_EARLIER_PRINT_BYTES):
        return (
            f"{out} exists and is not a PDF that `huntkit print` wrote; it is left as it is: give a new"
            " file name, or remove it first"
        )
    return None


def language_problem(language: str | None, declared: tuple[str, ...]) -> str | None:
    """``--lang`` must name a language the pack declares in its pack.yaml."""
    if language is None or language in declared:
        return None
    if not declared:
        return f"--lang {language}: the pack declares no languages (pack.yaml `languages:`); leave --lang out"
    return f"--lang {language}: the pack declares {', '.join(declared)}; give one of them"


def kinds_problem(kinds: tuple[str, ...], available: list[str]) -> str | None:
    """Every ``--kinds`` entry must be a kind of card the pack has."""
    unknown = [kind for kind in kinds if kind not in available]
    if not unknown:
        return None
    have = f"its kinds of card are {', '.join(available)}" if available else "it has no cards at all"
    return f"--kinds: the pack has no {', '.join(unknown)} cards; {have}"


def make_pdf(title: str, faces: list[Face], options: PrintOptions, pack: Path) -> tuple[bytes, Printout]:
    """The PDF's bytes and what it holds; :class:`PrintError` when a face cannot be drawn."""
    if len(faces) > MAX_CARDS:
        raise PrintError(
            f"the pack has {len(faces):,} cards to print, over the limit of {MAX_CARDS:,};"
            " choose kinds with --kinds"
        )
    for face in faces:
        problem = face_problem(face)
        if problem is not None:
            raise PrintError(problem)
    try:
        printout = compose(title, faces, options)
    except LayoutError as error:
        raise PrintUsageError(str(error)) from None
    if printout.cards == 0:
        raise PrintError("there are no cards to print (with these --kinds and --no-spoilers)")
    use_bundled_fonts()
    fetcher = pack_fetcher(pack)
    rendered = []
    for number, page in enumerate(printout.pages, start=1):
        try:
            rendered.append(render_page(page, fetcher))
        except (ReferenceRefused, PageError) as error:
            raise PrintError(f"page {number} could not be drawn: {error}") from None
        except MissingCairo as error:
            raise PrintError(str(error)) from None
    return join_pages(rendered, title), printout


def write_pdf(out: Path, data: bytes) -> None:
    """Write the PDF whole (a temporary file renamed over ``out``), or raise :class:`PrintUsageError`."""
    try:
        write_output(out, data)
    except OutputError as error:
        raise PrintUsageError(f"--out: {error}") from None
