"""Run one ``huntkit`` command line in a forked child with bounded CPU time, memory and wall time.

Forking the warmed-up process skips the second of imports a fresh ``huntkit`` pays per command
(the harness runs thousands), and it isolates each command as a subprocess would: a command's
caches, a crash, a hang or a runaway allocation end with the child. The child writes its standard
output and error to a file, reads standard input from ``/dev/null`` and runs ``toolkit.cli.run``,
the same function the ``huntkit`` script calls. POSIX only (``os.fork``, ``resource``).
"""

from __future__ import annotations

import faulthandler
import io
import os
import resource
import signal
import sys
import tempfile
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ESCAPED = 70
"""Exit status of a child whose command let an exception out of ``toolkit.cli.run``."""


@dataclass(frozen=True, slots=True)
class Bounds:
    """What one command may take: CPU seconds, memory beyond the forking process, wall seconds."""

    cpu_seconds: int = 30
    memory_bytes: int = 1024 * 2**20
    wall_seconds: float = 120.0


@dataclass(frozen=True, slots=True)
class Outcome:
    """How a command ended and what it cost."""

    args: tuple[str, ...]
    exit_code: int | None
    """The exit code, or ``None`` when a signal ended the child."""
    signal: int | None
    output: str
    """Standard output and standard error, interleaved as written."""
    cpu_seconds: float
    wall_seconds: float
    peak_growth_bytes: int
    """Peak resident memory of the child beyond the resident memory of the process it forked from."""
    timed_out: bool


def _resident_bytes() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) * 1024
    return 0


def _virtual_bytes() -> int:
    with open("/proc/self/status", encoding="ascii") as status:
        for line in status:
            if line.startswith("VmSize:"):
                return int(line.split()[1]) * 1024
    return 0


def run_command(
    args: list[str],
    bounds: Bounds = Bounds(),
    *,
    cwd: Path | None = None,
    main: Callable[[list[str]], int] | None = None,
) -> Outcome:
    """Run ``huntkit ARGS`` (or ``main(ARGS)``) in a forked child within ``bounds``; never raises
    for what the command does."""
    from toolkit import cli  # imported before the fork, so the child starts warm

    target = main or cli.run
    with tempfile.TemporaryFile() as capture:
        sys.stdout.flush()
        sys.stderr.flush()
        address_space = _virtual_bytes() + bounds.memory_bytes
        resident = _resident_bytes()
        start = time.perf_counter()
        pid = os.fork()
        if pid == 0:  # the child: never returns
            _child(target, args, capture.fileno(), address_space, bounds.cpu_seconds, cwd)
        status, usage, timed_out = _wait(pid, bounds.wall_seconds)
        wall = time.perf_counter() - start
        capture.seek(0)
        output = capture.read().decode("utf-8", errors="backslashreplace")
    exit_code = os.waitstatus_to_exitcode(status)
    return Outcome(
        tuple(args),
        exit_code if exit_code >= 0 else None,
        -exit_code if exit_code < 0 else None,
        output,
        usage.ru_utime + usage.ru_stime,
        wall,
        max(0, usage.ru_maxrss * 1024 - resident),
        timed_out,
    )


def _wait(pid: int, wall_seconds: float) -> tuple[int, resource.struct_rusage, bool]:
    deadline = time.monotonic() + wall_seconds
    delay = 0.002
    while True:
        done, status, usage = os.wait4(pid, os.WNOHANG)
        if done:
            return status, usage, False
        if time.monotonic() > deadline:
            os.kill(pid, signal.SIGKILL)
            _, status, usage = os.wait4(pid, 0)
            return status, usage, True
        time.sleep(delay)
        delay = min(delay * 2, 0.05)


def _child(
    run: Callable[[list[str]], int], args: list[str], fd: int, address_space: int, cpu: int, cwd: Path | None
) -> None:
    code = ESCAPED
    try:
        os.setpgid(0, 0)  # a command's own children die with it when the harness kills the group
        resource.setrlimit(resource.RLIMIT_AS, (address_space, address_space))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 2))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        null = os.open(os.devnull, os.O_RDONLY)
        os.dup2(null, 0)
        os.dup2(fd, 1)
        os.dup2(fd, 2)
        # One unbuffered stream for both, so the output reads in the order it was written.
        stream = io.TextIOWrapper(os.fdopen(1, "wb", buffering=0), encoding="utf-8", write_through=True)
        sys.stdin = io.TextIOWrapper(os.fdopen(0, "rb"), encoding="utf-8")
        sys.stdout = sys.stderr = stream
        faulthandler.enable(file=2)  # a crash's Python stack goes to the captured output
        os.environ.pop("HUNTKIT_DEBUG", None)
        os.environ["NO_COLOR"] = "1"
        os.environ["COLUMNS"] = "100"
        if cwd is not None:
            os.chdir(cwd)
        code = int(run(args))
    except BaseException:  # an exception the CLI let through is the finding itself: show it
        try:
            os.write(2, traceback.format_exc().encode("utf-8", "backslashreplace"))
        finally:
            os._exit(ESCAPED)
    os._exit(code)
