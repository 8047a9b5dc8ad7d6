"""Two versions of the code, the same games: interleaved batches, median rates and their ratio.

Usage::

    .venv/bin/python benchmarks/simulate_ab.py --base /path/to/other/worktree [--rounds 10]

Starts two long-lived worker processes, one importing ``toolkit`` from ``--base`` (an older
worktree, e.g. one checked out at main) and one from this repository, and has them play the same
batches alternately (chapter 1 of The Pale Bell, 2 hunters: ``--random`` random games and
``--heuristic`` heuristic games per batch, a new seed per batch; which side goes first alternates).
On a shared machine one run's CPU time moves by 10-30 % with the neighbours; batches played side
by side see the same neighbours, so the median ratio is the fairer comparison.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parents[1]


def worker() -> None:
    """Read `bot games seed` lines; answer each with the CPU seconds of that simulate call."""
    from toolkit.core.packs import builtin_content_root
    from toolkit.core.pipeline import validate_paths
    from toolkit.games.board.simulate import SimulateOptions, simulate

    result = validate_paths([builtin_content_root() / "campaigns" / "the-pale-bell"])
    print("ready", flush=True)
    for line in sys.stdin:
        bot, games, seed = line.split()
        options = SimulateOptions("the-pale-bell", [1], [2], int(games), int(seed), (bot,), 1)
        own = resource.getrusage(resource.RUSAGE_SELF)
        before = own.ru_utime + own.ru_stime
        simulate(result.index, result.packs[0], options)
        own = resource.getrusage(resource.RUSAGE_SELF)
        print(own.ru_utime + own.ru_stime - before, flush=True)


def start(tree: Path) -> subprocess.Popen[str]:
    # Run from a neutral folder so that only PYTHONPATH decides which `toolkit` is imported.
    env = dict(os.environ, PYTHONPATH=str(tree))
    process = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "--worker"],
        cwd="/",
        env=env,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert process.stdin is not None and process.stdout is not None
    if process.stdout.readline().strip() != "ready":
        raise SystemExit(f"the worker for {tree} did not start")
    return process


def ask(process: subprocess.Popen[str], command: str) -> float:
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(command + "\n")
    process.stdin.flush()
    return float(process.stdout.readline())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--base", type=Path, help="the other worktree (its `toolkit` is imported)")
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--random", type=int, default=100, help="random games per batch")
    parser.add_argument("--heuristic", type=int, default=25, help="heuristic games per batch")
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        worker()
        return
    if args.base is None:
        parser.error("--base is required")
    base, this = start(args.base.resolve()), start(HERE)
    print(f"base: {args.base}, this: {HERE}; load average {os.getloadavg()[0]:.1f}\n")
    print("| bot | base: per CPU-s | this: per CPU-s | this / base (median) | batch ratios |")
    print("|---|---|---|---|---|")
    for bot, games in (("random", args.random), ("heuristic", args.heuristic)):
        times: dict[str, list[float]] = {"base": [], "this": []}
        for batch in range(args.rounds):
            command = f"{bot} {games} {batch}"
            order = (("base", base), ("this", this)) if batch % 2 == 0 else (("this", this), ("base", base))
            for name, process in order:
                times[name].append(ask(process, command))
        a, b = statistics.median(times["base"]), statistics.median(times["this"])
        ratios = ", ".join(f"{x / y:.2f}" for x, y in zip(times["base"], times["this"], strict=True))
        print(f"| {bot} | {games / a:.1f} | {games / b:.1f} | {a / b:.2f}x | {ratios} |")
    for process in (base, this):
        assert process.stdin is not None
        process.stdin.close()
        process.wait()


if __name__ == "__main__":
    main()
