"""`huntkit test`: run scenario tests (campaign unit tests) and report pytest-style."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from toolkit.core.arguments import path_value
from toolkit.core.pipeline import UsageError
from toolkit.core.scenario import run_tests
from toolkit.core.scenario.report import RENDERERS

EXAMPLES = """
Examples:

\b
  huntkit test                                  # every scenario of the built-in content
  huntkit test content/campaigns/the-pale-bell  # one pack (its tests/ folder included)
  huntkit test my-campaign/ --format json       # for tools and CI

Exit codes: 0 every scenario passed; 1 a scenario failed, a file did not validate, or no scenario
was found; 2 a bad path or option.
"""


def test(
    paths: Annotated[
        list[Path] | None,
        typer.Argument(
            help="Packs or folders of packs holding `kind: scenario` documents.",
            show_default=False,
            parser=path_value,
        ),
    ] = None,
    format: Annotated[
        str, typer.Option("--format", "-f", help="text or json.", case_sensitive=False)
    ] = "text",
) -> int:
    """Run scenario tests: reported events against expected cards, insight and hunt state."""
    name = format.lower()
    if name not in RENDERERS:
        typer.echo(f"error: unknown format {format!r}; use one of {', '.join(RENDERERS)}", err=True)
        return 2
    try:
        run = run_tests(paths or None)
    except UsageError as error:
        typer.echo(f"error: {error}", err=True)
        return 2
    sys.stdout.write(RENDERERS[name](run))
    return run.exit_code()


def register(app: typer.Typer) -> None:
    app.command(epilog=EXAMPLES)(test)
