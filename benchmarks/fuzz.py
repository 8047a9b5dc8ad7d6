"""Fuzz huntkit with mutated built-in content, for longer than the test suite does.

The same harness as ``tests/fuzz/test_fuzz.py`` (see ``tests/fuzz/harness.py``), with a budget of
cases or minutes. Every finding is printed with its seed, case, file, mutations and command; replay
one case (its pack left in DIR) with ``--case``. Usage::

    .venv/bin/python benchmarks/fuzz.py --seed 1 --cases 640
    .venv/bin/python benchmarks/fuzz.py --seed 1 --minutes 30 --first 640
    .venv/bin/python benchmarks/fuzz.py --seed 1 --case 17 --keep /tmp/case-17

Exit status: 0 when nothing was found, 1 otherwise.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.fuzz.harness import Tally, fuzz  # noqa: E402


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cases", type=int, default=320, help="cases to run (default 320)")
    parser.add_argument("--first", type=int, default=0, help="number of the first case (default 0)")
    parser.add_argument("--case", type=int, action="append", help="run only this case (repeatable)")
    parser.add_argument("--minutes", type=float, help="stop starting batches after this long")
    parser.add_argument("--batch", type=int, default=12, help="cases per site build (default 12)")
    parser.add_argument("--no-site", action="store_true", help="skip the site builds")
    parser.add_argument(
        "--check-terminal", action="store_true", help="also fail on raw control characters in output"
    )
    parser.add_argument("--keep", type=Path, help="leave every case's pack and site in this folder")
    return parser.parse_args(argv)


def _report(tally: Tally, seconds: float) -> str:
    lines = [
        f"{tally.cases} cases in {seconds:.0f} s; {tally.validated} validated "
        f"({tally.validated / max(tally.cases, 1):.0%}); {tally.sites} site builds of "
        f"{tally.site_packs} mutant packs; {len(tally.findings)} findings",
        "",
        f"{'command':12} {'runs':>6} {'CPU s':>8} {'CPU s/run':>10} {'slowest (CPU s)':>26} "
        f"{'peak growth MiB':>28}",
    ]
    for name in tally.runs:
        runs, cpu = tally.runs[name], tally.cpu[name]
        slow, slow_case = tally.slowest[name]
        peak, peak_case = tally.peak[name]
        lines.append(
            f"{name:12} {runs:6d} {cpu:8.1f} {cpu / runs:10.3f} {slow:8.2f} {slow_case:>17} "
            f"{peak / 2**20:8.1f} {peak_case:>19}"
        )
    lines.append("")
    lines.append("cases per kind: " + ", ".join(f"{k} {n}" for k, n in sorted(tally.kinds.items())))
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    options = _arguments(argv)
    numbers = options.case or list(range(options.first, options.first + options.cases))
    start = time.perf_counter()
    deadline = start + options.minutes * 60 if options.minutes else None
    tally = Tally()
    for begin in range(0, len(numbers), options.batch):
        if deadline is not None and time.perf_counter() > deadline:
            print(f"time budget reached before case {numbers[begin]}", flush=True)
            break
        part = fuzz(
            options.seed,
            numbers[begin : begin + options.batch],
            batch=options.batch,
            site=not options.no_site,
            keep=options.keep,
            progress=lambda line: print(line, flush=True),
            terminal=options.check_terminal,
        )
        _merge(tally, part)
    print()
    print(_report(tally, time.perf_counter() - start))
    if tally.findings:
        print("\nFindings:\n")
        for finding in tally.findings:
            print(finding.describe(), end="\n\n")
    return 1 if tally.findings else 0


def _merge(total: Tally, part: Tally) -> None:
    total.cases += part.cases
    total.validated += part.validated
    total.sites += part.sites
    total.site_packs += part.site_packs
    total.findings.extend(part.findings)
    for name, runs in part.runs.items():
        total.runs[name] = total.runs.get(name, 0) + runs
        total.cpu[name] = total.cpu.get(name, 0.0) + part.cpu[name]
        if part.slowest[name][0] > total.slowest.get(name, (-1.0, ""))[0]:
            total.slowest[name] = part.slowest[name]
        if part.peak[name][0] > total.peak.get(name, (-1, ""))[0]:
            total.peak[name] = part.peak[name]
    for kind, count in part.kinds.items():
        total.kinds[kind] = total.kinds.get(kind, 0) + count


if __name__ == "__main__":
    sys.exit(main())
