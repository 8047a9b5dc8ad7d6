"""`huntkit print`: print-and-play sheets of a pack's cards, as one PDF."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from toolkit.core.arguments import path_value, text_value
from toolkit.core.pipeline import UsageError
from toolkit.publish.printing.document import PrintOptions
from toolkit.publish.printing.runner import PrintError, PrintUsageError, options_problem, out_problem
from toolkit.publish.printing.sizes import CARD_SIZES, PAPERS

EXAMPLES = """
Examples:

\b
  huntkit print content/campaigns/the-pale-bell --out pale-bell.pdf
  huntkit print my-campaign --paper letter --backs --out my-campaign.pdf
  huntkit print my-campaign --kinds enemy,npc-enemy --card poker --bleed 2 --out enemies.pdf
  huntkit print my-campaign --no-spoilers --lang pl --out table.pdf
"""


def print_command(
    pack: Annotated[
        Path, typer.Argument(help="The pack folder whose cards to print.", parser=path_value, metavar="PACK")
    ],
    out: Annotated[
        Path, typer.Option("--out", help="The PDF to write.", parser=path_value, metavar="FILE.pdf")
    ],
    kinds: Annotated[
        list[str] | None,
        typer.Option(
            "--kinds",
            metavar="KIND,KIND",
            help="Only these kinds of card, comma-separated or repeated (default: all).",
            parser=text_value,
        ),
    ] = None,
    paper: Annotated[
        str, typer.Option("--paper", metavar="|".join(PAPERS), help=f"Paper: {' or '.join(PAPERS)}.")
    ] = "a4",
    card: Annotated[
        str | None,
        typer.Option(
            "--card",
            metavar="|".join(CARD_SIZES),
            help=f"Print every card at one size: {', '.join(CARD_SIZES)} (default: each at its own).",
        ),
    ] = None,
    bleed: Annotated[
        float,
        typer.Option(
            "--bleed", metavar="MM", help="Millimetres of bleed around each card (its edges mirrored)."
        ),
    ] = 0.0,
    backs: Annotated[
        bool, typer.Option("--backs", help="Print the backs on alternate pages, for duplex printing.")
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang", metavar="L", help="The language to print, one the pack declares.", parser=text_value
        ),
    ] = None,
    no_spoilers: Annotated[
        bool, typer.Option("--no-spoilers", help="Leave the spoiler cards (mission and insight cards) out.")
    ] = False,
) -> int:
    """Print-and-play sheets: cards with crop marks, backs for duplex printing, a contents page."""
    from toolkit.publish.printing.gather import gather, report_not_valid

    options = PrintOptions(
        paper=paper.lower(),
        card=card.lower() if card else None,
        bleed=bleed,
        backs=backs,
        language=lang,
        spoilers=not no_spoilers,
        kinds=tuple(part.strip() for entry in kinds or () for part in entry.split(",") if part.strip()),
    )
    problem = options_problem(options)
    if problem is None and (trouble := out_problem(out, pack)) is not None:
        problem = f"--out: {trouble}"
    if problem is not None:
        typer.echo(f"error: {problem}", err=True)
        return 2
    try:
        summary = gather(pack, out, options)
    except UsageError as error:
        typer.echo(f"error: {error}", err=True)
        return 2
    except PrintUsageError as error:
        typer.echo(f"error: {error}", err=True)
        return 2
    except PrintError as error:
        report_not_valid(error)
        typer.echo(f"error: {error}", err=True)
        return 1
    for warning in summary.warnings:
        typer.echo(f"warning: {warning}", err=True)
    typer.echo(summary.message)
    return 0


def register(app: typer.Typer) -> None:
    app.command("print", epilog=EXAMPLES)(print_command)
