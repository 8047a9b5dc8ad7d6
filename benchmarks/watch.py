"""Re-validation latency of `huntkit validate --watch` after a one-line edit in a campaign file.

Usage: python benchmarks/watch.py [--pack PATH] [--edits N]

Without --pack, it measures a fresh `huntkit new campaign` skeleton (copied to a temporary folder;
the original is never touched). Each edit changes one line of the first chapter file; the time is
from the change being noticed to the difference being printed (the poll interval, 0.25 s, comes on
top in real use). It is compared with a full validation without the cache after the same kind of
edit, in the same run.
"""

from __future__ import annotations

import argparse
import io
import os
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

from toolkit.authoring.scaffold import plan, write
from toolkit.authoring.watch import Watcher
from toolkit.core.pipeline import validate_paths


def _edit(path: Path, counter: int) -> None:
    lines = path.read_text(encoding="utf-8").split("\n")
    for position, line in enumerate(lines):
        if line.startswith("title: "):
            lines[position] = f"title: Edited {counter}"
            break
    status = path.stat()
    path.write_text("\n".join(lines), encoding="utf-8")
    os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns + 1_000_000_000))


def measure(pack: Path, edits: int) -> dict[str, float]:
    target = sorted(
        p for p in pack.glob("*.yaml") if p.name != "pack.yaml" and "kind: chapter" in p.read_text()
    )[0]
    watcher = Watcher([pack], io.StringIO())
    started = time.perf_counter()
    watcher.first_run()
    first = time.perf_counter() - started
    latencies: list[float] = []
    for counter in range(edits):
        _edit(target, counter)
        started = time.perf_counter()
        changed = watcher.changed_files()
        watcher.revalidate(changed)
        latencies.append(time.perf_counter() - started)
    full: list[float] = []
    for counter in range(max(3, edits // 4)):
        # An edit before each full validation too: checks that memoise on content must not get
        # an unchanged pack here while the watch runs above paid for the change.
        _edit(target, edits + counter)
        started = time.perf_counter()
        validate_paths([pack])
        full.append(time.perf_counter() - started)
    return {
        "first_run_ms": first * 1000,
        "edit_median_ms": statistics.median(latencies) * 1000,
        "edit_max_ms": max(latencies) * 1000,
        "full_validation_median_ms": statistics.median(full) * 1000,
        "files_read_per_edit": (watcher.cache.reads - len(watcher.cache.entries)) / edits,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pack", type=Path, help="a campaign pack folder (copied, never edited)")
    parser.add_argument("--edits", type=int, default=20)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        folder = Path(temporary)
        if options.pack is not None:
            pack = folder / options.pack.name
            shutil.copytree(options.pack, pack)
        else:
            write(plan("campaign", "my-hunt", folder))
            pack = folder / "my-hunt"
        numbers = measure(pack, options.edits)
    peak_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(f"pack: {options.pack or 'huntkit new campaign skeleton'}; {options.edits} one-line edits")
    for name, value in numbers.items():
        print(f"  {name}: {value:.1f}")
    ratio = numbers["full_validation_median_ms"] / numbers["edit_median_ms"]
    print(f"  speed-up over a full validation: {ratio:.1f}x")
    print(f"  peak memory (RSS): {peak_kib / 1024:.0f} MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
