"""`huntkit graph`: draw a campaign's mission graph as Mermaid, Graphviz DOT or JSON."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated

import typer

from toolkit.commands.validate import files_read
from toolkit.core.arguments import path_value, text_value
from toolkit.core.files import OutputError, output_problem, overwritten_input, write_output
from toolkit.core.pipeline import UsageError, validate_paths
from toolkit.games.board.mission.deck import gather_decks
from toolkit.games.board.mission.graph import campaign_graphs
from toolkit.games.board.mission.render import RENDERERS

EXAMPLES = """
Examples:

\b
  huntkit graph content/campaigns/the-pale-bell --campaign the-pale-bell
  huntkit graph my-campaign/ --campaign my-campaign --chapter 2 --format dot | dot -Tsvg > ch2.svg
  huntkit graph my-campaign/ --campaign my-campaign --format json --output graph.json
"""


def graph(
    pack: Annotated[
        Path,
        typer.Argument(help="The pack folder holding the campaign.", show_default=False, parser=path_value),
    ],
    campaign: Annotated[
        str,
        typer.Option("--campaign", "-c", help="The campaign's id.", show_default=False, parser=text_value),
    ],
    chapter: Annotated[
        int | None, typer.Option("--chapter", help="Only this chapter (1-3); default: all.", min=1, max=3)
    ] = None,
    format: Annotated[
        str, typer.Option("--format", "-f", help="mermaid, dot or json.", case_sensitive=False)
    ] = "mermaid",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file.", parser=path_value)
    ] = None,
) -> int:
    """Draw a chapter's mission graph: cards by number, type and title, the hunt path highlighted."""
    name = format.lower()
    if name not in RENDERERS:
        typer.echo(f"error: unknown format {format!r}; use one of {', '.join(RENDERERS)}", err=True)
        return 2
    problem = output_problem(output) if output is not None else None
    if problem is not None:
        typer.echo(f"error: --output: {problem}", err=True)
        return 2
    try:
        result = validate_paths([pack])
    except UsageError as error:
        typer.echo(f"error: {error}", err=True)
        return 2
    documents = [d for p in result.packs for d in p.documents if d.model is not None]
    decks = gather_decks(documents)
    deck = decks.get(campaign)
    if deck is None or not deck.chapters:
        known = ", ".join(sorted(k for k, d in decks.items() if d.chapters)) or "none"
        typer.echo(
            f"error: no campaign {campaign!r} with chapters in {pack}; campaigns found: {known}", err=True
        )
        return 2
    graphs = campaign_graphs(deck, chapter)
    if not graphs:
        present = ", ".join(map(str, deck.chapter_numbers()))
        typer.echo(f"error: campaign {campaign!r} has no chapter {chapter}; it has {present}", err=True)
        return 2
    if result.error_count:
        typer.echo(
            f"note: the pack has {result.error_count} error(s); the graph shows only valid documents "
            f"(run `huntkit validate {pack}`)",
            err=True,
        )
    rendered = RENDERERS[name](graphs)
    if output is not None and overwritten_input(output, files_read(result)) is not None:
        typer.echo(f"error: --output: {output} is a file of the pack; give another file name", err=True)
        return 2
    if output is None:
        sys.stdout.write(rendered)
        return 0
    try:
        write_output(output, rendered)
    except OutputError as error:
        typer.echo(f"error: --output: {error}", err=True)
        return 2
    return 0


def register(app: typer.Typer) -> None:
    app.command(epilog=EXAMPLES)(graph)
