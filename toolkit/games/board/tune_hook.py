"""The `tune` hook of the board game plug-in: options in, search (:mod:`.simulation.tune`), report out."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import TextIO

from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board.bots.base import BOTS
from toolkit.games.board.engine.rules import RulesError
from toolkit.games.board.simulation.tune import TuneOptions, render_text, tune


def run(
    index: ContentIndex,
    pack: Pack,
    *,
    knob: str,
    target: float,
    chapter: int,
    campaign: str | None = None,
    counts: Sequence[int] = (1, 2, 3, 4),
    games: int = 100,
    seed: int = 0,
    bot: str = "heuristic",
    workers: int = 1,
    low: int | None = None,
    high: int | None = None,
    cluster: str | None = None,
    format: str = "text",
    out: TextIO | None = None,
) -> int:
    out = out or sys.stdout
    if any(not 1 <= n <= 4 for n in counts):
        sys.stderr.write("error: hunters must be 1-4\n")
        return 2
    if bot not in BOTS:
        sys.stderr.write(f"error: unknown bot `{bot}` (known: {', '.join(sorted(BOTS))})\n")
        return 2
    options = TuneOptions(
        knob, target, chapter, campaign, list(counts), games, seed, bot, workers, low, high, cluster
    )

    def progress(line: str) -> None:
        sys.stderr.write(f"  {line}\n")

    try:
        report = tune(index, pack, options, progress if sys.stderr.isatty() else None)
    except RulesError as error:
        sys.stderr.write(f"error: {error}\n")
        return 2
    out.write(
        json.dumps(report, sort_keys=True, indent=2) + "\n" if format == "json" else render_text(report)
    )
    return 0
