"""Benchmark `huntkit validate` against check-jsonschema and against a bare libyaml parse.

Generates a corpus of single-document files from the real component kinds of the built-in ``core``
pack (ids renamed so every document is distinct; references still resolve into ``core``), then
times, in one run and on the same files:

* ``huntkit validate CORPUS``  (schema, references and rule checks),
* ``check-jsonschema --schemafile schema/huntkit.schema.json FILES`` (schema only),
* a bare ``yaml.load(..., CSafeLoader)`` of every file (the floor: parsing alone),
* ``huntkit --version`` and ``check-jsonschema --version`` (start-up).

Each command runs in a fresh process (best of ``--repeat``) and its peak memory (max RSS) is
reported beside its time. Usage::

    .venv/bin/python benchmarks/validate.py [--documents 5000] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import platform
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
BIN = Path(sys.executable).parent
CORPUS = REPO / "benchmarks" / ".corpus" / "validate"
SCHEMA = REPO / "schema" / "huntkit.schema.json"
MEASURE = (
    "import resource, subprocess, sys, time\n"
    "start = time.perf_counter()\n"
    "code = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)"
    ".returncode\n"
    "elapsed = time.perf_counter() - start\n"
    "print(elapsed, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, code)\n"
)
PARSE_ONLY = (
    "import sys, yaml\n"
    "for name in open(sys.argv[1]).read().split():\n"
    "    with open(name, 'rb') as handle:\n"
    "        yaml.load(handle, Loader=yaml.CSafeLoader)\n"
)
# Singletons (one per game) and hunters (each must own its starting firearm) are not repeated.
SKIPPED_KINDS = {"hunt-track", "enemy-action-deck", "hunter"}


@dataclass(frozen=True)
class Measurement:
    label: str
    seconds: float
    peak_kib: int
    exit_code: int


def generate_corpus(documents: int) -> list[Path]:
    """Write ``documents`` single-document files into a fresh pack folder requiring ``core``."""
    if CORPUS.exists():
        shutil.rmtree(CORPUS)
    CORPUS.mkdir(parents=True)
    (CORPUS / "pack.yaml").write_text(
        'id: bench\ngame: bloodborne-board\nname: Benchmark corpus\nversion: "1.0"\nrequires: [core]\n'
    )
    templates: list[dict[str, object]] = []
    for path in sorted((REPO / "content" / "core").glob("*.yaml")):
        if path.name == "pack.yaml":
            continue
        for document in yaml.safe_load_all(path.read_text(encoding="utf-8")):
            if (
                isinstance(document, dict)
                and document.get("kind") not in SKIPPED_KINDS
                and not str(document.get("id", "")).startswith("basic-")  # the one starting deck
            ):
                templates.append(document)
    files: list[Path] = []
    modeline = f"# yaml-language-server: $schema={SCHEMA.as_posix()}\n"
    for number in range(documents):
        document = dict(templates[number % len(templates)])
        old_id = str(document["id"])
        text = yaml.safe_dump(document, sort_keys=False, allow_unicode=True)
        # Rename the id everywhere in the document (a tile's named space shares the tile's id).
        text = re.sub(rf"(?<![\w-]){re.escape(old_id)}(?![\w-])", f"{old_id}-n{number}", text)
        target = CORPUS / f"doc-{number:05d}.yaml"
        target.write_text(modeline + text)
        files.append(target)
    return files


def measure(label: str, command: list[str], repeat: int) -> Measurement:
    best: Measurement | None = None
    for _ in range(repeat):
        output = subprocess.run(
            [sys.executable, "-c", MEASURE, *command], capture_output=True, text=True, check=True
        ).stdout.split()
        result = Measurement(label, float(output[0]), int(output[1]), int(output[2]))
        if best is None or result.seconds < best.seconds:
            best = result
    assert best is not None
    return best


def loader_time(files: list[Path], parser: str) -> float:
    """Seconds for huntkit's positioned loader alone over the corpus, with the given parser."""
    from toolkit.core.loader import load_bytes

    contents = [(path, path.read_bytes()) for path in files]
    start = time.perf_counter()
    for path, raw in contents:
        load_bytes(raw, path, parser=parser)
    return time.perf_counter() - start


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--documents", type=int, default=5000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()

    files = generate_corpus(args.documents)
    listing = CORPUS.parent / "validate-files.txt"
    listing.write_text("\n".join(str(f) for f in files))
    huntkit = str(BIN / "huntkit")
    check_jsonschema = str(BIN / "check-jsonschema")
    started = time.perf_counter()
    results = [
        measure("huntkit validate", [huntkit, "validate", str(CORPUS)], args.repeat),
        measure(
            "check-jsonschema",
            [check_jsonschema, "--schemafile", str(SCHEMA), *map(str, files)],
            args.repeat,
        ),
        measure("bare CSafeLoader parse", [sys.executable, "-c", PARSE_ONLY, str(listing)], args.repeat),
        measure("huntkit --version", [huntkit, "--version"], args.repeat),
        measure("check-jsonschema --version", [check_jsonschema, "--version"], args.repeat),
    ]
    loader_seconds = {name: loader_time(files, name) for name in ("libyaml", "python")}
    by_label = {r.label: r for r in results}
    ratios = {
        "validate / check-jsonschema (goal <= 0.5)": by_label["huntkit validate"].seconds
        / by_label["check-jsonschema"].seconds,
        "validate / bare parse (goal <= 3)": by_label["huntkit validate"].seconds
        / by_label["bare CSafeLoader parse"].seconds,
        "--version / check-jsonschema --version (goal <= 0.5)": by_label["huntkit --version"].seconds
        / by_label["check-jsonschema --version"].seconds,
    }
    if args.json:
        print(
            json.dumps(
                {
                    "documents": args.documents,
                    "results": [r.__dict__ for r in results],
                    "ratios": ratios,
                    "loader_seconds": loader_seconds,
                },
                indent=2,
            )
        )
        return 0
    print(
        f"machine: {platform.machine()}, {platform.python_implementation()} "
        f"{platform.python_version()}, {platform.system()}"
    )
    print(f"corpus: {args.documents} single-document files; best of {args.repeat} runs each\n")
    print(f"{'command':32} {'seconds':>9} {'peak MiB':>9} {'exit':>5}")
    for r in results:
        print(f"{r.label:32} {r.seconds:9.3f} {r.peak_kib / 1024:9.1f} {r.exit_code:5d}")
    print()
    for name, value in ratios.items():
        print(f"{name:55} {value:6.2f}")
    print(
        f"\npositioned loader alone, in process: libyaml {loader_seconds['libyaml']:.3f} s, "
        f"pure-Python parser {loader_seconds['python']:.3f} s "
        f"({loader_seconds['python'] / loader_seconds['libyaml']:.1f}x slower, same positions)"
    )
    print(f"\n(total benchmark time {time.perf_counter() - started:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
