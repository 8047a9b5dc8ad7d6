"""`huntkit print` time by step, per built-in pack, without and with bleed.

Each print runs in its own process (so peak memory is that print's own) and reports the seconds of
each step (validation, drawing the faces, laying out, CairoSVG's drawing of the pages, pypdf's
join), the cards, pages and PDF size, and peak RSS; then the ratios measured in the same run:
drawing with bleed over drawing without, and the whole print over validation alone.

    .venv/bin/python benchmarks/print.py
    .venv/bin/python benchmarks/print.py --packs content/campaigns/the-pale-bell --bleeds 0 2
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKS = ["content/campaigns/the-pale-bell", "content/core", "content/blood-hunt", "content/hunters-nightmare"]


def child(pack: Path, bleed: float) -> None:
    """Print one pack in this process, timing each step; one JSON line."""
    from toolkit.core.pipeline import validate_paths
    from toolkit.publish.faces import faces_of
    from toolkit.publish.printing.document import PrintOptions, compose
    from toolkit.publish.printing.pdf import join_pages, pack_fetcher, render_page

    marks = [time.perf_counter()]
    result = validate_paths([pack], quick=True)
    marks.append(time.perf_counter())
    faces = faces_of(result.index, result.packs[0])
    marks.append(time.perf_counter())
    printout = compose(pack.name, faces, PrintOptions(backs=True, bleed=bleed))
    marks.append(time.perf_counter())
    fetcher = pack_fetcher(pack)
    pages = [render_page(page, fetcher) for page in printout.pages]
    marks.append(time.perf_counter())
    pdf = join_pages(pages, pack.name)
    marks.append(time.perf_counter())
    steps = ["validate", "faces", "layout", "draw", "join"]
    seconds = {step: round(marks[i + 1] - marks[i], 3) for i, step in enumerate(steps)}
    print(
        json.dumps(
            {
                "pack": str(pack.relative_to(REPO)),
                "bleed": bleed,
                "cards": printout.cards,
                "pages": len(printout.pages),
                "kilobytes": len(pdf) // 1024,
                "seconds": seconds,
                "total": round(marks[-1] - marks[0], 3),
                "peak_mib": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--packs", nargs="+", default=PACKS)
    parser.add_argument("--bleeds", nargs="+", type=float, default=[0.0, 2.0])
    parser.add_argument("--child", nargs=2, metavar=("PACK", "BLEED"), help=argparse.SUPPRESS)
    arguments = parser.parse_args()
    if arguments.child:
        child(REPO / arguments.child[0], float(arguments.child[1]))
        return
    rows = []
    for pack in arguments.packs:
        for bleed in arguments.bleeds:
            done = subprocess.run(
                [sys.executable, __file__, "--child", pack, str(bleed)],
                capture_output=True,
                text=True,
                check=True,
            )
            rows.append(json.loads(done.stdout.strip().splitlines()[-1]))
    columns = ["pack", "bleed", "cards", "pages", "KiB", "validate", "faces", "layout", "draw", "join"]
    print("| " + " | ".join([*columns, "total s", "peak MiB"]) + " |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        s = row["seconds"]
        print(
            f"| {row['pack']} | {row['bleed']:g} | {row['cards']} | {row['pages']} | {row['kilobytes']} |"
            f" {s['validate']} | {s['faces']} | {s['layout']} | {s['draw']} | {s['join']} | {row['total']} |"
            f" {row['peak_mib']} |"
        )
    print()
    by_pack: dict[str, dict[float, dict[str, object]]] = {}
    for row in rows:
        by_pack.setdefault(row["pack"], {})[row["bleed"]] = row
    for pack, runs in by_pack.items():
        plain = runs.get(0.0)
        if plain is None:
            continue
        seconds = plain["seconds"]
        assert isinstance(seconds, dict)
        ratio = float(str(plain["total"])) / seconds["validate"]
        line = f"{pack}: whole print / validation {ratio:.2f}"
        for bleed, run in sorted(runs.items()):
            if bleed:
                other = run["seconds"]
                assert isinstance(other, dict)
                line += f"; drawing with {bleed:g} mm bleed / without {other['draw'] / seconds['draw']:.2f}"
        print(line)


if __name__ == "__main__":
    main()
