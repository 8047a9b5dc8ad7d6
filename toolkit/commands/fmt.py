"""`huntkit fmt [PATH...] [--check]`: canonical formatting of content files, comments kept."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from toolkit.authoring.formatter import Outcome, apply, content_files, format_file, unified_diff
from toolkit.core.arguments import path_value
from toolkit.core.packs import builtin_content_root
from toolkit.core.pipeline import UsageError, existing_path
from toolkit.core.reporters import display_path

EXAMPLES = """
Examples:

\b
  huntkit fmt my-hunt/                 # format every file of the pack in place
  huntkit fmt --check .                # list files that would change; exit 1 if any (for CI)
  huntkit fmt --diff my-hunt/          # show what would change, change nothing
  huntkit fmt my-hunt/chapter-1.yaml   # one file
"""


def fmt(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help="YAML files, pack folders or folders holding packs.",
            show_default=False,
            parser=path_value,
        ),
    ] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Write nothing; list files that would change and exit 1.")
    ] = False,
    diff: Annotated[
        bool, typer.Option("--diff", help="Like --check, and show each change as a unified diff.")
    ] = False,
) -> int:
    """Rewrite content files in canonical form: key order per kind, indentation, quoting.

    Comments and the schema modeline are kept; a file with YAML errors is reported and left alone.
    """
    targets = paths or [builtin_content_root()]
    try:
        for path in targets:
            existing_path(path)
    except UsageError as error:
        typer.echo(f"error: {error}", err=True)
        return 2
    changed = refused = 0
    files = content_files(targets)
    for target in targets:
        if target.is_dir() and not content_files([target]):
            shown = display_path(target)
            typer.echo(f"warning: {shown} holds no pack (no pack.yaml); nothing formatted", err=True)
    for path in files:
        result = format_file(path)
        shown = display_path(path)
        if result.outcome is Outcome.REFUSED:
            refused += 1
            typer.echo(f"error: {shown}: not formatted: {result.reason}", err=True)
            for problem in result.problems:
                location = (
                    f"{problem.location.line}:{problem.location.column}" if problem.location.line else ""
                )
                typer.echo(f"  {shown}:{location} {problem.code} {problem.message}", err=True)
        elif result.outcome is Outcome.CHANGED:
            changed += 1
            if check or diff:
                typer.echo(f"would reformat {shown}")
                if diff:
                    typer.echo(unified_diff(result, shown), nl=False)
            elif (write_problem := apply(result)) is not None:
                changed -= 1
                refused += 1
                typer.echo(f"error: {shown}: not formatted: {write_problem}", err=True)
            else:
                typer.echo(f"reformatted {shown}")
    check = check or diff
    verb = "would be reformatted" if check else "reformatted"
    typer.echo(f"{changed} of {len(files)} files {verb}" + (f", {refused} refused" if refused else ""))
    if refused or (check and changed):
        return 1
    return 0


def register(app: typer.Typer) -> None:
    app.command(epilog=EXAMPLES)(fmt)
