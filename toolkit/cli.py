"""The ``huntkit`` command line: a thin typer app that registers one module per command group."""

from __future__ import annotations

import importlib
import os

import click
import typer

from toolkit.commands import COMMAND_MODULES

EXIT_OK = 0
EXIT_FINDINGS = 1
EXIT_USAGE = 2


def build_app() -> typer.Typer:
    app = typer.Typer(
        name="huntkit",
        help="Author, validate, play and publish content for the Bloodborne tabletop games.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )
    for module_name in COMMAND_MODULES:
        importlib.import_module(module_name).register(app)
    return app


def run(args: list[str]) -> int:
    """Run the app and turn every way it can end into an exit code (0, 1 or 2)."""
    app = build_app()
    try:
        result = typer.main.get_command(app).main(args=args, prog_name="huntkit", standalone_mode=False)
    except click.exceptions.Exit as exit_:
        return int(exit_.exit_code)
    except click.ClickException as error:
        error.show()
        return EXIT_USAGE
    except click.exceptions.Abort:
        typer.echo("Aborted.", err=True)
        return EXIT_USAGE
    except KeyboardInterrupt:
        typer.echo("Interrupted.", err=True)
        return EXIT_USAGE
    except Exception as error:  # never show an author a traceback
        if os.environ.get("HUNTKIT_DEBUG"):
            raise
        typer.echo(
            f"huntkit: internal error: {type(error).__name__}: {error}\n"
            "This is a bug in huntkit; set HUNTKIT_DEBUG=1 for the traceback and please report it.",
            err=True,
        )
        return EXIT_USAGE
    return int(result) if isinstance(result, int) else EXIT_OK
