"""`simulate --cluster`: a real Dask scheduler and two workers started on 127.0.0.1 by the test play
the games, and the report is the same, byte for byte, as a run on this machine with the same seed."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from toolkit.cli import run
from toolkit.core.packs import builtin_content_root

PALE_BELL = builtin_content_root() / "campaigns" / "the-pale-bell"
DASK = Path(sys.executable).parent / "dask"
ARGS = ["--chapter", "1", "--hunters", "1..2", "--games", "12", "--seed", "4", "--bot", "heuristic"]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _wait_for(port: int, deadline: float) -> None:
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise AssertionError(f"no scheduler on 127.0.0.1:{port}")


@pytest.fixture(scope="module")
def scheduler() -> Iterator[str]:
    port = _free_port()
    # Even without a dashboard Dask serves /health and /metrics: keep that on 127.0.0.1 too.
    common = ["--no-dashboard", "--dashboard-address", "127.0.0.1:0"]
    processes = [
        subprocess.Popen(
            [str(DASK), "scheduler", "--host", "127.0.0.1", "--port", str(port), *common],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
    ]
    try:
        _wait_for(port, time.monotonic() + 60)
        address = f"tcp://127.0.0.1:{port}"
        for _ in range(2):
            processes.append(
                subprocess.Popen(
                    [str(DASK), "worker", address, "--host", "127.0.0.1", "--nthreads", "1", *common],
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.DEVNULL,
                )
            )
        _wait_for_workers(address, 2)
        yield address
    finally:
        for process in reversed(processes):
            process.terminate()
        for process in processes:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


def _wait_for_workers(address: str, count: int) -> None:
    from distributed import Client

    with Client(address, timeout=30) as client:
        client.wait_for_workers(count, timeout=60)


def _report(tmp_path: Path, name: str, *extra: str) -> bytes:
    out = tmp_path / name
    assert run(["simulate", str(PALE_BELL), *ARGS, *extra, "--format", "json", "--output", str(out)]) == 0
    return out.read_bytes()


def test_a_cluster_of_two_workers_gives_the_same_report_as_this_machine(
    scheduler: str, tmp_path: Path
) -> None:
    local = _report(tmp_path, "local.json")
    assert _report(tmp_path, "cluster.json", "--cluster", scheduler) == local


def test_a_scheduler_that_does_not_answer_is_a_plain_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from toolkit.games.board.simulation import cluster

    monkeypatch.setattr(cluster, "CONNECT_TIMEOUT", 2)
    port = _free_port()
    code = run(
        ["simulate", str(PALE_BELL), "--chapter", "1", "--games", "1", "--cluster", f"tcp://127.0.0.1:{port}"]
    )
    assert code == 2
    assert f"--cluster tcp://127.0.0.1:{port}: no Dask scheduler answered" in capsys.readouterr().err


def test_a_cluster_address_must_be_a_scheduler_or_local(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["simulate", str(PALE_BELL), "--chapter", "1", "--games", "1", "--cluster", "10.0.0.1"]) == 2
    assert "give tcp://HOST:PORT of a Dask scheduler, or `local`" in capsys.readouterr().err


def test_a_local_cluster_gives_the_same_report_as_this_machine(tmp_path: Path) -> None:
    local = _report(tmp_path, "local.json")
    assert _report(tmp_path, "cluster.json", "--cluster", "local", "--workers", "2") == local
