"""Card faces: what drawing every card costs, beside validation of the same content.

    .venv/bin/python benchmarks/faces.py --repeat 3

Measures, in one process and best of ``--repeat``: validating the built-in content (every check,
the card text check BB0910 among them), the card text check alone, and drawing every face of the
built-in packs with ``faces_for_pack``; peak memory (tracemalloc) beside each time.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from toolkit.core.pipeline import validate_paths
from toolkit.publish.faces import faces_for_pack
from toolkit.publish.faces.check import check_card_text

ROOT = Path(__file__).resolve().parents[1]
PACKS = ("content/core", "content/campaigns/the-pale-bell", "content/hunters-nightmare", "content/blood-hunt")


def _measure(run: Callable[[], object], repeat: int) -> tuple[float, float]:
    """Best time of ``repeat`` runs, then the peak memory of one more run under tracemalloc (which
    slows a run several times, so it is not timed)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run()
        best = min(best, time.perf_counter() - start)
    tracemalloc.start()
    run()
    peak = tracemalloc.get_traced_memory()[1] / 2**20
    tracemalloc.stop()
    return best, peak


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args().repeat
    result = validate_paths([ROOT / "content"])

    def check_only() -> None:
        for pack in result.packs:
            list(check_card_text(result.index, pack))

    faces: list[object] = []

    def draw() -> None:
        faces.clear()
        for pack in PACKS:
            faces.extend(faces_for_pack(ROOT / pack))

    validate = _measure(lambda: validate_paths([ROOT / "content"]), repeat)
    check = _measure(check_only, repeat)
    drawn = _measure(draw, repeat)
    print(f"validate content (all checks)    {validate[0]:7.3f} s  {validate[1]:7.1f} MiB")
    print(f"card text check alone (BB0910)   {check[0]:7.3f} s  {check[1]:7.1f} MiB")
    print(f"faces_for_pack, {len(faces)} faces     {drawn[0]:7.3f} s  {drawn[1]:7.1f} MiB")
    print(f"ratio check / validate           {check[0] / validate[0]:7.3f}")


if __name__ == "__main__":
    main()
