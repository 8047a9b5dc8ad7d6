"""`huntkit strings export|import`: a pack's texts as a gettext PO file for translators, and back.

The work is in :mod:`toolkit.core.strings` (which texts, the PO file, the import plan) and
:mod:`toolkit.authoring.translate` (writing the YAML); this module parses options and says what
happened. Exit codes: 0 done, 1 the PO file is refused (stale, foreign or conflicting entries),
2 a usage problem (no such pack, an undeclared language, a file that cannot be read or written).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from toolkit.authoring.translate import WriteRefused, render_changes, write_all
from toolkit.commands.packs import load_pack
from toolkit.core.arguments import path_value, text_value
from toolkit.core.files import OutputError, content_problem, output_problem, write_output
from toolkit.core.reporters import display_path
from toolkit.core.strings.languages import language_problem
from toolkit.core.strings.plan import plan_import
from toolkit.core.strings.po import PoReadError, read_po_file, render_po
from toolkit.core.strings.texts import pack_texts, source_language

MAX_PO_BYTES = 16 * 1024 * 1024
"""A PO file larger than this is refused: The Pale Bell's 127 texts export to 29 kB."""

EXAMPLES = """
Examples:

\b
  huntkit strings export my-hunt/ --lang pl --out pl.po   # every text, Polish ones filled in
  huntkit strings import my-hunt/ pl.po                   # write the translations into the YAML
  huntkit strings import my-hunt/ pl.po --overwrite       # replace Polish texts that differ
"""

app = typer.Typer(
    help="Translation files (gettext PO) of a pack's texts.",
    no_args_is_help=True,
    rich_markup_mode=None,
)


@app.command("export", epilog=EXAMPLES)
def export(
    pack: Annotated[Path, typer.Argument(help="The pack folder.", show_default=False, parser=path_value)],
    lang: Annotated[str, typer.Option("--lang", help="The language to translate into.", parser=text_value)],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            "-o",
            help="Write the PO file here (default: standard output).",
            parser=path_value,
        ),
    ] = None,
) -> int:
    """Write every text players read, with its id, place and source text, as a PO file."""
    loaded = load_pack(pack, "strings", "exporting its texts")
    if isinstance(loaded, int):
        return loaded
    problem = language_problem(loaded.pack, lang, translating=True)
    if problem is None and out is not None:
        problem = output_problem(out) or content_problem(out, pack)
    if problem is not None:
        typer.echo(f"error: {problem}", err=True)
        return 2
    texts, unmapped = pack_texts(loaded.pack)
    data = render_po(loaded.pack, texts, lang)
    if out is None:
        typer.echo(data.decode("utf-8"), nl=False)
    else:
        try:
            write_output(out, data.decode("utf-8"))
        except OutputError as error:
            typer.echo(f"error: {error}", err=True)
            return 2
    source = source_language(loaded.pack)
    done = sum(1 for text in texts if text.in_language(lang, source))
    typer.echo(
        f"{len(texts)} texts of {loaded.pack.id} exported for {lang} ({done} already translated)"
        + (f" to {display_path(out)}" if out is not None else ""),
        err=True,
    )
    for text in texts:
        if text.in_language(source, source) is None:
            typer.echo(
                f"warning: {display_path(text.file)}:{text.line}: this text has no {source} version "
                "(the pack's source language), so it was left out of the file",
                err=True,
            )
    for missing in unmapped:
        where = missing.document.locate(missing.path)
        typer.echo(
            f"warning: {display_path(where.file)}:{where.line}: a text written in a shorthand huntkit "
            "expands was left out of the file",
            err=True,
        )
    return 0


@app.command("import", epilog=EXAMPLES)
def import_(
    pack: Annotated[Path, typer.Argument(help="The pack folder.", show_default=False, parser=path_value)],
    po_file: Annotated[
        Path, typer.Argument(help="The PO file to read.", show_default=False, parser=path_value)
    ],
    lang: Annotated[
        str | None,
        typer.Option("--lang", help="The file's language, when its header names none.", parser=text_value),
    ] = None,
    overwrite: Annotated[
        bool,
        typer.Option("--overwrite", help="Replace translations the pack has that the file changes."),
    ] = False,
    dry_run: Annotated[bool, typer.Option("--dry-run", help="Say what would change; write nothing.")] = False,
) -> int:
    """Write a PO file's translations into the pack's YAML, keeping its comments and layout."""
    loaded = load_pack(pack, "strings", "importing translations")
    if isinstance(loaded, int):
        return loaded
    try:
        if po_file.stat().st_size > MAX_PO_BYTES:
            typer.echo(f"error: {po_file} is larger than {MAX_PO_BYTES // 1024 // 1024} MB", err=True)
            return 2
        po = read_po_file(po_file, po_file.read_bytes())
    except OSError as error:
        typer.echo(f"error: cannot read {po_file}: {error.strerror or error}", err=True)
        return 2
    except PoReadError as error:
        typer.echo(f"error: {error}", err=True)
        return 2
    language = lang or po.language
    if language is None:
        typer.echo(f"error: {po_file} names no language (a `Language:` header); give --lang", err=True)
        return 2
    if lang is not None and po.language is not None and lang != po.language:
        typer.echo(f"error: {po_file} is in {po.language!r}, not {lang!r}", err=True)
        return 2
    problem = language_problem(loaded.pack, language, translating=True)
    if problem is not None:
        typer.echo(f"error: {problem}", err=True)
        return 2
    texts, _ = pack_texts(loaded.pack)
    plan = plan_import(loaded.pack, texts, po, language, overwrite=overwrite)
    shown = display_path(po_file)
    if plan.problems:
        for item in plan.problems:
            where = f"{shown}:{item.line}" if item.line else shown
            typer.echo(f"error: {where}: {item.message}", err=True)
        typer.echo(f"error: {shown} refused ({len(plan.problems)} problems); nothing was written", err=True)
        return 1
    try:
        rendered = render_changes(plan.changes, language, source_language(loaded.pack))
        if not dry_run:
            write_all(rendered)
    except WriteRefused as error:
        typer.echo(f"error: {error}", err=True)
        return 1
    except OSError as error:
        typer.echo(f"error: cannot write the pack: {error.strerror or error}; nothing was written", err=True)
        return 2
    verb = "would be written" if dry_run else "written"
    typer.echo(
        f"{len(plan.changes)} {language} texts {verb} into {len(rendered)} files of {loaded.pack.id}"
        f" ({plan.unchanged} already there, {plan.untranslated} untranslated, {plan.fuzzy} fuzzy left out)"
    )
    return 0


def register(root: typer.Typer) -> None:
    root.add_typer(app, name="strings")
