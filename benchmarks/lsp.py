"""How long the language server takes to re-check a pack after an edit (the goal: ≤ 300 ms median).

Usage::

    .venv/bin/python benchmarks/lsp.py [--edits 30]

Copies The Pale Bell to a temporary folder, checks it once (as when the editor opens a file), then
makes ``--edits`` edits to chapter-1.yaml in the checker's unsaved text — each changes a card's
story, so the chapter's models change as they do while typing — and times each re-check of the
whole pack (every document of every file, references, rules, graph and flow checks). Prints the
median, the 90th percentile and the peak memory as a Markdown table.
"""

from __future__ import annotations

import argparse
import resource
import shutil
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from toolkit.core.packs import builtin_content_root
from toolkit.lsp.checker import PackChecker


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--edits", type=int, default=30)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        pack = Path(folder) / "the-pale-bell"
        shutil.copytree(builtin_content_root() / "campaigns" / "the-pale-bell", pack)
        manifest = pack / "pack.yaml"  # an author's copy has an id of its own
        manifest.write_text(
            manifest.read_text(encoding="utf-8").replace("id: the-pale-bell", "id: my-pale-bell", 1)
        )
        chapter = pack / "chapter-1.yaml"
        text = chapter.read_text(encoding="utf-8")
        checker = PackChecker()
        start = time.perf_counter()
        checker.set_text(chapter, text)
        first = checker.check(chapter)
        opened = time.perf_counter() - start
        assert not first.result.error_count and not first.result.warning_count
        rows = {}
        for kind, edit_of in EDITS.items():
            quick_times, full_times = [], []
            for edit in range(args.edits):
                checker.set_text(chapter, edit_of(text, edit))
                start = time.perf_counter()
                checker.check(chapter, quick=True)
                quick_times.append(time.perf_counter() - start)
                start = time.perf_counter()
                checker.check(chapter)
                full_times.append(time.perf_counter() - start)
            rows[kind] = (quick_times, full_times)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print("| edit | answer | median | 90th percentile |")
    print("|---|---|---|---|")
    for kind, (quick_times, full_times) in rows.items():
        for answer, times in (
            ("first: all but the flow exploration", quick_times),
            ("second: all", full_times),
        ):
            print(f"| {kind} | {answer} | {_ms(statistics.median(times))} | {_ms(_ninetieth(times))} |")
    print()
    print(
        f"{args.edits} edits of each kind to chapter-1.yaml; the first check when the file opens:"
        f" {_ms(opened)}; peak memory {peak:.0f} MiB"
    )


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.0f} ms"


def _ninetieth(times: list[float]) -> float:
    return sorted(times)[int(0.9 * (len(times) - 1))]


EDITS: dict[str, Callable[[str, int], str]] = {
    # A card's story reworded: prose the flow exploration does not read (its cached result holds).
    "story": lambda text, n: text.replace(
        "The ringing starts at dusk.", f"The ringing starts at dusk ({n}).", 1
    ),
    # A rule changed: card 7's spawn count written anew each time, so the chapter is explored again.
    "rule": lambda text, n: text.replace(
        "count: hunters, tag: graveyard-mob", f"count: hunters + {n} - {n}, tag: graveyard-mob", 1
    ),
}


if __name__ == "__main__":
    main()
