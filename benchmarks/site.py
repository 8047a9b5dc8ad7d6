"""Reference-site build time as the content grows: the built-in packs, then N generated copies.

Each build runs in its own process (so peak memory is that build's own) and reports wall time,
page count and peak RSS. Copies are the built-in packs under new pack ids, written to
``benchmarks/.corpus/site/`` (git-ignored); a copy of a campaign still requires the original `core`.

    .venv/bin/python benchmarks/site.py                 # 1x, 2x, 5x and 10x
    .venv/bin/python benchmarks/site.py --scales 1 10
    .venv/bin/python benchmarks/site.py --scales 1 --lang en en,pl   # one language against two
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
CORPUS = REPO / "benchmarks" / ".corpus" / "site"
OUT = REPO / "benchmarks" / "out" / "site"


def builtin_packs() -> list[Path]:
    return sorted(p.parent for p in (REPO / "content").rglob("pack.yaml"))


def make_copies(copies: int) -> list[Path]:
    """``copies`` copies of every built-in pack, each with its own pack id."""
    made: list[Path] = []
    for n in range(1, copies + 1):
        for pack in builtin_packs():
            target = CORPUS / f"copy-{n}" / pack.name
            if not target.exists():
                shutil.copytree(pack, target)
                manifest = yaml.safe_load((pack / "pack.yaml").read_text(encoding="utf-8"))
                manifest["id"] = f"{manifest['id']}-copy-{n}"
                (target / "pack.yaml").write_text(yaml.safe_dump(manifest, sort_keys=False), "utf-8")
            made.append(target)
    return made


def child(scale: int, languages: tuple[str, ...]) -> None:
    """Build the site for one scale in this process and print one JSON line."""
    from toolkit.publish.runner import SiteRequest, build

    packs = [REPO / "content", *make_copies(scale - 1)]
    out = OUT / f"{scale}x-{'-'.join(languages) or 'default'}"
    start = time.perf_counter()
    build(SiteRequest(tuple(packs), languages=languages), out)
    seconds = time.perf_counter() - start
    pages = sum(1 for _ in out.rglob("index.html"))
    usage = resource.getrusage(resource.RUSAGE_SELF)
    report = {
        "scale": scale,
        "seconds": seconds,
        "cpu_seconds": usage.ru_utime + usage.ru_stime,
        "pages": pages,
        "peak_mib": usage.ru_maxrss / 1024,
    }
    print(json.dumps(report))


def measure(scale: int, languages: str) -> dict[str, float]:
    command = [sys.executable, __file__, "--child", str(scale), "--lang", languages]
    done = subprocess.run(command, capture_output=True, text=True, cwd=REPO)
    if done.returncode != 0:
        raise SystemExit(f"the {scale}x build failed:\n{done.stderr[-3000:]}")
    result: dict[str, float] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--scales", type=int, nargs="+", default=[1, 2, 5, 10])
    parser.add_argument(
        "--lang", nargs="+", default=[""], help="languages of each build (en,pl); one build per value"
    )
    parser.add_argument("--child", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child, tuple(code for code in args.lang[0].split(",") if code))
        return
    # Fresh copies every run: copies left from an older checkout could mix two versions of a pack.
    shutil.rmtree(CORPUS, ignore_errors=True)
    # CPU time beside wall time: the machine is shared, so wall time carries other people's load.
    print("| content | languages | pages | wall time | CPU time | CPU per page | peak RSS |")
    print("|---|---|---|---|---|---|---|")
    for scale in args.scales:
        for languages in args.lang:
            r = measure(scale, languages)
            per_page = r["cpu_seconds"] / r["pages"] * 1000
            print(
                f"| {scale}x built-in | {languages or 'default'} | {r['pages']:.0f} | {r['seconds']:.1f} s"
                f" | {r['cpu_seconds']:.1f} s | {per_page:.0f} ms | {r['peak_mib']:.0f} MiB |",
                flush=True,
            )


if __name__ == "__main__":
    main()
