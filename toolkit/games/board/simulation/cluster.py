"""Playing a batch of tasks on a Dask cluster (the optional extra `huntkit[cluster]`).

`--cluster tcp://HOST:PORT` connects to a running scheduler; `--cluster local` starts a local
cluster of `--workers` processes on 127.0.0.1 and stops it afterwards. The rules are sent to every
worker once (scattered), each task plays a batch of games (:data:`.runner.CHUNK`), and results are
put back in task order — so the report is the same, byte for byte, as a run on this machine.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from toolkit.games.board.engine.rules import Rules, RulesError
from toolkit.games.board.simulation.records import GameResult, game_seed, play_game

CONNECT_TIMEOUT = 30
"""Seconds to wait for a scheduler to answer before giving up with a plain message."""

Task = tuple[int, int, int, int, int, str]


def play_remote(rules: dict[int, Rules], task: Task) -> list[GameResult]:
    """One task on a worker: the same games, with the same seeds, as :func:`.runner._play_chunk`."""
    chapter, hunters, seed, first, count, bot = task
    return [
        play_game(rules[chapter], hunters, game_seed(seed, chapter, hunters, i), bot)
        for i in range(first, first + count)
    ]


def connect(address: str, workers: int) -> tuple[Any, Any]:
    """A client of the cluster at ``address`` (or of a new local one, returned second to be closed).

    Raises :class:`RulesError` with a plain message when none can be had."""
    try:
        from distributed import Client, LocalCluster
    except ImportError:
        raise RulesError("--cluster needs Dask: pip install 'huntkit[cluster]'") from None
    if address == "local":
        try:
            # Everything listens on 127.0.0.1 only, its HTTP endpoints on a free port.
            cluster = LocalCluster(
                n_workers=workers,
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address="127.0.0.1:0",
                worker_dashboard_address="127.0.0.1:0",
            )
        except (OSError, RuntimeError) as error:
            raise RulesError(f"--cluster local: the local Dask cluster did not start ({error})") from None
        return Client(cluster), cluster
    if not address.startswith(("tcp://", "tls://")):
        raise RulesError(f"--cluster {address!r}: give tcp://HOST:PORT of a Dask scheduler, or `local`")
    try:
        return Client(address, timeout=CONNECT_TIMEOUT), None
    except OSError as error:
        raise RulesError(f"--cluster {address}: no Dask scheduler answered ({error})") from None


def play_on_cluster(
    address: str,
    rules: dict[int, Rules],
    tasks: list[Task],
    workers: int,
    progress: Callable[[int, int], None] | None = None,
) -> list[list[GameResult]]:
    """Play every task on the cluster; results in task order."""
    from distributed import as_completed

    client, cluster = connect(address, workers)
    try:
        # Fresh copies travel: caches filled by earlier play stay behind.
        shipped = client.scatter({c: _fresh(r) for c, r in rules.items()}, broadcast=True)
        futures = client.map(play_remote, [shipped] * len(tasks), tasks, pure=False)
        order = {future.key: position for position, future in enumerate(futures)}
        results: list[list[GameResult] | None] = [None] * len(tasks)
        total, done = sum(task[4] for task in tasks), 0
        for future in as_completed(futures):
            chunk = future.result()
            results[order[future.key]] = chunk
            done += len(chunk)
            if progress:
                progress(done, total)
        return [chunk for chunk in results if chunk is not None]
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _fresh(rules: Rules) -> Rules:
    from dataclasses import replace

    return replace(rules, cache={})
