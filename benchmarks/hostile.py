"""How long a hostile file takes to end in its diagnostic, and how much memory it costs.

Each case is a one-file pack (requiring ``core``) validated in process after a warm-up, best of 3
runs, with the peak of traced Python memory beside it; a clean one-file pack is the baseline, so the
numbers say what the hostile file itself costs. Usage::

    .venv/bin/python benchmarks/hostile.py
"""

from __future__ import annotations

import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from tests.core.test_hostile import HOSTILE, PACK  # noqa: E402  (the same inputs the tests use)
from toolkit.core.pipeline import validate_paths  # noqa: E402

CLEAN = b"kind: consumable\nid: calm\nname: Calm\ntiming: hunter-turn\ncount: 1\neffects: []\n"


def run_case(content: bytes | None, size: int | None = None) -> tuple[float, float, int, list[str]]:
    """Validate a pack holding the case file: best time of 3, traced peak memory, exit, codes."""
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        (root / "pack.yaml").write_text(PACK)
        target = root / "case.yaml"
        if size is not None:
            with target.open("wb") as handle:
                handle.truncate(size)  # sparse: the refusal must come before reading
        else:
            target.write_bytes(content or CLEAN)
        validate_paths([root])  # warm the import and built-in caches, as a long-lived run would
        best = float("inf")
        for _ in range(3):
            start = time.perf_counter()
            result = validate_paths([root])
            best = min(best, time.perf_counter() - start)
        tracemalloc.start()
        validate_paths([root])
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        codes = sorted({d.code for d in result.diagnostics})
        return best, peak / 2**20, result.exit_code(), codes


def main() -> int:
    baseline = run_case(CLEAN)
    print(f"clean one-file pack: {baseline[0]:.3f} s, traced peak {baseline[1]:.1f} MiB\n")
    print(f"{'case':18} {'bytes':>11} {'seconds':>8} {'peak MiB':>9} {'exit':>5}  codes")
    cases: list[tuple[str, bytes | None, int | None]] = [
        (name, content, None) for name, (content, _) in sorted(HOSTILE.items())
    ]
    cases.append(("40-megabyte", None, 40 * 1024 * 1024))
    for name, content, size in cases:
        elapsed, peak, code, codes = run_case(content, size)
        length = size if size is not None else len(content or b"")
        print(f"{name:18} {length:>11,} {elapsed:8.3f} {peak:9.1f} {code:5d}  {', '.join(codes)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
