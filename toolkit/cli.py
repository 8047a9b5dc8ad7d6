"""The ``huntkit`` command line: a thin typer app that registers one module per command group."""

from __future__ import annotations

import errno
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


def _typer_click_errors() -> tuple[type[Exception], ...]:
    """Typer 0.2x carries its own copy of Click, whose usage errors are not Click's classes."""
    try:
        from typer._click.exceptions import ClickException
    except ImportError:
        return ()
    return (ClickException,)


USAGE_ERRORS: tuple[type[Exception], ...] = (click.ClickException, *_typer_click_errors())
"""Wrong usage (an unknown option, a missing argument, a bad value): shown as a message, exit 2."""
EXITS: tuple[type[Exception], ...] = (click.exceptions.Exit, typer.Exit)
ABORTS: tuple[type[BaseException], ...] = (click.exceptions.Abort, typer.Abort)


def run(args: list[str]) -> int:
    """Run the app and turn every way it can end into an exit code (0, 1 or 2)."""
    app = build_app()
    try:
        result = typer.main.get_command(app).main(args=args, prog_name="huntkit", standalone_mode=False)
    except EXITS as exit_:
        return int(getattr(exit_, "exit_code", EXIT_USAGE))
    except USAGE_ERRORS as error:
        # Both Clicks' errors print themselves (the usage line, then "Error: ...") on standard error.
        getattr(error, "show")()  # noqa: B009
        return EXIT_USAGE
    except ABORTS:
        typer.echo("Aborted.", err=True)
        return EXIT_USAGE
    except KeyboardInterrupt:
        typer.echo("Interrupted.", err=True)
        return EXIT_USAGE
    except OSError as error:
        if error.errno != errno.ENAMETOOLONG:
            return _internal_error(error)
        # A path the system refuses to look up at all, wherever a command first touches it.
        typer.echo(f"error: a path is longer than the system allows: {error.strerror}", err=True)
        return EXIT_USAGE
    except Exception as error:  # never show an author a traceback
        return _internal_error(error)
    return int(result) if isinstance(result, int) else EXIT_OK


def _internal_error(error: Exception) -> int:
    if os.environ.get("HUNTKIT_DEBUG"):
        raise error
    typer.echo(
        f"huntkit: internal error: {type(error).__name__}: {error}\n"
        "This is a bug in huntkit; set HUNTKIT_DEBUG=1 for the traceback and please report it.",
        err=True,
    )
    return EXIT_USAGE
