"""`huntkit schema export | path`: the JSON Schemas generated from the models."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer

from toolkit.core.arguments import path_value
from toolkit.core.packs import builtin_schema_root
from toolkit.core.schema_export import drift, export

schema_app = typer.Typer(help="The JSON Schemas generated from the content models.", no_args_is_help=True)


@schema_app.command("export", epilog="Example:\n\n  huntkit schema export --check")
def export_command(
    out: Annotated[
        Path | None,
        typer.Option("--out", help="Folder to write to (default: the schema folder).", parser=path_value),
    ] = None,
    check: Annotated[
        bool, typer.Option("--check", help="Write nothing; exit 1 if the schemas are stale.")
    ] = False,
) -> int:
    """Write schema/<kind>.schema.json, pack.schema.json and huntkit.schema.json."""
    folder = out or builtin_schema_root()
    if os.path.lexists(folder) and not folder.is_dir():  # a file, a broken link or a loop
        typer.echo(f"error: --out: {folder} is not a folder; give a folder for the schemas", err=True)
        return 2
    if check:
        problems = drift(folder)
        for problem in problems:
            typer.echo(f"stale: {problem}")
        if problems:
            typer.echo("run `huntkit schema export` to regenerate the schemas", err=True)
            return 1
        typer.echo(f"ok: the schemas in {folder} match the models")
        return 0
    try:
        written = export(folder)
    except OSError as error:
        typer.echo(f"error: cannot write the schemas to {folder}: {error.strerror or error}", err=True)
        return 2
    typer.echo(f"wrote {len(written)} schemas to {folder}")
    return 0


@schema_app.command("path", epilog="Example:\n\n  huntkit schema path")
def path_command() -> int:
    """Print the folder holding the installed schemas (for editor settings)."""
    typer.echo(str(builtin_schema_root()))
    return 0


def register(app: typer.Typer) -> None:
    app.add_typer(schema_app, name="schema")
