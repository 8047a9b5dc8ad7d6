"""`huntkit simulate`: batch play with bots and a balance report, for any game that can.

The command validates the pack, refuses content with errors (exit 1, with the diagnostics), then
calls its game's :class:`~toolkit.core.plugin.SimulateHook` with a
:class:`~toolkit.core.plugin.SimulateOptions` (options not given are ``None``: the game's default).
"""

from __future__ import annotations

import io
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, TextIO

import typer

from toolkit.commands.packs import load_pack_in, not_offered
from toolkit.core.arguments import text_value
from toolkit.core.files import OutputError, content_problem, output_problem, same_file, write_output
from toolkit.core.plugin import ReportFormat, SimulateOptions
from toolkit.core.strings.catalogue import speaking

EXAMPLES = """
Examples:

\b
  huntkit simulate content/blood-hunt --players 2..4 --games 1000 --seed 7
  huntkit simulate content/blood-hunt --players 2 --games 200 --bot search,heuristic --format json
  huntkit simulate content/blood-hunt --players 3,4 --games 10000 --workers 2 --output report.json
  huntkit simulate content/campaigns/the-pale-bell --campaign the-pale-bell --chapter 1 --hunters 2
  huntkit simulate content/campaigns/the-pale-bell --hunters 1..4 --bot random,heuristic --plot rates.svg
  huntkit simulate content/campaigns/the-pale-bell --chapter 1 --hunters 2 --games 50 --lang pl
"""

_COUNTS = re.compile(r"^\s*(\d+)\s*(?:\.\.\s*(\d+))?\s*$", re.ASCII)

MAX_COUNT = 99
"""No game has more seats; a larger count or range end is a typo (and 2..10**9 would never end)."""

MAX_GAMES = 100_000
"""Games per count: more would hold millions of game records in memory before the report."""

MAX_WORKERS = 256
"""Far more than a machine has cores; the pool cannot even start with an unbounded number."""


def parse_counts(text: str) -> list[int]:
    """``2..4`` → [2, 3, 4]; ``2,4`` → [2, 4]; ``3`` → [3]. Raises ``ValueError`` otherwise."""
    counts: list[int] = []
    for part in text.split(","):
        match = _COUNTS.match(part)
        if not match:
            raise ValueError(f"{text!r} is not a count, a range like 2..4, or a list like 2,4")
        low = int(match.group(1))
        high = int(match.group(2) or low)
        if high > MAX_COUNT:
            raise ValueError(f"{high} is not a player count (at most {MAX_COUNT})")
        if high < low:
            raise ValueError(f"the range {part.strip()!r} runs backwards")
        counts.extend(n for n in range(low, high + 1) if n not in counts)
    return counts


def simulate(
    pack: Annotated[Path, typer.Argument(help="The pack folder to simulate.", show_default=False)],
    players: Annotated[
        str | None,
        typer.Option(help="Player counts: 3, a range 2..4, or a list 2,4.", parser=text_value),
    ] = None,
    hunters: Annotated[
        str | None,
        typer.Option(help="Hunter counts (board game): 2, 1..4 or 1,3.", parser=text_value),
    ] = None,
    games: Annotated[int, typer.Option(help="Games per count.")] = 100,
    seed: Annotated[int, typer.Option(help="Base seed; the same seed gives the same report.")] = 0,
    bot: Annotated[
        str | None,
        typer.Option(
            help="Bots, comma-separated. Blood Hunt: by seat (rotated over games). Board game: one bot"
            " plays the team; several make a skill ladder, each playing the same deals.",
            parser=text_value,
        ),
    ] = None,
    workers: Annotated[int, typer.Option(help="Worker processes.")] = 1,
    campaign: Annotated[
        str | None, typer.Option(help="The campaign's id (board game).", parser=text_value)
    ] = None,
    chapter: Annotated[int | None, typer.Option(help="The chapter (board game).")] = None,
    format: Annotated[str, typer.Option("--format", help="text or json.")] = "text",
    output: Annotated[Path | None, typer.Option(help="Write the report here.")] = None,
    plot: Annotated[
        Path | None,
        typer.Option(help="Write a chart of win rate by hunter count here, .svg or .png (board game)."),
    ] = None,
    cluster: Annotated[
        str | None,
        typer.Option(
            help="Play on a Dask cluster: tcp://HOST:PORT of its scheduler, or `local` for a local cluster"
            " of --workers processes (board game; needs huntkit[cluster])."
        ),
    ] = None,
    lang: Annotated[
        str | None,
        typer.Option(
            "--lang",
            help="Write the text report in this language (one the pack declares); JSON stays English.",
            parser=text_value,
        ),
    ] = None,
) -> int:
    """Play many seeded games with bots and report balance: win rates, endings, scores, length."""
    if players is not None and hunters is not None:
        typer.echo("error: give --players or --hunters, not both", err=True)
        return 2
    if format not in ("text", "json"):
        typer.echo(f"error: --format must be text or json, not {format!r}", err=True)
        return 2
    if lang is not None and format == "json":
        typer.echo(
            "error: --lang is for the text report; the JSON report's words are keys for programs", err=True
        )
        return 2
    try:
        count_text = players or hunters
        counts = parse_counts(count_text) if count_text else None
    except ValueError as error:
        typer.echo(f"error: {error}", err=True)
        return 2
    problem = _size_problem(games, workers)
    if problem is not None:
        typer.echo(f"error: {problem}", err=True)
        return 2
    if output is not None and plot is not None and same_file(output, plot):
        typer.echo("error: --output and --plot name the same file; give each its own", err=True)
        return 2
    for option, path in (("--output", output), ("--plot", plot)):
        problem = output_problem(path) if path is not None else None
        problem = problem or (content_problem(path, pack) if path is not None else None)
        if problem is not None:
            typer.echo(f"error: {option}: {problem}", err=True)
            return 2
    loaded = load_pack_in(pack, "simulate", "simulating", lang)
    if isinstance(loaded, int):
        return loaded
    hook = loaded.game.simulate
    if hook is None:
        return not_offered(loaded.game.id, "simulate")
    options = SimulateOptions(
        games=games,
        seed=seed,
        workers=workers,
        format=report_format(format),
        counts=tuple(counts) if counts is not None else None,
        bot=bot,
        campaign=campaign,
        chapter=chapter,
        plot=plot,
        cluster=cluster,
    )
    index, target = loaded.index, loaded.pack
    with speaking(lang):
        return write_report(lambda out: hook(index, target, options, out), output)


def _size_problem(games: int, workers: int) -> str | None:
    """Refuse a run that could not finish or start, before the pack is even loaded."""
    if not 1 <= games <= MAX_GAMES:
        return f"--games must be 1 to {MAX_GAMES:,}, not {games}"
    if not 1 <= workers <= MAX_WORKERS:
        return f"--workers must be 1 to {MAX_WORKERS}, not {workers}"
    return None


def report_format(name: str) -> ReportFormat:
    """``--format`` once the command has checked it is ``text`` or ``json``."""
    return "json" if name == "json" else "text"


def write_report(produce: Callable[[TextIO], int], output: Path | None) -> int:
    """Run a hook that writes a report: to standard output, or whole into ``output``."""
    if output is None:
        return int(produce(sys.stdout))
    # The report is written once it is whole: a run that fails leaves an earlier report in place.
    stream = io.StringIO()
    code = int(produce(stream))
    if code != 0 and not stream.getvalue():
        return code
    try:
        write_output(output, stream.getvalue())
    except OutputError as error:
        typer.echo(f"error: --output: {error}", err=True)
        return 2
    typer.echo(f"report written to {output}", err=True)
    return code


def register(app: typer.Typer) -> None:
    app.command(epilog=EXAMPLES)(simulate)
