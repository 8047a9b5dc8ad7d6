"""`huntkit validate`: check packs, folders of packs or lone files, and report every problem."""

from __future__ import annotations

import sys
from contextlib import nullcontext
from pathlib import Path
from typing import Annotated

import typer

from toolkit.core.arguments import path_value
from toolkit.core.cache import disabled
from toolkit.core.files import OutputError, output_problem, overwritten_input, write_output
from toolkit.core.pipeline import UsageError, ValidationResult, validate_paths
from toolkit.core.reporters import REPORTER_BY_NAME, Report, Reporter, TextReporter

EXAMPLES = """
Examples:

\b
  huntkit validate                          # the built-in content
  huntkit validate my-campaign/             # a pack folder (requires: [core] is resolved)
  huntkit validate packs/ extra/mission.yaml --format json
  huntkit validate . --format github        # annotations in a GitHub Actions run
  huntkit validate . --format sarif --output huntkit.sarif
"""


def build_reporter(name: str, output: Path | None) -> Reporter:
    """The reporter for ``--format``; colour only for text on a terminal."""
    if name == "text":
        return TextReporter(colour=False) if output else TextReporter.for_stream(sys.stdout)
    return REPORTER_BY_NAME[name]()


def report_of(result: ValidationResult, *, fold_translations: bool = False) -> Report:
    """The report; with ``fold_translations``, missing translations said once per pack and language."""
    diagnostics = result.sorted_diagnostics()
    folded, notes = 0, []
    if fold_translations:
        from toolkit.core.strings.summary import fold_translation_warnings

        found = fold_translation_warnings(diagnostics, result.packs)
        diagnostics, folded, notes = found.kept, found.folded, found.lines
    return Report(
        diagnostics=diagnostics,
        sources=result.sources,
        files=result.files_checked,
        documents=result.documents_checked,
        folded_warnings=folded,
        notes=notes,
    )


def files_read(result: ValidationResult) -> list[Path]:
    """Every file the validation read or tried to: sources, undecodable files and manifests."""
    packs = [path for pack in result.packs for path in (*pack.files, pack.root / "pack.yaml")]
    return [*result.sources, *packs]


def emit(reporter: Reporter, report: Report, output: Path | None) -> None:
    """Write the report to ``--output`` atomically, or to standard output."""
    rendered = reporter.render(report)
    if output is None:
        sys.stdout.write(rendered)
        return
    write_output(output, rendered)


def validate(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Pack folders, folders holding packs, or YAML files.", show_default=False, parser=path_value
        ),
    ] = None,
    format: Annotated[
        str,
        typer.Option("--format", "-f", help="text, json, github or sarif.", case_sensitive=False),
    ] = "text",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write the report to this file.", parser=path_value)
    ] = None,
    strict: Annotated[bool, typer.Option(help="Fail on warnings too.")] = False,
    no_cache: Annotated[
        bool,
        typer.Option(
            "--no-cache",
            help="Work everything out again: read and write no cached results (HUNTKIT_NO_CACHE=1).",
        ),
    ] = False,
    watch: Annotated[
        bool, typer.Option("--watch", help="Re-check on every save; show what changed.")
    ] = False,
    verbose: Annotated[
        bool,
        typer.Option(
            "--verbose",
            "-v",
            help="List every missing translation (the text report says one line per pack and language).",
        ),
    ] = False,
) -> int:
    """Check content against the schemas, references and the rules; report every problem."""
    name = format.lower()
    if name not in REPORTER_BY_NAME:
        typer.echo(f"error: unknown format {format!r}; use one of {', '.join(REPORTER_BY_NAME)}", err=True)
        return 2
    if watch:
        if name != "text" or output is not None:
            # The watch prints what changed since the last save; it has no whole report to write.
            typer.echo("error: --watch shows text on the terminal; leave out --format and --output", err=True)
            return 2
        from toolkit.authoring.watch import watch_paths

        return watch_paths(paths or None, strict=strict)
    problem = output_problem(output) if output is not None else None
    if problem is not None:
        typer.echo(f"error: --output: {problem}", err=True)
        return 2
    try:
        with disabled() if no_cache else nullcontext():
            result = validate_paths(paths or None)
        clash = overwritten_input(output, files_read(result)) if output is not None else None
        if clash is not None:
            typer.echo(f"error: --output: {output} is a file being checked; give another file name", err=True)
            return 2
        report = report_of(result, fold_translations=name == "text" and not verbose)
        emit(build_reporter(name, output), report, output)
    except (UsageError, OutputError) as error:
        typer.echo(f"error: {error}", err=True)
        return 2
    return result.exit_code(strict=strict)


def register(app: typer.Typer) -> None:
    app.command(epilog=EXAMPLES)(validate)
