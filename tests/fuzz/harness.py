"""A seeded fuzzing run: mutate built-in documents into packs, run every command on what validates.

Case ``n`` of seed ``s`` depends on ``(s, n)`` alone, so any failing case is replayed by its two
numbers (``benchmarks/fuzz.py --seed s --case n``) without generating the cases before it. Cases
walk the kinds in turn (case ``n`` mutates a document of the ``(n + s) % K``-th kind), so every
``K`` consecutive cases touch every kind of document the built-in content holds.

Each mutant pack is validated; one that validates (exit 0) then runs ``test``, ``simulate`` (two
games) and ``play --script`` (a short script of reports or answers), and is published with the
others of its batch by one ``site build`` whose pages are searched for active content. (There is no
``print`` command yet, so nothing prints.)
"""

from __future__ import annotations

import random
import shutil
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from tests.fuzz.corpus import CORE_COPY_ID, SeedFile, documents_by_kind, is_playable, seed_files
from tests.fuzz.mutate import Mutation, Mutator, dump_documents
from tests.fuzz.oracles import active_content, command_problems, terminal_problems
from tests.fuzz.sandbox import Bounds, Outcome, run_command
from toolkit.core.packs import builtin_content_root

COMMAND_BOUNDS = Bounds(cpu_seconds=20, memory_bytes=1024 * 2**20, wall_seconds=90)
SIMULATE_BOUNDS = Bounds(cpu_seconds=30, memory_bytes=1024 * 2**20, wall_seconds=120)
SITE_BOUNDS = Bounds(cpu_seconds=150, memory_bytes=1536 * 2**20, wall_seconds=450)

BOARD, CARD, BLOOD_HUNT = "bloodborne-board", "bloodborne-card", "blood-hunt"

_NAME_KEYS = frozenset(
    {"end_move_on", "tile", "tiles", "slay", "enemy", "enemies", "boss", "interact", "token", "tokens"}
)


@dataclass(frozen=True, slots=True)
class Case:
    """One mutant: which file of which pack, and what was done to it."""

    seed: int
    number: int
    file: SeedFile
    mutations: tuple[Mutation, ...]
    text: str
    """The mutated file's YAML."""
    count: int
    """Hunters or players the commands play with."""
    script: str
    """The ``play --script`` input."""

    @property
    def label(self) -> str:
        return f"seed {self.seed} case {self.number}"

    def describe(self) -> str:
        lines = [
            f"{self.label}: {self.file.source} (in a copy of {self.file.host}, as {self.file.target})",
            *(f"  mutation: {m.describe()}" for m in self.mutations),
            f"  replay: .venv/bin/python benchmarks/fuzz.py --seed {self.seed} --case {self.number} "
            "--keep DIR",
        ]
        return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Finding:
    """A command that did not end the way huntkit promises, on a case (or on a batch's site)."""

    cases: tuple[Case, ...]
    command: str
    problems: tuple[str, ...]
    output: str

    def describe(self) -> str:
        tail = self.output[-1500:]
        return "\n".join(
            [
                *(case.describe() for case in self.cases),
                f"  command: huntkit {self.command}",
                *(f"  problem: {problem}" for problem in self.problems),
                "  output (end):",
                *(f"    {line}" for line in tail.splitlines()[-25:]),
            ]
        )


@dataclass(slots=True)
class Tally:
    """What a run did, for the report: counts per command and the costliest runs."""

    cases: int = 0
    validated: int = 0
    runs: dict[str, int] = field(default_factory=dict)
    cpu: dict[str, float] = field(default_factory=dict)
    slowest: dict[str, tuple[float, str]] = field(default_factory=dict)
    peak: dict[str, tuple[int, str]] = field(default_factory=dict)
    kinds: dict[str, int] = field(default_factory=dict)
    sites: int = 0
    site_packs: int = 0
    findings: list[Finding] = field(default_factory=list)

    def record(self, name: str, outcome: Outcome, label: str) -> None:
        self.runs[name] = self.runs.get(name, 0) + 1
        self.cpu[name] = self.cpu.get(name, 0.0) + outcome.cpu_seconds
        if outcome.cpu_seconds > self.slowest.get(name, (-1.0, ""))[0]:
            self.slowest[name] = (outcome.cpu_seconds, label)
        if outcome.peak_growth_bytes > self.peak.get(name, (-1, ""))[0]:
            self.peak[name] = (outcome.peak_growth_bytes, label)


def case_kind(seed: int, number: int) -> str:
    kinds = list(documents_by_kind())
    return kinds[(number + seed) % len(kinds)]


def make_case(seed: int, number: int) -> Case:
    """Case ``number`` of ``seed``: a file of a built-in pack with one to three mutations."""
    rng = random.Random(f"huntkit-fuzz/{seed}/{number}")
    document = rng.choice(documents_by_kind()[case_kind(seed, number)])
    file = document.file
    variable = "players" if file.game == BLOOD_HUNT else "hunters"
    gentle = rng.random() < 0.5
    times = 1 if gentle else rng.choice((1, 1, 2, 3))
    mutant = Mutator(rng, variable, gentle=gentle).mutate_file(file.documents, document.index, times)
    text = dump_documents(mutant.documents, mutant.duplicate_keys)
    count = rng.randint(1, 4) if file.game == BOARD else rng.randint(2, 5)
    script = _script(rng, file, mutant.documents)
    return Case(seed, number, file, tuple(mutant.mutations), text, count, script)


def _names(data: Any, under: str = "") -> Iterator[str]:
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _names(value, str(key))
    elif isinstance(data, list):
        for value in data:
            yield from _names(value, under)
    elif isinstance(data, str) and under in _NAME_KEYS and len(data) < 200 and "\n" not in data:
        yield data


def _script(rng: random.Random, file: SeedFile, mutated: list[Any]) -> str:
    """A short session: the board companion gets reports naming the pack's tiles, enemies and
    tokens (the mutated file's among them); a Blood Hunt game gets numbered answers."""
    if file.game == BLOOD_HUNT:
        return "\n".join([*(str(rng.randint(1, 6)) for _ in range(40)), "q", ""])
    pool = sorted({n for f in seed_files() if f.host == file.host for d in f.documents for n in _names(d)})
    pool.extend(n for d in mutated for n in _names(d))
    names = [rng.choice(pool) if pool else "central-lamp" for _ in range(6)]
    lines = [
        "status", "goals", "setup", f"move {names[0]}", "tile random", f"slay {names[1]}",
        f"interact {names[2]}", f"token {names[3]} {names[0]}", "end", "choose 1", "why", "dream",
        "undo", "points", "next", f"move {names[4]}", f"slay {names[5]} 2", "end", "1", "end", "end",
        "quit", "",
    ]  # fmt: skip
    return "\n".join(lines)


def write_pack(host: str, files: dict[str, str], folder: Path) -> Path:
    """Copy the host pack into ``folder`` with ``files`` (path in the pack → YAML) written in."""
    pack = folder / Path(host).name
    shutil.copytree(builtin_content_root() / host, pack)
    if host == "core":
        manifest = pack / "pack.yaml"
        text = manifest.read_text(encoding="utf-8")
        manifest.write_text(text.replace("\nid: core\n", f"\nid: {CORE_COPY_ID}\n"), encoding="utf-8")
    for target, text in files.items():
        path = pack / target
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return pack


Progress = Callable[[str], None]


class Runner:
    """Runs cases and batches, keeping the tally; ``keep`` leaves each case's folder behind."""

    def __init__(
        self, tally: Tally, work: Path, *, progress: Progress | None = None, terminal: bool = False
    ) -> None:
        self.tally = tally
        self.work = work
        self.progress = progress or (lambda _: None)
        self.terminal = terminal

    def run(self, args: list[str], bounds: Bounds, cases: tuple[Case, ...], name: str) -> Outcome:
        outcome = run_command(args, bounds)
        self.tally.record(name, outcome, cases[0].label if len(cases) == 1 else f"site of {len(cases)}")
        problems = command_problems(outcome, bounds)
        if self.terminal:
            problems.extend(terminal_problems(outcome))
        if problems:
            command = " ".join(a if len(a) < 200 else a[:200] + "..." for a in args)
            finding = Finding(
                cases, command.replace(str(self.work) + "/", ""), tuple(problems), outcome.output
            )
            self.tally.findings.append(finding)
            self.progress("FINDING\n" + finding.describe())
        return outcome

    def run_case(self, case: Case) -> Path | None:
        """Every command on the case's pack; the pack's folder when it validated, else ``None``."""
        self.tally.cases += 1
        kind = case_kind(case.seed, case.number)
        self.tally.kinds[kind] = self.tally.kinds.get(kind, 0) + 1
        folder = self.work / f"case-{case.number}"
        folder.mkdir()
        pack = write_pack(case.file.host, {case.file.target: case.text}, folder)
        checked = self.run(["validate", str(pack)], COMMAND_BOUNDS, (case,), "validate")
        if checked.exit_code != 0:
            return None
        self.tally.validated += 1
        self.run(["test", str(pack)], COMMAND_BOUNDS, (case,), "test")
        game = case.file.game
        if is_playable(case.file.host, game):
            option = "--players" if game == BLOOD_HUNT else "--hunters"
            count = [option, str(case.count)]
            seed = ["--seed", str(case.number)]
            self.run(
                ["simulate", str(pack), *count, "--games", "2", *seed], SIMULATE_BOUNDS, (case,), "simulate"
            )
            script = folder / "script.txt"
            script.write_text(case.script, encoding="utf-8")
            play = ["play", str(pack), *count, "--script", str(script)]
            self.run([*play, *seed] if game == BLOOD_HUNT else play, COMMAND_BOUNDS, (case,), "play")
        return pack

    def build_site(self, packs: list[tuple[Case, Path]], folder: Path) -> None:
        """One ``site build`` of several validated mutants (one per pack id), then its pages searched."""
        chosen: dict[str, tuple[Case, Path]] = {}
        for case, pack in packs:
            chosen.setdefault(case.file.host, (case, pack))
        if not chosen:
            return
        cases = tuple(case for case, _ in chosen.values())
        out = folder / "site"
        args = ["site", "build", "--out", str(out), *(str(pack) for _, pack in chosen.values())]
        outcome = self.run(args, SITE_BOUNDS, cases, "site build")
        self.tally.sites += 1
        self.tally.site_packs += len(cases)
        if outcome.exit_code != 0 or not out.is_dir():
            return
        active = list(active_content(out))
        if active:
            problems = tuple(f"{page}: {what}" for page, what in active[:20])
            more = f" (and {len(active) - 20} more)" if len(active) > 20 else ""
            finding = Finding(cases, "site build (pages searched)", (*problems[:-1], problems[-1] + more), "")
            self.tally.findings.append(finding)
            self.progress("FINDING\n" + finding.describe())


@cache
def warm_up() -> None:
    """Import and build what every command needs once, so forked children start warm."""
    from toolkit import cli
    from toolkit.core.pipeline import validate_paths

    cli.build_app()
    validate_paths()  # the built-in packs, which every mutant requires or copies
    import mkdocs.commands.build  # noqa: F401  (the site's imports, paid once)

    import toolkit.games.blood_hunt.simulate
    import toolkit.games.board.simulate  # noqa: F401


def fuzz(
    seed: int,
    numbers: range | list[int],
    *,
    batch: int = 12,
    site: bool = True,
    keep: Path | None = None,
    progress: Progress | None = None,
    terminal: bool = False,
) -> Tally:
    """Run the cases ``numbers`` of ``seed``; a site is built per ``batch`` cases."""
    warm_up()
    tally = Tally()
    numbers = list(numbers)
    with tempfile.TemporaryDirectory(prefix="huntkit-fuzz-") as temporary:
        work = keep or Path(temporary)
        work.mkdir(parents=True, exist_ok=True)
        runner = Runner(tally, work, progress=progress, terminal=terminal)
        for start in range(0, len(numbers), batch):
            chunk = numbers[start : start + batch]
            validated: list[tuple[Case, Path]] = []
            for number in chunk:
                case = make_case(seed, number)
                pack = runner.run_case(case)
                if pack is not None:
                    validated.append((case, pack))
            if site:
                runner.build_site(validated, work / f"batch-{chunk[0]}")
            if keep is None:
                for number in chunk:
                    shutil.rmtree(work / f"case-{number}", ignore_errors=True)
                shutil.rmtree(work / f"batch-{chunk[0]}", ignore_errors=True)
            runner.progress(
                f"cases {chunk[0]}-{chunk[-1]} done: {tally.cases} cases, {tally.validated} validated, "
                f"{len(tally.findings)} findings"
            )
    return tally
