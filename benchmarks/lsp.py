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
        chapter = pack / "chapter-1.yaml"
        text = chapter.read_text(encoding="utf-8")
        checker = PackChecker()
        start = time.perf_counter()
        checker.set_text(chapter, text)
        first = checker.check(chapter)
        opened = time.perf_counter() - start
        assert not first.result.error_count
        times, full_times = [], []
        for edit in range(args.edits):
            edited = text.replace("The ringing starts at dusk.", f"The ringing starts at dusk ({edit}).", 1)
            checker.set_text(chapter, edited)
            start = time.perf_counter()
            checker.check(chapter, quick=True)
            times.append(time.perf_counter() - start)
            start = time.perf_counter()
            checker.check(chapter)
            full_times.append(time.perf_counter() - start)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    ninetieth = sorted(times)[int(0.9 * (len(times) - 1))]
    full_ninetieth = sorted(full_times)[int(0.9 * (len(full_times) - 1))]
    print("| answer | median | 90th percentile |")
    print("|---|---|---|")
    print(
        f"| first answer: every check but the flow exploration | {statistics.median(times) * 1000:.0f} ms"
        f" | {ninetieth * 1000:.0f} ms |"
    )
    print(
        "| second answer: every check, flow exploration included |"
        f" {statistics.median(full_times) * 1000:.0f} ms"
        f" | {full_ninetieth * 1000:.0f} ms |"
    )
    print()
    print(
        f"{args.edits} edits of chapter-1.yaml; the first check when the file opens: {opened * 1000:.0f} ms;"
        f" peak memory {peak:.0f} MiB"
    )


if __name__ == "__main__":
    main()
