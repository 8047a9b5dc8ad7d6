"""Simulation on a Dask cluster: the scheduling cost, and the projection to 10 million playouts.

Usage::

    .venv/bin/python benchmarks/cluster.py [--games 400] [--workers 2] [--bot heuristic]

Plays the same games of chapter 1 of The Pale Bell (2 hunters) three ways in one run — in this
process, in a local process pool of ``--workers``, and on a local Dask cluster of ``--workers``
processes — checks that the three reports are byte-identical, and prints a Markdown table for
benchmarks/README.md: wall and CPU seconds, the cluster's cost over the process pool (start-up
counted apart: a cluster is started once for many runs), the per-core rate in playouts per
CPU-second, peak memory, and how long 10 million chapter playouts would take on 16 cores at that
rate.
"""

from __future__ import annotations

import argparse
import resource
import time

from toolkit.core.packs import builtin_content_root
from toolkit.core.pipeline import validate_paths
from toolkit.games.board.engine.rules import load_rules
from toolkit.games.board.simulate import SimulateOptions, render_json, simulate
from toolkit.games.board.simulation.cluster import connect, play_remote
from toolkit.games.board.simulation.runner import tasks_for

PACK = builtin_content_root() / "campaigns" / "the-pale-bell"
PLAYOUTS = 10_000_000
CORES = 16


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def peak_mib() -> float:
    return (
        max(resource.getrusage(w).ru_maxrss for w in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)) / 1024
    )


def run(games: int, workers: int, bot: str, cluster: str | None) -> tuple[float, float, str]:
    result = validate_paths([PACK])
    options = SimulateOptions("the-pale-bell", [1], [2], games, 1, (bot,), workers, cluster)
    start, cpu = time.perf_counter(), cpu_seconds()
    report = simulate(result.index, result.packs[0], options)
    return time.perf_counter() - start, cpu_seconds() - cpu, render_json(report)


def cluster_run(games: int, workers: int, bot: str) -> tuple[float, float, float]:
    """Start-up seconds of a local cluster, then wall seconds and worker CPU seconds for the games."""
    result = validate_paths([PACK])
    rules = {1: load_rules(result.index, result.packs[0].id, "the-pale-bell", 1)}
    start = time.perf_counter()
    client, cluster = connect("local", workers)
    started = time.perf_counter() - start
    try:
        tasks = tasks_for(1, 2, bot, 1, games)
        shipped = client.scatter(rules, broadcast=True)
        begin = time.perf_counter()

        def timed(rules_: dict[int, object], task: tuple[int, int, int, int, int, str]) -> float:
            import resource as r

            before = r.getrusage(r.RUSAGE_SELF)
            play_remote(rules_, task)  # type: ignore[arg-type]
            after = r.getrusage(r.RUSAGE_SELF)
            return (after.ru_utime + after.ru_stime) - (before.ru_utime + before.ru_stime)

        cpu = sum(client.gather(client.map(timed, [shipped] * len(tasks), tasks, pure=False)))
        return started, time.perf_counter() - begin, cpu
    finally:
        client.close()
        cluster.close()


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--bot", default="heuristic")
    args = parser.parse_args()
    one_wall, one_cpu, one = run(args.games, 1, args.bot, None)
    pool_wall, pool_cpu, pool = run(args.games, args.workers, args.bot, None)
    dask_wall, _, dask = run(args.games, args.workers, args.bot, "local")
    assert one == pool == dask, "the reports differ"
    started, games_wall, worker_cpu = cluster_run(args.games, args.workers, args.bot)
    rate = args.games / one_cpu
    hours = PLAYOUTS / (rate * CORES) / 3600
    print(
        f"{args.games} games of chapter 1, 2 hunters, bot {args.bot}, {args.workers} workers;"
        " reports identical"
    )
    print()
    print("| run | wall s | CPU s | playouts per CPU-second | peak MiB |")
    print("|---|---|---|---|---|")
    print(f"| one process | {one_wall:.1f} | {one_cpu:.1f} | {rate:.1f} | {peak_mib():.0f} |")
    print(f"| process pool | {pool_wall:.1f} | {pool_cpu:.1f} | {args.games / pool_cpu:.1f} | |")
    print(f"| `--cluster local` (start-up included) | {dask_wall:.1f} | | | |")
    print(f"| cluster, games only | {games_wall:.1f} | {worker_cpu:.1f} | {args.games / worker_cpu:.1f} | |")
    print()
    print(f"- cluster start-up: {started:.1f} s")
    print(f"- scheduling cost: cluster wall for the games / process-pool wall = {games_wall / pool_wall:.3f}")
    print(f"- 10 million playouts on {CORES} cores at {rate:.1f} per core-second: {hours:.1f} hours")


if __name__ == "__main__":
    main()
