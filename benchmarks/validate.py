"""Benchmark `huntkit validate` against check-jsonschema and against a bare libyaml parse.

Generates a corpus of single-document files: copies of the built-in campaign packs (each copy its
own pack requiring ``core``, every document in a file of its own; their scenario tests are left
out), and, to make up ``--documents``, the real component kinds of the built-in ``core`` pack
(ids renamed so every document is distinct; references still resolve into ``core``). Then times, in
one run and on the same files:

* ``huntkit validate CORPUS`` (schema, references, rule, graph and mission-flow checks) three ways:
  with the flow cache off (``HUNTKIT_NO_CACHE=1``: every chapter explored), with an empty cache
  (cold: identical chapters of the copies are explored once) and with the cache a previous run
  left (warm: nothing is explored),
* ``check-jsonschema --schemafile schema/huntkit.schema.json FILES`` (schema only),
* a bare ``yaml.load(..., CSafeLoader)`` of every file (the floor: parsing alone),
* ``huntkit --version`` and ``check-jsonschema --version`` (start-up).

Each command runs in a fresh process (best of ``--repeat``) and its peak memory (max RSS) is
reported beside its time. Usage::

    .venv/bin/python benchmarks/validate.py [--documents 5000] [--campaign-copies 16] [--repeat 3]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import re
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
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


def generate_corpus(documents: int, campaign_copies: int) -> list[Path]:
    """Write ``documents`` single-document files: ``campaign_copies`` copies of every built-in
    campaign pack, then component documents in a pack requiring ``core`` for the rest."""
    if CORPUS.exists():
        shutil.rmtree(CORPUS)
    CORPUS.mkdir(parents=True)
    modeline = f"# yaml-language-server: $schema={SCHEMA.as_posix()}\n"
    files = generate_campaign_copies(campaign_copies, modeline)
    components = CORPUS / "components"
    components.mkdir()
    (components / "pack.yaml").write_text(
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
    for number in range(max(0, documents - len(files))):
        document = dict(templates[number % len(templates)])
        old_id = str(document["id"])
        text = yaml.safe_dump(document, sort_keys=False, allow_unicode=True)
        # Rename the id everywhere in the document (a tile's named space shares the tile's id).
        text = re.sub(rf"(?<![\w-]){re.escape(old_id)}(?![\w-])", f"{old_id}-n{number}", text)
        target = components / f"doc-{number:05d}.yaml"
        target.write_text(modeline + text)
        files.append(target)
    return files


def generate_campaign_copies(copies: int, modeline: str) -> list[Path]:
    """Each built-in campaign pack ``copies`` times, as packs of one-document files."""
    files: list[Path] = []
    sources = sorted(p for p in (REPO / "content" / "campaigns").iterdir() if (p / "pack.yaml").is_file())
    for copy in range(copies):
        for source in sources:
            manifest = yaml.safe_load((source / "pack.yaml").read_text(encoding="utf-8"))
            target = CORPUS / f"{source.name}-{copy:03d}"
            target.mkdir()
            manifest["id"] = f"{manifest['id']}-copy-{copy}"
            (target / "pack.yaml").write_text(yaml.safe_dump(manifest, sort_keys=False, allow_unicode=True))
            for path in sorted(source.glob("*.yaml")):
                if path.name == "pack.yaml":
                    continue  # (the scenario tests under tests/ are left out: see benchmarks/README.md)
                stem = path.relative_to(source).with_suffix("").as_posix().replace("/", "-")
                for index, document in enumerate(yaml.safe_load_all(path.read_text(encoding="utf-8"))):
                    if not isinstance(document, dict):
                        continue
                    written = target / f"{stem}-{index:03d}.yaml"
                    text = yaml.safe_dump(document, sort_keys=False, allow_unicode=True)
                    written.write_text(modeline + text)
                    files.append(written)
    return files


Environment = Callable[[], dict[str, str]]


def measure(
    label: str, command: list[str], repeat: int, environment: Environment | None = None
) -> Measurement:
    best: Measurement | None = None
    for _ in range(repeat):
        env = environment() if environment is not None else None
        output = subprocess.run(
            [sys.executable, "-c", MEASURE, *command], capture_output=True, text=True, check=True, env=env
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
    parser.add_argument("--campaign-copies", type=int, default=16, help="copies of each built-in campaign")
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--json", action="store_true", help="print the results as JSON")
    args = parser.parse_args()

    files = generate_corpus(args.documents, args.campaign_copies)
    campaign_files = sum(1 for f in files if f.parent.name != "components")
    listing = CORPUS.parent / "validate-files.txt"
    listing.write_text("\n".join(str(f) for f in files))
    huntkit = str(BIN / "huntkit")
    check_jsonschema = str(BIN / "check-jsonschema")
    started = time.perf_counter()
    caches = Path(tempfile.mkdtemp(prefix="huntkit-bench-cache-"))
    warm = caches / "warm"
    subprocess.run(
        [huntkit, "validate", str(CORPUS)], env=_env(HUNTKIT_CACHE_DIR=str(warm)), capture_output=True
    )

    def cold() -> dict[str, str]:
        return _env(HUNTKIT_CACHE_DIR=tempfile.mkdtemp(dir=caches))

    validate = [huntkit, "validate", str(CORPUS)]
    results = [
        measure("huntkit validate, no cache", validate, args.repeat, lambda: _env(HUNTKIT_NO_CACHE="1")),
        measure("huntkit validate, cold cache", validate, args.repeat, cold),
        measure("huntkit validate", validate, args.repeat, lambda: _env(HUNTKIT_CACHE_DIR=str(warm))),
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
    shutil.rmtree(caches, ignore_errors=True)
    jsonschema = by_label["check-jsonschema"].seconds
    parse = by_label["bare CSafeLoader parse"].seconds
    ratios = {
        "validate (warm cache) / check-jsonschema (goal <= 0.5)": by_label["huntkit validate"].seconds
        / jsonschema,
        "validate (warm cache) / bare parse (goal <= 3)": by_label["huntkit validate"].seconds / parse,
        "validate (cold cache) / check-jsonschema": by_label["huntkit validate, cold cache"].seconds
        / jsonschema,
        "validate (cold cache) / bare parse": by_label["huntkit validate, cold cache"].seconds / parse,
        "validate (no cache) / check-jsonschema": by_label["huntkit validate, no cache"].seconds / jsonschema,
        "validate (no cache) / bare parse": by_label["huntkit validate, no cache"].seconds / parse,
        "--version / check-jsonschema --version (goal <= 0.5)": by_label["huntkit --version"].seconds
        / by_label["check-jsonschema --version"].seconds,
    }
    if args.json:
        print(
            json.dumps(
                {
                    "documents": len(files),
                    "campaign_documents": campaign_files,
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
    print(
        f"corpus: {len(files)} single-document files ({campaign_files} from {args.campaign_copies} copies "
        f"of the built-in campaigns); best of {args.repeat} runs each\n"
    )
    print(f"{'command':32} {'seconds':>9} {'peak MiB':>9} {'exit':>5}")
    for r in results:
        print(f"{r.label:32} {r.seconds:9.3f} {r.peak_kib / 1024:9.1f} {r.exit_code:5d}")
    print()
    for name, value in ratios.items():
        print(f"{name:58} {value:6.2f}")
    print(
        f"\npositioned loader alone, in process: libyaml {loader_seconds['libyaml']:.3f} s, "
        f"pure-Python parser {loader_seconds['python']:.3f} s "
        f"({loader_seconds['python'] / loader_seconds['libyaml']:.1f}x slower, same positions)"
    )
    print(f"\n(total benchmark time {time.perf_counter() - started:.1f} s)")
    return 0


def _env(**changes: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("HUNTKIT_NO_CACHE", "HUNTKIT_CACHE_DIR")}
    env.update(changes)
    return env


if __name__ == "__main__":
    sys.exit(main())
