"""`huntkit simulate` for the board game: options in, games played (:mod:`.simulation`), report out.

One bot plays the whole team; a list of bots (`--bot random,heuristic,search`) is a skill ladder:
every bot plays the same deals, and the report sets their win rates side by side.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any, TextIO

from toolkit.core.files import OutputError, output_problem, write_output
from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board.bots.base import BOTS
from toolkit.games.board.engine.rules import RulesError
from toolkit.games.board.simulation.plot import PLOT_SUFFIXES, render_plot
from toolkit.games.board.simulation.records import GameResult, game_seed, play_game
from toolkit.games.board.simulation.report import narrative_rules, summarize, wilson
from toolkit.games.board.simulation.runner import SimulateOptions, campaign_chapters, simulate
from toolkit.games.board.simulation.text import render_text

__all__ = [
    "GameResult",
    "SimulateOptions",
    "campaign_chapters",
    "game_seed",
    "narrative_rules",
    "play_game",
    "render_json",
    "render_text",
    "run",
    "simulate",
    "summarize",
    "wilson",
]


def render_json(report: dict[str, Any]) -> str:
    return json.dumps(report, sort_keys=True, indent=2) + "\n"


def check_plot_path(path: Path) -> None:
    """Refuse a plot file huntkit cannot write, before the games are played rather than after."""
    if path.suffix.lower() not in PLOT_SUFFIXES:
        raise RulesError("--plot writes SVG or PNG; give a file name ending in .svg or .png")
    problem = output_problem(path)
    if problem is not None:
        raise RulesError(f"--plot: {problem}")


def write_plot(report: dict[str, Any], path: Path) -> None:
    check_plot_path(path)
    try:
        write_output(path, render_plot(report, path.suffix.lower()))
    except OutputError as error:
        raise RulesError(f"--plot: {error}") from None


def terminal_progress(stream: TextIO) -> tuple[Callable[[int, int], None] | None, Callable[[], None]]:
    """A rich progress bar on ``stream`` when it is a terminal, and the call that closes it."""
    if not stream.isatty():
        return None, lambda: None
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    progress = Progress(
        TextColumn("games"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(file=stream),
        transient=True,
    )
    task = progress.add_task("games", total=None)
    progress.start()

    def show(done: int, total: int) -> None:
        progress.update(task, completed=done, total=total)

    return show, progress.stop


def parse_bots(bot: str) -> tuple[str, ...]:
    """The bots of `--bot`: one, or several for a ladder; empty entries around names are dropped."""
    bots = tuple(dict.fromkeys(name.strip() for name in bot.split(",") if name.strip()))
    if not bots:
        raise RulesError(f"--bot needs a bot name ({', '.join(sorted(BOTS))})")
    unknown = [name for name in bots if name not in BOTS]
    if unknown:
        raise RulesError(f"unknown bot `{unknown[0]}` (known: {', '.join(sorted(BOTS))})")
    return bots


def run(
    index: ContentIndex,
    pack: Pack,
    *,
    campaign: str | None = None,
    chapter: int | None = None,
    counts: Sequence[int] = (2,),
    games: int = 100,
    seed: int = 0,
    bot: str = "heuristic",
    workers: int = 1,
    format: str = "text",
    plot: Path | None = None,
    cluster: str | None = None,
    out: TextIO | None = None,
) -> int:
    """The `simulate` hook of the board game plug-in: play, print the report, return the exit code."""
    out = out or sys.stdout
    if any(not 1 <= n <= 4 for n in counts) or games < 1 or workers < 1:
        sys.stderr.write("error: hunters must be 1-4, games and workers at least 1\n")
        return 2
    try:
        bots = parse_bots(bot)
        options = SimulateOptions(
            campaign, [] if chapter is None else [chapter], list(counts), games, seed, bots, workers, cluster
        )
        if plot is not None:
            check_plot_path(plot)
        show, close = terminal_progress(sys.stderr)
        try:
            report = simulate(index, pack, options, show)
        finally:
            close()
        if plot is not None:
            write_plot(report, plot)
    except RulesError as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    out.write(render_json(report) if format == "json" else render_text(report))
    return 0
