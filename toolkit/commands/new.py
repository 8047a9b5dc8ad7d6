"""`huntkit new campaign|pack NAME`: start a pack that validates clean, ready for an editor and CI."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from toolkit.authoring import scaffold
from toolkit.core.arguments import path_value

EXAMPLES = """
Examples:

\b
  huntkit new campaign my-hunt                   # ./my-hunt: a three-chapter campaign requiring core
  huntkit new pack extra-enemies                 # ./extra-enemies: an empty board-game pack
  huntkit new pack house-rules --game blood-hunt --dir packs
"""


def new(
    what: Annotated[str, typer.Argument(help="`campaign` or `pack`.", metavar="campaign|pack")],
    name: Annotated[
        str, typer.Argument(help="The new pack's name; its id (`My Hunt` → my-hunt) names the folder.")
    ],
    game: Annotated[
        str, typer.Option("--game", help="bloodborne-board, bloodborne-card or blood-hunt.")
    ] = scaffold.BOARD_GAME,
    parent: Annotated[
        Path,
        typer.Option(
            "--dir", help="Where to create the folder.", show_default="the working folder", parser=path_value
        ),
    ] = Path("."),
) -> int:
    """Create a new pack: a campaign skeleton (or an empty pack), README, CI workflow, pre-commit."""
    if what not in ("campaign", "pack"):
        typer.echo(
            f"error: cannot make a {what!r}; use `huntkit new campaign` or `huntkit new pack`", err=True
        )
        return 2
    try:
        files = scaffold.plan("campaign" if what == "campaign" else "pack", name, parent, game)
    except scaffold.ScaffoldError as error:
        typer.echo(f"error: {error}", err=True)
        return 2
    in_the_way = scaffold.existing(files)
    if in_the_way:
        listed = "\n".join(f"  {path}" for path in in_the_way)
        typer.echo(f"error: these files already exist and were left alone:\n{listed}", err=True)
        typer.echo("nothing was written; pick another name or --dir", err=True)
        return 2
    blocked = scaffold.blocked_folder(files)
    if blocked is not None:
        typer.echo(f"error: {blocked} is a file, not a folder; nothing was written", err=True)
        return 2
    try:
        scaffold.write(files)
    except scaffold.ScaffoldError as error:
        typer.echo(f"error: {error}", err=True)
        return 2
    root = scaffold.root_for(name, parent)
    for path in files:
        typer.echo(f"created {path}")
    then = f" && huntkit test {root}" if what == "campaign" else ""
    typer.echo(f"\nnext: huntkit validate {root}{then}")
    return 0


def register(app: typer.Typer) -> None:
    app.command(epilog=EXAMPLES)(new)
