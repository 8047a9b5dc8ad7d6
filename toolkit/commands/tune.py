"""`huntkit tune`: find the value of one number of the content, per player count, that brings the
win rate nearest a target, and print it as a table ready to paste.

Dispatches on the pack's game to ``plugin.extras["tune"]``, called as ``tune(index, pack, knob=...,
target=..., chapter=..., campaign=..., counts=..., games=..., seed=..., bot=..., workers=...,
low=..., high=..., format=..., out=...) -> int``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Annotated, Any

import typer

from toolkit.commands.packs import load_pack_hook
from toolkit.commands.simulate import _run, _size_problem, parse_counts
from toolkit.core.files import content_problem, output_problem

EXAMPLES = """
Examples:

\b
  huntkit tune content/campaigns/the-pale-bell --chapter 2 --knob boss-hp:blood-starved-beast --target 50%
  huntkit tune my-campaign/ --chapter 1 --knob card:6/on_reveal/2/change_hp/by --min -20 --max 0
  huntkit tune my-campaign/ --chapter 3 --knob random-tiles --hunters 3,4 --games 200 --workers 2
"""

_TARGET = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(%?)\s*$", re.ASCII)


def parse_target(text: str) -> float:
    """``50%`` or ``50`` → 0.5; ``0.5`` → 0.5. Raises ``ValueError`` for anything else."""
    match = _TARGET.match(text)
    if not match:
        raise ValueError(f"--target {text!r}: give a win rate such as 50% or 0.5")
    value = float(match.group(1))
    if match.group(2) or value > 1:
        value /= 100
    if not 0 <= value <= 1:
        raise ValueError(f"--target {text!r} is not a win rate between 0% and 100%")
    return value


def tune(
    pack: Annotated[Path, typer.Argument(help="The pack folder to tune.", show_default=False)],
    knob: Annotated[
        str,
        typer.Option(
            help="The number to turn: boss-hp:BOSS[:PHASE], random-tiles, or a document and path such"
            " as boss:cleric-beast/phases/2/hp, chapter/setup/random_tiles, card:6/on_reveal/2/change_hp/by.",
            show_default=False,
        ),
    ],
    chapter: Annotated[int, typer.Option(help="The chapter to play.", show_default=False)],
    target: Annotated[str, typer.Option(help="The wanted win rate: 50% or 0.5.")] = "50%",
    campaign: Annotated[str | None, typer.Option(help="The campaign's id.")] = None,
    hunters: Annotated[str, typer.Option(help="Hunter counts: 2, 1..4 or 1,3.")] = "1..4",
    games: Annotated[int, typer.Option(help="Games per value tried.")] = 100,
    seed: Annotated[int, typer.Option(help="Base seed; the same seed gives the same answer.")] = 0,
    bot: Annotated[str, typer.Option(help="The bot that plays the team.")] = "heuristic",
    workers: Annotated[int, typer.Option(help="Worker processes.")] = 1,
    low: Annotated[int | None, typer.Option("--min", help="The least value to try.")] = None,
    high: Annotated[int | None, typer.Option("--max", help="The greatest value to try.")] = None,
    cluster: Annotated[
        str | None,
        typer.Option(help="Play on a Dask cluster: tcp://HOST:PORT, or `local` (needs huntkit[cluster])."),
    ] = None,
    format: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
    output: Annotated[Path | None, typer.Option(help="Write the report here.")] = None,
) -> int:
    """Find the value of one knob per hunter count that brings the win rate nearest a target."""
    if format not in ("text", "json"):
        typer.echo(f"error: --format must be text or json, not {format!r}", err=True)
        return 2
    try:
        counts = parse_counts(hunters)
        wanted = parse_target(target)
    except ValueError as error:
        typer.echo(f"error: {error}", err=True)
        return 2
    problem = _size_problem(games, workers)
    if problem is None and output is not None:
        problem = output_problem(output) or content_problem(output, pack)
        problem = f"--output: {problem}" if problem else None
    if problem is not None:
        typer.echo(f"error: {problem}", err=True)
        return 2
    loaded = load_pack_hook(pack, "tune", "tuning")
    if isinstance(loaded, int):
        return loaded
    options: dict[str, Any] = {
        "knob": knob,
        "target": wanted,
        "chapter": chapter,
        "campaign": campaign,
        "counts": counts,
        "games": games,
        "seed": seed,
        "bot": bot,
        "workers": workers,
        "low": low,
        "high": high,
        "cluster": cluster,
        "format": format,
    }
    return _run(loaded.run, loaded.index, loaded.pack, options, output)


def register(app: typer.Typer) -> None:
    app.command(epilog=EXAMPLES)(tune)
