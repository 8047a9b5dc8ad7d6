"""Playing the requested cells, in this process or in worker processes, and building the report.

Every game gets its own seed derived from (seed, chapter, hunters, game number), so a report depends
only on its options: the same seed gives the same report with any number of workers, and every bot
of a ladder plays the same deals.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from toolkit.core.index import ContentIndex, Pack
from toolkit.games.board.bots.base import BOTS
from toolkit.games.board.engine.rules import Rules, RulesError, load_rules
from toolkit.games.board.mission.documents import Chapter
from toolkit.games.board.simulation.records import GameResult, game_seed, play_game, prepare
from toolkit.games.board.simulation.report import ladder, narrative_rules, not_simulated_report, summarize

CHUNK = 25
"""Games per task sent to a worker process."""

Progress = Callable[[int, int], None]
"""Told (games done, games in all) after each batch."""


@dataclass(slots=True)
class SimulateOptions:
    """What `huntkit simulate` asks for."""

    campaign: str | None = None
    chapters: list[int] = field(default_factory=list)
    """Chapters to play; empty for every chapter of the campaign."""
    hunters: list[int] = field(default_factory=lambda: [2])
    games: int = 100
    seed: int = 0
    bots: tuple[str, ...] = ("heuristic",)
    """One bot plays the whole team; several make a skill ladder (each plays the same deals)."""
    workers: int = 1
    cluster: str | None = None
    """A Dask scheduler (`tcp://HOST:PORT`) or `local` for a local cluster of ``workers`` processes."""


def campaign_chapters(index: ContentIndex, pack: Pack, campaign: str | None) -> tuple[str, list[int]]:
    """The campaign to play (the pack's only one when not named) and its chapter numbers."""
    chapters = [
        doc.model for doc in index.documents_of("chapter", [pack.id]) if isinstance(doc.model, Chapter)
    ]
    campaigns = sorted({c.campaign.split(":")[-1] for c in chapters})
    if not campaigns:
        raise RulesError(f"pack `{pack.id}` has no campaign with chapters to simulate")
    if campaign is None:
        if len(campaigns) != 1:
            raise RulesError(
                f"name a campaign with --campaign (the pack has: {', '.join(campaigns) or 'none'})"
            )
        campaign = campaigns[0]
    numbers = sorted(int(c.number) for c in chapters if c.campaign.split(":")[-1] == campaign)
    if not numbers:
        raise RulesError(f"no chapters of campaign `{campaign}` in pack `{pack.id}`")
    return campaign, numbers


# --- worker processes ------------------------------------------------------------------------------

_RULES: dict[int, Rules] = {}
"""Rules by chapter, set before the worker pool forks so every worker inherits them."""

Task = tuple[int, int, int, int, int, str]
"""(chapter, hunters, seed, first game, games, bot)."""


def _play_chunk(task: Task) -> list[GameResult]:
    chapter, hunters, seed, first, count, bot = task
    rules = _RULES[chapter]
    return [
        play_game(rules, hunters, game_seed(seed, chapter, hunters, i), bot)
        for i in range(first, first + count)
    ]


def play_tasks(
    rules: dict[int, Rules],
    tasks: list[Task],
    workers: int,
    progress: Progress | None = None,
    cluster: str | None = None,
) -> list[list[GameResult]]:
    """Play every task (on a Dask cluster, in worker processes when ``workers`` > 1, or here);
    results in task order."""
    if cluster is not None:
        from toolkit.games.board.simulation.cluster import play_on_cluster

        return play_on_cluster(cluster, rules, tasks, workers, progress)
    _RULES.clear()
    _RULES.update(rules)
    total, done = sum(task[4] for task in tasks), 0
    chunks: list[list[GameResult]] = []
    if workers > 1 and len(tasks) > 1:
        # The process pool is imported only when it is used (a few ms of a one-process run).
        from concurrent.futures import ProcessPoolExecutor
        from multiprocessing import get_context

        # Built once here, before the fork, rather than once in every worker.
        for chapter, hunters in dict.fromkeys((task[0], task[1]) for task in tasks):
            prepare(rules[chapter], hunters)
        # No more processes than tasks: --workers 256 for two games would fork 256 idle workers.
        with ProcessPoolExecutor(min(workers, len(tasks)), mp_context=get_context("fork")) as pool:
            for chunk in pool.map(_play_chunk, tasks):
                chunks.append(chunk)
                done += len(chunk)
                if progress:
                    progress(done, total)
    else:
        for task in tasks:
            chunks.append(_play_chunk(task))
            done += len(chunks[-1])
            if progress:
                progress(done, total)
    return chunks


def tasks_for(chapter: int, hunters: int, bot: str, seed: int, games: int) -> list[Task]:
    return [
        (chapter, hunters, seed, first, min(CHUNK, games - first), bot) for first in range(0, games, CHUNK)
    ]


def simulate(
    index: ContentIndex, pack: Pack, options: SimulateOptions, progress: Progress | None = None
) -> dict[str, Any]:
    """Play every requested (chapter, hunters, bot) cell and build the report."""
    unknown = [bot for bot in options.bots if bot not in BOTS]
    if unknown or not options.bots:
        raise RulesError(f"unknown bot `{(unknown or [''])[0]}` (known: {', '.join(sorted(BOTS))})")
    campaign, numbers = campaign_chapters(index, pack, options.campaign)
    chapters = options.chapters or numbers
    rules = {number: load_rules(index, pack.id, campaign, number) for number in chapters}
    keys = [(c, h, b) for c in chapters for h in options.hunters for b in options.bots]
    tasks = [task for c, h, b in keys for task in tasks_for(c, h, b, options.seed, options.games)]
    chunks = play_tasks(rules, tasks, options.workers, progress, options.cluster)
    by_key: dict[tuple[int, int, str], list[GameResult]] = {}
    for task, chunk in zip(tasks, chunks, strict=True):
        by_key.setdefault((task[0], task[1], task[5]), []).extend(chunk)
    cells = [summarize(rules[c], h, b, by_key[(c, h, b)]) for c, h, b in keys]
    report: dict[str, Any] = {
        "pack": pack.id,
        "campaign": campaign,
        "bot": ",".join(options.bots),
        "bots": list(options.bots),
        "seed": options.seed,
        "games_per_cell": options.games,
        "narrative_rules": {str(c): narrative_rules(rules[c]) for c in chapters},
        "not_simulated": not_simulated_report(index, pack),
        "cells": cells,
    }
    if len(options.bots) > 1:
        report["ladder"] = ladder(cells)
    return report
